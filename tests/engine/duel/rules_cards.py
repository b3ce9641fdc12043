"""Test-only cards for rules no card of the pool uses yet (the pool lives in data/duel and grows
separately): a game made of the real pool plus these definitions."""

from __future__ import annotations

from typing import Any

from engine.duel.cards import DuelCard
from engine.duel.game import Duel

EXTRA: list[dict[str, Any]] = [
    {
        "id": "t_mole",
        "name": "Test Mole",
        "type": "monster",
        "cost": 1,
        "power": 0,
        "life": 3,
    },
    {
        "id": "t_shield_first_imp",
        "name": "Test Twin-Trick Imp",
        "type": "monster",
        "cost": 1,
        "power": 0,
        "life": 3,
        "abilities": [
            {"when": "hire", "effects": [{"op": "damage", "amount": 1, "target": "opponent"}]},
            {"when": "hire", "effects": [{"op": "prevent", "amount": 1, "target": "opponent"}]},
        ],
    },
    {
        "id": "t_gong_arena",
        "name": "Test Gong Arena",
        "type": "location",
        "abilities": [
            {"when": "fight_end", "effects": [{"op": "damage", "amount": 1, "target": "opponent"}]}
        ],
    },
    {
        "id": "t_bandage_charm",
        "name": "Test Bandage Charm",
        "type": "loot",
        "subtype": "trinket",
        "rank": 0,
        "abilities": [
            {"when": "fight_end", "effects": [{"op": "heal", "amount": 1, "target": "you"}]}
        ],
    },
    {
        "id": "t_tally_stone",
        "name": "Test Tally Stone",
        "type": "loot",
        "subtype": "trinket",
        "rank": 0,
        "abilities": [
            {"when": "fight_end", "effects": [{"op": "gold", "amount": 1, "target": "you"}]}
        ],
    },
    {
        "id": "t_monster_salve",
        "name": "Test Monster Salve",
        "type": "mischief",
        "subtype": "treachery",
        "abilities": [
            {"when": "play", "effects": [{"op": "heal", "amount": 1, "target": "monster"}]}
        ],
    },
    {
        "id": "t_borrow",
        "name": "Test Borrow",
        "type": "mischief",
        "subtype": "treachery",
        "abilities": [
            {"when": "play", "effects": [{"op": "control", "amount": 1, "target": "loot"}]}
        ],
    },
    {
        "id": "t_lure",
        "name": "Test Lure",
        "type": "mischief",
        "subtype": "treachery",
        "abilities": [
            {"when": "play", "effects": [{"op": "control", "amount": 1, "target": "card"}]}
        ],
    },
    {
        "id": "t_haggling_note",
        "name": "Test Haggling Note",
        "type": "mischief",
        "subtype": "treachery",
        "abilities": [
            {"when": "play", "effects": [{"op": "cost", "amount": 2, "target": "fight"}]}
        ],
    },
    {
        "id": "t_evening_balm",
        "name": "Test Evening Balm",
        "type": "loot",
        "subtype": "armor",
        "abilities": [
            {"when": "cooldown", "effects": [{"op": "heal", "amount": 1, "target": "you"}]}
        ],
    },
    {
        "id": "t_ember_ring",
        "name": "Test Ember Ring",
        "type": "loot",
        "subtype": "trinket",
        "abilities": [
            {"when": "cooldown", "effects": [{"op": "damage", "amount": 1, "target": "you"}]}
        ],
    },
    {
        "id": "t_laurel",
        "name": "Test Laurel",
        "type": "loot",
        "subtype": "trinket",
        "abilities": [
            {"when": "level_up", "effects": [{"op": "draw", "amount": 1, "target": "you"}]}
        ],
    },
    {
        "id": "t_brace",
        "name": "Test Brace",
        "type": "mischief",
        "subtype": "treachery",
        "abilities": [
            {"when": "play", "effects": [{"op": "prevent", "amount": 2, "target": "you"}]}
        ],
    },
    {
        "id": "t_padded_cap",
        "name": "Test Padded Cap",
        "type": "loot",
        "subtype": "armor",
        "abilities": [
            {"when": "activate", "zap": True, "effects": [{"op": "prevent", "amount": 1}]}
        ],
    },
    {
        "id": "t_wake_the_gear",
        "name": "Test Wake the Gear",
        "type": "mischief",
        "subtype": "treachery",
        "abilities": [
            {"when": "play", "effects": [{"op": "animate", "amount": 3, "target": "loot"}]}
        ],
    },
]


def with_test_cards(duel: Duel) -> Duel:
    cards = [*duel.defs, *(DuelCard.model_validate(raw) for raw in EXTRA)]
    return Duel(cards, duel.decks)


IN_DECKS = {
    "t_mole": 2,
    "t_shield_first_imp": 3,
    "t_gong_arena": 2,
    "t_bandage_charm": 2,
    "t_tally_stone": 2,
    "t_borrow": 2,
    "t_lure": 1,
    "t_haggling_note": 2,
    "t_evening_balm": 1,
    "t_ember_ring": 1,
    "t_laurel": 1,
    "t_wake_the_gear": 2,
}


def deck_with_test_cards(duel: Duel, precon: str) -> dict[str, Any]:
    """A legal 40-card deck: the precon with some of its cards swapped for the test cards."""
    deck = duel.decks[precon]
    cards = dict(deck.cards)
    to_drop = sum(IN_DECKS.values())
    for cid in sorted(cards, key=lambda c: (cards[c], c)):
        take = min(cards[cid], to_drop)
        cards[cid] -= take
        to_drop -= take
        if not cards[cid]:
            del cards[cid]
    return {"hero": deck.hero, "cards": cards | IN_DECKS}
