"""The heuristic seat and the Stop window (R161): on a rival's turn it calls Stop when the
rival is Level 10 (on his way to the Boss, R121) and it holds a card that can
slow him before he moves: a curse on him (a level, a hit, −3 in his next fight, −1 Move, an
item, a race or class, cards), or Instant Masonry walling off the first link of his cheapest way
to the Entrance (the seed's own example). Then it plays the most hurtful of them and goes on.
Only public facts and its own hand: levels, positions, the map."""

from __future__ import annotations

from engine.core import Action
from engine.quest.action_args import arg, text
from engine.quest.ai.plan_choices import Choices
from engine.quest.ai.plan_paths import ENTRANCE, nearest
from engine.quest.cards import map_change_ok
from engine.quest.content import Content
from engine.quest.state import QuestState

# the curses worth a Stop, most hurtful first (data/quest/dxm.toml ops)
CURSE_ORDER = ("lose_levels", "next_fight", "hit", "lose_item", "move", "lose_role")


def threat(s: QuestState, seat: int) -> int | None:
    """The active munchkin, if he is close enough to the Boss to be worth slowing down."""
    t = s.turn
    if t == seat or s.dead[t] or s.out[t] or s.level[t] < 10:
        return None
    return t


def stop_pays(s: QuestState, c: Content, seat: int) -> bool:
    """Whether calling Stop now lets us play something that slows the rival down."""
    t = threat(s, seat)
    if t is None:
        return False
    hand = s.hand[seat]
    if any(_curse_rank(s, c, card, t) is not None for card in hand):
        return True
    side = _wall_side(s, c, t)
    return side is not None and any(
        c.kind[card] == "link_to"
        and c.dxm_card(card).to == "wall"
        and map_change_ok(s, c, s.pos[t], card, side)
        for card in hand
    )


def answer_stop(s: QuestState, c: Content, seat: int, by: Choices) -> Action:
    """Inside our Stop: the worst curse for the rival, else a wall across his way, else go on."""
    t = threat(s, seat)
    if t is not None:
        curses = [
            (rank, a)
            for a in by.get("curse", [])
            if arg(a, "seat") == t and (rank := _curse_rank(s, c, arg(a, "card"), t)) is not None
        ]
        if curses:
            return min(curses, key=lambda r: r[0])[1]
        side = _wall_side(s, c, t)
        for a in by.get("link_to", []):
            if c.dxm_card(arg(a, "card")).to == "wall" and text(a, "side") == side:
                return a
    return by["go_on"][0]


def _curse_rank(s: QuestState, c: Content, card: int, t: int) -> int | None:
    """How much a curse card would hurt the rival now (lower is worse for him), ``None`` if
    not worth it: a second −3 on his next fight, an item, race or class he does not have."""
    if c.deck_of[card] != "D" or c.kind[card] != "curse":
        return None
    op = c.dxm_card(card).op
    if op not in CURSE_ORDER:
        return None
    if op == "next_fight" and any(c.dxm_card(k).op == op for k in s.curses[t]):
        return None
    if op == "lose_item" and not any(z != "pack" for z in s.gear[t].values()):
        return None
    role = c.dxm_card(card).role
    if op == "lose_role" and not any(c.kind[r] == role for r in s.roles[t]):
        return None
    return CURSE_ORDER.index(op)


def _wall_side(s: QuestState, c: Content, t: int) -> str | None:
    """The side of the rival's room his cheapest way to the Entrance leaves by, when he is
    Level 10 and that link is not the Entrance's own (those never change, R2)."""
    if s.level[t] < 10:
        return None
    route = nearest(s, c, t, [ENTRANCE])
    return None if route is None else route.first
