"""A munchkin's numbers (R129–R151): roles, Move, Health, items in use, dice counts,
run-away and search modifiers. Pure reads of the state."""

from __future__ import annotations

from engine.quest.board import link, open_to_dark
from engine.quest.content import HIDDEN, LOCKED, WALL, Content
from engine.quest.defs import RoomDef, RoomRule, TreasureDef
from engine.quest.state import Cell, QuestState

MAX_LEVEL = 10
BASE_HEALTH = 4  # R22, R138


def roles(s: QuestState, c: Content, seat: int, kind: str) -> list[str]:
    return [c.cid[r] for r in s.roles[seat] if c.kind[r] == kind]


def has(s: QuestState, c: Content, seat: int, role: str) -> bool:
    cid = c.cid
    return any(cid[r] == role for r in s.roles[seat])


def room(s: QuestState, c: Content, cell: Cell) -> RoomDef:
    return c.rooms[s.rooms[cell]]


def room_rules(s: QuestState, c: Content, cell: Cell, op: str) -> list[RoomRule]:
    if cell not in s.rooms:
        return []
    return [r for r in room(s, c, cell).rules if r.op == op]


def usable(s: QuestState, c: Content, seat: int, item: int) -> bool:
    """An item gives its benefits only out of the pack and while its restriction is met or
    it carries a Cheat (R142, R145, R149)."""
    zone = s.gear[seat].get(item)
    if zone is None or zone == "pack":
        return False
    need = c.treasure(item).requires
    return not need or has(s, c, seat, need) or item in s.cheats[seat]


def in_use(s: QuestState, c: Content, seat: int) -> list[TreasureDef]:
    return [c.treasure(i) for i in s.gear[seat] if usable(s, c, seat, i)]


def has_power(s: QuestState, c: Content, seat: int, power: str) -> bool:
    if power == "flight" and s.flying[seat]:
        return True
    return any(power in t.powers for t in in_use(s, c, seat))


def max_health(s: QuestState, c: Content, seat: int) -> int:
    dwarf = 1 if has(s, c, seat, "dwarf") else 0
    return BASE_HEALTH + dwarf + sum(t.health for t in in_use(s, c, seat))


def big_count(s: QuestState, c: Content, seat: int) -> int:
    big = c.big
    return sum(1 for i in s.gear[seat] if big[i])


def move(s: QuestState, c: Content, seat: int) -> int:
    """Base Move + items + lasting curses − 1 per Big item beyond the first (R38, R151;
    packed Big items count: READING SPEC 3.12; a Dwarf pays nothing)."""
    total = s.move_base
    if s.gear[seat]:
        total += sum(t.move for t in in_use(s, c, seat))
    if s.curses[seat]:
        total += sum(c.dxm_card(k).amount for k in s.curses[seat] if c.dxm_card(k).op == "move")
    if not has(s, c, seat, "dwarf"):
        total -= max(0, big_count(s, c, seat) - 1)
    return max(0, total)


def move_left(s: QuestState, c: Content, seat: int) -> int:
    """Move − spent, never below 0 (R43)."""
    if s.stopped:
        return 0
    return max(0, move(s, c, seat) - s.spent[seat])


def link_cost(
    s: QuestState, c: Content, seat: int, cell: Cell, d: str, hook: bool = False
) -> int | None:
    """What the link on side ``d`` costs to cross; ``None`` for walls, unless ``hook``: the
    Grappling Hook takes a wall as a locked door (SPEC 3.14 belt items)."""
    kind = link(s, cell, d)
    if kind == WALL and hook:
        kind = LOCKED
    if kind == WALL:
        return None
    cost = c.link_costs[kind]
    if cost is None:
        return None
    if kind == HIDDEN and has(s, c, seat, "halfling"):
        cost = 2
    for rule in room_rules(s, c, cell, "leave_cost"):
        cost += rule.amount
    return cost


def can_grapple(s: QuestState, c: Content, seat: int) -> bool:
    """The Grappling Hook: once per turn, on one's own turn, one wall (SPEC 3.14)."""
    if s.grappled or seat != s.turn:
        return False
    return any(t.op == "grapple" for t in in_use(s, c, seat))


def dark_blocked(s: QuestState, cell: Cell, d: str) -> bool:
    """An edge open to the dark is a wall for munchkins once the tile pool is empty (R54)."""
    return open_to_dark(s, cell, d) and not s.tile_pool


def drawback_free(s: QuestState, c: Content, seat: int, role: str) -> bool:
    """A Half Breed's single race, a Super Munchkin's single class: its advantages without
    its drawbacks (R137)."""
    races, classes = roles(s, c, seat, "race"), roles(s, c, seat, "class")
    if role in races:
        return len(races) == 1 and has(s, c, seat, "half_breed")
    return role in classes and len(classes) == 1 and has(s, c, seat, "super_munchkin")


def icon_dice(s: QuestState, c: Content, seat: int, cell: Cell) -> int:
    """Dice for combat and search: 1, +1 per matching green icon, −1 per matching red icon;
    a room rule that favours you counts as green (R61, R101). Half Breed and Super Munchkin
    ignore the red icon of their single race or class (R137)."""
    r = room(s, c, cell)
    mine = set(roles(s, c, seat, "race")) | set(roles(s, c, seat, "class"))
    dice = 1
    for g in r.green:
        if g == "everyone" or g in mine:
            dice += 1
    for red in r.red:
        if red == "everyone" or (red in mine and not drawback_free(s, c, seat, red)):
            dice -= 1
    if room_rules(s, c, cell, "odd_dice"):
        dice += 1 if s.level[seat] % 2 else -1
    return dice


def power_works(s: QuestState, c: Content, seat: int, role: str, face: int) -> bool:
    """A d10 power works on your level or less, always at Level 10 (R136); rooms may switch
    a role's powers off or widen them (SPEC 3.14.2)."""
    cell = s.pos[seat]
    if any(getattr(r, "role", "") == role for r in room_rules(s, c, cell, "no_power")):
        return False
    bonus = sum(
        r.amount for r in room_rules(s, c, cell, "power_mod") if getattr(r, "role", "") == role
    )
    return s.level[seat] >= MAX_LEVEL or face <= s.level[seat] + bonus


def run_mod(s: QuestState, c: Content, seat: int) -> int:
    total = 1 if has(s, c, seat, "elf") else 0
    total += sum(t.run for t in in_use(s, c, seat))
    total += s.run_bonus[seat]
    for rule in room_rules(s, c, s.pos[seat], "run_mod"):
        total += rule.amount
    return total


def search_mod(s: QuestState, c: Content, seat: int) -> int:
    return sum(t.search for t in in_use(s, c, seat))


def pack_size(s: QuestState, c: Content, seat: int) -> int:
    return 2 + sum(t.pack for t in in_use(s, c, seat))


def hands_free(s: QuestState, c: Content, seat: int) -> int:
    used = sum(
        0 if i in s.cheats[seat] else c.treasure(i).hands
        for i, z in s.gear[seat].items()
        if z == "hands"
    )
    return 2 - used


def alive(s: QuestState, seat: int) -> bool:
    return not s.dead[seat] and not s.out[seat]


def packed(s: QuestState, seat: int) -> int:
    return sum(1 for z in s.gear[seat].values() if z == "pack")


def overflowing(s: QuestState, c: Content) -> int | None:
    """A live seat holding more packed items than its pack takes (R149), or None."""
    for k in range(s.seats):
        if not s.out[k] and not s.dead[k] and packed(s, k) > pack_size(s, c, k):
            return k
    return None
