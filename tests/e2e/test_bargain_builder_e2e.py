"""The bargain builder end to end through SimCord (# 004: Asking for Help; issue 18): the
fighter's offer and the helper's counter-offer are built a part at a time (treasures, who
picks first, gold now) and sent, any terms in at most four taps; no control offers a bundle
of terms; the words name people; a press on a builder the match has moved past, or on terms
no legal move has, changes nothing; a part chosen before a restart is still there after it.
A trade in a deal is built the same way (# 004: Items (Trading)); the off-turn trade is in
test_offturn_trade_e2e.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from bot.games.classic import bargain, trade_builder, words
from bot.render import parse_custom_id
from bot.words import lobby_texts, play_texts
from engine.core import Action
from engine.core.record import replay
from engine.games import load_game
from tests.e2e.conftest import World
from tests.e2e.driver import build_on, build_trade, drawn, open_and_start, play_to_the_end
from tests.e2e.helpers import answer_of, components, embed_text, message_in, note_of
from tests.e2e.test_games_e2e import _click_key, start_games_bot
from tests.e2e.test_restart_hands_e2e import restart

if TYPE_CHECKING:
    from bot.client import Backstab

# A deal in which Alice soon fights with gold to offer, so the tests never skip (the match's
# seed is drawn at start: bot/core/service.py).
SEED = 3


@pytest.fixture
async def simcord_bot(settings: Any, tiny_game: str) -> Backstab:
    return await start_games_bot(settings)


async def _state(world: World, match_id: int) -> Any:
    return replay(load_game("classic"), await world.bot.service.record(match_id))


async def _hand(world: World, player: Any, table_id: int) -> Any:
    hand = await player.click(message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND)
    assert hand.ephemeral and hand.response is not None
    return hand.response


async def _alice_asks_bob(world: World, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """A match where Alice fights and has asked Bob for help: her offer is being drafted."""
    monkeypatch.setattr("bot.core.service.secrets.randbits", lambda bits: SEED)
    match_id, table_id = await open_and_start(world, "classic", world.bob, seats=3)
    game = load_game("classic")

    def alice_may_ask_bob(state: Any) -> bool:
        c = state.combat
        return (
            c is not None
            and c.fighter == 0
            and not state.pending
            and 0 in game.deciders(state)
            and Action(0, "ask", (1,)) in game.legal_actions(state, 0)
            and state.gold[0] >= 100
        )

    humans = {0: world.alice, 1: world.bob}
    await play_to_the_end(world, match_id, table_id, humans, until=alice_may_ask_bob)
    assert (await world.bot.service.get(match_id)).status == "live", f"seed {SEED}: no fight"
    await _click_key(world.alice, await _hand(world, world.alice, table_id), "ask.1")
    state = await _state(world, match_id)
    assert state.pending[-1].kind == "offer"
    return match_id, table_id


def _terms(state: Any, seat: int, kind: str) -> list[bargain.Choice]:
    legal = load_game("classic").legal_actions(state, seat)
    return list(bargain.terms_of([a for a in legal if a.kind == kind]))


def _richest(choices: list[bargain.Choice], first: int) -> bargain.Choice:
    """The most treasures and gold, with ``first`` picking first: every part moved."""
    share = max(c.share for c in choices)
    gold = max(c.gold for c in choices if c.share == share)
    return bargain.Choice(share, first if share else 0, gold)


async def _build(player: Any, message: Any, key: str) -> int:
    used: dict[str, int] = {}
    assert await build_on(player, message, key, used), f"{key} not reachable on the builder"
    return used["builder"]


async def _tap(player: Any, message: Any, key: str) -> Any:
    """One tap towards ``key`` that sets a part (not Send); the message as it then reads."""
    press = bargain.next_press(drawn(message), key)
    assert press is not None and not press.plays
    if press.value is None:
        result = await player.click(message, custom_id=press.custom_id)
    else:
        result = await player.select(message, [press.value], custom_id=press.custom_id)
    return result.response or message


def _labels(message: Any) -> list[str]:
    out: list[str] = []
    for child in components(message):
        out.append(child.get("label") or "")
        out += [o["label"] for o in child.get("options", [])]
    return [label for label in out if label]


def _check_screen(message: Any) -> None:
    """Labels fit a phone, no label bundles terms, and nobody is "they"."""
    for label in _labels(message):
        assert len(label) <= 40, label
        assert not ("treasure" in label and "gold" in label), f"a bundle: {label}"
        assert "they" not in label.lower().split(), label


async def test_an_offer_is_built_and_sent_in_four_taps(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, table_id = await _alice_asks_bob(world, monkeypatch)
    state = await _state(world, match_id)
    target = _richest(_terms(state, 0, "propose"), first=1)
    assert target.share and target.gold, f"seed {SEED}: nothing to build"
    hand = await _hand(world, world.alice, table_id)
    _check_screen(hand)
    text = embed_text(hand)
    assert "Your offer to Bob: no treasure, no gold." in text
    assert play_texts.HAND_YOUR_TURN not in text  # no "pick one of the buttons below"
    taps = await _build(world.alice, hand, f"propose.{target.share}.1.{target.gold}")
    assert taps == 4  # treasures, gold, Bob picks first, Send
    state = await _state(world, match_id)
    pending = state.pending[-1]
    assert (pending.kind, pending.seat) == ("help", 1)
    assert (pending.terms.share, pending.terms.helper_first, pending.terms.gold) == target
    shown = embed_text(message_in(world.channel, table_id))
    assert "Bob picks first" in shown  # the table names who picks first


async def test_a_counter_offer_is_built_and_sent_in_four_taps(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, table_id = await _alice_asks_bob(world, monkeypatch)
    # Alice offers nothing: Send alone, one tap.
    assert (
        await _build(world.alice, await _hand(world, world.alice, table_id), "propose.0.0.0") == 1
    )
    await _click_key(world.bob, await _hand(world, world.bob, table_id), "counter")
    state = await _state(world, match_id)
    assert state.pending[-1].kind == "counter"
    target = _richest(_terms(state, 1, "demand"), first=0)  # Bob's builder opens at "Bob first"
    hand = await _hand(world, world.bob, table_id)
    _check_screen(hand)
    assert "Your price for helping Alice: no treasure, no gold." in embed_text(hand)
    key = f"demand.{target.share}.{target.first}.{target.gold}"
    hand = await _tap(world.bob, hand, key)  # the treasures: the two names appear
    assert {"Alice picks first", "Bob picks first"} <= set(_labels(hand))
    _check_screen(hand)
    assert 1 + await _build(world.bob, hand, key) == 4
    state = await _state(world, match_id)
    pending = state.pending[-1]
    assert (pending.kind, pending.seat) == ("countered", 0)
    assert (pending.terms.share, pending.terms.helper_first, pending.terms.gold) == target
    assert "Counter-offer: Bob asks Alice" in embed_text(message_in(world.channel, table_id))


async def test_a_stale_builder_press_changes_nothing(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, table_id = await _alice_asks_bob(world, monkeypatch)
    # A second My hand retires the first (deleted) unless its token died, as 15 minutes
    # after it was shown (here at once): then its builder stays, stale.
    monkeypatch.setattr("bot.delivery.hand_messages.TOKEN_LIFE", 0.0)
    old = await _hand(world, world.alice, table_id)
    fresh = await _hand(world, world.alice, table_id)
    assert await _build(world.alice, fresh, "propose.0.0.0") == 1  # the offer goes out
    moves = len(await world.bot.service.action_log(match_id))
    for custom_id, _values, enabled in drawn(old):
        parsed = parse_custom_id(custom_id)
        if enabled and parsed is not None and parsed.key.endswith(".go"):
            answer = await world.alice.click(old, custom_id=custom_id)
            break
    else:
        raise AssertionError("the old hand has no Send")
    # Answered in that same message: the hand as it stands, "the table moved on" above it.
    shown = next(m for m in world.channel.history(viewer=world.alice) if m.id == old.id)
    assert not answer.followups and play_texts.STALE in note_of(shown)
    assert len(await world.bot.service.action_log(match_id)) == moves
    assert (await _state(world, match_id)).pending[-1].kind == "help"


async def test_terms_no_legal_move_has_are_refused(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Send whose terms the engine does not list (here a forged one asking more gold than
    any offer may hold) is refused in words; nothing is played."""
    match_id, table_id = await _alice_asks_bob(world, monkeypatch)
    hand = await _hand(world, world.alice, table_id)
    stored = world.env.backend.get_message(hand.channel_id, hand.id)
    forged = bargain.Choice(0, 0, 900).key(bargain.SEND)
    for child in components(stored):  # type: ignore[arg-type]  # SimCord's stored message
        parsed = parse_custom_id(child.get("custom_id", ""))
        if parsed is not None and parsed.key.endswith(".go"):
            child["custom_id"] = f"bs:{match_id}:{parsed.version}:{forged}"
    moves = len(await world.bot.service.action_log(match_id))
    answer = await world.alice.click(hand, label=words.BUILD_SEND_OFFER)
    said = words.BUILD_GONE.format(terms="no treasure, 900 gold now")
    refused = answer_of(answer)
    assert refused is not None and said in (refused.content or "")
    assert len(await world.bot.service.action_log(match_id)) == moves
    assert (await _state(world, match_id)).pending[-1].kind == "offer"


async def test_a_part_chosen_before_a_restart_is_sent_after_it(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, table_id = await _alice_asks_bob(world, monkeypatch)
    state = await _state(world, match_id)
    target = _richest(_terms(state, 0, "propose"), first=0)
    key = f"propose.{target.share}.0.{target.gold}"
    hand = await _tap(world.alice, await _hand(world, world.alice, table_id), key)
    await restart(world)
    assert await _build(world.alice, hand, key) == 2  # the gold, then Send
    pending = (await _state(world, match_id)).pending[-1]
    assert pending.kind == "help"
    assert (pending.terms.share, pending.terms.gold) == (target.share, target.gold)


async def test_a_trade_is_built_in_a_deal_and_sent_with_its_coins(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On her own turn Alice opens a deal with Bob ("Deal with Bob"), then builds the offer:
    her item, what she asks of Bob, the gold she adds, Send: four taps for any offer, played
    as the engine's coins then offer, all or none."""
    monkeypatch.setattr("bot.core.service.secrets.randbits", lambda bits: SEED)
    match_id, table_id = await open_and_start(world, "classic", world.bob, seats=3)
    game = load_game("classic")

    def alice_may_deal(state: Any) -> bool:
        return (
            Action(0, "deal", (1,)) in game.legal_actions(state, 0)
            and bool(state.items[1])
            and state.gold[0] >= 100
        )

    humans = {0: world.alice, 1: world.bob}
    await play_to_the_end(world, match_id, table_id, humans, until=alice_may_deal)
    assert (await world.bot.service.get(match_id)).status == "live", f"seed {SEED}: no deal"
    await _click_key(world.alice, await _hand(world, world.alice, table_id), "deal.1")
    state = await _state(world, match_id)
    offers = [a for a in game.legal_actions(state, 0) if a.kind == "offer" and int(a.args[2]) >= 0]
    assert offers, f"seed {SEED}: no swap to offer"
    _, mine, theirs = (int(x) for x in offers[-1].args)
    hand = await _hand(world, world.alice, table_id)
    _check_screen(hand)
    assert words.TRADE_HOW in embed_text(hand)
    used: dict[str, int] = {}
    target = trade_builder.Trade(1, mine, theirs, 100)
    assert await build_trade(world.alice, hand, target, used)
    assert used["builder"] <= 4
    state = await _state(world, match_id)
    pending = state.pending[-1]
    assert (pending.kind, pending.seat) == ("trade", 1)
    assert tuple(pending.offer) == (0, mine, theirs, 100)
    log = [a.kind for a in await world.bot.service.action_log(match_id) if a.seat == 0]
    assert log[-3:] == ["deal", "add_gold", "offer"]
