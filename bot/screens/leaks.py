"""The leak checker: which card names a recipient may not read, and a scan of a message for them.

A recipient is the public channel (``PUBLIC``) or one seat's private messages (its seat
number). A name is forbidden to a recipient when a card of that name sits where the recipient
cannot look (a deck, another seat's hand, face down) AND no card of the same name lies where
it can: with two copies, one in a hand and one on the table, naming it reveals nothing.
The rules of what is hidden are each game's (its plugin's ``hidden`` oracle); they read the full
state on purpose: they check what the renderers drew from the views.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import discord

from bot import plugins
from bot.plugins import LeakOracle, Recipient
from engine.core import Event, Game
from engine.games import load_game

PUBLIC: None = None


def forbidden_names(
    game_id: str, state: Any, events: Iterable[Event] = ()
) -> dict[Recipient, frozenset[str]]:
    """For the public channel and each seat: card names it must never read right now.
    ``events`` are the ones that led here: a card they show the recipient (a face-down card
    revealed, then caught cheating and stashed face down again) was seen, so it may be named."""
    oracle = _oracle(game_id)
    game = load_game(game_id)
    events = list(events)
    names, hidden = oracle.hidden_cards(game, state)
    every = set(range(len(names)))
    out: dict[Recipient, frozenset[str]] = {}
    for recipient, unseen in hidden.items():
        seen_names = {names[i] for i in every - unseen} | _shown(oracle, game, events, recipient)
        out[recipient] = frozenset({names[i] for i in unseen} - seen_names)
    return out


def shown_names(game_id: str, events: Iterable[Event], recipient: Recipient) -> set[str]:
    """The names of the cards ``events`` showed ``recipient`` (their redacted form)."""
    return _shown(_oracle(game_id), load_game(game_id), events, recipient)


def _shown(
    oracle: LeakOracle, game: Game[Any, Any], events: Iterable[Event], recipient: Recipient
) -> set[str]:
    return {name for event in events for name in oracle.shown_names(game, event, recipient)}


def _oracle(game_id: str) -> LeakOracle:
    found = plugins.find(game_id)
    if found is None or found.hidden is None:
        raise ValueError(f"no leak rules for game {game_id!r}")
    return found.hidden


def message_texts(message: Any) -> list[str]:
    """Everything a person can read in a message: content, embeds (title, description,
    fields, footer, author), a layout's text displays, buttons' labels and selects'
    placeholders and options."""
    parts: list[str] = [getattr(message, "content", None) or ""]
    for embed in getattr(message, "embeds", None) or []:
        data = embed.to_dict() if isinstance(embed, discord.Embed) else dict(embed)
        parts += [str(data.get("title") or ""), str(data.get("description") or "")]
        for field in data.get("fields") or []:
            parts += [str(field.get("name") or ""), str(field.get("value") or "")]
        parts.append(str((data.get("footer") or {}).get("text") or ""))
        parts.append(str((data.get("author") or {}).get("name") or ""))
    for row in getattr(message, "components", None) or []:
        parts += _component_texts(row if isinstance(row, Mapping) else row.to_dict())
    # A ``Rendered`` before it is sent: its layout's text, its button and select specs.
    for block in getattr(message, "blocks", ()):
        parts.append(getattr(block, "text", "") or "")
        beside = getattr(block, "button", None)
        parts.append(beside.label if beside is not None else "")
    parts += [picture.description or "" for picture in getattr(message, "pictures", ())]
    parts += [button.label for button in getattr(message, "buttons", ())]
    for select in getattr(message, "selects", ()):
        parts.append(select.placeholder)
        for option in select.options:
            parts += [option.label, option.description or ""]
    return [p for p in parts if p]


def _component_texts(component: Mapping[str, Any]) -> list[str]:
    out = [str(component.get(key) or "") for key in ("label", "placeholder", "content")]
    for option in component.get("options") or []:
        out += [str(option.get("label") or ""), str(option.get("description") or "")]
    for child in component.get("components") or []:
        out += _component_texts(child)
    for item in component.get("items") or []:  # a media gallery's alternative texts
        out.append(str(item.get("description") or ""))
    if isinstance(component.get("accessory"), Mapping):  # a V2 section's button
        out += _component_texts(component["accessory"])
    return out


def find_leaks(
    texts: Iterable[str], forbidden: Iterable[str], allowed: Sequence[str] = ()
) -> set[str]:
    """The forbidden names found in ``texts``. A forbidden name inside a longer allowed name
    ("Duck" in "Duck of Doom") is not a leak, so allowed names are blanked out first."""
    names = sorted(set(forbidden), key=len, reverse=True)
    if not names:
        return set()
    text = "\n".join(texts)
    covering = {a for a in set(allowed) - set(names) if any(n in a for n in names)}
    for name in sorted(covering, key=len, reverse=True):
        text = text.replace(name, " ")
    return {name for name in names if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text)}


def all_card_names(game_id: str) -> list[str]:
    """Every card name of a game (the allowed list for ``find_leaks``)."""
    found = plugins.find(game_id)
    if found is None or found.hidden is None:
        return []
    return sorted(set(found.hidden.card_names(load_game(game_id))))


class Ledger:
    """The lines a recipient has already been shown. A leak is information given out, so each
    line is checked the first time it appears: the running log repeating "the face-down card
    is X" after X went back face down tells nobody anything new."""

    def __init__(self) -> None:
        self._seen: dict[Recipient, set[str]] = {}

    def fresh(self, recipient: Recipient, texts: Iterable[str]) -> list[str]:
        seen = self._seen.setdefault(recipient, set())
        out = []
        for text in texts:
            for line in text.splitlines():
                if line not in seen:
                    seen.add(line)
                    out.append(line)
        return out
