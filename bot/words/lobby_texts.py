"""The words of starting a match: the match commands, the lobby and its buttons, the host's
tools and the options a new match is opened with."""

from __future__ import annotations

# Commands -------------------------------------------------------------------------------------

MATCH_GROUP = "Start, join and play Backstab matches"
CMD_NEW = "Open a lobby for a new match in this channel"
CMD_NEW_GAME = "Which game to play"
CMD_STATUS = "Show your current match in this channel"
CMD_HAND = "See your hand and your choices (only you see it)"
CMD_CONCEDE = "Give up your current match"
ARG_PLAY_MATCH = "Which of your matches in this channel (you may be in several)"
MATCH_CHOICE = "#{match} {game}: {names}"

# Buttons --------------------------------------------------------------------------------------

BUTTON_JOIN = "Join"
BUTTON_LEAVE = "Leave"
BUTTON_AI = "Add AI"
BUTTON_START = "Start"
BUTTON_CANCEL = "Cancel"
BUTTON_HAND = "My hand"


# Lobby ----------------------------------------------------------------------------------------

LOBBY_TITLE = "{game}: lobby #{match}"
LOBBY_HOST = "Host: {name}"
LOBBY_SEATS = "Seats ({count}/{most})"
LOBBY_NEEDS = "Needs at least {least} players to start."
LOBBY_READY = "Ready: the host can press Start."
LOBBY_EMPTY_SEAT = "(open)"
LOBBY_AI_TAG = "AI"
LOBBY_CANCELLED = "This lobby was closed; nothing was played."
BUTTON_HOST_TOOLS = "Host tools"
BUTTON_MAKE_CASUAL = "Make it casual (not rated)"
BUTTON_MAKE_RANKED = "Make it ranked"
BUTTON_AI_RANDOM = "Add AI (easy: plays at random)"
BUTTON_AI_HEURISTIC = "Add AI (normal: plays to win)"
BUTTON_AI_STRONG = "Add AI (strong: thinks ahead)"

LOBBY_RANKED = "Ranked: the result counts in the server's league if every seat is a person."
LOBBY_CASUAL = "Casual match: not rated."
LOBBY_VARIANT = "Playing: **{name}** ({note})."
HOST_VARIANT = "Way to play…"
BUTTON_PLAY_VARIANT = "Play the {name}"  # the lobby's button for another way to play
LOBBY_FILL = "At the start, AI players fill the table up to {seats} seats."
LOBBY_EXPIRES = "Closes if nobody touches it {when}."
HOST_TOOLS = (
    "Host tools for lobby #{match}: remove a seat, hand the host role over, add an AI, "
    "make the match ranked or casual."
)
HOST_REMOVE = "Remove a seat…"
HOST_HAND_OVER = "Make another player host…"
HOST_DONE = "Done."
PICK_NOT_OFFERED = "This game has nothing to pick before it starts."

CMD_NEW_RANKED = "Count the result in the server's league (default: the server's setting)"
CMD_NEW_SEATS = "Table size; empty seats get AI players at the start"
GAME_NOT_ALLOWED = "This server doesn't play {game}. Allowed here: {games}."
