"""Renderers are pure: match info and views in, embeds and button specs out. These tests pin
Discord's limits and the rule that nothing private reaches the public table."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot import plugins
from bot.render import JsonRenderer, Rendered, controls, make_custom_id, parse_custom_id
from bot.render.ids import MAX_CUSTOM_ID
from bot.screens import public_event_lines, render_hand, render_lobby, render_table
from bot.words import lobby_texts, play_texts
from engine.core import Action, Event, Outcome
from tests.bot.render_support import assert_fits_discord
from tests.support.tiny_plugin import tiny_plugin
from tests.support.tinygame import TwentyOne

# bot/core/service.py is written alongside this layer; these tests need its MatchInfo.
svc = pytest.importorskip("bot.core.service")
MatchInfo, SeatInfo = svc.MatchInfo, svc.SeatInfo

NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Finn")


def make_match(players: int = 3, *, status: str = "live", version: int = 4, **extra: Any) -> Any:
    values: dict[str, Any] = {
        "id": 17,
        "guild_id": 1,
        "channel_id": 2,
        "message_id": 3,
        "thread_id": None,
        "game": "tiny",
        "status": status,
        "host_id": 100,
        "version": version,
        "seats": tuple(
            SeatInfo(seat=n, user_id=100 + n, ai_level=None, name=NAMES[n], dm_closed=False)
            for n in range(players)
        ),
        "options": {},
        "outcome": None,
        "deadline": None,
    }
    values.update(extra)
    return MatchInfo(**values)


def text_of(rendered: Rendered) -> str:
    return rendered.text


@pytest.fixture(autouse=True)
def tiny_renderer() -> Iterator[None]:
    with plugins.registered(tiny_plugin()):
        yield


# custom ids ------------------------------------------------------------------------------


@given(
    match=st.integers(1, 2**63 - 1),
    version=st.integers(0, 10**9),
    kind=st.from_regex(r"[a-z_]{1,12}", fullmatch=True),
    args=st.lists(st.integers(-(10**6), 10**6), max_size=4),
)
def test_action_keys_round_trip_through_custom_ids(
    match: int, version: int, kind: str, args: list[int]
) -> None:
    key = Action(0, kind, tuple(args)).key
    custom_id = make_custom_id(match, version, key)
    assert len(custom_id) <= MAX_CUSTOM_ID  # Discord's limit
    parsed = parse_custom_id(custom_id)
    assert parsed is not None and (parsed.match_id, parsed.version, parsed.key) == (
        match,
        version,
        key,
    )
    assert Action.from_key(0, parsed.key) == Action(0, kind, tuple(args))


@given(st.text(max_size=120))
def test_foreign_custom_ids_are_never_taken_for_ours(text: str) -> None:
    parsed = parse_custom_id(text)
    if parsed is not None:
        assert str(parsed) == text


@pytest.mark.parametrize(
    "text",
    ["bs:1:2", "bs:0:1:join", "bs:01:1:join", "bs:1:1:", "bs:1:1:a b", "xx:1:1:join", "bs:1:-1:a"],
)
def test_malformed_ids_are_rejected(text: str) -> None:
    assert parse_custom_id(text) is None


def test_an_id_over_discords_limit_is_refused_not_truncated() -> None:
    with pytest.raises(ValueError):
        make_custom_id(1, 1, "x" * 90)


# lobby -------------------------------------------------------------------------------------


def test_lobby_lists_seats_and_offers_the_five_buttons() -> None:
    rendered = render_lobby(make_match(2, status="lobby"), min_seats=2, max_seats=6)
    assert [b.label for b in rendered.buttons] == ["Join", "Leave", "Add AI", "Start", "Cancel"]
    assert [parse_custom_id(b.custom_id).key for b in rendered.buttons] == [  # type: ignore[union-attr]
        "lobby-join",
        "lobby-leave",
        "lobby-ai",
        "lobby-start",
        "lobby-cancel",
    ]
    assert not any(b.disabled for b in rendered.buttons)
    assert "Alice" in text_of(rendered) and "Bob" in text_of(rendered)


def test_an_ai_seat_named_with_its_tag_is_not_tagged_twice_in_the_lobby() -> None:
    # Added AI seats are named "Ada (AI)"; the lobby must not print "Ada (AI) (AI)".
    from dataclasses import replace

    match = make_match(2, status="lobby")
    ai = SeatInfo(seat=2, user_id=None, ai_level="heuristic", name="Ada (AI)", dm_closed=False)
    match = replace(match, seats=(*match.seats, ai))
    text = text_of(render_lobby(match, min_seats=3, max_seats=6))
    assert "3. Ada (AI)" in text and "(AI) (AI)" not in text


def test_start_waits_for_the_minimum_and_join_closes_when_full() -> None:
    short = render_lobby(make_match(1, status="lobby"), min_seats=3, max_seats=6)
    assert {b.label: b.disabled for b in short.buttons}["Start"]
    assert lobby_texts.LOBBY_NEEDS.format(least=3) in text_of(short)
    full = render_lobby(make_match(2, status="lobby"), min_seats=2, max_seats=2)
    states = {b.label: b.disabled for b in full.buttons}
    assert states["Join"] and states["Add AI"] and not states["Start"]


def test_a_cancelled_lobby_has_no_buttons() -> None:
    rendered = render_lobby(make_match(2, status="cancelled"), min_seats=2, max_seats=6)
    assert rendered.buttons == ()
    assert lobby_texts.LOBBY_CANCELLED in text_of(rendered)


# table and hand ---------------------------------------------------------------------------


def test_the_table_shows_public_state_and_only_the_hand_button() -> None:
    game = TwentyOne()
    state = game.new(3, seed=5)
    match = make_match(3)
    rendered = render_table(match, game.view(state, None).to_json(), deciders={0})
    assert [b.label for b in rendered.buttons] == [lobby_texts.BUTTON_HAND]
    text = text_of(rendered)
    assert play_texts.TABLE_WAITING_FOR.format(names="Alice") in text
    assert "Pile: 0 of 21" in text


@given(seed=st.integers(0, 2**32), moves=st.integers(0, 12))
def test_no_card_in_a_hand_ever_reaches_the_table(seed: int, moves: int) -> None:
    # The table is drawn from the spectator view and spectator-redacted events only.
    game = TwentyOne()
    state = game.new(3, seed=seed)
    events: list[Event] = []
    for _ in range(moves):
        if game.outcome(state) is not None:
            break
        [seat] = game.deciders(state)
        events += game.apply(state, game.legal_actions(state, seat)[0])
    match = make_match(3)
    log = public_event_lines(match, events)
    rendered = render_table(match, game.view(state, None).to_json(), log=log)
    text = text_of(rendered)
    assert "Your cards" not in text
    drawn = [e for e in events if e.kind == "drew"]
    assert all(
        line == f"{NAMES[e.data['seat']]} drew a card."
        for e, line in zip(drawn, [line for line in log if "drew" in line], strict=True)
    )


def test_a_finished_table_names_the_winner_and_has_no_buttons() -> None:
    match = make_match(3, status="finished", outcome=Outcome((1,), (1, 0, 1), "target"))
    rendered = render_table(match, {"pile": 22, "turn": 1, "hand_sizes": [3, 3, 3]})
    assert rendered.buttons == ()
    assert play_texts.TABLE_FINISHED.format(names="Bob") in text_of(rendered)


def test_players_with_closed_dms_are_told_to_use_my_hand() -> None:
    seats = make_match(2).seats
    closed = (seats[0], SeatInfo(1, 101, None, "Bob", True))
    rendered = render_table(make_match(2, seats=closed), {"pile": 0}, deciders={0})
    assert play_texts.TABLE_DM_CLOSED.format(name="Bob") in text_of(rendered)


def test_the_hand_has_a_button_per_legal_action_five_to_a_row_paged_past_25(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(controls, "SELECTS_WIRED", False)  # the all-buttons layout
    actions = [Action(0, "play", (n,)) for n in range(30)]
    rendered = render_hand(make_match(2), {"pile": 0, "hand": [1, 2]}, actions)
    # Discord: five rows of five; past that, four rows of actions and a pager row.
    playable = [b for b in rendered.buttons if b.row != 4]
    assert len(playable) == 20
    assert [b.row for b in playable] == [n // 5 for n in range(20)]
    assert playable[3].label == "Play 3"
    for button, action in zip(playable, actions, strict=False):
        parsed = parse_custom_id(button.custom_id)
        assert parsed is not None and parsed.key == action.key and parsed.version == 4
    second = render_hand(make_match(2), {"pile": 0, "hand": [1, 2]}, actions, page=1)
    assert [b.label for b in second.buttons if b.row != 4] == [f"Play {n}" for n in range(20, 30)]


def test_with_selects_a_long_list_of_choices_becomes_selects_of_25(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(controls, "SELECTS_WIRED", True)
    actions = [Action(0, "play", (n,)) for n in range(30)]
    rendered = render_hand(make_match(2), {"pile": 0, "hand": [1, 2]}, actions)
    assert [len(s.options) for s in rendered.selects] == [25, 5]
    assert rendered.selects[0].options[3].label == "Play 3"


def test_a_hand_without_moves_says_so() -> None:
    rendered = render_hand(make_match(2), {"pile": 0, "hand": [3]}, [])
    assert rendered.buttons == ()
    assert play_texts.HAND_NOT_YOUR_TURN in text_of(rendered)


# the generic renderer ---------------------------------------------------------------------

json_leaf = st.none() | st.booleans() | st.integers() | st.text(max_size=20)
json_value = st.recursive(
    json_leaf,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@given(view=st.dictionaries(st.text(min_size=1, max_size=12), json_value, max_size=8))
def test_the_generic_renderer_draws_any_view_within_discords_limits(view: dict[str, Any]) -> None:
    match = make_match(2, game="unknown-game")
    table = render_table(match, view, deciders={1}, log=["x" * 300] * 20)
    assert_fits_discord(table)
    hand = render_hand(match, view, [Action(1, "some_choice", ("left", 3))])
    assert_fits_discord(hand)
    assert hand.buttons[0].label == "Some choice left 3"


def test_an_unknown_event_still_reads_as_words() -> None:
    line = JsonRenderer().event_line({"kind": "monster_fled", "seat": 0}, ["Alice"])
    assert line == "monster fled"
