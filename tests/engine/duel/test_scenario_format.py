"""The unified scenario envelope (docs/scenarios.md), exercised through the duel: views per
seat, per-seat events, dice used, absence facts, deck validation, refusals with any reason,
and a failing step stopping its file with its number."""

from __future__ import annotations

from typing import Any

from engine.duel.game import Duel
from engine.scenario import run

FIGHT = {
    "game": "duel",
    "title": "a face-down fight card",
    "rule": "000 III.A.2.f",
    "setup": {"seat0": {"hand": ["puddle_slime"]}},
}


def scenario(*steps: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {**FIGHT, **top, "step": list(steps)}


def test_both_step_spellings_play_the_same_action() -> None:
    one_line = scenario({"do": "0 fight @puddle_slime 1", "expect": {"purse.0": 2}})
    structured = scenario(
        {"seat": 0, "do": "fight", "args": ["puddle_slime", 1], "expect": {"purse.0": 2}}
    )
    assert run(one_line) == run(structured) == []


def test_a_face_down_fight_card_is_seen_by_its_attacker_only() -> None:
    # 000 II.A.9: the attacker knows the face-down card; the defender and a spectator do not.
    step = {
        "do": "0 fight @puddle_slime 1",
        "expect_view": {
            "0": {"fight.card.id": "puddle_slime", "players.0.hand": []},
            "1": {"fight.card": "none", "players.0.hand": "none", "players.0.hand_count": 0},
            "spectator": {"fight.card": "none", "fight.gold": 1},
        },
        "expect_events": {
            "0": [{"kind": "fight_started", "id": "puddle_slime", "gold": 1}],
            "1": [{"kind": "fight_started", "id": "none", "gold": 1}],
            "spectator": [{"kind": "fight_started", "id": "none"}],
        },
    }
    assert run(scenario(step)) == []


def test_a_view_that_would_leak_fails() -> None:
    step = {"do": "0 fight @puddle_slime 1", "expect_view": {"1": {"fight.card.id": "x"}}}
    assert run(scenario(step)) == [
        "step 1 (0 fight @puddle_slime 1): view of 1: fight.card.id is 'none', expected 'x'"
    ]


def test_an_event_shown_to_the_wrong_viewer_fails() -> None:
    step = {
        "do": "0 fight @puddle_slime 1",
        "expect_events": {"spectator": [{"kind": "fight_started", "id": "puddle_slime"}]},
    }
    (failure,) = run(scenario(step))
    assert failure.startswith("step 1 (0 fight @puddle_slime 1): events for spectator: no ")


def test_the_first_player_roll_uses_the_stacked_dice() -> None:
    # 000 II.B.9: both roll, ties roll again, the high roller chooses who starts.
    spec = {
        "game": "duel",
        "title": "mulligan then the roll",
        "rule": "000 II.B.8-9",
        "setup": {"phase": "mulligan", "dice": [3, 3, 2, 6, 1]},
        "expect_start": {"deciders": [0, 1], "mulligan": [-1, -1]},
        "step": [
            {"do": "0 keep", "dice_used": [], "expect": {"mulligan": [0, -1]}},
            {"do": "1 mulligan", "dice_used": [3, 3, 2, 6], "expect": {"chooser": 1}},
            {"do": "0 first 0", "refused": True},
            {"do": "1 first 0", "expect": {"purse.0": 1, "purse.1": 2, "active": 0}},
        ],
    }
    assert run(spec) == []


def test_dice_used_is_checked() -> None:
    spec = {
        "game": "duel",
        "title": "x",
        "rule": "000 II.B.9",
        "setup": {"phase": "mulligan", "dice": [4, 1]},
        "step": [{"do": "0 keep"}, {"do": "1 keep", "dice_used": [4]}],
    }
    assert run(spec) == ["step 2 (1 keep): dice used [4, 1], expected [4]"]


def test_a_real_deal_uses_the_options_decks(duel: Duel) -> None:
    spec = {
        "game": "duel",
        "title": "x",
        "rule": "000 II.B.8",
        "options": {"decks": ["ranger", "wizard"]},
        "setup": {"phase": "mulligan", "seed": 7},
        "step": [
            {
                "expect_view": {
                    "0": {"players.0.hero.id": duel.decks["ranger"].hero},
                    "spectator": {"players.0.hand_count": 6, "players.1.deck_count": 34},
                }
            }
        ],
    }
    assert run(spec) == []


def test_absent_and_setup_damage() -> None:
    base = {
        "game": "duel",
        "title": "x",
        "rule": "000 II.A.1.c",
        "setup": {"damage": {"village_militia": 1}, "seat1": {"hoard": ["village_militia"]}},
    }
    assert run({**base, "step": [{"expect": {"damage_on.village_militia": 1}}]}) == []
    assert run({**base, "step": [{"absent": ["damage_on.village_militia"]}]}) == [
        "step 1: damage_on.village_militia is 1, expected none"
    ]


def test_refused_true_accepts_any_reason_and_a_code_must_match() -> None:
    assert run(scenario({"do": "1 face", "refused": True})) == []
    assert run(scenario({"do": "1 face", "refused": "not_legal_now"})) == [
        "step 1 (1 face): refused with not_a_decider, expected not_legal_now"
    ]
    assert run(scenario({"do": "0 done", "refused": True})) == [
        "step 1 (0 done): accepted, expected a refusal (True)"
    ]


def test_a_failing_step_stops_the_file() -> None:
    spec = scenario(
        {"do": "1 done"},
        {"do": "0 done", "expect": {"phase": "nonsense"}},
    )
    assert run(spec) == ["step 1 (1 done): refused (not_a_decider)"]


def test_deck_validation_step() -> None:
    deck = {"hero": "hero_brunhild", "cards": {"rusty_sword": 3, "hero_vesper": 1}}
    step = {"validate_deck": deck, "problems": ["duel.deck.too_few", "duel.deck.hero_in_deck"]}
    assert run(scenario(step)) == []
    wrong = {"validate_deck": deck, "problems": []}
    assert run(scenario(wrong)) == [
        "step 1: deck problems are ['duel.deck.hero_in_deck', 'duel.deck.too_few'], expected []"
    ]


def test_unknown_keys_fail_everywhere() -> None:
    assert run(scenario({"do": "0 done", "expcet": {}})) == ["unknown key 'expcet' in step 1"]
    assert run({**FIGHT, "stup": {}}) == ["unknown key 'stup'"]
    bad_seat = {**FIGHT, "setup": {"seat0": {"hnad": ["puddle_slime"]}}}
    assert run(bad_seat) == ["unknown key 'hnad' in setup.seat0"]
    assert run({**FIGHT, "step": [{"expect": {"purse.9": 1}}]}) == [
        "step 1: unknown expectation 'purse.9'"
    ]


def test_legal_and_not_legal_lists() -> None:
    step = {
        "do": "0 fight @puddle_slime 1",
        "expect": {"legal": [{"do": "1 run"}], "not_legal": [{"seat": 0, "do": "done"}]},
    }
    assert run(scenario(step)) == []
