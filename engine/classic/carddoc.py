"""The classic card list as Markdown, generated from the data:
``python -m engine.classic.carddoc > docs/cards/classic.md``."""

from __future__ import annotations

import sys

from engine.classic.cards import ClassicCard
from engine.classic.game import Classic
from engine.games import load_game

ORDER = (
    "race",
    "class",
    "super",
    "monster",
    "curse",
    "enhancer",
    "wandering",
    "item",
    "oneshot",
    "levelup",
    "hireling",
    "cheat",
)
TITLES = {
    "race": "Races",
    "class": "Classes",
    "super": "Overachiever",
    "monster": "Monsters",
    "curse": "Curses",
    "enhancer": "Monster enhancers",
    "wandering": "Extra monsters (`wandering`)",
    "item": "Items",
    "oneshot": "One-shots",
    "levelup": "Level-ups",
    "hireling": "Hirelings",
    "cheat": "Item tricks (`cheat`)",
}


def _stats(card: ClassicCard) -> str:
    if card.kind == "monster":
        horde = f", {card.horde}" if card.horde else ""
        return (
            f"level {card.level}{horde}; {card.levels} level(s), {card.treasures} treasure(s),"
            f" {card.coins * 100} gold"
        )
    if card.kind == "item":
        where = card.slot if card.slot != "hands" else f"{card.hands} hand(s)"
        big = ", Big" if card.big else ""
        return f"{where}{big}; {card.value} gold"
    if card.value:
        return f"{card.value} gold"
    return ""


def markdown() -> str:
    game = load_game("classic")
    assert isinstance(game, Classic)
    cards: list[ClassicCard] = list(game.cards)
    total = sum(c.copies for c in cards)
    lines = [
        "# Classic cards",
        "",
        f"Generated from `data/classic/` by `python -m engine.classic.carddoc`: "
        f"{len(cards)} definitions, {total} cards. Starred cards (★) build starting characters.",
    ]
    for kind in ORDER:
        group = sorted((c for c in cards if c.kind == kind), key=lambda c: (c.level, c.name))
        if not group:
            continue
        lines += [
            "",
            f"## {TITLES[kind]}",
            "",
            "| card | × | stats | text |",
            "| --- | --- | --- | --- |",
        ]
        for c in group:
            star = " ★" if c.starter else ""
            lines.append(f"| {c.name}{star} (`{c.id}`) | {c.copies} | {_stats(c)} | {c.text} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(markdown())
