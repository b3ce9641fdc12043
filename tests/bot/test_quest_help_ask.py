"""Quest's call for help is built (issue 27.5): one entry per seat that may be asked, then
the share and Send; every legal ask is reached in at most four taps from the hand as it
opens, its labels name people and fit 40 characters, Send plays exactly the ask built, and
Back returns to the hand."""

from __future__ import annotations

from typing import Any

from bot.games.quest import help_ask, words
from bot.plugins import plugin
from bot.render.drafts import DRAFT_PREFIX
from bot.render.ids import parse_custom_id
from bot.screens import render_hand
from engine.core import Rng
from engine.games import load_game
from tests.bot.render_support import make_match

NAMES = ["Alice", "Bob", "Carol", "Dave"]  # make_match's seats


def _asking_state() -> Any:
    """A quest match where seat 0 may ask somebody for help, with gear or gold to offer."""
    game = load_game("quest")
    for seed in range(40):
        state = game.new(4, seed)
        thinkers = [Rng(seed).fork(k) for k in range(4)]
        for _ in range(3000):
            deciders = sorted(game.deciders(state))
            if game.outcome(state) is not None or not deciders:
                break
            seat = deciders[0]
            legal = game.legal_actions(state, seat)
            asks = [a for a in legal if a.kind == "ask"]
            if seat == 0 and len(asks) > 6 and len({a.args[0] for a in asks}) > 1:
                return game, state
            game.apply(state, game.ai_action(state, seat, thinkers[seat], "heuristic"))
    raise AssertionError("no call for help came up")


def _drawn(rendered: Any) -> list[tuple[str, tuple[str, ...], bool]]:
    out: list[tuple[str, tuple[str, ...], bool]] = [
        (b.custom_id, (), not b.disabled) for b in rendered.buttons
    ]
    out += [(s.custom_id, tuple(o.value for o in s.options), True) for s in rendered.selects]
    return out


def _labels(rendered: Any) -> list[str]:
    return [b.label for b in rendered.buttons] + [
        o.label for s in rendered.selects for o in s.options
    ]


def test_every_ask_is_built_in_four_taps_and_send_plays_it() -> None:
    game, state = _asking_state()
    renderer = plugin("quest").renderer
    match = make_match("quest", 4)
    view = game.view(state, 0)
    actions = game.legal_actions(state, 0)
    asks = [a for a in actions if a.kind == "ask"]
    seats = {a.args[0] for a in asks}
    opened = render_hand(match, view, actions)
    entries = [label for label in _labels(opened) if label.startswith("Ask ")]
    # one entry per seat that may be asked, naming them; no share listed on the hand
    assert sorted(entries) == sorted(words.HA_ENTRY.format(name=NAMES[k]) for k in seats), entries
    typed = renderer.read(view)
    most = 0
    for target in asks:
        rendered, taps = opened, 0
        for _ in range(8):
            press = help_ask.next_press(_drawn(rendered), target.key)
            assert press is not None, (target.key, _drawn(rendered))
            key = press.value or parse_custom_id(press.custom_id).key  # type: ignore[union-attr]
            step = renderer.draft_step(key, typed, actions, NAMES)
            taps += 1
            if press.plays:
                assert step.play == (target.key,)
                break
            assert step.draft is not None
            rendered = render_hand(match, view, actions, draft=step.draft)
            labels = _labels(rendered)
            assert all(len(label) <= 40 for label in labels), labels
            assert not any(" their " in f" {label.lower()} " for label in labels), labels
            assert len(rendered.selects) <= 2
        most = max(most, taps)
        assert taps <= 4, (target.key, taps)
    assert most <= 3


def test_send_names_the_seat_and_the_share_and_back_leaves_the_builder() -> None:
    game, state = _asking_state()
    renderer = plugin("quest").renderer
    match = make_match("quest", 4)
    view = game.view(state, 0)
    actions = game.legal_actions(state, 0)
    typed = renderer.read(view)
    legal = help_ask.asks_of(actions)
    item = next((a for a in legal if a.share.startswith("i")), None)
    chosen = item or next(a for a in legal if a.share != help_ask.NO_SHARE)
    rendered = render_hand(match, view, actions, draft=chosen.key())
    [send] = [b for b in rendered.buttons if b.label.startswith("Ask ")]
    assert NAMES[chosen.seat].split(" ")[0] in send.label and "offering" in send.label
    if item is not None:
        assert "your " in send.label
    back = next(b for b in rendered.buttons if b.label == words.HA_BACK)
    step = renderer.draft_step(parse_custom_id(back.custom_id).key, typed, actions, NAMES)  # type: ignore[union-attr]
    assert step.draft == DRAFT_PREFIX
    plain = render_hand(match, view, actions, draft=step.draft)
    assert any(label == words.HA_ENTRY.format(name=NAMES[chosen.seat]) for label in _labels(plain))


def test_a_stale_call_for_help_is_refused_in_words() -> None:
    game, state = _asking_state()
    renderer = plugin("quest").renderer
    actions = game.legal_actions(state, 0)
    typed = renderer.read(game.view(state, 0))
    gone = help_ask.Ask(0, "g99999").key(help_ask.SEND)
    assert renderer.draft_step(gone, typed, actions, NAMES).refusal == words.HA_GONE
