"""Issue 26.4: a "none" in the duel state is ``None``, never a number an instance or a seat
could be: the fight's card once it left the fight (# 000 III.A.2.f), the first-player roll's
winner before the roll (# 000 III.A.1). Snapshots keep the ``-1`` they have always held, so a
stored match loads and replays unchanged (the frozen snapshots check the rest)."""

from __future__ import annotations

from engine.core import Action
from engine.duel.game import Duel
from engine.duel.scenario import build
from engine.duel.state import DuelState
from engine.duel.zones import detach
from tests.engine.duel.steps import play


def test_no_roll_yet_means_no_chooser_and_the_snapshot_keeps_minus_one(duel: Duel) -> None:
    # 000 III.A.1: the roll for the first player comes after both mulligans
    s = duel.new(2, 11)
    assert s.chooser is None and s.to_json()["chooser"] == -1
    back = DuelState.from_json(s.to_json())
    assert back.chooser is None and back.to_json() == s.to_json()
    duel.apply(s, Action(0, "keep"))
    duel.apply(s, Action(1, "keep"))
    assert s.chooser in (0, 1) and DuelState.from_json(s.to_json()).chooser == s.chooser


def test_a_fight_card_that_left_is_none_and_never_reaches_a_zone(duel: Duel) -> None:
    # 000 III.A.2.f: without its card the fight ends; a -1 once went to a stash as a card
    s = build(duel, {"seat0": {"hand": ["puddle_slime"]}})
    play(duel, s, "0 fight @puddle_slime 0")
    f = s.fight
    assert f is not None and f.card is not None
    detach(s, f.card)
    assert f.card is None and s.to_json()["fight"]["card"] == -1
    back = DuelState.from_json(s.to_json())
    assert back.fight is not None and back.fight.card is None
    duel.apply(s, Action(1, "run"))  # 000 III.A.2.f.(II): the defender runs from nothing
    assert s.fight is None and all(i >= 0 for p in (0, 1) for i in s.stash[p])
