"""Quest scenarios: set up an exact dungeon, apply actions, check facts (format:
``docs/scenarios.md``, section Quest). ``python -m engine.scenario tests/scenarios/quest``.

Steps are one line each: ``do = "0 go E"`` (seat, kind, args); an argument ``@id`` is that
card (the acting seat's own copy first: hand, then items in play), ``#id`` the serial of the
monster with that card id on the board; ``x,y`` cells are two ints. ``monster_turn = true``
runs a Monster Turn on its own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Action, Event, IllegalAction
from engine.quest import combat
from engine.quest.board import edge
from engine.quest.content import COLOURS, DIRS, KIND_OF_NAME, LINK_NAMES, Content
from engine.quest.game import Quest
from engine.quest.monsters import monster_turn
from engine.quest.state import Mon, QuestState
from engine.quest.stats import move_left
from engine.quest.turn import settle, start_turn

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


def build(game: Quest, setup: Mapping[str, Any], seat_specs: list[Mapping[str, Any]]) -> QuestState:
    c = game.content
    seats = int(setup.get("seats", max(2, len(seat_specs))))
    s = game.new(seats, int(setup.get("seed", 1)), setup.get("options"))
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
            COLOURS.index(str(spec["base"])) if "base" in spec else -1,
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
    for key in ("tiles", "links_draw", "monster_die", "d6", "d10", "coins"):
        if key in setup:
            s.stack["links" if key == "links_draw" else key] = list(setup[key])
    if setup.get("start_turn"):
        start_turn(s, c, s.turn, [])
    settle(s, c, [])
    return s


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
    from engine.quest.items import use_zone

    for cid in spec.get("items", []):
        item = _take(c, s, "T", str(cid))
        s.gear[k][item] = use_zone(s, c, k, item) or "pack"
    for cid in spec.get("pack", []):
        s.gear[k][_take(c, s, "T", str(cid))] = "pack"
    for cid in spec.get("cheated", []):
        item = next(i for i in s.gear[k] if c.name(i) == cid)
        s.cheats[k][item] = _take(c, s, "D", "cheat")
        s.gear[k][item] = use_zone(s, c, k, item) or "pack"


def parse(c: Content, s: QuestState, line: str) -> Action:
    parts = line.split()
    seat = int(parts[0])
    args: list[int | str] = []
    for raw in parts[2:]:
        if raw.startswith("@"):
            args.append(_card_arg(c, s, seat, raw[1:]))
        elif raw.startswith("#"):
            args.append(next(m.serial for m in s.mons if c.monsters[m.mdef].id == raw[1:]))
        elif raw.lstrip("-").isdigit():
            args.append(int(raw))
        else:
            args.append(raw)
    return Action(seat, parts[1], tuple(args))


def _card_arg(c: Content, s: QuestState, seat: int, def_id: str) -> int:
    pools = [s.hand[seat], list(s.gear[seat]), list(s.roles[seat])]
    pools += [s.hand[k] for k in range(s.seats)] + [list(s.gear[k]) for k in range(s.seats)]
    for pool in pools:
        for card in pool:
            if c.name(card) == def_id:
                return card
    raise ValueError(f"no card {def_id!r} in play or in a hand")


def probe(game: Quest, s: QuestState, key: str, events: list[Event]) -> Any:
    c = game.content
    f = s.fight
    per_seat: dict[str, list[Any]] = {
        "levels": s.level,
        "hits": s.hits,
        "gold": s.gold,
        "dead": s.dead,
        "hand_sizes": [len(h) for h in s.hand],
    }
    if key in per_seat:
        return list(per_seat[key])
    if key == "positions":
        return [list(p) for p in s.pos]
    if key == "move_left":
        return move_left(s, c, s.turn)
    if key == "rooms":
        return {f"{x},{y}": c.rooms[r].id for (x, y), r in s.rooms.items()}
    if key == "tokens":
        return {f"{x},{y}": {1: "ransacked", 2: "looted_out"}[t] for (x, y), t in s.tokens.items()}
    if key == "monster_at":
        return {c.monsters[m.mdef].id: [m.cell[0], m.cell[1]] for m in s.mons}
    if key == "monster_bases":
        return {c.monsters[m.mdef].id: COLOURS[m.base] if m.base >= 0 else "none" for m in s.mons}
    if key == "monsters":
        return sorted(c.monsters[m.mdef].id for m in s.mons)
    if key == "fight":
        return f is not None
    if key == "fight_monsters":
        return sorted(c.monsters[s.mon(x).mdef].id for x in f.mons) if f else []
    if key == "helper":
        return f.helper if f else -1
    if key == "stage":
        return f.stage if f else "none"
    if key == "side":
        return combat.side_total(s, c, f) if f else 0
    if key == "monster_side":
        return combat.monsters_total(s, c, f) if f else 0
    if key == "pending":
        return s.pending[-1].kind if s.pending else "none"
    if key == "deciders":
        return sorted(game.deciders(s))
    if key == "turn":
        return s.turn
    if key == "phase":
        return s.phase
    if key == "winners":
        return list(s.winners or ())
    if key == "reason":
        return s.end_reason
    if key == "hands":
        return [sorted(c.name(x) for x in h) for h in s.hand]
    if key == "items":
        return [sorted(c.name(x) for x in g) for g in s.gear]
    if key == "zones":
        return [{c.name(x): z for x, z in g.items()} for g in s.gear]
    if key == "roles":
        return [sorted(c.name(x) for x in r) for r in s.roles]
    if key == "curses":
        return [sorted(c.name(x) for x in r) for r in s.curses]
    if key == "dropped":
        return {f"{x},{y}": sorted(c.name(i) for i in v) for (x, y), v in s.dropped.items()}
    if key == "floor_gold":
        return {f"{x},{y}": g for (x, y), g in s.floor_gold.items()}
    if key == "last_colour":
        return COLOURS[s.last_colour] if s.last_colour >= 0 else "none"
    if key == "monster_paths":
        out = {}
        for serial, path in s.last_paths:
            cells = [p for p in path if isinstance(p, list)]
            out[c.monsters[s.mon(serial).mdef].id] = cells
        return out
    if key == "stops":
        return {
            c.monsters[s.mon(serial).mdef].id: path[-1] if isinstance(path[-1], str) else "moved"
            for serial, path in s.last_paths
        }
    if key == "link":
        return {f"{x},{y},{side}": LINK_NAMES[k] for (x, y, side), k in s.links.items()}
    if key == "gotcha":
        return sorted(c.monsters[m.mdef].id for m in s.mons if m.gotcha)
    if key == "events":
        return [e.kind for e in events]
    if key == "found_public":
        found = [e for e in events if e.kind in ("found", "treasure")]
        return bool(found) and "cards" in found[-1].data
    if key == "move":
        from engine.quest.stats import move

        return [move(s, game.content, k) for k in range(s.seats)]
    if key == "max_health":
        from engine.quest.stats import max_health

        return [max_health(s, game.content, k) for k in range(s.seats)]
    if key == "bribe":
        return f.bribe if f else 0
    if key == "dice":
        return [d[1] for d in f.dice] if f else []
    raise KeyError(key)


def check(
    game: Quest, s: QuestState, expect: Mapping[str, Any], events: list[Event], where: str
) -> list[str]:
    failures = []
    for key, want in expect.items():
        if key in ("legal", "not_legal"):
            for line in want:
                a = parse(game.content, s, line)
                ok = a in game.legal_actions(s, a.seat)
                if ok != (key == "legal"):
                    failures.append(f"{where}: {line!r} {'not ' if key == 'legal' else ''}legal")
            continue
        if key in (
            "link",
            "rooms",
            "tokens",
            "monster_at",
            "monster_bases",
            "dropped",
            "floor_gold",
            "monster_paths",
            "stops",
        ):
            got_map = probe(game, s, key, events)
            for sub, value in want.items():
                if got_map.get(sub) != value:
                    failures.append(f"{where}: {key}[{sub}] = {got_map.get(sub)!r}, want {value!r}")
            continue
        if key == "events_include":
            kinds = probe(game, s, "events", events)
            missing = [k for k in want if k not in kinds]
            if missing:
                failures.append(f"{where}: events lack {missing}")
            continue
        got = probe(game, s, key, events)
        if got != want:
            failures.append(f"{where}: {key} = {got!r}, want {want!r}")
    return failures


def run(game: Quest, data: Mapping[str, Any]) -> list[str]:
    s = build(game, data.get("setup", {}), list(data.get("seat", [])))
    failures = check(game, s, data.get("expect_start", {}), [], "start")
    events: list[Event] = []
    for i, step in enumerate(data.get("step", []), 1):
        where = f"step {i}"
        if step.get("monster_turn"):
            events = []
            monster_turn(s, game.content, events)
        else:
            action = parse(game.content, s, str(step["do"]))
            refused = step.get("refused")
            try:
                events = game.apply(s, action)
            except IllegalAction as exc:
                if refused is None:
                    failures.append(f"{where}: {step['do']!r} refused ({exc.reason})")
                    return failures
                if refused is not True and exc.reason != refused:
                    failures.append(f"{where}: refused with {exc.reason}, want {refused}")
                continue
            if refused is not None:
                failures.append(f"{where}: {step['do']!r} was not refused")
                continue
        failures += check(game, s, step.get("expect", {}), events, where)
        problems = game.invariants(s)
        failures += [f"{where}: invariant: {p}" for p in problems]
    failures += check(game, s, data.get("expect", {}), events, "end")
    return failures
