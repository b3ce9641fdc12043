"""Hidden information (# 000 II.A.9 public knowledge, I.E: an unseen face has no
characteristics), proved by indistinguishability: two positions that differ only in cards a
seat may not see give that seat the same view, the same legal actions and the same events."""

from __future__ import annotations

import json
from collections.abc import Iterator

from engine.core import Action, Event, Rng
from engine.duel.game import Duel
from engine.duel.scenario import build, find
from engine.duel.state import DuelState
from engine.duel.views import visible_iids
from tests.engine.duel.steps import play

SEEDS = range(12)
DECKS = (("warrior", "thief"), ("wizard", "cleric"), ("bard", "ranger"), ("wanderer", "thief"))


def _positions(duel: Duel, steps: int = 400) -> Iterator[DuelState]:
    """Positions of random legal games (the caller clones before changing one)."""
    for seed in SEEDS:
        s = duel.new(2, seed, {"decks": list(DECKS[seed % len(DECKS)])})
        rng = Rng(seed).fork(3)
        for _ in range(steps):
            if duel.outcome(s) is not None:
                break
            yield s
            seat = rng.choice(sorted(duel.deciders(s)))
            duel.apply(s, rng.choice(duel.legal_actions(s, seat)))


def _same_for(duel: Duel, a: DuelState, b: DuelState, seat: int | None) -> None:
    assert duel.view(a, seat).to_json() == duel.view(b, seat).to_json()
    if seat is not None:
        assert duel.legal_actions(a, seat) == duel.legal_actions(b, seat)


def _card_id(duel: Duel, s: DuelState, iid: int) -> str:
    return duel.defs[s.card_of[iid]].id


def test_the_defender_cannot_tell_which_card_was_committed(duel: Duel) -> None:
    # 000 III.A.2.f: the card goes to the DMZ face down; 000 II.A.9: its face is not public
    checked = 0
    for s in _positions(duel):
        if (
            s.phase != "main"
            or s.pending
            or s.window is not None
            or s.active not in duel.deciders(s)
        ):
            continue
        attacker, defender = s.active, 1 - s.active
        kinds = {_card_id(duel, s, i): i for i in s.hand[attacker]}
        if len(kinds) < 2 or checked >= 40:
            continue
        first, second = sorted(kinds.values())[:2]
        gold = min(1, s.purse[attacker])
        a, b = s.clone(), s.clone()
        ev_a = duel.apply(a, Action(attacker, "fight", (first, gold)))
        ev_b = duel.apply(b, Action(attacker, "fight", (second, gold)))
        for viewer in (defender, None):
            assert [e.for_viewer(viewer) for e in ev_a] == [e.for_viewer(viewer) for e in ev_b]
            _same_for(duel, a, b, viewer)
        # Still secret while the defender decides, readies and commits (# 000 III.A.2.f.(I).(A))
        for step in (Action(defender, "face"),):
            ev_a, ev_b = duel.apply(a, step), duel.apply(b, step)
            assert [e.for_viewer(defender) for e in ev_a] == [e.for_viewer(defender) for e in ev_b]
            _same_for(duel, a, b, defender)
        # Running away keeps it face down for good (# 000 III.A.2.f.(II).2)
        a, b = s.clone(), s.clone()
        duel.apply(a, Action(attacker, "fight", (first, gold)))
        duel.apply(b, Action(attacker, "fight", (second, gold)))
        ev_a, ev_b = duel.apply(a, Action(defender, "run")), duel.apply(b, Action(defender, "run"))
        if a.phase != "over":
            assert [e.for_viewer(defender) for e in ev_a] == [e.for_viewer(defender) for e in ev_b]
            _same_for(duel, a, b, defender)
            _same_for(duel, a, b, None)
        checked += 1
    assert checked >= 20


def test_hands_and_decks_are_private(duel: Duel) -> None:
    # 000 II.A.9: a hand is seen by its player only; decks by nobody (their size is public)
    checked = 0
    for s in _positions(duel, steps=150):
        for seat in (0, 1):
            other = 1 - seat
            if not s.hand[other] or not s.deck[other] or len(s.deck[seat]) < 2:
                continue
            b = s.clone()
            i, j = b.hand[other][0], b.deck[other][-1]
            b.hand[other][0], b.deck[other][-1] = j, i
            b.deck[seat][0], b.deck[seat][-1] = b.deck[seat][-1], b.deck[seat][0]
            _same_for(duel, s, b, seat)
            _same_for(duel, s, b, None)
            checked += 1
    assert checked > 100


def test_face_down_stash_cards_are_hidden_from_everyone_owner_included(duel: Duel) -> None:
    # 000 II.A.9: nobody sees a face-down stash card, not even the player who stashed it
    checked = 0
    for s in _positions(duel):
        for owner in (0, 1):
            down = [i for i in s.stash[owner] if i not in s.face_up]
            if not down or not s.deck[owner]:
                continue
            b = s.clone()
            i, j = down[0], b.deck[owner][-1]
            b.stash[owner][b.stash[owner].index(i)] = j
            b.deck[owner][-1] = i
            for viewer in (owner, 1 - owner, None):
                _same_for(duel, s, b, viewer)
            checked += 1
    assert checked > 20


def _mentions(events: list[Event], seat: int | None, iid: int, cid: str) -> bool:
    text = json.dumps([e.for_viewer(seat) for e in events])
    return f'"{cid}"' in text or any(
        e.for_viewer(seat).get(k) == iid for e in events for k in ("card", "cards")
    )


def test_a_run_from_commit_never_shows_the_card_to_the_defender(duel: Duel) -> None:
    # 000 II.A.9, III.A.2.f.(II).1.b: the card goes to the stash still face down
    s = build(duel, {"seat0": {"hand": ["gutter_drake"]}})
    drake = find(duel, s, 0, "gutter_drake")
    events = play(duel, s, "0 fight @gutter_drake 1")
    assert drake not in visible_iids(duel.view(s, 1).to_json())
    events += play(duel, s, "1 run")
    for viewer in (1, None):
        assert not _mentions(events, viewer, drake, "gutter_drake")
        assert drake not in visible_iids(duel.view(s, viewer).to_json())
    # the owner may not look at its own face-down stash either
    assert drake not in visible_iids(duel.view(s, 0).to_json())
    assert duel.view(s, 0).to_json()["players"][0]["stash_face_down"] == 1


def test_a_regenerated_monster_is_hidden_once_stashed_face_down(duel: Duel) -> None:
    # 000 IV Regenerate: to the owner's stash face down; 000 II.A.9 nobody may look at it
    s = build(duel, {"seat0": {"hand": ["skeleton_drummer"]}, "seat1": {"hoard": ["big_club"]}})
    play(duel, s, "0 fight @skeleton_drummer 2", "1 face", "1 commit @big_club", "1 ready")
    play(duel, s, "0 pass", "1 pass")
    drummer = find(duel, s, 0, "skeleton_drummer")
    assert drummer in s.stash[0] and drummer not in s.face_up
    for viewer in (0, 1, None):
        assert drummer not in visible_iids(duel.view(s, viewer).to_json())


def test_every_view_is_json_and_shows_no_hand_but_ones_own(duel: Duel) -> None:
    # 000 II.A.9: hands are private; counts are public
    s = build(duel, {"seat0": {"hand": ["bribe", "nope"]}, "seat1": {"hand": ["duck"]}})
    for viewer, other in ((0, 1), (1, 0)):
        view = duel.view(s, viewer).to_json()
        json.dumps(view)
        assert view["players"][other]["hand"] is None
        assert view["players"][other]["hand_count"] == len(s.hand[other])
        assert not visible_iids(view) & set(s.hand[other])
