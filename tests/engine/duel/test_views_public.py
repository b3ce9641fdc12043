"""Public knowledge in the duel views (# 000 II.A.9): pending Bleeding, prevention shields and
cards removed from the game are shown to both seats and spectators, while hands, decks and
face-down cards stay hidden."""

from __future__ import annotations

from engine.core import Event
from engine.duel.game import Duel
from engine.duel.scenario import build, find, parse
from engine.duel.state import DuelState
from engine.duel.views import visible_iids
from engine.duel.zones import remove_from_game


def _play(game: Duel, s: DuelState, *steps: str) -> None:
    for text in steps:
        game.apply(s, parse(game, s, text))


def _views(game: Duel, s: DuelState) -> list[dict[str, object]]:
    return [game.view(s, seat).to_json() for seat in (0, 1, None)]


def test_pending_bleeding_and_shields_are_public(duel: Duel) -> None:
    # 000 II.A.9: the effects of face-up played cards are public; the view says what each Hero
    # bleeds at its next reckoning and how much damage a Prevent still blocks
    s = build(duel, {})
    s.bleed[1] = 2
    s.shield[0] = 3
    for view in _views(duel, s):
        players = view["players"]
        assert isinstance(players, list)
        assert players[1]["bleeding"] == 2 and players[0]["bleeding"] == 0
        assert players[0]["shield"] == 3 and players[1]["shield"] == 0


def test_a_stuck_bleeding_curse_counts_in_the_pending_bleeding(duel: Duel) -> None:
    # 000 IV Bleeding: bleed effects add up, a stuck Curse's with the rest
    s = build(duel, {"seat0": {"hand": ["holey_pockets"]}})
    curse = find(duel, s, 0, "holey_pockets")
    s.hand[0].remove(curse)
    s.stuck[curse] = s.heroes[1]
    s.bleed[1] = 1
    assert duel.view(s, 0).to_json()["players"][1]["bleeding"] == 2


def test_removed_cards_are_public_and_hidden_cards_stay_hidden(duel: Duel) -> None:
    # 000 IV Remove from Game: only a card in play can be removed, so every seat sees it;
    # 000 II.A.9: hands, decks and face-down stash cards are still not shown
    s = build(
        duel,
        {
            "seat0": {"hoard": ["village_militia"], "hand": ["pointy_stick"]},
            "seat1": {"hand": ["rusty_sword"], "deck": ["big_club"], "stash": ["puddle_slime"]},
        },
    )
    militia = find(duel, s, 0, "village_militia")
    s.hoard[0].remove(militia)
    s.removed.append(militia)
    hidden_from_0 = {*s.hand[1], *s.deck[1], *s.stash[1], *s.deck[0]}
    for seat, view in zip((0, 1, None), _views(duel, s), strict=True):
        removed = view["removed"]
        assert removed == [{"iid": militia, "id": "village_militia"}]
        shown = visible_iids(view)
        if seat == 0:
            assert not shown & hidden_from_0
        else:
            assert find(duel, s, 0, "pointy_stick") not in shown
            assert not shown & {*s.stash[1], *s.deck[1]}  # own face-down stash too


def test_a_remove_ability_names_the_card_in_its_public_event(duel: Duel) -> None:
    # 000 IV Remove from Game: the removed card was face up in play, so the event names it
    s = build(duel, {"seat0": {"hoard": ["village_militia"]}, "seat1": {}})
    militia = find(duel, s, 0, "village_militia")
    ev: list[Event] = []
    remove_from_game(duel.defs, s, militia, ev)
    removed = [e for e in ev if e.kind == "removed"]
    assert removed and removed[0].for_viewer(1)["id"] == "village_militia"
    assert militia in s.removed and militia not in s.hoard[0]


def test_the_allies_named_for_split_damage_are_shown_to_both(duel: Duel) -> None:
    # 000 III.A.2.f.(I).(E).1.c: the attacker places the tokens as the defender says, so the
    # choices made so far are public
    s = build(
        duel,
        {
            "purse": [6, 3],
            "seat0": {"hand": ["gutter_drake"]},
            "seat1": {"hoard": ["village_militia", "hired_shield"]},
        },
    )
    _play(
        duel,
        s,
        "0 fight @gutter_drake 6",
        "1 face",
        "1 commit @village_militia",
        "1 commit @hired_shield",
        "1 ready",
        "0 pass",
        "1 pass",
        "1 allot @village_militia",
    )
    militia = find(duel, s, 1, "village_militia")
    for view in _views(duel, s):
        fight = view["fight"]
        assert isinstance(fight, dict)
        assert fight["allotted"] == [militia] and fight["to_split"] == 4
