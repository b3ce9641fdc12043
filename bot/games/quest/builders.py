"""Quest's builders behind one interface: the decisions a hand composes a part at a time
(issue 27.5) instead of listing every combination as its own control: charity, a call for
help, trade terms, a sale for a level and mending. The renderer asks each in turn whether it
applies to the seat's decision and which draft keys are its own; adding a builder is one
module and one line in ``BUILDERS``, not another branch in ``render.py``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.games.quest import charity_builder, help_ask, level_sale, mend, trade_terms
from bot.render.drafts import Built, DraftStep
from engine.core import Action
from engine.quest.view import QuestView


class PartBuilder(Protocol):
    """One builder. Its state between taps lives in its controls' custom ids (draft keys
    that start with its own tag), so a restart or another device reads it back alike."""

    def applies(self, view: QuestView, actions: Sequence[Action], draft: str | None, /) -> bool:
        """Whether it draws the seat's decision now (``draft``: the hand's builder state)."""
        ...

    def owns(self, key: str, /) -> bool:
        """Whether ``key`` is one of its draft keys (a press on it, maybe stale or forged)."""
        ...

    def builder(
        self,
        match_id: int,
        version: int,
        view: QuestView,
        actions: Sequence[Action],
        names: Sequence[str],
        draft: str | None,
        /,
    ) -> Built | None:
        """The decision drawn at ``draft``; ``None`` when it cannot draw this one."""
        ...

    def draft_step(
        self, key: str, view: QuestView, actions: Sequence[Action], values: Sequence[str], /
    ) -> DraftStep:
        """What a press on one of its keys asks for, read against the legal ``actions``."""
        ...


# The order matters only where two could apply: a charity owed comes before anything else.
BUILDERS: tuple[PartBuilder, ...] = (charity_builder, help_ask, trade_terms, level_sale, mend)


def built(
    match_id: int,
    version: int,
    view: QuestView,
    actions: Sequence[Action],
    names: Sequence[str],
    draft: str | None,
) -> Built | None:
    """The first builder's drawing of the decision, ``None`` when none draws it."""
    for part in BUILDERS:
        if part.applies(view, actions, draft):
            drawn = part.builder(match_id, version, view, actions, names, draft)
            if drawn is not None:
                return drawn
    return None


def owner(key: str) -> PartBuilder | None:
    """The builder whose draft key ``key`` is (``None``: not a builder's)."""
    return next((part for part in BUILDERS if part.owns(key)), None)
