"""The seat asked to help is told the share on offer, with the asker named (issue 27.5)."""

from __future__ import annotations

from bot.games.quest import wordings
from bot.plugins import plugin
from engine.core import Rng
from engine.games import load_game

NAMES = ["Alice", "Bob", "Ada (AI)", "Bram (AI)"]


def test_the_asked_seat_reads_the_share_offered() -> None:
    game = load_game("quest")
    renderer = plugin("quest").renderer
    for seed in range(6):
        state = game.new(4, seed)
        thinkers = [Rng(seed).fork(k) for k in range(4)]
        for _ in range(2500):
            deciders = sorted(game.deciders(state))
            if game.outcome(state) is not None or not deciders:
                break
            asked = next((p for p in state.pending if p.kind == "help"), None)
            if asked is not None:
                view = renderer.read(game.view(state, asked.seat).to_json())
                actions = game.legal_actions(state, asked.seat)
                said = " ".join(renderer.hand_decision(view, actions, NAMES))
                asker = NAMES[state.fight.main] if state.fight is not None else "?"
                assert f"{asker} asks you to help" in said and ", offering " in said, said
                assert wordings.help_share(asked.data, asker) in said
                assert " my " not in said
                return
            seat = deciders[0]
            asks = [a for a in game.legal_actions(state, seat) if a.kind == "ask"]
            chosen = asks[-1] if asks else None  # the richest share listed last
            game.apply(state, chosen or game.ai_action(state, seat, thinkers[seat], "heuristic"))
    raise AssertionError("nobody was asked to help")
