"""``/match new`` is assembled from the hosted games (issue 25.3): its seat range spans their
engines' ranges and each game's yes/no switches are options of their own, so no generic cog
names a game's option or a table size."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import discord
from discord import app_commands

from bot import plugins
from bot.client import create_bot
from bot.config import Settings
from cogs.match import MatchCommands
from engine.games import load_game


def _new(games: list[str], tmp_path: Path) -> app_commands.Command[Any, ..., None]:
    bot = create_bot(Settings(database=tmp_path / "b.sqlite3"), games=games)
    # The command's options are read at build; the cogs it hands over to are not called here.
    unused = cast(Any, object())
    cog = MatchCommands(bot, lobby=unused, play=unused, history=unused)
    assert cog.app_command is not None
    command = cog.app_command.get_command("new")
    assert isinstance(command, app_commands.Command)
    return command


def test_the_seat_range_is_the_offered_engines(tmp_path: Path) -> None:
    seats = {p.name: p for p in _new(["classic", "duel"], tmp_path).parameters}["seats"]
    classic, duel = load_game("classic"), load_game("duel")
    assert (seats.min_value, seats.max_value) == (duel.min_seats, classic.max_seats)
    alone = {p.name: p for p in _new(["classic"], tmp_path).parameters}["seats"]
    assert (alone.min_value, alone.max_value) == (classic.min_seats, classic.max_seats)


def test_each_games_switch_is_an_option_worded_by_its_game(tmp_path: Path) -> None:
    options = {p.name: p for p in _new(["classic", "duel"], tmp_path).parameters}
    declared = plugins.switches()
    assert "single_winner" in declared  # classic's (# 004 Special Rules: the tournament rule)
    for name, switch in declared.items():
        assert options[name].type is discord.AppCommandOptionType.boolean
        assert options[name].description == switch.description and not options[name].required
    assert [p.name for p in _new(["classic"], tmp_path).parameters][:3] == [
        "game",
        "ranked",
        "seats",
    ]
