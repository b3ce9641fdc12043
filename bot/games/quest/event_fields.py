"""The fields a quest log line fills beyond the ones every event shares: per event kind, the
function that words them (``SPECIFIC``), read from the event as its reader may see it. The
templates are ``events.EVENTS``; ``events.event_line`` fills the shared fields, then the
kind's own here."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from bot.games.quest import words
from bot.games.quest.cards import card_name, room_def_by_id, seat_name
from bot.games.quest.words import WINDOWS
from engine.quest.content import COLOURS, LINK_NAMES

Json = Mapping[str, object]  # an event as its reader may see it (``Event.for_viewer``)
Rooms = Mapping[tuple[int, int], str]  # cell -> the name the log gives the room laid there

DRAW_WHY = {
    "turn": "turn draw",
    "explore": "for exploring",
    "monster_die": "the monster die",
    "own_monster": "a monster of their colour",
}
# Short enough for one log line on a phone (issue 27.6): "the new monster's base" wrapped.
DIE_WHY = {"base": "the monster's base", "monster_turn": "the monsters move"}
# A die roll's log line, where it differs from the hand's words: one line on a phone
# ("Ada (AI) rolled green (the monster's base)." wrapped; the line above names the monster).
LOGGED = {"base": "base colour"}
HOW = {
    "walked": "goes",
    "grappled": "climbs a wall with the Grappling Hook",
    "ran": "runs",
    "teleport": "is carried",
    "flew": "is blown",
}
REASONS = {
    "monsters_win": "everyone is dead: the monsters win",
    "boss": "the Boss is beaten",
    "boss_slain": "the Boss is beaten",  # the engine's key (combat.py R123): shown raw before
    "concessions": "everyone else conceded",
}
SIDES = ("the players", "the monsters")


class Fields(dict[str, object]):
    """Template fields; one the event lacks reads as "?" instead of failing."""

    def __missing__(self, key: str) -> str:
        return "?"


def cell_words(value: object, rooms: Rooms) -> str:
    """A cell by the name of its room; by where it lies when no map says."""
    if isinstance(value, list) and len(value) == 2:
        x, y = value
        if isinstance(x, int) and isinstance(y, int):
            return rooms.get((x, y)) or place(x, y)
    return "a room"


def place(x: int, y: int) -> str:
    """Where a cell lies from the Entrance: "the Entrance", "the room 2E 1N"."""
    if (x, y) == (0, 0):
        return "the Entrance"
    bits = [
        f"{abs(x)}{'E' if x > 0 else 'W'}" if x else "",
        f"{abs(y)}{'S' if y > 0 else 'N'}" if y else "",
    ]
    return "the room " + " ".join(b for b in bits if b)


def _cards(count: int) -> str:
    return "a card" if count == 1 else f"{count} cards"


def _names(cards: object) -> str:
    named = [card_name(c) or "a card" for c in cards] if isinstance(cards, list) else []
    return ", ".join(named)


Specific = Callable[[Json, "Fields", Sequence[str], Rooms], None]
"""Fills one kind's own fields of its template from the event (names: the seats' names)."""


def _draw(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    cards = e.get("cards")
    f["cards"] = _names(cards) if cards else "a Twist card"
    f["why"] = DRAW_WHY.get(str(e.get("why")), str(e.get("why", "")))


def _moved(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    f["how"] = HOW.get(str(e.get("how")), "goes")


def _explore(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    room = room_def_by_id(e.get("room"))
    f["room"] = room.name if room is not None else cell_words(e.get("cell"), rooms)


def _link(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    k = e.get("link")
    f["link"] = LINK_NAMES[k] if isinstance(k, int) and 0 <= k < len(LINK_NAMES) else "link"
    f["side"] = {"N": "north", "W": "west"}.get(str(e.get("side")), "by")


def _monster(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    base = e.get("base")
    f["base"] = f" on base {base + 1}" if isinstance(base, int) and base >= 0 else ""
    if e.get("boss"):
        f["base"] = " as the Boss"


def _base(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    b = e.get("base")
    f["colour"] = COLOURS[b] if isinstance(b, int) and 0 <= b < len(COLOURS) else "?"
    # R51: the die's colour had no free base. Said, the line under "Monster die: yellow"
    # no longer reads as a contradiction; who picked, when someone did.
    rolled, seat = e.get("rolled"), e.get("seat")
    f["unfree"] = f"No free {rolled} base: " if isinstance(rolled, str) else ""
    f["picked"] = f" ({seat_name(names, seat)}'s pick)" if isinstance(seat, int) else ""


def _monster_die(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    f["why"] = DIE_WHY.get(str(e.get("why")), str(e.get("why", "")).replace("_", " "))


def _monster_removed(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    why = str(e.get("why", ""))
    f["why"] = "no free base" if why == "no_base" else why.replace("_", " ")


def _monster_turn(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    found = e.get("paths")
    paths = found if isinstance(found, list) else []
    moved = sum(1 for _, p in paths if isinstance(p, list) and _steps(p) > 1)
    f["moved"] = f"{moved} of {len(paths)} monsters move" if paths else "no monsters"


def _fight(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    f["monsters"] = _names(e.get("monsters")) or "a monster"


def _ask(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    f["bribe"] = _bribe(e)


def _fight_end(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    f["boss"] = ", the Boss among them" if e.get("boss") else ""


def _die(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    what = str(e.get("what", ""))
    f["what"] = LOGGED.get(what) or WINDOWS.get(what, what.replace("_", " "))
    colours = what in ("base", "monster_turn")  # the Monster Die: faces are colours
    dice = e.get("dice")
    faces = [_face(d, colours) for d in (dice if isinstance(dice, list) else [])]
    f["dice"] = ", ".join(faces) or "?"
    f["from"], f["to"] = _face(e.get("from"), colours), _face(e.get("to"), colours)


def _treasure(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    cards = e.get("cards")
    count = e.get("count", 0)
    hidden = _cards(count if isinstance(count, int) else 0).replace("card", "Treasure")
    f["cards"] = _names(cards) if isinstance(cards, list) else f"{hidden} face down"


def _found(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    bits = []
    cards = e.get("cards")
    count = e.get("count", 0)
    if isinstance(cards, list) and cards:
        bits.append(_names(cards))
    elif isinstance(count, int) and count:
        bits.append(f"{_cards(count).replace('card', 'Treasure')} face down")
    if e.get("gold"):
        bits.append(f"{e.get('gold')} gold")
    f["what"] = " and ".join(bits) or "nothing"


def _flee_roll(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    f["result"] = "gets away" if e.get("dodged") else "caught"


def _pick_up(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    bits = [_names(e.get("cards"))] if e.get("cards") else []
    if e.get("gold"):
        bits.append(f"{e.get('gold')} gold")
    f["what"] = " and ".join(bits) or "nothing"


def _arrange(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    f["zone"] = str(e.get("zone", ""))


def _buy_level(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    sold = e.get("items")  # the items sold together (R131); older logs name one or -1
    if not isinstance(sold, list):
        one = e.get("item")
        sold = [one] if isinstance(one, int) and one >= 0 else []
    f["item"] = f" selling {_names(sold)}" if sold else ""


def _oneshot(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    side = e.get("side")
    f["side"] = SIDES[side] if isinstance(side, int) and side in (0, 1) else "?"


def _power(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    f["result"] = "it works" if e.get("works") else "no luck"


def _pickpocket(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    got = card_name(e.get("card")) if "card" in e else None
    f["result"] = f"takes {got}" if got else "caught"


def _charity(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    to = f" to {f['to']}" if "to" in e else ""
    if "card" in e:
        to += f" ({card_name(e['card']) or 'a card'})"
    f["to"] = to
    if "discard" in e:
        f["to"] = f": {card_name(e['discard']) or 'a card'} discarded"


def _bribe_paid(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    item = e.get("item")
    named = card_name(item) if isinstance(item, int) and item >= 0 else None
    f["what"] = named or f"{e.get('gold', 0)} gold"


def _auction(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    bidders = e.get("bidders")
    who = [seat_name(names, b) for b in bidders] if isinstance(bidders, list) else []
    f["bidders"] = ", ".join(who) or "nobody"
    most = e.get("treasures")
    f["most"] = words.share(most) if isinstance(most, int) else "?"


def _stop(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    f["turn"] = seat_name(names, e.get("turn"))


def _bid(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    price = e.get("treasures")
    if isinstance(price, int) and price >= 0:
        f["result"] = words.BID_ASKS.format(share=words.share(price))
    else:
        f["result"] = words.BID_OUT


def _game_over(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    f["reason"] = REASONS.get(str(e.get("reason")), str(e.get("reason", "")))


def _lose_role(e: Json, f: Fields, names: Sequence[str], rooms: Rooms) -> None:
    f["role"] = str(e.get("role", "role"))


# The kinds whose template needs more than the fields every event shares (``event_line``).
SPECIFIC: Mapping[str, Specific] = {
    "draw": _draw,
    "moved": _moved,
    "explore": _explore,
    "link": _link,
    "monster": _monster,
    "base": _base,
    "monster_die": _monster_die,
    "monster_removed": _monster_removed,
    "monster_turn": _monster_turn,
    "fight": _fight,
    "ask": _ask,
    "won": _fight_end,
    "lost": _fight_end,
    "die_window": _die,
    "set_die": _die,
    "treasure": _treasure,
    "found": _found,
    "flee_roll": _flee_roll,
    "pick_up": _pick_up,
    "arrange": _arrange,
    "buy_level": _buy_level,
    "oneshot": _oneshot,
    "power": _power,
    "pickpocket": _pickpocket,
    "charity": _charity,
    "bribe_paid": _bribe_paid,
    "auction": _auction,
    "stop": _stop,
    "bid": _bid,
    "game_over": _game_over,
    "lose_role": _lose_role,
}


def _face(face: object, colour: bool) -> str:
    if colour and isinstance(face, int) and 0 <= face < len(COLOURS):
        return COLOURS[face]
    return str(face)


def _steps(path: list[object]) -> int:
    return sum(1 for p in path if isinstance(p, list))


def _bribe(e: Json) -> str:
    gold, item, share = e.get("gold", 0), e.get("item", -1), e.get("treasures", 0)
    if isinstance(gold, int) and gold > 0:
        return f"{gold} gold"
    if isinstance(item, int) and item >= 0:
        return card_name(item) or "an item"
    if isinstance(share, int) and share > 0:
        return "1 Treasure" if share == 1 else f"{share} Treasures"
    return "nothing"
