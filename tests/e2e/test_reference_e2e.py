"""``/rules`` and ``/card`` through SimCord: autocomplete, private answers, the card tile."""

from __future__ import annotations

from bot import plugins
from bot.games.duel.reference import TOPICS as DUEL_TOPICS
from bot.words import texts
from tests.e2e.conftest import World
from tests.e2e.helpers import embed_text


async def test_rules_topics_autocomplete_and_answer_privately(world: World) -> None:
    choices = await world.alice.autocomplete(world.channel, "rules", "topic", "fight")
    values = [c["value"] for c in choices]
    assert "classic.fight" in values and "duel.fight" in values
    result = await world.alice.slash(world.channel, "rules", topic="duel.fight")
    assert result.ephemeral and result.response is not None
    title, _ = DUEL_TOPICS["fight"]
    assert title in embed_text(result.response)
    assert "face down" in embed_text(result.response)


async def test_rules_without_a_topic_lists_them_and_an_unknown_topic_says_so(world: World) -> None:
    listing = await world.bob.slash(world.channel, "rules")
    assert listing.ephemeral and listing.response is not None
    assert "classic.turn" in embed_text(listing.response)
    unknown = await world.bob.slash(world.channel, "rules", topic="chess")
    assert unknown.response is not None
    assert texts.RULES_UNKNOWN.format(topic="chess") in embed_text(unknown.response)


async def test_card_autocompletes_over_both_games_and_shows_a_tile(world: World) -> None:
    choices = await world.alice.autocomplete(world.channel, "card", "name", "g")
    assert 0 < len(choices) <= 25  # Discord: at most 25 suggestions
    games = {c["value"].partition(":")[0] for c in choices}
    assert games == {p.id for p in plugins.plugins() if p.reference is not None}
    [goblin] = await world.alice.autocomplete(world.channel, "card", "name", "grumbling gob")
    result = await world.alice.slash(world.channel, "card", name=goblin["value"])
    assert result.ephemeral and result.response is not None
    assert "Grumbling Goblin" in embed_text(result.response)
    [tile] = result.response.attachments
    assert tile.filename == "card.png" and tile.size < 100_000


async def test_an_unknown_card_name_is_a_clear_private_refusal(world: World) -> None:
    result = await world.carol.slash(world.channel, "card", name="No Such Card")
    assert result.ephemeral and result.response is not None
    assert result.response.content == texts.CARD_UNKNOWN.format(name="No Such Card")
