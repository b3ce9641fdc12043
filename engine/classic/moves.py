"""The classic game's declared moves (``engine/core/moves.py``) and its decision table.

Classic resolves an action by situation rather than by kind alone (``accept`` answers a trade,
a bargain or an open offer, depending on what the seat owes), so its table comes in two parts:

- ``MOVES``: every action kind with its arguments by name, in wire order. ``legal_actions``
  lists only these (a test checks it over random playouts) and the renderers read the
  arguments by name.
- ``DECISIONS``: per kind of pending decision (``Pending.kind``), what the owing seat may do
  and how its answer resolves. ``Classic.legal_actions`` and ``Classic._resolve`` both read it,
  instead of two parallel if/elif chains that had to be kept in step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.classic.pending import Pending
from engine.classic.rules import bargain, combat, effects, free, running, trade
from engine.classic.state import ClassicState
from engine.classic.table import Table
from engine.core import PASS, Action, Event
from engine.core.moves import Move

# Argument names: ``card`` is a card id; ``seat`` a seat; ``monster`` an index into the
# fight's monsters; ``side`` 0 for the players' side, else 1 + a monster index; ``item`` a card
# id on a table or ``NOTHING`` (declared in the move's ``nothing``); ``share``/``first``/``gold``
# the terms of help.
_TERMS = ("share", "first", "gold")
_OPEN_OFFER = ("card", "item", "seat", "gold")  # offered item, item asked for, offerer, coins
MOVES: dict[str, Move[None]] = {
    # the turn (rules/turn.py)
    "listen": Move(("pile",)),  # "door" or "treasure"
    "kick": Move(),
    "trouble": Move(("card",)),
    "loot": Move(),
    "end_turn": Move(),
    "charity_give": Move(("card", "seat")),
    "charity_discard": Move(("card",)),
    # the fight and its window (rules/combat.py)
    PASS: Move(),
    "ask": Move(("seat",)),
    "enhance": Move(("card", "monster")),
    "oneshot": Move(("card", "side")),
    "wander": Move(("card",)),
    "horde": Move(("card",)),
    "berserk": Move(("card",)),
    "turn_undead": Move(("monster",)),
    "flee": Move(("card",)),  # which monster to run from next
    "pick": Move(("card",)),
    "loot_body": Move(("card",)),
    "loot_coins": Move(),
    "take_it": Move(),
    "set_die": Move(("card",)),
    "lose": Move(("card",)),
    # help (rules/bargain.py)
    "counter": Move(),
    "offer_item": Move(("card",)),
    "promise_item": Move(("card",)),
    "promise_gold": Move(("gold",)),
    "promise_card": Move(("card",)),
    "propose": Move(_TERMS),
    "demand_item": Move(("card",)),
    "demand_win_item": Move(("card",)),
    "demand_win_gold": Move(("gold",)),
    "demand": Move(_TERMS),
    # the table, any time (rules/free.py)
    "play": Move(("card",)),
    "equip": Move(("card",)),
    "unequip": Move(("card",)),
    "sell": Move(("card",)),
    "buy_level": Move(),
    "hire": Move(("card",)),
    "drop_role": Move(("card",)),
    "arm_hireling": Move(("card", "hireling")),
    "attach": Move(("card", "item")),
    "cheat": Move(("card", "item")),
    "levelup": Move(("card", "seat")),
    "curse": Move(("card", "seat")),
    "steal": Move(("seat", "card")),
    "keep": Move(),
    "shed": Move(("card",)),
    # trade (rules/trade.py); a bare accept/decline answers the decision owed
    "deal": Move(("seat",)),
    "give_gold": Move(("seat",)),
    "add_gold": Move(("seat",), bare=True),  # with a seat: coins on one's own open offer
    "ask_gold": Move(("seat",), bare=True),
    "offer": Move(("seat", "card", "item"), nothing=("item",)),
    "cancel": Move(),
    "accept": Move(_OPEN_OFFER, bare=True, nothing=("item",)),
    "decline": Move(_OPEN_OFFER, bare=True, nothing=("item",)),
}


@dataclass(frozen=True, slots=True)
class Decision:
    """A kind of pending decision: the owing seat's choices, and how a choice resolves."""

    legal: Callable[[Table, ClassicState, int, Pending], list[Action]]
    resolve: Callable[[Table, ClassicState, Action, list[Event]], None]


def _choices(
    kind: str, cards: Callable[[ClassicState, Pending], list[int]]
) -> Callable[[Table, ClassicState, int, Pending], list[Action]]:
    """A decision that is a choice of one card: one ``kind`` action per card."""

    def legal(t: Table, s: ClassicState, seat: int, p: Pending) -> list[Action]:
        return [Action(seat, kind, (c,)) for c in cards(s, p)]

    return legal


def _lose(t: Table, s: ClassicState, a: Action, ev: list[Event]) -> None:
    effects.lose_chosen(t, s, a.seat, int(a.args[0]), ev)


def _loot(t: Table, s: ClassicState, a: Action, ev: list[Event]) -> None:
    effects.loot(t, s, a.seat, int(a.args[0]), ev)


def _deal(t: Table, s: ClassicState, a: Action, ev: list[Event]) -> None:
    trade.answer_deal(s, a, ev)


_BARGAIN = Decision(lambda t, s, seat, p: bargain.actions(t, s, seat), bargain.resolve)
DECISIONS: dict[str, Decision] = {
    **dict.fromkeys(bargain.KINDS, _BARGAIN),  # 004: Asking for Help
    "trade": Decision(lambda t, s, seat, p: trade.pending_answers(t, s, seat), trade.answer_trade),
    "deal": Decision(lambda t, s, seat, p: trade.deal_actions(t, s, seat, p.seats[0]), _deal),
    "die": Decision(lambda t, s, seat, p: running.die_actions(t, s, seat), running.answer_die),
    "flee": Decision(_choices("flee", lambda s, p: list(p.cards)), running.flee),
    "pick": Decision(_choices("pick", lambda s, p: sorted(p.cards)), combat.pick),
    "lose": Decision(_choices("lose", lambda s, p: sorted(p.cards)), _lose),
    "received": Decision(
        lambda t, s, seat, p: free.received_actions(t, s, seat), free.resolve_received
    ),
    "shed": Decision(lambda t, s, seat, p: free.shed_actions(t, s, seat), free.resolve_shed),
    "loot": Decision(_choices("loot_body", lambda s, p: sorted(s.corpse)), _loot),
}
