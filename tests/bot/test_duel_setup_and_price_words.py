"""What a duel says where its players decide (found playing a duel at 400 px, docs/ux.md
2026-12-03): the roll for the first player names the dice and the winner; the opening hand
and the first-player choice say what they ask; a defender reads what running costs beside
the choice; a revealed Monster's price stands beside the gold committed; a fight option says
when its gold is short of the Monster's price; the deck picker names each deck's class."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain
from typing import Any

from bot.games.duel import words
from bot.games.duel.lobby import note
from bot.plugins import renderer_for
from bot.words import play_texts
from engine.core import Rng
from engine.duel.fight_values import hire_cost
from engine.games import load_game
from tests.bot.render_support import NAMES

TWO = NAMES[:2]


def _positions(seeds: range = range(10)) -> Iterator[tuple[Any, Any]]:
    """(game, state) before every move of seeded heuristic duels."""
    game = load_game("duel")
    for seed in seeds:
        state = game.new(2, seed)
        rng = Rng(seed)
        for _ in range(400):
            if game.outcome(state) is not None or not game.deciders(state):
                break
            yield game, state
            seat = min(game.deciders(state))
            game.apply(state, game.ai_action(state, seat, rng, "heuristic"))


def test_the_roll_for_the_first_player_names_the_dice_and_the_winner() -> None:
    # 000 II.B.9: both roll, ties roll again, the high roller chooses who goes first.
    renderer = renderer_for("duel")
    assert renderer.event_line({"kind": "rolled", "rolls": [5, 2]}, TWO) == (
        "Alice rolls 5, Bob rolls 2: Alice chooses who goes first."
    )
    assert renderer.event_line({"kind": "rolled", "rolls": [1, 4]}, TWO) == (
        "Alice rolls 1, Bob rolls 4: Bob chooses who goes first."
    )
    assert renderer.event_line({"kind": "rolled", "rolls": [3, 3]}, TWO) == (
        "Alice and Bob both roll 3: they roll again."
    )


def test_the_opening_hand_and_the_first_choice_say_what_they_ask() -> None:
    # 000 II.B.8.a: one mulligan, the new hand kept; II.B.9: the winner picks, 1 and 2 gold.
    renderer = renderer_for("duel")
    said: dict[str, set[str]] = {"mulligan": set(), "first": set()}
    for game, state in _positions(range(4)):
        if state.phase not in said:
            continue
        for seat in sorted(game.deciders(state)):
            actions = game.legal_actions(state, seat)
            view = renderer.read(game.view(state, seat))
            said[state.phase].update(renderer.hand_decision(view, actions, TWO))
        # the seat the match does not wait on is asked nothing
        for seat in {0, 1} - set(game.deciders(state)):
            view = renderer.read(game.view(state, seat))
            assert renderer.hand_decision(view, [], TWO) == []
    assert said == {
        "mulligan": {f"**{words.HAND_MULLIGAN}**"},
        "first": {f"**{words.HAND_FIRST}**"},
    }


def test_the_defender_reads_what_running_costs_beside_the_choice() -> None:
    # 000 III.A.2.f.(II): the first run is free, a second before the defender's own turn
    # (III.A.1.a Flip) limps for 2 damage.
    renderer = renderer_for("duel")
    seen = set()
    for game, state in _positions():
        fight = state.fight
        if fight is None or fight.step != "run":
            continue
        defender = 1 - fight.attacker
        view = renderer.read(game.view(state, defender))
        lines = renderer.hand_decision(view, game.legal_actions(state, defender), TWO)
        how = words.HAND_RUN_COST["limp" if state.limp[defender] else "run"]
        assert any(how in line for line in lines), lines
        assert not any("Next escape" in line for line in lines)
        seen.add(state.limp[defender])
    assert seen == {False, True}  # both a free run and a limp came up


def _short_attacks() -> Iterator[tuple[Any, Any]]:
    """Fights started with less gold than the Monster's price (the heuristic never does),
    faced and readied up to the reveal's cost step."""
    for game, state in _positions(range(3)):
        seat = state.active
        if state.phase != "main" or seat not in game.deciders(state):
            continue
        for action in game.legal_actions(state, seat):
            card = game.defs[state.card_of[action.args[0]]] if action.kind == "fight" else None
            if card is None or card.type != "monster" or action.args[1] >= card.cost:
                continue
            trial = game.load_state(state.to_json())
            game.apply(trial, action)
            for _ in range(4):  # face, then ready: the defender sends nobody in
                if trial.fight is None or trial.fight.step == "cost":
                    break
                defender = 1 - trial.fight.attacker
                moves = game.legal_actions(trial, defender)
                game.apply(trial, next(a for a in moves if a.kind in ("face", "ready")))
            yield game, trial
            break


def test_a_revealed_monsters_price_stands_beside_the_gold_committed() -> None:
    # 000 III.A.2.f.(I).(B).2: less gold than the price is cheating; II.A.7 never below 0.
    renderer = renderer_for("duel")
    kinds = set()
    for game, state in chain(_positions(), _short_attacks()):
        fight = state.fight
        if fight is None or fight.step != "cost" or fight.card is None:
            continue
        card = game.defs[state.card_of[fight.card]]
        view = renderer.read(game.view(state, None))
        text = "\n".join(f.value for f in renderer.table_fields(view, TWO, ["", ""]) or [])
        if card.type != "monster":
            assert "Hire price" not in text
            continue
        cost, gold = hire_cost(game.defs, state), fight.gold
        if gold >= cost:
            assert words.PRICE.format(cost=cost, gold=gold) in text, text
        else:
            attacker = TWO[fight.attacker]
            short = words.PRICE_SHORT.format(cost=cost, gold=gold, attacker=attacker)
            assert short in text, text
        kinds.add(gold >= cost)
    assert kinds == {True, False}  # paid and short prices both came up


def test_a_fight_option_says_when_its_gold_is_short_of_the_price() -> None:
    # 000 III.A.2.f: the attacker commits a card face down and any gold; a Monster that
    # costs more is caught cheating unless its price drops, so the option says so.
    renderer = renderer_for("duel")
    short_seen = paid_seen = False
    for game, state in _positions(range(4)):
        seat = state.active
        if state.phase != "main" or seat not in game.deciders(state):
            continue
        view = renderer.read(game.view(state, seat))
        for action in game.legal_actions(state, seat):
            if action.kind != "fight":
                continue
            card_iid, gold = action.args[0], action.args[1]
            card = game.defs[state.card_of[card_iid]]
            description = renderer.control(action, view, TWO).description or ""
            if card.type == "monster" and gold < card.cost:
                assert words.FIGHT_SHORT.format(short=card.cost - gold) in description
                short_seen = True
            else:
                assert "gold short" not in description
                paid_seen = paid_seen or card.type == "monster"
    assert short_seen and paid_seen


def test_the_deck_picker_names_each_decks_class() -> None:
    # 000 I.F: a deck is its Hero's class (a Wanderer's adds one); the Hero's name alone
    # did not say which.
    assert note(True, {"hero": "hero_lirra"}) == f"{words.DECK_PRECON} · Bard · Lirra Lutestring"
    assert note(False, {"hero": "no-such-hero"}) == words.DECK_OWN


def test_the_hand_list_gives_an_allys_cost_and_a_loots_rank() -> None:
    # 000 I.D.2 gold cost (Allies, Mischief), I.D.3 rank (Loot over the rank limit is not
    # offered, which nothing on a phone explained), I.D.10 defense.
    from bot.games.duel.cards_text import game
    from bot.games.duel.sayings import hand_stat

    def stat(name: str) -> str:
        return hand_stat(next(c for c in game().defs if c.name == name))

    assert stat("Squire Oaf") == "power 0, life 5, defense 2, costs 2 gold"
    assert stat("Grandad's War Maul") == "+5, rank 3"
    assert stat("Grumbling Goblin") == "power 3, life 3, hire 2 gold"
    assert stat("Snare") == "costs 1 gold"


def test_a_hero_target_is_named_by_its_player() -> None:
    # 000 I.E.1: the player is the Hero; "… on Brunhild …" and "… on Fenwick M…" were both
    # cut at a button's width.
    renderer = renderer_for("duel")
    labels: set[str] = set()
    for game, state in _positions(range(6)):
        for seat in sorted(game.deciders(state)):
            view = renderer.read(game.view(state, seat))
            heroes = {game.defs[state.card_of[side.hero.iid]].name for side in view.players}
            for control in renderer.controls(game.legal_actions(state, seat), view, TWO):
                assert not any(f"on {hero}" in control.label for hero in heroes), control
                labels.add(control.label)
    assert any(label.endswith(" on your Hero") for label in labels)
    assert any(
        label.endswith(" on Alice's Hero") or label.endswith(" on Bob's Hero") for label in labels
    )


def test_the_roll_winners_own_button_leads() -> None:
    # 000 II.B.9: "I go first" first, whichever seat won the roll.
    renderer = renderer_for("duel")
    for game, state in _positions(range(12)):
        if state.phase != "first":
            continue
        seat = next(iter(game.deciders(state)))
        view = renderer.read(game.view(state, seat))
        controls = renderer.controls(game.legal_actions(state, seat), view, TWO)
        assert controls[0].label == words.FIRST_ME


def test_a_stash_line_says_only_the_parts_there_are() -> None:
    # 000 II.A.11: survivors face up, the rest face down; "0 face down" said nothing.
    renderer = renderer_for("duel")
    seen = set()
    for game, state in _positions(range(4)):
        view = renderer.read(game.view(state, None))
        for field in renderer.table_fields(view, TWO, ["", ""]) or []:
            stash = [line for line in field.value.split("\n") if line.startswith("Stash: ")]
            for line in stash:
                assert "Stash: 0 " not in line and ", 0 face down" not in line, line
                seen.add(("face up" in line, "face down" in line))
    assert {(True, False), (False, True)} <= seen


def test_squishing_your_own_cards_is_one_select() -> None:
    # 000 III.A.2.c-d: a player may squish a card of theirs; rare, so one menu, not a button
    # per card at the top of a phone's hand.
    from bot.render import controls as layout

    renderer = renderer_for("duel")
    for game, state in _positions(range(4)):
        seat = state.active
        actions = game.legal_actions(state, seat) if seat in game.deciders(state) else []
        squish = {a.key for a in actions if a.kind == "squish"}
        if not squish:
            continue
        view = renderer.read(game.view(state, seat))
        found = renderer.controls(actions, view, TWO)
        page = layout.layout(1, 1, found, selects=True)
        assert not any(b.custom_id.endswith(k) for b in page.buttons for k in squish)
        menus = [s for s in page.selects if s.placeholder == words.GROUPS["squish"]]
        assert len(menus) == 1
        return
    raise AssertionError("no squish reached")


def test_a_finished_match_shows_no_fight() -> None:
    # 000 III.B: the game ends when a Hero is defeated, mid-fight too; the table's last fight
    # step ("The hired monster's abilities go off.") stayed under "Match over".
    renderer = renderer_for("duel")
    game = load_game("duel")
    ended_in_a_fight = 0
    for seed in range(30):
        state = game.new(2, seed)
        rng = Rng(seed)
        for _ in range(2000):
            if game.outcome(state) is not None or not game.deciders(state):
                break
            seat = min(game.deciders(state))
            game.apply(state, game.ai_action(state, seat, rng, "heuristic"))
        if state.phase != "over" or state.fight is None:
            continue
        ended_in_a_fight += 1
        view = renderer.read(game.view(state, None))
        fields = renderer.table_fields(view, TWO, ["", ""]) or []
        assert not any(f.name == play_texts.TABLE_FIGHT for f in fields)
        assert renderer.table_picture(view, TWO) is None
    assert ended_in_a_fight > 0
