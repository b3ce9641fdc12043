"""Buy a level… and Mend… through SimCord (issue 27.5; R131, R31): Alice, a hurt Cleric
holding six items with 300 gold, opens her hand: one "Buy a level…" and one "Mend…" among
its other moves, not a option per set of items or pair of cards. Three taps each (the entry,
the cards in one several-value select, the button) play exactly the move built; a set that
buys nothing is refused in words and plays nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from bot.config import Settings
from bot.games.quest import level_words as lw
from bot.games.quest import words
from engine.core import Action
from engine.games import load_game
from engine.quest.game import Quest
from engine.quest.scenario import build
from engine.quest.state import QuestState
from tests.e2e.conftest import World
from tests.e2e.driver import open_and_start
from tests.e2e.helpers import answer_of, buttons, components, embed_text, selects
from tests.e2e.test_quest_e2e import quest_bot, quest_state
from tests.e2e.test_quest_fight_e2e import _hand, _Unstaged

if TYPE_CHECKING:
    from bot.client import Backstab

QUEST = load_game("quest")
HAND = ["pointy_hat", "lucky_ring", "sword_of_meh", "bucket_helm", "rusty_dagger"]
ALICE = {"gold": 300, "hits": 2, "roles": ["cleric"], "items": ["chain_shirt"], "hand": HAND}


@pytest.fixture
async def simcord_bot(settings: Settings) -> Backstab:
    return quest_bot(settings)


def _stage(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every quest match starts with Alice as above (its replays too: seed and moves)."""
    deal = Quest.new

    def staged(game: Quest, seats: int, seed: int, options: Any = None) -> QuestState:
        setup = {"seats": seats, "seed": seed}
        return build(_Unstaged(game, deal), setup, [ALICE, {}], options)  # type: ignore[arg-type]

    monkeypatch.setattr(Quest, "new", staged)


def _select(message: Any, placeholder: str) -> dict[str, Any]:
    [found] = [s for s in selects(message) if s.get("placeholder") == placeholder]
    return found


def _button(message: Any, label: str) -> dict[str, Any]:
    [found] = [b for b in buttons(message) if b.get("label") == label]
    return found


async def _open(world: World, hand: Any, entry: str) -> Any:
    """Tap 1: the builder's entry in the hand's "Items, cards, deals, trades…" select."""
    more = _select(hand, words.G_MORE)
    [value] = [o["value"] for o in more["options"] if o["label"] == entry]
    opened = await world.alice.select(hand, [value], custom_id=more["custom_id"])
    assert opened.response is not None
    return opened.response


async def test_alice_buys_a_level_with_two_items_in_three_taps(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    _stage(monkeypatch)
    match_id, table_id = await open_and_start(world, "quest", seats=2)
    hand = await _hand(world, table_id)
    labels = [o["label"] for s in selects(hand) for o in s["options"]]
    assert labels.count(lw.LS_ENTRY) == 1 and labels.count(lw.MD_ENTRY) == 1
    assert not [label for label in labels if label.startswith(("Level: sell", "Mend:"))]
    state = await quest_state(world, match_id)
    names = {QUEST.content.cid[c]: c for c in state.hand[0]}  # type: ignore[attr-defined]
    built = await _open(world, hand, lw.LS_ENTRY)
    assert "You have 300 gold" in embed_text(built)
    before = len(await world.bot.service.action_log(match_id))
    # A set worth too little first: the draft says so, and Buy refuses it in words.
    items = _select(built, lw.LS_CHOOSE)
    dagger = str(names["rusty_dagger"])
    short = (await world.alice.select(built, [dagger], custom_id=items["custom_id"])).response
    assert short is not None and "that is 600 short of 1,000" in embed_text(short)
    buy = _button(short, lw.LS_SEND)
    assert buy.get("disabled")
    # tap 2: the hat and the ring (1,100), tap 3: Buy
    chosen = [str(names["pointy_hat"]), str(names["lucky_ring"])]
    items = _select(short, lw.LS_CHOOSE)
    picked = (await world.alice.select(short, chosen, custom_id=items["custom_id"])).response
    assert picked is not None
    text = embed_text(picked)
    assert "Sell Pointy Hat and Lucky Ring: worth 1,100 of the 1,000 gold" in text, text
    assert "100 gold more than the price is lost" in text
    assert len(await world.bot.service.action_log(match_id)) == before  # nothing played yet
    await world.alice.click(picked, custom_id=_button(picked, lw.LS_SEND)["custom_id"])
    log = await world.bot.service.action_log(match_id)
    sold = tuple(sorted((names["pointy_hat"], names["lucky_ring"])))
    assert [a.key for a in log[before:]] == [Action(0, "buy_level", sold).key]
    after = await quest_state(world, match_id)
    assert after.level[0] == 2 and after.gold[0] == 300


async def test_alice_mends_with_two_cards_in_three_taps_and_a_forged_pair_is_refused(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    _stage(monkeypatch)
    match_id, table_id = await open_and_start(world, "quest", seats=2)
    hand = await _hand(world, table_id)
    state = await quest_state(world, match_id)
    names = {QUEST.content.cid[c]: c for c in state.hand[0]}  # type: ignore[attr-defined]
    built = await _open(world, hand, lw.MD_ENTRY)
    assert "You have 2 of 4 Health" in embed_text(built)
    before = len(await world.bot.service.action_log(match_id))
    cards = _select(built, lw.MD_CHOOSE)
    assert (cards["min_values"], cards["max_values"]) == (2, 2)
    stored = world.env.backend.get_message(built.channel_id, built.id)
    for child in components(stored):  # type: ignore[arg-type]  # SimCord's stored message
        if child.get("custom_id") == cards["custom_id"]:  # a card not in her hand or play
            child["options"].append({"label": "Forged", "value": "170"})
    mine = cards["options"][0]["value"]
    forged = await world.alice.select(built, [mine, "170"], custom_id=cards["custom_id"])
    refused = answer_of(forged)
    assert refused is not None and lw.MD_GONE in (refused.content or "")
    assert len(await world.bot.service.action_log(match_id)) == before
    pair = [str(names["rusty_dagger"]), str(names["bucket_helm"])]
    picked = (await world.alice.select(built, pair, custom_id=cards["custom_id"])).response
    assert picked is not None
    assert "Discard Bucket Helm and Rusty Dagger to heal 1 Health." in embed_text(picked)
    await world.alice.click(picked, custom_id=_button(picked, lw.MD_SEND)["custom_id"])
    log = await world.bot.service.action_log(match_id)
    assert [a.kind for a in log[before:]] == ["mend"]
    assert {int(x) for x in log[before].args} == {names["rusty_dagger"], names["bucket_helm"]}
    after = await quest_state(world, match_id)
    assert after.hits[0] == 1 and len(after.hand[0]) == 3
