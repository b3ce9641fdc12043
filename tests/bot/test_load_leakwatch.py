"""The load run's per-message leak check (``bench/_leakwatch.py``) bites: a table edit or a DM
naming a card in another seat's hand is counted, while a card the message's own render showed
in the open, or an event showed to all, is not. # 004: Card Management (hands are private)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bench._leakwatch import LeakWatch
from bot.core.service import Update
from bot.screens.leaks import PUBLIC, forbidden_names
from engine.core import Event
from tests.bot.render_support import make_match, until

TABLE_CHANNEL, TABLE_MESSAGE, DM_CHANNEL, PERSON = 2, 3, 900, 100  # make_match's ids


def _world() -> tuple[LeakWatch, Any, Any, Any]:
    """A watch over one classic match (seat 0 is the person), and a card in seat 1's hand that
    neither the channel nor seat 0 may see."""
    game, state = until("classic", 4, 3, lambda v: all(n >= 2 for n in v["hand_sizes"]))
    names = [c.name for c in game.table.defs]
    forbidden = forbidden_names("classic", state)
    secret = next(c for c in state.hands[1] if names[c] in forbidden[PUBLIC] & forbidden[0])
    service = SimpleNamespace(
        live={42: SimpleNamespace(state=state)}, ledger=SimpleNamespace(listeners=[])
    )

    async def view(*_: Any) -> None:
        return None

    service.view = view
    table = SimpleNamespace(
        channel=SimpleNamespace(id=TABLE_CHANNEL), person=SimpleNamespace(id=PERSON), match_id=42
    )
    watch = LeakWatch(service, SimpleNamespace(dm_channels={PERSON: DM_CHANNEL}), [table], 1.0, 1)
    watch.attach()
    return watch, state, secret, names


async def test_a_table_edit_and_a_dm_naming_another_seats_card_are_leaks() -> None:
    watch, _, secret, names = _world()
    await watch.on_update(Update(make_match("classic", 4), [], frozenset()))
    table_path = f"/channels/{TABLE_CHANNEL}/messages/{TABLE_MESSAGE}"
    watch.observe("PATCH", table_path, {"content": f"Bob holds {names[secret]}"}, None)
    embed = {"description": f"You might like {names[secret]}"}
    watch.observe("POST", f"/channels/{DM_CHANNEL}/messages", {"embeds": [embed]}, None)
    figures = watch.figures()
    assert figures["leaks_found"] == 2, figures
    assert "to the channel" in figures["examples"][0] and "to seat 0" in figures["examples"][1]
    assert figures["by_kind"] == {"table": 1, "dm": 1}


async def test_a_card_shown_by_an_event_or_in_the_render_is_not_a_leak() -> None:
    watch, state, secret, names = _world()
    # an event of this version showed the card to everyone (a reveal), then it went back
    shown = Event("revealed", {"card": secret})
    await watch.on_update(Update(make_match("classic", 4), [shown], frozenset()))
    table_path = f"/channels/{TABLE_CHANNEL}/messages/{TABLE_MESSAGE}"
    watch.observe("PATCH", table_path, {"content": f"Bob reveals {names[secret]}"}, None)
    assert watch.figures()["leaks_found"] == 0
    # the seat's own hand is theirs to read
    own = names[state.hands[0][0]]
    watch.observe("POST", f"/channels/{DM_CHANNEL}/messages", {"content": f"Play {own}"}, None)
    assert watch.figures()["leaks_found"] == 0
    # a line already judged is not judged again; a fresh one naming the card is a leak
    watch.observe("PATCH", table_path, {"content": f"Bob reveals {names[secret]}"}, None)
    assert watch.figures()["leaks_found"] == 0
    # shown since the message before last: still allowed; two messages later it is a leak
    watch.observe("PATCH", table_path, {"content": f"Still {names[secret]}"}, None)
    assert watch.figures()["leaks_found"] == 0
    watch.observe("PATCH", table_path, {"content": f"Again {names[secret]}"}, None)
    assert watch.figures()["leaks_found"] == 1
    assert watch.figures()["fresh_lines_judged"] == 4


async def test_a_render_drawn_before_the_card_was_hidden_is_judged_on_that_state() -> None:
    watch, state, secret, names = _world()
    before = state.clone()
    before.hands[1].remove(secret)
    before.items[1].append(secret)  # on Bob's table when the render read the match
    watch.viewed(42, None, SimpleNamespace(state=before))  # no watch yet: ignored
    await watch.on_update(Update(make_match("classic", 4), [], frozenset()))
    watch.viewed(42, None, SimpleNamespace(state=before))
    table_path = f"/channels/{TABLE_CHANNEL}/messages/{TABLE_MESSAGE}"
    watch.observe("PATCH", table_path, {"content": f"Bob's items: {names[secret]}"}, None)
    assert watch.figures()["leaks_found"] == 0
