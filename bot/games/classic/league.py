"""What a classic seat played as, for the league's "plays most as": the class it held at the
end (its favourite is then the most common one)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.plugins import FinalState
from engine.classic.game import Classic
from engine.games import load_game


def roles(header: Mapping[str, object], final: FinalState | None) -> dict[int, str]:
    if final is None or not isinstance(final.game, Classic):
        return {}
    # Instance ids into the cards the match was played on (its pinned set, with copies).
    cards = final.game.table.defs
    held = final.state.get("roles")
    return {
        seat: cards[index].id
        for seat, indexes in enumerate(held if isinstance(held, list) else [])
        for index in reversed(indexes)
        if cards[index].kind == "class"
    }


def role_name(role: str) -> str | None:
    game = load_game(Classic.id)
    assert isinstance(game, Classic)
    return next((card.name for card in game.cards if card.id == role), None)
