"""The words of refusals and of matches ended with no result: every service error code's
sentence, the engine's reasons for an illegal move, and the moderators' seat and end commands."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.words import play_texts

# Refusals -----------------------------------------------------------------------------------

SERVICE_ERRORS: Mapping[str, str] = {
    "not_found": "I can't find that match any more.",
    "no_such_variant": "This game has no such way to play.",
    "not_seated": "You are not seated in this match, so you can't act in it.",
    "already_seated": "You already have a seat in this match.",
    "lobby_full": "This lobby is full.",
    "started": "This match has already started, so its lobby can't be changed any more.",
    "not_host": "Only the host of this lobby can do that.",
    "stale": play_texts.STALE,
    "wrong_status": "That can't be done at this stage of the match.",
    "illegal": "That move isn't allowed right now.",
    "game_unknown": "I don't know that game.",
    "too_few_seats": "Not enough players yet to start.",
    "not_your_match": "That match isn't yours.",
    "deck_not_ready": "{player}'s chosen deck ({deck}) breaks a deck rule: /deck show to fix it.",
    "not_your_move": "Not your move: the table is waiting for {waiting}.",
    "bad_seats": "A table of this game seats {least} to {most} players.",
    "bad_level": "The AI comes in these levels: {levels}.",
    "no_such_seat": "That seat is already empty.",
    "host_stays": "The host can't remove their own seat: hand the host role over, or Leave.",
    "not_a_player": "Only another player seated in this lobby can become host.",
    "not_afk": "Your seat is already yours.",
    "quarantined": "This match is paused: part of its record can't be read. A server manager "
    "can end it with /match end.",
    "already_ai": "The AI already plays that seat.",
    "replay_broken": "This match's record no longer replays with today's cards.",
    "too_many_matches": "This server already has {most} lobbies and matches open, as many as "
    "it allows. Finish or cancel one first (a server manager can change the limit with "
    "/settings max_matches).",
    "too_many_strong": "This server's matches already have {most} strong AI seats, as many as "
    "it allows: add a normal AI instead (a server manager can change the limit with "
    "/settings max_strong_seats).",
    "unavailable": "I can't reach my database right now, so that wasn't done. Please try again "
    "in a moment.",
}
# A live match the bot closed with no result (bot.core.restore; no rating changes).
MATCH_ENDED = "Match #{match} ended with no result: {reason} No rating changed."
MATCH_QUARANTINED = (
    "Match #{match} is paused: part of its record can't be read, so no move can be made. "
    "A server manager can end it with no result: /match end {match}."
)
ENDED_REASONS: Mapping[str, str] = {
    "cards_changed": "the cards it was played with could not be loaded after an update.",
    "rules_changed": "an update changed the rules in a way this match can't follow.",
    "unreadable": "part of its record could not be read.",
    "ended_by_manager": "a server manager ended it.",
    "nobody_left": "no player was left in it (the AI seats do not play on alone).",
}
CMD_MATCH_END = "End a live match with no result (Manage Server)"
MATCH_END_DONE = "Match #{match} is ended with no result."
MATCH_END_NOT_ADMIN = "Only members who can manage this server can end a match."
GENERIC_ERROR = "Something went wrong on my side; nothing was changed. Please try again."
NO_MATCH_HERE = "You have no match running in this channel."
CMD_SEAT_TO_AI = "Moderators: let the AI play a member's seat (someone who left the server)"
ARG_SEAT_PLAYER = "The player whose seat the AI takes over"
SEAT_MODS_ONLY = "Only members with Manage Server may give a seat to the AI. Nothing was changed."
SEAT_PICK_A_MATCH = (
    "{name} plays in several matches here ({matches}): say which with the `match` option. "
    "Nothing was changed."
)
SEAT_NOT_PLAYING = "{name} plays in no running match in this channel. Nothing was changed."
SEAT_TO_AI_DONE = "The AI plays {name}'s seat in match #{match} from now on."


def permission_name(right: str) -> str:
    """A Discord permission as its settings page names it ("send_messages" -> "Send
    Messages")."""
    return right.replace("_", " ").title()


BOT_CANNOT_POST = (
    "I cannot run a match in this channel: I am missing {perms} here. Ask a moderator to "
    "give me them, or use another channel. Nothing was started."
)
WRONG_SERVER = "This button belongs to a match on another server. Nothing was changed."
LEFT_SERVER = (
    "You are no longer a member of the server this match is played on, so you cannot play in "
    "it. Nothing was changed."
)
NOT_YOUR_MATCH_HERE = "Match #{match} is not one of your running matches in this channel."
PICK_A_MATCH = (
    "You play in several matches here ({matches}): say which with the `match` option. "
    "Nothing was changed."
)
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


# Details that carry names people chose (players, decks, who is awaited).
_NAME_DETAILS = ("player", "deck", "waiting")


def _names_shown(detail: Mapping[str, Any], shown: Callable[[str], str]) -> dict[str, Any]:
    return {
        key: shown(value) if key in _NAME_DETAILS and isinstance(value, str) else value
        for key, value in detail.items()
    }


def service_error(
    code: str,
    detail: Mapping[str, Any] | None = None,
    *,
    shown: Callable[[str], str] | None = None,
) -> str:
    """The refusal for a ``ServiceError`` code; ``illegal`` adds the engine's reason in words.
    ``shown`` draws the names people chose (the relay passes ``bot.render.names``' own)."""
    text = SERVICE_ERRORS.get(code, GENERIC_ERROR)
    if detail and shown is not None:
        detail = _names_shown(detail, shown)
    if code == "deck_not_ready" and detail:
        return text.format(player=detail.get("player", "?"), deck=detail.get("deck", "?"))
    if code == "illegal" and detail:
        reason = str(detail.get("reason", ""))
        words = ILLEGAL_REASONS.get(reason)
        if words:
            return f"That move isn't allowed: {words}."
    if "{" in text:
        try:
            return text.format(**(detail or {}))
        except (KeyError, IndexError, ValueError):
            return text.split(":")[0] + "."
    return text
