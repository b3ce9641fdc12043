"""What every action handler shares: its signature, the arguments of every quest move by name
(``SHAPES``), and how a handler reads a stored ``Action``'s arguments by name through them
(kept as strings and numbers in the record, so a saved match replays unchanged).

The shapes live here, below the handlers, so that a handler reads ``arg(a, "card")`` without
importing the table that names it (``engine.quest.moves`` binds each shape to its handler).

Argument names: ``card`` is a card id (in hand or in play; ``item`` a second one); ``seat`` a
seat; ``x``/``y`` a cell; ``side`` a direction (``"N"``, ...); ``monster`` a monster's serial
where it names one on the board, ``fight_monster`` an index into the fight's monsters;
``treasures`` the Treasures promised; ``gold`` coins (an offer's negative gold is asked of the
other seat); ``give``/``get`` the items an offer swaps. An argument in a move's ``nothing`` may
name no card (``NOTHING`` on the wire, issue 26.4): a handler reads it with ``maybe``, as
``None``.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Action, Event
from engine.core.moves import Move
from engine.quest.content import Content
from engine.quest.state import Pending, QuestState

Handler = Callable[[QuestState, Content, Action, list[Event]], None]

_CARD = ("card",)
_CARD_SEAT = ("card", "seat")
_CARD_CELL = ("card", "x", "y")
_CARD_IN_FIGHT = ("card", "fight_monster")

SHAPES: dict[str, Move[None]] = {
    # the main player's own moves
    "ready": Move(),
    "play": Move(_CARD),
    "go": Move(("side",)),
    "search": Move(),
    # the room's deal, the card paid for it (none for a deal paid otherwise)
    "deal": Move(("deal", "card"), nothing=("card",)),
    "pick_up": Move(),
    "fight": Move(),
    "arrange": Move(_CARD),
    "drop": Move(_CARD),
    "buy_level": Move(_CARD, many=True),  # items sold, or none
    "heal_level": Move(),
    "die": Move(),
    "end_turn": Move(),
    "use": Move(_CARD),
    "teleport": Move(_CARD_CELL),
    "link_to": Move(("card", "side")),
    "cheat": Move(("card", "item")),
    "drop_role": Move(_CARD),
    "mend": Move(("card", "item")),  # two cards discarded
    "pickpocket": Move(("seat",)),
    "curse": Move(_CARD_SEAT),
    "levelup": Move(_CARD_SEAT),
    "stop": Move(),
    "trade": Move(("seat",)),
    "offer": Move(("seat", "give", "get", "gold"), nothing=("give", "get")),
    "withdraw": Move(),
    "accept_trade": Move(),
    "refuse_trade": Move(),
    # answers to a pending question
    "take": Move(),
    "skip": Move(),
    "summon": Move(),
    "no_summon": Move(),
    "base": Move(("colour",)),  # the base colour's index
    "accept": Move(),
    "decline": Move(),
    "cancel": Move(),
    "let_it": Move(),
    "ward": Move(),
    "no_ward": Move(),
    "charity_give": Move(_CARD_SEAT),
    "charity_discard": Move(_CARD),
    "flee_to": Move(("x", "y")),
    "nowhere": Move(),
    "flee": Move(("monster",)),  # the next one to run from
    "focus": Move(_CARD),
    "escape": Move(_CARD_CELL),
    "bid": Move(("treasures",)),
    "no_bid": Move(),
    "go_on": Move(),
    "lose": Move(_CARD),
    "snatch": Move(_CARD),
    "pick": Move(_CARD),  # a card of the dropped stack (R153)
    "pick_done": Move(),
    # moves inside a fight
    "roll": Move(),
    "pass": Move(),
    # R114: Treasures promised; the long form adds a bribe of gold or an item in play
    "ask": Move(("seat", "treasures", "gold", "item"), short=2, nothing=("item",)),
    "power": Move(("role",)),  # "wizard" or "warrior"
    "rage": Move(_CARD),
    "enhance": Move(_CARD_IN_FIGHT),
    "wander": Move(_CARD),
    "mate": Move(_CARD_IN_FIGHT),
    "oneshot": Move(("card", "fight_side")),  # 0: ours, 1: theirs
    "shrink": Move(_CARD_IN_FIGHT),
    "extra_die": Move(_CARD),
    "backstab": Move(_CARD_SEAT),
    "repel": Move(("card", "monster")),
    "set_die": Move(("card", "die", "face")),
    "auction": Move(),
}


def arg(a: Action, name: str) -> int:
    """The argument called ``name`` of ``a`` as a number (a card, a seat, an amount)."""
    return int(SHAPES[a.kind].arg(a, name))


def text(a: Action, name: str) -> str:
    """The argument called ``name`` of ``a`` as a word (a side, a role)."""
    return str(SHAPES[a.kind].arg(a, name))


def maybe(a: Action, name: str) -> int | None:
    """An argument that may name nothing (the move's ``nothing``): its id, or ``None``."""
    return SHAPES[a.kind].maybe(a, name)


def cell(a: Action) -> tuple[int, int]:
    """The cell named by the ``x`` and ``y`` arguments of ``a``."""
    return (arg(a, "x"), arg(a, "y"))


def int_arg(a: Action, i: int) -> int:
    """The action's ``i``-th argument as a number (a card, a seat, an amount)."""
    return int(a.args[i])


def cell_arg(a: Action, i: int) -> tuple[int, int]:
    """The cell held in the action's arguments ``i`` and ``i + 1``."""
    return (int(a.args[i]), int(a.args[i + 1]))


def pop_pending(s: QuestState) -> Pending:
    """The question this action answers, taken off the stack."""
    return s.pending.pop()
