"""``/deck new|add|remove`` and the ``/league`` commands through the real bot in SimCord, with
any option Discord would deliver (odd names, heroes, cards, counts, seasons, match ids): every
one gets a worded answer, private unless it announced a season change, with no error logged and
no traceback; a refusal changes nothing stored, and a success changes only what it says."""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest
import simcord
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from bot.words import error_texts, league_texts
from tests.e2e.conftest import World
from tests.fuzz.test_slash_options import ODD_TEXT, private
from tests.support.inspect_db import InspectDb

SHARED = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

BASE = "Fuzz Base"  # a deck Alice owns before the examples start
HEROES = ["Brunhild Axebiter", "brunhild_axebiter", "vesper quickfingers", "Rusty Sword"]
CARDS = ["Rusty Sword", "rusty_sword", "Pointy Stick", "pot helmet", "Brunhild Axebiter"]
COUNTS = st.integers(-3, 120)  # Discord itself refuses what lies outside 1..99
MATCH_IDS = st.one_of(st.integers(-5, 50), st.integers(-(2**53), 2**53))
# Every table a deck or league command may write.
TABLES = {
    "decks": "owner_id, game, name, hero, cards_json",
    "deck_choices": "user_id, game, deck_id, precon",
    "seasons": "guild_id, name, ended_at IS NULL",
    "league_matches": "match_id, season_id, voided",
    "league_seats": "match_id, user_id, place",
    "ratings": "guild_id, game, season_id, user_id, games",
}


@pytest.fixture
def errors(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.ERROR)
    return caplog


def stored(world: World) -> dict[str, list[tuple[Any, ...]]]:
    path = world.bot.settings.database
    conn = InspectDb(path)
    return {
        table: sorted(conn.rows(f"SELECT {columns} FROM {table}"), key=repr)
        for table, columns in TABLES.items()
    }


def admin(world: World) -> simcord.MemberActor:
    found = getattr(world, "organiser", None)
    if found is None:
        guild = world.guild
        role = guild.create_role("Organisers", permissions=discord.Permissions(manage_guild=True))
        found = guild.add_member(world.env.create_user("erin", global_name="Erin"), roles=[role])
        world.organiser = found  # type: ignore[attr-defined]
    return found


async def invoke(
    world: World,
    errors: pytest.LogCaptureFixture,
    who: simcord.MemberActor,
    command: str,
    **options: Any,
) -> tuple[Any, str, dict[str, tuple[int, int]]]:
    """(the answer, its words, per table (rows before, rows after) for the tables that
    changed); (None, "", {}) when Discord itself would refuse the options."""
    before = stored(world)
    errors.clear()
    try:
        result = await who.slash(world.channel, command, **options)
    except simcord.OptionError:
        event("Discord refuses these options")
        return None, "", {}
    after = stored(world)
    assert result.acknowledged, f"/{command} {options!r}: the interaction failed"
    assert not errors.records, [r.getMessage() for r in errors.records]
    words = []
    for reply in [result.response, *result.followups]:
        if reply is None:
            continue
        content = reply.content or ""
        assert "Traceback" not in content and content != error_texts.GENERIC_ERROR, content
        assert 0 < len(content) <= 2000 or reply.embeds or reply.attachments, options
        words.append(content)
    changed = {t: (len(before[t]), len(after[t])) for t in TABLES if before[t] != after[t]}
    return result, "\n".join(words), changed


async def base_deck(world: World) -> None:
    if not getattr(world, "has_base", False):
        await world.alice.slash(world.channel, "deck new", name=BASE, hero="Brunhild Axebiter")
        world.has_base = True  # type: ignore[attr-defined]


# /deck ------------------------------------------------------------------------------------


@SHARED
@given(name=ODD_TEXT, hero=st.one_of(st.sampled_from(HEROES), ODD_TEXT))
async def test_deck_new_with_any_name_and_hero(
    world: World, errors: pytest.LogCaptureFixture, name: str, hero: str
) -> None:
    result, words, changed = await invoke(
        world, errors, world.alice, "deck new", name=name, hero=hero
    )
    if result is None:
        return
    assert private(result)
    made = words.startswith("Deck ") and "started around" in words
    event("created" if made else "refused")
    if made:
        assert changed == {"decks": (changed["decks"][0], changed["decks"][0] + 1)}
    else:
        assert not changed, f"refused ({words!r}) yet stored {changed}"


@SHARED
@given(
    command=st.sampled_from(["deck add", "deck remove"]),
    name=st.one_of(st.sampled_from([BASE, BASE.upper(), " " + BASE]), ODD_TEXT),
    card=st.one_of(st.sampled_from(CARDS), ODD_TEXT),
    count=st.one_of(st.none(), COUNTS),
)
async def test_deck_add_and_remove_with_any_deck_card_and_count(
    world: World,
    errors: pytest.LogCaptureFixture,
    command: str,
    name: str,
    card: str,
    count: int | None,
) -> None:
    await base_deck(world)
    options: dict[str, Any] = {"name": name, "card": card}
    if count is not None:
        options["count"] = count
    result, words, changed = await invoke(world, errors, world.alice, command, **options)
    if result is None:
        return
    assert private(result)
    done = "cards." in words.split("\n", 1)[0] and ": now " in words
    event(f"{command}: {'changed' if done else 'refused'}")
    if done:
        assert set(changed) <= {"decks"} and all(a == b for a, b in changed.values())
    else:
        assert not changed, f"refused ({words!r}) yet stored {changed}"


# /league ----------------------------------------------------------------------------------


@SHARED
@given(
    command=st.sampled_from(["league season-start", "league season-end", "league void"]),
    name=ODD_TEXT,
    match_id=MATCH_IDS,
    as_admin=st.booleans(),
)
async def test_league_admin_commands_with_any_season_and_match(
    world: World,
    errors: pytest.LogCaptureFixture,
    command: str,
    name: str,
    match_id: int,
    as_admin: bool,
) -> None:
    who = admin(world) if as_admin else world.bob
    options: dict[str, Any] = {}
    if command.endswith("season-start"):
        options["name"] = name
    elif command.endswith("void"):
        options["match_id"] = match_id
    result, words, changed = await invoke(world, errors, who, command, **options)
    if result is None:
        return
    announced = not private(result)
    event(f"{command}: {'done' if announced else 'refused'}")
    if not as_admin:
        assert not announced and words == league_texts.league_error("not_admin", {})
    if not announced:
        assert not changed, f"refused ({words!r}) yet stored {changed}"
    elif command.endswith("season-start"):
        assert set(changed) == {"seasons"}
    elif command.endswith("season-end"):
        assert set(changed) == {"seasons"} and all(a == b for a, b in changed.values())


@SHARED
@given(
    command=st.sampled_from(["league leaderboard", "league profile", "league export"]),
    game=st.one_of(st.none(), st.sampled_from(["tiny", "TINY", "duel"]), ODD_TEXT),
    season=st.one_of(st.none(), st.sampled_from(["Spring", "spring "]), ODD_TEXT),
)
async def test_league_reading_commands_with_any_game_and_season(
    world: World,
    errors: pytest.LogCaptureFixture,
    command: str,
    game: str | None,
    season: str | None,
) -> None:
    if not getattr(world, "has_season", False):
        await admin(world).slash(world.channel, "league season-start", name="Spring")
        world.has_season = True  # type: ignore[attr-defined]
    options: dict[str, Any] = {}
    if season is not None:
        options["season"] = season
    if game is not None and command != "league profile":
        options["game"] = game
    elif command == "league leaderboard":
        options["game"] = "tiny"  # a required option
    result, _, changed = await invoke(world, errors, world.carol, command, **options)
    if result is None:
        return
    assert not changed, f"/{command} {options!r} stored {changed}"
    event(f"{command}: {'private' if private(result) else 'public'}")
