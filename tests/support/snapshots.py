"""What a stored snapshot must hold now that one is written every ``SNAPSHOT_EVERY`` actions
(issue 29.5): the state after the log's first ``action_count`` actions, as stored (JSON)."""

from __future__ import annotations

import json
from typing import Any

from engine.core import Game
from engine.core.record import MatchRecord, replay


def replayed_to(game: Game[Any, Any], record: MatchRecord, count: int) -> Any:
    """The state after ``record``'s first ``count`` actions, as a snapshot stores it."""
    head = MatchRecord(header=record.header, actions=record.actions[:count])
    return json.loads(json.dumps(replay(game, head).to_json()))
