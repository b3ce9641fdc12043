"""The heuristic seat: plans paths, prices fights with the dice odds, asks for help with a
fair offer, searches when it pays, heads for the Entrance at Level 10 (issue 16). It reads
only what its seat may see: the public board and its own hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Action, Rng
from engine.quest.action_args import arg
from engine.quest.ai.odds import expected_margin
from engine.quest.ai.plan_answers import answer_die_window, answer_pending
from engine.quest.ai.plan_choices import by_kind, first_of
from engine.quest.ai.plan_fights import plan_fight, plan_window
from engine.quest.ai.plan_moves import plan_move
from engine.quest.ai.plan_stop import stop_pays
from engine.quest.rules import combat
from engine.quest.state import QuestState

if TYPE_CHECKING:
    from engine.quest.game import Quest


def plan(game: Quest, s: QuestState, seat: int, legal: list[Action], rng: Rng) -> Action:
    c = game.content
    by = by_kind(legal)
    if len(legal) == 1:
        return legal[0]
    if s.phase == "prep":
        return first_of(by, "play") or by["ready"][0]
    if s.window is not None:
        return answer_die_window(s, c, seat, by)
    if s.pending and s.pending[-1].seat == seat:
        return answer_pending(s, c, seat, by, legal)
    f = s.fight
    if f is not None:
        if f.stage == "open" and f.main == seat:
            return plan_fight(s, c, f, seat, by)
        return plan_window(s, c, f, seat, by)
    return plan_move(s, c, seat, by)


def plan_free(
    game: Quest, s: QuestState, seat: int, legal: list[Action], rng: Rng
) -> Action | None:
    """Off-turn: Stop a Level 10 rival when we hold a card that slows him (R161); make a
    rival's fight harder when he could win it and is ahead of us."""
    c = game.content
    if any(a.kind == "stop" for a in legal) and stop_pays(s, c, seat):
        return next(a for a in legal if a.kind == "stop")
    f = s.fight
    if f is None or f.stage != "open" or seat in combat.fighters(f):
        return None
    rival = max(s.level[k] for k in combat.fighters(f))
    if rival < s.level[seat] + 1 and not f.boss:
        return None
    if expected_margin(s, c, f) <= 0:
        return None
    for a in legal:
        if a.kind == "enhance" and c.dxm_card(arg(a, "card")).amount > 0:
            return a
    if f.boss or rival >= 9:
        for a in legal:
            if a.kind in ("wander", "oneshot") and (
                a.kind == "wander" or arg(a, "fight_side") == 1
            ):
                return a
    return None
