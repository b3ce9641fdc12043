"""Writes the frozen snapshots that ``test_frozen_snapshots.py`` loads: classic and duel
positions saved by the engine as it stood at commit 03fc9a1 (before named records and typed
views), with what that engine answered about them (every seat's view, legal actions and the
``normal`` AI's choice). Regenerating would overwrite the old engine's answers with the
current engine's, so run it only to add positions, from an old checkout:

    python tests/engine/snapshots/generate.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from engine.core import Rng
from engine.games import load_game

HERE = Path(__file__).resolve().parent
PER_GAME = 40
AI_SEED = 7


def _signature(game_id: str, s: Any) -> str:
    """What makes a position worth keeping: the decision it waits on."""
    if game_id == "classic":
        top = s.pending[-1] if s.pending else None
        return "|".join(
            (
                top.kind if top else "-",
                str(len(top.nums)) if top else "",
                "w" if s.window else "",
                "c" if s.combat else "",
            )
        )
    return "|".join(
        (
            str(s.pending[2]) if s.pending else "-",
            str(min(len(s.stack), 2)),
            s.window.kind if s.window else "",
            s.fight.step if s.fight else "",
        )
    )


def _answers(game: Any, state: Any, seats: int) -> dict[str, Any]:
    out: dict[str, Any] = {"views": {}, "legal": {}, "ai": {}, "ai_free": {}}
    for seat in [None, *range(seats)]:
        out["views"][str(seat)] = game.view(state, seat).to_json()
    deciders = game.deciders(state)
    for seat in range(seats):
        out["legal"][str(seat)] = [a.key for a in game.legal_actions(state, seat)]
        if seat in deciders:
            out["ai"][str(seat)] = game.ai_action(state.clone(), seat, Rng(AI_SEED)).key
        elif seat in game.free_actors(state):
            a = game.ai_free_action(state.clone(), seat, Rng(AI_SEED))
            out["ai_free"][str(seat)] = a.key if a is not None else None
    return out


def positions(game_id: str, seats: int) -> list[dict[str, Any]]:
    game = load_game(game_id)
    kept: dict[str, dict[str, Any]] = {}
    for seed in range(300):
        options = {"decks": [["warrior", "thief"], ["thief", "warrior"]][seed % 2]}
        state = game.new(seats, seed, options if game_id == "duel" else None)
        rng = Rng(seed).fork(1)
        step = 0
        while game.outcome(state) is None and len(kept) < PER_GAME:
            sig = _signature(game_id, state)
            if sig not in kept and step > 3:
                kept[sig] = {
                    "signature": sig,
                    "seed": seed,
                    "step": step,
                    "state": json.loads(json.dumps(state.to_json())),
                    **json.loads(json.dumps(_answers(game, state, seats))),
                }
            deciders = sorted(game.deciders(state))
            seat = deciders[rng.below(len(deciders))]
            legal = game.legal_actions(state, seat)
            game.apply(state, legal[rng.below(len(legal))])
            step += 1
    return list(kept.values())


def main() -> None:
    for game_id, seats in (("classic", 4), ("duel", 2)):
        data: dict[str, Any] = {"engine_commit": "03fc9a1", "game": game_id, "seats": seats}
        data["positions"] = positions(game_id, seats)
        path = HERE / f"{game_id}_03fc9a1.json"
        path.write_text(json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n")
        print(path, len(data["positions"]))


if __name__ == "__main__":
    main()
