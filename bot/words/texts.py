"""The Discord layer's sentences that belong to no one part of it: the process (playground,
checks, start-up), the server settings and the /rules and /card reference.

Cogs and renderers never build wording of their own: they pick a text from the words modules
and fill it in. That keeps the voice consistent and makes a later translation a change to those
modules only. Each part has its own: ``lobby_texts`` (starting a match), ``play_texts`` (the
table, the hand, the log), ``error_texts`` (refusals), ``deck_texts`` (duel decks) and
``league_texts`` (history, replays, leagues); a game's own words are in its ``words.py``.
"""

from __future__ import annotations

# Process --------------------------------------------------------------------------------------

PLAYGROUND_BANNER = """\
Backstab playground (offline: no Discord connection, no token needed)

  Open:    {url}
  Server:  {guild}, channel #{channel}
  Players: {players} ({admin} manages the server: /settings)

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
CHECK_DB_POSTGRES = "database {location}"
CHECK_DB_SCHEMA = "reachable, schema version {current} of {latest} (the start applies the rest)"
CHECK_DB_NEWER = (
    "its schema version {current} is newer than this code knows ({latest}); upgrade Backstab"
)

CMD_SETTINGS = "Server options for Backstab (Manage Server only)"
SETTINGS_TITLE = "Backstab settings for this server"
SETTINGS_LINES = (
    "Turn timer: {turn_seconds}\n"
    "Response window: {window_seconds}\n"
    "Hands: {hand_delivery}\n"
    "Games allowed: {allowed_games}\n"
    "Ranked by default: {ranked_default}\n"
    "Idle lobbies close after: {lobby_idle_seconds}\n"
    "AI for players who went away: {afk_ai_level}\n"
    "Strong AI thinking time: {ai_budget_ms} ms a move\n"
    "Lobbies and matches open at once: at most {max_matches}\n"
    "Strong AI seats in them: at most {max_strong_seats}"
)


def seconds_read(seconds: int) -> str:
    """A clock setting as an admin reads it: "45s", "2 minutes (120s)", "1 min 30s (90s)"; the
    seconds stay beside the minutes because /settings takes seconds."""
    minutes, rest = divmod(seconds, 60)
    if not minutes:
        return f"{seconds}s"
    if rest:
        return f"{minutes} min {rest}s ({seconds}s)"
    return f"{minutes} minute{'s' if minutes != 1 else ''} ({seconds}s)"


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
    "max_matches": "The open lobbies and matches allowed must be between 1 and 500.",
    "max_strong_seats": "The strong AI seats allowed must be between 0 and 100.",
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
    "max_matches": "Lobbies and live matches this server may have open at once (1-500)",
    "max_strong_seats": "Strong AI seats this server's open matches may hold (0-100)",
    "reset": "Put every setting back to the default",
}
YES = "yes"
NO = "no"

# A player's own preferences (/preferences, issue 18) ----------------------------------------

CMD_PREFERENCES = "Your own Backstab options, on every server (only you see them)"
PREFERENCES_DESCRIBE = {
    "auto_pass": "In a response window, pass for me when it closes if I have nothing to play",
    "pings": "When to send me a DM ping: my turn (and questions to me), everything, or never",
}
# /preferences pings: (the choice's value, its name in the command's menu).
PINGS_CHOICES = (
    ("turn", "My turn and questions to me"),
    ("all", "Everything I am asked"),
    ("never", "Never"),
)
PREFERENCES_TITLE = "Your Backstab preferences"
PREFERENCES_AUTO_PASS = {
    True: (
        "Auto-pass: **on**. In a response window you are never asked to press Pass: when "
        "you hold nothing to play, you pass when the window closes. When you can answer, the "
        "table's Play a card shows how; a Pass you press then also counts at the close. Every "
        "window stays open its full time, so nobody can tell from it what you hold."
    ),
    False: (
        "Auto-pass: **off**. Press Pass (or Play a card) in every response window; a window "
        "closes as soon as everyone has passed."
    ),
}
PREFERENCES_PINGS = {
    "turn": (
        "Pings: **my turn**. A short DM when your turn starts and when someone asks you by "
        "name (help, a trade), never for a response window; at most one a minute."
    ),
    "all": (
        "Pings: **everything**. A short DM whenever the match starts to wait on you, never "
        "for a response window; at most one a minute."
    ),
    "never": "Pings: **never**. No DM pings; your hand is still kept up to date in place.",
}
PREFERENCES_HOW = "Change them with `/preferences auto_pass:` and `/preferences pings:`."

# Reference: /rules and /card (render side of issue 5) -----------------------------------

CMD_RULES = "A quick reference of a game's rules (only you see it)"
CMD_RULES_TOPIC = "Which topic; leave it empty for the list"
CMD_CARD = "Look a card up (only you see it)"
CMD_CARD_NAME = "Start typing a card's name"
RULES_INDEX_TITLE = "Rules: pick a game"
RULES_INDEX_HOW = "Tap a game below for its topics. Any card: /card and start typing its name."
RULES_ALL_GAMES = "All games"
RULES_TITLE = "{game} · {title}"
RULES_UNKNOWN = "I have no topic called {topic!r}. Here is the list."
RULES_MORE = "Other topics: the buttons below, or /rules. Any card: /card and its name."
CARD_UNKNOWN = "I know no card called {name!r}. Pick one of the suggestions as you type."
CARD_GAME = "Game"
CARD_KIND = "Kind"
CARD_STATS = "Numbers"
CARD_COPIES = "Copies in the set"

# First minutes: /help and the word when the bot joins a server (issue 27.8) ---------------

CMD_HELP = "What Backstab does and how to start (only you see it)"
HELP_TEXT = (
    "### Backstab: card games in this channel\n"
    "Backstab hosts Munchkin-style card games with people and AI seats: {games}. It keeps "
    "every match and result, so a server can run a league.\n\n"
    "**Start a match:** type `/match new`, pick a game, and press **Start** on the lobby "
    "once the others pressed **Join** (empty seats get AI players).\n"
    "**Your hand:** the bot sends it to you by DM and keeps that one message up to date; "
    "**My hand** on the table opens it here too. Only you see it.\n"
    "**When it is your move** you get a short DM ping (`/preferences pings:` to change "
    "it).\n\n"
    "More: `/rules` (the rules by topic), `/card` (any card), `/match status`, "
    "`/match concede`, `/preferences`; server managers: `/settings`."
)
WELCOME_TEXT = (
    "Hi, I am **Backstab**: I host card games ({games}) right here. Type `/match new` to "
    "open a lobby, and `/help` for how it works (only you see the answer)."
)

# The operator's database commands (python -m bot backup / migrate-db) ----------------------

BACKUP_DONE = "backup written: {path} ({size} bytes, schema version {version})"
BACKUP_POSTGRES = (
    "backup: the database is PostgreSQL ({location}); back it up with pg_dump (docs/operations.md)"
)
BACKUP_FAILED = "backup failed: {problem}"
MIGRATE_TABLE = "  {table}: {rows} rows, checksum {checksum}"
MIGRATE_DONE = (
    "migrate-db: {rows} rows in {tables} tables copied from {source} to {target}; every count"
    " and checksum verified"
)
MIGRATE_FAILED = "migrate-db failed, the target is as it was: {problem}"
MIGRATE_REPAGED = (
    "migrate-db: {path}: its {before}-byte pages rewritten as {after}-byte pages"
    " ({bytes_before} -> {bytes_after} bytes); every row kept, checked"
)
MIGRATE_PAGES_KEPT = "migrate-db: {path}: its pages are {size} bytes already; nothing rewritten"
MIGRATE_IN_PLACE_POSTGRES = (
    "migrate-db: the database is PostgreSQL ({location}), migrated; page sizes are SQLite's,"
    " nothing rewritten"
)
MIGRATE_IN_PLACE_FAILED = "migrate-db failed, the database is as it was: {problem}"
