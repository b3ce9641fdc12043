"""Every sentence the Discord layer shows to people, in one place.

Cogs and renderers never build wording of their own: they pick a text here and fill it in.
That keeps the voice consistent and makes a later translation a change to this module only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

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


# Table ----------------------------------------------------------------------------------------

TABLE_TITLE = "{game}: match #{match}"
TABLE_WAITING_FOR = "Waiting for: {names}"
TABLE_NOBODY = "nobody"
TABLE_PLAYERS = "Players"
TABLE_STATE = "Table"
TABLE_LAST = "Last moves"
TABLE_DM_CLOSED = "{name} keeps DMs closed: use the My hand button."
TABLE_FINISHED = "Match over. Winner: {names}."
TABLE_DRAW = "Match over: nobody won."
TABLE_VERSION = "move {version}"
SEAT_TURN = "to act"
SEAT_AFK = "away: the AI plays for them"
SPECTATOR_NOTE = "You are watching this match: only seated players can act."

HAND_TITLE = "Your hand · match #{match}"
HAND_YOUR_TURN = "It is your move: pick one of the buttons below."
HAND_NOT_YOUR_TURN = "Not your move yet; this updates when it is."
# A seat nobody waits on that may still act (a curse, a trade) while others decide.
HAND_OFF_TURN = "{name} is deciding; nobody is waiting on you."
HAND_OFF_TURN_MANY = "{names} are deciding; nobody is waiting on you."
HAND_OFF_TURN_MAY = "Meanwhile you may still use: {what}."
HAND_OFF_TURN_ANY = "Meanwhile you may still use the buttons below."
HAND_NOTHING = "Nothing private to show."
HAND_REFRESH_HINT = "Out of date? Press My hand on the table for a fresh one."

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
}
# A live match the bot closed with no result (bot.restore; no rating changes).
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
# Start-up failures: one line on stderr, never a traceback, never the token.
START_FAILED = "cannot start: {problem}"
NAMELESS = "(no name)"  # a name with nothing visible left once invisible characters go
START_BAD_TOKEN = "Discord refused the token (DISCORD_TOKEN): check it in the Developer Portal"
START_INTENTS = "Discord refused an intent this bot asks for: enable it in the Developer Portal"
START_NO_DISCORD = "Discord cannot be reached ({problem})"
CHECK_DB_FOLDER = "database folder {folder}"
CHECK_DB_WILL_CREATE = "database folder {folder} (created at start)"


# Decks, match history and leagues (issue 6) ---------------------------------------------------

DECK_GROUP = "Build, share and pick your duel decks"
CMD_DECK_NEW = "Start a new duel deck around a Hero"
CMD_DECK_ADD = "Add copies of a card to one of your decks"
CMD_DECK_REMOVE = "Take copies of a card out of one of your decks"
CMD_DECK_SHOW = "Show a deck, its problems and its code"
CMD_DECK_LIST = "List your decks and the seven shared precons"
CMD_DECK_DELETE = "Delete one of your decks"
CMD_DECK_USE = "Pick the deck you bring to your next duel"
CMD_DECK_IMPORT = "Save a deck from a deck code or a list like 3x Card Name; 2x Other Card"
CMD_DECK_EXPORT = "Get a deck's code and plain list to share"
ARG_DECK_NAME = "The deck's name"
ARG_DECK_HERO = "The Hero the deck is built around"
ARG_DECK_CARD = "A card (start typing its name)"
ARG_DECK_COUNT = "How many copies"
ARG_DECK_CODE = "A deck code (bs1-...) or a list: 3x Card Name; 2x Other Card; Hero: Name"
ARG_DECK_FILE = "Or a text file with one 3x Card Name per line"

DECK_ERRORS: Mapping[str, str] = {
    "no_such_deck": "You have no deck called {name!r}, and no precon has that name.",
    "precon_read_only": (
        "{name} is a shared precon and can't be changed: /deck export it and /deck import "
        "the code under a new name to build your own copy."
    ),
    "not_a_hero": "{hero!r} is not a Hero. Pick one from the suggestions.",
    "unknown_card": "There is no card called {card!r}. Pick one from the suggestions.",
    "card_not_in_deck": "{deck} has no {card} to take out.",
    "bad_count": "The number of copies must be at least 1.",
    "bad_name": (
        "A deck name is 1 to {most} characters, on one line, without : ` * _ ~ | < > @ #."
    ),
    "name_taken": "You already have a deck called {name!r}: pick another name or delete it.",
    "too_many_decks": "You have {most} decks already; delete one before making another.",
    "too_many_cards": (
        "A deck holds at most {most} cards, even as a draft; that would make {size}. "
        "Nothing was changed."
    ),
    "no_hero": "That list names no Hero: add a line like Hero: Name.",
    "unreadable": "I couldn't read that deck:\n{problems}",
    "draft": "{name} is a draft and can't be played yet:\n{problems}",
    "no_text": "Give a deck code, a list, or a text file to import.",
    "file_too_big": "That file is too big for a deck list (at most {most} bytes).",
}
DECK_CODE_PROBLEMS: Mapping[str, str] = {
    "not_a_code": "it is not a deck code (they start with bs1-)",
    "damaged_code": "the code is damaged or cut short; copy it again in full",
    "bad_line": "line {detail} is not like 3x Card Name",
    "unknown_card": "line {detail}: no card has that name",
    "bad_count": "line {detail}: a count must be at least 1",
    "empty": "it holds no cards",
}


def deck_code_problem(code: str, detail: str) -> str:
    return "- " + DECK_CODE_PROBLEMS.get(code, code).format(detail=detail)


def deck_error(code: str, detail: Mapping[str, Any]) -> str:
    fields = dict(detail)
    if code == "unreadable":
        fields["problems"] = "\n".join(deck_code_problem(c, d) for c, d in detail["problems"])
    elif code == "draft":
        fields["problems"] = "\n".join(f"- {p}" for p in detail["problems"])
    try:
        return DECK_ERRORS.get(code, GENERIC_ERROR).format(**fields)
    except (KeyError, IndexError):
        return GENERIC_ERROR


DECK_TITLE = "{name}: {hero}"
DECK_PRECON_TAG = "shared precon"
DECK_READY = "Ready to play: {size} cards."
DECK_DRAFT = "Draft ({size} of 40 cards): saved, but not playable until this is fixed:"
DECK_CARDS = "Cards"
DECK_NO_CARDS = "No cards yet: /deck add one."
DECK_CODE = "Deck code"
DECK_CREATED = "Deck {name!r} started around {hero}. Add cards with /deck add."
DECK_CHANGED = "{name}: now {size} cards."
DECK_DELETED = "Deck {name!r} deleted."
DECK_USING = "Your next duel uses {name}."
DECK_IMPORTED = "Saved {name!r}."
DECK_EXPORT = "Deck code for {name} (paste it into /deck import):\n`{code}`\nAs a list:"
DECK_EXPORT_FILE = (
    "Deck code for {name} (paste it into /deck import):\n`{code}`\nAs a list: the file."
)
DECK_LIST_TITLE = "Your duel decks"
DECK_LIST_OWN = "Yours"
DECK_LIST_NONE = "None yet: /deck new or /deck import."
DECK_LIST_PRECONS = "Shared precons (everyone may use them)"
DECK_LIST_LINE = "{mark} {name}: {hero}, {size} cards{state}"
DECK_LIST_DRAFT = " (draft)"
DECK_LIST_CHOSEN = "Next duel: {name}"

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
REPLAY_BROKEN = SERVICE_ERRORS["replay_broken"]
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
    return HISTORY_ERRORS.get(code) or service_error(code, detail, shown=shown)


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
        return LEAGUE_ERRORS.get(code, GENERIC_ERROR).format(**detail)
    except (KeyError, IndexError):
        return GENERIC_ERROR


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


# Rendering: tables, hands, controls, pictures (render side of issue 5) ----------------------

PAGER_PREV = "◀ Prev"
PAGER_NEXT = "Next ▶"
PAGER_AT = "Page {page}/{pages}"
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
BUTTON_RESPOND = "Play a card"
BUTTON_HOST_TOOLS = "Host tools"
BUTTON_MAKE_CASUAL = "Make it casual (not rated)"
BUTTON_MAKE_RANKED = "Make it ranked"
BUTTON_AI_RANDOM = "Add AI (easy: plays at random)"
BUTTON_AI_HEURISTIC = "Add AI (normal: plays to win)"
BUTTON_AI_STRONG = "Add AI (strong: thinks ahead)"
PASSED = "You passed."
BUTTON_AFK_BACK = "I'm back: give me my seat"
AFK_NOTE = "You were away for three turns, so the AI plays your seat. Press below to take it back."
BACK_DONE = "Your seat is yours again."
TURN_CLOCK = "⏳ Time runs out {when}."
WINDOW_CLOCK = "⚡ A moment to respond: Pass, or Play a card. Closes {when}."
THREAD_NAME = "{game} #{match}: log"

LOBBY_RANKED = "Ranked: the result counts in the server's league if every seat is a person."
LOBBY_CASUAL = "Casual match: not rated."
LOBBY_FILL = "Empty seats up to {seats} get AI players at the start."
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
CMD_NEW_SINGLE_WINNER = "Tournament rule: one winner only (a shared win is rolled off)"
OPTION_NOT_OFFERED = "{game} has no single-winner option: it never shares a win."
LOBBY_SINGLE_WINNER = "One winner only: a shared win at level 10 is settled by a roll-off."
GAME_NOT_ALLOWED = "This server doesn't play {game}. Allowed here: {games}."

CMD_SETTINGS = "Server options for Backstab (Manage Server only)"
SETTINGS_TITLE = "Backstab settings for this server"
SETTINGS_LINES = (
    "Turn timer: {turn_seconds}s\n"
    "Response window: {window_seconds}s\n"
    "Hands: {hand_delivery}\n"
    "Games allowed: {allowed_games}\n"
    "Ranked by default: {ranked_default}\n"
    "Idle lobbies close after: {lobby_idle_seconds}s\n"
    "AI for players who went away: {afk_ai_level}\n"
    "Strong AI thinking time: {ai_budget_ms} ms a move"
)
AI_LEVEL_NAMES = {"random": "easy", "heuristic": "normal", "strong": "strong"}
SETTINGS_DELIVERY = {"dm": "by DM (My hand always works)", "ephemeral": "only with My hand"}
SETTINGS_ALL_GAMES = "all"
SETTINGS_SAVED = "Saved."
SETTINGS_RESET_DONE = "Back to the defaults."
SETTINGS_NOT_ADMIN = "Only members with Manage Server can change these settings."
SETTINGS_BAD = {
    "turn_seconds": "The turn timer must be between 15 and 3600 seconds.",
    "window_seconds": "A response window must last between 5 and 120 seconds.",
    "lobby_idle_seconds": "Idle lobbies must close after 60 to 86400 seconds.",
    "allowed_games": "Allowed games must be games this bot offers: {games}.",
    "ai_budget_ms": "The strong AI's thinking time must be between 50 and 2000 ms.",
}
SETTINGS_DESCRIBE = {
    "turn_seconds": "Seconds a player has for a move (15-3600)",
    "window_seconds": "Seconds to respond in a response window (5-120)",
    "hand_delivery": "Send hands by DM, or only through the My hand button",
    "allowed_games": "Comma-separated games this server plays, or 'all'",
    "ranked_default": "New matches count in the league unless the host says otherwise",
    "lobby_idle_seconds": "Close a lobby nobody touched for this many seconds (60-86400)",
    "afk_ai_level": "The AI that plays for someone who went away: easy, normal or strong",
    "ai_budget_ms": "Milliseconds the strong AI may think per move (50-2000)",
    "reset": "Put every setting back to the default",
}
YES = "yes"
NO = "no"

# Reference: /rules and /card (render side of issue 5) -----------------------------------

CMD_RULES = "A quick reference of a game's rules (only you see it)"
CMD_RULES_TOPIC = "Which topic; leave it empty for the list"
CMD_CARD = "Look a card up (only you see it)"
CMD_CARD_NAME = "Start typing a card's name"
RULES_INDEX_TITLE = "Rules: pick a topic"
RULES_INDEX_LINE = "`/rules topic:{key}` · {title}"
RULES_TITLE = "{game} · {title}"
RULES_UNKNOWN = "I have no topic called {topic!r}. Here is the list."
RULES_MORE = "Other topics: /rules. Any card: /card and start typing its name."
CARD_UNKNOWN = "I know no card called {name!r}. Pick one of the suggestions as you type."
CARD_GAME = "Game"
CARD_KIND = "Kind"
CARD_STATS = "Numbers"
CARD_COPIES = "Copies in the set"
