"""Checks that hold after every action (property tests and ``simulate --check``): each card
and tile in exactly one place, Health and levels within bounds, no monster resting in the
Entrance outside a Boss fight, links on every side of every room."""

from __future__ import annotations

from engine.quest.board import edge
from engine.quest.content import DIRS, Content
from engine.quest.state import QuestState
from engine.quest.stats import max_health

TILES = 24


def card_places(s: QuestState) -> list[int]:
    out: list[int] = []
    for v in s.decks.values():
        out.extend(v)
    for v in s.discards.values():
        out.extend(v)
    for k in range(s.seats):
        out.extend(s.hand[k])
        out.extend(s.gear[k])
        out.extend(s.cheats[k].values())
        out.extend(s.roles[k])
        out.extend(s.curses[k])
    for stack in s.dropped.values():
        out.extend(stack)
    for m in s.mons:
        if m.card is not None:
            out.append(m.card)
        out.extend(m.enh)
        out.extend(m.carried)
    if s.fight is not None:
        out.extend(s.fight.played)
    if s.window is not None and s.window.what == "ward":
        out.append(s.window.ctx[0])  # the curse waits on the Cleric's d10
    for p in s.pending:
        if p.kind in ("ring", "ward"):  # a curse card held while its victim may react
            out.append(p.data[0])
    return out


def invariants(c: Content, s: QuestState) -> list[str]:
    problems: list[str] = []
    places = card_places(s)
    n = len(c.deck_of)
    if len(places) != n or set(places) != set(range(n)):
        problems.append(f"cards: {len(places)} placed, {len(set(places))} distinct of {n}")
    tiles = [c.rooms[r].tile for r in s.rooms.values() if c.rooms[r].tile]
    boxed = [int(t) for t in s.stack.get("boxed_tiles", [])]  # scenarios: "all tiles laid"
    if sorted(tiles + s.tile_pool + boxed) != list(range(1, TILES + 1)):
        problems.append("a tile is missing or placed twice")
    for cell in s.rooms:
        for d in DIRS:
            if edge(cell, d) not in s.links:
                problems.append(f"room {cell} has no link on side {d}")
    for k in range(s.seats):
        top = max_health(s, c, k)
        if not 0 <= s.hits[k] <= top:
            problems.append(f"seat {k} has {s.hits[k]} hits of {top}")
        if not s.dead[k] and s.hits[k] >= top:
            problems.append(f"seat {k} is alive with no Health")
        if not 1 <= s.level[k] <= 10:
            problems.append(f"seat {k} has level {s.level[k]}")
        if s.gold[k] < 0:
            problems.append(f"seat {k} has negative gold")
        if s.pos[k] not in s.rooms:
            problems.append(f"seat {k} stands in the dark")
        if any(c.deck_of[x] == "M" for x in s.hand[k]):
            problems.append(f"seat {k} holds a monster card")  # R72, R156
    for m in s.mons:
        in_fight = s.fight is not None and m.serial in s.fight.mons
        if m.cell == (0, 0) and not m.boss and not in_fight and not s.pending:
            problems.append(f"monster {m.serial} rests in the Entrance")
        if m.cell not in s.rooms:
            problems.append(f"monster {m.serial} in the dark")
    return problems
