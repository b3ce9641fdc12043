"""The words of playing a match: the table, the hand, the running log, the turn clock and the
response window, going away and coming back, and the labels of the actions games share."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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


# Table ----------------------------------------------------------------------------------------

TABLE_TITLE = "{game}: match #{match}"
TABLE_WAITING_FOR = "Waiting for: {names}"
TABLE_NOBODY = "nobody"
TABLE_PLAYERS = "Players"
TABLE_STATE = "Table"
TABLE_DM_CLOSED = "{name} keeps DMs closed: use the My hand button."
TABLE_FINISHED = "Match over. Winner: {names}."
TABLE_DRAW = "Match over: nobody won."
# The match's version (every stored change: moves, passes, the AI's, timeouts), not a count
# of moves: "move 119" at turn 3 read as one (played as new users, 2026-12-02).
TABLE_VERSION = "Update {version} of this table"
SEAT_TURN = "to act"
SEAT_AFK = "away: the AI plays for them"
SPECTATOR_NOTE = "You are watching this match: only seated players can act."

HAND_TITLE = "Your hand · match #{match}"
HAND_YOUR_TURN = "It is your move: choose below."
HAND_NOT_YOUR_TURN = "Not your move yet; this updates when it is."
HAND_WAITING_FOR = "Waiting for {names}; this updates when it is your move."
# A seat nobody waits on that may still act (a curse, a trade) while others decide.
HAND_OFF_TURN = "{name} is deciding; nobody is waiting on you."
HAND_OFF_TURN_MANY = "{names} are deciding; nobody is waiting on you."
HAND_OFF_TURN_MAY = "Meanwhile you may still use: {what}."
HAND_OFF_TURN_ANY = "Meanwhile you may still choose below."
HAND_NOTHING = "Nothing private to show."
SEAT_DETAILS = "**At the table**"
HAND_REFRESH_HINT = "This hand keeps itself up to date. Lost it? My hand on the table."

# The short DM that tells a player the match waits on them (issue 18: a ping, not a new hand);
# the link leads to their live hand (or, for a hand in the channel, to the table).
HAND_PING = "Match #{match} ({game}) waits on you."
HAND_PING_OFFER = "Match #{match} ({game}): something for you to answer."
PING_OPEN_HAND = "Open my hand"
PING_OPEN_TABLE = "Open the table"
# An ephemeral hand closed before Discord stops letting the bot update it (15 minutes).
HAND_CLOSED = "This hand closed after 15 minutes. My hand on the table opens a fresh one."
HAND_MENTION = "{mentions}: match #{match} waits on you. Your hand: My hand on the table."
LOOK_NOTHING = "There is nothing more to show on this table."
STALE = "The table moved on since that button was drawn. Here is the current view."


# Event lines (the running log) ------------------------------------------------------------

EVENT_LINES: Mapping[str, str] = {
    "conceded": "{seat_name} conceded.",
    "won": "{seat_name} won!",
    "played": "{seat_name} played {card}.",
    "drew": "{seat_name} drew a card.",
    "timeout": "{seat_name} ran out of time.",
    "afk_ai": "{seat_name} ran out of time three turns in a row: the AI plays that seat now.",
    "afk_back": "{seat_name} is back and plays their own seat again.",
    "seat_ai": "A moderator gave {seat_name}'s seat to the AI, which plays it from now on.",
    "ai_quick": "{seat_name} could not finish thinking in time: this move is the normal AI's.",
}


def event_line(kind: str, fields: Mapping[str, Any]) -> str:
    template = EVENT_LINES.get(kind)
    if template is None:
        return kind.replace("_", " ")
    try:
        return template.format(**fields)
    except (KeyError, IndexError):
        return kind.replace("_", " ")


# Rendering: tables, hands, controls, pictures (render side of issue 5) ----------------------

PAGER_PREV = "◀ Prev"
PAGER_NEXT = "Next ▶"
PAGER_AT = "Page {page}/{pages}"
PAGER_MORE = "More…"  # the hand's secondary moves (gear, selling, trading): issue 18
PAGER_BACK = "◀ Back"
# Issue 27.2: a move that cannot be taken back asks once, on the same private message.
SURE_LINE = "**{label}?** It cannot be taken back."
SURE_YES = "Yes, {label}"
CONCEDE_ASK = "Concede match #{match}? It cannot be taken back: your seat leaves the match."
CONCEDE_YES = "Yes, concede"
CONTROLS_MORE = "More choices…"
HAND_PAGED = "More choices on other pages: use Prev / Next ({page}/{pages})."

TABLE_TURN = "{name}'s turn ({phase})."
TABLE_WAITING_ON = "Waiting for {what}."
TABLE_FIGHT = "Fight"
TABLE_PILES = "Piles"
TABLE_STACK = "Being played"
SEAT_OUT_MARK = "out"
SEAT_DEAD_MARK = "dead until their turn"


# Playing on Discord: lobby controls, the table's clock and window, settings (flow, issue 5) ---

BUTTON_PASS = "Pass"
# A hand in a window with nothing of the seat's to answer it (issue 27.1): no decision.
HAND_NOTHING_TO_ANSWER = (
    "Nothing for you to answer here: you pass when the window closes (Pass on the table "
    "closes it sooner)."
)
BUTTON_RESPOND = "Play a card"
# Who passed in the open window, on the table and in the hands (issue 18: a pass is not a
# message; issue 27.4: a pressed Pass counts at once and shows).
PASSED_LINE = "Passed ✓ {passed}/{asked}: {names}"
BUTTON_AFK_BACK = "I'm back: give me my seat"
AFK_NOTE = "You were away for three turns, so the AI plays your seat. Press below to take it back."
BACK_DONE = "Your seat is yours again."
TURN_CLOCK = "⏳ Time runs out {when}."
# The window's Pass and Play a card are the buttons right under it: the line says only that it
# is a window and when it closes, on one line of a phone (issue 27.6).
WINDOW_CLOCK = "⚡ Window closes {when}."
THREAD_NAME = "{game} #{match}: log"
