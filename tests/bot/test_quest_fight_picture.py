"""The quest table during a fight (SPEC 4.1 step 3: "the new room lit up, its links, the
monster drawn… and the fight panel: the two strength bars"; SPEC 4.2.4: "the picture should
mark rooms adjacent to the fight"): one PNG with the strength bars above the rooms around the
fight, the fight's room ringed red, the rooms help may come from (as the engine gives them)
ringed blue, the others dimmed; a phone's width, cached by what it shows, its words as the
alternative text; the table's field says only what the picture does not."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

from PIL import Image

from bot.games.quest import fightdraw, mapdraw, words
from bot.games.quest.mappicture import scene_of
from bot.plugins import plugin
from bot.screens import render_hand, render_table
from engine.games import load_game
from engine.quest.game import Quest
from engine.quest.scenario import build
from engine.quest.view import QuestView
from tests.bot.render_support import NAMES, make_match


def _quest() -> Quest:
    game = load_game("quest")
    assert isinstance(game, Quest)
    return game


QUEST = _quest()
# Sunlit Gate (0,0) - Mossy Vestibule (1,0) | wall | Dripping Cave (2,0), Root Cellar (1,1)
# under the Vestibule, Rubble Heap (2,1) beside the Cellar; the fight in the Vestibule.
ROOMS = [
    {"room": "r01a", "x": 1, "y": 0},
    {"room": "r03b", "x": 1, "y": 1},
    {"room": "r07b", "x": 2, "y": 0},
    {"room": "r17b", "x": 2, "y": 1},
]
LINKS = [{"x": 2, "y": 0, "side": "W", "kind": "wall"}]


def _view(
    rooms: list[dict[str, Any]] = ROOMS, seat: int | None = None, bob: tuple[int, int] = (1, 1)
) -> QuestView:
    setup = {
        "seats": 3,
        "rooms": rooms,
        "links": LINKS,
        "monsters": [{"id": "lost_intern", "x": 1, "y": 0}],
    }
    state = build(QUEST, setup, [{"at": [1, 0]}, {"at": list(bob)}, {"at": [2, 0]}])
    return QUEST.view(state, seat)


def _size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as image:
        return image.size


def test_the_fight_picture_is_the_bars_above_the_rooms_around_the_fight() -> None:
    # SPEC 4.1 step 3, SPEC 4.2.4
    view = _view()
    scene = scene_of(view, closeup=True)
    assert scene.fight == (1, 0) and scene.closeup
    assert scene.reach == ((0, 0), (1, 0), (1, 1))  # the engine's help rooms: not (2,0)
    # Three rooms across, and only the rows the fight and its help rooms are in.
    assert mapdraw.window(scene) == (0, 0, 2, 1)
    picture = plugin("quest").renderer.table_picture(view, NAMES[:3])
    assert picture is not None and picture.filename == "fight.png"
    width, height = _size(picture.data)
    assert width == mapdraw.TABLE_W and height <= 560  # a phone's width, bars and two rows
    assert len(picture.data) < 100_000


def test_a_fight_in_a_corridor_is_one_row_tall() -> None:
    # The close-up grows only by the rows help may come from: the wall keeps (2,0) out, and
    # with the Cellar gone nothing lies above or below.
    view = _view([ROOMS[0], ROOMS[2]], bob=(0, 0))
    scene = scene_of(view, closeup=True)
    assert scene.reach == ((0, 0), (1, 0))
    assert mapdraw.window(scene) == (0, 0, 2, 0)
    short = plugin("quest").renderer.table_picture(view, NAMES[:3])
    tall = plugin("quest").renderer.table_picture(_view(), NAMES[:3])
    assert short is not None and tall is not None
    assert _size(short.data)[1] < _size(tall.data)[1]


def test_no_help_room_marks_nothing_and_says_so() -> None:
    # R112: the Muffled Vault forbids help
    view = _view([{"room": "r05a", "x": 1, "y": 0}, *ROOMS[1:]])
    assert scene_of(view, closeup=True).reach == ()
    picture = plugin("quest").renderer.table_picture(view, NAMES[:3])
    assert picture is not None and picture.description is not None
    assert words.FIGHT_NO_HELP in picture.description


def test_the_marks_change_the_picture_and_the_same_fight_is_drawn_once() -> None:
    view = _view()
    fightdraw.draw.cache_clear()
    fightdraw._fight_picture.cache_clear()
    first = plugin("quest").renderer.table_picture(view, NAMES[:3])
    assert (fightdraw.draw.cache_info().misses, fightdraw.draw.cache_info().hits) == (1, 0)
    # Nothing the picture shows has changed: the same picture, its words not made again.
    same = plugin("quest").renderer.table_picture(replace(view, turn_no=99, decks={}), NAMES[:3])
    assert same is first and fightdraw._fight_picture.cache_info().hits == 1
    fightdraw._fight_picture.cache_clear()
    plugin("quest").renderer.table_picture(replace(view, turn_no=98), NAMES[:3])
    assert (fightdraw.draw.cache_info().misses, fightdraw.draw.cache_info().hits) == (1, 1)
    fightdraw.draw.cache_clear()
    fightdraw._fight_picture.cache_clear()
    again = plugin("quest").renderer.table_picture(view, NAMES[:3])
    assert first is not None and again is not None and first.data == again.data
    assert view.fight is not None
    unmarked = replace(view, fight=replace(view.fight, help_rooms=((1, 0),)))
    other = plugin("quest").renderer.table_picture(unmarked, NAMES[:3])
    assert other is not None and other.data != first.data


def test_the_words_say_where_help_may_come_from_and_the_field_only_what_is_not_drawn() -> None:
    view = _view()
    picture = plugin("quest").renderer.table_picture(view, NAMES[:3])
    assert picture is not None and picture.description is not None
    said = picture.description
    assert words.FIGHT_HELP.format(rooms="Sunlit Gate and Root Cellar") in said
    assert words.FIGHT_ASK.format(names="Bob") in said  # Carol is behind the wall
    assert "Totals: players" in said
    table = render_table(make_match("quest", 3), view).text
    # The bars and the blue rings are in the picture: the field does not say them again,
    # nor who may be asked (the fighter's Ask buttons name them; issue 27.6: one screen).
    assert "Totals: players" not in table and "ringed blue" not in table


def test_a_hand_in_a_fight_shows_the_table_s_fight_picture() -> None:
    table = plugin("quest").renderer.table_picture(_view(), NAMES[:3])
    hand = render_hand(make_match("quest", 3), _view(seat=1), [])
    assert table is not None and [p.data for p in hand.pictures] == [table.data]


def test_the_boss_fight_s_key_says_only_level_10_may_help() -> None:
    # R122: against the Boss only Level 10 munchkins may help; the rings still show where from
    view = _view()
    assert view.fight is not None
    boss = replace(view, fight=replace(view.fight, boss=True))
    assert boss.fight is not None
    assert fightdraw.key_line(boss.fight, scene_of(boss, closeup=True)) == words.FIGHT_KEY_BOSS
    assert fightdraw.key_line(view.fight, scene_of(view, closeup=True)) == words.FIGHT_KEY
