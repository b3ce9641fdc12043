"""End to end through SimCord: the lobby, restarts, refusals."""

from __future__ import annotations

from bot.words import error_texts
from tests.e2e.conftest import World, build_bot
from tests.e2e.helpers import embed_text, labels, message_in


async def open_lobby(world: World) -> tuple[int, int]:
    """Alice opens a tiny-game lobby; returns (match id, lobby message id)."""
    result = await world.alice.slash(world.channel, "match new", game="tiny")
    assert result.response is not None and not result.ephemeral
    message = result.response
    assert labels(message) == ["Join", "Leave", "Add AI", "Start", "Cancel", "Host tools"]
    matches = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    assert len(matches) == 1 and matches[0].message_id == message.id
    return matches[0].id, message.id


async def test_match_new_posts_a_lobby_that_fills_as_people_join(world: World) -> None:
    match_id, message_id = await open_lobby(world)
    for player in (world.bob, world.carol):
        result = await player.click(message_in(world.channel, message_id), label="Join")
        assert not result.ephemeral
    lobby = message_in(world.channel, message_id)
    text = embed_text(lobby)
    assert "Alice" in text and "Bob" in text and "Carol" in text
    match = await world.bot.service.get(match_id)
    assert [s.name for s in match.seats] == ["Alice", "Bob", "Carol"]


async def test_the_bot_offers_the_games_it_was_given(world: World) -> None:
    # The bot under test offers "tiny" only because the fixture asks (see test_offered_games).
    choices = await world.alice.autocomplete(world.channel, "match new", "game", "")
    assert [c["value"] for c in choices] == ["tiny"]


async def test_a_game_that_is_not_offered_is_refused(world: World) -> None:
    result = await world.alice.slash(world.channel, "match new", game="chess")
    assert result.ephemeral
    assert result.response is not None
    assert result.response.content == error_texts.GAME_NOT_OFFERED.format(games="tiny")


async def test_restart_in_the_lobby_keeps_the_join_button_working(world: World) -> None:
    match_id, message_id = await open_lobby(world)
    old = world.bot
    await world.redeploy(build_bot(old.settings))
    assert world.bot is not old
    result = await world.bob.click(message_in(world.channel, message_id), label="Join")
    assert not result.ephemeral
    assert "Bob" in embed_text(message_in(world.channel, message_id))
    match = await world.bot.service.get(match_id)
    assert match.seat_of(world.bob.id) == 1


async def test_only_the_host_may_start_and_strangers_get_a_private_refusal(world: World) -> None:
    _, message_id = await open_lobby(world)
    await world.bob.click(message_in(world.channel, message_id), label="Join")
    result = await world.dave.click(message_in(world.channel, message_id), label="Start")
    # Start acknowledges at once (dealing may take a while), so the refusal is a private
    # follow-up; the lobby itself is unchanged.
    [refusal] = result.followups
    assert refusal.ephemeral and refusal.content == error_texts.service_error("not_host")
    assert "Dave" not in embed_text(message_in(world.channel, message_id))
    result = await world.dave.click(message_in(world.channel, message_id), label="Leave")
    [refusal] = result.followups  # every click is acknowledged first (issue 29.3)
    assert refusal.ephemeral and refusal.content == error_texts.service_error("not_seated")


async def test_an_unexpected_failure_becomes_a_private_apology(world: World) -> None:
    _, message_id = await open_lobby(world)

    async def broken(*_: object) -> None:
        raise RuntimeError("simulated bug")

    world.bot.button_router.route("lobby-join", broken)
    result = await world.bob.click(message_in(world.channel, message_id), label="Join")
    # Never Discord's "This interaction failed": the click is answered, privately.
    [apology] = result.followups
    assert result.acknowledged and apology.ephemeral
    assert apology.content == error_texts.GENERIC_ERROR
