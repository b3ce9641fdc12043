"""The quest map picture and Go to… (SPEC 3.2 "Drawing the map", 4.1, 4.2): the picture of a
fixed state is the same bytes every time and fits a phone (at most 400 px wide and tall), the
same scene is drawn once, Full map shows every room larger; each Go to… route is steps the
engine takes as legal one after the other, none but the last opening a fight, a window or a
question."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

from PIL import Image

from bot.games.quest import goto, mapdraw, mappicture
from bot.games.quest.mappicture import map_picture, scene_of
from bot.games.quest.maptext import text_map
from bot.plugins import plugin
from bot.screens import render_hand
from engine.core import Action, Rng
from engine.games import load_game
from engine.quest.view import MonsterPath
from tests.bot.render_support import NAMES, make_match


def _played(seats: int, seed: int, steps: int) -> Any:
    game = load_game("quest")
    state = game.new(seats, seed)
    for step in range(steps):
        if game.outcome(state) is not None:
            break
        deciders = sorted(game.deciders(state))
        seat = deciders[step % len(deciders)]
        level = "heuristic" if seat == 0 else "random"
        game.apply(state, game.ai_action(state, seat, Rng(seed * 7919 + step), level))
    return state


def _size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as image:
        return image.size


def test_the_map_of_a_fixed_state_is_the_same_picture_every_time_and_fits_a_phone() -> None:
    game = load_game("quest")
    view = game.view(_played(3, 2, 1500), None)
    first = map_picture(view)
    assert first is not None and first.filename == "map.png"
    mapdraw._draw.cache_clear()
    mappicture._map_picture.cache_clear()
    again = map_picture(view)
    assert again is not None and again.data == first.data  # drawn anew: the same bytes
    width, height = _size(first.data)
    assert width <= mapdraw.TABLE_W and height <= mapdraw.TABLE_H and width * 3 >= height * 4
    assert len(first.data) < 100_000
    # Its alternative text is the text map (what a reader without the picture gets).
    assert first.description is not None and text_map(view) in first.description


def test_the_same_scene_is_drawn_once() -> None:
    game = load_game("quest")
    view = game.view(_played(2, 4, 300), None)
    mapdraw._draw.cache_clear()
    mappicture._map_picture.cache_clear()
    first = map_picture(view)
    # Nothing the picture shows has changed: the same picture, its text map not made again.
    assert map_picture(replace(view, turn_no=99, decks={})) is first
    assert mappicture._map_picture.cache_info().hits == 1
    mappicture._map_picture.cache_clear()
    map_picture(replace(view, turn_no=98))  # made again, the scene's picture not drawn again
    info = mapdraw._draw.cache_info()
    assert (info.misses, info.hits) == (1, 1)
    moved = replace(view, seats=(replace(view.seats[0], at=(0, 0)), *view.seats[1:]))
    if scene_of(moved) != scene_of(view):
        map_picture(moved)
        assert mapdraw._draw.cache_info().misses == 2


def test_the_table_shows_a_window_around_the_turn_and_full_map_every_room() -> None:
    tiles = tuple(mapdraw.Tile((x, 0), f"Room {x}", "A") for x in range(-4, 5))
    scene = mapdraw.Scene(tiles, (), focus=(3, 0))
    assert mapdraw.window(scene) == (1, 0, 4, 0)  # four cells, the focus among them, clamped
    full = mapdraw.Scene(tiles, (), focus=(3, 0), full=True)
    assert mapdraw.window(full) == (-4, 0, 4, 0)
    width, _ = _size(mapdraw.draw(full).data)
    assert width > mapdraw.TABLE_W and width <= mapdraw.FULL_W
    assert _size(mapdraw.draw(scene).data)[0] == mapdraw.TABLE_W


def test_the_table_picture_is_cut_to_its_rooms_and_never_taller_than_four_by_three() -> None:
    """Issue 27.6 (a phone draws a picture as wide as the message, so its shape sets its
    height there) and docs/ux.md, played as new users: two rooms in a wide dark frame."""
    two = tuple(mapdraw.Tile((x, 0), f"Room {x}", "A") for x in range(2))
    width, height = _size(mapdraw.draw(mapdraw.Scene(two, (), focus=(0, 0))).data)
    assert width == 2 * mapdraw.MAX_CELL + 2 * mapdraw.MARGIN < mapdraw.TABLE_W  # no frame
    assert width * 3 >= height * 4
    one = (mapdraw.Tile((0, 0), "Entrance", "E", True),)
    width, height = _size(mapdraw.draw(mapdraw.Scene(one, ())).data)
    assert width * 3 >= height * 4 and width < mapdraw.TABLE_W
    # A tall dungeon: three rows around the focus, never over TABLE_H.
    tall = tuple(mapdraw.Tile((x, y), f"Room {x}{y}", "A") for x in range(2) for y in range(6))
    scene = mapdraw.Scene(tall, (), focus=(0, 3))
    assert mapdraw.window(scene)[3] - mapdraw.window(scene)[1] + 1 == mapdraw.ROWS
    width, height = _size(mapdraw.draw(scene).data)
    assert height <= mapdraw.TABLE_H and width * 3 >= height * 4 and width <= mapdraw.TABLE_W


def test_full_map_answers_with_every_room_named() -> None:
    game = load_game("quest")
    view = game.view(_played(3, 2, 1500), None)
    quest = plugin("quest").renderer
    assert quest.look_label(view) == "Full map"
    found = quest.look(view, NAMES[:3])
    assert found is not None
    said, picture = found
    assert picture.filename == "full-map.png"
    assert "Sunlit Gate" in said


def test_every_go_to_route_is_legal_steps_that_stop_only_at_the_end() -> None:
    game = load_game("quest")
    multi = 0
    for seed in (1, 2, 3):
        state = game.new(3, seed)
        for step in range(700):
            if game.outcome(state) is not None:
                break
            deciders = sorted(game.deciders(state))
            seat = deciders[step % len(deciders)]
            view = game.view(state, seat)
            for route in goto.routes(view, game.legal_actions(state, seat)):
                multi += len(route.steps) > 1
                walk = state.clone()
                for n, d in enumerate(route.steps):
                    step_action = Action(seat, "go", (d,))
                    assert step_action in game.legal_actions(walk, seat), (seed, step, route)
                    game.apply(walk, step_action)
                    if n < len(route.steps) - 1:  # nothing opens before the room chosen
                        assert walk.fight is None and not walk.pending and walk.window is None
                assert walk.pos[seat] == route.to
            level = "heuristic" if seat == 0 else "random"
            game.apply(state, game.ai_action(state, seat, Rng(seed * 7919 + step), level))
    assert multi > 50


def _go_to_menu(seats: int, seed: int) -> tuple[Any, Any]:
    """The first position of a seeded playout where the active seat's Go to… offers a room
    two Move away (how soon one comes depends on the AI seats' play)."""
    game = load_game("quest")
    for steps in range(40, 400, 5):
        state = _played(seats, seed, steps)
        seat = state.turn
        if seat not in game.deciders(state):
            continue
        view = game.view(state, seat)
        hand = render_hand(make_match("quest", seats), view, game.legal_actions(state, seat))
        menus = [s for s in hand.selects if s.placeholder == "Go to…"]
        if menus and any(o.label.endswith("· 2 Move") for o in menus[0].options):
            return state, menus[0]
    raise AssertionError("no Go to… menu with a room two Move away")


def test_go_to_is_a_menu_of_rooms_with_their_cost_and_plays_the_steps() -> None:
    game = load_game("quest")
    state, menu = _go_to_menu(3, 2)
    seat = state.turn
    view = game.view(state, seat)
    actions = game.legal_actions(state, seat)
    far = next(o for o in menu.options if o.label.endswith("· 2 Move"))
    step = plugin("quest").renderer.draft_step(far.value, view, actions, NAMES[:3])
    assert len(step.play) == 2 and all(k.startswith("go.") for k in step.play)
    # The key names the room too: the same steps from another room are not this choice.
    assert far.value.startswith("draft-goto-") and far.value.count("-") >= 3
    moved = replace(view, seats=tuple(replace(s, at=(9, 9)) for s in view.seats))
    assert plugin("quest").renderer.draft_step(far.value, moved, actions, NAMES[:3]).play == ()
    # A route the map no longer offers (another seat's view, a stale press) plays nothing.
    other = game.view(state, (seat + 1) % 3)
    assert plugin("quest").renderer.draft_step(far.value, other, [], NAMES[:3]).play == ()


def test_the_last_monster_turn_is_drawn_in_the_die_colour_and_changes_the_picture() -> None:
    game = load_game("quest")
    view = game.view(_played(2, 4, 300), None)
    still = replace(view, monster_paths=(), last_colour="red")
    paths = (MonsterPath(1, ((0, 0), (1, 0), "slow")), MonsterPath(2, ((0, 0),)))
    moved = replace(still, monster_paths=paths)
    scene = scene_of(moved)
    assert scene.paths == (((0, 0), (1, 0)),) and scene.die == "red"  # who stayed: no line
    assert scene_of(still).paths == () and scene_of(still).die is None
    assert mapdraw.draw(scene).data != mapdraw.draw(scene_of(still)).data


def test_during_a_fight_the_picture_is_the_fight_with_its_words_as_alternative_text() -> None:
    game = load_game("quest")
    state = game.new(3, 2)
    for step in range(2000):
        if state.fight is not None and state.fight.mons:
            break
        deciders = sorted(game.deciders(state))
        seat = deciders[step % len(deciders)]
        level = "heuristic" if seat == 0 else "random"
        game.apply(state, game.ai_action(state, seat, Rng(2 * 7919 + step), level))
    view = game.view(state, None)
    picture = plugin("quest").renderer.table_picture(view, NAMES[:3])
    assert picture is not None and picture.filename == "fight.png"
    assert picture.description is not None and " against " in picture.description


def test_the_hand_shows_the_same_map_below_its_cards() -> None:
    game = load_game("quest")
    state = _played(3, 2, 75)
    seat = state.turn
    hand = render_hand(
        make_match("quest", 3), game.view(state, seat), game.legal_actions(state, seat)
    )
    [picture] = hand.pictures
    table = map_picture(game.view(state, None))
    assert table is not None and picture.data == table.data  # public: the table's own picture
