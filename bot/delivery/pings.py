"""When a player gets a DM ping (issue 27.3), and what it looks like.

A ping is a phone's push: it is worth one only when something is asked of the player that
they would not want to miss. The engine says what the events mean (``Game.turn_started``: a
turn starts; ``Game.asked_by_name``: a question put to a seat by name, help, a trade, a deal);
the player chooses in ``/preferences pings:`` (``bot.core.preferences``):

- ``turn`` (the default): at the start of their turn and for a question put to them by name;
- ``all``: whenever the match starts to wait on them;
- ``never``: no ping (their hand is still kept up to date in place).

A response window never pings anyone (``HandDelivery.on_update`` owes nobody for one), and a
player gets at most one DM ping a minute, whatever the matches, by discord.py's clock
(``discord.utils.utcnow``: SimCord's simulated one in the playground and the tests); a
mention in the channel (a server that keeps hands out of DMs) replaces the match's last one,
so it follows the choice but not the minute. The ping is one short line and a link
button."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import discord

from bot.core.preferences import PlayerBook
from engine.core import Event, Game

TURN, ASKED, MOVE = "turn", "asked", "move"
PING_GAP = 60.0  # seconds: at most one ping a minute per player


def reasons(game: Game[Any, Any] | None, events: Iterable[Event]) -> dict[int, str]:
    """Seat -> why the events tell it something: its turn starts, or it is asked by name
    (help, a trade offered to it: an offer waits in its hand)."""
    found: dict[int, str] = {}
    if game is None:
        return found
    for event in events:
        for seat in game.asked_by_name(event):
            found.setdefault(seat, ASKED)
        turn = game.turn_started(event)
        if turn is not None:
            found[turn] = TURN
    return found


class PingPolicy:
    """Each player's choice and the last time a ping went to them (memory only: a restart
    may send one ping early, never a flood)."""

    def __init__(self, players: Callable[[], PlayerBook]) -> None:
        self._players = players  # read when asked: the service may come after the bot
        self._last: dict[int, float] = {}

    async def wanted(self, user_id: int, why: str, *, limited: bool = True) -> bool:
        """Whether to tell the player now. ``limited`` False: a channel mention, which
        replaces the match's last one (a stale one would name the wrong seat), so it follows
        the player's choice but not the minute's limit."""
        choice = (await self._players().get(user_id)).pings
        if choice == "never" or (choice == "turn" and why == MOVE):
            return False
        last = self._last.get(user_id)
        if not limited:
            return True
        return last is None or _now() - last >= PING_GAP

    def sent(self, user_id: int) -> None:
        self._last[user_id] = _now()


def _now() -> float:
    """Discord's clock as discord.py reads it: the system's, or SimCord's simulated one in
    the playground and the tests (the event loop's own clock is the real one there too)."""
    return discord.utils.utcnow().timestamp()


def link_view(label: str, url: str) -> discord.ui.View | None:
    """One link button to ``url`` (``None`` without one: the line stands alone)."""
    if not url:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=label, url=url, style=discord.ButtonStyle.link))
    view.stop()  # nothing to route: a link button sends no interaction
    return view
