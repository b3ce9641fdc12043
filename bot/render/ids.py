"""Button custom ids: ``bs:<match>:<version>:<key>``.

Discord caps a custom id at 100 characters; the strict pattern below is also what the persistent
``DynamicItem`` matches, so an id the bot could not parse back is never drawn.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_CUSTOM_ID = 100  # Discord's limit for a component custom_id
MAX_MATCH_ID = 2**63 - 1  # SQLite integers are signed 64-bit
PREFIX = "bs"

# Keys that act on the lobby or open private views; they are not version-checked, because a
# join racing another join is harmless. Every other key is a game ``Action.key``.
JOIN, LEAVE, ADD_AI, START, CANCEL, HAND = "join", "leave", "ai", "start", "cancel", "hand"
LOBBY_KEYS = frozenset({JOIN, LEAVE, ADD_AI, START, CANCEL})
UNVERSIONED_KEYS = LOBBY_KEYS | {HAND}

CUSTOM_ID_PATTERN = re.compile(
    r"\Abs:(?P<match>[1-9][0-9]{0,18}):(?P<version>0|[1-9][0-9]{0,9}):(?P<key>[A-Za-z0-9_.\-]{1,80})\Z"
)


@dataclass(frozen=True, slots=True)
class ButtonId:
    match_id: int
    version: int
    key: str

    @property
    def versioned(self) -> bool:
        return self.key not in UNVERSIONED_KEYS

    def __str__(self) -> str:
        return make_custom_id(self.match_id, self.version, self.key)


def make_custom_id(match_id: int, version: int, key: str) -> str:
    """The custom id for a button. ``ValueError`` if it would not parse back or is too long."""
    text = f"{PREFIX}:{match_id}:{version}:{key}"
    if len(text) > MAX_CUSTOM_ID or parse_custom_id(text) is None:
        raise ValueError(f"cannot encode button id for match {match_id}, key {key!r}")
    return text


def parse_custom_id(text: str) -> ButtonId | None:
    """The parts of a custom id, or ``None`` for anything that is not one of ours."""
    if len(text) > MAX_CUSTOM_ID:
        return None
    found = CUSTOM_ID_PATTERN.fullmatch(text)
    if found is None or int(found["match"]) > MAX_MATCH_ID:
        return None
    return ButtonId(int(found["match"]), int(found["version"]), found["key"])
