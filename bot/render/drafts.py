"""A game's builder: a decision whose legal actions are many combinations (a bargain for
help: treasures × who picks first × gold) composed with a few small controls, one part each,
then sent as the one legal action the parts stand for.

The generic side knows nothing of what is built. The game's renderer draws the builder in
place of the decision's controls (``GameRenderer.builder``) and reads a press on it back
(``GameRenderer.draft_step``). The state between taps lives in the controls' custom ids
(``draft-<state>``, ``ids.DRAFT_PREFIX``; Discord caps an id at 100 characters), so a press
after a restart still lands; a press on a builder the match has moved past finds no builder
for its state and is answered like a stale button, nothing changed.

A select that takes several values (``SelectSpec.max_values`` > 1: "Choose 3 cards to
give away") cannot name a state per option, since the state is the combination chosen: its
own custom id carries the state so far and its options' values are plain (not ``draft-``
keys); the press reaches ``draft_step`` as that key with every value chosen (``pressed``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.render import ids
from bot.render.model import ButtonSpec, SelectSpec

DRAFT_PREFIX = ids.DRAFT_PREFIX


@dataclass(frozen=True, slots=True)
class Built:
    """A builder as drawn: the line saying what is being built so far (the hand's "your
    move" line), and its controls (a select's chosen value is a ``draft-`` key too).
    ``alone``: the line says all the game's decision line would (whom it asks, what is
    fought), so the hand shows it in its place rather than both, one under the other."""

    line: str
    buttons: tuple[ButtonSpec, ...] = ()
    selects: tuple[SelectSpec, ...] = ()
    alone: bool = False


@dataclass(frozen=True, slots=True)
class DraftStep:
    """What a press on a builder asks for: redraw it at ``draft`` (a ``draft-`` key), or play
    ``play`` (legal action keys, in order; the game chose them from the legal list), or
    nothing, with ``refusal`` saying why. None of the three: the builder pressed is not the
    one the match waits on now (a stale press), answered with the fresh hand."""

    draft: str | None = None
    play: tuple[str, ...] = ()
    refusal: str | None = None


def is_draft(key: str) -> bool:
    return key.startswith(DRAFT_PREFIX)


def pressed(key: str, chosen: Sequence[str]) -> tuple[str, tuple[str, ...]]:
    """The builder state a press names and the values it carries: a button's own key; a
    one-value select's chosen value (itself a ``draft-`` key: the state it picks); a
    several-value select's own key with every value chosen (none are keys)."""
    if len(chosen) == 1 and is_draft(chosen[0]):
        return chosen[0], ()
    return key, tuple(chosen)
