"""Pictures are drawn off the event loop (``pictures.off_loop``): in the picture thread, with
the same result as on the loop, so moving the work changes nothing anyone sees."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from bot.render import pictures
from bot.render.model import Rendered
from bot.screens import render_hand, render_table
from tests.bot.render_support import make_match, until


def same(a: Rendered, b: Rendered) -> None:
    assert [e.to_dict() for e in a.embeds] == [e.to_dict() for e in b.embeds]
    assert a.buttons == b.buttons and a.selects == b.selects and a.content == b.content
    assert [(p.filename, p.data) for p in a.pictures] == [(p.filename, p.data) for p in b.pictures]


@pytest.fixture
def encoders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the threads that encode a picture (caches emptied, so each one does)."""
    names: list[str] = []
    real = pictures.encode

    def recording(image: Any) -> bytes:
        names.append(threading.current_thread().name)
        return real(image)

    monkeypatch.setattr(pictures, "encode", recording)
    pictures._cards_picture.cache_clear()
    pictures.fight_picture.cache_clear()
    return names


def fight(view: dict[str, Any]) -> bool:
    return view.get("combat") is not None or bool(view.get("fight"))


@pytest.mark.parametrize(("game_id", "players"), [("classic", 4), ("duel", 2)])
async def test_a_table_and_a_hand_drawn_off_the_loop_are_the_same_pictures(
    game_id: str, players: int, encoders: list[str]
) -> None:
    game, state = until(game_id, players, 5, fight)
    match = make_match(game_id, players)
    public = game.view(state, None).to_json()
    private = game.view(state, 0).to_json()
    actions = game.legal_actions(state, 0)

    table = await pictures.off_loop(render_table, match, public, deciders=[0])
    hand = await pictures.off_loop(render_hand, match, private, actions)
    drawn_off = list(encoders)
    pictures._cards_picture.cache_clear()
    pictures.fight_picture.cache_clear()
    same(table, render_table(match, public, deciders=[0]))
    same(hand, render_hand(match, private, actions))

    assert table.pictures  # a fight is on: the table draws it (a hand may be empty)
    assert drawn_off and all(name.startswith("pictures") for name in drawn_off), drawn_off
    assert threading.current_thread().name not in drawn_off
