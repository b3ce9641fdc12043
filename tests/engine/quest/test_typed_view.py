"""The typed quest view (``engine/quest/view.py``) reads back its own export: every view of
played positions (fights, windows, pending decisions, Monster Turns among them) survives
``to_json`` → ``from_json`` unchanged, and its export is plain JSON, key order included."""

from __future__ import annotations

import json

from engine.core import Rng
from engine.quest.game import Quest
from engine.quest.view import QuestView


def test_every_view_of_played_positions_reads_back_its_own_export(quest: Quest) -> None:
    seen = {"fight": 0, "window": 0, "pending": 0, "paths": 0}
    for seats, seed in ((2, 3), (3, 8), (4, 12)):
        state = quest.new(seats, seed)
        rng = Rng(seed)
        for _ in range(400):
            if quest.outcome(state) is not None:
                break
            for seat in (None, *range(seats)):
                view = quest.view(state, seat)
                exported = view.to_json()
                again = QuestView.from_json(json.loads(json.dumps(exported)))
                assert again == view
                assert json.dumps(again.to_json()) == json.dumps(exported)
            spectator = quest.view(state, None)
            seen["fight"] += spectator.fight is not None
            seen["window"] += spectator.window is not None
            seen["pending"] += spectator.pending is not None
            seen["paths"] += bool(spectator.monster_paths)
            seat = min(quest.deciders(state))
            quest.apply(state, quest.ai_action(state, seat, rng))
    assert all(seen.values()), seen  # the positions cover every optional part
