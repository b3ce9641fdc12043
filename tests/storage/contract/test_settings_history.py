"""Per-server settings and match history through their ports."""

from __future__ import annotations

import pytest

from bot.storage import Storage
from bot.storage.models import ActionRow
from tests.storage.contract.test_matches import live


async def test_settings_round_trip_and_none_resets_one(storage: Storage) -> None:
    settings = storage.settings
    assert await settings.load(1) == {}
    await settings.save(1, {"turn_seconds": 60, "hand_delivery": "ephemeral"}, by_user=5)
    assert await settings.load(1) == {"turn_seconds": 60, "hand_delivery": "ephemeral"}
    await settings.save(1, {"turn_seconds": None}, by_user=5)
    assert await settings.load(1) == {"hand_delivery": "ephemeral"}
    assert await settings.load(2) == {}


async def test_lists_and_yes_no_settings_come_back_as_they_were_given(storage: Storage) -> None:
    settings = storage.settings
    await settings.save(1, {"allowed_games": ("duel", "classic"), "ranked_default": False}, 5)
    assert await settings.load(1) == {"allowed_games": ("duel", "classic"), "ranked_default": False}
    await settings.save(1, {"allowed_games": (), "ranked_default": True}, 5)
    assert await settings.load(1) == {"allowed_games": (), "ranked_default": True}


async def test_an_unknown_setting_is_refused_and_nothing_is_stored(storage: Storage) -> None:
    with pytest.raises(ValueError, match="unknown settings"):
        await storage.settings.save(1, {"turn_seconds": 60, "colour": "red"}, by_user=5)
    assert await storage.settings.load(1) == {}


async def test_history_pages_a_player_s_finished_matches_newest_first(storage: Storage) -> None:
    repo = storage.matches
    finished = []
    for _ in range(3):
        match_id = await live(repo)
        row = await repo.match(match_id)
        assert row is not None
        await repo.record_action(
            match_id,
            row.version,
            0,
            ActionRow(0, {"k": 1}),
            state={},
            outcome={"w": 0},
            deadline_at=None,
        )
        finished.append(match_id)
    await live(repo)  # still live: not history
    page, total = await storage.history.finished_of(1, 10, limit=2, offset=0)
    assert total == 3 and [m for m, _ in page] == finished[::-1][:2]
    page, _ = await storage.history.finished_of(1, 10, limit=2, offset=2)
    assert [m for m, _ in page] == finished[:1]
    assert await storage.history.finished_at(finished[0]) == page[0][1]
    assert await storage.history.finished_of(2, 10, limit=2, offset=0) == ([], 0)
