"""The bot process that ``bench/chaos.py`` kills: the match service on a real SQLite file (or a
PostgreSQL database, given its URL),
started the way the bot starts it (open + migrate, ``MatchService.start`` restoring every live
match), with simulated players moving in several matches at once.

Every line it prints on stdout is an acknowledgement, written only after the service returned,
that is after the change was committed: the driver keeps them in its own file and later checks
that each one is still in the database. A player sometimes sends a builder's plan (two or three
moves of one seat in a row, ``MatchService.act_all``) instead of one move: it first prints the
plan's intent and then its acknowledgement or its refusal (neither counts as a move), so that a
plan a kill cut short can be checked to be stored all or none (issue 30, "plans land whole").

    python bench/_chaos_worker.py DB|postgresql://... --seed N [--players 6] [--live 12]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import bot.games  # noqa: F401  (registers the hosted games' plugins)
from bench._matches import PLANS, open_match
from bot.core.service import MatchService, ServiceError
from bot.core.session import MatchSession
from bot.storage import open_storage
from engine.core import Action

PLAN_SHARE = 0.25  # of the moves made where a plan is possible
PLAN_MOVES = 3  # at most, in one plan


def ack(kind: str, **fields: object) -> None:
    print(json.dumps({"ack": kind, **fields}), flush=True)


class Players:
    """Simulated people: each task picks a live match and makes one legal move in it."""

    def __init__(self, service: MatchService, rng: random.Random, live_target: int) -> None:
        self.service = service
        self.rng = rng
        self.live_target = live_target
        self.live: list[int] = []
        self.offsets: dict[int, int] = {}  # version - actions, fixed once a match has started
        # Moves in flight per match, and the matches a plan is being stored in: a plan is made
        # only where nothing else is in flight and nothing else starts until it is answered, so
        # the log right after its index is the plan's or not the plan's at all.
        self.in_flight: dict[int, int] = {}
        self.planning: set[int] = set()

    async def load(self) -> None:
        self.live = await self.service.repo.match_ids(statuses=("live",))

    async def offset(self, match_id: int) -> int:
        """Lobby changes bump the version too; after the start, one action is one version."""
        while match_id not in self.offsets:
            version = (await self.service.get(match_id)).version
            count = len(await self.service.action_log(match_id))
            if (await self.service.get(match_id)).version == version:  # nothing slipped in
                self.offsets[match_id] = version - count
        return self.offsets[match_id]

    async def new_match(self) -> None:
        plan = PLANS[self.rng.randrange(len(PLANS))]
        match = await open_match(self.service, plan, self.rng.randrange(10**8))
        ack("start", match=match.id, version=match.version)
        if match.status == "live":
            self.live.append(match.id)

    async def move(self) -> None:
        if len(self.live) < self.live_target:
            await self.new_match()
            return
        match_id = self.rng.choice(self.live)
        if match_id in self.planning:
            return
        if not self.in_flight.get(match_id) and self.rng.random() < PLAN_SHARE:
            self.planning.add(match_id)
            try:
                await self.plan(match_id)
            finally:
                self.planning.discard(match_id)
            return
        self.in_flight[match_id] = self.in_flight.get(match_id, 0) + 1
        try:
            await self.one_move(match_id)
        finally:
            self.in_flight[match_id] -= 1

    async def one_move(self, match_id: int) -> None:
        match = await self.service.get(match_id)
        if match.status != "live":
            if match_id in self.live:  # another player task may have seen it end first
                self.live.remove(match_id)
            return
        humans = [s for s in match.seats if s.user_id is not None]
        self.rng.shuffle(humans)
        for seat in humans:
            assert seat.user_id is not None
            match, _, actions = await self.service.view(match_id, seat.user_id)
            choices = [a for a in actions if a.kind != "concede"]
            if not choices:
                continue
            action = self.rng.choice(choices)
            before = await self.offset(match_id)
            index = match.version - before
            try:
                update = await self.service.act(match_id, seat.user_id, action.key, match.version)
            except ServiceError:
                return  # another player moved first: normal, nothing to acknowledge
            ack(
                "act",
                match=match_id,
                index=index,
                action=action.to_json(),
                count=update.match.version - before,
                version=update.match.version,
            )
            return

    async def plan(self, match_id: int) -> None:
        """Two or three moves of one person's seat in a row, sent as one plan (all or none)."""
        match = await self.service.get(match_id)
        if match.status != "live":
            return
        for seat in [s for s in match.seats if s.user_id is not None]:
            assert seat.user_id is not None
            match, _, actions = await self.service.view(match_id, seat.user_id)
            session = self.service.live.get(match_id)
            first = [a for a in actions if a.kind != "concede"]
            if session is None or not first:
                continue
            moves = self.moves_from(session, self.rng.choice(first))
            if len(moves) < 2:
                continue
            before = await self.offset(match_id)
            index = match.version - before
            logged = [a.to_json() for a in moves]
            ack("plan_intent", match=match_id, index=index, actions=logged)
            keys = [a.key for a in moves]
            try:
                update = await self.service.act_all(match_id, seat.user_id, keys, match.version)
            except ServiceError:  # stale, or a step the rules refuse: nothing stored
                ack("plan_refused", match=match_id, index=index)
                return
            ack(
                "plan",
                match=match_id,
                index=index,
                actions=logged,
                count=update.match.version - before,
                version=update.match.version,
            )
            return

    def moves_from(self, session: MatchSession, first: Action) -> list[Action]:
        """``first`` and, while its seat still decides, further legal moves of that seat,
        each chosen in the state the ones before it leave (played on copies)."""
        moves, trial = [first], session
        while True:
            try:
                trial = trial.after(trial.play(moves[-1]))
            except ServiceError:
                return moves[:-1]
            seat = moves[-1].seat
            if len(moves) == PLAN_MOVES or trial.outcome() is not None:
                return moves
            if seat not in trial.deciders():
                return moves
            legal = [a for a in trial.game.legal_actions(trial.state, seat) if a.kind != "concede"]
            if not legal:
                return moves
            moves.append(self.rng.choice(legal))

    async def run(self, tasks: int) -> None:
        async def loop() -> None:
            while True:
                await self.move()

        await asyncio.gather(*(loop() for _ in range(tasks)))


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("db", help="a SQLite file, or a postgresql:// URL")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--players", type=int, default=6, help="concurrent simulated players")
    parser.add_argument("--live", type=int, default=12, help="live matches kept going")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)  # a snapshot that disagrees with its log shows
    location = args.db if args.db.startswith(("postgresql://", "postgres://")) else Path(args.db)
    db = await open_storage(location)
    service = MatchService(db, turn_seconds=30.0)
    await service.start()
    players = Players(service, random.Random(args.seed), args.live)
    await players.load()
    ack("ready", live=len(players.live))
    await players.run(args.players)


if __name__ == "__main__":
    asyncio.run(main())
