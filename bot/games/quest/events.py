"""Quest's log lines: one sentence per event, from the event as its reader may see it (a
card drawn face down is named only in its drawer's own copy of the event).

Events name places by cell; a line names the room laid there, read from the map the events
left (``Rooms``: a room, once laid, never leaves its cell). Without a map, a cell reads as
where it lies from the Entrance ("the room 2E 1N")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.quest.cards import card_name, room_def_by_id, seat_name
from bot.games.quest.words import WINDOWS
from engine.quest.content import COLOURS, LINK_NAMES

Json = Mapping[str, Any]
Rooms = Mapping[tuple[int, int], str]  # cell -> the name the log gives the room laid there

EVENTS: Mapping[str, str] = {
    "first_player": "{seat} rolled highest and goes first.",
    "turn": "Turn {turn}: {seat}'s turn.",
    "draw": "{seat} draws {cards} ({why}).",
    "moved": "{seat} {how} to {cell}.",
    "explore": "{seat} explores a new room: {room}.",
    "link": "A {link} appears {side} of {cell}.",
    "monster": "{monster} appears{base}.",
    "monster_die": "Monster die: {colour} ({why}).",
    "base": "{monster} stands on the {colour} base.",
    "monster_removed": "{monster} leaves the board ({why}).",
    "monster_turn": "Monster turn ({colour}): {moved}.",
    "fight": "{main} fights {monsters}.",
    "ask": "{seat} asks {asked} for help, offering {bribe}.",
    "help": "{seat} comes to help.",
    "declined": "{seat} will not help.",
    "rolling": "{seat} is about to roll: last chance for cards.",
    "dice": "The dice fall: players {side}, monsters {monsters}.",
    "die_window": "{seat} rolled {dice} ({what}).",
    "set_die": "{seat} turns a die from {from} to {to} ({what}).",
    "won": "{main}{helper} beat the monsters{boss}!",
    "lost": "{main}{helper} lose the fight{boss}.",
    "fight_over": "The fight is over.",
    "treasure": "{seat} gets {cards}.",
    "level": "{seat} is now level {level}.",
    "hit": "{seat} takes a hit ({hits} of {max} Health lost).",
    "heal": "{seat} heals ({hits} hits left).",
    "death": "{seat} dies in {cell}.",
    "return": "{seat} comes back to life at the Entrance.",
    "bad_stuff": "Bad Stuff hits {seat}{from_monster}.",
    "flee_to": "{seat} runs for {cell}.",
    "flee_roll": "{seat} rolls {die} to flee{from_monster}: {result}.",
    "nowhere_to_run": "{seat} has nowhere to run.",
    "search": "{seat} searches and rolls {total}.",
    "found": "{seat} finds {what}.",
    "room_roll": "{seat} rolls {die} for the room.",
    "deal": "{seat} makes a deal: {deal}.",
    "pick_up": "{seat} picks up {what}.",
    "play": "{seat} plays {card}.",
    "role": "{seat} becomes {card}.",
    "drop_role": "{seat} drops {card}.",
    "lose_role": "{seat} loses their {role}.",
    "arrange": "{seat} moves {card} to the {zone}.",
    "drop": "{seat} drops {card}.",
    "drop_gold": "{seat} drops {gold} gold.",
    "discard_cards": "{seat} discards cards.",
    "lose_item": "{seat} loses {item}.",
    "lose_pick": "{seat} must pick an item to lose.",
    "snatch": "A monster snatches {item} from {seat}.",
    "snatch_pick": "{seat} picks what is snatched from {victim}.",
    "buy_level": "{seat} buys a level{item}: now level {level}.",
    "curse": "{card} strikes {target}.",
    "curse_cancelled": "{seat}'s curse is cancelled.",
    "enhance": "{seat} plays {card} on {monster}.",
    "oneshot": "{seat} uses {card}: +{amount} for {side}.",
    "repel": "{seat} makes {monster} ignore them.",
    "backstab": "{seat} backstabs {victim}.",
    "power": "{seat} tries the {role} power: d10 {d10}, {result}.",
    "pickpocket": "{seat} picks {from}'s pocket: d10 {d10}, {result}.",
    "charity": "{seat} gives a card away{to}.",
    "trade_opened": "{seat} opens a trade with {with}.",
    "offer": "{seat} offers {to} a trade.",
    "trade": "{seat} and {with} trade.",
    "trade_refused": "{seat} refuses {from}'s trade.",
    "trade_withdrawn": "{seat} withdraws the trade with {with}.",
    "trade_lapsed": "A trade offer lapses.",
    "bribe_paid": "{seat} pays {to} the promised {what}.",
    "auction": "{seat} lets {bidders} bid to help (at most {treasures} Treasures).",
    "bid": "{seat} {result}.",
    "stop": "{seat} calls Stop on {turn}'s turn.",
    "go_on": "{seat} lets play go on.",
    "concede": "{seat} concedes.",
    "game_over": "The game is over ({reason}).",
}
DRAW_WHY = {
    "turn": "turn draw",
    "explore": "for exploring",
    "monster_die": "the monster die",
    "own_monster": "a monster of their colour",
}
DIE_WHY = {"base": "the new monster's base", "monster_turn": "the monsters move"}
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
    "concessions": "everyone else conceded",
}
SIDES = ("the players", "the monsters")


class _Fields(dict[str, object]):
    """Template fields; one the event lacks reads as "?" instead of failing."""

    def __missing__(self, key: str) -> str:
        return "?"


def _cell(value: object, rooms: Rooms) -> str:
    """A cell by the name of its room; by where it lies when no map says."""
    if isinstance(value, list) and len(value) == 2:
        x, y = value
        if isinstance(x, int) and isinstance(y, int):
            return rooms.get((x, y)) or place(x, y)
    return "a room"


def room_names(names_at: Mapping[tuple[int, int], str]) -> dict[tuple[int, int], str]:
    """What the log calls each laid room: "the Entrance", else its name; a name two cells
    share gets where it lies as a suffix ("Moss Hall (2E 1N)")."""
    counts: dict[str, int] = {}
    for name in names_at.values():
        counts[name] = counts.get(name, 0) + 1
    out = {}
    for (x, y), name in names_at.items():
        if (x, y) == (0, 0):
            out[(x, y)] = "the Entrance"
        elif counts[name] > 1:
            out[(x, y)] = f"{name} ({place(x, y).removeprefix('the room ')})"
        else:
            out[(x, y)] = name
    return out


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


def event_line(event: Json, names: Sequence[str], rooms: Rooms | None = None) -> str | None:
    kind = str(event.get("kind", ""))
    template = EVENTS.get(kind)
    if template is None:
        return None
    f = _Fields({k: v for k, v in event.items() if isinstance(v, int | str)})
    for key in ("seat", "main", "asked", "victim", "target", "to", "from", "with"):
        if key in event and isinstance(event[key], int):
            f[key] = seat_name(names, event[key])
    for key in ("card", "item"):
        if key in event:
            f[key] = card_name(event[key]) or "a card"
    monster = event.get("monster")
    f["monster"] = card_name(monster) or "a monster"
    f["from_monster"] = f" ({f['monster']})" if isinstance(monster, int) and monster >= 0 else ""
    f["cell"] = _cell(event.get("cell"), rooms or {})
    helper = event.get("helper")
    ok = isinstance(helper, int) and helper >= 0
    f["helper"] = f" and {seat_name(names, helper)}" if ok else ""
    _specific(kind, event, f, names, rooms or {})
    line = template.format_map(f)
    return line[:1].upper() + line[1:]


def _specific(kind: str, e: Json, f: _Fields, names: Sequence[str], rooms: Rooms) -> None:
    if kind == "draw":
        cards = e.get("cards")
        f["cards"] = _names(cards) if cards else "a DxM card"
        f["why"] = DRAW_WHY.get(str(e.get("why")), str(e.get("why", "")))
    elif kind == "moved":
        f["how"] = HOW.get(str(e.get("how")), "goes")
    elif kind == "explore":
        room = room_def_by_id(e.get("room"))
        f["room"] = room.name if room is not None else _cell(e.get("cell"), rooms)
    elif kind == "link":
        k = e.get("link")
        f["link"] = LINK_NAMES[k] if isinstance(k, int) and 0 <= k < len(LINK_NAMES) else "link"
        f["side"] = {"N": "north", "W": "west"}.get(str(e.get("side")), "by")
    elif kind == "monster":
        base = e.get("base")
        f["base"] = f" on base {base + 1}" if isinstance(base, int) and base >= 0 else ""
        if e.get("boss"):
            f["base"] = " as the Boss"
    elif kind == "base":
        b = e.get("base")
        f["colour"] = COLOURS[b] if isinstance(b, int) and 0 <= b < len(COLOURS) else "?"
    elif kind == "monster_die":
        f["why"] = DIE_WHY.get(str(e.get("why")), str(e.get("why", "")).replace("_", " "))
    elif kind == "monster_removed":
        why = str(e.get("why", ""))
        f["why"] = "no free base" if why == "no_base" else why.replace("_", " ")
    elif kind == "monster_turn":
        paths = e.get("paths") or []
        moved = sum(1 for _, p in paths if isinstance(p, list) and _steps(p) > 1)
        f["moved"] = f"{moved} of {len(paths)} monsters move" if paths else "no monsters"
    elif kind == "fight":
        f["monsters"] = _names(e.get("monsters")) or "a monster"
    elif kind == "ask":
        f["bribe"] = _bribe(e)
    elif kind in ("won", "lost"):
        f["boss"] = ", the Boss among them" if e.get("boss") else ""
    elif kind in ("die_window", "set_die"):
        what = str(e.get("what", ""))
        f["what"] = WINDOWS.get(what, what.replace("_", " "))
        colours = what in ("base", "monster_turn")  # the Monster Die: faces are colours
        faces = [_face(d, colours) for d in e.get("dice") or []]
        f["dice"] = ", ".join(faces) or "?"
        f["from"], f["to"] = _face(e.get("from"), colours), _face(e.get("to"), colours)
    elif kind == "treasure":
        cards = e.get("cards")
        f["cards"] = (
            _names(cards) if isinstance(cards, list) else f"{e.get('count', 0)} Treasures face down"
        )
    elif kind == "found":
        _found(e, f)
    elif kind == "flee_roll":
        f["result"] = "gets away" if e.get("dodged") else "caught"
    elif kind == "pick_up":
        bits = [_names(e.get("cards"))] if e.get("cards") else []
        if e.get("gold"):
            bits.append(f"{e.get('gold')} gold")
        f["what"] = " and ".join(bits) or "nothing"
    elif kind == "arrange":
        f["zone"] = str(e.get("zone", ""))
    elif kind == "buy_level":  # the items sold together (R131); older logs name one or -1
        sold = e.get("items")
        if not isinstance(sold, list):
            one = e.get("item")
            sold = [one] if isinstance(one, int) and one >= 0 else []
        f["item"] = f" selling {_names(sold)}" if sold else ""
    elif kind == "oneshot":
        side = e.get("side")
        f["side"] = SIDES[side] if isinstance(side, int) and side in (0, 1) else "?"
    elif kind == "power":
        f["result"] = "it works" if e.get("works") else "no luck"
    elif kind == "pickpocket":
        got = card_name(e.get("card")) if "card" in e else None
        f["result"] = f"takes {got}" if got else "caught"
    elif kind == "charity":
        to = f" to {f['to']}" if "to" in e else ""
        if "card" in e:
            to += f" ({card_name(e['card']) or 'a card'})"
        f["to"] = to
        if "discard" in e:
            f["to"] = f": {card_name(e['discard']) or 'a card'} discarded"
    elif kind == "bribe_paid":
        item = e.get("item")
        named = card_name(item) if isinstance(item, int) and item >= 0 else None
        f["what"] = named or f"{e.get('gold', 0)} gold"
    elif kind == "auction":
        bidders = e.get("bidders")
        who = [seat_name(names, b) for b in bidders] if isinstance(bidders, list) else []
        f["bidders"] = ", ".join(who) or "nobody"
    elif kind == "stop":
        f["turn"] = seat_name(names, e.get("turn"))
    elif kind == "bid":
        price = e.get("treasures")
        ok = isinstance(price, int) and price >= 0
        f["result"] = f"bids {price} Treasures" if ok else "drops out of the bidding"
    elif kind == "game_over":
        f["reason"] = REASONS.get(str(e.get("reason")), str(e.get("reason", "")))
    elif kind == "lose_role":
        f["role"] = str(e.get("role", "role"))


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


def _found(e: Json, f: _Fields) -> None:
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
