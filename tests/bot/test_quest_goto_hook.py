"""Go to… and the Grappling Hook (SPEC 3.14 belt items; SPEC 4.1 step 2, "Go to…"): while the
engine says the hook still works this turn, a route may climb one wall as the locked door the
hook takes it for, and only one; every route is the engine's legal steps one after the other,
and on random dungeons the rooms and Move costs Go to… offers are exactly the ones the
engine's own ``go`` steps reach."""

from __future__ import annotations

import heapq
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from bot.games.quest import goto, words
from bot.plugins import plugin
from bot.screens import render_hand
from engine.core import Action
from engine.games import load_game
from engine.quest.game import Quest
from engine.quest.scenario import build
from engine.quest.state import QuestState
from tests.bot.render_support import make_match


def _quest() -> Quest:
    game = load_game("quest")
    assert isinstance(game, Quest)
    return game


QUEST = _quest()
HOOK = "grappling_hook"
# Rooms that do nothing to whoever enters (Mirror Maze makes leaving dearer): one per tile.
QUIET = ("r01a", "r03b", "r05b", "r07b", "r08a", "r15a", "r17b", "r18a", "r19a", "r20a")
KINDS = ("passage", "door", "locked", "hidden", "wall")


def _state(
    rooms: Sequence[tuple[str, int, int]],
    links: Sequence[tuple[int, int, str, str]],
    seat: Mapping[str, Any],
) -> QuestState:
    setup = {
        "seats": 2,
        "rooms": [{"room": r, "x": x, "y": y} for r, x, y in rooms],
        "links": [{"x": x, "y": y, "side": d, "kind": k} for x, y, d, k in links],
    }
    return build(QUEST, setup, [dict(seat), {"at": [0, 0]}])


def _routes(state: QuestState) -> dict[tuple[int, int], goto.Route]:
    view = QUEST.view(state, 0)
    return {r.to: r for r in goto.routes(view, QUEST.legal_actions(state, 0))}


def _walk(state: QuestState, route: goto.Route) -> QuestState:
    """The route's steps played by the engine, each one legal where the last one left it."""
    walk = state.clone()
    for d in route.steps:
        step = Action(0, "go", (d,))
        assert step in QUEST.legal_actions(walk, 0), (route, d)
        QUEST.apply(walk, step)
    assert walk.pos[0] == route.to
    return walk


# Sunlit Gate (0,0) | wall | Mossy Vestibule (1,0) - Root Cellar (2,0) - Dripping Cave (3,0)
ROW = (("r01a", 1, 0), ("r03b", 2, 0), ("r07b", 3, 0))
WALLED = ((1, 0, "W", "wall"),)
NINE = -6  # spent -6: a Move of 9 this turn, so only walls and the hook's once limit refuse


def test_a_route_climbs_one_wall_with_the_hook_at_a_locked_doors_cost() -> None:
    # SPEC 3.14 (Grappling Hook): a wall as a locked door (3 Move), once a turn
    state = _state(ROW, WALLED, {"at": [3, 0], "spent": NINE, "items": [HOOK]})
    assert QUEST.view(state, 0).to_json()["seats"][0]["grapple"] is True
    found = _routes(state)
    over = found[(0, 0)]
    assert (over.steps, over.cost, over.hook) == ("WWW", 1 + 1 + 3, True)
    assert not found[(1, 0)].hook and found[(1, 0)].cost == 2
    walk = _walk(state, over)
    assert walk.grappled and QUEST.view(walk, 0).to_json()["seats"][0]["grapple"] is False
    # The hook is spent: the way back over the wall is no longer offered.
    assert (1, 0) not in _routes(walk)


def test_the_hook_climbs_only_one_wall_a_turn() -> None:
    # SPEC 3.14: once per turn; a room behind two walls is out of reach even with Move to spare
    two = (*WALLED, (3, 0, "W", "wall"))
    found = _routes(_state(ROW, two, {"at": [3, 0], "spent": NINE, "items": [HOOK]}))
    assert set(found) == {(2, 0), (1, 0)}  # Sunlit Gate lies behind the second wall
    assert (found[(1, 0)].steps, found[(1, 0)].hook, found[(1, 0)].cost) == ("WW", True, 4)


def test_without_a_working_hook_a_wall_stays_shut() -> None:
    # SPEC 3.14: not when packed; R41: walls are crossed only by magic
    for seat in ({"at": [3, 0], "spent": NINE}, {"at": [3, 0], "spent": NINE, "pack": [HOOK]}):
        state = _state(ROW, WALLED, seat)
        assert QUEST.view(state, 0).to_json()["seats"][0]["grapple"] is False
        assert set(_routes(state)) == {(2, 0), (1, 0)}


def test_a_way_round_as_cheap_keeps_the_hook() -> None:
    # Mossy Vestibule (1,0) | wall | Sunlit Gate (0,0); round by Root Cellar (1,1) and
    # Dripping Cave (0,1) through passages: 3 Move, what the hook's climb costs.
    rooms = (("r01a", 1, 0), ("r03b", 1, 1), ("r07b", 0, 1))
    seat = {"at": [1, 0], "spent": NINE, "items": [HOOK]}
    found = _routes(_state(rooms, WALLED, seat))
    assert (found[(0, 0)].steps, found[(0, 0)].hook, found[(0, 0)].cost) == ("SWN", False, 3)
    assert (found[(0, 1)].steps, found[(0, 1)].hook, found[(0, 1)].cost) == ("SW", False, 2)
    # A locked door on the way round makes it 5: the hook's climb is cheaper.
    found = _routes(_state(rooms, (*WALLED, (1, 1, "W", "locked")), seat))
    assert (found[(0, 0)].steps, found[(0, 0)].hook, found[(0, 0)].cost) == ("W", True, 3)
    assert (found[(0, 1)].steps, found[(0, 1)].hook, found[(0, 1)].cost) == ("SW", False, 4)


def test_the_menu_says_which_room_needs_the_hook() -> None:
    state = _state(ROW, WALLED, {"at": [3, 0], "spent": NINE, "items": [HOOK]})
    view = QUEST.view(state, 0)
    hand = render_hand(make_match("quest", 2), view, QUEST.legal_actions(state, 0))
    [menu] = [s for s in hand.selects if s.placeholder == words.G_GOTO]
    over = next(o for o in menu.options if o.label.startswith("Sunlit Gate"))
    assert over.label.endswith("· 5 Move") and words.GOTO_HOOK in (over.description or "")
    step = plugin("quest").renderer.draft_step(over.value, view, QUEST.legal_actions(state, 0), [])
    assert step.play == tuple(Action(0, "go", (d,)).key for d in "WWW")


def _engine_reach(state: QuestState) -> dict[tuple[int, int], int]:
    """Each laid room the engine's own ``go`` steps reach within the seat's Move, through
    rooms where nothing starts, at its cheapest (the oracle for Go to…): a search over the
    engine's states, one per room and hook (unused or spent)."""
    best: dict[tuple[int, int], int] = {}
    done: set[tuple[tuple[int, int], bool]] = set()
    queue: list[tuple[int, int, QuestState]] = [(0, 0, state)]
    pushed = 0
    while queue:
        cost, _, here = heapq.heappop(queue)
        if (here.pos[0], here.grappled) in done:
            continue
        done.add((here.pos[0], here.grappled))
        if here is not state:
            best.setdefault(here.pos[0], cost)
            if here.fight is not None or here.pending or here.window is not None:
                continue
        for action in QUEST.legal_actions(here, 0):
            if action.kind != "go":
                continue
            walk = here.clone()
            QUEST.apply(walk, action)
            if walk.allin_used or walk.pos[0] not in state.rooms or walk.pos[0] == state.pos[0]:
                continue  # the all-in rule, the dark and the start are not Go to…'s
            pushed += 1
            heapq.heappush(queue, (walk.spent[0] - state.spent[0], pushed, walk))
    return best


@pytest.mark.parametrize("seed", range(12))
def test_go_to_offers_what_the_engine_steps_reach_at_the_same_cost(seed: int) -> None:
    # SPEC 4.1 ("Go to…": the rooms she can reach with her Move, with the path cost) and
    # SPEC 3.14: on a random 3 × 3 dungeon of quiet rooms, with and without a hook
    rng = random.Random(seed)
    cells = [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0)]
    rooms = [(room, x, y) for room, (x, y) in zip(rng.sample(QUIET, 8), cells, strict=True)]
    links = []
    for x, y in [(0, 0), *cells]:
        for side in "NW":
            links.append((x, y, side, rng.choice(KINDS)))
    start = rng.choice(cells)
    seat = {"at": list(start), "spent": rng.choice((-6, -3, 0)), "items": [HOOK]}
    if seed % 3 == 0:
        seat["items"] = []
    state = _state(rooms, links, seat)
    offered = _routes(state)
    assert {cell: r.cost for cell, r in offered.items()} == _engine_reach(state)
    for route in offered.values():
        walk = _walk(state, route)
        assert walk.spent[0] - state.spent[0] == route.cost
        assert walk.grappled == route.hook


def test_the_direction_pad_prices_a_wall_as_the_hook_takes_it() -> None:
    # SPEC 3.14: the wall the engine offers to a hook costs what a locked door does
    state = _state(ROW, WALLED, {"at": [1, 0], "items": [HOOK]})
    actions = QUEST.legal_actions(state, 0)
    assert Action(0, "go", ("W",)) in actions
    hand = render_hand(make_match("quest", 2), QUEST.view(state, 0).to_json(), actions)
    west = [b.label for b in hand.buttons if b.label.startswith("⬅")]
    assert west == ["⬅ West: Sunlit Gate · " + words.LINK_HOOK.format(cost=3)]
