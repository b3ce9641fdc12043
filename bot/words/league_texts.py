"""The words of match history, replays and exports, and of leagues (issue 6): seasons,
leaderboards, profiles and their refusals."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.words import error_texts

# History, replay, export

CMD_HISTORY = "Past matches in this server, newest first"
CMD_REPLAY = "Step through a finished match turn by turn"
CMD_EXPORT = "Download a finished match as a file that replays offline"
ARG_HISTORY_USER = "Whose matches (you when left out)"
ARG_MATCH_ID = "The match number (see /match history)"
HISTORY_TITLE = "Matches of {name}"
HISTORY_EMPTY = "No finished matches yet."
HISTORY_LINE = "#{match} {game}, {when}: {players}. {result}"
HISTORY_WON = "Won"
HISTORY_LOST = "Lost"
HISTORY_DRAW = "Draw"
HISTORY_PAGE = "Page {page} of {pages}"
BUTTON_NEXT = "Next"
BUTTON_PAGE_BACK = "Back"
BUTTON_FIRST = "First"
BUTTON_LAST = "Last"
REPLAY_STEP = "Replay of match #{match}: step {step} of {steps}"
REPLAY_START = "The deal, before any move."
REPLAY_NOT_FINISHED = "Only finished matches can be replayed or exported."
REPLAY_BROKEN = error_texts.SERVICE_ERRORS["replay_broken"]
EXPORT_DONE = "Match #{match}: replay it with python -m engine.replay {file}"
HISTORY_ERRORS: Mapping[str, str] = {
    "not_found": "This server has no match with that number.",
    "not_finished": REPLAY_NOT_FINISHED,
    "replay_broken": REPLAY_BROKEN,
}


def history_error(
    code: str,
    detail: Mapping[str, Any] | None = None,
    *,
    shown: Callable[[str], str] | None = None,
) -> str:
    return HISTORY_ERRORS.get(code) or error_texts.service_error(code, detail, shown=shown)


# Leagues

LEAGUE_GROUP = "Seasons, ratings and leaderboards for this server"
CMD_SEASON_START = "Start a new league season (Manage Server only)"
CMD_SEASON_END = "End the current league season (Manage Server only)"
CMD_LEADERBOARD = "The best rated players of a game"
CMD_PROFILE = "A player's rating, rank and recent matches"
CMD_VOID = "Remove a match from the league and recompute its season (Manage Server only)"
CMD_LEAGUE_EXPORT = "Download a season's ratings as a CSV file"
ARG_SEASON_NAME = "What to call the season"
ARG_SEASON = "Which season (the current one when left out)"
ARG_LEAGUE_GAME = "Which game"
ARG_PROFILE_USER = "Whose profile (you when left out)"
ARG_VOID_MATCH = "The match number to remove"

LEAGUE_ERRORS: Mapping[str, str] = {
    "not_admin": "Only members with the Manage Server permission can do that.",
    "season_open": "Season {name!r} is still running: end it before starting another.",
    "no_open_season": "No season is running right now.",
    "season_name_taken": "This server already had a season called {name!r}.",
    "bad_season_name": "A season name is 1 to 40 characters on one line.",
    "no_such_season": "This server has no season called {name!r}.",
    "not_rated": "Match #{match} is not in this server's league (unranked, voided or unknown).",
    "guild_only": "Leagues belong to a server: use this in a server channel.",
}


def league_error(code: str, detail: Mapping[str, Any]) -> str:
    try:
        return LEAGUE_ERRORS.get(code, error_texts.GENERIC_ERROR).format(**detail)
    except (KeyError, IndexError):
        return error_texts.GENERIC_ERROR


NO_SEASON = "Open play (no season)"
SEASON_STARTED = "Season {name!r} has started: ranked matches from now on count towards it."
SEASON_ENDED = "Season {name!r} is over. Its final table: /league leaderboard season:{name}"
MATCH_VOIDED = "Match #{match} no longer counts; {season} was recomputed ({count} matches)."
LEADERBOARD_TITLE = "{game} leaderboard: {season}"
LEADERBOARD_EMPTY = "Nobody has played a ranked match here yet."
LEADERBOARD_LINE = "{rank}. {name}: {rating:.1f} ({games} games, {wins} won){mark}"
LEADERBOARD_LINE_ONE = "{rank}. {name}: {rating:.1f} (1 game, {wins} won){mark}"
PROVISIONAL_MARK = " *provisional*"
PROVISIONAL_NOTE = "Provisional: fewer than {games} games; the rating may still move a lot."
PROFILE_TITLE = "{name} in {game}: {season}"
PROFILE_NONE = "{name} has no ranked matches in {season} yet."
PROFILE_RATING = "Rating"
PROFILE_RATING_VALUE = "{rating:.1f} (skill {mu:.1f} +/- {sigma:.1f}){mark}"
PROFILE_RANK = "Rank"
PROFILE_RANK_VALUE = "{rank} of {players}"
PROFILE_GAMES = "Games"
PROFILE_GAMES_VALUE = "{games} played, {wins} won ({rate:.0%})"
PROFILE_FAVOURITE = "Plays most as"
PROFILE_LAST = "Last matches"
PROFILE_LAST_LINE = "#{match}: {result}"
LEAGUE_EXPORT_DONE = "{game} ratings for {season} ({count} players)."
