"""Deploys under live matches, for tests: a copy of ``data/`` that a test may change, live
matches of the real games on a real SQLite file, and a fresh "process" (a new service that has
forgotten every game it built) on changed data."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bench._deploy_data import add_card_on_top, change_number, copy_data, remove_card
from bot.core.service import MatchService
from bot.storage import Storage, open_storage
from engine import games as registry
from engine.core import Game

HOST = 500
__all__ = ["add_card_on_top", "change_number", "copy_data", "remove_card"]


def fresh_process() -> None:
    """Forget every game built from data or pinned definitions, as a new process would."""
    registry._LOADED.clear()
    registry._PINNED.clear()


def games_from(folder: Path) -> Any:
    def load(game_id: str) -> Game[Any, Any]:
        return registry.load_game(game_id, folder)

    return load


# The storage each open service runs on (closed with it).
STORAGE: dict[MatchService, Storage] = {}


async def open_service(db_path: Path, data: Path, **kwargs: Any) -> MatchService:
    db = await open_storage(db_path)
    service = MatchService(db, games=games_from(data), turn_seconds=3600.0, **kwargs)
    STORAGE[service] = db
    await service.start()
    await service.checked()
    return service


async def close_service(service: MatchService) -> None:
    await service.close()
    await STORAGE.pop(service).close()


async def live_match(service: MatchService, game: str, humans: int, ai: int, moves: int) -> int:
    """A started match of people (users HOST, HOST+1, ...) and AI seats, ``moves`` human
    moves in (fewer if it ends)."""
    match = await service.create(
        guild_id=1, channel_id=2, host_id=HOST, host_name="Host", game=game
    )
    for n in range(1, humans):
        await service.join(match.id, HOST + n, f"P{n}")
    for _ in range(ai):
        await service.add_ai(match.id, HOST)
    await service.start_match(match.id, HOST)
    rng = random.Random(match.id)
    for _ in range(moves):
        if not await human_move(service, match.id, rng):
            break
    return match.id


async def human_move(service: MatchService, match_id: int, rng: random.Random) -> bool:
    match = await service.get(match_id)
    if match.status != "live":
        return False
    for seat in match.seats:
        if seat.user_id is None or seat.ai_level is not None:
            continue
        _, _, actions = await service.view(match_id, seat.user_id)
        choices = [a for a in actions if a.kind != "concede"]
        if choices:
            action = rng.choice(choices)
            await service.act(match_id, seat.user_id, action.key, match.version)
            return True
    return False


async def seen(service: MatchService, match_id: int) -> dict[str, Any]:
    """What players of the match see: every seat's view and moves, and the table's words."""
    from bot.screens import render_table

    match = await service.get(match_id)
    out: dict[str, Any] = {"status": match.status, "version": match.version}
    for seat in match.seats:
        if seat.user_id is None:
            continue
        _, view, actions = await service.view(match_id, seat.user_id)
        out[f"seat{seat.seat}"] = (view.to_json(), sorted(a.key for a in actions))
    _, table, _ = await service.view(match_id, None)
    drawn = render_table(match, table.to_json())
    out["table"] = [e.to_dict() for e in drawn.embeds]
    return out
