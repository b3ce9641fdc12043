"""``python -m bot``: the check mode and the offline playground, run for real (no network)."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from bot.__main__ import run_checks
from bot.config import Settings
from engine import games as registry

# The migration check needs bot/storage's open_database, written alongside this layer.
pytest.importorskip("bot.core.service")

ROOT = Path(__file__).resolve().parents[2]


def checks(environ: dict[str, str]) -> tuple[int, list[str]]:
    lines: list[str] = []
    status = run_checks(lines.append, environ)
    return status, lines


def test_check_passes_and_says_what_it_checked(tmp_path: Path) -> None:
    status, lines = checks({"BACKSTAB_DB": str(tmp_path / "db.sqlite3")})
    assert status == 0, lines
    assert any(line.startswith("ok: settings") for line in lines)
    assert any(line.startswith("ok: migrations on an empty database") for line in lines)
    assert any(line.startswith("ok: cog cogs.play") for line in lines)
    assert lines[-1].startswith("check passed")
    assert not (tmp_path / "db.sqlite3").exists()  # the real database is never touched


def test_check_upgrades_a_copy_of_an_existing_database(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    database.write_bytes(b"")  # an empty file is a valid, empty SQLite database
    status, lines = checks({"BACKSTAB_DB": str(database)})
    assert status == 0, lines
    assert f"ok: migrations on a copy of {database}" in lines
    assert database.read_bytes() == b""


def test_a_bad_setting_fails_the_check_with_one_line_naming_it(tmp_path: Path) -> None:
    status, lines = checks({"BACKSTAB_DB": str(tmp_path / "x"), "BACKSTAB_LOG_LEVEL": "loud"})
    assert status == 1
    [failure] = [line for line in lines if line.startswith("FAILED")]
    assert failure.startswith("FAILED: settings: BACKSTAB_LOG_LEVEL:")
    assert lines[-1].startswith("check failed: 1 of")


@pytest.fixture
def broken_game() -> Iterator[str]:
    def factory(_data: Path) -> registry.Game:  # type: ignore[name-defined]
        raise ValueError("cards/broken.toml, card 'X', field 'level': must be 1-10")

    registry.register("broken", factory)
    yield "broken"
    registry.unregister("broken")


def test_a_game_whose_data_does_not_load_fails_the_check(tmp_path: Path, broken_game: str) -> None:
    status, lines = checks({"BACKSTAB_DB": str(tmp_path / "x")})
    assert status == 1
    assert (
        "FAILED: game broken: ValueError: cards/broken.toml, card 'X', field 'level': must be 1-10"
        in lines
    )


def test_python_m_bot_check_exits_zero_in_a_fresh_process(tmp_path: Path) -> None:
    environ = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    environ["BACKSTAB_DB"] = str(tmp_path / "db.sqlite3")
    done = subprocess.run(
        [sys.executable, "-m", "bot", "--check"],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "check passed" in done.stdout


async def test_the_playground_serves_its_page_on_loopback(tmp_path: Path) -> None:
    from bot.playground import GUILD_NAME, run_playground

    settings = Settings(database=tmp_path / "db.sqlite3", playground_port=0)
    url: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(run_playground(settings, on_ready=url.set_result))
    try:
        address = await asyncio.wait_for(url, timeout=30)
        assert address.startswith("http://127.0.0.1:")
        async with aiohttp.ClientSession() as session, session.get(address) as response:
            assert response.status == 200
            assert "<html" in (await response.text()).lower()
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    assert (tmp_path / "playground.sqlite3").exists()  # its own throwaway database
    assert GUILD_NAME == "Backstab Playground"


# Start-up faults (issue 13, items 2, 3, 6, 8): the process starts and works, or exits non-zero
# with one line on stderr. A fake token: no test here reaches Discord, and none may print it.
FAKE_TOKEN = "MTIz.fake-token.never-printed"
START_TIMEOUT = 60  # a hang fails the test instead of blocking the suite


def run_bot(
    tmp_path: Path, *args: str, database: Path, cwd: Path = ROOT, token: bool = True
) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("BACKSTAB_")}
    environ.pop("DISCORD_TOKEN", None)
    if token:
        environ["DISCORD_TOKEN"] = FAKE_TOKEN
    environ["BACKSTAB_DB"] = str(database)
    environ["BACKSTAB_SYNC_COMMANDS"] = "false"
    done = subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env=environ,
        capture_output=True,
        text=True,
        timeout=START_TIMEOUT,
    )
    output = done.stdout + done.stderr
    assert "Traceback" not in output, output
    assert FAKE_TOKEN not in output and "fake-token" not in output, output
    return done


def last_line(done: subprocess.CompletedProcess[str]) -> str:
    lines = done.stderr.strip().splitlines()
    assert lines, done.stdout
    return lines[-1]


def corrupt(path: Path) -> Path:
    path.write_bytes(b"this is not an SQLite database, just forty-odd bytes of text\n" * 4)
    return path


def test_discord_mode_on_a_fresh_checkout_creates_the_database_folder(tmp_path: Path) -> None:
    # 002: the default var/ folder does not exist in a fresh checkout.
    database = tmp_path / "var" / "backstab.sqlite3"
    done = run_bot(tmp_path, database=database)
    assert database.is_file(), done.stderr  # opened and migrated before connecting
    # No network here: the only thing left to fail is reaching Discord, in one line.
    assert done.returncode != 0
    line = last_line(done)
    assert line.startswith("cannot start: Discord"), line
    assert "database" not in line


def test_a_database_path_that_is_a_folder_stops_the_start_in_one_line(tmp_path: Path) -> None:
    # issue 30.8: the line was followed by aiosqlite's "Event loop is closed" traceback.
    folder = tmp_path / "var"
    folder.mkdir()
    for _ in range(3):  # the traceback came from a race with the loop's closing
        done = run_bot(tmp_path, database=folder)
        assert done.returncode == 1
        assert "Event loop is closed" not in done.stderr, done.stderr
        line = last_line(done)
        reason = "it is a folder, not a database file"
        assert line == f"cannot start: cannot use the database {folder}: {reason}"
        assert done.stderr.count("cannot start") == 1


def test_check_names_a_database_folder_that_cannot_be_created(tmp_path: Path) -> None:
    blocker = tmp_path / "var"
    blocker.write_text("a file where the folder should be")
    database = blocker / "backstab.sqlite3"
    status, lines = checks({"BACKSTAB_DB": str(database)})
    assert status == 1
    assert f"FAILED: database folder {blocker}: {blocker} is not a folder" in lines
    done = run_bot(tmp_path, database=database)
    assert done.returncode == 1
    line = last_line(done)
    assert line.startswith(f"cannot start: cannot use the database {database}:"), line


def test_check_says_a_missing_database_folder_will_be_created(tmp_path: Path) -> None:
    database = tmp_path / "var" / "backstab.sqlite3"
    status, lines = checks({"BACKSTAB_DB": str(database)})
    assert status == 0, lines
    assert f"ok: database folder {tmp_path / 'var'} (created at start)" in lines
    assert not (tmp_path / "var").exists()  # the check creates nothing


def test_a_corrupt_database_stops_check_and_start_with_one_line(tmp_path: Path) -> None:
    # 003: the file opens but its first statement fails; the process used to hang for ever.
    database = corrupt(tmp_path / "backstab.sqlite3")
    done = run_bot(tmp_path, "--check", database=database, token=False)
    assert done.returncode == 1
    assert (
        f"FAILED: migrations on a copy of {database}: cannot use the database {database}: "
        "file is not a database"
    ) in done.stdout.splitlines()
    done = run_bot(tmp_path, database=database)
    assert done.returncode == 1
    assert last_line(done) == (
        f"cannot start: cannot use the database {database}: file is not a database"
    )


def test_the_playground_without_a_usable_folder_exits_with_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "var"
    blocker.write_text("a file where the folder should be")
    done = run_bot(tmp_path, database=blocker / "backstab.sqlite3", token=False)
    assert done.returncode == 1
    assert last_line(done).startswith("cannot start: "), done.stderr


def checkout_without_data(tmp_path: Path) -> Path:
    """A copy of the code (bot/, cogs/, engine/) with no data/ folder next to it."""
    root = tmp_path / "checkout"
    ignore = shutil.ignore_patterns("__pycache__")
    for package in ("bot", "cogs", "engine"):
        shutil.copytree(ROOT / package, root / package, ignore=ignore)
    return root


def test_without_the_data_folder_the_bot_refuses_to_start(tmp_path: Path) -> None:
    # 006: it used to say "ready" and then never answer /match new.
    root = checkout_without_data(tmp_path)
    database = tmp_path / "backstab.sqlite3"
    done = run_bot(tmp_path, database=database, cwd=root)
    assert done.returncode == 1
    line = last_line(done)
    assert line.startswith("cannot start: game classic does not load:"), line
    assert "no card files found" in line
    done = run_bot(tmp_path, "--check", database=database, cwd=root, token=False)
    assert done.returncode == 1
    assert any(
        line.startswith("FAILED: game classic:") and "no card files found" in line
        for line in done.stdout.splitlines()
    ), done.stdout


async def test_setup_hook_refuses_a_game_whose_cards_do_not_load(
    tmp_path: Path, broken_game: str
) -> None:
    from bot.client import create_bot
    from bot.config import StartupError

    bot = create_bot(Settings(database=tmp_path / "db.sqlite3"), games=[broken_game])
    with pytest.raises(StartupError, match=r"game broken does not load: cards/broken\.toml"):
        await bot.setup_hook()
    assert not (tmp_path / "db.sqlite3").exists()  # refused before anything was opened


def test_make_run_without_a_token_prints_no_warning_a_newcomer_would_worry_about(
    tmp_path: Path,
) -> None:
    # issue 27.8: no "Guilds intent seems to be disabled", no "voice will NOT be supported",
    # no "logging in using static token" for a playground that has no token at all.
    environ = {k: v for k, v in os.environ.items() if not k.startswith("BACKSTAB_")}
    environ.pop("DISCORD_TOKEN", None)
    environ.update(BACKSTAB_DB=str(tmp_path / "db.sqlite3"), BACKSTAB_PLAYGROUND_PORT="0")
    process = subprocess.Popen(
        [sys.executable, "-m", "bot"],
        cwd=ROOT,
        env=environ,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    seen = []
    try:
        for line in process.stdout:
            seen.append(line)
            if "Press Ctrl-C" in line:
                break
        process.send_signal(signal.SIGINT)
        rest, _ = process.communicate(timeout=START_TIMEOUT)
    finally:
        process.kill()
    output = "".join(seen) + rest
    assert "Press Ctrl-C" in output, output
    assert "WARNING" not in output and "static token" not in output, output
