"""The card list as Markdown, generated from the data (``python -m engine.duel.carddoc``)."""

from __future__ import annotations

import sys

from engine.duel.cards import DuelCard
from engine.duel.game import Duel

TYPE_ORDER = ("hero", "monster", "ally", "loot", "location", "mischief")


def _stats(c: DuelCard) -> str:
    parts = []
    for label, value in (
        ("cost", c.cost),
        ("rank", c.rank),
        ("power", c.power),
        ("life", c.life),
        ("defense", c.defense),
    ):
        if value or (label == "cost" and c.type in ("ally", "monster", "mischief")):
            parts.append(f"{label} {value}")
    return ", ".join(parts)


def render(game: Duel) -> str:
    lines = [
        "# Duel cards",
        "",
        "Generated from `data/duel/*.toml` by "
        "`python -m engine.duel.carddoc`; do not edit by hand.",
        "",
    ]
    total = sum(1 for c in game.defs if c.type != "hero")
    lines += [f"{total} deck cards and {len(game.defs) - total} Heroes.", ""]
    for kind in TYPE_ORDER:
        cards = sorted((c for c in game.defs if c.type == kind), key=lambda c: (c.klass, c.name))
        if not cards:
            continue
        lines += [
            f"## {kind.title()}",
            "",
            "| name | id | class | subtype | stats | keywords | text |",
            "| --- | --- | --- | --- | --- | --- | --- |",
        ]
        for c in cards:
            kws = ", ".join(sorted(c.all_keywords()))
            lines.append(
                f"| {c.name} | `{c.id}` | {c.klass} | {c.subtype} | {_stats(c)} | "
                f"{kws} | {c.text} |"
            )
        lines.append("")
    lines += [
        "## Preconstructed decks",
        "",
        "| deck | name | Hero | cards |",
        "| --- | --- | --- | --- |",
    ]
    for key in sorted(game.decks):
        d = game.decks[key]
        lines.append(f"| `{key}` | {d.name} | `{d.hero}` | {sum(d.cards.values())} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    from engine.games import load_game

    loaded = load_game("duel")
    assert isinstance(loaded, Duel)
    sys.stdout.write(render(loaded))
