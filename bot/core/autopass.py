"""Auto-pass (issues 18 and 27): what a player's "pass for me in response windows" preference
does, in every game's windows alike (``Game.window``: classic's fights, duel's windows, quest's
die windows and a fight's rolling and after stages).

A seat whose player has auto-pass on is never asked to pass; the window passes for it when it
closes (``Clock.timeout``: a lapsed window is everyone still in it passing, never being away).
What the other players see must never depend on whether that seat could have answered
(docs/ux.md, "Response windows"), so in a match with another person seated nothing passes for
the seat before the window closes. A Pass the player presses counts at once and shows on the
table and in the hands ("Passed ✓ 2/3", issue 27.4): pressing is the player's own act, like a
tap at a real table, not something the bot derived from their cards.

With nobody else to hide it from (every other seat an AI, which decides from its seat's
world, never from timing), ``next_pass`` passes at once for a seat that cannot answer. The
engine alone says what answers a window (``Game.window_answers``, issue 27.2: a card or
ability that acts on what the window is about, not a gear change, gold or a trade)."""

from __future__ import annotations

from bot.core.match_types import MatchInfo
from bot.core.preferences import PlayerBook
from bot.core.session import MatchSession
from engine.core import PASS, Action


class AutoPass:
    def __init__(self, players: PlayerBook) -> None:
        self.players = players

    async def on_for(self, match: MatchInfo, seat: int) -> bool:
        """Whether the person in ``seat`` has auto-pass on (never for an AI seat)."""
        info = next((s for s in match.seats if s.seat == seat), None)
        if info is None or info.user_id is None or info.ai_level is not None:
            return False
        return (await self.players.get(info.user_id)).auto_pass

    async def next_pass(self, session: MatchSession, match: MatchInfo) -> Action | None:
        """The engine's Pass for the first auto-passing person in the open window who cannot
        answer it, when no other person sits at the table; else None."""
        if not session.in_window():
            return None
        game, state = session.game, session.state
        for seat in sorted(session.deciders()):
            if not _alone(match, seat) or not await self.on_for(match, seat):
                continue
            if not game.window_answers(state, seat):
                return Action(seat, PASS)
        return None


def _alone(match: MatchInfo, seat: int) -> bool:
    """No other person sits at the table: every other seat is an AI's from the start (a seat
    handed to the AI keeps its person, who may watch the table and take it back)."""
    return all(s.user_id is None for s in match.seats if s.seat != seat)
