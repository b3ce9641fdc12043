"""The original duel card pool (issue 4, deliverable 2): its size, its spread over types,
subtypes, classes and keywords, the seven precons, and data rules the engine relies on so
that every card does what its text says."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from engine.core import Action
from engine.duel.cards import (
    CHOICE_TARGETS,
    CLASSES,
    KEYWORDS,
    LOOT_SUBTYPES,
    MISCHIEF_SUBTYPES,
    DuelCard,
)
from engine.duel.decks import DECK_SIZE, MAX_COPIES, validate_deck
from engine.duel.effects import target_kind
from engine.duel.game import Duel
from engine.duel.hooks import HOOKS
from engine.duel.legal import play_ability
from engine.duel.scenario import build, find, run
from engine.duel.state import DuelState
from engine.games import load_game


# A word the card text must contain for each glossary keyword the card uses (# 000 IV).
def _pool() -> Sequence[DuelCard]:
    """The card pool as a parametrize reads it, at collection (before any fixture)."""
    game = load_game("duel")
    assert isinstance(game, Duel)
    return game.defs


KEYWORD_WORDS = {
    "bleeding": "bleeding",
    "cancel": "cancel",
    "collect": "collect",
    "encore": "encore",
    "flaunt": "flaunt",
    "give": "give",
    "give_blood": "give blood",
    "heal": "heal",
    "life_o_suction": "life-o-suction",
    "look": "look",
    "monstrous": "monstrous",
    "prevent": "prevent",
    "recycle": "recycle",
    "regenerate": "regenerate",
    "remove_from_game": "remove",
    "reveal": "reveal",
    "sketchy": "sketchy",
    "smack": "smack",
    "spill": "spill",
    "steal": "steal",
    "stealthy": "stealthy",
    "survivor": "survivor",
}
# Abilities that resolve at once, with no stack entry to hold a chosen target (reckoning,
# hire, Survivor and end-of-fight abilities wait on the stack and their controller picks).
FIXED_ONLY = ("cooldown", "level_up", "ongoing")


def deck_cards(duel: Duel) -> list[DuelCard]:
    return [c for c in duel.defs if c.type != "hero"]


def test_pool_size(duel: Duel) -> None:
    # issue 4: at least 180 cards besides the seven Heroes
    assert len(deck_cards(duel)) >= 180
    assert len({c.name for c in duel.defs}) == len(duel.defs)  # names are unique too


def test_every_type_and_subtype(duel: Duel) -> None:
    # 000 I.E: six card types; Loot and Mischief subtypes; Monsters of many kinds
    kinds = Counter((c.type, c.subtype) for c in duel.defs)
    for sub in LOOT_SUBTYPES:
        assert kinds["loot", sub] >= 8, sub
    for sub in MISCHIEF_SUBTYPES:
        assert kinds["mischief", sub] >= 8, sub
    types = Counter(c.type for c in duel.defs)
    assert types["monster"] >= 40 and types["ally"] >= 25 and types["location"] >= 10
    monster_kinds = {c.subtype for c in duel.defs if c.type == "monster"}
    assert len(monster_kinds) >= 12 and "" not in monster_kinds


def test_each_keyword_on_two_cards_and_two_classes(duel: Duel) -> None:
    # 000 IV: every glossary keyword is on at least two cards of more than one class
    cards = Counter[str]()
    classes: dict[str, set[str]] = {k: set() for k in KEYWORDS}
    for c in duel.defs:
        for k in c.all_keywords():
            cards[k] += 1
            classes[k].add(c.klass)
    assert {k: cards[k] for k in KEYWORDS if cards[k] < 2} == {}
    assert {k: v for k, v in classes.items() if len(v) < 2} == {}


@pytest.mark.parametrize("klass", CLASSES)
def test_every_class_can_build_a_deck(duel: Duel, klass: str) -> None:
    # 000 I.F: a class deck is Neutral plus its class; each class has its own card of each
    # main type and enough names to fill 40 slots on its own with three copies each.
    own = [c for c in deck_cards(duel) if c.klass == klass]
    assert len(own) >= 14
    assert {"monster", "ally", "loot", "mischief", "location"} <= {c.type for c in own}
    assert len(own) * MAX_COPIES >= DECK_SIZE


@pytest.mark.parametrize("klass", CLASSES)
def test_precon_is_legal_and_themed(duel: Duel, klass: str) -> None:
    # 000 I.B.2.a prime: 40 cards, at most 3 of a name, Neutral plus the Hero's class
    deck = duel.decks[klass]
    assert validate_deck(deck, duel.by_id) == []
    assert duel.by_id[deck.hero].klass == klass
    assert sum(deck.cards.values()) == DECK_SIZE
    types = Counter[str]()
    for cid, n in deck.cards.items():
        types[duel.by_id[cid].type] += n
    assert types["monster"] >= 15  # enough fights to win with
    assert 1 <= types["location"] <= 2
    own = sum(n for cid, n in deck.cards.items() if duel.by_id[cid].klass == klass)
    assert own >= 12  # the class's own cards carry the theme


def test_every_named_hook_exists(duel: Duel) -> None:
    named = {c.hook for c in duel.defs if c.hook}
    assert named <= set(HOOKS)
    for c in duel.defs:
        if c.hook:  # the hook runs with the card's reckoning ability (# 000 III.A.1.c)
            assert any(a.when == "reckoning" for a in c.abilities), c.id


@pytest.mark.parametrize("card_id", [c.id for c in _pool()])
def test_text_names_its_keywords(duel: Duel, card_id: str) -> None:
    c = duel.by_id[card_id]
    text = c.text.lower()
    missing = [k for k in c.all_keywords() if KEYWORD_WORDS[k] not in text]
    assert missing == [], f"{c.id}: {c.text}"


def test_data_rules_the_engine_relies_on(duel: Duel) -> None:
    problems = []
    for c in duel.defs:
        for a in c.abilities:
            targets = {e.target for e in a.effects}
            if a.when in FIXED_ONLY and a.when != "ongoing" and targets & set(CHOICE_TARGETS):
                problems.append(f"{c.id}: {a.when} abilities cannot choose a target")
            # A fight target exists only in the cost window, where only interrupts act.
            needs_window = targets & {"fight", "stack"}
            if needs_window and a.when == "activate" and not a.interrupt:
                problems.append(f"{c.id}: fight/stack target outside an interrupt")
            if needs_window and a.when == "play" and not c.is_interrupt:
                problems.append(f"{c.id}: fight/stack target on a non-interrupt Mischief")
        if c.type == "mischief" and c.subtype == "curse":
            # 000 I.E.5.a: a Curse sticks to the card its played ability targets
            _, ability = play_ability(c)
            if ability is None or target_kind(ability) == "none":
                problems.append(f"{c.id}: a Curse needs a target to stick to")
        if c.give_blood and c.type != "mischief":
            problems.append(f"{c.id}: Give Blood is paid when a Mischief is played")
        if "encore" in c.keywords and c.type != "mischief":
            problems.append(f"{c.id}: Encore applies to a resolved Mischief")
        if "monstrous" in c.keywords and c.type == "monster":
            problems.append(f"{c.id}: Monstrous is for cards that are not Monsters")
    assert problems == []


def test_reveal_is_public_and_the_card_stays(duel: Duel) -> None:
    # 000 IV Reveal: everyone sees it, then it goes back where it was
    s = build(
        duel,
        {
            "purse": [3, 3],
            "seat0": {"hand": ["surprise_audit"]},
            "seat1": {"hand": ["puddle_slime"]},
        },
    )
    duel.apply(s, Action(0, "play", (find(duel, s, 0, "surprise_audit"), -1, 0)))
    duel.apply(s, Action(0, "pass"))
    events = duel.apply(s, Action(1, "pass"))
    shown = [e for e in events if e.kind == "revealed"]
    assert len(shown) == 1
    for viewer in (None, 0, 1):
        assert shown[0].for_viewer(viewer)["id"] == "puddle_slime"
    assert [duel.defs[s.card_of[i]].id for i in s.hand[1]] == ["puddle_slime"]
    assert s.purse == [4, 1]  # 000 IV Steal: 2 gold moved after the reveal


@pytest.mark.parametrize(("damage", "gold"), [([0, 4], 5), ([4, 4], 3), ([4, 0], 3)])
def test_underdog_hook_only_for_the_more_damaged_hero(
    duel: Duel, damage: list[int], gold: int
) -> None:
    # 000 III.A.1.c: the hooked reckoning ability checks its condition as it resolves
    spec = {
        "setup": {
            "purse": [3, 3],
            "hero_damage": damage,
            "seat0": {"deck": ["puddle_slime"]},
            "seat1": {"deck": ["puddle_slime"], "hoard": ["underdog_shrine"]},
        },
        # the reckoning ability waits on the stack for both to pass (# 000 II.A.1.a)
        "step": [
            {"do": "0 done"},
            {"do": "1 pass"},
            {"do": "1 pass"},  # the window after unzapping (# 000 III.A.1.b)
            {"do": "0 pass"},
            {"do": "1 pass"},
            {"do": "0 pass", "expect": {"purse.1": gold}},
        ],
    }
    assert run(duel, spec) == []


def test_card_list_doc_is_up_to_date(duel: Duel) -> None:
    # docs/cards/duel.md is generated; regenerate with python -m engine.duel.carddoc
    from pathlib import Path

    from engine.duel.carddoc import render

    doc = Path(__file__).resolve().parents[3] / "docs" / "cards" / "duel.md"
    assert doc.read_text(encoding="utf-8") == render(duel)


# What each effect op leaves in the event log when it happens (engine/duel/effects.py).
OP_EVENTS = {
    "damage": "damage",
    "draw": "drew",
    "gold": "gold",
    "steal": "stole",
    "give": "gave",
    "spill": "spilled",
    "bleeding": "bleeding",
    "cancel": "canceled",
    "prevent": "prevent",
    "cost": "fight_cost",
    "power": "fight_power",
    "defense": "fight_defense",
    "look": "looked",
    "reveal": "revealed",
    "remove": "removed",
    "squish": "squished",
    "collect": "collected",
}
# A position where every target kind has a candidate and every op can show its effect.
TABLE = {
    "purse": [9, 9],
    "level": [10, 10],
    "hero_damage": [3, 3],
    "damage": {"village_militia": 1},  # an Ally to heal (000 IV Heal: only a damaged card)
    "seat0": {
        "deck": ["puddle_slime"] * 4,
        "hand": ["puddle_slime", "rusty_sword"],
        "hoard": ["village_militia"],  # for "one of your Allies" (whose = "own")
    },
    "seat1": {
        "deck": ["puddle_slime"] * 4,
        "hand": ["puddle_slime"],
        "hoard": ["hired_shield", "rusty_sword"],
        "stash_up": ["grumbling_goblin"],
    },
}
USES = [
    (c.id, i)
    for c in _pool()
    for i, a in enumerate(c.abilities)
    if a.when != "ongoing" and not any(e.op == "cash_in" for e in a.effects)
]


def _drive(duel: Duel, s: DuelState, seen: list[str]) -> None:
    """Answer every window, choice and split with the first option until things settle."""
    for _ in range(60):
        if duel.outcome(s) is not None:
            return
        if s.pending:
            legal = duel.legal_actions(s, s.pending[0])
            pick = next((a for a in legal if a.kind == "recycle" and a.args[0] == 1), legal[0])
        elif s.window is not None:
            pick = Action(min(s.window.waiting_on()), "pass")
        elif s.fight is not None and s.fight.step == "split":
            pick = duel.legal_actions(s, 1 - s.fight.attacker)[0]
        else:
            return
        seen.append(pick.kind)
        seen += [e.kind for e in duel.apply(s, pick)]


def _act(duel: Duel, s: DuelState, seat: int, kind: str, *args: int) -> list[str]:
    return [e.kind for e in duel.apply(s, Action(seat, kind, args))]


def _choose(duel: Duel, s: DuelState, kind: str, iid: int, idx: int) -> Action:
    """The legal way to use this ability, aimed at the opponent's side where possible."""
    mine = [a for a in duel.legal_actions(s, 0) if a.kind == kind and a.args[0] == iid]
    if kind != "play":
        mine = [a for a in mine if a.args[1] == idx]
    assert mine, "the ability cannot be used"

    def aim(a: Action) -> tuple[int, int]:
        target = int(a.args[1] if kind == "play" else a.args[2])
        theirs = target == s.heroes[1] or (target >= 0 and s.owner[target] == 1)
        return (0 if theirs else 1, -int(a.args[2]) if kind == "play" else 0)

    return min(mine, key=aim)


@pytest.mark.parametrize(("card_id", "index"), USES, ids=[f"{c}-{i}" for c, i in USES])
def test_every_ability_does_what_its_ops_say(duel: Duel, card_id: str, index: int) -> None:
    # 000 II.A.1: each ability can be used in a fitting position and each effect happens
    c = duel.by_id[card_id]
    a = c.abilities[index]
    setup: dict[str, Any] = {k: (dict(v) if isinstance(v, dict) else v) for k, v in TABLE.items()}
    home = "hand" if a.when in ("play", "flaunt", "hire", "survive") else "hoard"
    seat_key = "seat1" if a.when == "reckoning" else "seat0"
    extra = ["spare_change"] if any(e.target == "stack" for e in a.effects) else []
    zone = [*setup[seat_key].get(home, []), card_id, *extra]
    setup[seat_key] = {**setup[seat_key], home: zone}
    s = build(duel, setup)
    iid = find(duel, s, 1 if a.when == "reckoning" else 0, card_id)
    seen: list[str] = []
    targets = {e.target for e in a.effects}
    if a.sketchy:  # 000 IV Sketchy: get caught cheating first
        _act(duel, s, 0, "fight", find(duel, s, 0, "rusty_sword"), 0)
        _act(duel, s, 1, "face")
        _act(duel, s, 1, "ready")
    if "stack" in targets:  # something on the stack to answer
        _act(duel, s, 0, "play", find(duel, s, 0, "spare_change"), -1, 0)
    if "fight" in targets:  # the cost window of a revealed Monster
        _act(duel, s, 0, "fight", find(duel, s, 0, "puddle_slime"), 1)
        _act(duel, s, 1, "face")
        _act(duel, s, 1, "ready")
    if a.when == "reckoning":
        seen += _act(duel, s, 0, "done") + _act(duel, s, 1, "pass")
    elif a.when in ("hire", "survive"):
        cost = c.keywords.get("monstrous") or c.cost
        seen += _act(duel, s, 0, "fight", iid, cost) + _act(duel, s, 1, "face")
        seen += _act(duel, s, 1, "ready")
    else:
        kind = {"play": "play", "activate": "activate", "flaunt": "flaunt"}[a.when]
        pick = _choose(duel, s, kind, iid, index)
        seen += [e.kind for e in duel.apply(s, pick)]
    _drive(duel, s, seen)
    face_down = [i for p in (0, 1) for i in s.stash[p] if i not in s.face_up]
    blood = bool(c.give_blood)
    for e in a.effects:
        if e.blood and not blood:
            continue
        if e.op == "recycle":
            assert "recycle" in seen, card_id
        elif e.op == "stash":  # 000 II.A.11: stashed face down
            assert any(i != iid and duel.defs[s.card_of[i]].type != "mischief" for i in face_down)
        elif e.op == "heal" and e.target in ("you", "each_hero"):
            assert "healed" in seen, card_id
        elif e.op in OP_EVENTS:
            assert OP_EVENTS[e.op] in seen, (card_id, e.op, seen)
