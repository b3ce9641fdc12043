"""Match history, replays and the offline replay of an export, on a real SQLite file
(issue 6: history)."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.core.service import MatchService, ServiceError
from bot.features.history import PAGE_SIZE, History
from bot.games.duel.decks import DeckBook
from bot.storage import open_storage
from engine import games as registry
from engine import replay as offline
from tests.support import tinygame

ROOT = Path(__file__).resolve().parents[2]
GUILD = 1


@pytest.fixture
def tiny() -> Iterator[None]:
    registry.register("tiny", tinygame.factory)
    yield
    registry.unregister("tiny")


@pytest.fixture
async def env(tmp_path: Path, tiny: None) -> AsyncIterator[tuple[MatchService, History]]:
    db = await open_storage(tmp_path / "history.sqlite3")
    service = MatchService(db)
    await service.start()
    yield service, History(service, db.history)
    await service.close()
    await db.close()


async def conceded(service: MatchService, host: int, other: int, guild: int = GUILD) -> int:
    match = await service.create(
        guild_id=guild, channel_id=2, host_id=host, host_name=f"U{host}", game="tiny"
    )
    await service.join(match.id, other, f"U{other}")
    await service.start_match(match.id, host)
    await service.concede(match.id, other)
    return match.id


async def played_out(service: MatchService, users: tuple[int, ...], game: str = "tiny") -> int:
    """A match played move by move (each decider takes its first legal action) to the end."""
    match = await service.create(
        guild_id=GUILD, channel_id=2, host_id=users[0], host_name="U0", game=game
    )
    for user in users[1:]:
        await service.join(match.id, user, f"U{user}")
    update = await service.start_match(match.id, users[0])
    for _ in range(3000):
        if update.match.status == "finished":
            break
        seat = min(update.deciders)
        clicker = update.match.seats[seat].user_id
        assert clicker is not None
        _, _, actions = await service.view(match.id, clicker)
        update = await service.act(match.id, clicker, actions[0].key, update.match.version)
    else:
        await service.concede(match.id, users[0])
    return match.id


async def test_history_pages_newest_first_and_stays_in_its_server(env: Any) -> None:
    service, history = env
    ids = [await conceded(service, 100, 101) for _ in range(2 * PAGE_SIZE + 3)]
    await conceded(service, 100, 101, guild=GUILD + 1)
    first = await history.page(GUILD, 100, 0)
    assert (first.pages, first.total) == (3, 2 * PAGE_SIZE + 3)
    assert [m.id for m, _ in first.entries] == ids[::-1][:PAGE_SIZE]
    last = await history.page(GUILD, 101, 7)  # past the end: the last page
    assert last.page == 2 and [m.id for m, _ in last.entries] == ids[:3][::-1]
    seen = [m.id for p in range(3) for m, _ in (await history.page(GUILD, 100, p)).entries]
    assert sorted(seen) == ids
    empty = await history.page(GUILD, 999, 0)
    assert (empty.pages, empty.entries) == (1, ())


async def test_a_live_or_foreign_match_is_refused(env: Any) -> None:
    service, history = env
    match = await service.create(
        guild_id=GUILD, channel_id=2, host_id=1, host_name="A", game="tiny"
    )
    with pytest.raises(ServiceError) as err:
        await history.step(GUILD, match.id, 0)
    assert err.value.code == "not_finished"
    done = await conceded(service, 100, 101)
    with pytest.raises(ServiceError) as err:
        await history.export(GUILD + 1, done)
    assert err.value.code == "not_found"


async def test_replay_steps_through_every_turn_to_the_result(env: Any) -> None:
    service, history = env
    match_id = await played_out(service, (100, 101, 102))
    final = await service.get(match_id)
    actions = await service.action_log(match_id)
    start = await history.step(GUILD, match_id, 0)
    assert start.step == 0 and start.events == () and start.match.status == "live"
    assert start.steps == len(actions) + 1  # Twenty-One passes the turn on every move
    versions = []
    for step in range(1, start.steps):
        shown = await history.step(GUILD, match_id, step)
        assert shown.events and shown.view.seat is None  # what a spectator saw
        versions.append(shown.match.version)
    assert versions == list(range(1, len(actions) + 1))
    end = await history.step(GUILD, match_id, 10_000)  # past the end: the last step
    assert end.step == start.steps - 1
    assert end.match.status == "finished" and end.match.outcome == final.outcome


async def test_export_replays_offline_to_the_same_result(env: Any, tmp_path: Path) -> None:
    service, history = env
    match_id = await played_out(service, (100, 101))
    exported = await history.export(GUILD, match_id)
    path = tmp_path / "m.json"
    path.write_text(json.dumps(exported.model_dump(mode="json")))
    assert offline.main([str(path)]) == 0
    assert offline.check(exported)["same"]

    data = exported.model_dump(mode="json")
    data["result"]["winners"] = [1 - data["result"]["winners"][0]]
    path.write_text(json.dumps(data))
    assert offline.main([str(path)]) == 1  # a doctored result is caught
    data = exported.model_dump(mode="json")
    data["record"]["actions"][0]["args"] = [99]
    path.write_text(json.dumps(data))
    assert offline.main([str(path)]) == 2  # a doctored move does not replay
    path.write_text("{not json")
    assert offline.main([str(path)]) == 2


async def test_a_duel_with_a_built_deck_replays_offline_in_a_fresh_process(
    tmp_path: Path,
) -> None:
    db = await open_storage(tmp_path / "duel.sqlite3")
    service = MatchService(db)
    book = DeckBook(db.decks)
    service.add_start_hook(book.start_options)
    await service.start()
    try:
        _, code, _ = await book.export(100, "ranger")
        await book.import_deck(100, code, "Muddy")
        await book.use(100, "Muddy")
        match_id = await played_out(service, (100, 101), game="duel")
        exported = await History(service, db.history).export(GUILD, match_id)
    finally:
        await service.close()
        await db.close()
    assert exported.record.header.options["decks"][0]["name"] == "Muddy"
    path = tmp_path / f"backstab-match-{match_id}.json"
    path.write_text(json.dumps(exported.model_dump(mode="json")))
    done = subprocess.run(
        [sys.executable, "-m", "engine.replay", str(path), "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["same"] and summary["replayed"] == exported.result


class ThreadsOf:
    """A game whose ``new`` and ``apply`` note the thread that ran them."""

    def __init__(self, game: Any) -> None:
        self._game = game
        self.threads: set[int] = set()

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._game, name)
        if name not in ("new", "apply"):
            return found

        def noted(*args: Any, **kwargs: Any) -> Any:
            self.threads.add(threading.get_ident())
            return found(*args, **kwargs)

        return noted


async def test_a_replay_runs_off_the_event_loop(env: Any) -> None:
    # 013 item 8: a long game's replay held the event loop 80-270 ms per click
    # (bench/replay_loop.py measures it); the replay now runs in a worker thread.
    service, history = env
    match_id = await played_out(service, (100, 101))
    noted = ThreadsOf(await service.game_of_match(match_id))

    async def game_of_match(_match_id: int) -> Any:
        return noted

    service.game_of_match = game_of_match
    first = await history.step(GUILD, match_id, 0)
    last = await history.step(GUILD, match_id, 10**6)
    assert (first.step, last.step) == (0, last.steps - 1) and last.match.status == "finished"
    assert noted.threads and threading.get_ident() not in noted.threads
