"""The load run's leak check, message by message: every table edit and post, log-thread post, DM
and interaction answer is judged when the bot sends it, against the match as the bot had it.

For each message the recipient is the public channel (tables, threads, public answers) or one
seat (its DMs, its ephemeral answers). Each line is judged once, the first time that recipient
is shown it (as ``bot.screens.leaks.Ledger`` does): a running log that keeps a line about a card
once shown to all tells nobody anything new. A name in a fresh line is a leak when it is hidden
from the recipient both in the newest committed state and in the states the recipient's last
renders read (``MatchService.view``; the publisher draws from the update's own snapshot, the
newest committed state), and no event since the recipient's message before last
showed it that card (a face-down card revealed, then put back face down). A card hidden
throughout is always caught. Pictures are not read (text only, as in the e2e leak test).

How the bot's states are seen, without changing the bot: a listener put first in the service's
list records each committed version and its events (with the state the update carries, the
final one of a match that just ended), and a wrapper of ``service.view`` keeps the state
each render read. Messages are seen at SimCord's HTTP router (``Probe``). Cost: one
``forbidden_names`` per committed state that is sent a fresh line, one ``in`` test per hidden
name, and the word-boundary scan only for names found that way.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from bot.plugins import Recipient
from bot.render.ids import parse_custom_id
from bot.screens.leaks import (
    PUBLIC,
    all_card_names,
    find_leaks,
    forbidden_names,
    message_texts,
    shown_names,
)

EPHEMERAL = 64  # Discord message flag
MESSAGE_CALLBACKS = frozenset({4, 7})  # interaction callbacks that carry a message body
DEFERRED_MESSAGE = 5
RENDERS_KEPT = 2  # states kept per recipient: the renders of the last two views
MATCHES_KEPT = 2  # per channel: the current match and the one before (its last edits land late)
EXAMPLES = 5


@dataclass
class Watched:
    """One match under watch: its newest state, the states its renders read, its events."""

    game_id: str
    latest: int = -1
    state: Any = None
    seats: dict[int, int] = field(default_factory=dict)  # user id -> seat
    events: dict[int, list[Any]] = field(default_factory=dict)  # version -> its events
    viewed: dict[Recipient, deque[Any]] = field(default_factory=dict)
    # Versions at sends, per recipient (and the thread apart: it is posted in batches).
    recent: dict[Any, deque[int]] = field(default_factory=dict)
    seen: dict[Recipient, set[int]] = field(default_factory=dict)  # hashes of lines shown
    # The newest state's hidden names (shared by the table, thread and DMs of one flush), for
    # the recipients that are sent anything; 5 sets of ~100 names each would cost ~20 KB.
    memo: tuple[Any, dict[Recipient, frozenset[str]]] | None = None

    def hidden(self, state: Any, recipient: Recipient) -> frozenset[str]:
        if state is not self.state:
            return forbidden_names(self.game_id, state)[recipient]  # an older render: rare
        if self.memo is None or self.memo[0] is not state:
            every = forbidden_names(self.game_id, state)
            kept = {PUBLIC, *self.seats.values()}
            self.memo = (state, {r: names for r, names in every.items() if r in kept})
        return self.memo[1].get(recipient, frozenset())

    def fresh(self, recipient: Recipient, texts: list[str]) -> list[str]:
        """The lines this recipient is shown for the first time (``bot.screens.leaks.Ledger``,
        keeping a line's hash rather than the line: a long run keeps thousands per match)."""
        seen = self.seen.setdefault(recipient, set())
        out = []
        for text in texts:
            for line in text.splitlines():
                key = hash(line)
                if key not in seen:
                    seen.add(key)
                    out.append(line)
        return out

    def shown_since(self, start: int, recipient: Recipient) -> set[str]:
        out: set[str] = set()
        for version, events in self.events.items():
            if start < version <= self.latest:
                out |= shown_names(self.game_id, events, recipient)
        return out

    def prune(self) -> None:
        """Events older than every recipient's window are no longer needed."""
        if not self.recent:
            return
        floor = min(_window_start(r) for r in self.recent.values())
        for version in [v for v in self.events if v <= floor]:
            del self.events[version]


class LeakWatch:
    """Judges the messages of the watched tables' matches as they are sent."""

    def __init__(self, service: Any, backend: Any, tables: list[Any], sample: float, seed: int):
        self.service = service
        self.backend = backend
        chosen = random.Random(seed).sample(tables, round(len(tables) * min(1.0, sample)))
        self.tables = {t.channel.id: t for t in chosen}
        self.table_count = len(tables)
        self.by_user = {t.person.id: t for t in chosen}
        self.matches: dict[int, Watched] = {}
        self.watched_total = 0
        self.of_channel: dict[int, deque[int]] = {}
        self.message_match: dict[int, int] = {}  # a table or thread's starting message -> match
        self.thread_match: dict[int, int] = {}
        self.dm_user: dict[int, int] = {}
        self.tokens: dict[str, tuple[int, int, int | None, int | None]] = {}
        self.ephemeral: set[str] = set()
        # Times the check's own CPU apart from the bot's (``bench._budget.Budget.harness``).
        self.harness: Callable[[], AbstractContextManager[None]] = nullcontext
        self.checked: Counter[str] = Counter()
        self.lines = 0
        self.skipped = 0
        # Names hidden at the send, but open in the render or shown by an event: what an
        # end-of-run check would count as leaks.
        self.cleared: list[str] = []
        self.leaks: list[str] = []

    # the bot's side ---------------------------------------------------------------------------

    def attach(self) -> None:
        service = self.service
        view = service.view

        async def viewed(match_id: int, user_id: int | None) -> Any:
            answer = await view(match_id, user_id)
            with self.harness():
                self.viewed(match_id, user_id, service.live.get(match_id))
            return answer

        async def listener(update: Any) -> None:
            with self.harness():
                await self.on_update(update)  # it never awaits: timed whole

        service.view = viewed
        service.ledger.listeners.insert(0, listener)

    async def on_update(self, update: Any) -> None:
        match = update.match
        if match.channel_id not in self.tables or match.status == "lobby":
            return
        watched = self.matches.get(match.id)
        if watched is None:
            watched = self.matches[match.id] = Watched(match.game)
            self.watched_total += 1
            kept = self.of_channel.setdefault(match.channel_id, deque())
            kept.append(match.id)
            while len(kept) > MATCHES_KEPT:
                self.matches.pop(kept.popleft(), None)
            if match.message_id is not None:
                self.message_match[match.message_id] = match.id
        watched.seats = {s.user_id: s.seat for s in match.seats if s.user_id is not None}
        state = update.state  # the match as this update left it (a snapshot)
        if state is None:
            live = self.service.live.get(match.id)
            state = live.state if live is not None else watched.state
        watched.latest = max(watched.latest, match.version)
        watched.state = state
        watched.memo = None
        if update.events:
            watched.events[match.version] = list(update.events)

    def viewed(self, match_id: int, user_id: int | None, live: Any) -> None:
        watched = self.matches.get(match_id)
        if watched is None or live is None:
            return
        recipient = PUBLIC if user_id is None else watched.seats.get(user_id)
        if user_id is None or recipient is not None:
            kept = watched.viewed.setdefault(recipient, deque(maxlen=RENDERS_KEPT))
            kept.append(live.state)

    # Discord's side -------------------------------------------------------------------------

    def interaction(
        self, token: str, user_id: int, channel_id: int, guild_id: int | None, custom_id: str
    ) -> None:
        parsed = parse_custom_id(custom_id) if custom_id else None
        self.tokens[token] = (user_id, channel_id, guild_id, parsed.match_id if parsed else None)

    def observe(self, method: str, path: str, body: Any, answer: Any) -> None:
        if method not in ("POST", "PATCH") or not isinstance(body, dict):
            return
        parts = path.strip("/").split("/")
        if parts[0] == "channels" and parts[2:3] == ["messages"]:
            channel_id = int(parts[1])
            if parts[4:] == ["threads"]:
                if isinstance(answer, dict) and "id" in answer:
                    found = self.message_match.get(int(parts[3]))
                    if found is not None:
                        self.thread_match[int(answer["id"])] = found
                return
            if len(parts) <= 4:
                self._channel_message(channel_id, parts[3] if len(parts) == 4 else None, body)
        elif parts[0] == "interactions" and parts[-1] == "callback":
            kind = body.get("type")
            raw = body.get("data")
            data: dict[str, Any] = raw if isinstance(raw, dict) else {}
            if int(data.get("flags") or 0) & EPHEMERAL:
                self.ephemeral.add(parts[2])
            if kind in MESSAGE_CALLBACKS:
                self._answer(parts[2], data)
        elif parts[0] == "webhooks" and len(parts) >= 3:
            self._answer(parts[2], body)

    def _channel_message(
        self, channel_id: int, message_id: str | None, body: dict[str, Any]
    ) -> None:
        match_id = _match_in(body)
        recipient: Recipient = PUBLIC
        kind = "table"
        if channel_id in self.tables:
            if match_id is None:
                table = self.tables[channel_id]
                found = self.message_match.get(int(message_id)) if message_id else None
                match_id = found if found is not None else table.match_id
        elif channel_id in self.thread_match:
            match_id = self.thread_match[channel_id]
            kind = "thread"
        else:
            user = self._dm_user(channel_id)
            if user is None:
                self.skipped += 1
                return
            match_id = match_id if match_id is not None else self.by_user[user].match_id
            watched = self.matches.get(match_id) if match_id is not None else None
            recipient = watched.seats.get(user) if watched is not None else None
            kind = "dm"
        self._judge(match_id, recipient, body, kind, private=kind == "dm")

    def _answer(self, token: str, body: dict[str, Any]) -> None:
        known = self.tokens.get(token)
        if known is None:
            return
        user, channel_id, guild_id, clicked = known
        match_id = _match_in(body) or clicked
        watched = self.matches.get(match_id) if match_id is not None else None
        private = guild_id is None or token in self.ephemeral
        private = private or bool(int(body.get("flags") or 0) & EPHEMERAL)
        if not private and channel_id not in self.tables:
            self.skipped += 1
            return
        recipient = watched.seats.get(user) if private and watched is not None else PUBLIC
        kind = "private answer" if private else "public answer"
        self._judge(match_id, recipient, body, kind, private=private)

    def _dm_user(self, channel_id: int) -> int | None:
        if channel_id not in self.dm_user:
            self.dm_user = {c: u for u, c in self.backend.dm_channels.items()}
        user = self.dm_user.get(channel_id)
        return user if user in self.by_user else None

    # judging --------------------------------------------------------------------------------

    def _judge(
        self,
        match_id: int | None,
        recipient: Recipient,
        body: dict[str, Any],
        kind: str,
        *,
        private: bool,
    ) -> None:
        watched = self.matches.get(match_id) if match_id is not None else None
        if watched is None or watched.state is None or (private and recipient is None):
            self.skipped += 1  # a lobby, a match of an unwatched table, a DM to no seat
            return
        self.checked[kind] += 1
        fields = {k: body.get(k) or ([] if k != "content" else None) for k in _FIELDS}
        fresh = watched.fresh(recipient, message_texts(SimpleNamespace(**fields)))
        if not fresh:
            return
        self.lines += len(fresh)
        # The thread is posted in batches (bot.delivery.log_thread): its lines come from the
        # events since its own post before last, which the table's edits do not tell.
        stream: Any = (recipient, kind) if kind == "thread" else recipient
        recent = watched.recent.setdefault(stream, deque(maxlen=2))
        start = _window_start(recent)
        recent.append(watched.latest)
        text = "\n".join(fresh)
        # Cheapest test first: most fresh lines name no card hidden now, and then the states
        # the render read need no look (the newest state is shared by a flush's messages).
        candidates = {name for name in watched.hidden(watched.state, recipient) if name in text}
        hidden_now = set(candidates)
        for state in watched.viewed.get(recipient, ()):
            if candidates:
                candidates &= watched.hidden(state, recipient)
        if candidates:
            candidates -= watched.shown_since(start, recipient)
        for name in sorted(hidden_now - candidates):
            line = next((t for t in fresh if name in t), "")
            self.cleared.append(f"match {match_id} v{watched.latest}, {kind}: {line[:100]!r}")
        if candidates:
            found = find_leaks(fresh, candidates, all_card_names(watched.game_id))
            who = "the channel" if recipient is PUBLIC else f"seat {recipient}"
            for name in sorted(found):
                line = next((t for t in fresh if name in t), "")
                self.leaks.append(
                    f"match {match_id} ({watched.game_id}) v{watched.latest}, {kind} to {who}: "
                    f"{name} in {line[:120]!r}"
                )
        watched.prune()

    def figures(self) -> dict[str, Any]:
        return {
            "tables_watched": f"{len(self.tables)} of {self.table_count}",
            "matches_watched": self.watched_total,
            "messages_checked": sum(self.checked.values()),
            "by_kind": dict(self.checked),
            "fresh_lines_judged": self.lines,
            "messages_skipped_lobby_or_unwatched": self.skipped,
            "names_hidden_at_send_but_open_when_drawn_or_shown": len(self.cleared),
            "those_examples": self.cleared[:EXAMPLES],
            "leaks_found": len(self.leaks),
            "examples": self.leaks[:EXAMPLES],
        }


_FIELDS = ("content", "embeds", "components")


def _window_start(recent: deque[int]) -> int:
    """Events after this version may have shown a recipient a card: the newest version when its
    message before last was sent (a log line can be older than its last message's render)."""
    return recent[0] if len(recent) == recent.maxlen else -1


def _match_in(body: dict[str, Any]) -> int | None:
    """The match a message body's buttons and selects belong to, if it has any."""
    stack = list(body.get("components") or [])
    while stack:
        component = stack.pop()
        if not isinstance(component, dict):
            continue
        parsed = parse_custom_id(str(component.get("custom_id") or ""))
        if parsed is not None:
            return parsed.match_id
        stack += component.get("components") or []
    return None
