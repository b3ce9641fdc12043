"""A strong AI seat's timing tells nothing of its hidden cards (issue 30.2): every strong
decision goes to the worker, a forced one too, and the worker answers once the server's think
time has passed, however soon its search was done. Measured on a clock the test keeps (the
search's and the wait's), never the wall's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.core.ai_pool import AiPool, Thought
from bot.core.ai_worker import think_job
from bot.core.service import MatchService
from bot.storage import open_storage
from engine.core import Action
from engine.games import load_game
from tests.bot.render_support import playout
from tests.bot.test_service import Clock

BUDGET_MS = 200.0


class KeptTime:
    """The worker's clock and sleep for a test: time moves only when the search has read the
    clock ``reads`` times (then it has used its budget) or when the worker waits."""

    def __init__(self, reads: int) -> None:
        self.now, self.reads, self.left = 0.0, 0, reads
        self.deadline: float | None = None

    def clock(self) -> float:
        self.reads += 1
        if self.deadline is None:  # the first read starts the job; the search's the next
            self.deadline = self.now + BUDGET_MS / 1000
        elif self.reads > self.left:
            self.now = max(self.now, self.deadline)
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def _decision(legal: int) -> tuple[Any, Any, int]:
    """A classic position whose first decider has exactly ``legal`` moves (``legal`` 2: two
    or more): a random playout on a fixed seed."""
    for seed in range(1, 40):
        for game, state in playout("classic", 4, seed, 400):
            deciders = sorted(game.deciders(state))
            if not deciders:
                continue
            n = len(game.legal_actions(state, deciders[0]))
            if n == legal or (legal == 2 and n > 2):
                return game, state.clone(), deciders[0]
    raise AssertionError(f"no decision with {legal} legal moves")


def _think_time(legal: int) -> float:
    game, state, seat = _decision(legal)
    kept = KeptTime(reads=40)
    answer = think_job(
        game.id,
        game.card_set_digest,
        None,
        state.to_json(),
        seat,
        [5, 0],
        BUDGET_MS,
        clock=kept.clock,
        sleep=kept.sleep,
    )
    assert Action.from_json(answer) in game.legal_actions(state, seat)
    return kept.now


def test_a_forced_move_and_a_searched_one_take_the_same_think_time() -> None:
    # issue 30.2: a seat with one legal move (nothing to answer a window with) was answered at
    # once, one with a choice after its search: the wait told which it held.
    assert _think_time(1) == _think_time(2) == BUDGET_MS / 1000


class CountingPool(AiPool):
    """A pool that answers at once with the first legal move, noting how many the seat had."""

    def __init__(self) -> None:
        super().__init__(size=1, warm=None)
        self.legal: list[int] = []

    async def think(self, guild_id: int, args: tuple[Any, ...], seconds: float) -> Thought:
        game_id, _, _, state, seat, _ = args
        game = load_game(game_id)
        moves = game.legal_actions(game.load_state(state), seat)
        self.legal.append(len(moves))
        return Thought(moves[0].to_json())


async def test_every_strong_decision_goes_to_the_worker_a_forced_one_too(tmp_path: Path) -> None:
    # issue 30.2: the driver sent a strong seat to the worker only when it had more than one
    # legal move; a forced one was played on the loop at once.
    db = await open_storage(tmp_path / "b.sqlite3")
    pool = CountingPool()
    service = MatchService(db, games=load_game, clock=Clock(), ai_pool=pool)
    await service.start()
    try:
        match = await service.create(
            guild_id=1, channel_id=2, host_id=100, host_name="Ann", game="classic"
        )
        for _ in range(3):
            await service.add_ai(match.id, 100, "strong")
        update = await service.start_match(match.id, 100)
        for _ in range(60):
            if update.match.outcome is not None or (1 in pool.legal and max(pool.legal) > 1):
                break
            current, _, actions = await service.view(match.id, 100)
            if not actions:
                break
            update = await service.act(match.id, 100, actions[0].key, current.version)
            await service.ai.settled(match.id)  # the strong seats' thinks
        assert 1 in pool.legal  # a forced decision was asked of the worker
        assert max(pool.legal) > 1  # and so was a real choice
    finally:
        await service.close()
        await db.close()
