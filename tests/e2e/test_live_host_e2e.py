"""One owner per live match through SimCord (issue 25.5): a match played on Discord leaves
state in the core and in delivery (its session and lock, its turn timer, the publisher's
table, its hands); forgetting it releases every registered piece, and every piece that holds
per-match state is registered and named in docs/architecture.md."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.conftest import World
from tests.e2e.helpers import message_in
from tests.e2e.test_play_e2e import start_match

ARCHITECTURE = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"
REGISTERED = {
    "turn timer",
    "restart AI burst",
    "AI burst",
    "delivery marks",
    "table publisher",
    "hands owed",
    "live hands",
}


async def test_forgetting_a_played_match_releases_it_everywhere(world: World) -> None:
    match_id, table_id = await start_match(world, world.bob)
    await world.alice.click(message_in(world.channel, table_id), label="My hand")
    await world.env.settle()
    service = world.bot.service
    held = set(service.live.holding(match_id))
    assert {"live match session", "turn timer", "table publisher", "live hands"} <= held
    await service.forget(match_id)
    assert service.live.holding(match_id) == []
    assert match_id not in service.live and not service.timers.knows(match_id)
    assert (await service.get(match_id)).status == "live", "the database is untouched"


def test_every_holder_of_per_match_state_is_registered_and_documented(world: World) -> None:
    assert set(world.bot.service.live.registered()) == REGISTERED
    table = ARCHITECTURE.read_text()
    for name in REGISTERED:
        assert f"“{name}”" in table, f"docs/architecture.md's table names {name!r}"
