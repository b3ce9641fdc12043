"""Quest's declared moves (``engine/core/moves.py``): every action kind ``legal_actions`` may
list, its arguments by name in wire order, and the handler that carries it out
(``Quest._resolve`` looks the kind up here). The handlers live with the part of the turn they
belong to: the main player's own moves (``turn_actions``), answers to a pending question
(``pending_actions``) and moves made inside a fight (``fight_actions``).

Argument names: ``card`` is a card id (in hand or in play; ``item`` a second one, or -1 for
none); ``seat`` a seat; ``x``/``y`` a cell; ``side`` a direction (``"N"``, ...);
``monster`` a monster's serial where it names one on the board, ``fight_monster`` an index
into the fight's monsters; ``treasures`` the Treasures promised; ``gold`` coins (an offer's
negative gold is asked of the other seat); ``give``/``get`` the items an offer swaps.
"""

from __future__ import annotations

from engine.core.moves import Move
from engine.quest import fight_actions, pending_actions, turn_actions
from engine.quest.action_args import Handler

_CARD = ("card",)
_CARD_SEAT = ("card", "seat")
_CARD_CELL = ("card", "x", "y")
_CARD_IN_FIGHT = ("card", "fight_monster")

MOVES: dict[str, Move[Handler]] = {
    # the main player's own moves (turn_actions)
    "ready": Move((), resolve=turn_actions.ready),
    "play": Move(_CARD, resolve=turn_actions.play),
    "go": Move(("side",), resolve=turn_actions.go),
    "search": Move((), resolve=turn_actions.search),
    "deal": Move(("deal", "card"), resolve=turn_actions.deal),  # the room's deal, its payment
    "pick_up": Move((), resolve=turn_actions.pick_up),
    "fight": Move((), resolve=turn_actions.fight),
    "arrange": Move(_CARD, resolve=turn_actions.arrange),
    "drop": Move(_CARD, resolve=turn_actions.drop),
    "buy_level": Move(_CARD, many=True, resolve=turn_actions.buy_level),  # items sold, or none
    "heal_level": Move((), resolve=turn_actions.heal_level),
    "die": Move((), resolve=turn_actions.die_now),
    "end_turn": Move((), resolve=turn_actions.end_turn),
    "use": Move(_CARD, resolve=turn_actions.use),
    "teleport": Move(_CARD_CELL, resolve=turn_actions.teleport),
    "link_to": Move(("card", "side"), resolve=turn_actions.link_to),
    "cheat": Move(("card", "item"), resolve=turn_actions.cheat),
    "drop_role": Move(_CARD, resolve=turn_actions.drop_role),
    "mend": Move(("card", "item"), resolve=turn_actions.mend),  # two cards discarded
    "pickpocket": Move(("seat",), resolve=turn_actions.pickpocket),
    "curse": Move(_CARD_SEAT, resolve=turn_actions.curse),
    "levelup": Move(_CARD_SEAT, resolve=turn_actions.levelup),
    "stop": Move((), resolve=turn_actions.call_stop),
    "trade": Move(("seat",), resolve=turn_actions.trade_open),
    "offer": Move(("seat", "give", "get", "gold"), resolve=turn_actions.offer),
    "withdraw": Move((), resolve=turn_actions.withdraw),
    "accept_trade": Move((), resolve=turn_actions.accept_trade),
    "refuse_trade": Move((), resolve=turn_actions.refuse_trade),
    # answers to a pending question (pending_actions)
    "take": Move((), resolve=pending_actions.take),
    "skip": Move((), resolve=pending_actions.skip),
    "summon": Move((), resolve=pending_actions.summon),
    "no_summon": Move((), resolve=pending_actions.no_summon),
    "base": Move(("colour",), resolve=pending_actions.base),  # the base colour's index
    "accept": Move((), resolve=pending_actions.accept),
    "decline": Move((), resolve=pending_actions.decline),
    "cancel": Move((), resolve=pending_actions.cancel),
    "let_it": Move((), resolve=pending_actions.let_it),
    "ward": Move((), resolve=pending_actions.ward),
    "no_ward": Move((), resolve=pending_actions.no_ward),
    "charity_give": Move(_CARD_SEAT, resolve=pending_actions.charity_give),
    "charity_discard": Move(_CARD, resolve=pending_actions.charity_discard),
    "flee_to": Move(("x", "y"), resolve=pending_actions.flee_to),
    "nowhere": Move((), resolve=pending_actions.nowhere),
    "flee": Move(("monster",), resolve=pending_actions.flee),  # the next one to run from
    "focus": Move(_CARD, resolve=pending_actions.focus),
    "escape": Move(_CARD_CELL, resolve=pending_actions.escape),
    "bid": Move(("treasures",), resolve=pending_actions.bid),
    "no_bid": Move((), resolve=pending_actions.no_bid),
    "go_on": Move((), resolve=pending_actions.go_on),
    "lose": Move(_CARD, resolve=pending_actions.lose),
    "snatch": Move(_CARD, resolve=pending_actions.snatch),
    "pick": Move(_CARD, resolve=pending_actions.pick),  # a card of the dropped stack (R153)
    "pick_done": Move((), resolve=pending_actions.pick_done),
    # moves inside a fight (fight_actions)
    "roll": Move((), resolve=fight_actions.roll_action),
    "pass": Move((), resolve=fight_actions.pass_),
    # R114: Treasures promised; the long form adds a bribe of gold or an item in play
    "ask": Move(("seat", "treasures", "gold", "item"), short=2, resolve=fight_actions.ask),
    "power": Move(("role",), resolve=fight_actions.power),  # "wizard" or "warrior"
    "rage": Move(_CARD, resolve=fight_actions.rage),
    "enhance": Move(_CARD_IN_FIGHT, resolve=fight_actions.enhance),
    "wander": Move(_CARD, resolve=fight_actions.wander),
    "mate": Move(_CARD_IN_FIGHT, resolve=fight_actions.mate),
    "oneshot": Move(("card", "fight_side"), resolve=fight_actions.oneshot),  # 0: ours, 1: theirs
    "shrink": Move(_CARD_IN_FIGHT, resolve=fight_actions.shrink),
    "extra_die": Move(_CARD, resolve=fight_actions.extra_die),
    "backstab": Move(_CARD_SEAT, resolve=fight_actions.backstab),
    "repel": Move(("card", "monster"), resolve=fight_actions.repel),
    "set_die": Move(("card", "die", "face"), resolve=fight_actions.set_die),
    "auction": Move((), resolve=fight_actions.call_auction),
}
