"""Classic scenarios: an exact position, then actions, then expectations (format in
``docs/scenarios.md``). Cards are named by their definition id; the runner picks the
instances."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.classic.game import Classic, start
from engine.classic.state import ClassicState
from engine.classic.table import Table
from engine.core import Action, Rng
from engine.core.errors import Reason
from engine.core.nothing import wire
from engine.scenario import ArgToken, ScenarioRules


def build(
    game: Classic,
    setup: Mapping[str, Any],
    seats_spec: list[dict[str, Any]],
    options: Mapping[str, Any] | None = None,
) -> ClassicState:
    t = game.table
    seats = int(setup.get("seats", len(seats_spec) or 3))
    if setup.get("deal"):
        # The setup phase itself (# 004: Setup, Starting the Game): the real deal of the
        # starting characters from the seed, and the first-player roll from the stacked dice.
        if seats_spec or set(setup) - DEAL_KEYS:
            raise ValueError("deal = true takes only seats, seed and dice (no [[seat]] tables)")
        return start(game, seats, int(setup.get("seed", 1)), options, setup.get("dice", []))
    free = list(range(len(t)))

    def take(def_id: str) -> int:
        for card in free:
            if t.defs[card].id == def_id:
                free.remove(card)
                return card
        raise ValueError(f"no unused copy of card {def_id!r}")

    s = game.new(seats, int(setup.get("seed", 1)), options)
    s.rng = Rng(int(setup.get("seed", 1)))
    for zone in (s.hands, s.items, s.equipped, s.roles, s.curses, s.cheats, s.hired):
        for seat_list in zone:
            seat_list.clear()
    for seat in range(seats):
        spec = seats_spec[seat] if seat < len(seats_spec) else {}
        s.levels[seat] = int(spec.get("level", 1))
        s.gold[seat] = int(spec.get("gold", 500))
        s.hands[seat] = [take(c) for c in spec.get("hand", [])]
        s.roles[seat] = [take(c) for c in spec.get("roles", [])]
        s.curses[seat] = [take(c) for c in spec.get("curses", [])]
        for c in spec.get("items", []):
            card = take(c)
            s.items[seat].append(card)
            if t.can_equip(s, seat, card):
                s.equipped[seat].append(card)
        s.items[seat].extend(take(c) for c in spec.get("carried", []))
        for c in spec.get("cheated", []):
            card = take(c)
            cheat = next(i for i in free if t.kind[i] == "cheat")
            free.remove(cheat)
            t.put_item(s, seat, card, (cheat, None))
        s.dead[seat] = bool(spec.get("dead", False))
        s.redraw[seat] = bool(spec.get("redraw", False))
    door_top = [take(c) for c in setup.get("door", [])]
    treasure_top = [take(c) for c in setup.get("treasure", [])]
    s.door_discard = [take(c) for c in setup.get("door_discard", [])]
    s.treasure_discard = [take(c) for c in setup.get("treasure_discard", [])]
    s.door = [c for c in free if t.is_door[c]] + list(reversed(door_top))
    s.treasure = [c for c in free if not t.is_door[c]] + list(reversed(treasure_top))
    if setup.get("empty_decks"):
        s.door, s.treasure = list(reversed(door_top)), list(reversed(treasure_top))
        s.door_discard += [c for c in free if t.is_door[c]]
        s.treasure_discard += [c for c in free if not t.is_door[c]]
    s.turn = int(setup.get("turn", 0))
    s.phase = str(setup.get("phase", "listen"))
    s.dice = [int(d) for d in setup.get("dice", [])]
    s.combat = None
    s.window = None
    s.pending = []
    s.corpse = []
    s.winners = []
    return s


def find_action(game: Classic, s: ClassicState, step: Mapping[str, Any]) -> Action | None:
    """The legal action whose kind and arguments (card ids by definition) match the step."""
    t = game.table
    seat, kind = int(step["seat"]), str(step["do"])
    want = list(step.get("args", []))
    for a in game.legal_actions(s, seat):
        if a.kind != kind or len(a.args) != len(want):
            continue
        if all(_matches(t, got, w) for got, w in zip(a.args, want, strict=True)):
            return a
    return None


def _matches(t: Table, got: int | str, want: int | str) -> bool:
    if isinstance(want, str) and want in t.by_id:
        return isinstance(got, int) and 0 <= got < len(t) and t.defs[got].id == want
    return got == want


def summary(game: Classic, s: ClassicState) -> dict[str, Any]:
    """The facts expectations may name, with cards as definition ids."""
    t = game.table

    def ids(cards: list[int]) -> list[str]:
        return sorted(t.defs[c].id for c in cards)

    outcome = game.outcome(s)
    c = s.combat
    facts: dict[str, Any] = {
        "levels": list(s.levels),
        "gold": list(s.gold),
        "hand_sizes": [len(h) for h in s.hands],
        "hands": [ids(h) for h in s.hands],
        "items": [ids(x) for x in s.items],
        "equipped": [ids(x) for x in s.equipped],
        "roles": [ids(x) for x in s.roles],
        "curses": [ids(x) for x in s.curses],
        "cheated": [ids(x[1::2]) for x in s.cheats],
        "dead": list(s.dead),
        "phase": s.phase,
        "turn": s.turn,
        "winners": sorted(outcome.winners) if outcome else [],
        "combat": c is not None,
        "monsters": ids(c.monsters) if c else [],
        "helper": wire(c.helper) if c else -1,
        "players_winning": t.players_winning(s, c) if c else None,
        "side_strength": t.side_strength(s, c) if c else None,
        "monster_strength": t.monsters_strength(s, c) if c else None,
        "pending": s.pending[-1].kind if s.pending else "none",
        "deciders": sorted(game.deciders(s)),
        "door_discard": ids(s.door_discard),
        "treasure_discard": ids(s.treasure_discard),
        "corpse": ids(s.corpse),
        "dice_left": list(s.dice),
    }
    # One seat's part of a per-seat fact: ``gold.1``, ``curses.2`` (``absent`` names these).
    for key in PER_SEAT:
        facts.update({f"{key}.{seat}": value for seat, value in enumerate(facts[key])})
    return facts


PER_SEAT: tuple[str, ...] = ("levels", "gold", "hand_sizes", "hands", "items", "equipped")
PER_SEAT += ("roles", "curses", "cheated", "dead")


DEAL_KEYS = {"seats", "seed", "dice", "deal"}
SETUP_KEYS = {
    "deal",
    "seats",
    "seed",
    "turn",
    "phase",
    "door",
    "treasure",
    "door_discard",
    "treasure_discard",
    "dice",
    "empty_decks",
}
SEAT_KEYS = {
    "level",
    "gold",
    "hand",
    "roles",
    "curses",
    "items",
    "carried",
    "cheated",
    "dead",
    "redraw",
}


class ClassicScenario(ScenarioRules):
    """The classic hooks of the generic runner (``engine/scenario.py``)."""

    top_keys = frozenset({"seat"})
    setup_keys = frozenset(SETUP_KEYS)

    def key_problems(self, data: Mapping[str, Any]) -> list[str]:
        """A misplaced key (say ``expect_start`` under a ``[[seat]]`` table) must not be
        ignored."""
        seats = data.get("seat", [])
        return [
            f"unknown key {k!r} in seat {n}"
            for n, seat in enumerate(seats)
            for k in seat
            if k not in SEAT_KEYS
        ]

    def build(self, game: Any, data: Mapping[str, Any]) -> ClassicState:
        setup = dict(data.get("setup", {}))
        return build(game, setup, list(data.get("seat", [])), data.get("options"))

    def action(self, game: Any, state: Any, seat: int, kind: str, args: list[ArgToken]) -> Action:
        """The legal action whose kind and arguments match; otherwise the action as written
        (card ids as some copy), so that a refusal is checked by the engine itself."""
        step = {"seat": seat, "do": kind, "args": args}
        found = find_action(game, state, step)
        return found or Action(seat, kind, tuple(_raw_args(game, step)))

    def facts(self, game: Any, state: Any) -> dict[str, Any]:
        return summary(game, state)

    def dice_left(self, state: Any) -> list[int]:
        return list(state.dice)


SCENARIO = ClassicScenario()


def _raw_args(game: Classic, step: Mapping[str, Any]) -> list[int | str]:
    """Arguments as given, card ids turned into some instance (for refusal checks)."""
    out: list[int | str] = []
    for arg in step.get("args", []):
        if isinstance(arg, str) and arg in game.table.by_id:
            out.append(game.table.by_id[arg])
        else:
            out.append(arg)
    return out


__all__ = ["SCENARIO", "Reason", "build", "find_action", "summary"]
