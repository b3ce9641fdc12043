"""Quest scenarios on the common envelope (``docs/scenarios.md``; runner ``engine/scenario.py``):
``python -m engine.scenario tests/scenarios/quest``.

``[setup]`` keys: ``seats``, ``seed``, ``turn``, ``rooms`` (``{ room, x, y, token }``; the
Entrance is always at 0,0), ``links`` (``{ x, y, side, kind }``; unlisted sides are passages),
``monsters`` (``{ id, x, y, base, enhancers, gotcha }``), ``empty_tiles``, the stacks used
before the RNG (``tiles``, ``links_draw``, ``monster_die``, ``d6`` (or ``dice``), ``d10``,
``coins``), the deck tops ``monster_deck``, ``treasure_deck``, ``dxm_deck`` and the discard
piles ``monster_discard``, ``treasure_discard``, ``dxm_discard`` (oldest first);
``start_turn = true`` runs the turn start (return to life, the DxM draw); ``deal = true`` is a
real start instead (``Game.new``: shuffled decks, the starting hands, every seat still to get
ready, the start roll from the stacked ``d6``; only ``seats``, ``seed`` and the stacks apply),
and a top-level ``start_refused`` says the start must be refused (one seat, five).
``[[seat]]`` tables:
``at``, ``level``, ``hits``, ``gold``, ``spent``, ``dead``, ``roles``, ``hand``, ``items``,
``pack``, ``cheated``, ``curses``. Step arguments: a card id names that card (the acting
seat's own copy first), ``#id`` the monster with that card id on the board, directions and
power names stay words. Facts: see ``facts`` below; map facts (``monster_at``, ``link``...)
compare only the entries the file names; every per-seat list has a key per seat as well
(``gold.1``, ``hands.0``, ``move_left.1``: a seat's Move left, on or off its turn)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Action
from engine.core.nothing import wire
from engine.quest.board import edge
from engine.quest.content import COLOURS, DIRS, KIND_OF_NAME, LINK_NAMES, Content
from engine.quest.game import Quest
from engine.quest.rules import combat
from engine.quest.rules.items import use_zone
from engine.quest.rules.turn import settle, start_turn
from engine.quest.state import Mon, QuestState
from engine.quest.stats import max_health, move, move_left
from engine.scenario import ArgToken, ScenarioRules

TOKENS = {"ransacked": 1, "looted_out": 2}


def _take(c: Content, s: QuestState, deck: str, def_id: str) -> int:
    for card in c.instances(deck, def_id):
        if card in s.decks[deck]:
            s.decks[deck].remove(card)
            return card
    raise ValueError(f"no free copy of {def_id!r} left in the {deck} deck")


def _deck_of(c: Content, def_id: str) -> str:
    for letter, defs in (("T", c.treasures), ("D", c.dxm), ("M", c.monsters)):
        if any(d.id == def_id for d in defs):
            return letter
    raise ValueError(f"unknown card {def_id!r}")


def build(
    game: Quest,
    setup: Mapping[str, Any],
    seat_specs: list[Mapping[str, Any]],
    options: Mapping[str, Any] | None = None,
) -> QuestState:
    c = game.content
    seats = int(setup.get("seats", max(2, len(seat_specs))))
    s = game.new(seats, int(setup.get("seed", 1)), options)
    if setup.get("deal"):  # a real start (R19-R24): the deal as Game.new makes it
        _stacks(s, setup)
        return s
    for k in range(seats):  # hands start empty: a scenario lists what it needs
        for card in s.hand[k]:
            s.decks[c.deck_of[card]].append(card)
        s.hand[k] = []
    s.phase = "play"
    s.ready = [True] * seats
    s.turn = int(setup.get("turn", 0))
    s.turn_no = 1
    for room in setup.get("rooms", []):
        rid = c.room_index[str(room["room"])]
        cell = (int(room["x"]), int(room["y"]))
        s.rooms[cell] = rid
        s.order.append(cell)
        s.tile_pool.remove(c.rooms[rid].tile)
        if "token" in room:
            s.tokens[cell] = TOKENS[str(room["token"])]
    for cell in s.rooms:
        for d in DIRS:
            s.links.setdefault(edge(cell, d), 0)  # unlisted sides are passages
    for link in setup.get("links", []):
        s.links[edge((int(link["x"]), int(link["y"])), str(link["side"]))] = KIND_OF_NAME[
            str(link["kind"])
        ]
    if setup.get("empty_tiles"):
        s.stack["boxed_tiles"] = list(s.tile_pool)
        s.tile_pool = []
    for spec in setup.get("monsters", []):
        card = _take(c, s, "M", str(spec["id"]))
        m = Mon(
            s.next_serial,
            card,
            c.def_of[card],
            (int(spec["x"]), int(spec["y"])),
            COLOURS.index(str(spec["base"])) if "base" in spec else None,
        )
        s.next_serial += 1
        m.gotcha = bool(spec.get("gotcha", False))
        for e in spec.get("enhancers", []):
            m.enh.append(_take(c, s, "D", str(e)))
        s.mons.append(m)
    for k, spec in enumerate(seat_specs):
        _seat(c, s, k, spec)
    for key, deck in (("monster_deck", "M"), ("treasure_deck", "T"), ("dxm_deck", "D")):
        top = [_take(c, s, deck, str(x)) for x in setup.get(key, [])]
        s.decks[deck].extend(reversed(top))
    for deck, name in DECK_NAMES.items():
        s.discards[deck].extend(_take(c, s, deck, str(x)) for x in setup.get(f"{name}_discard", []))
    _stacks(s, setup)
    if setup.get("start_turn"):
        start_turn(s, c, s.turn, [])
    settle(s, c, [])
    return s


def _stacks(s: QuestState, setup: Mapping[str, Any]) -> None:
    for key in ("tiles", "links_draw", "monster_die", "d6", "dice", "d10", "coins"):
        if key in setup:
            name = {"links_draw": "links", "dice": "d6"}.get(key, key)
            s.stack[name] = list(setup[key])


DECK_NAMES = {"T": "treasure", "D": "dxm", "M": "monster"}


def _seat(c: Content, s: QuestState, k: int, spec: Mapping[str, Any]) -> None:
    at = spec.get("at", [0, 0])
    s.pos[k] = (int(at[0]), int(at[1]))
    s.level[k] = int(spec.get("level", 1))
    s.hits[k] = int(spec.get("hits", 0))
    s.gold[k] = int(spec.get("gold", 300))
    s.spent[k] = int(spec.get("spent", 0))
    s.dead[k] = bool(spec.get("dead", False))
    for rid in spec.get("roles", []):
        s.roles[k].append(_take(c, s, "D", str(rid)))
    for cid in spec.get("hand", []):
        s.hand[k].append(_take(c, s, _deck_of(c, str(cid)), str(cid)))
    for cid in spec.get("curses", []):
        s.curses[k].append(_take(c, s, "D", str(cid)))
    for cid in spec.get("cheated", []):  # items with a Cheat attached, placed first
        item = _take(c, s, "T", str(cid))
        s.cheats[k][item] = _take(c, s, "D", "cheat")
        s.gear[k][item] = use_zone(s, c, k, item) or "pack"
    for cid in spec.get("items", []):
        item = _take(c, s, "T", str(cid))
        s.gear[k][item] = use_zone(s, c, k, item) or "pack"
    for cid in spec.get("pack", []):
        s.gear[k][_take(c, s, "T", str(cid))] = "pack"


WORD_KINDS = {"go": (0,), "link_to": (1,), "power": (0,)}


def _arg(c: Content, s: QuestState, seat: int, kind: str, i: int, raw: ArgToken) -> int | str:
    if isinstance(raw, int):
        return raw
    if raw.startswith("#"):
        return int(next(m.serial for m in s.mons if c.monsters[m.mdef].id == raw[1:]))
    if i in WORD_KINDS.get(kind, ()):
        return raw
    return _card_arg(c, s, seat, raw)


def _card_arg(c: Content, s: QuestState, seat: int, def_id: str) -> int:
    pools = [s.hand[seat], list(s.gear[seat]), list(s.roles[seat])]
    pools += [s.hand[k] for k in range(s.seats)] + [list(s.gear[k]) for k in range(s.seats)]
    pools += [s.dropped.get(s.pos[seat], []), *s.dropped.values()]  # R153: pick one up
    for pool in pools:
        for card in pool:
            if c.name(card) == def_id:
                return card
    raise ValueError(f"no card {def_id!r} in play or in a hand")


def facts(game: Quest, s: QuestState) -> dict[str, Any]:
    c = game.content
    f = s.fight
    out: dict[str, Any] = {
        "levels": list(s.level),
        "hits": list(s.hits),
        "gold": list(s.gold),
        "dead": list(s.dead),
        "hand_sizes": [len(h) for h in s.hand],
        "positions": [list(p) for p in s.pos],
        "move_left": move_left(s, c, s.turn),
        "move": [move(s, c, k) for k in range(s.seats)],
        "max_health": [max_health(s, c, k) for k in range(s.seats)],
        "rooms": {f"{x},{y}": c.rooms[r].id for (x, y), r in s.rooms.items()},
        "tokens": {f"{x},{y}": TOKEN_NAMES[t] for (x, y), t in s.tokens.items()},
        "monster_at": {c.monsters[m.mdef].id: [m.cell[0], m.cell[1]] for m in s.mons},
        "monster_bases": {
            c.monsters[m.mdef].id: "none" if m.base is None else COLOURS[m.base] for m in s.mons
        },
        "monsters": sorted(c.monsters[m.mdef].id for m in s.mons),
        "fight": f is not None,
        "fight_monsters": sorted(c.monsters[s.mon(x).mdef].id for x in f.mons) if f else [],
        "helper": wire(f.helper) if f else -1,
        "stage": f.stage if f else "none",
        "side": combat.side_total(s, c, f) if f and f.mons else 0,
        "monster_side": combat.monsters_total(s, c, f) if f and f.mons else 0,
        "bribe": f.bribe if f else 0,
        "dice": [d[1] for d in f.dice] if f else [],
        "pending": s.pending[-1].kind if s.pending else "none",
        "window": s.window.what if s.window else "none",
        "deciders": sorted(game.deciders(s)),
        "turn": s.turn,
        "phase": s.phase,
        "winners": list(s.winners or ()),
        "reason": s.end_reason,
        "hands": [sorted(c.name(x) for x in h) for h in s.hand],
        "items": [sorted(c.name(x) for x in g) for g in s.gear],
        "zones": [{c.name(x): z for x, z in g.items()} for g in s.gear],
        "packed": [sum(1 for z in g.values() if z == "pack") for g in s.gear],
        "roles": [sorted(c.name(x) for x in r) for r in s.roles],
        "curses": [sorted(c.name(x) for x in r) for r in s.curses],
        "dropped": {f"{x},{y}": sorted(c.name(i) for i in v) for (x, y), v in s.dropped.items()},
        "floor_gold": {f"{x},{y}": g for (x, y), g in s.floor_gold.items()},
        "last_colour": "none" if s.last_colour is None else COLOURS[s.last_colour],
        "link": {f"{x},{y},{side}": LINK_NAMES[k] for (x, y, side), k in s.links.items()},
        "gotcha": sorted(c.monsters[m.mdef].id for m in s.mons if m.gotcha),
        "spent": list(s.spent),
        "ready": list(s.ready),
        "deck_sizes": {DECK_NAMES[d]: len(v) for d, v in s.decks.items()},
        "discards": {DECK_NAMES[d]: sorted(c.name(x) for x in v) for d, v in s.discards.items()},
    }
    for k in range(s.seats):  # one seat's part of each per-seat fact: ``gold.1``
        for name in PER_SEAT:
            out[f"{name}.{k}"] = out[name][k]
        out[f"move_left.{k}"] = move_left(s, c, k)
    for name in ("deck_sizes", "discards"):
        for deck, value in out[name].items():
            out[f"{name}.{deck}"] = value
    paths: dict[str, Any] = {}
    stops: dict[str, str] = {}
    names = {m.serial: c.monsters[m.mdef].id for m in s.mons}
    for serial, path in s.last_paths:
        name = names.get(serial, str(serial))
        paths[name] = [p for p in path if isinstance(p, list)]
        stops[name] = path[-1] if isinstance(path[-1], str) else "moved"
    out["monster_paths"] = paths
    out["stops"] = stops
    return out


PER_SEAT = (
    "levels",
    "hits",
    "gold",
    "dead",
    "hand_sizes",
    "positions",
    "move",
    "max_health",
    "hands",
    "items",
    "zones",
    "packed",
    "roles",
    "curses",
    "spent",
    "ready",
)
MAPS = frozenset(
    {
        "deck_sizes",
        "discards",
        "rooms",
        "tokens",
        "monster_at",
        "monster_bases",
        "dropped",
        "floor_gold",
        "link",
        "monster_paths",
        "stops",
    }
)
TOKEN_NAMES = {1: "ransacked", 2: "looted_out"}


class QuestScenario(ScenarioRules):
    top_keys = frozenset({"seat"})
    setup_keys = frozenset(
        {
            "seats",
            "turn",
            "rooms",
            "links",
            "monsters",
            "empty_tiles",
            "tiles",
            "links_draw",
            "monster_die",
            "d6",
            "d10",
            "coins",
            "monster_deck",
            "treasure_deck",
            "dxm_deck",
            "start_turn",
            "deal",
            "monster_discard",
            "treasure_discard",
            "dxm_discard",
        }
    )

    def key_problems(self, data: Mapping[str, Any]) -> list[str]:
        allowed = {
            "at",
            "level",
            "hits",
            "gold",
            "spent",
            "dead",
            "roles",
            "hand",
            "items",
            "pack",
            "cheated",
            "curses",
        }
        return [
            f"unknown key {k!r} in seat {n}"
            for n, seat in enumerate(data.get("seat", []))
            for k in seat
            if k not in allowed
        ]

    def build(self, game: Any, data: Mapping[str, Any]) -> Any:
        return build(game, data.get("setup", {}), list(data.get("seat", [])), data.get("options"))

    def action(self, game: Any, state: Any, seat: int, kind: str, args: list[ArgToken]) -> Action:
        c = game.content
        return Action(
            seat, kind, tuple(_arg(c, state, seat, kind, i, a) for i, a in enumerate(args))
        )

    def facts(self, game: Any, state: Any) -> dict[str, Any]:
        return facts(game, state)

    def same(self, key: str, got: Any, want: Any) -> bool:
        if key in MAPS and isinstance(want, Mapping) and isinstance(got, Mapping):
            return all(got.get(k) == v for k, v in want.items())
        return bool(got == want)

    def dice_left(self, state: Any) -> list[int]:
        return [int(x) for x in state.stack.get("d6", [])]


SCENARIO = QuestScenario()
