"""Button custom ids: ``bs:<match>:<version>:<key>``.

Discord caps a custom id at 100 characters; the strict pattern below is also what the persistent
``DynamicItem`` matches, so an id the bot could not parse back is never drawn.

Two kinds of key share the id: a game ``Action.key`` (``kind`` or ``kind.arg.arg``, the kind
made of letters, digits and ``_``) and the bot's own keys (lobby buttons, pager, selects, host
tools). Every lobby key holds a ``-`` before any ``.``, which no action kind can, so a game may
name an action anything (classic's ``cancel`` calls a deal off) without it being routed as a
lobby button. Lobby buttons drawn before this scheme carried bare words; ``LEGACY_KEYS`` reads
those back as today's keys, except ``cancel``, which a live classic hand still draws as an
action: an old lobby Cancel is answered as a move (on a lobby "not at this stage of the
match"; on a started match its old version gets "the table moved on" and a fresh view).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_CUSTOM_ID = 100  # Discord's limit for a component custom_id
MAX_MATCH_ID = 2**63 - 1  # SQLite integers are signed 64-bit
PREFIX = "bs"

# The registry of every key the bot itself draws (any other key is a game ``Action.key``).
# Each holds a '-' before any '.', which no action kind can, so it never shadows an action;
# ``HAND`` and ``RESPOND`` are bare words kept as drawn on live tables, reserved below.
# Keys that act on the lobby or open private views are not version-checked, because a join
# racing another join is harmless.
JOIN, LEAVE, ADD_AI = "lobby-join", "lobby-leave", "lobby-ai"
START, CANCEL = "lobby-start", "lobby-cancel"
HAND = "hand"  # the table's "My hand"
RESPOND = "respond"  # the table's "Play a card" in a response window (opens the hand)
LOOK = "table-look"  # a table's closer look (a game's larger picture, answered privately)
LOBBY_KEYS = frozenset({JOIN, LEAVE, ADD_AI, START, CANCEL})
UNVERSIONED_KEYS = LOBBY_KEYS | {HAND, LOOK}
# The lobby's host tools and pre-game picks (cogs/lobby.py).
HOST_TOOLS, SEAT_REMOVE, HOST_GIVE = "host-tools", "seat-remove", "host-give"
AI_RANDOM, AI_HEURISTIC, AI_STRONG = "ai-random", "ai-heuristic", "ai-strong"
DECK_MENU, DECK_PICK = "deck-menu", "deck-pick"
HOST_RANKED = "host-ranked"  # the host turns a lobby ranked or casual
HOST_VARIANT = "host-variant"  # the host picks the game's variant (plugins.Variant)
RECLAIM_SEAT = "seat-back"  # an AFK player takes their seat back (cogs/play.py)
# A hand's pager (``page-<n>``, and the disabled ``page-at`` showing where one is) and its
# selects (``pick-<row>``, whose chosen value is the action key): bot/render/controls.py.
PAGE_PREFIX = "page-"
PICK_PREFIX = "pick-"
# A game's builder (a choice composed in a few taps, e.g. a bargain): ``draft-<state>``, the
# state the game reads back, so a press between taps survives a restart (bot/render/drafts.py).
DRAFT_PREFIX = "draft-"
# The lobby's own button for another way to play (issue 27.8: quest's quick game on the
# lobby itself): ``variant-<key>``, the host's like the Host tools' menu.
VARIANT_PREFIX = "variant-"
# The "Yes, ..." of a move that cannot be taken back (``Game.irreversible``, issue 27.2):
# ``sure-<action key>``, version-checked like the move itself; the bare key only asks.
SURE_PREFIX = "sure-"
# The "Yes, concede" under ``/match concede`` (a concession is never a hand's control).
CONCEDE_SURE = "concede-sure"
BOT_KEYS = frozenset(
    {
        *LOBBY_KEYS,
        HAND,
        RESPOND,
        LOOK,
        HOST_TOOLS,
        SEAT_REMOVE,
        HOST_GIVE,
        AI_RANDOM,
        AI_HEURISTIC,
        AI_STRONG,
        DECK_MENU,
        DECK_PICK,
        HOST_RANKED,
        HOST_VARIANT,
        RECLAIM_SEAT,
        CONCEDE_SURE,
    }
)
BOT_PREFIXES = (PAGE_PREFIX, PICK_PREFIX, DRAFT_PREFIX, SURE_PREFIX, VARIANT_PREFIX)
# Bare lobby words of buttons drawn before the lobby keys held a '-' -> today's key. ``cancel``
# is left out on purpose: it is classic's action kind, and bare ``cancel`` stays an action.
LEGACY_KEYS = {"join": JOIN, "leave": LEAVE, "ai": ADD_AI, "start": START}
# Bare words the bot itself draws or once drew: no game may use one as an action kind.
RESERVED_KINDS = frozenset({*LEGACY_KEYS, HAND, RESPOND})

CUSTOM_ID_PATTERN = re.compile(
    r"\Abs:(?P<match>[1-9][0-9]{0,18}):(?P<version>0|[1-9][0-9]{0,9}):(?P<key>[A-Za-z0-9_.\-]{1,80})\Z"
)


@dataclass(frozen=True, slots=True)
class ButtonId:
    match_id: int
    version: int
    key: str

    @property
    def versioned(self) -> bool:
        return self.key not in UNVERSIONED_KEYS

    @property
    def is_action(self) -> bool:
        return is_action_key(self.key)

    @classmethod
    def from_match(cls, found: re.Match[str]) -> ButtonId:
        """The id a ``CUSTOM_ID_PATTERN`` match names; an old bare lobby word becomes its key."""
        key = found["key"]
        return cls(int(found["match"]), int(found["version"]), LEGACY_KEYS.get(key, key))

    def __str__(self) -> str:
        return make_custom_id(self.match_id, self.version, self.key)


def make_custom_id(match_id: int, version: int, key: str) -> str:
    """The custom id for a button. ``ValueError`` if it would not parse back or is too long."""
    text = f"{PREFIX}:{match_id}:{version}:{key}"
    if len(text) > MAX_CUSTOM_ID or parse_custom_id(text) is None:
        raise ValueError(f"cannot encode button id for match {match_id}, key {key!r}")
    return text


def parse_custom_id(text: str) -> ButtonId | None:
    """The parts of a custom id, or ``None`` for anything that is not one of ours."""
    if len(text) > MAX_CUSTOM_ID:
        return None
    found = CUSTOM_ID_PATTERN.fullmatch(text)
    if found is None or int(found["match"]) > MAX_MATCH_ID:
        return None
    return ButtonId.from_match(found)


def is_bot_key(key: str) -> bool:
    """Whether ``key`` is one the bot draws itself (in the registry above)."""
    return key in BOT_KEYS or key.startswith(BOT_PREFIXES)


def is_action_key(key: str) -> bool:
    """Whether ``key`` can be a game action's: its kind (before any ``.``) is letters, digits
    and ``_`` only. The bot's own keys hold a ``-`` there, so the two never meet."""
    kind = key.split(".", 1)[0]
    return bool(kind) and all(c.isalnum() or c == "_" for c in kind) and kind.isascii()
