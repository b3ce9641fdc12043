"""In the fighter's own hand the fight cards are one "Fight cards…" select, not buttons beside
Roll (played at 400 px: "Enraged on Tax Ghost" and "Wandering Monster into the fight" sat on the
first screen as if they were the decision). For the other seats they stay buttons: a card
against the fighter is their move."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bot.games.quest import words
from bot.plugins import renderer_for
from bot.screens import render_hand
from engine.core import Rng
from engine.games import load_game
from tests.bot.render_support import NAMES, make_match


def _fights() -> Iterator[tuple[Any, Any, int]]:
    """(game, state, seat) where a seat in or out of the fight holds a fight card."""
    game = load_game("quest")
    for seed in range(12):
        state = game.new(4, seed)
        thinkers = [Rng(seed).fork(k) for k in range(4)]
        for _ in range(1500):
            deciders = sorted(game.deciders(state))
            if game.outcome(state) is not None or not deciders:
                break
            if state.fight is not None:
                yield game, state, deciders[0]
            seat = deciders[0]
            game.apply(state, game.ai_action(state, seat, thinkers[seat], "heuristic"))


def test_the_fighters_fight_cards_are_a_select_and_the_others_buttons() -> None:
    renderer = renderer_for("quest")
    seen = {"in": 0, "out": 0}
    for game, state, _ in _fights():
        for seat in range(4):
            actions = game.legal_actions(state, seat)
            view = renderer.read(game.view(state, seat))
            fight_cards = [
                c for c in renderer.controls(actions, view, NAMES[:4]) if c.group == words.G_FIGHT
            ]
            if not fight_cards:
                continue
            fighting = seat in (view.fight.main, view.fight.helper)
            assert all(c.menu == fighting for c in fight_cards), (seat, fight_cards)
            rendered = render_hand(make_match("quest", 4), game.view(state, seat), actions)
            labels = {b.label for b in rendered.buttons}
            shown = {c.label for c in fight_cards} & labels
            assert bool(shown) != fighting or not fight_cards, shown
            seen["in" if fighting else "out"] += 1
        if all(seen.values()):
            return
    raise AssertionError(f"not both reached: {seen}")
