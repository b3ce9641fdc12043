"""Deck codes: a short, copy-pasteable string that round-trips a deck exactly, and the plain
``3x Card Name`` list format. Parsing never raises anything but ``DeckCodeError``, whose
``problems`` are codes with details for the wording layer."""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

PREFIX = "bs1-"
# A real deck is a few hundred bytes; refuse anything that inflates past this (zip bombs).
MAX_PAYLOAD = 4096
MAX_CODE = 2000
_SLUG = re.compile(r"^[a-z0-9][a-z0-9_]{0,47}$")
_LINE = re.compile(r"^\s*(\d{1,2})\s*[xX×]?\s+(.+?)\s*$")


class DeckCodeError(ValueError):
    def __init__(self, problems: list[tuple[str, str]]) -> None:
        super().__init__("; ".join(f"{code}: {detail}" for code, detail in problems))
        self.problems = problems


@dataclass(frozen=True)
class DeckList:
    hero: str | None
    cards: Mapping[str, int] = field(default_factory=dict)

    def canonical(self) -> str:
        body = ",".join(f"{card}*{n}" for card, n in sorted(self.cards.items()) if n > 0)
        return f"{self.hero or ''}|{body}"


def encode(deck: DeckList) -> str:
    raw = zlib.compress(deck.canonical().encode("ascii"), 9)
    return PREFIX + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode(code: str) -> DeckList:
    text = code.strip()
    if not text.startswith(PREFIX) or len(text) > MAX_CODE:
        raise DeckCodeError([("not_a_code", text[:20])])
    body = text[len(PREFIX) :]
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        payload = inflater.decompress(raw, MAX_PAYLOAD)
        if inflater.unconsumed_tail or not inflater.eof:
            raise DeckCodeError([("damaged_code", "")])
        decoded = payload.decode("ascii")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as exc:
        if isinstance(exc, DeckCodeError):
            raise
        raise DeckCodeError([("damaged_code", "")]) from exc
    return _parse_canonical(decoded)


def _parse_canonical(text: str) -> DeckList:
    hero, sep, body = text.partition("|")
    if not sep or (hero and not _SLUG.match(hero)):
        raise DeckCodeError([("damaged_code", "")])
    cards: dict[str, int] = {}
    for part in filter(None, body.split(",")):
        card, star, count = part.partition("*")
        if not star or not _SLUG.match(card) or not count.isdigit() or card in cards:
            raise DeckCodeError([("damaged_code", part[:40])])
        if not 1 <= int(count) <= 99:
            raise DeckCodeError([("damaged_code", part[:40])])
        cards[card] = int(count)
    return DeckList(hero or None, cards)


def parse_list(text: str, resolve: Callable[[str], str | None]) -> DeckList:
    """Read ``3x Card Name`` lines (``x`` optional, blank lines and ``#`` comments skipped).
    ``resolve`` maps a card name (any case) to its id, or ``None`` when no card has that name.
    A line ``Hero: Name`` picks the hero. Every bad line is reported, not just the first."""
    hero: str | None = None
    cards: dict[str, int] = {}
    problems: list[tuple[str, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.lower().startswith("hero:"):
            name = stripped[5:].strip()
            hero = resolve(name)
            if hero is None:
                problems.append(("unknown_card", f"{number}: {name}"))
            continue
        match = _LINE.match(stripped)
        if not match:
            problems.append(("bad_line", f"{number}: {stripped[:60]}"))
            continue
        count, name = int(match.group(1)), match.group(2)
        card = resolve(name)
        if card is None:
            problems.append(("unknown_card", f"{number}: {name[:60]}"))
        elif count < 1:
            problems.append(("bad_count", f"{number}: {count}"))
        else:
            cards[card] = cards.get(card, 0) + count
    if problems:
        raise DeckCodeError(problems)
    return DeckList(hero, cards)


def to_list(deck: DeckList, name_of: Callable[[str], str]) -> str:
    """The plain list form, which ``parse_list`` reads back to the same deck."""
    lines = [f"Hero: {name_of(deck.hero)}"] if deck.hero else []
    lines += [f"{n}x {name_of(card)}" for card, n in sorted(deck.cards.items())]
    return "\n".join(lines)
