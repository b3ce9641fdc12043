"""Every hosted game's screens, the tiny test game's included: along random legal playouts no
table, hand or log line names a card its reader may not see (the plugin's own oracle says
which), every action met has a label in words, every button and select id parses and fits
Discord's 100 characters, and every event has a log line."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from bot.plugins import GamePlugin
from bot.render import Rendered, parse_custom_id
from bot.render.ids import MAX_CUSTOM_ID
from bot.screens import public_event_lines, render_hand, render_table
from bot.screens.leaks import (
    PUBLIC,
    Ledger,
    all_card_names,
    find_leaks,
    forbidden_names,
    message_texts,
)
from bot.words import play_texts
from engine.core import Event
from engine.games import load_game
from tests.bot.render_support import NAMES, make_match
from tests.games.kit import cases, playout

LOG_LINES = 20  # the running log the table shows


@dataclass
class Screens:
    """What the kit found drawing one game's screens along its playouts."""

    drawn: int = 0
    leaks: list[str] = field(default_factory=list)
    unlabelled: dict[str, str] = field(default_factory=dict)
    bad_ids: list[str] = field(default_factory=list)
    raw_events: dict[str, str] = field(default_factory=dict)
    kinds: set[str] = field(default_factory=set)


_SEEN: dict[str, Screens] = {}


def screens(plugin: GamePlugin) -> Screens:
    """Draw every table and hand of the kit's playouts once per game (the four checks below
    read the same drawings)."""
    if plugin.id not in _SEEN:
        _SEEN[plugin.id] = found = Screens()
        for seats, seed in cases(plugin):
            _draw(plugin, seats, seed, found)
    return _SEEN[plugin.id]


def _draw(plugin: GamePlugin, seats: int, seed: int, found: Screens) -> None:
    match = make_match(plugin.id, seats)
    names = NAMES[:seats]
    oracle = plugin.hidden
    allowed = all_card_names(plugin.id)
    ledger = Ledger()
    events: list[Event] = []
    for step in playout(plugin, seats, seed):
        game, state = load_game(plugin.id), step.state
        events += step.events
        where = f"seed {seed}, {seats} seats, move {len(events)}"
        for event in step.events:
            line = plugin.renderer.event_line(event.for_viewer(None), names)
            if not line.strip() or line.lower() == event.kind.replace("_", " "):
                found.raw_events.setdefault(event.kind, line)
        forbidden = forbidden_names(plugin.id, state, step.events) if oracle else {}
        deciders = sorted(game.deciders(state))
        log = public_event_lines(match, events[-LOG_LINES:])
        table = render_table(match, game.view(state, None).to_json(), deciders=deciders, log=log)
        drawn: list[tuple[int | None, Rendered]] = [(PUBLIC, table)]
        for seat in range(seats):
            actions = game.legal_actions(state, seat)
            view = game.view(state, seat)
            drawn.append((seat, render_hand(match, view, actions, deciders=deciders)))
            for action in actions:
                found.kinds.add(action.kind)
                label = plugin.renderer.control(action, plugin.renderer.read(view), names).label
                if not _worded(action.kind, action.args, label):
                    found.unlabelled.setdefault(action.kind, f"{action.args}: {label!r}")
        for reader, message in drawn:
            found.drawn += 1
            found.bad_ids += [f"{where}: {cid!r}" for cid in _bad_ids(message)]
            if oracle is not None:
                fresh = ledger.fresh(reader, message_texts(message))
                leaked = find_leaks(fresh, forbidden[reader], allowed)
                found.leaks += [f"{where}: {reader} reads {sorted(leaked)}"] if leaked else []


def _worded(kind: str, args: tuple[object, ...], label: str) -> bool:
    """A label in words: not blank, no unknown card ("?"), and not the generic fallback's raw
    arguments ("Steal 3 17") unless the kind is one every game shares ("Play 7")."""
    if not label.strip() or "?" in label:
        return False
    raw = bool(args) and label == play_texts.action_label(kind, tuple(args))
    return not raw or kind in play_texts.ACTION_LABELS


def _bad_ids(message: Rendered) -> Iterator[str]:
    ids = [b.custom_id for b in message.buttons] + [s.custom_id for s in message.selects]
    for custom_id in ids:
        if custom_id is None or len(custom_id) > MAX_CUSTOM_ID:
            yield str(custom_id)
        elif not custom_id.startswith("bsp:") and parse_custom_id(custom_id) is None:
            yield custom_id


def test_no_table_hand_or_log_names_a_card_its_reader_may_not_see(plugin: GamePlugin) -> None:
    if plugin.hidden is None:
        pytest.skip(f"{plugin.id} declares no hidden-card oracle")
    found = screens(plugin)
    assert found.drawn > 100
    assert not found.leaks, found.leaks[:5]


def test_every_action_met_has_a_label_in_words(plugin: GamePlugin) -> None:
    found = screens(plugin)
    assert found.kinds
    assert not found.unlabelled, found.unlabelled


def test_every_button_and_select_id_parses_and_fits(plugin: GamePlugin) -> None:
    found = screens(plugin)
    assert not found.bad_ids, found.bad_ids[:5]


def test_every_event_met_has_a_log_line(plugin: GamePlugin) -> None:
    found = screens(plugin)
    assert not found.raw_events, found.raw_events
