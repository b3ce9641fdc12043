"""The board game of the Munchkin family (rules: seeds/001; spec: shared/quest/SPEC.md)."""

from collections.abc import Mapping
from typing import Any

from engine import games
from engine.quest import carddoc, scenario
from engine.quest.ai import ai_strong
from engine.quest.content import assemble
from engine.quest.defs import DxmDef, MonsterDef, RoomDef, TreasureDef
from engine.quest.game import Quest, factory

RULES_VERSION = 13  # 2 trades; 3, 6 die windows; 4 discards (R31); 5 snatch (R7), half races;
# 7 a monster blocked beyond the Entrance no longer records (or counts) a pass through it (R81);
# 8 die windows after the Monster Die, room and Deal rolls (R16), the Grappling Hook, the pack
# overflow choice (R149); 9 the help auction (R114), the Stop window (R161), the quicker game;
# 10 a bidder who concedes leaves the auction instead of holding it; 11 issue 26: no item
# doubled without a Wizard, the rolled colour always draws, healing by level and dropping a
# role off turn, several items sold for a level, class cards as fodder, even charity, one
# monster per explored room, any part of a dropped stack (``buy_level`` names its items)
# 12 no die window nobody could answer on public facts (no monster to steer, every Weighted
# Die face up: issue 27.3); 13 items sold together go to the discards in the order held, not
# by card number (issue 26.4: the same match numbered otherwise plays the same)
"""Bump it with any rules change that alters legal moves or outcomes: a live match started on
another version is replayed on the new rules at restart and ended cleanly if it no longer
reaches the same state (docs/reliability.md, "A deploy under live matches")."""


def definitions(game: Any) -> dict[str, Any]:
    """The dungeon in the order the engine indexes it (rooms with their arrows, the link
    costs and pool, the three decks): a live match keeps playing on it when ``data/`` changes."""
    assert isinstance(game, Quest)
    c = game.content
    return {
        "rooms": [room.model_dump(mode="json") for room in c.rooms],
        "arrows": [list(arrows) for arrows in c.arrows],
        "link_costs": list(c.link_costs),
        "link_pool": list(c.link_pool),
        "monsters": [card.model_dump(mode="json") for card in c.monsters],
        "treasures": [card.model_dump(mode="json") for card in c.treasures],
        "dxm": [card.model_dump(mode="json") for card in c.dxm],
    }


def from_definitions(document: Mapping[str, Any]) -> Quest:
    return Quest(
        assemble(
            [RoomDef.model_validate(room) for room in document["rooms"]],
            [tuple(arrows) for arrows in document["arrows"]],
            list(document["link_costs"]),
            list(document["link_pool"]),
            [MonsterDef.model_validate(card) for card in document["monsters"]],
            [TreasureDef.model_validate(card) for card in document["treasures"]],
            [DxmDef.model_validate(card) for card in document["dxm"]],
        )
    )


def _card_doc(game: Any) -> str:
    """docs/cards/quest.md (``python -m engine.quest.carddoc``)."""
    assert isinstance(game, Quest)
    return carddoc.markdown(game)


games.register(
    "quest",
    factory,
    definitions=definitions,
    from_definitions=from_definitions,
    rules_version=lambda: RULES_VERSION,
    capabilities=games.Capabilities(
        scenario=scenario.SCENARIO, strong=ai_strong.think, card_doc=_card_doc
    ),
)

__all__ = ["RULES_VERSION", "Quest", "factory", "from_definitions"]
