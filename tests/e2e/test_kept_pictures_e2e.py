"""Through SimCord with a real game (issue 29.4): an edit whose pictures did not change names
no attachments, so Discord keeps the files the message carries and nothing is uploaded
again; the layout's ``attachment://`` names find the kept files. A changed picture is
uploaded. Both for a hand (the clicked "My hand" answer) and for the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from bot.config import Settings
from bot.games.duel.render import DuelRenderer
from bot.render import pictures
from bot.render.model import Picture
from tests.e2e.conftest import World
from tests.e2e.helpers import components, live_hand, message_in
from tests.e2e.test_games_e2e import start_games_bot

if TYPE_CHECKING:
    from bot.client import Backstab

MEDIA_GALLERY = 12


@pytest.fixture
async def simcord_bot(settings: Settings, tiny_game: str) -> Backstab:
    return await start_games_bot(settings)


def _edits(world: World, since: int, path_end: str) -> list[Any]:
    """The JSON of each PATCH since ``since`` whose path ends with ``path_end``."""
    return [
        r.json
        for r in list(world.env.http_requests)[since:]
        if r.method == "PATCH" and r.path.endswith(path_end)
    ]


def _shown(message: Any) -> tuple[list[str], list[str]]:
    """The addresses of the files a message carries, and of what its gallery shows."""
    attached = [str(a.url) for a in message.attachments]
    shown = [
        str(item["media"].get("url"))
        for c in components(message)
        if c.get("type") == MEDIA_GALLERY
        for item in c["items"]
    ]
    return attached, shown


async def _duel(world: World) -> int:
    result = await world.alice.slash(world.channel, "match new", game="duel")
    assert result.response is not None
    table_id = result.response.id
    await world.bob.click(message_in(world.channel, table_id), label="Join")
    await world.alice.click(message_in(world.channel, table_id), label="Start")
    await world.env.settle()
    return table_id


async def test_a_hand_redrawn_with_the_same_cards_keeps_its_picture_without_an_upload(
    world: World,
) -> None:
    table_id = await _duel(world)
    hand = await world.bob.click(message_in(world.channel, table_id), label="My hand")
    assert hand.response is not None
    before = _shown(hand.response)
    assert len(before[0]) == 1 and before[1] == before[0]  # hand.png, shown by the gallery
    since = len(world.env.http_requests)

    # Keeping the opening hand changes its controls, not its cards.
    await world.bob.click(hand.response, label="Keep this hand")
    await world.env.settle()

    edits = _edits(world, since, "/messages/@original")
    assert edits and all("attachments" not in (body or {}) for body in edits), edits
    _, after = live_hand(world.channel, world.bob)
    assert after.id == hand.response.id
    assert _shown(after) == before  # the same file, kept, and the gallery shows it


async def test_a_table_edit_uploads_its_picture_only_when_it_changed(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = {"cards": ("One",)}

    def table_picture(self: DuelRenderer, view: Any, names: Any) -> Picture:
        faces = [pictures.CardFace(title, "item") for title in drawn["cards"]]
        return pictures.cards_picture(faces, "table.png")

    monkeypatch.setattr(DuelRenderer, "table_picture", table_picture)
    table_id = await _duel(world)
    hand = await world.bob.click(message_in(world.channel, table_id), label="My hand")
    assert hand.response is not None
    table_edits = f"/messages/{table_id}"
    since = len(world.env.http_requests)
    await world.bob.click(hand.response, label="Keep this hand")
    await world.env.settle()
    edits = _edits(world, since, table_edits)
    assert edits and all("attachments" not in (body or {}) for body in edits), edits
    table = message_in(world.channel, table_id)
    attached, shown = _shown(table)
    assert len(attached) == 1 and shown == attached  # still table.png, from the kept file

    drawn["cards"] = ("Two",)  # the picture changes: uploaded with the next edit
    since = len(world.env.http_requests)
    alice = await world.alice.click(message_in(world.channel, table_id), label="My hand")
    assert alice.response is not None
    await world.alice.click(alice.response, label="Keep this hand")
    await world.env.settle()
    edits = _edits(world, since, table_edits)
    assert edits and edits[0]["attachments"] == [{"id": 0, "filename": "table.png"}], edits
    attached_now, shown_now = _shown(message_in(world.channel, table_id))
    assert len(attached_now) == 1 and attached_now != attached and shown_now == attached_now
