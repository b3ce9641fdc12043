"""A set of cards chosen in a several-value select, carried in a builder's key (issue 27.5:
"Buy a level…", "Mend…"): two base-36 digits a card in the order chosen, ``n`` for none, so
a key of a dozen cards still fits Discord's 100-character custom id; and the press read back:
a select's values are card ids (``drafts.pressed``), anything else is refused.

Also the small shared reading of the engine's moves these builders need: a move's cards as a
set, and the legal moves by that set."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from bot.games.quest.cards import card_name
from bot.games.quest.tableparts import and_
from bot.render.drafts import DRAFT_PREFIX
from bot.render.model import MAX_OPTIONS
from engine.core import Action
from engine.quest.moves import MOVES

_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
NONE = "n"
MOST_CARDS = len(_B36) ** 2  # card ids a key holds


def enc(cards: Iterable[int]) -> str:
    found = [c for c in cards if 0 <= c < MOST_CARDS]
    return "".join(_B36[c // 36] + _B36[c % 36] for c in found) or NONE


def dec(text: str) -> tuple[int, ...] | None:
    """The cards of ``enc``'s text; ``None`` for anything else (a repeat, a stray digit)."""
    if text == NONE:
        return ()
    if not text or len(text) % 2 or any(c not in _B36 for c in text):
        return None
    out = tuple(_B36.index(text[n]) * 36 + _B36.index(text[n + 1]) for n in range(0, len(text), 2))
    return out if len(set(out)) == len(out) else None


def draft_key(tag: str, cards: Sequence[int], *tail: str) -> str:
    """A builder's key: its tag, the cards chosen so far (``enc``) and its step words."""
    return ".".join((f"{DRAFT_PREFIX}{tag}", enc(cards), *tail))


def parse_draft(tag: str, text: str) -> tuple[tuple[int, ...], list[str]] | None:
    """``draft_key``'s cards and step words, or ``None`` for another builder's or a bad key."""
    if not text.startswith(f"{DRAFT_PREFIX}{tag}."):
        return None
    parts = text[len(DRAFT_PREFIX) :].split(".")
    cards = dec(parts[1]) if len(parts) >= 2 else None
    return (cards, parts[2:]) if cards is not None else None


def chosen(values: Sequence[str]) -> tuple[int, ...] | None:
    """The cards a select chose; ``None`` for anything that is not distinct card ids."""
    if not all(v.isdigit() and len(v) < 5 for v in values) or len(set(values)) != len(values):
        return None
    return tuple(int(v) for v in values)


def names(cards: Iterable[int]) -> str:
    """ "Pointy Hat, Lucky Ring and Torch"."""
    return and_([card_name(c) or "?" for c in cards])


def cards_of(action: Action, *fields: str) -> frozenset[int]:
    """The cards a move names, by its argument names (a many-card move's every one)."""
    move = MOVES[action.kind]
    out: list[int] = []
    for name in fields:
        out += [int(v) for v in move.every(action, name) if isinstance(v, int)]
    return frozenset(out)


def by_cards(actions: Sequence[Action], kind: str, *fields: str) -> dict[frozenset[int], Action]:
    """The legal moves of ``kind`` by the set of cards each names, in the engine's order."""
    return {cards_of(a, *fields): a for a in actions if a.kind == kind}


class Press(NamedTuple):
    """One tap on a drawn builder (the bench and the tests): a button (``values`` None) or a
    select's values."""

    custom_id: str
    values: tuple[str, ...] | None = None
    plays: bool = False


Drawn = Sequence[tuple[str, tuple[str, ...], bool]]  # custom id, option values, enabled


# more cards than one select lists -----------------------------------------------------------

IN_HAND, IN_PLAY = "hand", "play"
MOST_SELECTS = 4  # a message's five rows: the selects and the builder's buttons


def groups(hand: Sequence[int], cards: Sequence[int]) -> list[tuple[str | None, tuple[int, ...]]]:
    """The selects ``cards`` are offered in: one while they fit (``None``: no place named),
    else those in the hand and those in play apart, 25 to a select."""
    if len(cards) <= MAX_OPTIONS:
        return [(None, tuple(cards))]
    held = set(hand)
    out: list[tuple[str | None, tuple[int, ...]]] = []
    for where, part in (
        (IN_HAND, [c for c in cards if c in held]),
        (IN_PLAY, [c for c in cards if c not in held]),
    ):
        out += [(where, tuple(part[n : n + MAX_OPTIONS])) for n in range(0, len(part), MAX_OPTIONS)]
    return out


def part(tail: Sequence[str], letter: str) -> int | None:
    """The select a press came from: ``<letter><n>`` the ``n``-th group's."""
    if len(tail) != 1 or not tail[0].startswith(letter) or not tail[0][len(letter) :].isdigit():
        return None
    return int(tail[0][len(letter) :])


def replaced(chosen: Sequence[int], group: Sequence[int], values: Sequence[int]) -> tuple[int, ...]:
    """The choice after a press on one group's select: its cards as pressed, the others'
    kept."""
    mine = set(group)
    return (*(c for c in chosen if c not in mine), *values)
