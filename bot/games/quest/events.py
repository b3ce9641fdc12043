"""Quest's log lines: one sentence per event, from the event as its reader may see it (a
card drawn face down is named only in its drawer's own copy of the event).

Events name places by cell; a line names the room laid there, read from the map the events
left (``Rooms``: a room, once laid, never leaves its cell). Without a map, a cell reads as
where it lies from the Entrance ("the room 2E 1N")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.quest.cards import card_name, seat_name
from bot.games.quest.event_fields import SPECIFIC, Fields, Json, Rooms, cell_words, place

__all__ = ["EVENTS", "Rooms", "event_line", "place", "room_names"]

EVENTS: Mapping[str, str] = {
    "first_player": "{seat} rolled highest and goes first.",
    "turn": "Turn {turn}: {seat}'s turn.",
    "draw": "{seat} draws {cards} ({why}).",
    "moved": "{seat} {how} to {cell}.",
    "explore": "{seat} explores a new room: {room}.",
    "link": "A {link} appears {side} of {cell}.",
    "monster": "{monster} appears{base}.",
    "monster_die": "Monster die: {colour} ({why}).",
    "base": "{unfree}{monster} stands on the {colour} base{picked}.",
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
    "bad_stuff": "{seat} is caught{from_monster}.",
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
    "auction": "{seat} lets {bidders} bid to help (at most {most}).",
    "bid": "{seat} {result}.",
    "stop": "{seat} calls Stop on {turn}'s turn.",
    "go_on": "{seat} lets play go on.",
    "concede": "{seat} concedes.",
    "game_over": "The game is over ({reason}).",
}


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


def event_line(event: Json, names: Sequence[str], rooms: Rooms | None = None) -> str | None:
    kind = str(event.get("kind", ""))
    template = EVENTS.get(kind)
    if template is None:
        return None
    f = Fields({k: v for k, v in event.items() if isinstance(v, int | str)})
    for key in ("seat", "main", "asked", "victim", "target", "to", "from", "with"):
        if key in event and isinstance(event[key], int):
            f[key] = seat_name(names, event[key])
    for key in ("card", "item"):
        if key in event:
            f[key] = card_name(event[key]) or "a card"
    monster = event.get("monster")
    f["monster"] = card_name(monster) or "a monster"
    f["from_monster"] = f" ({f['monster']})" if isinstance(monster, int) and monster >= 0 else ""
    f["cell"] = cell_words(event.get("cell"), rooms or {})
    helper = event.get("helper")
    ok = isinstance(helper, int) and helper >= 0
    f["helper"] = f" and {seat_name(names, helper)}" if ok else ""
    specific = SPECIFIC.get(kind)
    if specific is not None:
        specific(event, f, names, rooms or {})
    line = template.format_map(f)
    return line[:1].upper() + line[1:]
