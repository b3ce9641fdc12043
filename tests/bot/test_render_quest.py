"""The quest screens (SPEC 4.1): every action's label names what it is about and fits a phone
button, every event the engine can make has a sentence, the table draws the map, the seats
and the fight, and the hand opens on the seat's decision with its main moves first."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.games.quest import events, words
from bot.games.quest.controls import LABEL_LIMIT, MAIN, fit
from bot.games.quest.maptext import text_map
from bot.plugins import plugin
from bot.screens import render_hand, render_table
from bot.screens.leaks import all_card_names, find_leaks, forbidden_names, message_texts
from engine.core import Action, Rng
from engine.games import load_game
from engine.quest.content import LINK_NAMES
from engine.quest.moves import MOVES
from engine.quest.view import Board, MonsterView, QuestView
from tests.bot.render_support import NAMES, make_match

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "quest"


def _ai_playout(seats: int, seed: int, steps: int) -> list[tuple[Any, list[Any]]]:
    """(state copy, events) after each step of a game of one heuristic seat against random
    ones (heuristic seats alone wait in the Entrance for somebody to explore)."""
    game = load_game("quest")
    state = game.new(seats, seed)
    out = []
    for step in range(steps):
        if game.outcome(state) is not None:
            break
        seat = sorted(game.deciders(state))[step % len(game.deciders(state))]
        level = "heuristic" if seat == 0 else "random"
        action = game.ai_action(state, seat, Rng(seed * 7919 + step), level)
        happened = game.apply(state, action)
        out.append((state.clone(), happened))
    return out


def test_every_engine_event_has_a_sentence() -> None:
    made = set()
    for source in ENGINE.glob("*.py"):
        made |= set(re.findall(r'Event\(\s*"([a-z_]+)"', source.read_text()))
    made |= {"draw", "dice", "explore", "link", "help", "ask", "flee_roll", "nowhere_to_run"}
    assert made - set(events.EVENTS) == set()


def test_every_action_kind_has_words() -> None:
    worded = {key.split("_")[0] for key in words.LABELS} | set(words.LABELS) | {"offer"}
    assert set(MOVES) - worded == set()


def test_labels_fit_a_phone_button_and_name_what_they_are_about() -> None:
    quest = plugin("quest")
    names = list(NAMES[:2])
    seen: set[str] = set()
    for state, _ in _ai_playout(2, 3, 600):
        game = load_game("quest")
        for seat in range(2):
            view = game.view(state, seat)
            for action in game.legal_actions(state, seat):
                label = quest.renderer.control(action, view, names).label
                assert len(label) <= LABEL_LIMIT, label
                assert "?" not in label and "{" not in label, (action, label)
                seen.add(action.kind)
    assert {"go", "end_turn", "roll"} <= seen


def test_fit_shortens_the_longest_name_first() -> None:
    label = fit("Mend: {card} + {other}", {"card": "Scroll of Shrinking", "other": "Lucky Foot"})
    assert len(label) <= LABEL_LIMIT and label.startswith("Mend: Scroll") and "Lucky Foot" in label


def _laid(
    rooms: tuple[tuple[int, int, str], ...],
    links: tuple[tuple[int, int, str, int], ...] = (),
    at: tuple[tuple[int, int], ...] = (),
    monsters: tuple[MonsterView, ...] = (),
) -> QuestView:
    """A fresh 3-seat match's spectator view with this map, these seats' rooms and monsters."""
    view = load_game("quest").view(load_game("quest").new(3, 1), None)
    assert isinstance(view, QuestView)
    seats = tuple(replace(s, at=cell) for s, cell in zip(view.seats, at, strict=False))
    board = Board(rooms, links, (), (), ())
    return replace(view, board=board, seats=seats or view.seats, monsters=monsters)


def test_the_text_map_draws_rooms_links_seats_and_monsters() -> None:
    view = _laid(
        ((0, 0, "entrance"), (1, 0, "r03a"), (0, 1, "r05a")),
        ((1, 0, "W", 1), (0, 1, "N", 0), (2, 0, "W", 4), (0, 0, "N", 2)),
        ((0, 0), (1, 0), (1, 0)),
        (MonsterView(1, 140, "moss_blob", (0, 1), -1, (), (), False, False),),
    )
    assert text_map(view).splitlines() == [
        "  L",
        " 1E d+A #",
        "  |",
        "  Bm",
    ]


def test_the_log_names_rooms_by_their_names_from_the_map_the_events_left() -> None:
    quest = plugin("quest")
    board = _laid(((0, 0, "entrance"), (-1, 0, "r02a")))
    happened = [
        {"kind": "moved", "seat": 0, "cell": [-1, 0], "how": "walked"},
        {"kind": "explore", "seat": 0, "cell": [-1, 0], "room": "r02a"},
        {"kind": "link", "cell": [-1, 0], "side": "N", "link": 1},
        {"kind": "moved", "seat": 1, "cell": [0, 0], "how": "walked"},
    ]
    lines = quest.renderer.event_lines(happened, lambda: board, NAMES)
    assert lines[0] == "Alice goes to Candle Library."
    assert lines[1] == "Alice explores a new room: Candle Library."
    assert lines[2] == f"A {LINK_NAMES[1]} appears north of Candle Library."
    assert lines[3] == "Bob goes to the Entrance."
    assert not any(re.search(r"\d[NESW]\b", line) for line in lines)


def test_two_rooms_of_one_name_are_told_apart_by_where_they_lie() -> None:
    named = events.room_names({(0, 0): "Sunlit Gate", (1, 0): "Hall", (0, 2): "Hall"})
    assert named == {(0, 0): "the Entrance", (1, 0): "Hall (1E)", (0, 2): "Hall (2S)"}


def test_without_a_map_the_log_says_where_a_room_lies_from_the_entrance() -> None:
    assert events.place(0, 0) == "the Entrance"
    assert events.place(2, -1) == "the room 2E 1N"
    line = events.event_line({"kind": "moved", "seat": 0, "cell": [-1, 0], "how": "walked"}, NAMES)
    assert line == "Alice goes to the room 1W."


def test_the_table_shows_whose_turn_what_it_waits_for_the_map_and_each_seat() -> None:
    game = load_game("quest")
    match = make_match("quest", 3)
    state = game.new(3, 11)
    for seat in range(3):
        game.apply(state, Action(seat, "ready"))
    view = game.view(state, None)
    table = render_table(match, view, deciders=game.deciders(state))
    shown = table.text
    assert "Turn 1" in shown and "Waiting for" in shown
    # The map is the picture; its legend lines name their rooms, under no heading (one line
    # less on a phone, issue 27.6).
    assert "```" not in shown and f"**{words.MAP}**" not in shown
    [picture] = table.pictures
    assert picture.filename == "map.png"
    assert picture.description is not None and text_map(view) in picture.description
    assert "1. Alice" in shown
    assert "Sunlit Gate" in shown  # everyone stands in the Entrance
    assert words.FULL_MAP in [b.label for b in table.buttons]


def test_the_hand_opens_on_the_decision_with_its_main_moves_first() -> None:
    game = load_game("quest")
    match = make_match("quest", 2)
    state = game.new(2, 5)
    for seat in range(2):
        game.apply(state, Action(seat, "ready"))
    seat = state.turn
    view = game.view(state, seat).to_json()
    hand = render_hand(match, view, game.legal_actions(state, seat))
    assert "**Your turn: 3 of 3 Move left" in hand.text
    first = hand.buttons[0].label
    assert first.startswith(("⬆", "➡", "⬇", "⬅")), [b.label for b in hand.buttons]
    kinds = [Action.from_key(seat, b.custom_id.split(":")[-1]).kind for b in hand.buttons[:4]]
    assert all(k in MAIN for k in kinds)


@pytest.mark.parametrize("seed", [2, 9])
def test_no_screen_of_an_ai_game_names_a_card_its_reader_may_not_see(seed: int) -> None:
    # The conformance kit plays random moves; heuristic seats reach fights and Treasure.
    game = load_game("quest")
    match = make_match("quest", 3)
    allowed = all_card_names("quest")
    for state, happened in _ai_playout(3, seed, 300)[::7]:
        forbidden = forbidden_names("quest", state, happened)
        table = render_table(match, game.view(state, None).to_json(), log=[])
        assert not find_leaks(message_texts(table), forbidden[None], allowed)
        for seat in range(3):
            view = game.view(state, seat).to_json()
            hand = render_hand(match, view, game.legal_actions(state, seat))
            assert not find_leaks(message_texts(hand), forbidden[seat], allowed)


def test_a_seat_line_counts_its_cards_and_an_ai_seat_is_tagged_once() -> None:
    # Generic marks skip "AI" after a name that already says "(AI)"; "1 cards" read badly.
    from dataclasses import replace

    game = load_game("quest")
    match = make_match("quest", 2)
    ai = replace(match.seats[1], user_id=None, ai_level="heuristic", name="Ada (AI)")
    match = replace(match, seats=(match.seats[0], ai))
    state = game.new(2, 11)
    for seat in range(2):
        game.apply(state, Action(seat, "ready"))
    view = game.view(state, None).to_json()
    words_seen = render_table(match, view, deciders=game.deciders(state)).text
    assert "(AI) · AI" not in words_seen and "Ada (AI)" in words_seen
    assert "1 cards" not in words_seen
    assert words.card_count(1) == "1 card" and words.card_count(0) == "0 cards"
