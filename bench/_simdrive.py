"""Many simulated people clicking at once in SimCord, and a probe timing the bot's answers.

SimCord's actors run one operation at a time and wait for the whole bot to go idle after each,
which would queue the players behind one another. The load bench needs hundreds of people
clicking at the same moment, so ``Driver`` sends interactions the way an actor does (SimCord's
own payload builders and gateway, so discord.py parses real payloads) without that wait, and
``Probe`` times what the bot sends back at SimCord's HTTP router. Both use SimCord internals
(``simcord.interactions``, ``simcord.http.router``): a benchmark helper, never used by the bot.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import defaultdict, deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from time import perf_counter
from typing import Any

import simcord
from simcord import interactions as sim_interactions
from simcord._dpy_internals import real_monotonic
from simcord.backend import serializers
from simcord.components import walk_components
from simcord.http import router as sim_router

from bench._budget import Budget
from bot.render.ids import ButtonId, parse_custom_id

APPLICATION_COMMAND, MESSAGE_COMPONENT, BUTTON = 2, 3, 2
# Interaction callback types that are already the visible answer (not a "thinking" defer).
ANSWERING_CALLBACKS = frozenset({4, 7, 9})
RESULT_WAIT = 10.0  # seconds a click waits for its visible answer before it counts as missing


@dataclass
class Pending:
    """One interaction in flight: when it was sent, first answered and visibly answered."""

    sent: float
    kind: str
    first: float | None = None
    result: float | None = None
    acknowledged: asyncio.Event = field(default_factory=asyncio.Event)
    done: asyncio.Event = field(default_factory=asyncio.Event)
    message_id: int | None = None


class Probe:
    """Wraps SimCord's HTTP router: times interaction answers and counts message edits and
    sends per channel. SimCord's own request log is capped so a long run does not grow it."""

    def __init__(self, backend: Any) -> None:
        self.backend = backend
        self.pending: dict[str, Pending] = {}
        self.finished: list[Pending] = []
        self.edits: defaultdict[int, list[float]] = defaultdict(list)
        self.sends: defaultdict[int, list[float]] = defaultdict(list)
        self._original = sim_router.dispatch
        self.watch: Any = None  # a ``LeakWatch`` that sees every request and its answer
        self.budget = Budget()  # the requests counted, and SimCord's CPU timed apart
        self.budget.kind = self._channel_kind
        backend.http_requests = deque(maxlen=50)
        backend.transcript = deque(maxlen=50)

    def __enter__(self) -> Probe:
        sim_router.dispatch = self._dispatch
        return self

    def __exit__(self, *_: object) -> None:
        sim_router.dispatch = self._original

    def _dispatch(self, backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        self.budget.request(method, path, kwargs.get("files"))
        with self.budget.harness():  # SimCord answering, the probe and the leak check
            answer = self._original(backend, method, path, **kwargs)
            self._observe(method, path, kwargs.get("json"), perf_counter())
            if self.watch is not None:
                self.watch.observe(method, path, kwargs.get("json"), answer)
        return answer

    def _channel_kind(self, channel_id: int) -> str | None:
        channel = self.backend.channels.get(channel_id)
        kind = getattr(channel, "type", None)
        return {1: "dm", 11: "thread", 12: "thread"}.get(int(kind) if kind is not None else -1)

    def _observe(self, method: str, path: str, body: Any, now: float) -> None:
        parts = path.strip("/").split("/")
        if parts[0] == "interactions" and parts[-1] == "callback":
            pending = self.pending.get(parts[2])
            if pending is not None and pending.first is None:
                pending.first = now
                pending.acknowledged.set()
                callback = body.get("type") if isinstance(body, dict) else None
                if callback in ANSWERING_CALLBACKS:
                    self._answered(parts[2], pending, now)
        elif parts[0] == "webhooks" and len(parts) >= 3 and method != "GET":
            pending = self.pending.get(parts[2])
            if pending is not None:
                self._answered(parts[2], pending, now)
        elif parts[0] == "channels" and len(parts) == 4 and parts[2] == "messages":
            if method == "PATCH":
                self.edits[int(parts[1])].append(now)
        elif parts[0] == "channels" and parts[2:] == ["messages"] and method == "POST":
            self.sends[int(parts[1])].append(now)

    def _answered(self, token: str, pending: Pending, now: float) -> None:
        pending.result = now
        pending.done.set()
        del self.pending[token]
        self.finished.append(pending)

    def track(self, token: str, kind: str, sent: float) -> Pending:
        pending = Pending(sent, kind)
        self.pending[token] = pending
        return pending

    def expire(self, token: str) -> None:
        """A click whose visible answer never came (a deferred Start is answered by the table
        redraw, not on the interaction): keep its first answer, drop the wait."""
        pending = self.pending.pop(token, None)
        if pending is not None:
            self.finished.append(pending)


class Driver:
    """Sends slash commands and button clicks for any member at any time."""

    def __init__(self, env: simcord.Env, probe: Probe) -> None:
        self.env = env
        self.backend = env.backend
        self.probe = probe

    async def slash(
        self, actor: simcord.MemberActor, channel: simcord.ChannelHandle, name: str, **options: Any
    ) -> Pending:
        parts = name.split()
        with self.probe.budget.harness():
            root = self.backend.find_command(parts[0], actor.guild.id, type=1)
            assert root is not None, f"the bot registered no /{parts[0]}"
            leaf, nesting = sim_interactions.walk_to_subcommand(root, parts[1:])
            leaf_options, _ = sim_interactions.build_options(
                actor, name, leaf, options, channel_id=channel.id
            )
            data = {
                "id": root["id"],
                "name": root["name"],
                "type": 1,
                "options": sim_interactions.nest_options(root, nesting, leaf_options),
            }
        return await self._send(actor.id, channel.id, actor.guild.id, APPLICATION_COMMAND, data)

    async def click(
        self,
        user_id: int,
        message: Any,
        custom_id: str,
        guild_id: int | None,
        *,
        answered_on_message: bool = True,
    ) -> Pending:
        """``answered_on_message=False``: the bot acknowledges this click and answers on the
        table (Start), so only the acknowledgement is awaited."""
        data = {"custom_id": custom_id, "component_type": BUTTON}
        with self.probe.budget.harness():
            extra = {"message": dict(serializers.message_payload(self.backend, message))}
        return await self._send(
            user_id,
            message.channel_id,
            guild_id,
            MESSAGE_COMPONENT,
            data,
            extra,
            message.id,
            answered_on_message=answered_on_message,
        )

    async def _send(
        self,
        user_id: int,
        channel_id: int,
        guild_id: int | None,
        kind: int,
        data: dict[str, Any],
        extra: dict[str, Any] | None = None,
        source_message_id: int | None = None,
        *,
        answered_on_message: bool = True,
    ) -> Pending:
        with self.probe.budget.harness():
            record, payload = sim_interactions.base_payload(
                self.backend,
                type=kind,
                channel_id=channel_id,
                guild_id=guild_id,
                user_id=user_id,
                data=data,
            )
            if extra:
                payload.update(extra)
            record.source_message_id = source_message_id
            label = "slash" if kind == APPLICATION_COMMAND else str(data["custom_id"])
            label = label.split(":")[-1]
            pending = self.probe.track(record.token, label, perf_counter())
            if self.probe.watch is not None:
                custom_id = str(data.get("custom_id") or "")
                self.probe.watch.interaction(record.token, user_id, channel_id, guild_id, custom_id)
        # The bot's from here: discord.py parses the payload (on Discord: decoding its JSON).
        self.backend.emit("INTERACTION_CREATE", payload)
        waited = pending.done if answered_on_message else pending.acknowledged
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(waited.wait(), RESULT_WAIT)
        if not pending.done.is_set():
            self.probe.expire(record.token)
        pending.message_id = record.message_id
        return pending

    def message(self, channel_id: int, message_id: int) -> Any:
        return self.backend.get_message(channel_id, message_id)

    def latest_messages(self, channel_id: int, count: int = 6) -> Iterator[Any]:
        """The newest messages of a channel, newest first."""
        messages = self.backend.messages.get(channel_id, {})
        for index, message in enumerate(reversed(messages.values())):
            if index >= count:
                return
            yield message

    def dm_channel(self, user_id: int) -> int | None:
        return self.backend.dm_channels.get(user_id)


def plain_loop(env: simcord.Env) -> None:
    """Give the event loop back its own scheduling. SimCord wraps the loop to track the bot's
    work and run its timers on a simulated clock that moves when the bot goes idle; a bot
    under steady load never goes idle, and that tracking then costs more than the bot. After
    this, the bot's timers (turn timers, edit pacing) wait in real time, as on Discord; SimCord
    still plays Discord's HTTP API and gateway. ``Env.shutdown`` restores the rest."""
    runtime = env._runtime
    loop = env._loop
    assert runtime is not None and loop is not None
    for name in ("create_task", "call_soon", "call_later", "call_at", "call_soon_threadsafe"):
        setattr(loop, name, getattr(runtime, name))
    loop.run_in_executor = runtime.run_in_executor  # type: ignore[method-assign]
    # SimCord answers time.monotonic() with its simulated clock inside the bot's work; the
    # loop must schedule and run timers on one clock, the real one.
    loop.time = real_monotonic  # type: ignore[method-assign]


def button_ids(message: Any) -> list[ButtonId]:
    """The Backstab buttons on a stored message, enabled ones only."""
    found = []
    for child in walk_components(message.components):  # nested: a V2 layout's rows
        if child.get("type") != BUTTON or child.get("disabled"):
            continue
        parsed = parse_custom_id(child.get("custom_id", ""))
        if parsed is not None:
            found.append(parsed)
    return found
