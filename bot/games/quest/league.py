"""What a quest seat played as, for the league's "plays most as": the class (else the race)
it held at the end of the match."""

from __future__ import annotations

from collections.abc import Mapping

from bot.plugins import FinalState
from engine.games import load_game
from engine.quest.game import Quest


def roles(header: Mapping[str, object], final: FinalState | None) -> dict[int, str]:
    if final is None or not isinstance(final.game, Quest):
        return {}
    c = final.game.content
    out: dict[int, str] = {}
    per_seat = final.state.get("roles")
    for seat, cards in enumerate(per_seat if isinstance(per_seat, list) else []):
        held = [card for card in cards if isinstance(card, int) and c.deck_of[card] == "D"]
        held.sort(key=lambda card: c.dxm[c.def_of[card]].kind != "class")  # a class first
        if held:
            out[seat] = c.cid[held[0]]
    return out


def role_name(role: str) -> str | None:
    game = load_game(Quest.id)
    assert isinstance(game, Quest)
    kinds = ("race", "class")
    return next((d.name for d in game.content.dxm if d.id == role and d.kind in kinds), None)
