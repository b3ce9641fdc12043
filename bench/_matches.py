"""Live matches made through the real ``MatchService``, for the benchmarks.

Only the service's public methods are used (create, join, add_ai, start_match, view, act), so
the matches in the database are exactly what players would leave behind.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from bot.core.service import MatchInfo, MatchService, ServiceError

GUILD = 1_000
PER_GUILD = 100  # matches per server, under its cap of open matches (ServerSettings)
CHANNEL = 2_000
FIRST_USER = 10_000


@dataclass(frozen=True)
class Plan:
    """One match to make: the game, how many people sit and how many AI seats fill up."""

    game: str
    humans: int
    ai: int


PLANS = (
    Plan("classic", 1, 3),  # one person against three AI seats
    Plan("classic", 3, 0),
    Plan("duel", 2, 0),
    Plan("duel", 1, 1),
)


async def open_match(service: MatchService, plan: Plan, number: int) -> MatchInfo:
    """A started match; users are numbered so that every match has its own people."""
    users = [FIRST_USER + number * 10 + i for i in range(plan.humans)]
    match = await service.create(
        guild_id=GUILD + number // PER_GUILD,
        channel_id=CHANNEL + number % 50,
        host_id=users[0],
        host_name=f"Player {users[0]}",
        game=plan.game,
    )
    for user in users[1:]:
        await service.join(match.id, user, f"Player {user}")
    for _ in range(plan.ai):
        await service.add_ai(match.id, users[0])
    update = await service.start_match(match.id, users[0])
    return update.match


async def human_move(service: MatchService, match_id: int, rng: random.Random) -> bool:
    """One legal, non-conceding move by a person who may decide now. False when nobody human
    may move (the match ended or only AI seats are deciding)."""
    match = await service.get(match_id)
    if match.status != "live":
        return False
    for seat in match.seats:
        if seat.user_id is None:
            continue
        _, _, actions = await service.view(match_id, seat.user_id)
        choices = [a for a in actions if a.kind != "concede"]
        if not choices:
            continue
        action = rng.choice(choices)
        try:
            await service.act(match_id, seat.user_id, action.key, match.version)
        except ServiceError:
            return False
        return True
    return False


async def make_live_matches(
    service: MatchService,
    count: int,
    *,
    moves: int,
    seed: int = 7,
    plans: Sequence[Plan] = PLANS,
) -> list[int]:
    """``count`` live matches, each played ``moves`` human moves in (AI seats answer between),
    of ``plans`` in turn. A match that ends early is replaced so that exactly ``count`` stay
    live."""
    rng = random.Random(seed)
    live: list[int] = []
    number = 0
    while len(live) < count:
        plan = plans[number % len(plans)]
        match = await open_match(service, plan, number)
        number += 1
        for _ in range(rng.randint(moves // 2, moves)):
            if not await human_move(service, match.id, rng):
                break
        if (await service.get(match.id)).status == "live":
            live.append(match.id)
    return live
