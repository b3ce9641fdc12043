"""The ``/match`` slash commands. Each one only hands over to the lobby or play cog."""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any, Optional, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot import plugins
from bot.core import service as svc
from bot.delivery.components import answer_first, send_private
from bot.render.names import plain_name
from bot.words import error_texts, league_texts, lobby_texts
from cogs.history import HistoryCog
from cogs.lobby import LobbyCog
from cogs.play import PlayCog

if TYPE_CHECKING:
    from bot.client import Backstab

C = TypeVar("C", bound=commands.Cog)

# Discord integer options stop at 2**53; match ids (SQLite row ids) stay far below.
MatchId = app_commands.Range[int, 1, 2**53]


class MatchCommands(
    commands.GroupCog, group_name="match", group_description=lobby_texts.MATCH_GROUP
):
    def __init__(
        self, bot: Backstab, *, lobby: LobbyCog, play: PlayCog, history: HistoryCog
    ) -> None:
        self.bot = bot
        # /match hands each command to the cog that owns its flow, given here at load.
        self._lobby_cog, self._play_cog, self._history_cog = lobby, play, history
        super().__init__()
        if self.app_command is not None:  # a GroupCog always has its group
            self.app_command.add_command(self._new_command())

    def _lobby(self) -> LobbyCog:
        return self._lobby_cog

    def _play(self) -> PlayCog:
        return self._play_cog

    def _history(self) -> HistoryCog:
        return self._history_cog

    def _new_command(self) -> app_commands.Command[Any, ..., None]:
        """``/match new``, assembled at start from the hosted games: the seat range spans
        their engines' ranges, and each game's yes/no switches (classic's single winner) are
        options of their own. Its signature is declared with ``inspect.Signature``, which is
        what discord.py reads a command's options from."""
        switches = plugins.switches()
        seats = plugins.seat_range(self.bot.games)
        lobby = self._lobby

        async def new(interaction: discord.Interaction[Any], /, **chosen: Any) -> None:
            game, ranked, table = chosen.pop("game"), chosen.pop("ranked"), chosen.pop("seats")
            await lobby().open_lobby(interaction, game, ranked, table, chosen)

        named = inspect.Parameter.KEYWORD_ONLY
        table = app_commands.Range[int, seats.start, seats.stop - 1]
        new.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
            [
                inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_ONLY),
                inspect.Parameter("game", inspect.Parameter.KEYWORD_ONLY, annotation=str),
                inspect.Parameter("ranked", named, default=None, annotation=Optional[bool]),  # noqa: UP045
                inspect.Parameter("seats", named, default=None, annotation=Optional[table]),  # noqa: UP045
                *(
                    inspect.Parameter(name, named, default=None, annotation=Optional[bool])  # noqa: UP045
                    for name in switches
                ),
            ]
        )
        described = app_commands.describe(
            game=lobby_texts.CMD_NEW_GAME,
            ranked=lobby_texts.CMD_NEW_RANKED,
            seats=lobby_texts.CMD_NEW_SEATS,
            **{name: switch.description for name, switch in switches.items()},
        )(new)
        command: app_commands.Command[Any, ..., None] = app_commands.Command(
            name="new", description=lobby_texts.CMD_NEW, callback=described
        )
        command.autocomplete("game")(self._game_choices)
        return command

    async def _game_choices(
        self, interaction: discord.Interaction[Backstab], current: str
    ) -> list[app_commands.Choice[str]]:
        # The games come from the registry at run time, so a newly registered game shows up
        # without touching this cog; Discord allows at most 25 suggestions.
        typed = current.strip().lower()
        return [
            app_commands.Choice(name=plugins.title(game), value=game)
            for game in self.bot.games
            if typed in game or typed in plugins.title(game).lower()
        ][:25]

    @app_commands.command(name="status", description=lobby_texts.CMD_STATUS)
    async def status(self, interaction: discord.Interaction[Backstab]) -> None:
        await self._play().show_status(interaction)

    @app_commands.command(name="hand", description=lobby_texts.CMD_HAND)
    @app_commands.describe(match=lobby_texts.ARG_PLAY_MATCH)
    async def hand(
        self, interaction: discord.Interaction[Backstab], match: MatchId | None = None
    ) -> None:
        await self._play().show_hand(interaction, match)

    @app_commands.command(name="concede", description=lobby_texts.CMD_CONCEDE)
    @app_commands.describe(match=lobby_texts.ARG_PLAY_MATCH)
    async def concede(
        self, interaction: discord.Interaction[Backstab], match: MatchId | None = None
    ) -> None:
        await self._play().concede(interaction, match)

    @hand.autocomplete("match")
    @concede.autocomplete("match")
    async def _my_matches(
        self, interaction: discord.Interaction[Backstab], current: str
    ) -> list[app_commands.Choice[int]]:
        """The caller's running matches in this channel (two tables may share one)."""
        typed = current.strip().lstrip("#").lower()
        found = await self._play().my_live_matches(interaction)
        choices = []
        for info in found:
            names = ", ".join(plain_name(s.name) for s in info.seats)
            label = lobby_texts.MATCH_CHOICE.format(
                match=info.id, game=plugins.title(info.game), names=names
            )
            if typed in label.lower():
                choices.append(app_commands.Choice(name=label[:100], value=info.id))
        return choices[:25]  # Discord: at most 25 suggestions

    @app_commands.command(name="end", description=error_texts.CMD_MATCH_END)
    @app_commands.rename(match_id="id")
    @app_commands.describe(match_id=league_texts.ARG_MATCH_ID)
    @app_commands.default_permissions(manage_guild=True)
    async def end(self, interaction: discord.Interaction[Backstab], match_id: MatchId) -> None:
        """A live match with no result and no rating change: one the bot quarantined at a
        restart (part of its record cannot be read), or any match a manager must stop."""
        await answer_first(interaction)  # before the read (issue 29.3)
        permissions = interaction.permissions
        if not (permissions.manage_guild or permissions.administrator):
            await send_private(interaction, error_texts.MATCH_END_NOT_ADMIN)
            return
        service = self.bot.service
        match = await service.get(match_id)
        if match.guild_id != interaction.guild_id:
            raise svc.ServiceError("not_found")
        await service.end_broken(match_id)
        await send_private(interaction, error_texts.MATCH_END_DONE.format(match=match_id))

    @app_commands.command(name="seat-to-ai", description=error_texts.CMD_SEAT_TO_AI)
    @app_commands.describe(player=error_texts.ARG_SEAT_PLAYER, match=lobby_texts.ARG_PLAY_MATCH)
    @app_commands.default_permissions(manage_guild=True)
    async def seat_to_ai(
        self,
        interaction: discord.Interaction[Backstab],
        player: discord.User,
        match: MatchId | None = None,
    ) -> None:
        await self._play().seat_to_ai(interaction, player, match)

    # history (cogs.history) -----------------------------------------------------------------

    @app_commands.command(name="history", description=league_texts.CMD_HISTORY)
    @app_commands.describe(user=league_texts.ARG_HISTORY_USER)
    async def history(
        self, interaction: discord.Interaction[Backstab], user: discord.User | None = None
    ) -> None:
        await self._history().show_history(interaction, user)

    @app_commands.command(name="replay", description=league_texts.CMD_REPLAY)
    @app_commands.rename(match_id="id")
    @app_commands.describe(match_id=league_texts.ARG_MATCH_ID)
    async def replay(self, interaction: discord.Interaction[Backstab], match_id: MatchId) -> None:
        await self._history().show_replay(interaction, match_id)

    @app_commands.command(name="export", description=league_texts.CMD_EXPORT)
    @app_commands.rename(match_id="id")
    @app_commands.describe(match_id=league_texts.ARG_MATCH_ID)
    async def export(self, interaction: discord.Interaction[Backstab], match_id: MatchId) -> None:
        await self._history().export(interaction, match_id)


def _loaded(bot: Backstab, kind: type[C]) -> C:
    """A cog the client loaded before this one (bot/client.py, COGS)."""
    found = bot.get_cog(kind.__cog_name__)
    if not isinstance(found, kind):
        raise RuntimeError(f"{kind.__cog_name__} must load before /match")
    return found


async def setup(bot: Backstab) -> None:
    lobby, play = _loaded(bot, LobbyCog), _loaded(bot, PlayCog)
    commands_of_match = MatchCommands(bot, lobby=lobby, play=play, history=_loaded(bot, HistoryCog))
    await bot.add_cog(commands_of_match)
