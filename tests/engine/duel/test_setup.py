"""Setup (# 000 II.B), views and events (# 000 II.A.9), the protocol extras."""

from __future__ import annotations

import pytest

from engine.core import Action, Event, IllegalAction, Rng
from engine.duel.game import Duel
from engine.duel.scenario import build
from engine.duel.state import DuelState
from engine.duel.views import visible_iids
from tests.engine.duel.steps import DRAWS, play
from tests.engine.duel.warmup_steps import pass_warmup


def test_setup_shuffles_and_deals_six(duel: Duel) -> None:
    # 000 II.B.8
    s = duel.new(2, 3)
    assert [len(h) for h in s.hand] == [6, 6]
    assert [len(d) for d in s.deck] == [34, 34]
    assert s.phase == "mulligan" and s.purse == [0, 0]  # 000 II.B.4: purse empty for now
    other = duel.new(2, 4)
    assert s.deck[0] != other.deck[0]


def test_mulligan_once_then_dice_choose_who_picks_the_first_player(duel: Duel) -> None:
    # 000 II.B.8.a, II.B.9
    s = duel.new(2, 3)
    old = list(s.hand[0])
    events = duel.apply(s, Action(0, "mulligan"))
    assert len(s.hand[0]) == 6 and sorted(s.hand[0] + s.deck[0]) == list(range(40))
    assert s.hand[0] != old
    assert duel.legal_actions(s, 0) == []  # only once
    assert events[0].kind == "mulligan"
    events = duel.apply(s, Action(1, "keep"))
    rolls = [e for e in events if e.kind == "rolled"]
    assert rolls and rolls[-1].data["rolls"][0] != rolls[-1].data["rolls"][1]
    assert all(e.data["rolls"][0] == e.data["rolls"][1] for e in rolls[:-1])  # ties re-roll
    high = 0 if rolls[-1].data["rolls"][0] > rolls[-1].data["rolls"][1] else 1
    assert duel.deciders(s) == {high}
    duel.apply(s, Action(high, "first", (1 - high,)))
    pass_warmup(duel, s)  # 000 III.A.1.b: the window after unzapping, even on turn one
    # 000 II.B.9.a-b: first player 1 gold, second 2; the first turn's warmup drew a card
    assert s.active == 1 - high
    assert s.purse[1 - high] == 1 and s.purse[high] == 2
    assert len(s.hand[1 - high]) == 7 and s.phase == "main"


def test_seats_other_than_two_are_refused(duel: Duel) -> None:
    with pytest.raises(IllegalAction):
        duel.new(3, 1)


def test_decks_come_through_options(duel: Duel) -> None:
    s = duel.new(2, 1, {"decks": ["thief", duel.decks["warrior"].to_json()]})
    assert duel.defs[s.card_of[s.heroes[0]]].id == "hero_vesper"
    with pytest.raises(IllegalAction) as one:
        duel.new(2, 1, {"decks": ["thief"]})
    assert one.value.reason == "bad_arguments"
    with pytest.raises(IllegalAction) as unknown:
        duel.new(2, 1, {"decks": ["thief", "pirate"]})
    assert unknown.value.reason == "duel.unknown_deck"
    with pytest.raises(IllegalAction) as unreadable:
        duel.new(2, 1, {"decks": [{"cards": {}}, "thief"]})
    assert unreadable.value.reason == "duel.bad_deck"
    bad = {"hero": "hero_brunhild", "cards": {"puddle_slime": 4}}
    with pytest.raises(IllegalAction) as err:
        duel.new(2, 1, {"decks": [bad, "thief"]})
    assert err.value.reason == "duel.bad_deck"


def _to_fight(duel: Duel) -> tuple[DuelState, int, list[Event]]:
    s = duel.new(2, 11)
    duel.apply(s, Action(0, "keep"))
    duel.apply(s, Action(1, "keep"))
    assert s.chooser is not None  # 000 III.A.1: the roll has a winner once both kept
    duel.apply(s, Action(s.chooser, "first", (0,)))
    pass_warmup(duel, s)
    card = s.hand[0][0]
    events = duel.apply(s, Action(0, "fight", (card, 1)))
    return s, card, events


def test_the_face_down_commit_is_secret_until_revealed(duel: Duel) -> None:
    # 000 II.A.9, III.A.2.f: only the attacker knows the committed card
    s, card, events = _to_fight(duel)
    started = next(e for e in events if e.kind == "fight_started")
    assert "card" not in started.for_viewer(1) and "card" not in started.for_viewer(None)
    assert started.for_viewer(0)["card"] == card
    assert card not in visible_iids(duel.view(s, 1).to_json())
    assert card in visible_iids(duel.view(s, 0).to_json())
    duel.apply(s, Action(1, "face"))
    duel.apply(s, Action(1, "ready"))
    assert s.fight is None or card in visible_iids(duel.view(s, 1).to_json())


def test_views_hide_hands_decks_and_own_face_down_stash(duel: Duel) -> None:
    # 000 II.A.9: players may not look at face-down cards in their own stash
    s, card, _ = _to_fight(duel)
    duel.apply(s, Action(1, "run"))
    assert card in s.stash[0]
    mine = visible_iids(duel.view(s, 0).to_json())
    assert card not in mine
    assert not mine & set(s.hand[1]) and not mine & set(s.deck[0])
    assert duel.view(s, 0).to_json()["players"][0]["stash_face_down"] == 1
    spectator = visible_iids(duel.view(s, None).to_json())
    assert not spectator & (set(s.hand[0]) | set(s.hand[1]))


def test_draw_events_tell_only_the_drawer(duel: Duel) -> None:
    s = duel.new(2, 2)
    events = duel.apply(s, Action(0, "mulligan"))
    drew = next(e for e in events if e.kind == "drew")
    assert "cards" in drew.for_viewer(0) and "cards" not in drew.for_viewer(1)


def test_default_action_is_safe(duel: Duel) -> None:
    s = duel.new(2, 2)
    assert duel.default_action(s, 0).kind == "keep"
    s2, _, _ = _to_fight(duel)
    assert duel.default_action(s2, 1).kind == "run"


def test_concede_is_resolved_and_recorded(duel: Duel) -> None:
    s = duel.new(2, 2)
    duel.apply(s, Action(1, "concede"))
    out = duel.outcome(s)
    assert out is not None and out.winners == (0,) and out.reason == "conceded"
    with pytest.raises(IllegalAction):
        duel.apply(s, Action(0, "keep"))


def test_ai_levels_pick_legal_actions(duel: Duel) -> None:
    s = duel.new(2, 9)
    for level in ("random", "heuristic"):
        a = duel.ai_action(s, 0, Rng(1), level)
        assert a in duel.legal_actions(s, 0)


def test_registered_in_the_game_registry() -> None:
    from engine.games import available

    assert "duel" in available()


def test_tied_rolls_are_rolled_again(duel: Duel) -> None:
    # 000 II.B.9: both roll again on a tie; the higher roll chooses. Search seeds until one
    # ties so the check cannot pass vacuously.
    tied = 0
    for seed in range(60):
        s = duel.new(2, seed)
        duel.apply(s, Action(0, "keep"))
        rolls = [e.data["rolls"] for e in duel.apply(s, Action(1, "keep")) if e.kind == "rolled"]
        assert all(a == b for a, b in rolls[:-1]) and rolls[-1][0] != rolls[-1][1]
        assert s.chooser == (0 if rolls[-1][0] > rolls[-1][1] else 1)
        tied += len(rolls) > 1
    assert tied > 0


def test_setup_starts_at_level_one_running_with_empty_zones(duel: Duel) -> None:
    # 000 II.B.3.b-c: level 1, Run Away side up; II.B.4 empty purse; II.B.5-7 empty stash,
    # hoard and discard pile
    s = duel.new(2, 5)
    assert s.level == [1, 1] and s.limp == [False, False] and s.purse == [0, 0]
    assert s.stash == [[], []] and s.hoard == [[], []] and s.discard == [[], []]
    for seat in (0, 1):
        assert duel.view(s, seat).to_json()["players"][seat]["run_away"] == "run"


def test_drawing_several_cards_at_once_is_one_draw_event(duel: Duel) -> None:
    # 000 IV Draw: several cards drawn at once count as a single draw event, unseen by the
    # opponent
    s = build(duel, {"purse": [3, 3], "seat0": {"hand": ["rummage"], "deck": DRAWS}})
    events = play(duel, s, "0 play @rummage -1 0", "0 pass", "1 pass")
    drew = [e for e in events if e.kind == "drew"]
    assert len(drew) == 1 and drew[0].data["count"] == 2
    assert "cards" in drew[0].for_viewer(0) and "cards" not in drew[0].for_viewer(1)
