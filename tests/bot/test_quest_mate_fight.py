"""A Mate copy in a fight (SPEC 3.14.6 Mate, R120): the copy has no card of its own. The
fight's list of cards says -1 for it, as the copy's own monster does, so the screens find it
among the fight's monsters (a None there, for a while, left the copy out of the fight's
picture and lines while the engine counted it)."""

from __future__ import annotations

from bot.games.quest.cards import fight_monsters
from engine.games import load_game
from engine.quest.game import Quest
from engine.quest.scenario import build
from engine.quest.view import FightView, QuestView

# tests/scenarios/quest/combat_mate.toml: the Mate copies the fight's one monster.
SETUP = {
    "seats": 2,
    "rooms": [{"room": "r01a", "x": 1, "y": 0}],
    "monsters": [{"id": "rat_choir", "x": 1, "y": 0, "base": "green"}],
    "monster_die": ["blue"],
}


def test_the_screens_find_a_mate_copy_among_the_fights_monsters() -> None:
    game = load_game("quest")
    assert isinstance(game, Quest)
    state = build(game, SETUP, [{"at": [1, 0], "level": 5}, {"at": [0, 0], "hand": ["mate"]}])
    mate = next(a for a in game.legal_actions(state, 1) if a.kind == "mate")
    game.apply(state, mate)
    view = game.view(state, 0)
    assert isinstance(view, QuestView) and view.fight is not None
    assert view.fight.monsters.count(-1) == 1
    assert None not in view.fight.to_json()["monsters"]
    assert len(fight_monsters(view)) == 2
    assert FightView.from_json(view.fight.to_json()) == view.fight
