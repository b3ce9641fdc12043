"""End to end through SimCord, the duel lobby as a first-time player meets it: the deck hint
says once what Pick deck is for, the picker names each deck's Hero, and the hint goes once
everyone has picked."""

from __future__ import annotations

from typing import Any

from bot.client import create_bot
from bot.games.duel import words as duel_words
from engine.games import load_game
from tests.e2e.conftest import World
from tests.e2e.helpers import embed_text, message_in, selects

DUEL = load_game("duel")


def _select(message: Any) -> dict[str, Any]:
    for child in selects(message):
        return dict(child)
    raise AssertionError("no select")


async def test_the_duel_lobby_explains_deck_picks_once_and_names_heroes(world: World) -> None:
    old = world.bot
    await world.redeploy(create_bot(old.settings, games=["tiny", "duel"]))
    alice, bob = world.alice, world.bob
    result = await alice.slash(world.channel, "match new", game="duel")
    assert result.response is not None
    table_id = result.response.id
    await bob.click(message_in(world.channel, table_id), label="Join")
    lobby = embed_text(message_in(world.channel, table_id))
    assert lobby.count(duel_words.LOBBY_DECK_HINT) == 1

    for who in (alice, bob):
        menu = await who.click(
            message_in(world.channel, table_id), label=duel_words.BUTTON_PICK_DECK
        )
        assert menu.ephemeral and menu.response is not None
        select = _select(menu.response)
        heroes = [DUEL.by_id[d.hero].name for d in DUEL.decks.values()]  # type: ignore[attr-defined]
        notes = [o.get("description", "") for o in select["options"]]
        assert all(any(hero in note for note in notes) for hero in heroes)
        await who.select(
            menu.response, [select["options"][0]["value"]], custom_id=select["custom_id"]
        )

    lobby = embed_text(message_in(world.channel, table_id))
    assert duel_words.LOBBY_DECK_HINT not in lobby and duel_words.LOBBY_NO_DECK not in lobby
