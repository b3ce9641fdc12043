"""Quest's legal actions as controls: a label that names the people, cards and rooms it is
about (at most ``LABEL_LIMIT`` characters, so it fits a phone's button), a group (main moves
stay buttons, long lists become selects) and an order (the seat's decision first)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

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
from bot.render.controls import Control
from bot.render.model import Style
from engine.core import Action
from engine.quest.board import edge, step_cell
from engine.quest.content import COLOURS

LABEL_LIMIT = 40
Json = Mapping[str, Any]

# The decision's own moves, drawn as buttons in this order before anything else.
MAIN = (
    "roll",
    "go",
    "search",
    "pick_up",
    "fight",
    "take",
    "skip",
    "summon",
    "no_summon",
    "accept",
    "decline",
    "accept_trade",
    "refuse_trade",
    "cancel",
    "let_it",
    "ward",
    "no_ward",
    "flee",
    "nowhere",
    "ready",
    "pass",
    "end_turn",
    "withdraw",
    "auction",
    "bid",
    "no_bid",
    "go_on",
    "pick_done",
)
GROUPS: Mapping[str, str] = {
    "go": words.G_WALK,
    "base": words.G_BASE,
    "snatch": words.G_PICK,
    "lose": words.G_PICK,
    "pick": words.G_PICK,
    "flee_to": words.G_RUN,
    "escape": words.G_RUN,
    "focus": words.G_POWER,
    "charity_give": words.G_GIVE,
    "charity_discard": words.G_GIVE,
    "play": words.G_MORE,
    "arrange": words.G_MORE,
    "drop": words.G_MORE,
    "use": words.G_MORE,
    "buy_level": words.G_MORE,
    "heal_level": words.G_MORE,
    "drop_role": words.G_MORE,
    "deal": words.G_MORE,
    "trade": words.G_MORE,
    "offer": words.G_MORE,
    "ask": words.G_HELP,
    "power": words.G_POWER,
    "rage": words.G_POWER,
    "mend": words.G_MORE,
    "pickpocket": words.G_MORE,
    "backstab": words.G_POWER,
    "enhance": words.G_FIGHT,
    "wander": words.G_FIGHT,
    "mate": words.G_FIGHT,
    "oneshot": words.G_FIGHT,
    "shrink": words.G_FIGHT,
    "extra_die": words.G_FIGHT,
    "repel": words.G_FIGHT,
    "set_die": words.G_FIGHT,
    "curse": words.G_MORE,
    "levelup": words.G_MORE,
    "cheat": words.G_MORE,
    "teleport": words.G_MORE,
    "link_to": words.G_MORE,
    "die": words.G_MORE,
    "stop": words.G_MORE,
}
QUIET = frozenset(
    {"pass", "no_bid", "go_on", "skip", "decline", "refuse_trade", "no_summon", "let_it", "no_ward"}
)
GROUP_ORDER = (
    words.G_WALK,
    words.G_MAIN,
    words.G_BASE,
    words.G_PICK,
    words.G_GOTO,
    words.G_RUN,
    words.G_GIVE,
    words.G_HELP,
    words.G_FIGHT,
    words.G_POWER,
    words.G_MORE,
)
# Within "More…" (items, deals, cards, trades): the likeliest first.
MORE_ORDER = (
    "play",
    "use",
    "deal",
    "buy_level",
    "arrange",
    "curse",
    "levelup",
    "teleport",
    "link_to",
    "cheat",
    "mend",
    "pickpocket",
    "heal_level",
    "trade",
    "offer",
    "drop",
    "drop_role",
    "stop",
    "die",
)


def fit(template: str, values: Mapping[str, object], limit: int = LABEL_LIMIT) -> str:
    """``template`` filled in, its names shortened (longest first) until the label fits."""
    fields = {k: str(v) for k, v in values.items()}
    label = template.format(**fields)
    while len(label) > limit:
        longest = max(fields, key=lambda k: len(fields[k]), default=None)
        if longest is None or len(fields[longest]) <= 6:
            return label[: limit - 1] + "…"
        fields[longest] = fields[longest][: len(fields[longest]) - 2].rstrip() + "…"
        fields[longest] = fields[longest].replace("……", "…")
        label = template.format(**fields)
    return label


def _card(card: object) -> str:
    return card_name(card) or words.SOME_CARD


def _here(view: Json) -> object:
    me = seat_of(view, view.get("seat"))
    return me.get("at") if me is not None else None


def _room(view: Json, cell: object) -> str:
    return room_name_at(view, cell) or words.UNKNOWN_ROOM


def _fight_monster(view: Json, index: object) -> str:
    found = fight_monsters(view)
    ok = isinstance(index, int) and 0 <= index < len(found)
    return (monster_name(found[index]) if ok and isinstance(index, int) else None) or "a monster"


def _go(view: Json, direction: str) -> tuple[str, dict[str, object]]:
    here = cell_of(_here(view))
    values: dict[str, object] = {
        "arrow": words.ARROWS.get(direction, ""),
        "dir": words.DIRS.get(direction, direction),
        "room": words.UNKNOWN_ROOM,
        "link": "",
    }
    if here is None:
        return "go_explore", values
    links = {(x, y, side): kind for x, y, side, kind in view.get("links") or []}
    kind = links.get(edge(here, direction))
    if isinstance(kind, int) and 0 <= kind < len(words.LINKS):
        cost = content().link_costs[kind]
        values["link"] = f"{words.LINKS[kind]} {cost}" if cost else words.LINKS[kind]
        if cost is None:  # the engine offers a wall only to a Grappling Hook: a locked door
            locked = content().link_costs[words.LINKS.index("locked")]
            values["link"] = words.LINK_HOOK.format(cost=locked)
    target = step_cell(here, direction)
    name = room_name_at(view, list(target))
    if name is None:
        return "go_explore", values
    values["room"] = name
    return "go", values


def _offer(view: Json, names: Sequence[str], args: Sequence[object]) -> dict[str, object]:
    _, give, get, gold = [*args, 0, -1, -1, 0][:4]
    parts = []
    if isinstance(give, int) and give >= 0:
        parts.append(words.OFFER_PARTS["give"].format(card=_card(give)))
    if isinstance(get, int) and get >= 0:
        parts.append(words.OFFER_PARTS["get"].format(card=_card(get)))
    if isinstance(gold, int) and gold > 0:
        parts.append(words.OFFER_PARTS["pay"].format(gold=gold))
    elif isinstance(gold, int) and gold < 0:
        parts.append(words.OFFER_PARTS["ask"].format(gold=-gold))
    return {"terms": ", ".join(parts) or words.NOTHING}


def offer_to_me(give: object, get: object, gold: object) -> str:
    """An offer as the seat it is made to reads it: their item, my item, who pays."""
    parts = []
    if isinstance(give, int) and give >= 0:
        parts.append(words.OFFER_PARTS["get"].format(card=_card(give)))
    if isinstance(get, int) and get >= 0:
        parts.append(words.OFFER_PARTS["give"].format(card=_card(get)))
    if isinstance(gold, int) and gold > 0:
        parts.append(words.OFFER_PARTS["ask"].format(gold=gold))
    elif isinstance(gold, int) and gold < 0:
        parts.append(words.OFFER_PARTS["pay"].format(gold=-gold))
    return ", ".join(parts) or words.NOTHING


def _values(action: Action, view: Json, names: Sequence[str]) -> tuple[str, dict[str, object]]:
    """The template key and its fields for ``action``."""
    k, a = action.kind, list(action.args)
    first = a[0] if a else None
    if k == "go":
        return _go(view, str(first))
    if k == "play":
        role = card_def(first)
        kind = getattr(role, "kind", "")
        return ("play_role" if kind in ("race", "class") else "play"), {"card": _card(first)}
    if k == "deal":
        here = room_name_at(view, _here(view))
        room = next((r for r in content().rooms if r.name == here), None)
        deals = room.deals if room is not None else []
        n = first if isinstance(first, int) and 0 <= first < len(deals) else None
        deal = deals[n].name if n is not None else words.SOME_CARD
        pay = a[1] if len(a) > 1 else -1
        if isinstance(pay, int) and pay >= 0:
            return "deal_pay", {"deal": deal, "card": _card(pay)}
        return "deal", {"deal": deal}
    if k == "fight":
        at = cell_of(_here(view))
        mons = [monster_name(m) or "" for m in view.get("monsters") or [] if cell_of(m["at"]) == at]
        return "fight", {"monster": ", ".join(m for m in mons if m) or "the monster"}
    if k == "arrange":
        return "arrange", {"card": _card(first), "zone": _zone_after(view, first)}
    if k == "buy_level":  # the items sold together for the level (R131), or gold alone
        if len(a) == 1:
            return "buy_level_item", {"card": _card(first)}
        if a:
            return "buy_level_items", {"cards": " + ".join(_card(x) for x in a)}
        return "buy_level", {}
    if k in ("teleport", "escape"):
        return k, {"card": _card(first), "room": _room(view, a[1:3])}
    if k == "link_to":
        return k, {"card": _card(first), "dir": words.DIRS.get(str(a[1]), str(a[1]))}
    if k == "cheat":
        return k, {"card": _card(first), "item": _card(a[1])}
    if k == "mend":
        return k, {"card": _card(first), "other": _card(a[1])}
    if k in ("pickpocket", "trade", "ask"):
        values: dict[str, object] = {"name": seat_name(names, first)}
        if k == "ask":
            values["bribe"] = _bribe(a)
        return k, values
    if k in ("curse", "levelup", "backstab", "charity_give"):
        return k, {"card": _card(first), "name": seat_name(names, a[1])}
    if k == "accept":
        pending = view.get("pending") or {}
        main = seat_name(names, (view.get("fight") or {}).get("main", pending.get("seat")))
        return k, {"name": main}
    if k == "base":
        colour = COLOURS[first] if isinstance(first, int) and 0 <= first < len(COLOURS) else "?"
        return k, {"dot": words.COLOUR_DOTS.get(colour, ""), "colour": colour.capitalize()}
    if k == "flee_to":
        return k, {"room": _room(view, a[:2])}
    if k == "flee":
        return k, {"monster": monster_name(monster_by_serial(view, first)) or "a monster"}
    if k == "repel":
        name = monster_name(monster_by_serial(view, a[1]))
        return k, {"card": _card(first), "monster": name or "a monster"}
    if k in ("enhance", "mate", "shrink"):
        return k, {"card": _card(first), "monster": _fight_monster(view, a[1])}
    if k == "oneshot":
        return ("oneshot_us" if a[1] == 0 else "oneshot_them"), {"card": _card(first)}
    if k == "set_die":
        window = view.get("window")
        what = window.get("what") if isinstance(window, Mapping) else None
        face = a[2]
        if what in ("base", "monster_turn") and isinstance(face, int) and 0 <= face < len(COLOURS):
            return "set_colour", {"card": _card(first), "face": COLOURS[face]}
        return k, {"card": _card(first), "die": int(str(a[1])) + 1, "face": face}
    if k == "bid":
        count = first if isinstance(first, int) else 0
        return k, {
            "count": words.BRIBE_TREASURES[min(count, 2)] if count < 3 else f"{count} Treasures"
        }
    if k == "power":
        role = str(first)
        key = f"power_{role}"
        return (key if key in words.LABELS else "power"), {"role": role.capitalize()}
    if k == "offer":
        return k, _offer(view, names, a)
    if k in words.LABELS:
        return k, {"card": _card(first)} if a else {}
    return k, {}


def _zone_after(view: Json, item: object) -> str:
    me = seat_of(view, view.get("seat")) or {}
    zone = next((z for i, z in me.get("gear") or [] if i == item), "")
    if zone != "pack":
        return words.ZONES["pack"]
    slot = getattr(card_def(item), "slot", "") or "hands"
    return words.ZONES.get(str(slot), str(slot))


def _bribe(a: Sequence[object]) -> str:
    if len(a) >= 4:
        gold, item = a[2], a[3]
        if isinstance(gold, int) and gold > 0:
            return words.BRIBE_GOLD.format(gold=gold)
        if isinstance(item, int) and item >= 0:
            return words.BRIBE_ITEM.format(card=_card(item))
    share = a[1] if len(a) > 1 else 0
    ok = isinstance(share, int) and 0 <= share < len(words.BRIBE_TREASURES)
    return words.BRIBE_TREASURES[share if ok and isinstance(share, int) else 0]


def _description(action: Action, view: Json) -> str | None:
    """The line under a select option: what the card is."""
    cards = [x for x in action.args if isinstance(x, int) and not isinstance(x, bool)]
    if action.kind in ("go", "flee_to", "escape", "teleport", "base", "set_die", "offer", "ask"):
        return None
    if action.kind in ("trade", "pickpocket"):  # their first argument is a seat, not a card
        return None
    found = card_def(cards[0]) if cards else None
    if found is None:
        return None
    text = str(getattr(found, "text", "") or "")
    bonus = getattr(found, "bonus", 0)
    value = getattr(found, "value", 0)
    bits = [f"+{bonus}" if bonus else "", f"{value} gold" if value else "", text]
    return " · ".join(b for b in bits if b) or None


TEMPLATE_OFFER = "Offer: {terms}"


def control(
    action: Action, view: Json, names: Sequence[str], fallback: Callable[[], str]
) -> Control:
    key, values = _values(action, view, names)
    template = TEMPLATE_OFFER if key == "offer" else words.LABELS.get(key)
    if template is None:
        label = fallback()
    else:
        try:
            label = fit(template, values)
        except (KeyError, IndexError, ValueError):
            label = fallback()
    group = GROUPS.get(action.kind, words.G_MAIN)
    decides = group in (words.G_MAIN, words.G_WALK, words.G_BASE, words.G_PICK)
    style = Style.SECONDARY if action.kind in QUIET or not decides else Style.PRIMARY
    if action.kind in ("end_turn", "die"):
        style = Style.SECONDARY
    menu = group == words.G_MORE  # items, cards, deals, trades: one menu, never a button wall
    return Control(action.key, label, group, _description(action, view), style, menu=menu)


def order(found: Sequence[Control], kinds: Sequence[str]) -> list[Control]:
    """The decision's buttons first (in ``MAIN``'s order), then each group together."""

    def rank(pair: tuple[int, Control]) -> tuple[int, int, int]:
        index, c = pair
        kind = kinds[index]
        group = GROUP_ORDER.index(c.group) if c.group in GROUP_ORDER else len(GROUP_ORDER)
        main = MAIN.index(kind) if kind in MAIN else len(MAIN)
        if kind in MORE_ORDER:
            main = MORE_ORDER.index(kind)
        return (group, main, index)

    return [c for _, c in sorted(enumerate(found), key=rank)]
