"""Curses stuck to a card (# 000 I.E.5.a): only the ongoing ability modifies the host."""

from __future__ import annotations

from engine.duel.cards import DuelCard
from engine.duel.game import Duel
from engine.duel.scenario import build, find
from engine.duel.zones import power_of, stuck_bonus

# A Curse whose play ability uses the same op as its ongoing one: the play part happens once,
# it must not count again while the Curse is stuck.
TWIN_HEX = {
    "id": "t_twin_hex",
    "name": "Test Twin Hex",
    "type": "mischief",
    "subtype": "curse",
    "abilities": [
        {"when": "play", "effects": [{"op": "power", "amount": 5, "target": "loot"}]},
        {"when": "ongoing", "effects": [{"op": "power", "amount": -2, "target": "loot"}]},
    ],
}


def test_stuck_bonus_counts_only_the_ongoing_ability(duel: Duel) -> None:
    # 000 I.E.5.a: the Curse modifies its host with its ongoing ability while stuck
    game = Duel([*duel.defs, DuelCard.model_validate(TWIN_HEX)], duel.decks)
    s = build(game, {"seat0": {"hand": ["t_twin_hex"]}, "seat1": {"hoard": ["rusty_sword"]}})
    sword = find(game, s, 1, "rusty_sword")
    hex_ = find(game, s, 0, "t_twin_hex")
    printed = game.defs[s.card_of[sword]].power
    s.hand[0].remove(hex_)
    s.stuck[hex_] = sword
    assert stuck_bonus(game.defs, s, sword, "power") == -2
    assert power_of(game.defs, s, sword) == max(0, printed - 2)
