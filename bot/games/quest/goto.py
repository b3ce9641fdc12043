"""Go to…: the explored rooms the seat can walk to this turn, each one tap (SPEC 4.1: "Go
to…", explored rooms she can reach with her Move, with the path cost).

The engine offers one step at a time (``go`` through one side). A room further away is a
plan of such steps, sent as one builder press (``bot/render/drafts.py``): the service plays
them in a row, all or none, each checked by the engine as legal in the state the ones before
it leave (``MatchService.act_all``), so the bot never moves a pawn the engine would not.

The plan stops where the walk would stop anyway: it passes only through quiet rooms (no
monster, no room rule acting on whoever enters, no monster called up once the tiles are
gone, not the Entrance once the Boss waits there) and never into the dark, so no step but
the last can open a fight, a die window or a question. The first step is one of the
engine's legal ``go`` actions; the rest use the link costs of the map as the seat sees them
(``engine/quest/stats.py`` ``link_cost``). While the engine says the seat's Grappling Hook
still works this turn (the view's ``grapple``), one wall on the way counts as a locked door,
as ``link_cost`` takes it; after that wall the hook is spent, so the search keeps whether it
is, and a wall then blocks again.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.games.quest import words
from bot.games.quest.cards import content, room_def_by_id, room_name_at, rooms, seat_of
from bot.games.quest.controls import fit
from bot.render.controls import Control
from bot.render.drafts import DRAFT_PREFIX, DraftStep
from bot.render.model import Style
from engine.core import Action
from engine.quest.board import edge, step_cell
from engine.quest.moves import MOVES
from engine.quest.view import Cell, QuestView

PREFIX = f"{DRAFT_PREFIX}goto-"  # then the steps' directions and the room: ``Route.key``
LOCKED, HIDDEN, WALL = 2, 3, 4
ON_ENTER = frozenset({"on_enter_hit", "on_enter_roll"})
BOSS_LEVEL = 10  # at this level the Entrance calls up the Boss (R121, engine/quest/rules/turn.py)
MAX_STEPS = 12  # a plan's key stays far inside Discord's 100 characters


@dataclass(frozen=True, slots=True)
class Route:
    to: Cell
    steps: str  # directions, one letter a step
    cost: int
    via: tuple[Cell, ...]  # the rooms passed through, in order
    hook: bool = False  # one step climbs a wall with the Grappling Hook

    @property
    def key(self) -> str:
        """``draft-goto-<steps>-<x>_<y>``: the room chosen rides along, so a press from an old
        hand never walks the same steps from another room to somewhere else."""
        x, y = (str(n).replace("-", "m") for n in self.to)
        return f"{PREFIX}{self.steps}-{x}_{y}"


def routes(view: QuestView, actions: Sequence[Action]) -> list[Route]:
    """The cheapest quiet route to each explored room reachable now, cheapest first; empty
    when the seat is not free to walk (not its turn, a fight, a question, dead)."""
    first = {str(MOVES["go"].arg(a, "side")) for a in actions if a.kind == "go"}
    me = seat_of(view, view.seat)
    if not first or me is None or not _free(view):
        return []
    start = me.at
    left = me.move_left
    laid = rooms(view)
    links = {(x, y, side): kind for x, y, side, kind in view.board.links}
    busy = {m.at for m in view.monsters}
    summons = not view.tiles_left
    boss = me.level >= BOSS_LEVEL
    halfling = any(_cid(r) == "halfling" for r in me.roles)
    hook = me.grapple
    best: dict[Cell, Route] = {}
    # A room is searched once with the hook still unused and once with it spent: the cheaper
    # way there may spend it, and the dearer one keep it for a wall further on.
    seen: set[tuple[Cell, bool]] = set()
    # Cheapest first; at the same cost the way that keeps the hook, then the fewer steps.
    queue: list[tuple[int, bool, int, str, Cell]] = [(0, False, 0, "", start)]
    while queue:
        cost, climbed, _, steps, at = heapq.heappop(queue)
        if (at, climbed) in seen or (at == start and steps):
            continue
        seen.add((at, climbed))
        if at != start:
            best.setdefault(at, Route(at, steps, cost, tuple(_walk(start, steps[:-1])), climbed))
            if not _quiet(at, laid, busy, summons, boss) or len(steps) >= MAX_STEPS:
                continue  # a walk stops in a room that acts on it
        for d in "NESW":
            if not steps and d not in first:
                continue
            there = step_cell(at, d)
            if there not in laid or there == start:
                continue
            wall = links.get(edge(at, d)) == WALL
            if wall and (climbed or not hook):
                continue
            price = _price(at, d, links, laid, halfling)
            if price is None or cost + price > left:
                continue
            queue_item = (cost + price, climbed or wall, len(steps) + 1, steps + d, there)
            heapq.heappush(queue, queue_item)
    return sorted(best.values(), key=lambda r: (r.cost, len(r.steps), r.steps))


def worth_a_menu(found: Sequence[Route]) -> bool:
    """Go to… earns its row when some room is more than one step away."""
    return any(len(r.steps) > 1 for r in found)


def draft_step(key: str, view: QuestView, actions: Sequence[Action]) -> DraftStep:
    """A chosen room: its steps, if that route is still one the seat can walk now."""
    seat = view.seat
    route = next((r for r in routes(view, actions) if r.key == key), None)
    if route is None or seat is None:
        return DraftStep()  # the map or the Move changed: the fresh hand is the answer
    return DraftStep(play=tuple(Action(seat, "go", (d,)).key for d in route.steps))


def _free(view: QuestView) -> bool:
    me = seat_of(view, view.seat)
    return (
        view.phase == "play"
        and view.turn == view.seat
        and view.fight is None
        and view.pending is None
        and view.window is None
        and not (me is not None and me.dead)
    )


def _quiet(
    cell: Cell, laid: Mapping[Cell, str], busy: set[Cell], summons: bool, boss: bool
) -> bool:
    """A room the walk may go on from: nothing there acts on whoever enters."""
    if cell in busy or (summons and cell != (0, 0)) or (boss and cell == (0, 0)):
        return False
    found = room_def_by_id(laid.get(cell))
    return not any(getattr(r, "op", "") in ON_ENTER for r in getattr(found, "rules", ()))


def _price(
    at: Cell,
    d: str,
    links: Mapping[tuple[int, int, str], int],
    laid: Mapping[Cell, str],
    half: bool,
) -> int | None:
    """Move to go from ``at`` through side ``d`` (``engine/quest/stats.py`` ``link_cost``); a
    wall is priced as the locked door the Grappling Hook takes it for (the caller decides
    whether the hook is there to use)."""
    kind = links.get(edge(at, d))
    costs = content().link_costs
    if kind == WALL:
        kind = LOCKED
    if kind is None or not 0 <= kind < len(costs):
        return None
    cost = costs[kind]
    if cost is None:
        return None
    if kind == HIDDEN and half:  # a Halfling slips through hidden doors for 2
        cost = 2
    found = room_def_by_id(laid.get(at))
    return cost + sum(
        int(getattr(r, "amount", 0)) for r in getattr(found, "rules", ()) if r.op == "leave_cost"
    )


def _walk(start: Cell, steps: str) -> list[Cell]:
    out, at = [], start
    for d in steps:
        at = step_cell(at, d)
        out.append(at)
    return out


def _cid(card: object) -> str:
    ids = content().cid
    return ids[card] if isinstance(card, int) and 0 <= card < len(ids) else ""


def controls(view: QuestView, actions: Sequence[Action]) -> list[Control]:
    """Go to…: each room reachable this turn with its cost, when one is more than a step
    away (the direction buttons already reach the rooms next door)."""
    found = routes(view, actions)
    if not worth_a_menu(found):
        return []
    out = []
    for route in found:
        via = [room_name_at(view, cell) or words.UNKNOWN_ROOM for cell in route.via]
        said = words.GOTO_VIA.format(rooms=", ".join(via)) if via else words.GOTO_NEXT
        said += words.GOTO_HOOK if route.hook else ""
        room = room_name_at(view, route.to) or words.UNKNOWN_ROOM
        label = fit(words.GOTO, {"room": room, "cost": route.cost})
        out.append(Control(route.key, label, words.G_GOTO, said, Style.SECONDARY, menu=True))
    return out
