"""The table marks a seat the AI took over after three turn timeouts in a row (``seats.afk``,
migration 0003): everyone sees that the person is away and the AI plays for them, which is not
the same as a seat that was an AI from the start."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from bot.core.match_types import SeatInfo
from bot.core.service import MatchService
from bot.render.model import Rendered
from bot.screens import render_table
from bot.storage import open_storage
from bot.words import lobby_texts, play_texts
from tests.bot.render_support import make_match, playout
from tests.bot.test_restore import played_match
from tests.bot.test_service import Clock, games


def words(rendered: Rendered) -> str:
    return rendered.text


def away(seat: SeatInfo) -> SeatInfo:
    return replace(seat, ai_level="heuristic", afk=True, timeouts=3)


def test_an_afk_seat_is_marked_away_on_the_table_in_every_game() -> None:
    for game_id, players in (("classic", 3), ("duel", 2)):
        match = make_match(game_id, players)
        match = replace(match, seats=(away(match.seats[0]), *match.seats[1:]))
        game, state = next(iter(playout(game_id, players, 1, 0)))
        table = words(render_table(match, game.view(state, None).to_json(), deciders=[1]))
        assert play_texts.SEAT_AFK in table, game_id
        assert table.count(play_texts.SEAT_AFK) == 1, game_id


def test_an_ai_seat_from_the_lobby_is_only_marked_ai() -> None:
    match = make_match("classic", 3)
    bot_seat = replace(match.seats[2], user_id=None, ai_level="heuristic")
    match = replace(match, seats=(*match.seats[:2], bot_seat))
    game, state = next(iter(playout("classic", 3, 1, 0)))
    table = words(render_table(match, game.view(state, None).to_json(), deciders=[0]))
    assert play_texts.SEAT_AFK not in table
    assert lobby_texts.LOBBY_AI_TAG in table


async def test_the_afk_flag_travels_from_storage_to_the_table(tmp_path: Path) -> None:
    """seats.afk (storage) -> SeatInfo.afk (service) -> the table's mark, after a restart too."""
    path, clock = tmp_path / "afk.sqlite3", Clock()
    match_id, *_ = await played_match(path, clock)
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    try:
        await service.start()
        await service.repo.hand_to_ai(match_id, 1, "heuristic")
        match, view, _ = await service.view(match_id, None)
    finally:
        await service.close()
        await db.close()
    assert [s.afk for s in match.seats] == [False, True]
    table = words(render_table(match, view.to_json(), deciders=[0]))
    assert play_texts.SEAT_AFK in table
