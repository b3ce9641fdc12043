"""``/rules`` and ``/card`` through SimCord: autocomplete, private answers, the card tile."""

from __future__ import annotations

from bot import plugins
from bot.games.duel import PLUGIN as DUEL
from bot.games.duel.reference import TOPICS as DUEL_TOPICS
from bot.screens import reference as ref
from bot.words import texts
from tests.e2e.conftest import World
from tests.e2e.helpers import buttons, embed_text, labels


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
    assert DUEL_TOPICS["stash"][0] in embed_text(listing.response)
    assert "/rules topic:" not in embed_text(listing.response), "no command to retype"
    unknown = await world.bob.slash(world.channel, "rules", topic="chess")
    assert unknown.response is not None
    assert texts.RULES_UNKNOWN.format(topic="chess") in embed_text(unknown.response)


async def test_rules_topics_are_buttons_that_redraw_the_same_private_answer(world: World) -> None:
    # issue 27.8: /rules answered with a list of commands to retype; its topics are buttons.
    listing = await world.alice.slash(world.channel, "rules")
    answer = listing.response
    assert answer is not None
    games = [p.title for p in plugins.plugins() if p.reference is not None]
    assert labels(answer) == games
    await world.alice.click(answer, label=DUEL.title)
    goal, _ = DUEL_TOPICS["goal"]
    assert goal in embed_text(answer), "a game's button opens its first topic"
    assert labels(answer) == [t for t, _ in DUEL_TOPICS.values()] + [texts.RULES_ALL_GAMES]
    fight, _ = DUEL_TOPICS["fight"]
    await world.alice.click(answer, label=fight)
    assert "face down" in embed_text(answer)
    assert [b["label"] for b in buttons(answer) if b.get("disabled")] == [fight]
    await world.alice.click(answer, label=texts.RULES_ALL_GAMES)
    assert labels(answer) == games and texts.RULES_INDEX_TITLE in embed_text(answer)


def test_a_topic_button_whose_topic_is_gone_shows_the_index() -> None:
    assert ref.topic_at("duel", 99) is None and ref.topic_at("", 0) is None
    assert ref.topic_at("chess", 1) is None
    assert ref.topic_at("duel", 1) == "duel.goal"


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
