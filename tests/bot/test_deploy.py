"""A deploy under live matches (issue 13): a match keeps playing on the card set it pinned
whatever the data folder holds after a restart, a rules change is replayed and the match goes
on only if it reaches the same state (else it ends cleanly, no result), and a match whose
records cannot be read is quarantined while every other match restores."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.core.restore import RULES_CHANGED, UNREADABLE
from bot.core.service import ServiceError
from engine import classic as classic_game
from engine import games as registry
from engine.classic.game import Classic
from engine.replay import ExportedMatch, check
from tests.bot.deploy_support import (
    STORAGE,
    add_card_on_top,
    change_number,
    close_service,
    copy_data,
    fresh_process,
    live_match,
    open_service,
    remove_card,
    seen,
)
from tests.support.inspect_db import InspectDb

NEW_DOOR = """
[[card]]
id = "zz_new_door"
name = "Freshly Printed Door"
kind = "curse"
text = "A card added by a deploy."
"""


@pytest.fixture(autouse=True)
def _forget_games() -> Any:
    fresh_process()
    yield
    fresh_process()


async def started(tmp_path: Path, game: str, humans: int, ai: int) -> tuple[Path, Path, int]:
    data = copy_data(tmp_path / "data")
    db = tmp_path / "bot.sqlite3"
    service = await open_service(db, data)
    try:
        match_id = await live_match(service, game, humans, ai, moves=6)
    finally:
        await close_service(service)
    return data, db, match_id


async def restarted_view(db: Path, data: Path, match_id: int) -> dict[str, Any]:
    fresh_process()
    service = await open_service(db, data)
    try:
        return await seen(service, match_id)
    finally:
        await close_service(service)


@pytest.mark.parametrize(
    ("game", "humans", "ai", "change"),
    [
        ("classic", 3, 0, "add"),
        ("classic", 1, 2, "remove"),
        ("classic", 3, 0, "numbers"),
        ("duel", 2, 0, "add"),
        ("duel", 2, 0, "numbers"),
    ],
)
async def test_changed_cards_never_reach_a_live_match(
    tmp_path: Path, game: str, humans: int, ai: int, change: str
) -> None:
    data, db, match_id = await started(tmp_path, game, humans, ai)
    before = await restarted_view(db, data, match_id)
    assert before["status"] == "live"
    if game == "classic" and change == "add":
        add_card_on_top(data, "classic", "doors.toml", NEW_DOOR)
    elif game == "classic" and change == "remove":
        remove_card(data, "classic", "doors.toml", "role_elf")
    elif game == "classic":
        change_number(data, "classic", "doors.toml", "mon_gnat", "level", 7)
    elif change == "add":
        add_card_on_top(data, "duel", "allies.toml", NEW_DOOR.replace("curse", "ally"))
    else:
        change_number(data, "duel", "monsters.toml", "grumbling_goblin", "power", 9)
    # Every seat's view and moves, and the table's words, are exactly what they were.
    assert await restarted_view(db, data, match_id) == before


async def test_the_match_plays_on_with_its_pinned_cards_after_a_change(tmp_path: Path) -> None:
    data, db, match_id = await started(tmp_path, "classic", 3, 0)
    add_card_on_top(data, "classic", "doors.toml", NEW_DOOR)
    fresh_process()
    service = await open_service(db, data)
    try:
        import random

        from tests.bot.deploy_support import human_move

        for _ in range(4):
            await human_move(service, match_id, random.Random(1))
        record = await service.record(match_id)
        game = await service.game_of_match(match_id)
        assert isinstance(game, Classic)
        assert "zz_new_door" not in {c.id for c in game.cards}  # the cards it started with
        assert len(record.actions) > 0
        assert registry.load_game("classic", data).card_set_digest != game.card_set_digest
    finally:
        await close_service(service)


async def test_a_rules_bump_that_changes_nothing_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data, db, match_id = await started(tmp_path, "classic", 3, 0)
    before = await restarted_view(db, data, match_id)
    bumped = classic_game.RULES_VERSION + 1
    monkeypatch.setattr("engine.classic.RULES_VERSION", bumped)
    assert await restarted_view(db, data, match_id) == before
    raw = InspectDb(db)
    [(version,)] = raw.rows("SELECT rules_version FROM matches WHERE id = ?", (match_id,))
    assert version == bumped  # replayed exactly: the new version is pinned


async def test_a_rules_bump_goes_on_from_a_snapshot_in_an_older_stored_form(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The snapshot is compared as the engine reads it: one saved before hirelings (no
    # "hired" key, which loading fills in with no hireling) is the state the log replays to.
    data, db, match_id = await started(tmp_path, "classic", 3, 0)
    before = await restarted_view(db, data, match_id)
    raw = InspectDb(db)
    [(state_json,)] = raw.rows("SELECT state_json FROM snapshots WHERE match_id = ?", (match_id,))
    state = json.loads(state_json)
    assert all(hired == [] for hired in state.pop("hired"))
    raw.execute(
        "UPDATE snapshots SET state_json = ? WHERE match_id = ?", (json.dumps(state), match_id)
    )
    monkeypatch.setattr("engine.classic.RULES_VERSION", classic_game.RULES_VERSION + 1)
    assert await restarted_view(db, data, match_id) == before
    [(status,)] = raw.rows("SELECT status FROM matches WHERE id = ?", (match_id,))
    assert status == "live"


async def test_a_rules_change_that_alters_the_match_ends_it_cleanly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data, db, match_id = await started(tmp_path, "classic", 3, 0)
    new = Classic.new

    def patched(self: Classic, *args: Any, **kwargs: Any) -> Any:
        state = new(self, *args, **kwargs)
        state.levels[0] += 1  # a "rule" that changes every replay
        return state

    monkeypatch.setattr(Classic, "new", patched)
    monkeypatch.setattr("engine.classic.RULES_VERSION", classic_game.RULES_VERSION + 1)
    fresh_process()
    service = await open_service(db, data)
    try:
        match = await service.get(match_id)
        assert match.status == "cancelled" and match.ended_reason == RULES_CHANGED
        assert service.ended_at_start == [match_id]
        with pytest.raises(ServiceError):
            await service.act(match_id, 500, "pass", match.version)
    finally:
        await close_service(service)


async def test_an_unreadable_action_row_quarantines_only_its_match(tmp_path: Path) -> None:
    data, db, broken = await started(tmp_path, "classic", 3, 0)
    service = await open_service(db, data)
    try:
        other = await live_match(service, "duel", 2, 0, moves=3)
    finally:
        await close_service(service)
    raw = InspectDb(db)
    raw.execute("DROP TRIGGER actions_append_only_update")
    raw.execute("UPDATE actions SET action_json = '{not json' WHERE match_id = ?", (broken,))
    fresh_process()
    service = await open_service(db, data)
    try:
        assert service.quarantined == {broken: UNREADABLE}
        assert other in service.live  # every other match restored
        match = await service.get(broken)
        with pytest.raises(ServiceError) as refused:
            await service.act(broken, 500, "pass", match.version)
        assert refused.value.code == "quarantined"
        ended = await service.end_broken(broken)
        assert ended.match.status == "cancelled" and ended.match.ended_reason
        assert broken not in service.quarantined
    finally:
        await close_service(service)


async def test_a_snapshot_the_engine_cannot_load_falls_back_to_the_log(tmp_path: Path) -> None:
    data, db, match_id = await started(tmp_path, "duel", 2, 0)
    before = await restarted_view(db, data, match_id)
    raw = InspectDb(db)
    raw.execute("UPDATE snapshots SET state_json = '{\"odd\": 1}' WHERE match_id = ?", (match_id,))
    assert await restarted_view(db, data, match_id) == before


async def test_a_match_from_before_pinning_is_pinned_when_its_cards_are_unchanged(
    tmp_path: Path,
) -> None:
    data, db, match_id = await started(tmp_path, "classic", 3, 0)
    before = await restarted_view(db, data, match_id)
    raw = InspectDb(db)
    raw.execute("UPDATE matches SET card_set = NULL, rules_version = NULL")
    raw.execute("DELETE FROM card_sets")
    assert await restarted_view(db, data, match_id) == before
    raw = InspectDb(db)
    [(pin,)] = raw.rows("SELECT card_set FROM matches WHERE id = ?", (match_id,))
    [(stored,)] = raw.rows("SELECT COUNT(*) FROM card_sets")
    assert pin is not None and stored == 1
    # Cards changed under an unpinned match: ended cleanly, never replayed on other cards.
    raw = InspectDb(db)
    raw.execute("UPDATE matches SET card_set = NULL")
    change_number(data, "classic", "doors.toml", "mon_gnat", "level", 7)
    fresh_process()
    service = await open_service(db, data)
    try:
        assert (await service.get(match_id)).status == "cancelled"
    finally:
        await close_service(service)


async def test_an_export_replays_on_its_own_cards_after_a_change(tmp_path: Path) -> None:
    from bot.features.history import History

    data, db, match_id = await started(tmp_path, "duel", 2, 0)
    service = await open_service(db, data)
    try:
        for seat in (500, 501):
            match = await service.get(match_id)
            if match.status == "live":
                await service.concede(match_id, seat)
        exported = await History(service, STORAGE[service].history).export(1, match_id)
    finally:
        await close_service(service)
    change_number(data, "duel", "monsters.toml", "grumbling_goblin", "power", 9)
    fresh_process()
    again = ExportedMatch.model_validate(json.loads(exported.model_dump_json()))
    from engine.duel import RULES_VERSION

    assert again.cards is not None and again.rules_version == RULES_VERSION
    assert check(again, data)["same"]


async def test_a_history_replay_uses_the_cards_the_match_was_played_on(tmp_path: Path) -> None:
    from bot.features.history import History

    data, db, match_id = await started(tmp_path, "classic", 3, 0)
    service = await open_service(db, data)
    try:
        for seat in (500, 501):
            await service.concede(match_id, seat)
        assert (await service.get(match_id)).status == "finished"
        before = await History(service, STORAGE[service].history).step(1, match_id, 1)
    finally:
        await close_service(service)
    add_card_on_top(data, "classic", "doors.toml", NEW_DOOR)
    fresh_process()
    service = await open_service(db, data)
    try:
        after = await History(service, STORAGE[service].history).step(1, match_id, 1)
        assert after.view == before.view and after.events == before.events
    finally:
        await close_service(service)
