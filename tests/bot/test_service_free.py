"""MatchService with free actors: a classic seat that is not deciding may still act when the
engine lists the action for it (# 004: When You May Take Actions); the deciders' clock and the
"waiting for" line stay theirs."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.core.service import MatchService, ServiceError
from bot.storage import open_storage
from engine.core import Action

SEED = 1  # a deal where Ann or Bo, not deciding, can offer the AI a trade

HUMANS = 3


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def service(tmp_path: Path, clock: Clock) -> AsyncIterator[MatchService]:
    db = await open_storage(tmp_path / "b.sqlite3")
    service = MatchService(db, clock=clock)
    await service.start()
    yield service
    await service.close()
    await db.close()


async def started(service: MatchService) -> tuple[int, int, int]:
    """A live three-human classic match: its id, the turn seat and another seat."""
    match = await service.create(
        guild_id=1, channel_id=2, host_id=100, host_name="Ann", game="classic"
    )
    for n in range(1, HUMANS):
        await service.join(match.id, 100 + n, f"P{n}")
    update = await service.start_match(match.id, 100)
    [turn] = update.deciders
    return match.id, turn, (turn + 1) % HUMANS


async def test_a_free_actor_gives_gold_off_turn_and_the_turn_clock_stands(
    service: MatchService, clock: Clock
) -> None:
    # 004: Coins: gold may be given at any time outside combat, not only on your own turn.
    match_id, turn, other = await started(service)
    before = await service.get(match_id)
    assert before.deadline_at is not None
    _, view, actions = await service.view(match_id, 100 + other)
    gift = Action(other, "give_gold", (turn,))
    assert gift in actions  # the private hand offers it
    clock.now += 30
    update = await service.act(match_id, 100 + other, gift.key, before.version)
    assert update.deciders == {turn}
    after = await service.get(match_id)
    assert after.version == before.version + 1
    assert after.deadline_at == before.deadline_at  # the turn player's clock did not restart
    _, view, _ = await service.view(match_id, 100 + other)
    gold = view.to_json()["gold"]
    assert gold[other] == 400 and gold[turn] == 600


async def test_a_turn_action_off_turn_is_not_your_move(service: MatchService) -> None:
    match_id, _, other = await started(service)
    before = await service.get(match_id)
    key = Action(other, "listen", ("door",)).key
    with pytest.raises(ServiceError) as refused:
        await service.act(match_id, 100 + other, key, before.version)
    assert refused.value.code == "not_your_move"
    assert (await service.get(match_id)).version == before.version
    assert await service.action_log(match_id) == []


async def test_buttons_drawn_before_a_free_move_still_count(service: MatchService) -> None:
    # The turn player's hand drawn before someone else's gift is not stale: only free actors
    # moved and the same seat still decides (the engine checks the click against the state).
    match_id, turn, other = await started(service)
    before = await service.get(match_id)
    await service.act(
        match_id, 100 + other, Action(other, "give_gold", (turn,)).key, before.version
    )
    listen = Action(turn, "listen", ("door",)).key
    update = await service.act(match_id, 100 + turn, listen, before.version)
    assert update.match.version == before.version + 2
    # After a move by a seat the table waited on, the old buttons are stale again.
    with pytest.raises(ServiceError) as stale:
        await service.act(match_id, 100 + turn, Action(turn, "kick").key, before.version)
    assert stale.value.code == "stale"


async def test_an_ai_seat_answers_an_off_turn_offer_at_once(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 004: When You May Take Actions (trading): the AI answers an offer made to it off-turn as
    # soon as the human's move is in, without anyone waiting on it.
    match = await service.create(
        guild_id=1, channel_id=2, host_id=100, host_name="Ann", game="classic"
    )
    await service.join(match.id, 101, "Bo")
    await service.add_ai(match.id, 100, "heuristic")
    # The match's seed is drawn at start; a fixed one deals a table where a human who is not
    # deciding can offer the AI a trade, so the test always runs instead of sometimes skipping.
    monkeypatch.setattr("bot.core.service.secrets.randbits", lambda bits: SEED)
    update = await service.start_match(match.id, 100)
    ai = 2
    offers = []
    for seat in (0, 1):
        if seat in update.deciders or ai in update.deciders:
            continue
        _, _, actions = await service.view(match.id, 100 + seat)
        offers += [a for a in actions if a.kind == "offer" and a.args[0] == ai]
    assert offers, f"seed {SEED}: the AI seat or both humans are deciding at the start"
    offer = offers[0]
    current = await service.get(match.id)
    await service.act(match.id, 100 + offer.seat, offer.key, current.version)
    log = await service.action_log(match.id)
    answer = log[-1]
    assert answer.seat == ai and answer.kind in ("accept", "decline")
    assert answer.args == (offer.args[1], offer.args[2], offer.seat, 0)
