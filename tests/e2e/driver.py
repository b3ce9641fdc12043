"""Playing a real game through SimCord as people would: open "My hand" (or "Play a card" in a
response window), find the chosen action among the buttons, selects and pages, click it.

The humans choose what the heuristic AI would (so a match ends), but every choice travels
through the Discord layer: buttons, selects, the pager, the window's Pass."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import simcord

from bot.games.quest.charity import built_charity
from bot.plugins import as_offered
from bot.render import parse_custom_id
from bot.render.controls import page_turn
from bot.render.ids import SURE_PREFIX
from engine.core import Action, Rng
from engine.core.record import replay
from engine.games import load_game
from tests.e2e.conftest import World
from tests.e2e.helpers import buttons, message_in, selects

MAX_PAGES = 40
MAX_BUILD_TAPS = 8  # a builder reaches any terms in 4; more means it is going nowhere
TRIES = 5  # matches open_until plays for a moment a match may end without


async def choose_on(
    player: simcord.MemberActor, message: Any, key: str, used: dict[str, int]
) -> bool:
    """Click ``key`` on a private hand, paging through it; False when it is not offered."""
    for _ in range(MAX_PAGES):
        for button in buttons(message):
            parsed = parse_custom_id(button.get("custom_id", ""))
            if parsed is not None and parsed.key == key and not button.get("disabled"):
                result = await player.click(message, custom_id=button["custom_id"])
                await say_yes(player, result.response, key)
                return True
        for select in selects(message):
            if any(option["value"] == key for option in select["options"]):
                result = await player.select(message, [key], custom_id=select["custom_id"])
                used["selects"] += 1
                await say_yes(player, result.response, key)
                return True
        if await build_on(player, message, key, used):
            return True
        turn = turn_page(message)
        if turn is None:
            return False
        paged = await player.click(message, custom_id=turn)
        used["pages"] += 1
        message = paged.response or message
    return False


async def say_yes(player: simcord.MemberActor, message: Any, key: str) -> bool:
    """A move that cannot be taken back asks "Yes, ..." on the same message (issue 27.2): the
    person presses it, as they meant the move. False when nothing was asked."""
    if message is None:
        return False
    for button in buttons(message):
        parsed = parse_custom_id(button.get("custom_id", ""))
        if parsed is not None and parsed.key == SURE_PREFIX + key:
            await player.click(message, custom_id=button["custom_id"])
            return True
    return False


def drawn(message: Any) -> list[tuple[str, tuple[str, ...], bool]]:
    """A message's controls as a builder reads them: custom id, option values, enabled."""
    out: list[tuple[str, tuple[str, ...], bool]] = [
        (b.get("custom_id", ""), (), not b.get("disabled")) for b in buttons(message)
    ]
    for select in selects(message):
        values = tuple(o["value"] for o in select["options"])
        out.append((select["custom_id"], values, not select.get("disabled")))
    return out


def trade_target(game: Any, state: Any, seat: int, action: Action, seed: int) -> Any:
    """The trade a person builds for the heuristic's trade moves (classic), or ``None``."""
    from bot.games.classic.trade_builder import built_trade

    def then(copy: Any, n: int) -> Action:
        action: Action = game.ai_action(copy, seat, Rng(seed + n), "heuristic")
        return action

    return built_trade(game, state, action, then)


async def build_trade(player: Any, message: Any, target: Any, used: dict[str, int]) -> bool:
    """Offer ``target`` through the trade builder, tap by tap as a person would."""
    from bot.games.classic.trade_builder import next_press

    for _ in range(MAX_BUILD_TAPS):
        press = next_press(drawn(message), target)
        if press is None:
            turn = turn_page(message)  # the item's entry may be a page or More… away
            if turn is None:
                return False
            paged = await player.click(message, custom_id=turn)
            used["pages"] = used.get("pages", 0) + 1
            message = paged.response or message
            continue
        if press.plays:
            await _tap_builder(player, message, press, used)
            return True
        message = await _tap_builder(player, message, press, used)
    return False


def _chooser(game: Any, seat: int, seed: int) -> Callable[[Any, int], Action]:
    """The heuristic's next move for ``seat`` in a state, the ``n``-th of a row."""
    return lambda state, n: game.ai_action(state, seat, Rng(seed + n), "heuristic")


async def build_charity(player: Any, message: Any, gift: Any, used: dict[str, int]) -> bool:
    """Give the whole charity ``gift`` on quest's charity builder: the cards, each receiver's
    that differ, Give (issue 27.5)."""
    from bot.games.quest.charity_builder import next_press

    for _ in range(MAX_BUILD_TAPS):
        press = next_press(drawn(message), gift)
        if press is None:
            return False
        if press.values is None:
            result = await player.click(message, custom_id=press.custom_id)
        else:
            result = await player.select(message, list(press.values), custom_id=press.custom_id)
        used["builder"] = used.get("builder", 0) + 1
        if press.plays:
            return True
        message = result.response or message
    return False


async def _tap_builder(player: Any, message: Any, press: Any, used: dict[str, int]) -> Any:
    """One tap on a builder's control (a button, or a select's option): the message after it."""
    if press.value is None:
        result = await player.click(message, custom_id=press.custom_id)
    else:
        result = await player.select(message, [press.value], custom_id=press.custom_id)
    used["builder"] = used.get("builder", 0) + 1
    return result.response or message


def turn_page(message: Any) -> str | None:
    """The custom id a person presses next for a move not on this page (``page_turn``)."""
    found = buttons(message)
    return page_turn(
        (b.get("custom_id", ""), b.get("label", ""), not b.get("disabled")) for b in found
    )


async def build_on(player: Any, message: Any, key: str, used: dict[str, int]) -> bool:
    """Reach ``key`` through a bargain builder on ``message`` (classic's help terms), tap by
    tap as a person would; False when the message has no builder that leads to it."""
    from bot.games.classic.bargain import next_press

    for _ in range(MAX_BUILD_TAPS):
        press = next_press(drawn(message), key)
        if press is None:
            return False
        if press.plays:
            await _tap_builder(player, message, press, used)
            return True
        message = await _tap_builder(player, message, press, used)
    return False


async def open_and_start(
    world: World, game: str, *joiners: simcord.MemberActor, **options: object
) -> tuple[int, int]:
    """Alice opens a lobby of ``game`` (``/match new`` with ``options``), ``joiners`` press
    Join in that order (seats 1, 2, ...), Alice presses Start: the match's id and its table's."""
    result = await world.alice.slash(world.channel, "match new", game=game, **options)
    assert result.response is not None
    table_id = result.response.id
    for player in joiners:
        await player.click(message_in(world.channel, table_id), label="Join")
    await world.alice.click(message_in(world.channel, table_id), label="Start")
    [match] = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    assert match.status == "live"
    return match.id, table_id


async def open_until(
    world: World,
    game: str,
    until: Callable[[Any], bool],
    tries: int = TRIES,
    *,
    players: dict[int, simcord.MemberActor],
    missing: str,
    **options: object,
) -> tuple[int, int]:
    """A live match of ``game`` whose engine state ``until`` holds, played to through the
    buttons; the match's id and its table's. Each match's seed is drawn at its start, and one
    may end before that moment comes: up to ``tries`` matches are played, then the test is
    skipped ("``missing`` in N matches"). ``players`` are the people by seat: Alice (seat 0)
    opens and starts, the others join in seat order; empty seats are AI."""
    assert players[0] is world.alice, "Alice opens every match"
    joiners = [players[seat] for seat in sorted(players) if seat != 0]
    for _ in range(tries):
        match_id, table_id = await open_and_start(world, game, *joiners, **options)
        await play_to_the_end(world, match_id, table_id, players, until=until)
        if (await world.bot.service.get(match_id)).status == "live":
            return match_id, table_id
    pytest.skip(f"{missing} in {tries} matches")


async def play_to_the_end(
    world: World,
    match_id: int,
    table_id: int,
    players: dict[int, simcord.MemberActor],
    *,
    max_clicks: int = 3000,
    until: Callable[[Any], bool] | None = None,
) -> dict[str, int]:
    """Play every human decision through the buttons until the match ends (or ``until`` holds
    for the engine state). Returns counts of what was used (for the test to check the paths
    it meant to cover). The players have auto-pass off (a Pass counts at once, as before
    issue 18); ``tests/e2e/test_autopass_e2e.py`` plays with it on."""
    used = {"clicks": 0, "table_pass": 0, "selects": 0, "pages": 0}
    service = world.bot.service
    for person in players.values():
        await service.players.change(person.id, auto_pass=False)
    record = await service.record(match_id)
    game = load_game(record.header.game)
    state = replay(game, record)
    applied = len(record.actions)
    for step in range(max_clicks):
        match = await service.get(match_id)
        if match.status != "live":
            return used
        # Follow the stored log (what the bot really did), one new action at a time.
        for raw in (await service.record(match_id)).actions[applied:]:
            game.apply(state, Action.from_json(raw))
            applied += 1
        if until is not None and until(state):
            return used
        deciding = sorted(s for s in game.deciders(state) if s in players)
        assert deciding, f"no human decides in match {match_id} (AI stuck?)"
        seat = deciding[0]
        player = players[seat]
        action = game.ai_action(state, seat, Rng(step + 1), "heuristic")
        legal = game.legal_actions(state, seat)
        action = as_offered(record.header.game, game.view(state, seat), legal, action)
        table = message_in(world.channel, table_id)
        table_keys = {
            parsed.key: b["custom_id"]
            for b in buttons(table)
            if (parsed := parse_custom_id(b.get("custom_id", ""))) is not None
        }
        if action.key == "pass" and "pass" in table_keys:
            await player.click(table, custom_id=table_keys["pass"])
            used["table_pass"] += 1
        else:
            opener = "respond" if "respond" in table_keys else "hand"
            hand = await player.click(table, custom_id=table_keys[opener])
            assert hand.ephemeral and hand.response is not None
            trade, gift = None, None
            if record.header.game == "classic":  # its trades are built, not picked
                trade = trade_target(game, state, seat, action, step + 1)
            if record.header.game == "quest":  # a charity is chosen whole (issue 27.5)
                gift = built_charity(game, state, action, _chooser(game, seat, step + 2))
            if gift is not None:
                offered = await build_charity(player, hand.response, gift, used)
            elif trade is not None:
                offered = await build_trade(player, hand.response, trade, used)
            else:
                offered = await choose_on(player, hand.response, action.key, used)
            assert offered, f"{action.key} not offered to seat {seat}"
        used["clicks"] += 1
    raise AssertionError(f"match {match_id} did not end in {max_clicks} clicks")
