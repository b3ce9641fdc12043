"""Deck rules for prime play (# 000 I.B.2.a) and the preconstructed decks in data/duel/decks.

``validate_deck`` never stops at the first problem: it returns every violation, each a reason
code with the details a renderer needs to word it for a player.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.errors import CardDataError
from engine.duel.cards import DuelCard

DECK_SIZE = 40
MAX_COPIES = 3


@dataclass(frozen=True, slots=True)
class Deck:
    """A Hero and a count per card id."""

    hero: str
    cards: Mapping[str, int]
    name: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"hero": self.hero, "cards": dict(self.cards), "name": self.name}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Deck:
        cards = data.get("cards", {})
        if not isinstance(cards, Mapping):
            raise ValueError("deck cards must be a table of id = count")
        return cls(
            str(data["hero"]), {str(k): int(v) for k, v in cards.items()}, str(data.get("name", ""))
        )

    def card_list(self) -> list[str]:
        return [cid for cid in sorted(self.cards) for _ in range(self.cards[cid])]


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken deck rule: a stable code plus machine-readable detail."""

    code: str
    detail: Mapping[str, Any] = field(default_factory=dict)

    def words(self) -> str:
        """A plain-language line for players (the bot may reword it)."""
        d = self.detail
        shown = d.get("card_name") or d.get("card")
        allowed = " and ".join(str(k).title() for k in d.get("allowed", ()))
        texts = {
            "duel.deck.unknown_hero": f"There is no Hero called {d.get('hero')!r}.",
            "duel.deck.not_a_hero": f"{d.get('hero_name') or d.get('hero')!r} is not a Hero.",
            "duel.deck.too_few": f"The deck has {d.get('count')} cards; it needs exactly 40.",
            "duel.deck.too_many": f"The deck has {d.get('count')} cards; it needs exactly 40.",
            "duel.deck.unknown_card": f"There is no card called {d.get('card')!r}.",
            "duel.deck.bad_count": f"{shown!r} has a count below 1.",
            "duel.deck.too_many_copies": (
                f"{d.get('count')} cards are named {d.get('name')!r}; at most 3 are allowed."
            ),
            "duel.deck.hero_in_deck": (
                f"{shown!r} is a Hero: Heroes stand beside the deck, never in it."
            ),
            "duel.deck.wrong_class": (
                f"{shown!r} is a {str(d.get('card_class')).title()} card; this Hero allows "
                f"only {allowed} cards."
            ),
            "duel.deck.many_classes": (
                "A Neutral or Wanderer Hero may add cards of only one class; this deck mixes "
                f"{' and '.join(str(k).title() for k in d.get('classes', ()))}."
            ),
        }
        return texts.get(self.code, self.code)


def validate_deck(deck: Deck, cards: Mapping[str, DuelCard]) -> list[Violation]:
    """Every way ``deck`` breaks the prime rules (# 000 I.B.2.a); empty when it is legal."""
    found: list[Violation] = []
    hero = cards.get(deck.hero)
    if hero is None:
        found.append(Violation("duel.deck.unknown_hero", {"hero": deck.hero}))
    elif hero.type != "hero":
        found.append(Violation("duel.deck.not_a_hero", {"hero": deck.hero, "hero_name": hero.name}))
    # Hero cards are never part of the 40 (# 000 I.B.2.a): one in the list is its own problem.
    total = sum(
        max(0, n)
        for cid, n in deck.cards.items()
        if cards.get(cid) is None or cards[cid].type != "hero"
    )
    if total < DECK_SIZE:
        found.append(Violation("duel.deck.too_few", {"count": total}))
    elif total > DECK_SIZE:
        found.append(Violation("duel.deck.too_many", {"count": total}))
    by_name: dict[str, int] = {}
    classes: set[str] = set()
    hero_class = hero.klass if hero is not None and hero.type == "hero" else None
    # A Wanderer Hero follows the Neutral rule: Neutral cards plus one class (# 000 I.F).
    free_hero = hero_class in ("neutral", "wanderer")
    for card_id in sorted(deck.cards):
        count = deck.cards[card_id]
        card = cards.get(card_id)
        if card is None:
            found.append(Violation("duel.deck.unknown_card", {"card": card_id}))
            continue
        if count < 1:
            found.append(
                Violation("duel.deck.bad_count", {"card": card_id, "card_name": card.name})
            )
            continue
        by_name[card.name] = by_name.get(card.name, 0) + count
        if card.type == "hero":
            found.append(
                Violation("duel.deck.hero_in_deck", {"card": card_id, "card_name": card.name})
            )
            continue
        if card.klass == "neutral":
            continue
        classes.add(card.klass)
        if hero_class is not None and not free_hero and card.klass != hero_class:
            found.append(
                Violation(
                    "duel.deck.wrong_class",
                    {
                        "card": card_id,
                        "card_name": card.name,
                        "card_class": card.klass,
                        "allowed": ("neutral", hero_class),
                    },
                )
            )
    for name in sorted(by_name):
        if by_name[name] > MAX_COPIES:
            found.append(
                Violation("duel.deck.too_many_copies", {"name": name, "count": by_name[name]})
            )
    if free_hero and len(classes) > 1:
        found.append(Violation("duel.deck.many_classes", {"classes": tuple(sorted(classes))}))
    return found


def load_decks(folder: Path) -> dict[str, Deck]:
    """Every ``decks/*.toml`` by file stem (``warrior``, ``thief``)."""
    decks: dict[str, Deck] = {}
    for path in sorted(folder.glob("*.toml")):
        try:
            raw = tomllib.loads(path.read_text(encoding="utf-8"))
            decks[path.stem] = Deck.from_json(raw)
        except (OSError, tomllib.TOMLDecodeError, KeyError, ValueError, TypeError) as exc:
            raise CardDataError(path.as_posix(), None, None, f"bad deck file ({exc})") from exc
    return decks
