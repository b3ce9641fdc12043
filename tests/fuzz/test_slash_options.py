"""Slash-command options through the real bot in SimCord: any text Discord would deliver in an
option (odd game names, seat counts, card names, rule topics, deck names and codes) gets an
answer, worded and private unless it opened a lobby, with no error logged and no traceback;
and nothing is stored unless the command succeeded."""

from __future__ import annotations

import logging
from typing import Any, Literal

import pytest
import simcord
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from bot.words import error_texts
from tests.e2e.conftest import World
from tests.support.inspect_db import InspectDb

SURROGATES: tuple[Literal["Cs"]] = ("Cs",)  # not text: a lone surrogate has no UTF-8
TEXT = st.text(st.characters(exclude_categories=SURROGATES), max_size=120)
ODD_TEXT = st.one_of(
    TEXT,
    st.sampled_from(["", " ", "tiny ", "TINY", "classic\n", "@everyone", "<@1>", "`", "*" * 200]),
    st.text(min_size=1500, max_size=2100).map(lambda t: t[:2100]),
)
SHARED = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.fixture
def errors(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.ERROR)
    return caplog


def stored(world: World) -> tuple[int, int]:
    """How many matches and decks the bot's database holds."""
    path = world.bot.settings.database
    conn = InspectDb(path)
    matches = conn.value("SELECT count(*) FROM matches")
    decks = conn.value("SELECT count(*) FROM decks")
    return int(matches), int(decks)


async def invoke(
    world: World, errors: pytest.LogCaptureFixture, command: str, **options: Any
) -> tuple[Any, bool]:
    """(the answer, whether the command changed what is stored), or (None, False) when
    Discord itself would refuse the options (SimCord checks them as Discord does)."""
    before = stored(world)
    errors.clear()
    try:
        result = await world.alice.slash(world.channel, command, **options)
    except simcord.OptionError:
        event("Discord refuses these options")
        return None, False
    assert result.acknowledged, f"/{command} {options!r}: the interaction failed"
    assert not errors.records, [r.getMessage() for r in errors.records]
    for reply in [result.response, *result.followups]:
        if reply is None:
            continue
        content = reply.content or ""
        assert "Traceback" not in content and content != error_texts.GENERIC_ERROR, content
    return result, stored(world) != before


def private(result: Any) -> bool:
    return bool(result.response is not None and result.response.ephemeral)


@SHARED
@given(game=ODD_TEXT, seats=st.one_of(st.none(), st.integers(-5, 12)))
async def test_match_new_with_any_game_and_seats(
    world: World, errors: pytest.LogCaptureFixture, game: str, seats: int | None
) -> None:
    options: dict[str, Any] = {"game": game}
    if seats is not None:
        options["seats"] = seats
    result, changed = await invoke(world, errors, "match new", **options)
    if result is None:
        return
    opened = game in world.bot.games
    event("opened a lobby" if changed else "refused")
    assert opened or not changed, f"a lobby for the unoffered game {game!r}"
    if not changed:
        assert private(result), f"a refusal in public: {result.response.content!r}"


@SHARED
@given(name=ODD_TEXT)
async def test_card_with_any_name(
    world: World, errors: pytest.LogCaptureFixture, name: str
) -> None:
    result, changed = await invoke(world, errors, "card", name=name)
    if result is not None:
        assert private(result) and not changed


@SHARED
@given(topic=st.one_of(st.none(), ODD_TEXT))
async def test_rules_with_any_topic(
    world: World, errors: pytest.LogCaptureFixture, topic: str | None
) -> None:
    options = {} if topic is None else {"topic": topic}
    result, changed = await invoke(world, errors, "rules", **options)
    if result is not None:
        assert private(result) and not changed


@SHARED
@given(name=ODD_TEXT, code=ODD_TEXT)
async def test_deck_import_and_show_with_any_text(
    world: World, errors: pytest.LogCaptureFixture, name: str, code: str
) -> None:
    result, changed = await invoke(world, errors, "deck import", name=name, code=code)
    if result is not None:
        assert private(result)
        event("imported" if changed else "refused")
    result, changed = await invoke(world, errors, "deck show", name=name)
    if result is not None:
        assert private(result) and not changed
