"""A snapshot every ``SNAPSHOT_EVERY`` actions, the log the truth (issue 29.5): a move's write
carries the state only when the log passes a multiple of it (or the match ends), and a restart
restores each match from its snapshot and the actions after it, exactly where the log is, on
both backends, whether the process closed or died between two snapshots."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import bot.core.ledger as ledger
from bot.core.service import MatchService
from bot.storage import Storage, open_storage
from engine.core.record import MatchRecord, replay
from engine.games import load_game
from tests.bot.test_service import TINY, Clock, games, lobby, play_one
from tests.support.inspect_db import InspectDb

K = 3  # a tiny match lasts a few moves: snapshots every three make every tail length


@pytest.fixture(params=["sqlite", "postgres"])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "tail.sqlite3")
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
def every_three(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ledger, "SNAPSHOT_EVERY", K)


class Opened:
    def __init__(self) -> None:
        self.all: list[tuple[Storage, MatchService]] = []

    async def service(self, location: str, game: Any = games) -> MatchService:
        storage = await open_storage(location)
        service = MatchService(storage, games=game, clock=Clock())
        self.all.append((storage, service))
        return service


@pytest.fixture
async def opened() -> AsyncIterator[Opened]:
    found = Opened()
    yield found
    for storage, service in reversed(found.all):
        await service.close()
        await storage.close()


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


async def snapshot_count(service: MatchService, match_id: int) -> int:
    found = await service.repo.snapshot(match_id)
    assert found is not None
    return found[0]


@pytest.mark.parametrize("moves", [K, K + 1, K + K - 1])
@pytest.mark.usefixtures("every_three")
async def test_a_restart_plays_the_tail_after_the_snapshot_exactly(
    location: str, opened: Opened, moves: int
) -> None:
    # Tails of 0, 1 and K-1 actions; the first process is left as a crash leaves it (never
    # closed: nothing is written on the way out).
    first = await opened.service(location)
    await first.start()
    match_id = await lobby(first, humans=2)
    update = await first.start_match(match_id, 100)
    for _ in range(moves):
        update = await play_one(first, update)
    assert update.match.status == "live"
    assert await snapshot_count(first, match_id) == moves // K * K
    stored = (await first.repo.stored_matches(match_id=match_id, log=False))[0]
    assert len(stored.tail) == moves % K and stored.count == moves

    second = await opened.service(location)
    await second.start()  # restored from the snapshot and its tail: not checked yet
    assert match_id in second.restorer.unchecked
    whole = await second.record(match_id)
    assert len(whole.actions) == moves
    restored = second.live[match_id]
    assert restored.count == moves and restored.version == update.match.version
    assert plain(restored.state.to_json()) == plain(replay(TINY, whole).to_json())
    await second.checked()  # the check finds the snapshot right: nothing rewritten
    assert await snapshot_count(second, match_id) == moves // K * K
    # and the next move lands at the log's end
    after = await play_one(second, await second.current(match_id))
    assert len((await second.record(match_id)).actions) == moves + 1
    assert after.match.version == update.match.version + 1


@pytest.mark.usefixtures("every_three")
async def test_a_move_writes_the_snapshot_only_as_the_log_passes_a_multiple(
    location: str, opened: Opened
) -> None:
    service = await opened.service(location)
    await service.start()
    match_id = await lobby(service, humans=2)
    update = await service.start_match(match_id, 100)
    seen = []
    while update.match.status == "live":
        update = await play_one(service, update)
        seen.append(await snapshot_count(service, match_id))
    moves = len(seen)
    # 0, 0, 3, 3, 3, 6, ... and the final state at the end, whatever the count
    assert seen[:-1] == [n // K * K for n in range(1, moves)]
    assert seen[-1] == moves
    found = await service.repo.snapshot(match_id)
    assert found is not None
    assert plain(found[1]) == plain(replay(TINY, await service.record(match_id)).to_json())


@pytest.mark.usefixtures("every_three")
async def test_a_damaged_tail_action_quarantines_not_half_restores(
    tmp_path: Path, opened: Opened
) -> None:
    location = str(tmp_path / "damaged.sqlite3")
    first = await opened.service(location)
    await first.start()
    match_id = await lobby(first, humans=2)
    update = await first.start_match(match_id, 100)
    for _ in range(K + 1):
        update = await play_one(first, update)
    raw = InspectDb(Path(location))
    raw.script("DROP TRIGGER IF EXISTS actions_append_only_update;")
    raw.execute(
        "UPDATE actions SET action_json = '{not json' WHERE match_id = ? AND idx = ?",
        (match_id, K),
    )
    second = await opened.service(location)
    await second.start()
    assert match_id in second.quarantined and match_id not in second.live


async def test_a_real_game_restores_from_snapshot_and_tail(location: str, opened: Opened) -> None:
    # Classic with heuristic AI seats, SNAPSHOT_EVERY as shipped: the log runs past the
    # snapshot by a burst's worth of actions, and the restore lands on the replay's state.
    first = await opened.service(location, load_game)
    await first.start()
    match = await first.create(
        guild_id=1, channel_id=2, host_id=100, host_name="Ann", game="classic"
    )
    await first.add_ai(match.id, 100, "heuristic")
    await first.add_ai(match.id, 100, "heuristic")
    update = await first.start_match(match.id, 100)
    tails = set()
    for _ in range(40):
        if update.match.status != "live" or 0 not in update.deciders:
            break
        _, _, actions = await first.view(match.id, 100)
        update = await first.act(match.id, 100, actions[0].key, update.match.version)
        [stored] = await first.repo.stored_matches(statuses=None, match_id=match.id, log=False)
        tails.add(len(stored.tail))
        assert len(stored.tail) < ledger.SNAPSHOT_EVERY
    if update.match.status != "live":
        return  # finished: its snapshot is the final state, checked in the loop above
    assert any(tails), "some restore point had a tail to replay"
    second = await opened.service(location, load_game)
    await second.start()
    if update.match.status != "live":
        return
    whole = await second.record(match.id)
    game = await second.game_of_match(match.id)
    restored = second.live[match.id]
    head = MatchRecord(header=whole.header, actions=whole.actions)
    assert plain(restored.state.to_json()) == plain(replay(game, head).to_json())
