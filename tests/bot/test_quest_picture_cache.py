"""The quest's pictures are made once per content (``mappicture.Shown``): the table and every
seat's hand of a step are one picture, and what the cache answers is, for every step of a few
random playouts, what making the picture anew gives (its bytes and its alternative text): the
cache's key holds everything the pictures read, and nothing private (a hand differs from the
table only in what no picture shows)."""

from __future__ import annotations

from bot.games.quest import fightdraw, mappicture
from bot.plugins import plugin
from bot.screens.table import drawn_names
from tests.bot.render_support import make_match, playout


def test_a_step_shows_one_picture_and_it_is_the_one_made_anew() -> None:
    renderer = plugin("quest").renderer
    names = drawn_names(make_match("quest", 3))
    anew_map = mappicture._map_picture.__wrapped__
    anew_fight = fightdraw._fight_picture.__wrapped__
    fights = 0
    for seed in range(3):
        for step, (game, state) in enumerate(playout("quest", 3, seed, 200)):
            table = renderer.read(game.view(state, None).to_json())
            hands = [renderer.read(game.view(state, seat).to_json()) for seat in range(3)]
            # Either may come first: a seat's own view never puts its secrets in the picture.
            if step % 2:
                first = renderer.hand_picture(hands[step % 3], names)
                assert renderer.table_picture(table, names) is first
            picture = renderer.table_picture(table, names)
            for hand in hands:
                assert renderer.hand_picture(hand, names) is picture
            if picture is None:
                continue
            if table.fight is not None:
                fights += 1
                made = anew_fight(mappicture.Shown(table), tuple(names))
            else:
                made = anew_map(mappicture.Shown(table), False)
            assert (picture.data, picture.description) == (made.data, made.description)
    assert fights  # the fight's picture was compared too
