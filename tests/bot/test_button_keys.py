"""Button keys: a game's action kinds and the bot's own keys (lobby, hand, pager, selects, host
tools) can never be the same text, so a click is routed by its key alone. Old lobby buttons
(bare ``join``, ``leave``, ``ai``, ``start``) still read back as today's lobby keys."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from bot.delivery.components import ButtonRouter
from bot.games.classic.words import CONTROLS as CLASSIC_CONTROLS
from bot.games.duel.words import CONTROLS as DUEL_CONTROLS
from bot.render import controls, ids
from bot.render.ids import ButtonId, is_action_key, parse_custom_id
from engine.games import available
from tests.bot.render_support import playout

# The registry's keys, and one of each prefixed kind (a page, the pager's place, a select).
OWN_KEYS = (
    *sorted(ids.BOT_KEYS),
    controls.page_key(0),
    f"{ids.PAGE_PREFIX}at",
    f"{ids.PICK_PREFIX}0",
    f"{ids.DRAFT_PREFIX}t.1.0.300",
)
PLAYERS = {"classic": 3, "duel": 2}


def action_kinds() -> set[str]:
    """Every action kind a game can offer: the label tables' kinds and those met in random
    playouts of each built-in game (a few seeds, long enough to reach fights and trades)."""
    kinds = set(CLASSIC_CONTROLS) | set(DUEL_CONTROLS)
    for game_id in available():
        for seed in range(3):
            for game, state in playout(game_id, PLAYERS.get(game_id, 2), seed, 400):
                for seat in game.deciders(state):
                    kinds.update(a.kind for a in game.legal_actions(state, seat))
    return kinds


@pytest.fixture(scope="module")
def kinds() -> set[str]:
    return action_kinds()


def test_every_action_kind_is_action_shaped(kinds: set[str]) -> None:
    assert "cancel" in kinds  # classic: calling a deal off, the kind that once collided
    assert all(is_action_key(kind) for kind in kinds), sorted(k for k in kinds if "-" in k)


def test_no_action_kind_is_a_lobby_or_reserved_key(kinds: set[str]) -> None:
    lobby = set(ids.LOBBY_KEYS)
    assert not kinds & lobby
    assert not kinds & ids.RESERVED_KINDS, "a game may not take a word old buttons carry"
    for kind in kinds:
        parsed = parse_custom_id(f"bs:7:3:{kind}")
        assert parsed is not None and parsed.key == kind and parsed.versioned, kind


def test_the_bots_own_keys_are_never_action_shaped() -> None:
    for key in OWN_KEYS:
        assert ids.is_bot_key(key), key
        if key not in ids.RESERVED_KINDS:  # bare words kept as drawn, reserved instead
            assert not is_action_key(key), key
        assert parse_custom_id(f"bs:7:3:{key}") is not None, key
    assert not ButtonId(7, 3, ids.CANCEL).versioned


def test_every_key_a_cog_routes_comes_from_the_registry() -> None:
    """No module keeps keys of its own: each ``router.route(key, ...)`` names a key of
    ``bot/render/ids.py`` (or a pager key built from its prefix)."""
    strays = []
    for path in sorted([*Path("cogs").glob("*.py"), *Path("bot/games").glob("*/*_commands.py")]):
        tree = ast.parse(path.read_text())
        from_ids = {
            alias.asname or alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module == "bot.render.ids"
            for alias in node.names
        }
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "route"
                and getattr(node.func.value, "id", "") == "router"  # not paging's kinds
            ):
                continue
            key = node.args[0]
            registered = (
                (isinstance(key, ast.Attribute) and getattr(key.value, "id", "") == "keys")
                or (isinstance(key, ast.Name) and key.id in from_ids)
                or (isinstance(key, ast.Call) and getattr(key.func, "attr", "") == "page_key")
            )
            if not registered:
                strays.append(f"{path}:{node.lineno}")
    assert strays == []
    for name in ("HOST_TOOLS", "RECLAIM_SEAT", "DECK_PICK", "RESPOND"):
        assert getattr(ids, name) in ids.BOT_KEYS


@pytest.mark.parametrize(("old", "new"), sorted(ids.LEGACY_KEYS.items()))
def test_an_old_lobby_button_reads_as_todays_key(old: str, new: str) -> None:
    parsed = parse_custom_id(f"bs:7:3:{old}")
    assert parsed == ButtonId(7, 3, new)
    assert not parsed.versioned


def test_a_bare_cancel_is_classics_action_not_the_lobby_cancel() -> None:
    parsed = parse_custom_id("bs:7:3:cancel")
    assert parsed == ButtonId(7, 3, "cancel")
    assert parsed.versioned and parsed.is_action
    assert ids.CANCEL != "cancel"


async def test_the_router_sends_cancel_to_the_action_handler() -> None:
    seen: list[tuple[str, str]] = []

    def handler(name: str) -> Any:
        async def handle(interaction: Any, button: ButtonId) -> None:
            seen.append((name, button.key))

        return handle

    router = ButtonRouter()
    for key in ids.LOBBY_KEYS:
        router.route(key, handler("lobby"))
    router.route("page-1", handler("page"))  # redraws the message after a read
    router.route(ids.HAND, handler("hand"), opens=True)  # answered with a new private message
    router.route_actions(handler("action"))
    deferred: list[str] = []
    texts = ("bs:7:3:cancel", "bs:7:3:lobby-cancel", "bs:7:3:start", "bs:7:3:cancel.1")
    for text in (*texts, "bs:7:3:page-1", f"bs:7:3:{ids.HAND}"):
        parsed = parse_custom_id(text)
        assert parsed is not None
        await router.dispatch(_Interaction(deferred, parsed.key), parsed)  # type: ignore[arg-type]
    assert seen == [
        ("action", "cancel"),
        ("lobby", ids.CANCEL),
        ("lobby", ids.START),
        ("action", "cancel.1"),
        ("page", "page-1"),
        ("hand", ids.HAND),
    ]
    # Every click is acknowledged by the router itself, before any check or read (issue
    # 29.3): as an update of the message clicked, or (a key that opens a new private
    # message) as a private "thinking" answer that message replaces.
    assert deferred == [
        "cancel",
        ids.CANCEL,
        ids.START,
        "cancel.1",
        "page-1",
        f"{ids.HAND} (private, thinking)",
    ]


class _Response:
    def __init__(self, deferred: list[str], key: str) -> None:
        self._deferred, self._key, self._done = deferred, key, False

    def is_done(self) -> bool:
        return self._done

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        self._done = True
        shown = " (private, thinking)" if ephemeral and thinking else ""
        self._deferred.append(self._key + shown)


class _Interaction:
    def __init__(self, deferred: list[str], key: str) -> None:
        self.response = _Response(deferred, key)
