"""The quest dungeon as Markdown, generated from ``data/quest``:
``python -m engine.quest.carddoc > docs/cards/quest.md``."""

from __future__ import annotations

import sys

from engine.games import load_game
from engine.quest.content import COLOURS, LINK_NAMES, Content
from engine.quest.game import Quest


def _room_line(c: Content, i: int) -> str:
    r = c.rooms[i]
    arrows = (
        " ".join(f"{col[0].upper()}{d}" for col, d in zip(COLOURS, c.arrows[i], strict=True) if d)
        or "–"
    )
    icons = " ".join([f"+{g}" for g in r.green] + [f"−{x}" for x in r.red]) or "–"
    search = "cannot" if r.search == "none" else f"{r.search:+d}" if r.search else "–"
    rules = "; ".join(
        rule.op
        + (
            f" {rule.keyword or rule.role or rule.size}"
            if rule.keyword or rule.role or rule.size
            else ""
        )
        + (f" {rule.amount:+d}" if rule.amount else "")
        for rule in r.rules
    )
    deals = "; ".join(
        f"**{d.name}** ({d.move} Move, {'repeatable' if d.limit == 'none' else 'once a turn'})"
        for d in r.deals
    )
    extra = " · ".join(x for x in (rules, deals, r.text) if x)
    return f"| {r.id} | {r.name} | {arrows} | {icons} | {search} | {extra} |"


def markdown(game: Quest) -> str:
    c = game.content
    out = [
        "# Quest: the dungeon and the cards",
        "",
        "Generated from `data/quest/` by `python -m engine.quest.carddoc`; do not edit by hand.",
        "Field meanings: `docs/cards/format-quest.md`.",
        "",
        "## Rooms",
        "",
        "Arrows: colour initial and side (B blue, G green, R red, Y yellow, P purple, O orange).",
        "",
        "| id | name | arrows | icons | search | rules, deals, text |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    out += [_room_line(c, i) for i in range(len(c.rooms))]
    pool: dict[int, int] = {}
    for kind in c.link_pool:
        pool[kind] = pool.get(kind, 0) + 1
    out += ["", "## Links", "", "| kind | count | Move |", "| --- | --- | --- |"]
    for kind, n in sorted(pool.items()):
        cost = c.link_costs[kind]
        out.append(f"| {LINK_NAMES[kind]} | {n} | {'–' if cost is None else cost} |")
    out += [
        "",
        "## Monsters",
        "",
        "| id | name | level | dice | treasures | size | move | keywords | special | Bad Stuff |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for m in c.monsters:
        special = (
            ", ".join(
                [f"{b.amount:+d} vs {b.vs}" for b in m.bonuses]
                + [f"crosses {x}" for x in m.crosses]
                + (["smashes doors"] if m.smash else [])
                + [f"ignores level ≥ {m.ignores.level_at_least}"] * bool(m.ignores.level_at_least)
                + [f"ignores level ≤ {m.ignores.level_at_most}"] * bool(m.ignores.level_at_most)
                + list(m.flags)
            )
            or "–"
        )
        bad = ", ".join(
            e.op
            + (f" {e.amount}" if e.amount else "")
            + (f" {e.slot}" if e.slot else "")
            + (f" {e.role}" if e.role else "")
            for e in m.bad_stuff
        )
        kws = " ".join(m.keywords) + (" fearsome" if m.fearsome else "")
        out.append(
            f"| {m.id} | {m.name} | {m.level} | {m.dice} | {m.treasures} | {m.size} | "
            f"{m.move} | {kws} | {special} | {bad} |"
        )
    out += [
        "",
        "## Treasure",
        "",
        "| id | name | copies | slot | bonus | value | notes |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for t in c.treasures:
        notes = ", ".join(
            x
            for x in (
                "Big" if t.big else "",
                f"{t.hands} Hands" if t.hands else "",
                f"{t.requires} only" if t.requires else "",
                " ".join(t.keywords),
                " ".join(t.powers),
                f"Move {t.move:+d}" if t.move else "",
                f"run {t.run:+d}" if t.run else "",
                f"search {t.search:+d}" if t.search else "",
                f"Health {t.health:+d}" if t.health else "",
                "one-shot" if t.oneshot else "",
                "throwable" if t.throwable else "",
                f"{t.op} {t.amount or ''}{t.to}".strip() if t.op else "",
            )
            if x
        )
        out.append(
            f"| {t.id} | {t.name} | {t.copies} | {t.slot or '–'} | {t.bonus:+d} | "
            f"{t.value} | {notes} |"
        )
    out += [
        "",
        "## Twist cards (`dxm`)",
        "",
        "| id | name | copies | kind | effect |",
        "| --- | --- | --- | --- | --- |",
    ]
    for d in c.dxm:
        eff = (
            " ".join(
                x
                for x in (
                    d.op,
                    f"{d.amount:+d}" if d.amount else "",
                    d.slot,
                    d.role,
                    d.to,
                    f"treasures {d.treasures:+d}" if d.treasures else "",
                    f"dice {d.dice:+d}" if d.dice else "",
                )
                if x
            )
            or "–"
        )
        out.append(f"| {d.id} | {d.name} | {d.copies} | {d.kind} | {eff} |")
    return "\n".join(out) + "\n"


def main() -> None:
    game = load_game("quest")
    assert isinstance(game, Quest)
    sys.stdout.write(markdown(game))


if __name__ == "__main__":
    main()
