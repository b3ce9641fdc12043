"""The heuristic seat in a fight: roll when the odds are good, else use powers, one-shots,
dice and Rage, ask for help with a fair bribe or get away; in the after-roll window change a
die when it turns the result our way."""

from __future__ import annotations

from engine.core import Action
from engine.quest.action_args import arg
from engine.quest.ai.odds import expected_margin, fight_odds
from engine.quest.ai.plan_choices import Choices
from engine.quest.content import Content
from engine.quest.rules import combat
from engine.quest.state import Fight, QuestState


def plan_fight(s: QuestState, c: Content, f: Fight, seat: int, by: Choices) -> Action:
    margin = expected_margin(s, c, f)
    odds = fight_odds(s, c, f)
    if odds >= (0.8 if f.boss else 0.7):
        return by["roll"][0]
    for kind in ("power",):
        for a in by.get(kind, []):
            return a
    for a in by.get("oneshot", []):
        if arg(a, "fight_side") == 0:  # for the munchkins
            return a
    for kind in ("shrink", "extra_die"):
        if kind in by:
            return by[kind][0]
    for a in by.get("rage", []):
        card = arg(a, "card")
        if c.deck_of[card] == "D" and c.dxm_card(card).kind in ("curse", "enhancer", "wander"):
            return a
    if "escape" in by and odds < 0.25:
        return by["escape"][0]
    if "auction" in by:  # R114: let two or more would-be helpers bid the price down
        return by["auction"][0]
    asks = by.get("ask", [])
    if asks:
        bribe = 1 if margin > -6 else 2
        chosen = [a for a in asks if arg(a, "treasures") == bribe]
        return max(chosen or asks, key=lambda a: s.level[arg(a, "seat")])
    if "repel" in by and odds < 0.4:
        return by["repel"][0]
    if "escape" in by and odds < 0.4:
        return by["escape"][0]
    return by["roll"][0]


def plan_window(s: QuestState, c: Content, f: Fight, seat: int, by: Choices) -> Action:
    mine = seat in combat.fighters(f)
    if f.stage == "after":
        ahead = combat.munchkins_win(s, c, f)
        if mine and not ahead:
            for a in by.get("power", []):
                return a
            best = _best_die(s, c, f, by.get("set_die", []), want=0)
            if best is not None:
                return best
        if not mine and ahead and max(s.level[k] for k in combat.fighters(f)) >= s.level[seat]:
            best = _best_die(s, c, f, by.get("set_die", []), want=1)
            if best is not None:
                return best
    return by["pass"][0]


def _best_die(
    s: QuestState, c: Content, f: Fight, options: list[Action], want: int
) -> Action | None:
    """A die change that turns the result toward ``want`` (0 = munchkins win)."""
    for a in options:
        i, face = arg(a, "die"), arg(a, "face")
        trial = f.copy()
        trial.dice[i][1] = face
        if combat.munchkins_win(s, c, trial) == (want == 0):
            return a
    return None
