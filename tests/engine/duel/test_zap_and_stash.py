"""Zap and unzap (# 000 II.A.13), the stash and unstashing (# 000 II.A.11, III.A.1), Smack
(# 000 IV Smack), squishing (# 000 III.A.2.b/d) and Bleeding (# 000 IV Bleeding)."""

from __future__ import annotations

import pytest

from engine.core import Action, IllegalAction
from engine.duel.effects import smack_targets
from engine.duel.game import Duel
from engine.duel.scenario import build, find
from tests.engine.duel.steps import DRAWS, end_turn, play


def test_unstash_sends_curses_on_stashed_cards_to_their_owners_discard(duel: Duel) -> None:
    # 000 III.A.1.d.2: Curses stuck to stashed cards go to their owner's discard pile
    s = build(
        duel,
        {
            "active": 1,
            "seat0": {"stash_up": ["sewer_croc"], "deck": DRAWS},
            "seat1": {"hand": ["weak_knees"], "deck": DRAWS},
        },
    )
    croc = find(duel, s, 0, "sewer_croc")
    curse = find(duel, s, 1, "weak_knees")
    s.hand[1].remove(curse)
    s.stuck[curse] = croc
    s.damage[croc] = 1
    end_turn(duel, s)
    assert s.active == 0
    assert croc in s.hand[0] and curse in s.discard[1] and curse not in s.stuck
    assert s.damage[croc] == 0


def test_unstash_happens_before_the_draw(duel: Duel) -> None:
    # 000 III.A.1.d-e: the unstash step, then the draw of one card
    s = build(duel, {"active": 1, "seat0": {"stash": ["puddle_slime"], "deck": DRAWS}})
    events = []
    events += duel.apply(s, Action(1, "done"))
    events += duel.apply(s, Action(0, "pass"))
    events += play(duel, s, "0 pass", "1 pass")  # the window after unzapping
    kinds = [e.kind for e in events if e.kind in ("unstashed", "drew")]
    assert kinds == ["unstashed", "drew"] and len(s.hand[0]) == 2


def test_zapped_cards_stay_zapped_until_their_controllers_unzap(duel: Duel) -> None:
    # 000 II.A.13: only the controller's own unzap step unzaps a card
    s = build(
        duel,
        {
            "seat0": {"hoard": ["rusty_sword"], "zapped": ["rusty_sword"], "deck": DRAWS},
            "seat1": {"hoard": ["big_club"], "zapped": ["big_club"], "deck": DRAWS},
        },
    )
    sword = find(duel, s, 0, "rusty_sword")
    club = find(duel, s, 1, "big_club")
    end_turn(duel, s)
    assert club not in s.zapped and sword in s.zapped
    end_turn(duel, s)
    assert sword not in s.zapped


def test_face_down_stash_cards_cannot_be_smacked(duel: Duel) -> None:
    # 000 IV Smack: a Hero or a stashed Monster; 000 II.A.11 face-down stash cards are out of
    # play and have no characteristics (000 I.E)
    s = build(duel, {"seat1": {"stash": ["sewer_croc"], "stash_up": ["puddle_slime"]}})
    targets = smack_targets(duel.defs, s)
    assert find(duel, s, 1, "puddle_slime") in targets
    assert find(duel, s, 1, "sewer_croc") not in targets


def test_a_canceled_encore_card_is_discarded_not_stashed(duel: Duel) -> None:
    # 000 IV Cancel: a canceled card from the hand goes to the discard pile; Encore applies
    # only after the card resolved
    s = build(
        duel, {"purse": [3, 3], "seat0": {"hand": ["spare_change"]}, "seat1": {"hand": ["nope"]}}
    )
    play(duel, s, "0 play @spare_change -1 0", "1 play @nope -1 0", "0 pass", "1 pass")
    while s.stack:
        play(duel, s, f"{min(duel.deciders(s))} pass")
    change = find(duel, s, 0, "spare_change")
    assert change in s.discard[0] and change not in s.stash[0] and s.purse[0] == 3


@pytest.mark.parametrize("cid", ["rusty_sword", "crooked_tavern"])
def test_a_zapped_loot_or_location_cannot_be_squished(duel: Duel, cid: str) -> None:
    # 000 III.A.2.b, III.A.2.d: only an unzapped one
    s = build(duel, {"seat0": {"hoard": [cid], "zapped": [cid]}})
    iid = find(duel, s, 0, cid)
    with pytest.raises(IllegalAction):
        duel.apply(s, Action(0, "squish", (iid,)))
    s = build(duel, {"seat0": {"hoard": [cid]}})
    iid = find(duel, s, 0, cid)
    duel.apply(s, Action(0, "squish", (iid,)))
    assert iid in s.discard[0] and iid not in s.zapped  # out of play: orientation cleared


def test_bleed_effects_add_up_at_the_next_reckoning(duel: Duel) -> None:
    # 000 IV Bleeding X: cumulative, taken in the reckoning step of that Hero's warmup
    s = build(
        duel,
        {"seat0": {"hand": ["stubbed_toe"], "deck": DRAWS}, "seat1": {"deck": DRAWS}},
    )
    # Stubbed Toe: Bleeding 1, and with Give Blood 1 (1 damage to its player) Bleeding 2 more
    play(duel, s, "0 play @stubbed_toe -1 1", "0 pass", "1 pass")
    assert s.damage[s.heroes[1]] == 0 and s.damage[s.heroes[0]] == 1
    end_turn(duel, s)
    while s.phase != "main":
        duel.apply(s, Action(min(duel.deciders(s)), "pass"))
    assert s.active == 1 and s.damage[s.heroes[1]] == 3
    end_turn(duel, s)
    while s.phase != "main":
        duel.apply(s, Action(min(duel.deciders(s)), "pass"))
    end_turn(duel, s)
    while s.phase != "main":
        duel.apply(s, Action(min(duel.deciders(s)), "pass"))
    assert s.active == 1 and s.damage[s.heroes[1]] == 3  # a one-off bleed is used up
