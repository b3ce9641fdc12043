"""Quest's declared moves (``engine/core/moves.py``): every action kind ``legal_actions`` may
list, its arguments by name in wire order (``engine.quest.action_args.SHAPES``), and the
handler that carries it out (``Quest._resolve`` looks the kind up here). The handlers live
with the part of the turn they belong to: the main player's own moves (``turn_actions``),
answers to a pending question (``pending_actions``) and moves made inside a fight
(``fight_actions``).
"""

from __future__ import annotations

from engine.core.moves import Move
from engine.quest.action_args import SHAPES, Handler
from engine.quest.rules import fight_actions, pending_actions, turn_actions

_HANDLERS: dict[str, Handler] = {
    "ready": turn_actions.ready,
    "play": turn_actions.play,
    "go": turn_actions.go,
    "search": turn_actions.search,
    "deal": turn_actions.deal,
    "pick_up": turn_actions.pick_up,
    "fight": turn_actions.fight,
    "arrange": turn_actions.arrange,
    "drop": turn_actions.drop,
    "buy_level": turn_actions.buy_level,
    "heal_level": turn_actions.heal_level,
    "die": turn_actions.die_now,
    "end_turn": turn_actions.end_turn,
    "use": turn_actions.use,
    "teleport": turn_actions.teleport,
    "link_to": turn_actions.link_to,
    "cheat": turn_actions.cheat,
    "drop_role": turn_actions.drop_role,
    "mend": turn_actions.mend,
    "pickpocket": turn_actions.pickpocket,
    "curse": turn_actions.curse,
    "levelup": turn_actions.levelup,
    "stop": turn_actions.call_stop,
    "trade": turn_actions.trade_open,
    "offer": turn_actions.offer,
    "withdraw": turn_actions.withdraw,
    "accept_trade": turn_actions.accept_trade,
    "refuse_trade": turn_actions.refuse_trade,
    "take": pending_actions.take,
    "skip": pending_actions.skip,
    "summon": pending_actions.summon,
    "no_summon": pending_actions.no_summon,
    "base": pending_actions.base,
    "accept": pending_actions.accept,
    "decline": pending_actions.decline,
    "cancel": pending_actions.cancel,
    "let_it": pending_actions.let_it,
    "ward": pending_actions.ward,
    "no_ward": pending_actions.no_ward,
    "charity_give": pending_actions.charity_give,
    "charity_discard": pending_actions.charity_discard,
    "flee_to": pending_actions.flee_to,
    "nowhere": pending_actions.nowhere,
    "flee": pending_actions.flee,
    "focus": pending_actions.focus,
    "escape": pending_actions.escape,
    "bid": pending_actions.bid,
    "no_bid": pending_actions.no_bid,
    "go_on": pending_actions.go_on,
    "lose": pending_actions.lose,
    "snatch": pending_actions.snatch,
    "pick": pending_actions.pick,
    "pick_done": pending_actions.pick_done,
    "roll": fight_actions.roll_action,
    "pass": fight_actions.pass_,
    "ask": fight_actions.ask,
    "power": fight_actions.power,
    "rage": fight_actions.rage,
    "enhance": fight_actions.enhance,
    "wander": fight_actions.wander,
    "mate": fight_actions.mate,
    "oneshot": fight_actions.oneshot,
    "shrink": fight_actions.shrink,
    "extra_die": fight_actions.extra_die,
    "backstab": fight_actions.backstab,
    "repel": fight_actions.repel,
    "set_die": fight_actions.set_die,
    "auction": fight_actions.call_auction,
}

MOVES: dict[str, Move[Handler]] = {
    kind: shape.resolved_by(_HANDLERS[kind]) for kind, shape in SHAPES.items()
}
