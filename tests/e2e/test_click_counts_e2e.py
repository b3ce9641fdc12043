"""One action click, counted end to end (docs/architecture.md, "How a click travels"): the
match is read once per phase (the click guard's membership check, then the move), each
recipient's message is drawn from one view built from the update's snapshot (the table's
spectator view, the hand DM of the seat that now decides, the clicker's refreshed hand), the
snapshot check runs once, each hand's legal moves are listed once (the click is checked against
the list its hand was drawn from), and nothing calls back into the service for a view. The
figures are pinned so a change that reads the match again or builds a view twice shows here."""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.words import lobby_texts
from tests.e2e.conftest import World
from tests.e2e.helpers import action_ids, hand_dm, message_in
from tests.e2e.test_play_e2e import dm_posts, start_match
from tests.support.tinygame import TwentyOne


def _counting(
    counts: Counter[str], name: str, call: Callable[..., Awaitable[Any]]
) -> Callable[..., Awaitable[Any]]:
    async def counted(*args: Any, **kwargs: Any) -> Any:
        counts[name] += 1
        return await call(*args, **kwargs)

    return counted


async def test_one_click_reads_the_match_once_per_phase_and_draws_one_view_per_recipient(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, table_id = await start_match(world, world.bob)
    # Alice's move opens the log thread; Bob's click from his hand DM is the one counted.
    hand = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert hand.response is not None
    await world.alice.click(hand.response, custom_id=action_ids(hand.response)[0])
    await world.env.settle()
    service = world.bot.service
    counts: Counter[str] = Counter()
    for name, owner, method in (
        ("match read", service.repo, "match_with_seats"),
        ("match row read", service.repo, "match"),
        ("snapshot check", service.restorer, "check"),
        ("service.view", service, "view"),
        ("service.current", service, "current"),
    ):
        monkeypatch.setattr(owner, method, _counting(counts, name, getattr(owner, method)))
    monkeypatch.setattr(service.ledger, "_check", service.restorer.check)
    view = TwentyOne.view

    def counted_view(self: TwentyOne, state: Any, seat: int | None) -> Any:
        counts[f"view seat {seat}"] += 1
        return view(self, state, seat)

    monkeypatch.setattr(TwentyOne, "view", counted_view)
    legal = TwentyOne.legal_actions

    def counted_legal(self: TwentyOne, state: Any, seat: int) -> Any:
        counts[f"moves seat {seat}"] += 1
        return legal(self, state, seat)

    monkeypatch.setattr(TwentyOne, "legal_actions", counted_legal)
    alice_dms = dm_posts(world, world.alice)
    bob_dm = hand_dm(world.bob)

    await world.bob.user.click(bob_dm, custom_id=action_ids(bob_dm)[0])
    await world.env.settle()

    assert dm_posts(world, world.alice) == alice_dms + 1  # Alice decides again: a ping
    assert counts == Counter(
        {
            "match read": 2,  # the click guard's, then the move's; none to publish or reply
            "snapshot check": 1,
            "view seat None": 1,  # the table
            "view seat 0": 1,  # Alice's live hand (her My hand answer), redrawn in place
            "view seat 1": 1,  # Bob's hand, redrawn in the DM he clicked
            # Each hand's moves listed once; Bob's click is checked against the moves his
            # hand listed at the version he clicked (the session's memo, engine/core/memo.py)
            "moves seat 0": 1,
            "moves seat 1": 1,
        }
    )
