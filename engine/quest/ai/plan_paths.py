"""The heuristic seat's map sense: the cheapest ways over explored rooms (Dijkstra on Move
cost, R40–R43), which rooms it may cross without a fight it would likely lose, and where the
dungeon can still be explored (edges open to the dark, R46, R54). Only public facts: the board,
the monsters on it and the seat's own numbers."""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from engine.quest.ai.odds import fight_odds
from engine.quest.board import step_cell
from engine.quest.content import DIRS, Content
from engine.quest.rules.monsters import ignores
from engine.quest.state import Cell, Fight, QuestState
from engine.quest.stats import dark_blocked, link_cost

ENTRANCE: Cell = (0, 0)
HUNT_ODDS = 0.7  # a monster on the board is worth walking to at these odds or better


@dataclass(frozen=True, slots=True)
class Route:
    """The way to a room (``to``): its Move cost in all and the side to leave by first
    (``None`` when we stand in it already)."""

    cost: int
    first: str | None
    to: Cell


def beatable(s: QuestState, c: Content, seat: int, cell: Cell, need: float = HUNT_ODDS) -> bool:
    """Whether a fight with the monsters of ``cell`` that do not ignore us (R91, R105) is won
    at odds ``need`` or better, with what we have now (R97, R102)."""
    mons = [m for m in s.mons_at(cell) if not ignores(s, c, m, seat)]
    if not mons:
        return True
    trial = Fight(seat, cell, [m.serial for m in mons])
    s2 = s.clone()
    s2.pos[seat] = cell
    s2.fight = trial
    return fight_odds(s2, c, trial) >= need


def hostile(s: QuestState, c: Content, seat: int, cell: Cell) -> bool:
    """A room where entering starts a fight (R90): monsters that do not ignore us, or the
    Entrance at Level 10, which calls up the Boss (R121)."""
    if cell == ENTRANCE:
        return s.level[seat] >= 10
    return any(not ignores(s, c, m, seat) for m in s.mons_at(cell))


def safe(s: QuestState, c: Content, seat: int, cell: Cell) -> bool:
    """A room we may walk into: no fight there, or one we would likely win."""
    if cell == ENTRANCE:
        return s.level[seat] < 10
    return not hostile(s, c, seat, cell) or beatable(s, c, seat, cell)


def routes(
    s: QuestState, c: Content, seat: int, toll: int = 0, start: Cell | None = None
) -> dict[Cell, Route]:
    """Every explored room we can reach, by its cheapest way in Move (Dijkstra over the links'
    costs, room leave costs included). A room we may not walk through safely is a dead end: it
    may be a goal, never a way through; unless ``toll`` > 0: then we would fight our way
    through it (R90; a loss runs us on to a neighbouring room, R107), at that many Move more.
    The Entrance at Level 10 is never a way through: it calls up the Boss (R121). ``start``:
    from another room than ours."""
    start = s.pos[seat] if start is None else start
    best: dict[Cell, Route] = {start: Route(0, None, start)}
    heap: list[tuple[int, int, Cell, str | None]] = [(0, 0, start, None)]
    tie = 0
    while heap:
        cost, _, cell, first = heapq.heappop(heap)
        if best[cell].cost < cost:
            continue
        if cell != start and not safe(s, c, seat, cell) and (not toll or cell == ENTRANCE):
            continue
        for d in DIRS:
            n = step_cell(cell, d)
            step = link_cost(s, c, seat, cell, d)
            if n not in s.rooms or step is None:
                continue
            total = (
                cost + step + (toll if toll and n != ENTRANCE and not safe(s, c, seat, n) else 0)
            )
            known = best.get(n)
            if known is None or total < known.cost:
                tie += 1
                best[n] = Route(total, first or d, n)
                heapq.heappush(heap, (total, tie, n, first or d))
    return best


def explore_sides(s: QuestState, c: Content, seat: int) -> list[tuple[int, Cell, str]]:
    """Where we could lay a new room (R46): (Move in all, the room, the side open to the dark)
    over the rooms we can reach, cheapest first. Empty once the tiles are gone (R54) or the
    ``explore_limit`` option's explorations are used up this turn."""
    if not s.tile_pool:
        return []
    if s.explore_limit and s.explored >= s.explore_limit and s.turn == seat:
        return []
    out = []
    for cell, route in routes(s, c, seat).items():
        if cell != s.pos[seat] and hostile(s, c, seat, cell):
            continue
        for d in DIRS:
            if step_cell(cell, d) in s.rooms or dark_blocked(s, cell, d):
                continue
            cost = link_cost(s, c, seat, cell, d)
            if cost is not None:
                out.append((route.cost + cost, cell, d))
    out.sort()
    return out


def nearest(
    s: QuestState,
    c: Content,
    seat: int,
    goals: list[Cell],
    toll: int = 0,
    start: Cell | None = None,
) -> Route | None:
    """The cheapest way to any of ``goals`` (``toll``, ``start``: see ``routes``)."""
    found = routes(s, c, seat, toll, start)
    ways = [found[g] for g in goals if g in found]
    return min(ways, key=lambda r: r.cost) if ways else None
