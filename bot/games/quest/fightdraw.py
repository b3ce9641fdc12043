"""The table's picture during a fight (SPEC 4.1 step 3, 4.2.4): the two strength bars of the
shared fight picture (``bot/render/pictures.py`` ``draw_strength``), and under them the
dungeon around the fight: its room lit and ringed red, the rooms help may come from ringed
blue (the engine's own rule, given by the view as ``help_rooms``), every other room dimmed.

Help, trades and throws all reach the same rooms (the fight's and those joined to it by any
link but a wall), so one picture answers "who could come?" for all of them. The close-up is
three rooms across and only as tall as the rows those rooms are in, so a phone's table grows
by the bars and at most three rows of 96 px.

One PNG per edit, as the map: drawn from what it shows (a ``Scene``, both ``Side``s and the
verdict) and cached by it, so an edit that changes nothing in the fight re-uses the picture;
its words are made once per content as the map's (``mappicture.Shown``: the table and every
hand of a step share them); like every table picture it is drawn in the picture thread
(``off_loop``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from PIL import Image

from bot.games.quest import tableparts, words
from bot.games.quest.cards import fight_monsters, monster_name, seat_name
from bot.games.quest.mapdraw import MARGIN, TABLE_W, Scene, paint
from bot.games.quest.mappalette import in_map_palette
from bot.games.quest.mappicture import Shown, scene_of
from bot.render.model import Picture
from bot.render.pen import Pen
from bot.render.pictures import BACKGROUND, COMPACT, GAP, Side, draw_strength, encode
from engine.quest.view import FightView, QuestView

FIGHT_FILE = "fight.png"


def fight_picture(view: QuestView, names: Sequence[str]) -> Picture | None:
    """The fight's picture, its lines as the alternative text; ``None`` outside a fight."""
    if view.fight is None:
        return None
    return _fight_picture(Shown(view), tuple(names))


@lru_cache(maxsize=64)
def _fight_picture(shown: Shown, names: tuple[str, ...]) -> Picture:
    """Made once per content: the table and every hand of a step show the same fight."""
    view = shown.view
    fight = view.fight
    assert fight is not None
    main = seat_name(names, fight.main)
    helper = fight.helper
    who = [main] + ([seat_name(names, helper)] if helper >= 0 else [])
    mons = tableparts.and_([monster_name(m) or "?" for m in fight_monsters(view)]) or "?"
    scene = scene_of(view, closeup=True)
    drawn = draw(
        scene if fight.stage == "open" else None,
        Side(tableparts.and_(who), fight.side, ()),
        Side(mons, fight.monster_side, ()),
        key_line(fight, scene).format(main=main),
    )
    # Its words for a reader who cannot see it; the whole map stays one tap away (Full map).
    return replace(drawn, description="\n".join(tableparts.fight_lines(view, names)))


def key_line(fight: FightView, scene: Scene) -> str:
    """The line under the bars: what the blue rings mean while the fight is on (the stage
    is the table's waiting line), else how it stands."""
    if fight.stage == "done":
        return words.FIGHT_STAGES.get(fight.stage, "")
    if not scene.reach:
        return words.FIGHT_KEY_NO_HELP
    return words.FIGHT_KEY_BOSS if fight.boss else words.FIGHT_KEY  # R122


@lru_cache(maxsize=64)
def draw(scene: Scene | None, players: Side, monsters: Side, verdict: str) -> Picture:
    """The bars above the close-up, as wide as the table's map (cached: drawn once). Without
    a ``scene`` (the fight past its open stage: nobody can be asked to help any more, so the
    rooms help comes from decide nothing) the bars alone, and a phone's table stays one
    screen in the fight's windows (issue 27.6); the map is behind Full map."""
    below = paint(scene) if scene is not None else None
    top = GAP + COMPACT.height - MARGIN // 2  # the map's own margin keeps it off the verdict
    tall = top + below.height if below is not None else GAP + COMPACT.height + GAP
    image = Image.new("RGB", (TABLE_W, tall), BACKGROUND)
    draw_strength(Pen(image), GAP, TABLE_W, players, monsters, verdict, COMPACT)
    if below is not None:
        image.paste(below, (0, top))
    return Picture(FIGHT_FILE, encode(in_map_palette(image)))
