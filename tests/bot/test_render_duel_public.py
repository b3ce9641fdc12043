"""The duel table shows the public effects the view carries (# 000 II.A.9): pending Bleeding,
prevention shields and cards removed from the game."""

from __future__ import annotations

from bot.games.duel import words as duel_words
from bot.plugins import renderer_for
from bot.screens import render_table
from bot.screens.leaks import message_texts
from tests.bot.render_support import make_match, until


def test_bleeding_shields_and_removed_cards_are_on_the_table() -> None:
    game, state = until("duel", 2, 4, lambda v: v["phase"] == "main" and v["turn"] > 1)
    victim = state.hoard[0][0] if state.hoard[0] else state.hand[0][0]
    for zone in (state.hoard[0], state.hand[0]):
        if victim in zone:
            zone.remove(victim)
    state.removed.append(victim)
    state.bleed[1] = 2
    state.shield[0] = 3
    view = game.view(state, None).to_json()
    words = "\n".join(message_texts(render_table(make_match("duel", 2), view, deciders=[0])))
    bleeding = view["players"][1]["bleeding"]  # 2 plus any bleeding Curse stuck on the Hero
    assert bleeding >= 2 and duel_words.BLEEDING.format(amount=bleeding) in words
    assert duel_words.SHIELD.format(amount=3) in words
    assert duel_words.REMOVED in words
    assert game.defs[state.card_of[victim]].name in words


def test_damage_heal_and_hire_lines_name_the_face_up_card() -> None:
    # Damage and healing land only on face-up cards, and a hired Monster was revealed first,
    # so the log names them instead of "A card ...".
    from engine.core import Rng
    from engine.games import load_game

    game = load_game("duel")
    renderer = renderer_for("duel")
    seen: dict[str, str] = {}
    for seed in range(20):
        state, rng = game.new(2, seed), Rng(seed)
        while game.outcome(state) is None and game.deciders(state) and len(seen) < 3:
            seat = min(game.deciders(state))
            for event in game.apply(state, game.ai_action(state, seat, rng, "heuristic")):
                if event.kind in ("damage", "healed", "hired"):
                    public = event.for_viewer(None)
                    seen.setdefault(event.kind, renderer.event_line(public, ["Alice", "Bob"]))
    assert set(seen) == {"damage", "healed", "hired"}
    assert not any(line.startswith(("A card", "The attacking")) for line in seen.values()), seen
