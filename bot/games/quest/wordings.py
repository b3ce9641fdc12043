"""The words of a quest action's label: for each kind, its template key in ``words.LABELS``
and the fields that fill it, read from the action's arguments by name (the kind's declared
move, ``engine/quest/moves.py``) and from the seat's view: the people, cards, rooms and
monsters it is about. ``controls`` fits them to a button."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from bot.games.quest import words
from bot.games.quest.cards import (
    card_def,
    card_name,
    cell_of,
    content,
    fight_monsters,
    monster_by_serial,
    monster_name,
    room_name_at,
    seat_name,
    seat_of,
)
from engine.core import Action
from engine.core.actions import ArgValue
from engine.quest.board import edge, step_cell
from engine.quest.content import COLOURS
from engine.quest.moves import MOVES
from engine.quest.view import Cell, QuestView


def card_label(card: object) -> str:
    return card_name(card) or words.SOME_CARD


def _here(view: QuestView) -> Cell | None:
    me = seat_of(view, view.seat)
    return me.at if me is not None else None


def _room(view: QuestView, cell: Cell | None) -> str:
    return room_name_at(view, cell) or words.UNKNOWN_ROOM


def _fight_monster(view: QuestView, index: object) -> str:
    found = fight_monsters(view)
    ok = isinstance(index, int) and 0 <= index < len(found)
    return (monster_name(found[index]) if ok and isinstance(index, int) else None) or "a monster"


def _go(view: QuestView, direction: str) -> tuple[str, dict[str, object]]:
    here = _here(view)
    values: dict[str, object] = {
        "arrow": words.ARROWS.get(direction, ""),
        "dir": words.DIRS.get(direction, direction),
        "room": words.UNKNOWN_ROOM,
        "link": "",
    }
    if here is None:
        return "go_explore", values
    links = {(x, y, side): kind for x, y, side, kind in view.board.links}
    kind = links.get(edge(here, direction))
    if kind is not None and 0 <= kind < len(words.LINKS):
        cost = content().link_costs[kind]
        values["link"] = words.link_cost(words.LINKS[kind], cost)
        if cost is None:  # the engine offers a wall only to a Grappling Hook: a locked door
            locked = content().link_costs[words.LINKS.index("locked")]
            values["link"] = words.LINK_HOOK.format(cost=locked)
    target = step_cell(here, direction)
    name = room_name_at(view, target)
    if name is None:
        return "go_explore", values
    values["room"] = name
    return "go", values


def _offer(a: Args) -> dict[str, object]:
    give, get, gold = a.get("give"), a.get("get"), a.get("gold")
    parts = []
    if isinstance(give, int) and give >= 0:
        parts.append(words.OFFER_PARTS["give"].format(card=card_label(give)))
    if isinstance(get, int) and get >= 0:
        parts.append(words.OFFER_PARTS["get"].format(card=card_label(get)))
    if isinstance(gold, int) and gold > 0:
        parts.append(words.OFFER_PARTS["pay"].format(gold=gold))
    elif isinstance(gold, int) and gold < 0:
        parts.append(words.OFFER_PARTS["ask"].format(gold=-gold))
    return {"terms": ", ".join(parts) or words.NOTHING}


def offer_to_me(give: object, get: object, gold: object) -> str:
    """An offer as the seat it is made to reads it: their item, my item, who pays."""
    parts = []
    if isinstance(give, int) and give >= 0:
        parts.append(words.OFFER_PARTS["get"].format(card=card_label(give)))
    if isinstance(get, int) and get >= 0:
        parts.append(words.OFFER_PARTS["give"].format(card=card_label(get)))
    if isinstance(gold, int) and gold > 0:
        parts.append(words.OFFER_PARTS["ask"].format(gold=gold))
    elif isinstance(gold, int) and gold < 0:
        parts.append(words.OFFER_PARTS["pay"].format(gold=-gold))
    return ", ".join(parts) or words.NOTHING


# An action's arguments by name (``engine/quest/moves.py``), never by position.
Args = Mapping[str, ArgValue]
Values = tuple[str, dict[str, object]]
Wording = Callable[[Action, Args, QuestView, Sequence[str]], Values]


def _direction(side: str) -> str:
    return words.DIRS.get(side, side)


def _cell(a: Args) -> Cell | None:
    return cell_of((a.get("x"), a.get("y")))


def _play(act: Action, a: Args, view: QuestView, names: Sequence[str]) -> Values:
    kind = getattr(card_def(a.get("card")), "kind", "")
    return ("play_role" if kind in ("race", "class") else "play"), {
        "card": card_label(a.get("card"))
    }


def _deal(act: Action, a: Args, view: QuestView, names: Sequence[str]) -> Values:
    here = room_name_at(view, _here(view))
    room = next((r for r in content().rooms if r.name == here), None)
    deals = room.deals if room is not None else []
    n = a.get("deal")
    deal = deals[n].name if isinstance(n, int) and 0 <= n < len(deals) else words.SOME_CARD
    pay = a.get("card", -1)
    if isinstance(pay, int) and pay >= 0:
        return "deal_pay", {"deal": deal, "card": card_label(pay)}
    return "deal", {"deal": deal}


def _fight(act: Action, a: Args, view: QuestView, names: Sequence[str]) -> Values:
    at = _here(view)
    mons = [monster_name(m) or "" for m in view.monsters if m.at == at]
    return "fight", {"monster": ", ".join(m for m in mons if m) or "the monster"}


def _buy_level(act: Action, a: Args, view: QuestView, names: Sequence[str]) -> Values:
    sold = MOVES["buy_level"].every(act, "card")  # sold together for the level (R131), or gold
    if len(sold) == 1:
        return "buy_level_item", {"card": card_label(sold[0])}
    if sold:
        return "buy_level_items", {"cards": " + ".join(card_label(x) for x in sold)}
    return "buy_level", {}


def _ask(act: Action, a: Args, view: QuestView, names: Sequence[str]) -> Values:
    return act.kind, {"name": seat_name(names, a.get("seat")), "bribe": _bribe(a)}


def _accept(act: Action, a: Args, view: QuestView, names: Sequence[str]) -> Values:
    asker = view.pending.seat if view.pending is not None else None
    main = seat_name(names, view.fight.main if view.fight is not None else asker)
    return act.kind, {"name": main}


def _base(act: Action, a: Args, view: QuestView, names: Sequence[str]) -> Values:
    n = a.get("colour")
    colour = COLOURS[n] if isinstance(n, int) and 0 <= n < len(COLOURS) else "?"
    return act.kind, {"dot": words.COLOUR_DOTS.get(colour, ""), "colour": colour.capitalize()}


def _set_die(act: Action, a: Args, view: QuestView, names: Sequence[str]) -> Values:
    what = view.window.what if view.window is not None else None
    card, face = card_label(a.get("card")), a.get("face")
    if what in ("base", "monster_turn") and isinstance(face, int) and 0 <= face < len(COLOURS):
        return "set_colour", {"card": card, "face": COLOURS[face]}
    return act.kind, {"card": card, "die": int(str(a.get("die"))) + 1, "face": face}


def _bid(act: Action, a: Args, view: QuestView, names: Sequence[str]) -> Values:
    n = a.get("treasures")
    count = n if isinstance(n, int) else 0
    said = words.BRIBE_TREASURES[min(count, 2)] if count < 3 else f"{count} Treasures"
    return act.kind, {"count": said}


def _power(act: Action, a: Args, view: QuestView, names: Sequence[str]) -> Values:
    role = str(a.get("role"))
    key = f"power_{role}"
    return (key if key in words.LABELS else "power"), {"role": role.capitalize()}


def _card_and(field: str, read: Callable[[Args, QuestView, Sequence[str]], object]) -> Wording:
    """A label naming the action's card and one more thing it is about."""

    def wording(act: Action, a: Args, view: QuestView, names: Sequence[str]) -> Values:
        return act.kind, {"card": card_label(a.get("card")), field: read(a, view, names)}

    return wording


def _just(field: str, read: Callable[[Args, QuestView, Sequence[str]], object]) -> Wording:
    def wording(act: Action, a: Args, view: QuestView, names: Sequence[str]) -> Values:
        return act.kind, {field: read(a, view, names)}

    return wording


def _seat(a: Args, view: QuestView, names: Sequence[str]) -> object:
    return seat_name(names, a.get("seat"))


def _fight_target(a: Args, view: QuestView, names: Sequence[str]) -> object:
    return _fight_monster(view, a.get("fight_monster"))


def _on_board(key: str) -> Callable[[Args, QuestView, Sequence[str]], object]:
    def read(a: Args, view: QuestView, names: Sequence[str]) -> object:
        return monster_name(monster_by_serial(view, a.get(key))) or "a monster"

    return read


# The label of each kind that needs more than its card's name: its template key and fields.
WORDINGS: Mapping[str, Wording] = {
    "go": lambda act, a, view, names: _go(view, str(a.get("side"))),
    "play": _play,
    "deal": _deal,
    "fight": _fight,
    "arrange": _card_and("zone", lambda a, view, names: _zone_after(view, a.get("card"))),
    "buy_level": _buy_level,
    "teleport": _card_and("room", lambda a, view, names: _room(view, _cell(a))),
    "escape": _card_and("room", lambda a, view, names: _room(view, _cell(a))),
    "link_to": _card_and("dir", lambda a, view, names: _direction(str(a.get("side")))),
    "cheat": _card_and("item", lambda a, view, names: card_label(a.get("item"))),
    "mend": _card_and("other", lambda a, view, names: card_label(a.get("item"))),
    "pickpocket": _just("name", _seat),
    "trade": _just("name", _seat),
    "ask": _ask,
    "curse": _card_and("name", _seat),
    "levelup": _card_and("name", _seat),
    "backstab": _card_and("name", _seat),
    "charity_give": _card_and("name", _seat),
    "accept": _accept,
    "base": _base,
    "flee_to": _just("room", lambda a, view, names: _room(view, _cell(a))),
    "flee": _just("monster", _on_board("monster")),
    "repel": _card_and("monster", _on_board("monster")),
    "enhance": _card_and("monster", _fight_target),
    "mate": _card_and("monster", _fight_target),
    "shrink": _card_and("monster", _fight_target),
    "oneshot": lambda act, a, view, names: (
        "oneshot_us" if a.get("fight_side") == 0 else "oneshot_them",
        {"card": card_label(a.get("card"))},
    ),
    "set_die": _set_die,
    "bid": _bid,
    "power": _power,
    "offer": lambda act, a, view, names: (act.kind, _offer(a)),
}


def values_of(action: Action, view: QuestView, names: Sequence[str]) -> Values:
    """The template key and its fields for ``action``."""
    k = action.kind
    move = MOVES.get(k)
    a: Args = move.named(action) if move is not None else {}
    wording = WORDINGS.get(k)
    if wording is not None:
        return wording(action, a, view, names)
    if k in words.LABELS and "card" in a:
        return k, {"card": card_label(a["card"])}
    return k, {}


def _zone_after(view: QuestView, item: object) -> str:
    me = seat_of(view, view.seat)
    zone = next((z for i, z in me.gear if i == item), "") if me is not None else ""
    if zone != "pack":
        return words.ZONES["pack"]
    slot = getattr(card_def(item), "slot", "") or "hands"
    return words.ZONES.get(str(slot), str(slot))


def help_share(data: Sequence[object], asker: str) -> str:
    """The share a call for help offers, from the pending question's data (treasures, gold,
    item), as the asked seat reads it, the asker named (issue 27.5: the helper is told the
    share on offer; "Alice's Sword of Meh", never "my")."""
    names = ("treasures", "gold", "item")
    found = {k: v for k, v in zip(names, data, strict=False) if isinstance(v, int)}
    item = found.get("item")
    if not found.get("gold") and isinstance(item, int) and item >= 0:
        return words.HELP_ITEM.format(name=asker, card=card_label(item))
    return _bribe(found)


def _bribe(a: Args) -> str:
    gold, item = a.get("gold"), a.get("item")
    if isinstance(gold, int) and gold > 0:
        return words.BRIBE_GOLD.format(gold=gold)
    if isinstance(item, int) and item >= 0:
        return words.BRIBE_ITEM.format(card=card_label(item))
    share = a.get("treasures", 0)
    ok = isinstance(share, int) and 0 <= share < len(words.BRIBE_TREASURES)
    return words.BRIBE_TREASURES[share if ok and isinstance(share, int) else 0]
