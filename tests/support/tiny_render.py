"""The tiny test game's renderer: shows how a game words its own table, hand and actions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render import JsonRenderer
from engine.core import Action
from tests.support.tinygame import TARGET


class TinyRenderer(JsonRenderer):
    def table_lines(self, view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
        sizes = view.get("hand_sizes", [])
        counts = ", ".join(f"{names[s]} {n}" for s, n in enumerate(sizes) if s < len(names))
        return [f"Pile: {view['pile']} of {TARGET}", f"Cards in hand: {counts}"]

    def hand_lines(self, view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
        hand = view.get("hand") or []
        return [
            f"Pile: {view['pile']} of {TARGET}",
            "Your cards: " + (", ".join(str(card) for card in sorted(hand)) or "none"),
        ]

    def action_label(self, action: Action) -> str:
        if action.kind == "play":
            return f"Play {action.args[0]}"
        return super().action_label(action)
