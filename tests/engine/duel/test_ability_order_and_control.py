"""Rules checked with test-only cards (tests/engine/duel/rules_cards.py): simultaneous
abilities in the active player's order, end-of-fight abilities, control."""

from __future__ import annotations

from typing import Any

import pytest

from engine.duel.effects import candidates
from engine.duel.game import Duel
from engine.duel.invariants import invariants
from engine.duel.scenario import build, find, parse, probe
from engine.duel.state import DuelState
from engine.duel.zones import controller, rank_total
from tests.engine.duel.warmup_steps import pass_warmup

from .rules_cards import with_test_cards


@pytest.fixture(scope="module")
def game(duel: Duel) -> Duel:
    return with_test_cards(duel)


def _play(game: Duel, s: DuelState, *steps: str) -> None:
    for text in steps:
        game.apply(s, parse(game, s, text))


def _codes(game: Duel, s: DuelState) -> dict[str, int]:
    """The pending order choices by card id."""
    out: dict[str, int] = {}
    assert s.pending is not None
    for action in game.legal_actions(s, s.pending.seat):
        assert action.kind == "order"
        code = int(action.args[0])
        out[game.defs[s.card_of[code // 16]].id] = code
    return out


def _fight_to_end(game: Duel, setup: dict[str, Any], monster: str, gold: int) -> DuelState:
    s = build(game, setup)
    _play(game, s, f"0 fight @{monster} {gold}", "1 face", "1 ready", "0 pass", "1 pass")
    return s


END_SETUP: dict[str, Any] = {
    "purse": [3, 3],
    "seat0": {"hand": ["t_mole"], "hoard": ["t_gong_arena"]},
    "seat1": {"hoard": ["t_bandage_charm"]},
}


@pytest.mark.parametrize(("first", "hero_damage"), [("t_gong_arena", 0), ("t_bandage_charm", 1)])
def test_end_of_fight_abilities_resolve_in_the_active_players_order(
    game: Duel, first: str, hero_damage: int
) -> None:
    # 000 III.A.2.f.(I).(F).1, II.A.2: simultaneous end-of-fight abilities, active player's order
    s = _fight_to_end(game, END_SETUP, "t_mole", 1)
    assert s.fight is not None and s.fight.step == "end"
    assert game.deciders(s) == {0}
    codes = _codes(game, s)
    assert set(codes) == {"t_gong_arena", "t_bandage_charm"}
    game.apply(s, parse(game, s, f"0 order {codes[first]}"))
    # 000 II.A.1.a: they wait on the stack, each answerable, and resolve as both pass
    assert s.window is not None and s.window.kind == "fight_end" and len(s.stack) == 2
    _play(game, s, "0 pass", "1 pass", "0 pass", "1 pass")
    facts = probe(game, s)
    assert facts["damage.1"] == hero_damage
    # 000 III.A.2.f.(I).(F).2-4: then the Monster is stashed face up and play goes on
    assert facts["stash_up.0"] == ["t_mole"] and facts["phase"] == "main" and s.fight is None


def test_three_end_of_fight_abilities_ask_twice_and_survivor_joins_them(game: Duel) -> None:
    # 000 III.A.2.f.(I).(F).1, 000 IV Survivor: Survivor is one of the end-of-fight abilities
    setup = {
        "purse": [4, 3],
        "seat0": {"hand": ["sulking_troll"], "hoard": ["t_gong_arena"]},
        "seat1": {"hoard": ["t_tally_stone"]},
    }
    s = _fight_to_end(game, setup, "sulking_troll", 4)
    codes = _codes(game, s)
    assert set(codes) == {"t_gong_arena", "t_tally_stone", "sulking_troll"}
    game.apply(s, parse(game, s, f"0 order {codes['t_tally_stone']}"))
    assert set(_codes(game, s)) == {"t_gong_arena", "sulking_troll"}
    game.apply(s, parse(game, s, f"0 order {codes['sulking_troll']}"))
    _play(game, s, "0 pass", "1 pass")
    assert probe(game, s)["purse.1"] == 4  # the first pick resolves first
    _play(game, s, "0 pass", "1 pass", "0 pass", "1 pass")
    facts = probe(game, s)
    assert facts["purse.0"] == 1 and facts["damage.1"] == 5 + 1
    assert facts["stash_up.0"] == ["sulking_troll"] and not s.pending


def test_a_squished_monster_has_no_survivor_but_other_end_abilities_happen(game: Duel) -> None:
    # 000 III.A.2.f.(I).(D).1: squished by Weapons, go to the end of the fight
    setup = {
        "purse": [4, 3],
        "seat0": {"hand": ["sulking_troll"], "hoard": ["t_gong_arena"]},
        "seat1": {"hoard": ["flail_of_concern", "rusty_sword"]},
    }
    s = build(game, setup)
    _play(game, s, "0 fight @sulking_troll 4", "1 face", "1 commit @flail_of_concern")
    _play(game, s, "1 commit @rusty_sword", "1 ready", "0 pass", "1 pass", "0 pass", "1 pass")
    facts = probe(game, s)
    assert facts["discard.0"] == ["sulking_troll"] and facts["purse.0"] == 0
    assert facts["damage.1"] == 1 and s.fight is None
    assert facts["hoard.1"] == ["flail_of_concern", "rusty_sword"]


@pytest.mark.parametrize(("first_op", "hero_damage"), [(0, 1), (1, 0)])
def test_several_hire_abilities_are_ordered_by_the_active_player(
    game: Duel, first_op: int, hero_damage: int
) -> None:
    # 000 III.A.2.f.(I).(C).1, II.A.2: ability 0 deals 1 damage, ability 1 prevents 1
    s = _fight_to_end(
        game, {"purse": [3, 3], "seat0": {"hand": ["t_shield_first_imp"]}}, "t_shield_first_imp", 1
    )
    assert s.fight is not None and s.fight.step == "hire" and game.deciders(s) == {0}
    imp = find(game, s, 0, "t_shield_first_imp")
    game.apply(s, parse(game, s, f"0 order {imp * 16 + first_op}"))
    assert s.window is not None and s.window.kind == "hire"
    _play(game, s, "0 pass", "1 pass", "0 pass", "1 pass")
    facts = probe(game, s)
    assert facts["damage.1"] == hero_damage and facts["stash_up.0"] == ["t_shield_first_imp"]


def test_taking_control_moves_the_card_and_leaving_play_reverts_it(game: Duel) -> None:
    # 000 II.A.4: the controller changes, the owner does not (000 II.A.8)
    s = build(game, {"seat0": {"hand": ["t_borrow"]}, "seat1": {"hoard": ["rusty_sword"]}})
    sword = find(game, s, 1, "rusty_sword")
    _play(game, s, f"0 play @t_borrow {sword} 0", "0 pass", "1 pass")
    assert sword in s.hoard[0] and controller(s, sword) == 0 and s.owner[sword] == 1
    _play(game, s, f"0 squish {sword}")
    assert sword in s.discard[1]


def test_control_can_pass_the_rank_limit_and_then_no_loot_is_played(game: Duel) -> None:
    # 000 I.D.3: an ability took the hoard over the limit: no Loot, even of rank 0
    setup = {
        "level": [1, 1],
        "seat0": {"hand": ["t_borrow", "pointy_stick"], "hoard": ["pot_helmet"]},
        "seat1": {"hoard": ["big_club"]},
    }
    s = build(game, setup)
    assert any(a.kind == "loot" for a in game.legal_actions(s, 0))
    club = find(game, s, 1, "big_club")
    _play(game, s, f"0 play @t_borrow {club} 0", "0 pass", "1 pass")
    assert club in s.hoard[0]
    assert not any(a.kind == "loot" for a in game.legal_actions(s, 0))
    assert invariants(game, s) == []


def test_control_never_gives_a_second_location(game: Duel) -> None:
    # 000 I.E.3: one Location each; the part of the ability that cannot happen does nothing
    setup = {
        "seat0": {"hand": ["t_lure"], "hoard": ["t_gong_arena"]},
        "seat1": {"hoard": ["sanctuary"]},
    }
    s = build(game, setup)
    place = find(game, s, 1, "sanctuary")
    _play(game, s, f"0 play @t_lure {place} 0", "0 pass", "1 pass")
    assert place in s.hoard[1] and s.phase == "main"


def test_a_stuck_curse_is_controlled_by_its_hosts_controller(game: Duel) -> None:
    # 000 II.A.4: a card played to the opponent's zone is theirs to control, not to own
    s = build(game, {"purse": [5, 5], "seat0": {"hand": ["nosebleed_hex"]}})
    _play(game, s, "0 play @nosebleed_hex hero1 0", "0 pass", "1 pass")
    curse = next(iter(s.stuck))
    assert controller(s, curse) == 1 and s.owner[curse] == 0


def test_any_card_that_changes_the_cost_may_be_played_in_the_cost_window(game: Duel) -> None:
    # 000 III.A.2.f.(I).(B).1: not only interrupts; while one resolves, only interrupts
    setup = {
        "purse": [3, 3],
        "seat0": {"hand": ["grumbling_goblin"]},
        "seat1": {"hand": ["t_haggling_note", "t_haggling_note", "firecracker"]},
    }
    s = build(game, setup)
    _play(game, s, "0 fight @grumbling_goblin 2", "1 face", "1 ready")
    kinds = {game.defs[s.card_of[int(a.args[0])]].id for a in game.legal_actions(s, 1) if a.args}
    assert kinds == {"t_haggling_note"}  # a Treachery that does not change the cost waits
    _play(game, s, "1 play @t_haggling_note -1 0")
    assert not any(a.kind == "play" for a in game.legal_actions(s, 0))
    assert not any(a.kind == "play" for a in game.legal_actions(s, 1))
    _play(game, s, "0 pass", "1 pass")
    assert probe(game, s)["fight_cost"] == 4
    _play(game, s, "0 pass", "1 pass")
    assert probe(game, s)["stash.0"] == ["grumbling_goblin"]  # 000 III.A.2.f.(I).(B).(2.1)


@pytest.mark.parametrize(("first", "hero_damage"), [("t_ember_ring", 0), ("t_evening_balm", 1)])
def test_cooldown_abilities_resolve_in_the_active_players_order_before_the_level(
    game: Duel, first: str, hero_damage: int
) -> None:
    # 000 III.A.3: cooldown abilities first (active player's order), then level and gold
    setup = {
        "level": [3, 3],
        "purse": [0, 0],
        "seat0": {"hoard": ["t_evening_balm", "t_ember_ring"], "deck": ["windfall"]},
        "seat1": {"deck": ["windfall"]},
    }
    s = build(game, setup)
    _play(game, s, "0 done", "1 pass")
    assert s.phase == "cooldown" and game.deciders(s) == {0} and s.level[0] == 3
    game.apply(s, parse(game, s, f"0 order {_codes(game, s)[first]}"))
    pass_warmup(game, s)
    facts = probe(game, s)
    assert facts["damage.0"] == hero_damage
    assert (facts["level.0"], facts["purse.0"], s.active, s.phase) == (4, 4, 1, "main")


@pytest.mark.parametrize(("level", "drawn"), [(3, 1), (10, 0)])
def test_level_up_abilities_only_when_a_level_is_gained(game: Duel, level: int, drawn: int) -> None:
    # 000 III.A.3.a: abilities that trigger on gaining a level cannot at level 10
    setup = {
        "level": [level, 3],
        "seat0": {"hoard": ["t_laurel"], "deck": ["windfall", "windfall"]},
        "seat1": {"deck": ["windfall"]},
    }
    s = build(game, setup)
    _play(game, s, "0 done", "1 pass")
    pass_warmup(game, s)
    assert len(s.hand[0]) == drawn and s.level[0] == min(level + 1, 10) and s.active == 1


def test_damage_prevention_is_an_interrupt_whatever_the_card_says(game: Duel) -> None:
    # 000 IV Prevent: damage prevention is an interrupt, so it answers what is resolving
    setup = {
        "purse": [3, 3],
        "seat0": {"hand": ["firecracker"]},
        "seat1": {"hand": ["t_brace"], "hoard": ["t_padded_cap"]},
    }
    s = build(game, setup)
    _play(game, s, "0 play @firecracker hero1 0", "0 pass")
    kinds = {a.kind for a in game.legal_actions(s, 1)}
    assert kinds == {"pass", "play", "activate"}
    _play(game, s, "1 play @t_brace -1 0", "1 pass", "0 pass", "1 pass", "0 pass")
    assert probe(game, s)["damage.1"] == 0


def test_a_card_that_changes_type_is_only_its_new_type_until_it_leaves_play(game: Duel) -> None:
    # 000 I.E: it takes the new type's characteristics and loses the old type
    setup = {
        "level": [3, 3],
        "purse": [5, 3],
        "seat0": {"hand": ["t_wake_the_gear", "grumbling_goblin"]},
        "seat1": {"hoard": ["big_club"]},
    }
    s = build(game, setup)
    club = find(game, s, 1, "big_club")
    _play(game, s, f"0 play @t_wake_the_gear {club} 0", "0 pass", "1 pass")
    assert s.animated == {club: 3} and rank_total(game.defs, s, 1) == 0
    assert club in candidates(game.defs, s, "ally", 0) and club not in candidates(
        game.defs, s, "loot", 0
    )
    shown = next(c for c in game.view(s, 0).to_json()["players"][1]["hoard"] if c["iid"] == club)
    assert shown["type"] == "ally" and shown["life"] == 3
    _play(game, s, "0 fight @grumbling_goblin 2", "1 face", f"1 commit {club}", "1 ready")
    _play(game, s, "0 pass", "1 pass")
    # Committed as an Ally: no Weapon damage, it takes the Monster's 3 and is squished
    facts = probe(game, s)
    assert facts["discard.1"] == ["big_club"] and facts["damage.1"] == 0
    assert facts["stash_up.0"] == ["grumbling_goblin"] and "damage_on.grumbling_goblin" not in facts
    assert s.animated == {}  # 000 I.E: out of play it is Loot again


def test_order_choices_name_their_card_for_renderers() -> None:
    from engine.duel.triggers import trigger_card

    assert trigger_card(5 * 16 + 2) == (5, 2) and trigger_card(-1) is None


@pytest.mark.parametrize(("damage", "offered"), [(0, False), (2, True)])
def test_a_flaunt_that_only_heals_needs_damage_to_heal(
    game: Duel, damage: int, offered: bool
) -> None:
    # 000 IV Heal: an undamaged Hero has nothing to heal, so the Flaunt is not offered
    s = build(game, {"purse": [3, 3], "hero_damage": [damage, 0], "seat0": {"hand": ["war_story"]}})
    assert any(a.kind == "flaunt" for a in game.legal_actions(s, 0)) == offered
