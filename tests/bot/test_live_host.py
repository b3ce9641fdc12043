"""One owner per live match (issue 25.5): a process holds a chosen subset of the matches
(``holds``, e.g. by gateway shard) and plays them, and forgetting a match releases every piece
of process-local state about it (``bot.core.live``)."""

from __future__ import annotations

from pathlib import Path

from bot.core.live import LiveMatches, by_shard
from bot.core.service import MatchService
from bot.storage import open_storage
from tests.bot.test_restart_ai import log_count
from tests.bot.test_service import Clock, games
from tests.support.crash import dies_before_the_ai

SHARDS = 2
GUILDS = {0: 8 << 22, 1: 7 << 22}  # a server of each shard (Discord: (guild_id >> 22) % shards)


async def open_tables(path: Path, clock: Clock) -> dict[str, int]:
    """In each shard's server: a live match with a person to move, one with its AI seat to
    move (as a crash leaves it), and a lobby."""
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    await service.start()
    run = service.ai.run
    made: dict[str, int] = {}
    for shard, guild in GUILDS.items():
        for kind in ("people", "ai", "lobby"):
            match = await service.create(
                guild_id=guild, channel_id=2, host_id=100, host_name="Ann", game="tiny"
            )
            made[f"{kind}{shard}"] = match.id
            if kind == "lobby":
                continue
            if kind == "people":
                await service.join(match.id, 101, "Bob")
            else:
                await service.add_ai(match.id, 100)
            update = await service.start_match(match.id, 100)
            if kind == "ai":
                crash = dies_before_the_ai(service.ledger)

                service.ai.run = crash  # type: ignore[method-assign]
                _, _, actions = await service.view(match.id, 100)
                await service.act(match.id, 100, actions[0].key, update.match.version)
                service.ai.run = run  # type: ignore[method-assign]
    await service.close()
    await db.close()
    return made


async def test_a_process_holding_one_shard_restores_and_plays_only_its_matches(
    tmp_path: Path,
) -> None:
    path, clock = tmp_path / "h.sqlite3", Clock()
    made = await open_tables(path, clock)
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock, holds=by_shard(0, SHARDS))
    try:
        await service.start()
        assert sorted(service.live.ids()) == sorted([made["people0"], made["ai0"]])
        assert service.startup.owed == [made["ai0"]], "only its own AI burst is resumed"
        assert service.timers.knows(made["lobby0"]) and not service.timers.knows(made["lobby1"])
        assert not service.timers.knows(made["people1"])
        await service.resumed()
        assert log_count(path, made["ai0"]) == 2 and log_count(path, made["ai1"]) == 1
        match, _, actions = await service.view(made["people0"], 100)
        update = await service.act(made["people0"], 100, actions[0].key, match.version)
        assert update.match.version == match.version + 1
        assert service.live.holding(made["people1"]) == []
    finally:
        await service.close()
        await db.close()


async def test_forgetting_a_match_releases_every_piece_of_its_state(tmp_path: Path) -> None:
    path, clock = tmp_path / "h.sqlite3", Clock()
    made = await open_tables(path, clock)
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    try:
        await service.start()  # restored unchecked, its timer set, its AI burst owed
        held = service.live.holding(made["people0"])
        assert {"live match session", "live match unchecked", "turn timer"} <= set(held)
        for match_id in made.values():
            await service.forget(match_id)
            assert service.live.holding(match_id) == [], match_id
        assert len(service.live) == 0 and not service.live.unchecked
        assert service.startup.bursts_running() == 0
    finally:
        await service.close()
        await db.close()


def test_the_host_names_what_it_holds_and_lets_it_go() -> None:
    class Kept:
        def __init__(self) -> None:
            self.ids = {5}

        def knows(self, match_id: int) -> bool:
            return match_id in self.ids

        def forget(self, match_id: int) -> None:
            self.ids.discard(match_id)

    host = LiveMatches()
    kept = Kept()
    host.register("kept", kept)
    host.quarantined[5] = "unreadable"
    host.moved_deadlines.add(5)
    assert host.holding(5) == [
        "live match quarantine",
        "live match moved deadline",
        "live match lock",
        "kept",
    ]
    assert list(host.quarantined) == [5] and 5 in host.moved_deadlines
    assert 5 in host.quarantined and 6 not in host.quarantined
    del host.quarantined[5]
    assert 5 not in host.quarantined
    assert host.quarantined.get(5) is None and host.quarantined.pop(5, None) is None
