"""Bringing matches back into memory: from a snapshot and the few actions after it (fast), or
by replaying the log (the truth; the snapshot is only a cache of its fold, written every
``SNAPSHOT_EVERY`` actions). The service calls
these under each match's lock.

A match plays on the card set it started with (``card_sets``, by digest) and records the
rules version it was played by. After a deploy: changed cards never reach it (its game is
rebuilt from the pinned definitions); changed rules replay its log on the new code and it goes
on only if that reaches exactly the stored state, else it is ended cleanly with no result
(docs/reliability.md, "A deploy under live matches"). A match whose rows cannot be read is
quarantined (its table says so; a server manager may end it) while every other one restores.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from bot.core.errors import ServiceError
from bot.core.fold import Fold, fold, plain
from bot.core.live import LiveMatches
from bot.core.match_types import MatchInfo
from bot.core.session import MatchSession
from bot.storage.models import DatabaseUnavailable, MatchRow, StoredMatch
from bot.storage.ports import MatchRepository
from engine import games as registry
from engine.core import Action, Game
from engine.core.record import MatchRecord, RecordHeader

log = logging.getLogger("bot.core.service")

# Why the bot ended or quarantined a match (``matches.ended_reason``; worded in
# bot.words.error_texts).
CARDS_GONE = "cards_changed"  # its card set can neither be rebuilt nor found in the data
RULES_CHANGED = "rules_changed"  # its log no longer reaches its state on the new rules
UNREADABLE = "unreadable"  # a row of it cannot be read: quarantined until a manager ends it
BY_MANAGER = "ended_by_manager"


class CannotGoOn(Exception):
    """This match cannot be played on with this code and these cards; ``reason`` says why."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail


class Restorer:
    """Brings matches back into memory (at start, and a finished one for a late look) and
    checks each snapshot-restored match against a replay of its log."""

    def __init__(
        self,
        repo: MatchRepository,
        live: LiveMatches,
        games: Callable[[str], Game[Any, Any]],
    ) -> None:
        self.repo = repo
        self.live = live
        self._games = games
        # Restored from their snapshots, their log not yet replayed (see ``check``): a mark
        # of each ``LiveMatch`` (bot.core.live), seen as a set.
        self.unchecked = live.unchecked
        # Set at start: the matches ended because of a deploy.
        self.ended_at_start: list[int] = []
        self._saved_sets: set[str] = set()

    def game(self, game_id: str) -> Game[Any, Any]:
        try:
            return self._games(game_id)
        except KeyError:
            raise ServiceError("game_unknown", game=game_id) from None

    # bringing a live match back -------------------------------------------------------------

    async def bring_back(self, stored: StoredMatch) -> MatchSession | None:
        """The live match from its records, or None when it was ended (its cards or rules
        changed beyond replay) or quarantined (its records cannot be read). ``stored`` may
        come without its log: it is read only when the snapshot cannot serve."""
        match_id = stored.id
        try:
            if stored.damaged:
                raise CannotGoOn(UNREADABLE, ", ".join(stored.damaged[:3]))
            game = await self._game_of(stored)
            if _rules_of(stored.row) != rules_version_of(game.id):
                return await self._replay_on_new_rules(await self._logged(stored), game)
            live = self._from_snapshot(stored, game)
            if live is None:
                live = await self._rebuild(await self._logged(stored), game)
            else:
                self.unchecked.add(match_id)
            return live
        except CannotGoOn as exc:
            if exc.reason == UNREADABLE:
                log.error("match %s quarantined: %s", match_id, exc.detail)
                self.live.quarantined[match_id] = exc.reason
            else:
                await self._end_at_start(match_id, exc)
            return None
        except Exception:
            log.exception("match %s could not be restored; quarantined", match_id)
            self.live.quarantined[match_id] = UNREADABLE
            return None

    async def _logged(self, stored: StoredMatch) -> StoredMatch:
        """``stored`` with its log (read again when it came without)."""
        if stored.logged:
            return stored
        found = await self.repo.stored_matches(statuses=None, match_id=stored.id)
        if not found:
            raise CannotGoOn(UNREADABLE, "gone while it was restored")
        if found[0].damaged:
            raise CannotGoOn(UNREADABLE, ", ".join(found[0].damaged[:3]))
        return found[0]

    async def _game_of(self, stored: StoredMatch) -> Game[Any, Any]:
        """The game this match plays on: rebuilt from its pinned card set, else (a match from
        before pinning) today's data if it holds the very cards the match recorded, pinned
        from now on."""
        row = stored.row
        digest = row.card_set
        if digest:
            game = registry.pinned(row.game, digest)
            if game is not None:
                return game
            document = await self.repo.card_set(digest)
            if document is None:
                raise CannotGoOn(CARDS_GONE, f"card set {digest} is not stored")
            try:
                return registry.from_definitions(row.game, digest, document)
            except Exception as exc:
                raise CannotGoOn(CARDS_GONE, f"card set {digest} no longer builds: {exc}") from exc
        game = self.game(row.game)
        header = _header(row)
        if header.card_set_digest != game.card_set_digest:
            raise CannotGoOn(CARDS_GONE, "started before pinning, on cards the data no longer has")
        pin = registry.pin(game)
        await self.repo.pin_match(
            stored.id,
            card_set=(pin[0], game.id, pin[1]) if pin is not None else None,
            rules_version=_rules_of(row),
        )
        return game

    async def _replay_on_new_rules(self, stored: StoredMatch, game: Game[Any, Any]) -> MatchSession:
        """Played by other rules than this code's: go on only if its log replays on the new
        rules to exactly the stored state (then the new version is pinned)."""
        match_id, row = stored.id, stored.row
        header = _header(row)
        record = MatchRecord(header=header, actions=list(stored.actions))
        was, now = _rules_of(row), rules_version_of(game.id)
        if stored.snapshot is None or stored.snapshot[0] > len(stored.actions):
            raise CannotGoOn(RULES_CHANGED, f"rules {was} -> {now}: no snapshot to compare")
        try:
            # The snapshot is the state after its count of actions (one every few actions):
            # the new rules must reach it there, then they play the rest of the log.
            folded = fold(game, record, at=stored.snapshot[0])
        except Exception as exc:
            raise CannotGoOn(RULES_CHANGED, f"rules {was} -> {now}: log refused ({exc})") from exc
        # The stored state as this code reads it, not its raw JSON: a snapshot in an older
        # stored form (a field a later version fills in when it loads) is the same state.
        try:
            snapshot = game.load_state(stored.snapshot[1]).to_json()
        except Exception as exc:
            raise CannotGoOn(RULES_CHANGED, f"rules {was} -> {now}: snapshot unreadable") from exc
        if folded.at_state != plain(snapshot):
            raise CannotGoOn(RULES_CHANGED, f"rules {was} -> {now}: the log reaches another state")
        await self.repo.pin_match(match_id, card_set=None, rules_version=now)
        log.warning("match %s replays exactly on rules %s (was %s): going on", match_id, now, was)
        return self._live_match(stored, game, header, folded.state, folded)

    async def _end_at_start(self, match_id: int, exc: CannotGoOn) -> None:
        log.warning("match %s ended with no result after a deploy: %s", match_id, exc)
        if await self.repo.end_match(match_id, exc.reason):
            self.ended_at_start.append(match_id)

    def _live_match(
        self,
        stored: StoredMatch,
        game: Game[Any, Any],
        header: RecordHeader,
        state: Any,
        folded: Fold | None = None,
    ) -> MatchSession:
        version = stored.row.version
        return MatchSession(
            game,
            state,
            header,
            int(stored.row.ai_seed or 0),
            stored.count,
            {s.seat: s.ai_level for s in stored.seats if s.ai_level is not None},
            pass_floor=version,
            recent=folded.recent if folded is not None else [],
            hand_due=folded.hand_due if folded is not None else {},
            version=version,
            told=folded.told if folded is not None else None,
            # The seats whose lapse counted in the turn being played, as the last write
            # stored them: lapsed in this session's first turn (the away rule counts once).
            lapsed=dict.fromkeys(stored.row.lapsed, 0),
        )

    async def check_all(self) -> None:
        for match_id in sorted(self.unchecked):
            if match_id not in self.unchecked:
                # Checked meanwhile, by a click or by its AI burst, which checks first and
                # then holds the lock for as long as the AI plays: never wait on that.
                continue
            async with self.live.lock(match_id):
                await self.check(match_id)
            await asyncio.sleep(0)  # one replay at a time, so clicks are served in between

    async def check(self, match_id: int) -> None:
        """Replay a snapshot-restored match's log (the caller holds the match lock), read
        now: every read and change checks first, but should the match have moved since its
        restore all the same, a record read at the restore would roll the session back
        (issue 30.10: the AI's moves vanished and the next move forked the log)."""
        live = self.live.get(match_id)
        if match_id not in self.unchecked or live is None:
            return
        self.unchecked.discard(match_id)
        try:
            found = await self.repo.stored_matches(statuses=("live",), match_id=match_id)
            if found:
                self.live.put(match_id, await self._rebuild(found[0], live.game))
        except DatabaseUnavailable as exc:
            # Not read, so not checked: the next read or change checks it again.
            self.unchecked.add(match_id)
            log.warning("match %s: the log could not be read to check it: %s", match_id, exc)
        except Exception:
            log.exception("match %s: the log could not be checked; keeping the snapshot", match_id)

    async def reload(self, match_id: int) -> None:
        """Read a live match's session back from the database (the caller holds its lock):
        after a commit found the session apart from the stored log (``Ledger.commit``)."""
        self.unchecked.discard(match_id)
        live = self.live.get(match_id)
        found = await self.repo.stored_matches(statuses=("live",), match_id=match_id)
        if live is None or not found:
            self.live.drop(match_id)
            return
        self.live.put(match_id, await self._rebuild(found[0], live.game))

    def _from_snapshot(self, found: StoredMatch, game: Game[Any, Any]) -> MatchSession | None:
        """A live match from its snapshot and the log's tail after it (the snapshot is
        written every ``SNAPSHOT_EVERY`` actions), else None (also when the engine cannot
        load the snapshot or play the tail on it: the whole log is replayed instead)."""
        snapshot = found.snapshot
        if snapshot is None or snapshot[0] + len(found.tail) != found.count:
            return None
        header = _header(found.row)
        try:
            state = game.load_state(snapshot[1])
            for action in found.tail:
                game.apply(state, Action.from_json(action))
        except Exception:
            log.warning("match %s: the snapshot and its tail do not load; replaying", found.id)
            return None
        return self._live_match(found, game, header, state)

    async def _restore(self, match_id: int) -> MatchSession:
        found = await self.repo.stored_matches(statuses=None, match_id=match_id)
        if not found:
            raise ServiceError("not_found")
        try:
            game = await self._game_of(found[0])
        except CannotGoOn:
            raise ServiceError("replay_broken") from None
        return await self._rebuild(found[0], game)

    async def _rebuild(self, found: StoredMatch, game: Game[Any, Any]) -> MatchSession:
        match_id, row = found.id, found.row
        header = _header(row)
        record = MatchRecord(header=header, actions=list(found.actions))
        snapshot = found.snapshot
        stored = None
        if snapshot is not None:
            try:
                stored = game.load_state(snapshot[1])
            except Exception:
                log.warning("match %s: the snapshot does not load; the log decides", match_id)
        folded: Fold | None = None
        try:
            folded = fold(game, record, at=snapshot[0] if snapshot is not None else None)
        except Exception:
            log.exception("match %s: the log does not replay; keeping the snapshot", match_id)
            if stored is None or snapshot is None or snapshot[0] != len(record.actions):
                raise  # a snapshot behind the log cannot stand in for it
            state = stored
        else:
            state = folded.state
            # The snapshot is the fold's state after its count of actions (one is written
            # every SNAPSHOT_EVERY actions), compared as stored.
            if stored is None or plain(stored.to_json()) != folded.at_state:
                # The log is the truth; the snapshot is only a cache of its fold.
                log.warning("match %s: snapshot disagrees with the log; using the log", match_id)
                await self.repo.replace_snapshot(match_id, len(record.actions), state.to_json())
        return self._live_match(found, game, header, state, folded)

    # a match's game, for starts and for history ---------------------------------------------

    async def pin_for_start(
        self, game: Game[Any, Any]
    ) -> tuple[str, str, dict[str, Any] | None] | None:
        """(digest, game, definitions) to store with a starting match; definitions until a
        start that stored that digest has committed (the row is written once per digest,
        ``ON CONFLICT DO NOTHING``). Marked stored only then (``pinned``): a start that
        overlaps the first one, or follows one that failed, must not count on its row
        (a foreign-key failure on PostgreSQL, where starts run on connections at once)."""
        pin = registry.pin(game)
        if pin is None:
            return None
        digest, document = pin
        return (digest, game.id, None if digest in self._saved_sets else document)

    def pinned(self, card_set: tuple[str, str, dict[str, Any] | None] | None) -> None:
        """A start that stored ``card_set`` committed: later starts need not send it."""
        if card_set is not None:
            self._saved_sets.add(card_set[0])

    async def game_of_match(self, match_id: int) -> Game[Any, Any]:
        """The game a stored match was played on (its pinned card set), for replays and
        exports. ``replay_broken`` when its cards can no longer be built."""
        found = await self.repo.stored_matches(statuses=None, match_id=match_id)
        if not found:
            raise ServiceError("not_found")
        live = self.live.get(match_id)
        if live is not None:
            return live.game
        try:
            return await self._game_of(found[0])
        except CannotGoOn:
            raise ServiceError("replay_broken") from None

    async def card_set_of(self, match_id: int) -> dict[str, Any] | None:
        """The pinned definitions of a match (what an export carries), if any."""
        game = await self.game_of_match(match_id)
        pin = registry.pin(game)
        return pin[1] if pin is not None else None

    async def rules_version_played(self, match_id: int) -> int:
        row = await self.repo.match(match_id)
        if row is None:
            raise ServiceError("not_found")
        return _rules_of(row)

    async def hands_owed(self, unsent: list[tuple[int, int, int | None]]) -> dict[int, set[int]]:
        """Match -> seats to send a fresh hand after a restart, of the (match, seat, version
        of its last hand DM) in ``unsent``: a human seat whose last hand DM is older than the
        moment its hand last fell due (the start, its turn beginning outside a response
        window, a trade offered to it), found by replaying the log with the publisher's own
        rule. A DM merely older than the match is not owed: moves that did not make the seat
        start deciding (its own further steps, others' free plays) sent it nothing before the
        restart either, so a restart that lost nothing sends nothing."""
        owed: dict[int, set[int]] = {}
        for match_id, seat, sent in unsent:
            if match_id in self.unchecked:
                async with self.live.lock(match_id):
                    await self.check(match_id)
            live = self.live.get(match_id)
            if live is None:
                continue  # not restored (it failed to load): nothing to deal from
            if live.hand_due:
                start = live.version - live.count
                lost = sent is None or sent < start + live.hand_due.get(seat, 0)
            else:  # the log did not replay: the snapshot's deciders are all we know
                lost = sent is None or (seat in live.deciders() and not live.in_window())
            if lost:
                owed.setdefault(match_id, set()).add(seat)
        return owed

    async def load_finished(self, match: MatchInfo) -> MatchSession:
        """A match no longer in memory (finished, ended), rebuilt from its log for a look."""
        if match.id in self.live.quarantined:
            raise ServiceError("quarantined")
        if match.status == "lobby" or match.status == "cancelled":
            row = await self.repo.match(match.id)
            if row is None or row.header_json is None:
                raise ServiceError("wrong_status", status=match.status)
        return await self._restore(match.id)


def _rules_of(row: MatchRow) -> int:
    """The rules version a match was played by (NULL: before versions, which is 1)."""
    return 1 if row.rules_version is None else row.rules_version


def _header(row: MatchRow) -> RecordHeader:
    """The record header of a started match."""
    return RecordHeader.model_validate_json(row.header_json or "null")


def rules_version_of(game_id: str) -> int:
    try:
        return registry.rules_version(game_id)
    except KeyError:
        return 1  # a game given to the service directly (tests) and never registered
