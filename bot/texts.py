"""Every sentence the Discord layer shows to people, in one place.

Cogs and renderers never build wording of their own: they pick a text here and fill it in.
That keeps the voice consistent and makes a later translation a change to this module only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# Commands -------------------------------------------------------------------------------------

MATCH_GROUP = "Start, join and play Backstab matches"
CMD_NEW = "Open a lobby for a new match in this channel"
CMD_NEW_GAME = "Which game to play"
CMD_STATUS = "Show your current match in this channel"
CMD_HAND = "See your hand and your choices (only you see it)"
CMD_CONCEDE = "Give up your current match"

GAME_TITLES: Mapping[str, str] = {
    "classic": "Classic (3-6 players)",
    "duel": "Duel (2 players)",
    "tiny": "Twenty-One (test game)",
}


def game_title(game: str) -> str:
    return GAME_TITLES.get(game, game)


# Buttons --------------------------------------------------------------------------------------

BUTTON_JOIN = "Join"
BUTTON_LEAVE = "Leave"
BUTTON_AI = "Add AI"
BUTTON_START = "Start"
BUTTON_CANCEL = "Cancel"
BUTTON_HAND = "My hand"
BUTTON_CONCEDE = "Concede"

# Action kinds shared by games; a game's own renderer words the rest.
ACTION_LABELS: Mapping[str, str] = {
    "pass": "Pass",
    "play": "Play",
    "draw": "Draw",
    "decline": "Decline",
    "accept": "Accept",
    "run": "Run away",
    "fight": "Fight",
    "end": "End turn",
}


def action_label(kind: str, args: tuple[Any, ...]) -> str:
    """A fallback label for an action no game renderer claimed: its kind and its arguments."""
    base = ACTION_LABELS.get(kind, kind.replace("_", " ").capitalize())
    if not args:
        return base
    return f"{base} {' '.join(str(a) for a in args)}"


# Lobby ----------------------------------------------------------------------------------------

LOBBY_TITLE = "{game}: lobby #{match}"
LOBBY_HOST = "Host: {name}"
LOBBY_SEATS = "Seats ({count}/{most})"
LOBBY_NEEDS = "Needs at least {least} players to start."
LOBBY_READY = "Ready: the host can press Start."
LOBBY_EMPTY_SEAT = "(open)"
LOBBY_AI_TAG = "AI"
LOBBY_CANCELLED = "This lobby was closed; nothing was played."
LOBBY_OPENED = "Lobby #{match} is open: press Join below."


# Table ----------------------------------------------------------------------------------------

TABLE_TITLE = "{game}: match #{match}"
TABLE_WAITING_FOR = "Waiting for: {names}"
TABLE_NOBODY = "nobody"
TABLE_PLAYERS = "Players"
TABLE_STATE = "Table"
TABLE_LAST = "Last moves"
TABLE_DEADLINE = "Time left: {seconds}s"
TABLE_DM_CLOSED = "{name} keeps DMs closed: use the My hand button."
TABLE_FINISHED = "Match over. Winner: {names}."
TABLE_DRAW = "Match over: nobody won."
TABLE_VERSION = "move {version}"
SEAT_OUT = "out"
SEAT_TURN = "to act"
SPECTATOR_NOTE = "You are watching this match: only seated players can act."

HAND_TITLE = "Your hand in match #{match} ({game})"
HAND_YOUR_TURN = "It is your move: pick one of the buttons below."
HAND_NOT_YOUR_TURN = "Not your move yet; this updates when it is."
HAND_NOTHING = "Nothing private to show."
HAND_DM_FALLBACK = (
    "I could not send you a direct message, so here is your hand; "
    "use the My hand button on the table whenever you need it."
)
HAND_REFRESH_HINT = "This message expires after 15 minutes: press My hand again for a fresh one."

STALE = "The table moved on since that button was drawn. Here is the current view."


# Event lines (the running log) ------------------------------------------------------------

EVENT_LINES: Mapping[str, str] = {
    "conceded": "{seat_name} conceded.",
    "won": "{seat_name} won!",
    "played": "{seat_name} played {card}.",
    "drew": "{seat_name} drew a card.",
    "timeout": "{seat_name} ran out of time.",
}


def event_line(kind: str, fields: Mapping[str, Any]) -> str:
    template = EVENT_LINES.get(kind)
    if template is None:
        return kind.replace("_", " ")
    try:
        return template.format(**fields)
    except (KeyError, IndexError):
        return kind.replace("_", " ")


# Refusals -----------------------------------------------------------------------------------

SERVICE_ERRORS: Mapping[str, str] = {
    "not_found": "I can't find that match any more.",
    "not_seated": "You are not seated in this match, so you can't act in it.",
    "already_seated": "You already have a seat in this match.",
    "lobby_full": "This lobby is full.",
    "not_host": "Only the host of this lobby can do that.",
    "stale": STALE,
    "wrong_status": "That can't be done at this stage of the match.",
    "illegal": "That move isn't allowed right now.",
    "game_unknown": "I don't know that game.",
    "too_few_seats": "Not enough players yet to start.",
    "not_your_match": "That match isn't yours.",
}
GENERIC_ERROR = "Something went wrong on my side; nothing was changed. Please try again."
NO_MATCH_HERE = "You have no match running in this channel."
GAME_NOT_OFFERED = "That game isn't available here. Pick one of: {games}."
GUILD_ONLY = "Matches are played in a server channel, not in direct messages."
CONCEDED = "You conceded match #{match}."

ILLEGAL_REASONS: Mapping[str, str] = {
    "not_your_turn": "it isn't your turn",
    "not_a_decider": "it isn't your move",
    "unknown_action": "that move doesn't exist",
    "bad_arguments": "that move isn't complete",
    "not_legal_now": "that move isn't possible at this moment",
    "game_over": "the match is already over",
    "seat_out": "you are already out of this match",
    "not_in_hand": "that card isn't in your hand",
    "not_enough_gold": "you don't have enough gold",
    "bad_target": "that target can't be chosen",
    "window_closed": "the moment to respond has passed",
}


def service_error(code: str, detail: Mapping[str, Any] | None = None) -> str:
    """The refusal for a ``ServiceError`` code; ``illegal`` adds the engine's reason in words."""
    text = SERVICE_ERRORS.get(code, GENERIC_ERROR)
    if code == "illegal" and detail:
        reason = str(detail.get("reason", ""))
        words = ILLEGAL_REASONS.get(reason)
        if words:
            return f"That move isn't allowed: {words}."
    return text


# Process --------------------------------------------------------------------------------------

PLAYGROUND_BANNER = """\
Backstab playground (offline: no Discord connection, no token needed)

  Open:    {url}
  Server:  {guild}, channel #{channel}
  Players: {players}

Switch players with the "Viewing as" menu at the top of the page; type /match new
in the message box to open a lobby, then click the buttons as each player.
Database: {database}
Press Ctrl-C to stop."""

PLAYGROUND_STOPPED = "Playground stopped."
PLAYGROUND_NO_GAMES = "No game is registered yet, so the demo lobby was skipped."

CHECK_OK = "ok: {what}"
CHECK_FAILED = "FAILED: {what}: {problem}"
CHECK_SUMMARY_OK = "check passed: {count} items"
CHECK_SUMMARY_FAILED = "check failed: {failed} of {count} items"
