"""Rules of the seed that had no test of their own (docs/rules/quest.md, the rows whose test
column was empty): each test names its fragment and the spec's rule id."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Action, Event
from engine.quest.board import draw_card
from engine.quest.content import COLOURS, ENTRANCE, PASSAGE
from engine.quest.defs import Effect
from engine.quest.game import Quest
from engine.quest.rules.effects import apply_effect, lose_levels
from engine.quest.scenario import build
from engine.quest.state import QuestState
from engine.quest.stats import move

ROOM = [{"room": "r01a", "x": 1, "y": 0}]


def _fight(quest: Quest, level: int = 5) -> QuestState:
    setup = {
        "seats": 2,
        "rooms": ROOM,
        "monsters": [{"id": "cave_trollkin", "x": 1, "y": 0, "base": "green"}],
    }
    seats: list[Mapping[str, Any]] = [
        {"at": [1, 0], "level": level, "hand": ["bucket_helm"]},
        {"at": [1, 0]},
    ]
    s = build(quest, setup, seats)
    assert s.fight is not None
    return s


def _kinds(quest: Quest, s: QuestState, seat: int) -> set[str]:
    return {a.kind for a in quest.legal_actions(s, seat)}


def test_the_six_colours_and_every_face_has_an_arrow_per_colour(quest: Quest) -> None:
    # 001 F23 F29 (R15, R16, R17): a die of six colours, four seated plus purple and orange
    assert COLOURS == ("blue", "green", "red", "yellow", "purple", "orange")
    assert all(len(a) == len(COLOURS) for a in quest.content.arrows)


def test_setup_puts_the_entrance_in_the_middle_with_its_passages(quest: Quest) -> None:
    # 001 F23 (R21): the Entrance in the middle, its links already attached
    s = quest.new(3, 1)
    assert s.rooms == {(0, 0): ENTRANCE}
    assert sorted(s.links.values()) == [PASSAGE] * 4
    assert s.pos == [(0, 0)] * 3
    # R139, R38: three Move each; R155, R157: three DxM and three Treasures in hand
    assert [move(s, quest.content, k) for k in range(3)] == [3, 3, 3]
    for hand in s.hand:
        assert sorted(quest.content.deck_of[x] for x in hand) == ["D"] * 3 + ["T"] * 3


def test_an_empty_deck_is_rebuilt_from_its_own_discards(quest: Quest) -> None:
    # 001 F19 (R20, R32): each deck has its own pile; an empty deck reshuffles it
    s = quest.new(2, 2)
    s.discards["T"].extend(s.decks["T"])
    s.decks["T"] = []
    card = draw_card(s, "T")
    assert card is not None and quest.content.deck_of[card] == "T"
    assert s.discards["T"] == [] and len(s.decks["T"]) > 0
    s.decks["T"], s.discards["T"] = [], []
    assert draw_card(s, "T") is None  # none anywhere: nothing drawn


def test_the_turn_order_is_draw_move_charity_monsters_next(quest: Quest) -> None:
    # 001 F22 F23 (R33, R37, R70): after the turn the monsters move, then the next player
    # (a monster on the board, so the Monster Die gets its window: issue 27.3)
    setup = {
        "seats": 2,
        "rooms": [{"room": "r01a", "x": 1, "y": 0}],
        "monsters": [{"id": "rat_choir", "x": 1, "y": 0, "base": "green"}],
    }
    s = build(quest, setup, [{}, {}])
    events = quest.apply(s, Action(0, "end_turn"))
    assert s.window is not None and s.window.what == "monster_turn"  # R16: its die window
    events += quest.apply(s, Action(0, "pass")) + quest.apply(s, Action(1, "pass"))
    kinds = [e.kind for e in events]
    assert kinds.index("die_window") < kinds.index("monster_turn") < kinds.index("turn")
    assert s.turn == 1


def test_only_the_active_seat_may_declare_itself_dead(quest: Quest) -> None:
    # 001 F18 (R36, R128): dying on purpose is one of the actions on your own turn
    s = build(quest, {"seats": 2}, [{}, {}])
    assert "die" in _kinds(quest, s, 0)
    assert "die" not in _kinds(quest, s, 1)


def test_a_fight_costs_no_move_and_starts_on_entering(quest: Quest) -> None:
    # 001 F34 (R45, R90, R92): entering a monster's room starts the fight; fighting is free
    setup = {
        "seats": 2,
        "rooms": ROOM,
        "monsters": [{"id": "cave_trollkin", "x": 1, "y": 0, "base": "green"}],
    }
    s = build(quest, setup, [{"level": 5}, {}])
    quest.apply(s, Action(0, "go", ("E",)))
    assert s.fight is not None and s.spent[0] == 1
    for seat, kind in ((0, "roll"), (1, "pass")):
        quest.apply(s, Action(seat, kind))
    while s.fight is not None:
        seat = min(quest.deciders(s))
        quest.apply(s, Action(seat, "pass"))
    assert s.spent[0] == 1


def test_a_helper_from_the_next_room_comes_in_at_no_move(quest: Quest) -> None:
    # 001 F46 (R44, R113): moving to help is moving out of turn and costs nothing
    setup = {
        "seats": 2,
        "rooms": ROOM,
        "monsters": [{"id": "cave_trollkin", "x": 1, "y": 0, "base": "green"}],
    }
    s = build(quest, setup, [{"at": [1, 0], "level": 5}, {"at": [0, 0]}])
    quest.apply(s, Action(0, "ask", (1, 0)))
    quest.apply(s, Action(1, "accept"))
    assert s.pos[1] == (1, 0) and s.spent[1] == 0


def test_nothing_is_picked_up_played_or_traded_in_a_fight(quest: Quest) -> None:
    # 001 F11 (R95): no giving, picking up or trading in combat; 001 F21 (R158): items from
    # the hand go into play out of combat only
    s = _fight(quest)
    s.dropped[(1, 0)] = [s.decks["T"].pop()]
    for seat in (0, 1):
        assert not _kinds(quest, s, seat) & {"pick_up", "trade", "play", "arrange"}


def test_a_slain_monster_goes_to_the_discards_and_frees_its_base(quest: Quest) -> None:
    # 001 F36 (R73): card to the discard pile, figure off the board
    s = _fight(quest, level=9)
    card = s.mons[0].card
    quest.apply(s, Action(0, "roll"))
    while s.fight is not None:
        quest.apply(s, Action(min(quest.deciders(s)), "pass"))
    assert s.mons == [] and card in s.discards["M"]


def test_monster_cards_never_reach_a_hand(quest: Quest) -> None:
    # 001 F36 (R72, R156): the invariants hold it after every action of every playout
    s = quest.new(2, 1)
    s.hand[0].append(s.decks["M"].pop())
    assert any("monster card" in p for p in quest.invariants(s))


def test_levels_never_drop_below_one(quest: Quest) -> None:
    # 001 F25 (R2, R132): whatever takes levels stops at Level 1
    s = quest.new(2, 1)
    s.level[0] = 2
    ev: list[Event] = []
    lose_levels(s, 0, 5, ev)
    assert s.level[0] == 1
    assert not apply_effect(s, quest.content, 0, Effect(op="lose_levels", amount=1), ev)


def test_worn_means_the_slots_and_the_slotless_worn_items(quest: Quest) -> None:
    # 001 F30 (R146): Headgear, Armor, Footgear and every Shiny or Clothing item; not Hands
    seats: list[Mapping[str, Any]] = [
        {"items": ["bucket_helm", "gaudy_amulet", "sword_of_meh"]},
        {},
    ]
    s = build(quest, {"seats": 2}, seats)
    apply_effect(s, quest.content, 0, Effect(op="lose_item", slot="worn"), [])
    picks = {quest.content.name(i) for i in s.pending[-1].data}
    assert picks == {"bucket_helm", "gaudy_amulet"}


def test_the_belt_holds_any_number_of_items(quest: Quest) -> None:
    # 001 F13 (R148): belt items neither worn nor held, no limit
    hand = ["grappling_hook", "lantern", "saddlebags", "fizzy_tonic"]
    s = build(quest, {"seats": 2}, [{"hand": hand}, {}])
    for _ in hand:
        play = next(a for a in quest.legal_actions(s, 0) if a.kind == "play")
        quest.apply(s, play)
    assert sorted(s.gear[0].values()) == ["belt"] * 4


def test_an_item_in_play_is_dropped_never_simply_discarded(quest: Quest) -> None:
    # 001 F30 (R142, R154): no discard action for items in play; dropping makes a stack
    s = build(quest, {"seats": 2}, [{"items": ["bucket_helm"]}, {}])
    kinds = _kinds(quest, s, 0)
    assert "drop" in kinds and "discard" not in kinds
    item = next(iter(s.gear[0]))
    quest.apply(s, Action(0, "drop", (item,)))
    assert s.dropped[(0, 0)] == [item] and item not in s.hand[0]


def test_monster_levels_go_up_to_twenty(quest: Quest) -> None:
    # 001 F31 (R165): and the Boss fights at 20 (SPEC 3.12)
    assert max(m.level for m in quest.content.monsters) <= 20


def test_a_die_window_survives_a_snapshot_and_older_ones_load(quest: Quest) -> None:
    # 001 F23 (R16): a search roll waits in its window; the snapshot keeps it
    setup = {"seats": 2, "rooms": [{"room": "r15a", "x": 1, "y": 0}], "d6": [3]}
    s = build(quest, setup, [{"at": [1, 0]}, {}])
    quest.apply(s, Action(0, "search"))
    assert s.window is not None and s.window.faces == [3]
    data = s.to_json()
    assert QuestState.from_json(data).to_json() == data
    old = dict(data)
    del old["window"], old["die_windows"]  # a snapshot saved before rules version 3
    back = QuestState.from_json(old)
    assert back.window is None and back.die_windows == 1
    del old["stops"]  # 001 F43 (R161): a snapshot saved before the Stop window (rules v9)
    assert QuestState.from_json(old).stops == []


def test_cards_in_play_never_go_back_to_their_owners_hand(quest: Quest) -> None:
    # 001 F4 (R30): items, races, classes and curses on the table stay in play (discarded,
    # dropped or traded instead); random playouts watch every action
    from engine.core import Rng

    for seed in range(3):
        s = quest.new(2, seed)
        rng = Rng(seed)
        for _ in range(1500):
            if quest.outcome(s) is not None:
                break
            seat = min(quest.deciders(s))
            legal = quest.legal_actions(s, seat)
            on_table = [{*s.gear[k], *s.roles[k], *s.curses[k]} for k in range(2)]
            quest.apply(s, legal[rng.below(len(legal))])
            for k in range(2):
                assert not on_table[k] & set(s.hand[k]), (seed, k)
