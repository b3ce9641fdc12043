"""Catching the tables up after a restart: the reads the publisher never makes itself.

A table may predate the last moves (an edit lost in the crash), show a clock that ran out
while the bot was down, or belong to a match the restart ended or quarantined; a hand DM may
have been lost. This reads what each such match owes, once, and hands the publisher the match
as it stands (``TablePublisher.adopt``), which then draws it through its usual flush.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.core.errors import ServiceError
from bot.delivery.publisher import TablePublisher

if TYPE_CHECKING:
    from bot.core.service import MatchService


class CatchUp:
    def __init__(self, service: MatchService, publisher: TablePublisher) -> None:
        self._service = service
        self._publisher = publisher

    async def ensure_drawn(self, match_id: int) -> None:
        """The first click on a match since the restart redraws its table once, unless it
        already shows this very version. Nothing is sent for untouched matches."""
        if self._publisher.seen(match_id):
            return
        try:
            update = await self._service.current(match_id)
        except ServiceError:
            return  # a match that is gone has no table to redraw
        if update.match.status != "live":
            return
        current = await self._service.table_current(match_id)
        self._publisher.adopt(update, redraw=not current)

    async def resend_lost_hands(self) -> None:
        """Hands a crash kept from their players (``hands_owed``) go out again through the
        usual flush, which redraws the table too when it is behind. A match the publisher has
        already seen since the start is left to its normal flow."""
        service, publisher = self._service, self._publisher
        # Tables the restart itself changed: a match ended (its cards or rules changed beyond
        # replay), one quarantined, one whose clock ran out while the bot was down.
        changed = [*service.ended_at_start, *service.quarantined, *service.moved_deadlines]
        for match_id in dict.fromkeys(changed):
            if not publisher.seen(match_id):
                publisher.adopt(await service.current(match_id), ended=True)
        for match_id, seats in (await service.hands_owed()).items():
            if not publisher.seen(match_id):
                update = await service.current(match_id)
                current = await service.table_current(match_id)
                publisher.adopt(update, redraw=not current, hands=seats)
