"""The leak checker: which card names a recipient may not read, and a scan of a message for them.

A recipient is the public channel (``PUBLIC``) or one seat's private messages (its seat
number). A name is forbidden to a recipient when a card of that name sits where the recipient
cannot look (a deck, another seat's hand, face down) AND no card of the same name lies where
it can: with two copies, one in a hand and one on the table, naming it reveals nothing.
This reads the full state on purpose: it checks what the renderers drew from the views.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import discord

from engine.classic.game import Classic
from engine.classic.state import ClassicState
from engine.core import Event
from engine.duel.game import Duel
from engine.duel.state import DuelState
from engine.games import load_game

PUBLIC: None = None
Recipient = int | None


def forbidden_names(
    game_id: str, state: Any, events: Iterable[Event] = ()
) -> dict[Recipient, frozenset[str]]:
    """For the public channel and each seat: card names it must never read right now.
    ``events`` are the ones that led here: a card they show the recipient (a face-down card
    revealed, then caught cheating and stashed face down again) was seen, so it may be named."""
    game = load_game(game_id)
    if isinstance(game, Classic) and isinstance(state, ClassicState):
        names, hidden = _classic(game, state)
    elif isinstance(game, Duel) and isinstance(state, DuelState):
        names, hidden = _duel(game, state)
    else:
        raise ValueError(f"no leak rules for game {game_id!r}")
    every = set(range(len(names)))
    out: dict[Recipient, frozenset[str]] = {}
    for recipient in (PUBLIC, *range(_seats(state))):
        unseen = hidden[recipient]
        seen_names = {names[i] for i in every - unseen}
        seen_names |= _shown(game, events, recipient)
        out[recipient] = frozenset({names[i] for i in unseen} - seen_names)
    return out


# Event fields that hold a classic card instance id.
_CLASSIC_CARD_FIELDS = ("card", "monster", "on", "what", "hireling")


def _shown(game: Any, events: Iterable[Event], recipient: Recipient) -> set[str]:
    """The names of the cards the events showed ``recipient`` (their redacted form)."""
    out: set[str] = set()
    for event in events:
        data = event.for_viewer(recipient)
        if isinstance(game, Duel):
            card = game.by_id.get(str(data.get("id")))
            if card is not None:
                out.add(card.name)
            continue
        defs = game.table.defs
        refs = [data.get(k) for k in _CLASSIC_CARD_FIELDS] + list(data.get("cards") or [])
        if event.kind == "enhanced":
            refs = [data.get("card")]  # its "monster" is a position in the fight
        for ref in refs:
            if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref < len(defs):
                out.add(defs[ref].name)
    return out


def _seats(state: Any) -> int:
    return int(state.seats) if isinstance(state, ClassicState) else 2


def _classic(game: Classic, s: ClassicState) -> tuple[list[str], dict[Recipient, set[int]]]:
    """# 004: Card Management: decks are face down, hands are their owner's alone."""
    names = [card.name for card in game.table.defs]
    decks = set(s.door) | set(s.treasure)
    hidden: dict[Recipient, set[int]] = {PUBLIC: decks | {c for h in s.hands for c in h}}
    for seat in range(s.seats):
        others = {c for p, h in enumerate(s.hands) if p != seat for c in h}
        hidden[seat] = decks | others
    return names, hidden


def _duel(game: Duel, s: DuelState) -> tuple[list[str], dict[Recipient, set[int]]]:
    """# 000 II.A.10: decks and face-down cards are hidden from both players, hands from the
    opponent, and the fight's face-down card from all but its attacker until revealed."""
    names = [game.defs[index].name for index in s.card_of]
    face_down = {i for p in (0, 1) for i in s.stash[p] if i not in s.face_up}
    always = {i for p in (0, 1) for i in s.deck[p]} | face_down
    f = s.fight
    secret_attack = {f.card} if f is not None and f.card >= 0 and not f.revealed else set()
    # Whatever is on the stack is face up, a flaunted card from a hand included (# 000 IV Flaunt).
    shown = {entry[1] for entry in s.stack}
    hands = [set(s.hand[0]) - shown, set(s.hand[1]) - shown]
    hidden: dict[Recipient, set[int]] = {PUBLIC: always | hands[0] | hands[1] | secret_attack}
    for seat in (0, 1):
        mine = set() if f is None or f.attacker != seat else secret_attack
        hidden[seat] = always | hands[1 - seat] | (secret_attack - mine)
    return names, hidden


def message_texts(message: Any) -> list[str]:
    """Everything a person can read in a message: content, embeds (title, description,
    fields, footer, author), buttons' labels and selects' placeholders and options."""
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
    # A ``Rendered`` before it is sent: its button and select specs.
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
    game = load_game(game_id)
    if isinstance(game, Classic):
        return sorted({c.name for c in game.cards})
    if isinstance(game, Duel):
        return sorted({c.name for c in game.defs})
    return []


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
