"""Charity through SimCord (issue 27.5): Alice ends her turn holding eight cards with two
AI seats tied at the lowest level; her hand asks "Choose 3 cards to give away" (one
select of three values), then who gets which, then Give them, which plays exactly the three
moves built, all at once. A forged value set is refused in words and plays nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from bot.config import Settings
from bot.games.quest import words
from bot.render.ids import parse_custom_id
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
HAND = ["go_up", "go_up", "fizzy_tonic", "rusty_dagger", "horned_cap", "quilted_vest"]
SEATS = [{"level": 3, "hand": [*HAND, "buckler", "fizzy_tonic"]}, {"level": 1}, {"level": 1}]


@pytest.fixture
async def simcord_bot(settings: Settings) -> Backstab:
    return quest_bot(settings)


def _stage(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every quest match starts with Alice at level 3 holding eight cards, both AI seats at
    level 1 (its replays too: the record is seed and moves)."""
    deal = Quest.new

    def staged(game: Quest, seats: int, seed: int, options: Any = None) -> QuestState:
        setup = {"seats": seats, "seed": seed, "monster_die": ["purple"]}
        return build(_Unstaged(game, deal), setup, SEATS, options)  # type: ignore[arg-type]

    monkeypatch.setattr(Quest, "new", staged)


async def _charity_hand(world: World, monkeypatch: pytest.MonkeyPatch) -> tuple[int, Any]:
    _stage(monkeypatch)
    match_id, table_id = await open_and_start(world, "quest", seats=3)
    hand = await _hand(world, table_id)
    [end] = [b for b in buttons(hand) if b.get("label") == "End turn"]
    ended = await world.alice.click(hand, custom_id=end["custom_id"])
    shown = ended.response
    assert shown is not None
    state = await quest_state(world, match_id)
    assert state.pending[-1].kind == "charity" and state.pending[-1].seat == 0
    return match_id, shown


def _select(message: Any, placeholder: str) -> dict[str, Any]:
    [found] = [s for s in selects(message) if s.get("placeholder") == placeholder]
    return found


async def test_alice_gives_three_cards_to_two_tied_seats_in_three_taps(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, hand = await _charity_hand(world, monkeypatch)
    state = await quest_state(world, match_id)
    cards = list(state.hand[0])
    chooser = _select(hand, "Choose 3 cards to give away")
    assert (chooser["min_values"], chooser["max_values"]) == (3, 3)
    assert len(chooser["options"]) == 8
    before = len(await world.bot.service.action_log(match_id))
    # tap 1: the three cards, in one select
    chosen = [str(c) for c in cards[2:5]]  # Fizzy Tonic, Rusty Dagger, Horned Cap
    picked = await world.alice.select(hand, chosen, custom_id=chooser["custom_id"])
    built = picked.response
    assert built is not None
    text = embed_text(built)
    assert "Give Fizzy Tonic and Horned Cap to " in text and ", and Rusty Dagger to " in text
    [who] = [s for s in selects(built) if str(s.get("placeholder", "")).startswith("Which go")]
    assert (who["min_values"], who["max_values"]) == (1, 2)
    # tap 2: the first seat gets the Rusty Dagger alone; the other gets the rest
    picked = await world.alice.select(built, [str(cards[3])], custom_id=who["custom_id"])
    built = picked.response
    assert built is not None
    assert "Give Rusty Dagger to " in embed_text(built)
    assert len(await world.bot.service.action_log(match_id)) == before  # nothing played yet
    # tap 3: Give them plays the three moves, all at once
    [give] = [b for b in buttons(built) if b.get("label") == "Give them"]
    await world.alice.click(built, custom_id=give["custom_id"])
    log = await world.bot.service.action_log(match_id)
    mine = [a for a in log[before:] if a.seat == 0 and a.kind.startswith("charity")]
    assert sorted(a.key for a in mine) == sorted(
        [
            Action(0, "charity_give", (cards[3], 1)).key,
            Action(0, "charity_give", (cards[2], 2)).key,
            Action(0, "charity_give", (cards[4], 2)).key,
        ]
    )
    assert log[before : before + 3] == mine  # one plan: nothing in between


async def test_a_forged_value_set_is_refused_in_words_and_plays_nothing(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, hand = await _charity_hand(world, monkeypatch)
    stored = world.env.backend.get_message(hand.channel_id, hand.id)
    for child in components(stored):  # type: ignore[arg-type]  # SimCord's stored message
        parsed = parse_custom_id(child.get("custom_id", ""))
        if parsed is not None and parsed.key.endswith(".c"):  # the cards: one not in her hand
            child["options"].append({"label": "Forged", "value": "170"})
    chooser = _select(stored, "Choose 3 cards to give away")
    values = [chooser["options"][0]["value"], chooser["options"][1]["value"], "170"]
    before = len(await world.bot.service.action_log(match_id))
    answer = await world.alice.select(hand, values, custom_id=chooser["custom_id"])
    refused = answer_of(answer)
    assert refused is not None and words.CH_GONE in (refused.content or "")
    assert len(await world.bot.service.action_log(match_id)) == before
    state = await quest_state(world, match_id)
    assert state.pending[-1].kind == "charity" and len(state.hand[0]) == 8
