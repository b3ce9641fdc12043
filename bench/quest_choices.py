"""How many alternatives one quest hand offers (issue 27.5): seeded heuristic matches played
to their end on the engine, every hand drawn at every step for each seat the match waits on
and each free actor (``render_hand``, every page).

    python bench/quest_choices.py [--matches 6] [--players 4] [--first-seed 1]

Prints one JSON line: the hands drawn, the most alternatives one hand offers over all its
pages (its buttons and select options, the pager's buttons not counted; a builder drawn as
it opens counts its own controls, one entry each on the hand), the most drawn on one page,
the most pages, and where the largest hand was (seed, step, seat, its legal moves by kind).
A match is the loop of ``bench/quest_length.py`` with every seat heuristic. The figures of
docs/ux.md ("Buy a level… and Mend…") come from here. A benchmark, never a test: it reports
CPU time (``time.process_time``), comparable under load, not wall-clock.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import bot.games  # noqa: F401  (registers the games the bot hosts)
from bot.plugins import renderer_for
from bot.render import controls as layout
from bot.render.ids import PAGE_PREFIX, parse_custom_id
from bot.screens import render_hand
from engine.core import Rng
from engine.games import load_game
from tests.bot.render_support import make_match


def _drawn(rendered: Any) -> int:
    """The alternatives a page shows: select options, and buttons that are not the pager."""
    buttons = 0
    for b in rendered.buttons:
        parsed = parse_custom_id(b.custom_id)
        if parsed is None or not parsed.key.startswith(PAGE_PREFIX):
            buttons += 1
    return buttons + sum(len(s.options) for s in rendered.selects)


def hand(match: Any, view: Any, actions: Any) -> tuple[int, int, int]:
    """(alternatives over every page, the most on one page, pages) of one seat's hand."""
    first = render_hand(match, view, actions)
    renderer = renderer_for("quest")
    typed = renderer.read(view)
    found = renderer.controls(actions, typed, [s.name for s in match.seats])
    pages = 1 if not found else layout.layout(match.id, match.version, found).count
    counts = [_drawn(first)]
    counts += [_drawn(render_hand(match, view, actions, page=p)) for p in range(1, pages)]
    return sum(counts), max(counts), pages


def play(seed: int, players: int) -> dict[str, Any]:
    game = load_game("quest")
    match = make_match("quest", players)
    state = game.new(players, seed, {})
    scheduler = Rng(seed).fork(7919)
    thinkers = [Rng(seed).fork(1000 + k) for k in range(players)]
    top: dict[str, Any] = {"alternatives": 0, "on_one_page": 0, "pages": 0, "hands": 0}
    for step in range(20000):
        if game.outcome(state) is not None:
            break
        deciders = sorted(game.deciders(state))
        for seat in sorted(set(deciders) | set(game.free_actors(state))):
            actions = game.legal_actions(state, seat)
            total, page, pages = hand(match, game.view(state, seat).to_json(), actions)
            top["hands"] += 1
            top["on_one_page"] = max(top["on_one_page"], page)
            top["pages"] = max(top["pages"], pages)
            if total > top["alternatives"]:
                kinds = Counter(a.kind for a in actions)
                top.update(alternatives=total, step=step, seat=seat, kinds=dict(kinds))
        seat = deciders[scheduler.below(len(deciders))]
        game.apply(state, game.ai_action(state, seat, thinkers[seat], "heuristic"))
    return {"seed": seed, **top}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args(argv)
    began = time.process_time()
    seeds = range(args.first_seed, args.first_seed + args.matches)
    runs = [play(seed, args.players) for seed in seeds]
    worst = max(runs, key=lambda r: r["alternatives"])
    print(
        json.dumps(
            {
                "matches": len(runs),
                "hands": sum(r["hands"] for r in runs),
                "max_alternatives_one_hand": worst["alternatives"],
                "max_on_one_page": max(r["on_one_page"] for r in runs),
                "max_pages": max(r["pages"] for r in runs),
                "largest": {k: worst[k] for k in ("seed", "step", "seat", "kinds")},
                "per_match": [r["alternatives"] for r in runs],
                "cpu_seconds": round(time.process_time() - began, 1),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
