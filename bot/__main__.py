"""``python -m bot``: on Discord when DISCORD_TOKEN is set, otherwise the offline playground.

``python -m bot --check`` validates the settings, every data file, the database folder and the
migrations without touching the network, printing one line per item and exiting non-zero on any
problem. ``python -m bot backup PATH`` and ``python -m bot migrate-db --from ... --to ...`` are
the operator's database commands (``bot/dbtools.py``).

Either the process starts and works, or it exits non-zero with one line on stderr saying why
(``cannot start: ...``): no traceback, no hang, never the token. Before connecting, the Discord
mode loads every offered game and opens (and migrates) the database, so a missing ``data/``
folder or an unusable database file stops it at once instead of after a "ready".
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import logging
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot import dbtools
from bot.config import Settings, SettingsError, StartupError, load_settings
from bot.storage import redacted_location
from bot.words import texts

Report = Callable[[str], Any]


def main(argv: list[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else argv
    if given and given[0] in dbtools.COMMANDS:
        return dbtools.main(given)
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="validate settings, data and migrations, then exit"
    )
    parser.add_argument(
        "--demo",
        action="store_true",
        help="playground only: open a lobby as Alice (Bob and Carol join) before serving the page",
    )
    args = parser.parse_args(argv)
    if args.check:
        return run_checks(print)
    try:
        settings = load_settings()
    except SettingsError as exc:
        for problem in exc.problems:
            print(texts.CHECK_FAILED.format(what="settings", problem=problem), file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        if settings.online:
            return _run_discord(settings)
        return _run_playground(settings, demo=args.demo)
    except StartupError as exc:
        problem = str(exc)
    except Exception as exc:  # anything else that stops the start: still one line
        problem = _one_line(exc)
    print(_redacted(texts.START_FAILED.format(problem=problem), settings), file=sys.stderr)
    return 1


def _run_discord(settings: Settings) -> int:
    import aiohttp
    import discord

    from bot.client import create_bot

    assert settings.discord_token is not None
    preflight(settings)
    bot = create_bot(settings)
    try:
        bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    except discord.LoginFailure:
        raise StartupError(texts.START_BAD_TOKEN) from None
    except discord.PrivilegedIntentsRequired:
        raise StartupError(texts.START_INTENTS) from None
    except (aiohttp.ClientError, OSError) as exc:
        raise StartupError(texts.START_NO_DISCORD.format(problem=_one_line(exc))) from None
    return 0


def preflight(settings: Settings) -> None:
    """What the real start needs, checked before connecting: every offered game loads from
    ``data/``, and the database opens and migrates (its folder is created if missing).
    Raises ``StartupError`` with one line naming the problem."""
    from bot.client import check_games, offered_games
    from bot.storage import open_storage

    check_games(offered_games())

    async def open_and_close() -> None:
        storage = await open_storage(settings.storage_location)
        await storage.close()

    try:
        asyncio.run(open_and_close())
    except Exception as exc:
        raise StartupError(_one_line(exc, typed=False)) from None


def _redacted(line: str, settings: Settings) -> str:
    token = settings.discord_token.get_secret_value() if settings.discord_token else ""
    return line.replace(token, "***") if token else line


def _run_playground(settings: Settings, *, demo: bool) -> int:
    from bot.playground import run_playground

    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is the normal way to stop it
        asyncio.run(run_playground(settings, demo=demo))
    print(texts.PLAYGROUND_STOPPED)
    return 0


def run_checks(report: Report, environ: dict[str, str] | None = None) -> int:
    """Run every check, report one line each, return the exit status (0 when all pass)."""
    results: list[tuple[str, str | None]] = []
    settings = _check_settings(results, environ)
    _check_games(results)
    _check_database_folder(results, settings)
    _check_migrations(results, settings)
    _check_cogs(results)
    failed = 0
    for what, problem in results:
        if problem is None:
            report(texts.CHECK_OK.format(what=what))
        else:
            failed += 1
            report(texts.CHECK_FAILED.format(what=what, problem=problem))
    if failed:
        report(texts.CHECK_SUMMARY_FAILED.format(failed=failed, count=len(results)))
        return 1
    report(texts.CHECK_SUMMARY_OK.format(count=len(results)))
    return 0


def _check_settings(
    results: list[tuple[str, str | None]], environ: dict[str, str] | None
) -> Settings | None:
    try:
        settings = load_settings(environ)
    except SettingsError as exc:
        results.extend(("settings", problem) for problem in exc.problems)
        return None
    mode = "Discord (token set)" if settings.online else "offline playground (no token)"
    where = redacted_location(settings.storage_location)
    results.append((f"settings: {mode}, database {where}", None))
    return settings


def _check_games(results: list[tuple[str, str | None]]) -> None:
    from engine import games as registry

    try:
        ids = registry.available()
    except Exception as exc:  # a game package that fails to import is a data/code problem
        results.append(("game registry", _one_line(exc)))
        return
    if not ids:
        results.append(("games: none registered yet", None))
    for game_id in ids:
        try:
            game = registry.load_game(game_id)
        except Exception as exc:
            results.append((f"game {game_id}", _one_line(exc)))
            continue
        results.append(
            (f"game {game_id}: cards load ({game.min_seats}-{game.max_seats} seats)", None)
        )
        _check_decks(results, game_id, game)


def _check_decks(results: list[tuple[str, str | None]], game_id: str, game: Any) -> None:
    """Decks, when a game exposes them (the duel's preconstructed decks)."""
    for name in ("decks", "precons", "preconstructed_decks"):
        decks = getattr(game, name, None)
        if decks is None:
            continue
        try:
            loaded = decks() if callable(decks) else decks
            count = len(loaded)
        except Exception as exc:
            results.append((f"game {game_id}: {name}", _one_line(exc)))
            return
        results.append((f"game {game_id}: {count} {name.replace('_', ' ')} load", None))
        return


def _check_database_folder(
    results: list[tuple[str, str | None]], settings: Settings | None
) -> None:
    """The start creates the database's folder when it is missing (``var/`` in a fresh
    checkout); it fails when a part of the path is a file or a folder it may not write."""
    database = settings.sqlite_file if settings is not None else None
    if database is None or str(database) == ":memory:":
        return  # PostgreSQL: no folder (its check is the migrations')
    folder = database.parent
    existing = folder
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    what = texts.CHECK_DB_FOLDER.format(folder=folder)
    if existing != folder:
        what = texts.CHECK_DB_WILL_CREATE.format(folder=folder)
    if not existing.is_dir():
        results.append((what, f"{existing} is not a folder"))
    elif not os.access(existing, os.W_OK | os.X_OK):
        results.append((what, f"{existing} is not writable"))
    elif database.is_dir():
        results.append((what, f"{database} is a folder, not a database file"))
    elif database.exists() and not os.access(database, os.R_OK | os.W_OK):
        results.append((what, f"{database} is not readable and writable"))
    else:
        results.append((what, None))


def _check_migrations(results: list[tuple[str, str | None]], settings: Settings | None) -> None:
    """Apply the migrations to a scratch database: a copy of the configured one when it exists
    (so the real file is proven to upgrade), else an empty one. The real file is untouched."""
    from bot.storage import file_in, open_storage

    if settings is not None and settings.sqlite_file is None:
        _check_postgres(results, str(settings.storage_location))
        return

    async def migrate(path: Path) -> None:
        storage = await open_storage(path)
        await storage.close()

    with tempfile.TemporaryDirectory(prefix="backstab-check-") as scratch:
        target = file_in(scratch, "check")
        source = settings.sqlite_file if settings is not None else None
        what = "migrations on an empty database"
        try:
            if source is not None and source.is_file():
                shutil.copyfile(source, target)
                what = f"migrations on a copy of {source}"
            asyncio.run(migrate(target))
        except Exception as exc:
            # Name the operator's file, not the scratch copy the check opened.
            problem = _one_line(exc, typed=False).replace(str(target), str(source))
            results.append((what, problem))
            return
        results.append((what, None))


def _check_postgres(results: list[tuple[str, str | None]], url: str) -> None:
    """A PostgreSQL database cannot be copied aside to try the migrations on: the check reads
    its schema version and says what the start would apply, changing nothing."""
    from bot.storage import schema_status

    what = texts.CHECK_DB_POSTGRES.format(location=redacted_location(url))
    try:
        current, latest = asyncio.run(schema_status(url))
    except Exception as exc:
        results.append((what, _one_line(exc, typed=False)))
        return
    if current > latest:
        problem = texts.CHECK_DB_NEWER.format(current=current, latest=latest)
        results.append((what, problem))
        return
    results.append(
        (f"{what}: " + texts.CHECK_DB_SCHEMA.format(current=current, latest=latest), None)
    )


def _check_cogs(results: list[tuple[str, str | None]]) -> None:
    from bot.client import COGS

    for name in COGS:
        try:
            module = importlib.import_module(name)
            if not callable(getattr(module, "setup", None)):
                raise ImportError("no setup() function")
        except Exception as exc:
            results.append((f"cog {name}", _one_line(exc)))
            continue
        results.append((f"cog {name} imports", None))


def _one_line(exc: BaseException, *, typed: bool = True) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return f"{type(exc).__name__}: {text}" if typed else text


if __name__ == "__main__":
    sys.exit(main())
