"""Auto-pass (issue 18): what a player's "pass for me in response windows" preference does.

A seat whose player has auto-pass on is never asked to pass; the window passes for it when it
closes (``Clock.timeout``: a lapsed window is everyone still in it passing). What the other
players see must never depend on whether that seat could have answered (docs/ux.md, "Response
windows"), so in a match with another person seated:

- the window stays open for its full time: nothing passes for the seat before it closes, and
- a Pass the player presses anyway is held (``holds``): it changes nothing, the seat passes
  when the window closes like every other auto-pass, so an early Pass from an auto-passer
  never tells the others "this one held an answer and chose not to use it".

With nobody else to hide it from (every other seat an AI, which decides from its seat's
world, never from timing), ``next_pass`` passes at once for a seat whose only legal move in
the window is Pass. The engine alone says what is legal: the bot passes only when the seat's
legal moves, concession aside, are exactly the engine's ``PASS``."""

from __future__ import annotations

from bot.core.match_types import MatchInfo
from bot.core.preferences import PlayerBook
from bot.core.session import MatchSession
from engine.core import CONCEDE, PASS, Action


class AutoPass:
    def __init__(self, players: PlayerBook) -> None:
        self.players = players

    async def on_for(self, match: MatchInfo, seat: int) -> bool:
        """Whether the person in ``seat`` has auto-pass on (never for an AI seat)."""
        info = next((s for s in match.seats if s.seat == seat), None)
        if info is None or info.user_id is None or info.ai_level is not None:
            return False
        return (await self.players.get(info.user_id)).auto_pass

    async def holds(self, match: MatchInfo, session: MatchSession, seat: int) -> bool:
        """A Pass pressed by ``seat`` is held until the window closes: it is in a window the
        match waits on, its player has auto-pass on and another person sits at the table."""
        if not session.in_window() or seat not in session.deciders():
            return False
        return not _alone(match, seat) and await self.on_for(match, seat)

    async def next_pass(self, session: MatchSession, match: MatchInfo) -> Action | None:
        """The engine's Pass for the first auto-passing person in the open window who cannot
        answer, when no other person sits at the table; else None."""
        if not session.in_window():
            return None
        game, state = session.game, session.state
        for seat in sorted(session.deciders()):
            if not _alone(match, seat) or not await self.on_for(match, seat):
                continue
            moves = [a for a in game.legal_actions(state, seat) if a.kind != CONCEDE]
            if len(moves) == 1 and moves[0].kind == PASS:
                return moves[0]
        return None


def _alone(match: MatchInfo, seat: int) -> bool:
    """No other person sits at the table: every other seat is an AI's from the start (a seat
    handed to the AI keeps its person, who may watch the table and take it back)."""
    return all(s.user_id is None for s in match.seats if s.seat != seat)
