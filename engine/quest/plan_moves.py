"""The heuristic seat's own turn outside fights: heal, buy levels, search when it pays, pick
the next room (a beatable monster, unexplored dark, a search), walk paths over explored rooms,
rest in the Entrance, and head for the Boss at Level 10 (R85, R121)."""

from __future__ import annotations

from collections import deque

from engine.core import Action
from engine.quest.board import step_cell
from engine.quest.content import DIRS, Content
from engine.quest.items import target_zone
from engine.quest.monsters import ignores
from engine.quest.odds import explore_odds, fight_odds
from engine.quest.plan_choices import Choices
from engine.quest.state import Cell, Fight, QuestState
from engine.quest.stats import (
    icon_dice,
    link_cost,
    max_health,
    move_left,
)


def _path(s: QuestState, c: Content, seat: int, goal: Cell) -> str | None:
    """The first step of the cheapest way to ``goal`` over explored rooms (Dijkstra-lite:
    BFS on Move cost, ignoring rooms with monsters that would fight us)."""
    start = s.pos[seat]
    if start == goal:
        return None
    seen = {start}
    queue: deque[tuple[Cell, str]] = deque()
    for d in DIRS:
        n = step_cell(start, d)
        if n in s.rooms and link_cost(s, c, seat, start, d) is not None:
            queue.append((n, d))
            seen.add(n)
    while queue:
        cell, first = queue.popleft()
        if cell == goal:
            return first
        if cell != goal and not _safe(s, c, seat, cell):
            continue  # never route through a fight we would likely lose
        for d in DIRS:
            n = step_cell(cell, d)
            if n in s.rooms and n not in seen and link_cost(s, c, seat, cell, d) is not None:
                seen.add(n)
                queue.append((n, first))
    return None


def _safe(s: QuestState, c: Content, seat: int, cell: Cell) -> bool:
    if cell == (0, 0) and s.level[seat] >= 10:
        return False  # stepping into the Entrance at Level 10 calls up the Boss (R121)
    return all(ignores(s, c, m, seat) for m in s.mons_at(cell)) or _beatable(s, c, seat, cell)


def _beatable(s: QuestState, c: Content, seat: int, cell: Cell) -> bool:
    mons = [m for m in s.mons_at(cell) if not ignores(s, c, m, seat)]
    if not mons:
        return True
    trial = Fight(seat, cell, [m.serial for m in mons])
    s2 = s.clone()
    s2.pos[seat] = cell
    s2.fight = trial
    return fight_odds(s2, c, trial) >= 0.7


def plan_move(s: QuestState, c: Content, seat: int, by: Choices) -> Action:
    hurt = s.hits[seat]
    top = max_health(s, c, seat)
    for a in by.get("play", []):
        card = int(a.args[0])
        if c.deck_of[card] != "T" or target_zone(s, c, seat, card) is not None:
            return a  # never into a full pack (R149): that only forces a drop
    for a in by.get("arrange", []):
        if s.gear[seat].get(int(a.args[0])) == "pack":
            return a
    for a in by.get("levelup", []):
        if int(a.args[1]) == seat:
            return a
    if hurt and "use" in by:
        return by["use"][0]
    heals = [a for a in by.get("deal", []) if _heals(s, c, seat, a)]
    if hurt and heals:
        return heals[0]
    if hurt >= 2 and "heal_level" in by and s.level[seat] < 9:
        return by["heal_level"][0]
    for a in by.get("buy_level", []):
        item = int(a.args[0])
        if item < 0 or item in s.hand[seat]:
            return a
    if "pick_up" in by:
        return by["pick_up"][0]
    # At Level 10 waiting is what kills (mobs gather, R85): go for the Boss at once unless a
    # lost Boss fight (a hit, then a run, R124) could kill us.
    healthy = max_health(s, c, seat) - s.hits[seat] >= 3
    if s.level[seat] >= 10 and healthy:
        step = _path(s, c, seat, (0, 0))
        go = [a for a in by.get("go", []) if step is not None and a.args[0] == step]
        if go:
            target = step_cell(s.pos[seat], str(step))
            if target == (0, 0) or _safe(s, c, seat, target):
                return go[0]
        return by["end_turn"][0]
    if hurt >= 2 or (hurt and top <= 4):
        return _home(s, c, seat, by)
    if s.level[seat] >= 10 and s.pos[seat] == (0, 0):
        near = [a for a in by.get("go", []) if step_cell(s.pos[seat], str(a.args[0])) in s.rooms]
        safe = [a for a in near if not s.mons_at(step_cell(s.pos[seat], str(a.args[0])))]
        if safe:
            return safe[0]
    if "search" in by and _search_worth(s, c, seat):
        return by["search"][0]
    here = s.pos[seat]
    need = 0.7 if s.level[seat] < 8 else 0.8
    ready = explore_odds(s, c, seat) >= need and s.level[seat] < 10 and _boss_ripe(s, c, seat)
    options = []
    for a in by.get("go", []):
        d = str(a.args[0])
        n = step_cell(here, d)
        cost = link_cost(s, c, seat, here, d) or 99
        if cost > move_left(s, c, seat) and s.spent[seat] > 0:
            continue
        if n not in s.rooms:
            if ready:
                options.append((3 - cost, a))
        elif any(not ignores(s, c, m, seat) for m in s.mons_at(n)):
            if s.level[seat] < 10 and _beatable(s, c, seat, n):
                options.append((4 - cost, a))
        elif n not in s.searched and _search_value(s, c, n) >= 0 and cost < move_left(s, c, seat):
            options.append((1 - cost, a))
    if options:
        return max(options, key=lambda t: t[0])[1]
    prey = [
        m.cell
        for m in s.mons
        if s.level[seat] < 10 and not m.boss and _beatable(s, c, seat, m.cell)
    ]
    if not _boss_ripe(s, c, seat):
        prey = []
    if prey and move_left(s, c, seat) >= 1:
        step = _path(s, c, seat, min(prey, key=lambda p: abs(p[0] - here[0]) + abs(p[1] - here[1])))
        for a in by.get("go", []):
            if a.args[0] == step and _safe(s, c, seat, step_cell(here, str(step))):
                return a
    if ready and move_left(s, c, seat) >= 1 and by.get("go"):
        frontier = _frontier_step(s, c, seat)
        if frontier is not None:
            for a in by["go"]:
                if a.args[0] == frontier and step_cell(here, frontier) in s.rooms:
                    n = step_cell(here, frontier)
                    if _safe(s, c, seat, n):
                        return a
    return _home(s, c, seat, by)


def _home(s: QuestState, c: Content, seat: int, by: Choices) -> Action:
    """Rest where no monster may stop: the Entrance's sunlight (R2, R78), except at Level 10
    when it would call up the Boss."""
    if s.level[seat] < 10 and move_left(s, c, seat) >= 1:
        step = _path(s, c, seat, (0, 0))
        for a in by.get("go", []):
            if a.args[0] == step and _safe(s, c, seat, step_cell(s.pos[seat], str(step))):
                return a
    return by["end_turn"][0]


def _search_value(s: QuestState, c: Content, cell: Cell) -> int:
    icon = c.rooms[s.rooms[cell]].search
    if not isinstance(icon, int) or s.tokens.get(cell) or s.mons_at(cell):
        return -9
    return icon


def _boss_ripe(s: QuestState, c: Content, seat: int) -> bool:
    """At Level 9 the next kill makes us face the Boss at once: take it only when ready."""
    return s.level[seat] < 9 or explore_odds(s, c, seat, boss=True) >= BOSS_ODDS or s.turn_no > 300


BOSS_ODDS = 0.45


def _heals(s: QuestState, c: Content, seat: int, a: Action) -> bool:
    deal = c.rooms[s.rooms[s.pos[seat]]].deals[int(a.args[0])]
    return any(g.op == "heal" for g in deal.get)


def _search_worth(s: QuestState, c: Content, seat: int) -> bool:
    icon = c.rooms[s.rooms[s.pos[seat]]].search
    bonus = icon if isinstance(icon, int) else -9
    dice = icon_dice(s, c, seat, s.pos[seat])
    return dice >= 1 and bonus >= 0 and s.tokens.get(s.pos[seat]) is None


def _frontier_step(s: QuestState, c: Content, seat: int) -> str | None:
    """A step toward the nearest room with an edge open to the dark."""
    best = None
    for cell in s.rooms:
        if any(step_cell(cell, d) not in s.rooms for d in DIRS) and cell != s.pos[seat]:
            dist = abs(cell[0] - s.pos[seat][0]) + abs(cell[1] - s.pos[seat][1])
            if best is None or dist < best[0]:
                best = (dist, cell)
    if best is None:
        return None
    return _path(s, c, seat, best[1])
