"""An independent audit of the classic engine against rules document 004: rules that had no
test that could fail. Each test names the 004 heading it checks. Tests marked ``xfail``
(strict) show a place where the engine does not yet do what the rule (or the card) says."""

from __future__ import annotations

import pytest

from engine.classic import Classic
from engine.classic.scenario import build, find_action
from engine.classic.state import ClassicState
from engine.core import Action, Event, Rng

OWN_TURN_ONLY = frozenset({"play", "attach", "cheat", "sell", "buy_level", "steal", "deal"})


def _do(game: Classic, s: ClassicState, seat: int, kind: str, *args: object) -> list[Event]:
    action = find_action(game, s, {"seat": seat, "do": kind, "args": list(args)})
    assert action is not None, f"{kind} {args} is not legal for seat {seat}"
    return game.apply(s, action)


Step = tuple[ClassicState, Action, list[Event], ClassicState]


def _playout(game: Classic, seats: int, seed: int, steps: int) -> list[Step]:
    """A random legal playout: (before, action, events, after) for every step. About one step
    in three is a free actor's optional move, as in the property test. Odd seeds start every
    seat at level 8, so that fights for the win happen."""
    s = game.new(seats, seed)
    if seed % 2:
        s.levels = [8] * seats
    rng = Rng(seed).fork(7)
    out = []
    for _ in range(steps):
        if game.outcome(s) is not None:
            break
        free = sorted(game.free_actors(s))
        seat = (
            rng.choice(free) if free and rng.roll() <= 2 else rng.choice(sorted(game.deciders(s)))
        )
        legal = game.legal_actions(s, seat)
        if not legal:
            continue
        action = rng.choice(legal)
        before = s.clone()
        events = game.apply(s, action)
        out.append((before, action, events, s.clone()))
    return out


PLAYOUTS = [(3 + seed % 4, seed) for seed in range(12)]


@pytest.fixture(scope="module")
def playouts(game: Classic) -> list[list[Step]]:
    return [_playout(game, seats, seed, 600) for seats, seed in PLAYOUTS]


# ----- Setup / Big items --------------------------------------------------------------------


def test_setup_never_leaves_a_seat_over_its_big_item_limit(game: Classic) -> None:
    # 004: Big Items (a single Big item unless a power allows more) and Setup (2): the
    # starting characters must obey it too.
    t = game.table
    over = []
    for seats in range(3, 7):
        for seed in range(200):
            s = game.new(seats, seed)
            over += [(seed, p) for p in range(seats) if t.big_count(s, p) > t.max_big(s, p)]
            assert all(len(s.items[p]) == 2 for p in range(seats))
    assert over == []


def test_losing_dwarf_may_correct_the_problem_with_another_dwarf(game: Classic) -> None:
    # 004: Big Items: after losing the power, "correct the problem immediately" or shed.
    s = build(
        game,
        {"seats": 3, "phase": "trouble"},
        [
            {
                "roles": ["role_dwarf"],
                "items": ["armor_plate", "big_ladder"],
                "hand": ["role_dwarf_2"],
            }
        ],
    )
    _do(game, s, 0, "drop_role", "role_dwarf")
    assert find_action(game, s, {"seat": 0, "do": "play", "args": ["role_dwarf_2"]}) is not None


def test_no_step_raises_a_seat_over_its_big_item_limit(
    game: Classic, playouts: list[list[Step]]
) -> None:
    # 004: Big Items: nothing a player does may leave them carrying more Big items than they may
    # (a lost power owes a shed decision first, which is checked separately).
    t = game.table
    for steps in playouts:
        for before, action, _, after in steps:
            for p in range(after.seats):
                owed = any(x.kind == "shed" and x.seat == p for x in after.pending)
                grew = t.big_count(after, p) > max(t.big_count(before, p), t.max_big(after, p))
                assert not (grew and not owed), f"{action} put seat {p} over the Big limit"


# ----- Curses: the card says which item goes ------------------------------------------------


def test_butterfingers_takes_the_cheapest_item(game: Classic) -> None:
    # 004: Conflicts Between Cards and Rules (follow the card) and Curses (the victim decides
    # only among the items the curse can apply to); our card takes the least valuable item.
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["curse_butter"]},
        [{"items": ["hat_pot", "hat_horns", "feet_kickers"]}],
    )
    _do(game, s, 0, "kick")
    t = game.table
    losable = [t.defs[int(a.args[0])].id for a in game.legal_actions(s, 0) if a.kind == "lose"]
    # hat_pot (200) is the cheapest; a 400 item is not "the cheapest": either the victim is
    # offered only the pot, or the pot went at once and the 400-gold items stayed.
    kept = sorted(t.defs[c].id for c in s.items[0])
    assert losable == ["hat_pot"] or (losable == [] and kept == ["feet_kickers", "hat_horns"])


# ----- When You May Take Actions: own turn only ---------------------------------------------


def test_off_turn_seat_gets_no_own_turn_actions(game: Classic) -> None:
    # 004: When You May Take Actions (reserved for your own turn: roles, Super Munchkin, selling,
    # buying levels, playing items, stealing).
    s = build(
        game,
        {"seats": 3, "phase": "trouble", "turn": 0},
        [
            {"items": ["ring_bling"]},
            {
                "gold": 2000,
                "roles": ["role_thief"],
                "items": ["hat_horns"],
                "hand": ["role_elf", "super_role", "feet_kickers", "cheat_permit", "lvl_pep"],
            },
        ],
    )
    assert 1 in game.free_actors(s)
    kinds = {a.kind for a in game.legal_actions(s, 1)}
    assert "levelup" in kinds  # any-time cards stay open to it
    assert not kinds & OWN_TURN_ONLY, kinds & OWN_TURN_ONLY
    # On its own turn the same seat may do all of them.
    s.turn = 1
    own = {a.kind for a in game.legal_actions(s, 1)}
    assert {"play", "attach", "cheat", "sell", "buy_level", "steal"} <= own


# ----- Card Management: public table, secret discards, nothing back to the hand -------------


def test_cards_in_play_are_public_and_discards_show_only_their_top(game: Classic) -> None:
    # 004: Card Management (In Play: public; discards may not be looked through).
    s = build(
        game,
        {
            "seats": 3,
            "door_discard": ["mon_mold", "curse_dread"],
            "treasure_discard": ["hat_pot", "ring_bling"],
        },
        [{"roles": ["role_elf"], "items": ["hat_horns"], "curses": ["curse_jinx"]}],
    )
    data = game.view(s, 2).to_json()
    text = repr(data)
    for card in s.items[0] + s.roles[0] + s.curses[0]:
        assert str(card) in text
    hidden = {s.door_discard[0], s.treasure_discard[0]}  # under the top cards
    from engine.classic.invariants import visible_cards

    assert not visible_cards(data) & hidden


def test_cards_in_play_never_return_to_their_owners_hand(
    game: Classic, playouts: list[list[Step]]
) -> None:
    # 004: Card Management (a card on the table never goes back into its owner's hand).
    for steps in playouts:
        for before, action, _, after in steps:
            for p in range(after.seats):
                table = set(before.items[p]) | set(before.roles[p]) | set(before.curses[p])
                back = table & set(after.hands[p])
                assert not back, f"{action} returned {back} to seat {p}'s hand"


def test_an_item_leaves_the_table_only_by_a_rule(game: Classic, playouts: list[list[Step]]) -> None:
    # 004: Items (no throwing an item away for no reason): no action whose point is only
    # to throw away one's own item; an item that leaves its owner's table goes through a sale,
    # a trade or gift, a theft, a loss (Bad Stuff, curse), berserk fuel, a shed or death.
    allowed = {
        "sell", "offer", "accept", "lose", "berserk", "shed", "take_it", "set_die", "kick",
        "curse", "steal", "flee", "pass", "oneshot", "drop_role", "concede", "loot_body",
        "propose", "demand",
    }  # fmt: skip
    for steps in playouts:
        for before, action, _, after in steps:
            if action.kind not in allowed:
                for p in range(after.seats):
                    gone = set(before.items[p]) - set(after.items[p])
                    assert not gone, f"{action} took {gone} off seat {p}'s table"


# ----- Charity and the hand limit -----------------------------------------------------------


def test_every_turn_ends_with_five_cards_or_fewer(
    game: Classic, playouts: list[list[Step]]
) -> None:
    # 004: Your Hand / Charity: at the end of your turn, no more than five cards in hand.
    ended = 0
    for steps in playouts:
        for before, action, _, after in steps:
            if action.kind == "end_turn":
                ended += 1
                assert len(after.hands[before.turn]) <= 5
    assert ended > 0


def test_charity_excess_goes_only_to_the_lowest(game: Classic) -> None:
    # 004: Charity: a seat that is not lowest may not discard its excess, and only the lowest
    # seat is offered the cards.
    s = build(
        game,
        {"seats": 4, "phase": "charity"},
        [
            {
                "level": 4,
                "hand": [
                    "hat_pot",
                    "ring_bling",
                    "misc_sock",
                    "lvl_pep",
                    "lvl_nap",
                    "curse_dread",
                    "shot_glue",
                ],
            },
            {"level": 3},
            {"level": 2},
            {"level": 5},
        ],
    )
    kinds = {
        (a.kind, a.args[1] if a.kind == "charity_give" else None) for a in game.legal_actions(s, 0)
    }
    assert ("charity_give", 2) in kinds
    assert not {k for k in kinds if k[0] == "charity_give" and k[1] != 2}
    assert ("charity_discard", None) not in kinds and ("end_turn", None) not in kinds


# ----- Level 10 only by a kill; nobody levels while dead ------------------------------------


def test_level_ten_is_reached_only_by_a_kill(game: Classic, playouts: list[list[Step]]) -> None:
    # 004: Conflicts Between Cards and Rules (rule 4) and Winning the Game.
    for steps in playouts:
        for before, action, events, after in steps:
            for p in range(after.seats):
                if after.levels[p] == 10 and before.levels[p] < 10:
                    assert any(e.kind == "killed" for e in events), f"{action} made {p} level 10"


def test_the_dead_gain_no_levels(game: Classic, playouts: list[list[Step]]) -> None:
    # 004: You Are Dead! (no level gained while dead).
    for steps in playouts:
        for before, action, _, after in steps:
            for p in range(after.seats):
                if before.dead[p] and after.dead[p]:
                    assert after.levels[p] <= before.levels[p], f"{action} levelled dead {p}"


def test_the_dead_cannot_be_asked_to_help(game: Classic) -> None:
    # 004: Coming Back To Life: the new character only shows up when the next turn begins,
    # so nobody may ask a dead player for help.
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_troll"]},
        [{"level": 2}, {"level": 5, "dead": True}, {"level": 3}],
    )
    _do(game, s, 0, "kick")
    asks = [a.args[0] for a in game.legal_actions(s, 0) if a.kind == "ask"]
    assert asks == [2]


# ----- Running Away -------------------------------------------------------------------------


def test_running_away_allows_no_gear_changes_or_sales(game: Classic) -> None:
    # 004: Items (equipped or not stays fixed through a fight and the flight from it) and
    # Selling Items (no sales while fleeing).
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_troll"], "dice": [1]},
        [{"level": 1, "items": ["hat_horns"], "carried": ["hat_pot"], "gold": 2000}],
    )
    _do(game, s, 0, "kick")
    for seat in range(3):
        _do(game, s, seat, "pass")
    kinds = {a.kind for a in game.legal_actions(s, 0)}
    assert kinds == {"flee"}
    _do(game, s, 0, "flee", "mon_troll")
    kinds = {a.kind for a in game.legal_actions(s, 0)}
    assert kinds <= {"take_it", "set_die"}


# ----- One-Shot items on the table ----------------------------------------------------------


def test_one_shot_items_may_be_played_to_the_table(game: Classic) -> None:
    # 004: "One-Shot" Cards (used from the hand or from the table; a One-Shot Item is an Item)
    # and Charity (putting items on the table is one way down to five cards).
    s = build(game, {"seats": 3, "phase": "trouble"}, [{"hand": ["shot_bolt", "hat_pot"]}])
    assert find_action(game, s, {"seat": 0, "do": "play", "args": ["hat_pot"]}) is not None
    assert find_action(game, s, {"seat": 0, "do": "play", "args": ["shot_bolt"]}) is not None


# ----- The card set against the list the rules need -----------------------------------------


def test_card_set_has_what_the_rulebook_refers_to(game: Classic) -> None:
    # 004: Setup (starred starters: 7 Doors, 14 Treasures), Monsters (level, rewards, Bad
    # Stuff, bonuses against roles), Hordes (Undead; one Dragon), Monster Enhancers (plus and
    # minus), Curses, Roles, Items, One-Shot Cards, Other Treasures; 150 game cards.
    defs = game.table.defs
    assert len(defs) >= 150
    monsters = [d for d in defs if d.kind == "monster"]
    assert min(d.level for d in monsters) == 1 and max(d.level for d in monsters) == 20
    for d in monsters:
        assert d.treasures >= 1 and d.coins >= 1 and d.bad_stuff, d.id
    vs_roles = {e.role for d in monsters for e in d.effects if e.op == "bonus" and e.role}
    assert vs_roles & {"elf", "dwarf", "halfling"} and vs_roles & {
        "warrior",
        "wizard",
        "cleric",
        "thief",
    }
    assert sum(d.horde == "undead" for d in monsters) >= 3
    assert [d.horde for d in monsters].count("dragon") == 1
    assert any(e.op == "death" for d in monsters for e in d.bad_stuff)
    enhancers = [d.amount_of("bonus") for d in defs if d.kind == "enhancer"]
    assert min(enhancers) < 0 < max(enhancers)
    curses = [d for d in defs if d.kind == "curse"]
    ops = {e.op for d in curses for e in d.effects}
    assert {
        "lose_levels",
        "lose_item",
        "lose_gold",
        "discard_hand",
        "next_combat",
        "next_turn",
    } <= ops
    slots = {e.slot for d in curses for e in d.effects if e.op == "lose_item"}
    assert {"head", "armor", "feet", "hands", "none"} <= slots
    # Curses: ones that take a race or a class, and one with an alternative for a victim
    # who lacks its target ("read the card").
    taken = {e.role_kind for d in curses for e in d.effects if e.op == "lose_role"}
    assert taken == {"race", "class"}
    assert any(e.otherwise for d in curses for e in d.effects)
    powers: dict[str, set[str]] = {"race": set(), "class": set()}
    for d in defs:
        if d.power is not None:
            powers[d.kind].add(d.power)
    assert powers["race"] == {"elf", "dwarf", "halfling"}  # Human: no card
    assert powers["class"] == {"warrior", "wizard", "thief", "cleric"}
    items = [d for d in defs if d.kind == "item"]
    assert {d.slot for d in items} == {"none", "head", "armor", "feet", "hands"}
    assert {d.hands for d in items if d.slot == "hands"} == {1, 2}
    assert any(d.big for d in items) and any(d.requires for d in items)
    shots = [d for d in defs if d.kind == "oneshot"]
    assert any(d.amount_of("set_die") for d in shots) and any(d.value for d in shots)
    kinds = {d.kind for d in defs}
    assert {"levelup", "hireling", "cheat", "super", "wandering"} <= kinds
    starred = [d for d in defs if d.starter]
    assert sum(d.is_door for d in starred) == 7 and all(
        d.kind in ("race", "class") for d in starred if d.is_door
    )
    assert sum(not d.is_door for d in starred) == 14 and all(
        d.kind == "item" for d in starred if not d.is_door
    )


# ----- Card Management: reshuffle at the moment a deck runs out -----------------------------


def test_a_deck_is_rebuilt_the_moment_its_last_card_is_drawn(game: Classic) -> None:
    # 004: Card Management (the discards are shuffled back the moment a deck runs out).
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_mold"], "empty_decks": True},
        [{"level": 9}, {"hand": ["wander_in"]}],
    )
    assert s.door_discard  # every other Door card waits in the discards
    _do(game, s, 0, "kick")  # draws the last Door card
    assert s.door and not s.door_discard
    assert find_action(game, s, {"seat": 1, "do": "wander", "args": ["wander_in"]}) is None


# ----- Rewards: face down alone, face up with a helper --------------------------------------


def _kill_events(game: Classic, helped: bool) -> tuple[ClassicState, list[Event]]:
    s = build(
        game,
        {
            "seats": 3,
            "phase": "kick",
            "door": ["mon_gelatin"],
            "treasure": ["hat_pot", "ring_bling"],
        },
        [{"level": 3}, {"level": 3}],
    )
    _do(game, s, 0, "kick")
    if helped:
        _do(game, s, 0, "ask", 1)
        _do(game, s, 0, "propose", 0, 0, 0)
        _do(game, s, 1, "accept")
    else:
        s.levels[0] = 5  # strong enough alone
    events: list[Event] = []
    for seat in range(3):
        events += _do(game, s, seat, "pass")
    return s, events


def _named(events: list[Event], viewer: int | None) -> set[int]:
    """The cards the events name to ``viewer`` (under ``card`` or ``cards``)."""
    out: set[int] = set()
    for e in events:
        data = e.for_viewer(viewer)
        if isinstance(data.get("card"), int):
            out.add(data["card"])
        out.update(c for c in data.get("cards", []) if isinstance(c, int))
    return out


def test_treasure_from_a_solo_kill_is_drawn_face_down(game: Classic) -> None:
    # 004: Rewards (alone: only the killer sees what was drawn).
    s, events = _kill_events(game, helped=False)
    drawn = set(s.hands[0])
    assert len(drawn) == 2
    for viewer in (None, 1, 2):
        assert not drawn & _named(events, viewer)
    assert drawn <= _named(events, 0)


def test_treasure_from_a_helped_kill_is_drawn_face_up(game: Classic) -> None:
    # 004: Rewards (with a helper the whole table sees the treasure drawn).
    s, events = _kill_events(game, helped=True)
    drawn = set(s.hands[0]) | set(s.hands[1])
    assert len(drawn) == 2
    for viewer in (None, 2):
        assert drawn <= _named(events, viewer)


def test_losing_the_cheapest_item_never_takes_a_hireling(game: Classic) -> None:
    # 004: Attached: Items and Hirelings are told apart, so a card that takes the cheapest item
    # passes over a hireling worth nothing.
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["curse_butter"]},
        [{"items": ["hat_pot", "hireling_squire"]}],
    )
    _do(game, s, 0, "kick")
    t = game.table
    kept = sorted(t.defs[c].id for c in s.items[0])
    assert kept == ["hireling_squire"]
