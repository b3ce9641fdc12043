"""Quest's trade terms are built a part at a time (issue 27.5): every legal offer is reached
in at most four taps from the builder as it opens, its labels name people and fit 40
characters, and Send plays exactly the terms built."""

from __future__ import annotations

from typing import Any

from bot.games.quest import trade_terms
from bot.plugins import plugin
from bot.render.ids import parse_custom_id
from bot.screens import render_hand
from engine.core import Rng
from engine.games import load_game
from tests.bot.render_support import make_match

NAMES = ["Alice", "Bob", "Ada (AI)", "Bram (AI)"]


def _terms_state() -> Any:
    """A quest match where seat 0 names trade terms to a partner holding items."""
    game = load_game("quest")
    for seed in range(20):
        state = game.new(4, seed)
        thinkers = [Rng(seed).fork(k) for k in range(4)]
        for _ in range(1500):
            deciders = sorted(game.deciders(state))
            if game.outcome(state) is not None or not deciders:
                break
            seat = deciders[0]
            legal = game.legal_actions(state, seat)
            if seat == 0 and any(a.kind == "offer" for a in legal):
                offers = [a for a in legal if a.kind == "offer"]
                if len(offers) > 8 and state.pending and state.pending[-1].kind == "terms":
                    return game, state
            opening = [a for a in legal if a.kind == "trade"] if seat == 0 else []
            chosen = game.ai_action(state, seat, thinkers[seat], "heuristic")
            game.apply(state, opening[0] if opening else chosen)
    raise AssertionError("no trade terms came up")


def _drawn(rendered: Any) -> list[tuple[str, tuple[str, ...], bool]]:
    out: list[tuple[str, tuple[str, ...], bool]] = [
        (b.custom_id, (), not b.disabled) for b in rendered.buttons
    ]
    out += [(s.custom_id, tuple(o.value for o in s.options), True) for s in rendered.selects]
    return out


def test_every_offer_is_built_in_four_taps_and_send_plays_it() -> None:
    game, state = _terms_state()
    renderer = plugin("quest").renderer
    match = make_match("quest", 4)
    view = game.view(state, 0)
    actions = game.legal_actions(state, 0)
    offers = [a for a in actions if a.kind == "offer"]
    opened = render_hand(match, view, actions)
    labels = [b.label for b in opened.buttons] + [
        o.label for s in opened.selects for o in s.options
    ]
    assert all(len(label) <= 40 for label in labels), labels
    assert not any(" their " in f" {label.lower()} " for label in labels)  # names, not "their"
    assert len(opened.selects) <= 3 and len({s.placeholder for s in opened.selects}) == len(
        opened.selects
    )
    typed = renderer.read(view)
    for target in offers:
        rendered, taps = opened, 0
        for _ in range(8):
            press = trade_terms.next_press(_drawn(rendered), target.key)
            assert press is not None, (target.key, _drawn(rendered))
            key = press.value or parse_custom_id(press.custom_id).key  # type: ignore[union-attr]
            step = renderer.draft_step(key, typed, actions, NAMES)
            taps += 1
            if press.plays:
                assert step.play == (target.key,)
                break
            assert step.draft is not None
            rendered = render_hand(match, view, actions, draft=step.draft)
        assert taps <= 4, (target.key, taps)
