"""One error base, one relay: every refusal the bot raises is a ``BackstabError`` whose code
has words in ``bot.words.texts`` (read from the source: each ``SomeError("code", ...)`` in bot/ and
cogs/), and no cog words a refusal itself (the router's dispatch and ``tree.on_error`` do)."""

from __future__ import annotations

import ast
from pathlib import Path

from bot.core import errors
from bot.core.errors import BackstabError, HistoryError, LeagueError, ServiceError
from bot.games.duel.deck_errors import DeckError
from bot.words import error_texts, league_texts

ROOT = Path(__file__).resolve().parents[2]
FAMILIES: dict[str, type[BackstabError]] = {
    cls.__name__: cls for cls in (ServiceError, HistoryError, LeagueError, DeckError)
}


def _raised() -> list[tuple[str, str, str]]:
    """(family, code, where) for every refusal built with a literal code."""
    found = []
    for path in sorted([*ROOT.glob("bot/**/*.py"), *ROOT.glob("cogs/*.py")]):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            code = node.args[0]
            if name in FAMILIES and isinstance(code, ast.Constant) and isinstance(code.value, str):
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                found.append((name, code.value, where))
    return found


def _families(base: type[BackstabError]) -> set[type[BackstabError]]:
    found = set(base.__subclasses__())
    return found.union(*(_families(cls) for cls in found))


def test_every_refusal_family_is_a_backstab_error() -> None:
    """Every exception the core's errors module defines is a refusal family, and every family
    anywhere in the bot (a game's own, as duel's deck refusals) is listed here, so the scan
    below checks its codes have words."""
    in_core = {
        cls for cls in vars(errors).values() if isinstance(cls, type) and issubclass(cls, Exception)
    }
    assert in_core <= {BackstabError, *FAMILIES.values()}
    assert _families(BackstabError) == set(FAMILIES.values())


def test_every_code_the_bot_raises_has_words() -> None:
    raised = _raised()
    assert len(raised) > 40  # the scan sees the service, lobbies, league, decks and history
    missing = [(f, c, w) for f, c, w in raised if c not in FAMILIES[f].worded()]
    assert missing == []


def test_a_refusal_is_told_in_its_words() -> None:
    assert ServiceError("not_host").words() == error_texts.SERVICE_ERRORS["not_host"]
    assert HistoryError("not_finished").words() == league_texts.REPLAY_NOT_FINISHED
    assert BackstabError("anything").words() == error_texts.GENERIC_ERROR


def test_no_cog_catches_a_refusal_to_word_it() -> None:
    """The relay words refusals; a cog may catch one only to do something else (a stale
    button's fresh hand)."""
    worded_here = []
    for path in sorted([*ROOT.glob("cogs/*.py"), *ROOT.glob("bot/games/*/*_commands.py")]):
        source = path.read_text()
        for name in (
            "service_error(exc",
            "league_error(exc",
            "deck_error(exc",
            "history_error(exc",
        ):
            if name in source:
                worded_here.append(f"{path.name}: {name}")
    assert worded_here == []
