"""End to end through SimCord: a season of ranked matches, its leaderboard and profile, admin-only
commands refused to other members, voiding and the CSV export (issue 6: leagues)."""

from __future__ import annotations

import csv
import io
from typing import Any

import discord
import simcord

from bot.features.league import PAGE_SIZE
from bot.storage.models import PlayerRating
from bot.words import league_texts, play_texts
from tests.e2e.conftest import World, build_bot
from tests.e2e.helpers import concede, embed_text, message_in


def admin(world: World) -> simcord.MemberActor:
    guild = world.guild
    role = guild.create_role("Organisers", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(world.env.create_user("erin", global_name="Erin"), roles=[role])


async def duel_of(world: World, winner: simcord.MemberActor, loser: simcord.MemberActor) -> int:
    """A tiny-game match between two members; the loser concedes."""
    result = await winner.slash(world.channel, "match new", game="tiny")
    assert result.response is not None
    table_id = result.response.id
    await loser.click(message_in(world.channel, table_id), label="Join")
    await winner.click(message_in(world.channel, table_id), label="Start")
    await concede(loser, world.channel)
    [match] = [
        m
        for m in await world.bot.service.matches_of_user(
            world.guild.id, winner.id, statuses=("finished",)
        )
        if m.message_id == table_id
    ]
    return match.id


async def test_admin_commands_are_refused_to_other_members(world: World) -> None:
    cases: list[tuple[str, dict[str, Any]]] = [
        ("league season-start", {"name": "Spring"}),
        ("league season-end", {}),
        ("league void", {"match_id": 1}),
    ]
    for command, options in cases:
        result = await world.bob.slash(world.channel, command, **options)
        assert result.ephemeral, command
        assert result.response is not None
        assert result.response.content == league_texts.league_error("not_admin", {})
    assert await world.bot.get_cog("League").league.store.seasons(world.guild.id) == []  # type: ignore[union-attr]


async def test_a_season_played_through_discord_and_its_leaderboard(world: World) -> None:
    organiser = admin(world)
    # Lobbies in this server are ranked unless the host says otherwise.
    await world.bot.service.settings.change(world.guild.id, 0, ranked_default=True)
    started = await organiser.slash(world.channel, "league season-start", name="Spring")
    assert started.response is not None and not started.ephemeral
    assert started.response.content == league_texts.SEASON_STARTED.format(name="Spring")

    ids = [
        await duel_of(world, world.alice, world.bob),
        await duel_of(world, world.alice, world.carol),
        await duel_of(world, world.bob, world.carol),
    ]
    board = await world.dave.slash(world.channel, "league leaderboard", game="tiny")
    assert board.response is not None and not board.ephemeral
    text = embed_text(board.response)
    assert "Spring" in text
    lines = [line for line in text.splitlines() if line[:2] in ("1.", "2.", "3.")]
    assert lines[0].startswith("1. Alice") and "2 games, 2 won" in lines[0]
    assert league_texts.PROVISIONAL_MARK in lines[0]

    profile = await world.bob.slash(world.channel, "league profile")
    assert profile.response is not None
    assert f"#{ids[2]}: {league_texts.HISTORY_WON}" in embed_text(profile.response)

    voided = await organiser.slash(world.channel, "league void", match_id=ids[0])
    assert voided.response is not None
    assert voided.response.content == league_texts.MATCH_VOIDED.format(
        match=ids[0], season="Spring", count=2
    )
    exported = await organiser.slash(world.channel, "league export", game="tiny")
    assert exported.ephemeral and exported.response is not None
    [attachment] = exported.response.attachments
    rows = list(csv.DictReader(io.StringIO((await attachment.read()).decode())))
    assert (rows[0]["name"], rows[0]["games"]) == ("Alice", "1")

    ended = await organiser.slash(world.channel, "league season-end")
    assert ended.response is not None
    assert ended.response.content == league_texts.SEASON_ENDED.format(name="Spring")
    again = await organiser.slash(world.channel, "league season-end")
    assert again.ephemeral and again.response is not None
    assert again.response.content == league_texts.league_error("no_open_season", {})


async def test_the_leaderboard_pages_with_buttons(world: World) -> None:
    cog = world.bot.get_cog("League")
    ratings = [PlayerRating(5000 + n, mu=30.0 - n / 10, games=9) for n in range(PAGE_SIZE + 2)]
    await cog.league.store.replace_ratings(world.guild.id, "tiny", 0, ratings)  # type: ignore[union-attr]
    result = await world.alice.slash(world.channel, "league leaderboard", game="tiny")
    assert result.response is not None
    first = message_in(world.channel, result.response.id)
    assert "Page 1 of 2" in embed_text(first)
    # The buttons keep working after a restart: nothing is re-sent.
    old = world.bot
    await world.redeploy(build_bot(old.settings))
    await world.bob.click(first, label=league_texts.BUTTON_NEXT)
    second = message_in(world.channel, result.response.id)
    assert "Page 2 of 2" in embed_text(second)
    assert f"{PAGE_SIZE + 1}. " in embed_text(second)
    await world.bob.click(second, label=league_texts.BUTTON_PAGE_BACK)
    assert "Page 1 of 2" in embed_text(message_in(world.channel, result.response.id))


async def test_history_replay_and_export_through_discord(world: World) -> None:
    ids = [await duel_of(world, world.alice, world.bob) for _ in range(12)]
    result = await world.bob.slash(world.channel, "match history")
    assert result.ephemeral and result.response is not None
    assert f"#{ids[-1]} " in embed_text(result.response) and "Page 1 of 2" in embed_text(
        result.response
    )
    paged = await world.bob.click(result.response, label=league_texts.BUTTON_NEXT)
    assert paged.response is not None
    text = embed_text(paged.response)
    assert "Page 2 of 2" in text and f"#{ids[0]} " in text and league_texts.HISTORY_LOST in text

    replay = await world.carol.slash(world.channel, "match replay", id=ids[0])
    assert replay.ephemeral and replay.response is not None
    assert embed_text(replay.response).startswith(
        league_texts.REPLAY_STEP.format(match=ids[0], step=0, steps=1)
    )
    stepped = await world.carol.click(replay.response, label=league_texts.BUTTON_NEXT)
    assert stepped.response is not None
    assert play_texts.TABLE_FINISHED.format(names="Alice") in embed_text(stepped.response)
    back = await world.carol.click(stepped.response, label=league_texts.BUTTON_PAGE_BACK)
    assert back.response is not None and "step 0" in embed_text(back.response)

    exported = await world.dave.slash(world.channel, "match export", id=ids[0])
    assert exported.ephemeral and exported.response is not None
    [attachment] = exported.response.attachments
    from engine.replay import ExportedMatch, check

    match = ExportedMatch.model_validate_json(await attachment.read())
    assert check(match)["same"] and match.seats[1].name == "Bob"

    missing = await world.dave.slash(world.channel, "match replay", id=ids[-1] + 50)
    assert missing.ephemeral and missing.response is not None
    assert missing.response.content == league_texts.history_error("not_found")
