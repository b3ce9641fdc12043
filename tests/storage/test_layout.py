"""The storage package after splitting the repository: every module within the 400-line limit,
and ``Repository`` still the one object with every read and write the service used before."""

from __future__ import annotations

from pathlib import Path

from bot.storage import repository
from bot.storage.repository import ActionRow, Repository, Row, StoredMatch, VersionConflict

STORAGE = Path(repository.__file__).parent
# Repository's public methods before the split (and the hand-delivery pair added since).
METHODS = {
    "match",
    "seats",
    "match_with_seats",
    "match_ids",
    "actions",
    "stored_matches",
    "snapshot",
    "deadlines",
    "create_match",
    "set_message",
    "add_seat",
    "remove_seat",
    "set_host",
    "set_options",
    "set_deadline",
    "hand_to_ai",
    "take_back",
    "set_status",
    "mark_dm_closed",
    "start_match",
    "record_action",
    "replace_snapshot",
    "guild_settings",
    "save_guild_settings",
    "mark_hand_sent",
    "unsent_hands",
}


def test_every_storage_module_is_within_the_size_limit() -> None:
    for path in STORAGE.glob("*.py"):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= 400, f"{path.name}: {lines} lines"


def test_the_repository_keeps_its_whole_interface() -> None:
    public = {name for name in dir(Repository) if not name.startswith("_")}
    assert public >= METHODS, sorted(METHODS - public)
    assert {ActionRow, StoredMatch, VersionConflict} and Row is not None
