"""The SQLite adapter's busiest league reads walk their indexes: no sort step for a leaderboard
page or a season's fold (migration 0002)."""

from __future__ import annotations

from pathlib import Path

from tests.storage.sqlite import open_migrated
from tests.support.inspect_db import InspectDb


def plan(db: InspectDb, sql: str) -> str:
    return " ".join(str(r[3]) for r in db.rows("EXPLAIN QUERY PLAN " + sql))


async def test_leaderboard_and_season_fold_read_through_their_indexes(tmp_path: Path) -> None:
    path = tmp_path / "plan.sqlite3"
    await (await open_migrated(path)).close()
    db = InspectDb(path)
    board = plan(
        db,
        "SELECT * FROM ratings WHERE guild_id = 1 AND game = 'd'"
        " AND season_id = 0 ORDER BY provisional, ordinal DESC, user_id LIMIT 10",
    )
    assert "ratings_leaderboard" in board and "TEMP B-TREE" not in board  # no sort step
    fold = plan(
        db,
        "SELECT m.match_id FROM league_matches m WHERE m.guild_id = 1"
        " AND m.game = 'd' AND m.season_id = 0 AND m.voided = 0 ORDER BY m.finished_at",
    )
    assert "league_matches_by_season" in fold and "TEMP B-TREE" not in fold
