"""Combat with dice (R93–R106, SPEC 3.9): who is in it, the totals, the dice, the two windows,
winning (kills, DxM, Treasures, levels) and losing (hits, then running away)."""

from __future__ import annotations

from engine.core import Event
from engine.core.nothing import wire
from engine.quest.board import adjacent, draw_card, roll
from engine.quest.content import Content
from engine.quest.rules.answerable import changer_may_answer
from engine.quest.rules.effects import gain_levels, hit, lose_levels
from engine.quest.rules.monsters import draw_dxm, ignores, owner, remove
from engine.quest.state import Cell, Fight, Mon, Pending, QuestState
from engine.quest.stats import (
    alive,
    drawback_free,
    has,
    has_power,
    icon_dice,
    power_works,
    room_rules,
    usable,
)

AFTER_ROLL_MARGIN = 10  # two die changers swing at most 10 (OURS, SPEC 3.9 Stage D)


def begin(
    s: QuestState,
    c: Content,
    seat: int,
    cell: Cell,
    ev: list[Event],
    *,
    from_search: bool = False,
    voluntary: bool = False,
    boss: bool = False,
) -> bool:
    """Start a fight with every monster in the room that does not ignore the main player
    (R105); ``voluntary`` fights ignoring monsters too (R91)."""
    mons = [m.serial for m in s.mons_at(cell) if voluntary or not ignores(s, c, m, seat)]
    if not mons:
        return False
    s.fight = Fight(
        seat, cell, mons, boss=boss or any(s.mon(x).boss for x in mons), from_search=from_search
    )
    ev.append(
        Event(
            "fight", {"main": seat, "monsters": [s.mon(x).card for x in mons], "boss": s.fight.boss}
        )
    )
    return True


def fighters(f: Fight) -> list[int]:
    return [f.main] + ([f.helper] if f.helper is not None else [])


def monster_level(s: QuestState, c: Content, f: Fight, m: Mon) -> int:
    """Level + enhancers + room and card changes, never below 1 (R2, SPEC 3.9 Level floor)."""
    d = c.monsters[m.mdef]
    lvl = (s.boss_level if m.boss else d.level) + sum(c.dxm_card(e).amount for e in m.enh)
    tags = set(d.keywords) | {d.size}
    protected = any(has_power(s, c, k, "flame_protection") for k in fighters(f))
    for rule in room_rules(s, c, f.cell, "monster_bonus"):
        kw = getattr(rule, "keyword", "")
        if kw in tags and not (kw == "fiery" and protected):
            lvl += getattr(rule, "amount", 0)
    lvl += f.shrink.get(m.serial, 0)
    return max(1, lvl)


def monster_bonus(s: QuestState, c: Content, f: Fight, m: Mon) -> int:
    """The card's bonuses against the munchkins in the fight, each counted once (R116)."""
    total = 0
    for b in c.monsters[m.mdef].bonuses:
        if b.vs == "flame_protection":
            hit_ = any(has_power(s, c, k, "flame_protection") for k in fighters(f))
        else:  # a bonus against a half race or super class is a drawback it ignores (R137)
            hit_ = any(
                has(s, c, k, b.vs) and not (b.amount > 0 and drawback_free(s, c, k, b.vs))
                for k in fighters(f)
            )
        if hit_:
            total += b.amount
    total += sum(c.treasure(i).bonus for i in m.carried)
    return total


def monster_dice(s: QuestState, c: Content, f: Fight, m: Mon) -> int:
    d = c.monsters[m.mdef]
    n = d.dice + sum(c.dxm_card(e).dice for e in m.enh)
    tags = set(d.keywords) | {d.size}
    for rule in room_rules(s, c, f.cell, "monster_dice"):
        if getattr(rule, "keyword", "") in tags:
            n += getattr(rule, "amount", 0)
    return max(0, n)


def gear_bonus(s: QuestState, c: Content, f: Fight | None, seat: int) -> int:
    total = 0
    shiny = sum(
        getattr(r, "amount", 0)
        for r in room_rules(s, c, s.pos[seat], "item_bonus")
        if getattr(r, "keyword", "") == "shiny"
    )
    for item in s.gear[seat]:
        if not usable(s, c, seat, item):
            continue
        t = c.treasure(item)
        b = t.bonus
        if item in s.cheats[seat] and t.two_hand_bonus:
            b = t.two_hand_bonus  # Cheat: its best bonus, no Hands (R145)
        if t.elf_bonus and has(s, c, seat, "elf"):
            b += t.elf_bonus
        if f is not None and f.magic_double == item:  # None never equals a card
            b *= 2
        if "shiny" in t.keywords:
            b += shiny
        total += b
    return total


def munchkin_strength(s: QuestState, c: Content, f: Fight, seat: int) -> int:
    total = max(1, s.level[seat]) + gear_bonus(s, c, f, seat)
    if has(s, c, seat, "cleric") and any(
        "undead" in c.monsters[s.mon(x).mdef].keywords for x in f.mons
    ):
        total += 3  # Cleric: +3 against Undead (SPEC 3.14.6)
    total += sum(c.dxm_card(k).amount for k in s.curses[seat] if c.dxm_card(k).op == "next_fight")
    return total


def dice_total(f: Fight, side: int, who: int) -> int:
    return sum(d[1] for d in f.dice if d[2] == side and d[3] == who)


def side_total(s: QuestState, c: Content, f: Fight) -> int:
    total = sum(munchkin_strength(s, c, f, k) + dice_total(f, 0, k) for k in fighters(f))
    return total + f.side_bonus[0] + f.rage + (3 if f.warrior else 0)


def monsters_total(s: QuestState, c: Content, f: Fight) -> int:
    total = f.side_bonus[1]
    for x in f.mons:
        m = s.mon(x)
        total += monster_level(s, c, f, m) + monster_bonus(s, c, f, m) + dice_total(f, 1, x)
    return total


def munchkins_win(s: QuestState, c: Content, f: Fight) -> bool:
    a, b = side_total(s, c, f), monsters_total(s, c, f)
    return a > b or (a == b and f.warrior)  # ties lose unless the Warrior broke it (R104)


def roll_dice(s: QuestState, c: Content, f: Fight, ev: list[Event]) -> None:
    """Stage C (R97–R99): the main player's dice, the helper's, then each monster's rolled
    for its owner."""
    f.dice = []
    for k in fighters(f):
        n = icon_dice(s, c, k, f.cell) + (f.extra_dice[0] if k == f.main else 0)
        for _ in range(max(0, n)):
            f.dice.append([k, roll(s), 0, k])
    for x in f.mons:
        m = s.mon(x)
        who = owner(s, m)
        for _ in range(monster_dice(s, c, f, m) + (f.extra_dice[1] if x == f.mons[0] else 0)):
            f.dice.append([f.main if who is None else who, roll(s), 1, x])
    ev.append(
        Event(
            "dice",
            {
                "dice": [list(d) for d in f.dice],
                "side": side_total(s, c, f),
                "monsters": monsters_total(s, c, f),
            },
        )
    )


def after_window_needed(s: QuestState, c: Content, f: Fight) -> bool:
    """Stage D opens only when one changed die or a public after-roll power could matter: a
    die changer only while one may still be in a hand (issue 27.3, ``answerable``)."""
    margin = abs(side_total(s, c, f) - monsters_total(s, c, f))
    if f.dice and margin <= AFTER_ROLL_MARGIN and changer_may_answer(s, c):
        return True
    return (
        any(has(s, c, k, "warrior") and f"warrior:{k}" not in f.tried for k in fighters(f))
        and margin <= 3
    )


def power_result(
    s: QuestState, c: Content, seat: int, role: str, face: int, ev: list[Event]
) -> None:
    """A Warrior's or Wizard's d10 as it stands after its window (R10, R104, R136)."""
    f = s.fight
    works = power_works(s, c, seat, role, face)
    ev.append(Event("power", {"seat": seat, "role": role, "d10": face, "works": works}))
    if not works or f is None:
        return
    if role == "warrior":
        f.warrior = True
    else:
        magic = [i for i in s.gear[seat] if "magic" in c.treasure(i).keywords]
        if magic:
            f.magic_double = max(magic, key=lambda i: c.treasure(i).bonus)
    if f.stage == "after":
        f.passed = []


def near(s: QuestState, at: Cell, cell: Cell) -> bool:
    """A munchkin in room ``at`` is near ``cell``: the same room, or one joined to it by any
    link but a wall (R112, R113 help; R119 throws; R152 trades)."""
    return at == cell or any(n == cell for _, n in adjacent(s, at))


def nearby(s: QuestState, seat: int, cell: Cell) -> bool:
    return near(s, s.pos[seat], cell)


def loot_count(s: QuestState, c: Content, f: Fight) -> int:
    """The Treasures the fight's monsters carry now (R103: card plus enhancers, never below 0)."""
    total = f.dead_loot
    for x in f.mons:
        m = s.mon(x)
        t = c.monsters[m.mdef].treasures + sum(c.dxm_card(e).treasures for e in m.enh)
        total += max(0, t)
    return total


def join(
    s: QuestState, f: Fight, seat: int, bribe: int, gold: int, item: int | None, ev: list[Event]
) -> None:
    """The helper comes in at no Move (R44, R113) for the agreed bribe (R114)."""
    f.helper = seat
    f.bribe, f.bribe_gold, f.bribe_item = bribe, gold, item
    s.pos[seat] = f.cell
    ev.append(Event("help", {"seat": seat, "bribe": bribe, "gold": gold, "item": wire(item)}))


def may_help(s: QuestState, c: Content, f: Fight, seat: int) -> bool:
    """In the room or next to it (not through a wall), no room or monster forbids help, the
    Boss only with Level 10 helpers (R112, R113, R122)."""
    if seat == f.main or f.helper is not None or seat in f.asked or not alive(s, seat):
        return False
    if help_barred(s, c, f):
        return False
    if f.boss and s.level[seat] < 10:
        return False
    return nearby(s, seat, f.cell)


def help_barred(s: QuestState, c: Content, f: Fight) -> bool:
    """The fight's room or one of its monsters forbids help (R112)."""
    if room_rules(s, c, f.cell, "no_help"):
        return True
    return any("no_help" in c.monsters[m.mdef].flags for m in s.mons if m.serial in f.mons)


def help_rooms(s: QuestState, c: Content, f: Fight) -> list[Cell]:
    """The rooms a munchkin may help from, by ``may_help``'s own rule (the table's picture
    marks them, SPEC 4.2.4): none when help is barred."""
    if help_barred(s, c, f):
        return []
    return sorted(at for at in s.rooms if near(s, at, f.cell))


def win(s: QuestState, c: Content, f: Fight, ev: list[Event]) -> None:
    """The munchkins win (R103, R129, SPEC 3.9 steps 1–8)."""
    treasures = f.dead_loot
    helper = f.helper
    loot: list[int] = []
    levels_main = 0
    levels_helper = 0
    fearsome_shared = False
    for x in list(f.mons):
        m = s.mon(x)
        d = c.monsters[m.mdef]
        who = owner(s, m)
        if who == f.main:
            draw_dxm(s, f.main, ev, "own_monster")
        elif helper is not None and who == helper:
            draw_dxm(s, helper, ev, "own_monster")
        t = d.treasures + sum(c.dxm_card(e).treasures for e in m.enh)
        for rule in room_rules(s, c, f.cell, "kill_treasure"):
            kw = getattr(rule, "keyword", "")
            if (kw == "fearsome" and d.fearsome and helper is None) or kw in d.keywords:
                t += getattr(rule, "amount", 0)
        treasures += max(0, t)
        loot.extend(m.carried)
        m.carried = []
        worth = 2 if d.fearsome else 1
        if helper is not None and d.fearsome:
            levels_helper += 1
            levels_main += worth - 1
            fearsome_shared = True
        else:
            levels_main += worth
        remove(s, m)
    f.mons = []
    for item in loot:
        s.hand[f.main].append(item)
    others = any(k != f.main and s.pos[k] == f.cell for k in range(s.seats) if not s.out[k])
    face_up = others or bool(room_rules(s, c, f.cell, "face_up"))
    drawn: list[int] = []
    for _ in range(treasures):
        card = draw_card(s, "T")
        if card is not None:
            drawn.append(card)
    to_helper = drawn[: f.bribe] if helper is not None else []
    for card in drawn:
        (s.hand[helper] if helper is not None and card in to_helper else s.hand[f.main]).append(
            card
        )
    audience = frozenset(fighters(f))
    if face_up:
        ev.append(Event("treasure", {"seat": f.main, "cards": drawn, "helper_gets": to_helper}))
    else:
        ev.append(
            Event("treasure", {"seat": f.main, "count": len(drawn)}, {"cards": drawn}, audience)
        )
    if helper is not None and has(s, c, helper, "elf") and not fearsome_shared:
        levels_helper += 1  # R129: an Elf helper gains a level
    gain_levels(s, f.main, levels_main, True, ev)
    if helper is not None:
        gain_levels(s, helper, levels_helper, True, ev)
    if f.from_search and s.dropped.get(f.cell):  # R153: the winner takes what he wants of it
        s.pending.append(Pending("pick_up", f.main, [f.cell[0], f.cell[1]]))
    ev.append(Event("won", {"main": f.main, "helper": wire(helper), "boss": f.boss}))
    if f.boss:
        s.phase = "over"
        s.winners = tuple(sorted(fighters(f)))
        s.end_reason = "boss_slain"  # R123
        ev.append(Event("game_over", {"reason": "boss_slain", "winners": list(s.winners)}))


def lose(s: QuestState, c: Content, f: Fight, ev: list[Event]) -> None:
    """The munchkins lose or tie (R104, R124): one hit per monster each, a level each in a
    Boss fight, then each survivor runs away (main player first, then the helper)."""
    ev.append(Event("lost", {"main": f.main, "helper": wire(f.helper), "boss": f.boss}))
    people = fighters(f)
    for k in people:
        hit(s, c, k, len(f.mons), ev)
        if f.boss:
            lose_levels(s, k, 1, ev)
    if f.boss:
        for x in f.mons:  # they vanish once everyone has run (R124), or with the match
            s.mon(x).boss = True
    if s.phase == "over":
        return
    for k in reversed(people):
        if not s.dead[k]:
            s.pending.append(Pending("flee_to", k, list(f.mons)))
