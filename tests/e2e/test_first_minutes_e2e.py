"""A newcomer's first minutes (issue 27.8), through SimCord: ``/help`` answers privately with
one screen (what the bot does, how to start a match, where your hand is); when the bot joins a
server it says one short word in the system channel, and nothing where there is none."""

from __future__ import annotations

from bot.words import texts
from cogs.welcome import games_named
from tests.e2e.conftest import World

ONE_SCREEN = 1200  # characters: about what a phone shows without scrolling


async def test_help_is_one_private_screen_on_starting_and_on_the_hand(world: World) -> None:
    # issue 27.8
    result = await world.alice.slash(world.channel, "help")
    assert result.response is not None and result.response.ephemeral
    said = result.response.content or ""
    assert "/match new" in said and "My hand" in said and "DM" in said
    assert games_named() in said  # the games this bot hosts, by name
    assert len(said) < ONE_SCREEN


async def test_joining_a_server_says_hello_in_its_system_channel_only(world: World) -> None:
    # issue 27.8
    guild = world.env.create_guild("Newcomers")
    general = guild.create_text_channel("general")
    other = guild.create_text_channel("other")
    await world.env.settle()
    world.env.backend.guilds[guild.id].system_channel_id = general.id
    joined = world.bot.get_guild(guild.id)
    assert joined is not None
    joined._system_channel_id = general.id  # as Discord's GUILD_CREATE would carry it
    world.bot.dispatch("guild_join", joined)
    await world.env.settle()
    [hello] = [m.content for m in general.history()]
    assert hello == texts.WELCOME_TEXT.format(games=games_named())
    assert "/match new" in hello and "/help" in hello and not other.history()
    # A server with no system channel hears nothing.
    quiet = world.env.create_guild("Quiet")
    room = quiet.create_text_channel("room")
    await world.env.settle()
    found = world.bot.get_guild(quiet.id)
    assert found is not None
    world.bot.dispatch("guild_join", found)
    await world.env.settle()
    assert not room.history()
