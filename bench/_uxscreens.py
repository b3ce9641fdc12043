"""What a person sees of a match in SimCord's stored messages, for ``bench/ux.py``: the
controls on a message, which messages are a player's hands, and the screen figures taken from
them (live hands, stale controls, label lengths, options in one choice).

Reads SimCord's backend records (``backend.messages``: raw component dicts, ephemeral answers
included with their flags), never the bot's own state: the figures are what a client would
show. Components are walked recursively, so Components V2 layouts (containers, sections with
an accessory) count the same as action rows.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from bot.render.ids import parse_custom_id

BUTTON, STRING_SELECT = 2, 3
EPHEMERAL = 1 << 6


@dataclass(frozen=True)
class Control:
    """One button or select on a message."""

    custom_id: str
    kind: int
    enabled: bool
    labels: tuple[str, ...]  # a button's label; a select's option labels


def controls(message: Any) -> list[Control]:
    """Every button and select on a stored message, in reading order."""
    return [_control(c) for c in walk(message.components) if c.get("type") in _KINDS]


_KINDS = (BUTTON, STRING_SELECT)


def raw_components(message: Any) -> list[dict[str, Any]]:
    """Every component of a stored message as a raw dict, nested ones included."""
    return list(walk(message.components))


def walk(components: list[Any]) -> Iterator[dict[str, Any]]:
    for raw in components:
        # SimCord stores dicts; discord.py's messages hold component objects.
        component = raw if isinstance(raw, dict) else raw.to_dict()
        yield component
        yield from walk(component.get("components") or [])
        accessory = component.get("accessory")
        if accessory:
            yield from walk([accessory])


def _control(raw: dict[str, Any]) -> Control:
    if raw.get("type") == BUTTON:
        labels: tuple[str, ...] = (raw.get("label") or "",)
    else:
        labels = tuple(o.get("label") or "" for o in raw.get("options") or [])
    return Control(raw.get("custom_id") or "", raw["type"], not raw.get("disabled"), labels)


def match_of(control: Control) -> int | None:
    parsed = parse_custom_id(control.custom_id)
    return parsed.match_id if parsed is not None else None


def options_in(message: Any) -> int:
    """The alternatives one message offers at once: enabled buttons plus every option of its
    enabled selects."""
    return sum(1 if c.kind == BUTTON else len(c.labels) for c in controls(message) if c.enabled)


def longest_label(message: Any) -> int:
    return max((len(label) for c in controls(message) for label in c.labels), default=0)


def hand_messages(
    backend: Any, bot_id: int, player_id: int, channel_id: int, match_id: int
) -> list[Any]:
    """A player's hand messages of one match, oldest first: the bot's messages that only this
    player sees (their DM, or an ephemeral answer to them in the game channel) and that carry
    a control of this match."""
    found = []
    dm = backend.dm_channels.get(player_id)
    sources = [backend.messages.get(channel_id, {})]
    if dm is not None:
        sources.append(backend.messages.get(dm, {}))
    for messages in sources:
        for message in messages.values():
            if message.author_id != bot_id or not _private_to(message, player_id, dm):
                continue
            if any(match_of(c) == match_id for c in controls(message)):
                found.append(message)
    return sorted(found, key=lambda m: m.id)


def _private_to(message: Any, player_id: int, dm: int | None) -> bool:
    if message.channel_id == dm:
        return True
    return bool(message.flags & EPHEMERAL) and message.visible_to(player_id)


def live_controls(message: Any, match_id: int) -> int:
    return sum(1 for c in controls(message) if c.enabled and match_of(c) == match_id)


@dataclass
class ScreenFigures:
    """The screen figures of one run, updated by ``sample`` after every decision."""

    live_hands_max: int = 0
    stale_controls_max: int = 0
    max_label_chars: int = 0
    max_options: int = 0

    def sample(
        self, backend: Any, bot_id: int, players: list[int], channel_id: int, match_id: int
    ) -> None:
        stale = 0
        for player in players:
            hands = hand_messages(backend, bot_id, player, channel_id, match_id)
            live = [m for m in hands if live_controls(m, match_id)]
            self.live_hands_max = max(self.live_hands_max, len(live))
            stale += sum(live_controls(m, match_id) for m in hands[:-1])
        self.stale_controls_max = max(self.stale_controls_max, stale)
        for messages in backend.messages.values():
            for message in messages.values():
                if message.author_id == bot_id:
                    self.max_label_chars = max(self.max_label_chars, longest_label(message))
                    self.max_options = max(self.max_options, options_in(message))
