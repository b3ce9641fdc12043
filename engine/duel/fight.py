"""The fight (# 000 III.A.2.f): commit face down, run away or face it, reveal, the cheating
check, hiring, weapon damage, monster damage and the end of the fight."""

from __future__ import annotations

from engine.core import Event, ResponseWindow
from engine.duel.effects import (
    NEEDS_TARGET,
    PENDING_ORDER,
    TRIGGER_BASE,
    ability_candidates,
    resolve_effects,
    suction,
    trigger_entry,
    triggers_ready,
)
from engine.duel.fight_values import fight_defense, hire_cost
from engine.duel.state import Choice, DuelState, Entry, Fight
from engine.duel.zones import (
    Defs,
    abilities_ignored,
    card,
    controller,
    hurt,
    in_play,
    is_weapon,
    leave_play,
    life_of,
    monstrous,
    power_of,
    squish,
    type_of,
)


def start(defs: Defs, s: DuelState, iid: int, gold: int, ev: list[Event]) -> None:
    """# 000 III.A.2.f: one card from hand face down plus any gold from the purse."""
    seat = s.active
    s.hand[seat].remove(iid)
    s.purse[seat] -= gold
    s.fight = Fight(seat, iid, gold)
    ev.append(
        Event(
            "fight_started",
            {"attacker": seat, "gold": gold},
            {"card": iid, "id": card(defs, s, iid).id},
            frozenset({seat}),
        )
    )


def run_away(defs: Defs, s: DuelState, ev: list[Event]) -> None:
    """# 000 III.A.2.f.(II): flip to Limp Away, or limp again for 2 damage; the card goes to
    the attacker's stash face down and the gold back to the attacker."""
    f = s.fight
    assert f is not None
    defender = 1 - f.attacker
    if s.limp[defender]:
        ev.append(Event("limped_away", {"seat": defender}))
        hurt(defs, s, s.heroes[defender], 2, ev)
    else:
        s.limp[defender] = True
        ev.append(Event("ran_away", {"seat": defender}))
    if f.card is not None:
        stash_fight_card(s, f.card, f.attacker, ev)
    s.purse[f.attacker] += f.gold
    s.fight = None
    if s.phase != "over":
        s.phase = "main"


def fought(f: Fight) -> int:
    """The card fought with, from the reveal to the hire (000 III.A.2.f.(I).(B)-(C)): face
    down it is in no zone and not in play, so nothing can take it out of the fight before;
    after the cost window a card gone ends the fight first (``moves.close_window``)."""
    assert f.card is not None, "the fight's card left before its reveal or hire"
    return f.card


def stash_fight_card(s: DuelState, iid: int, attacker: int, ev: list[Event]) -> None:
    """# 000 II.A.11: the fight's card goes face down to the attacker's stash, and a card
    stashed face down loses its tokens and Curses."""
    leave_play(s, iid, ev)
    s.stash[attacker].append(iid)


def commit(s: DuelState, iid: int, ev: list[Event]) -> None:
    """# 000 III.A.2.f.(I).(A): zap it and move it from the hoard to the DMZ."""
    f = s.fight
    assert f is not None
    s.hoard[1 - f.attacker].remove(iid)
    s.zapped.add(iid)
    f.committed.append(iid)
    ev.append(Event("committed", {"seat": 1 - f.attacker, "card": iid}))


def is_monster(defs: Defs, s: DuelState, iid: int) -> bool:
    c = card(defs, s, iid)
    return c.type == "monster" or "monstrous" in c.keywords


def reveal(defs: Defs, s: DuelState, ev: list[Event]) -> None:
    """The defender is ready: the card is revealed; a Monster opens the cost window
    (# 000 III.A.2.f.(I).(B).1)."""
    f = s.fight
    assert f is not None
    f.revealed = True
    iid = fought(f)
    ev.append(Event("revealed_commit", {"card": iid, "id": card(defs, s, iid).id}))
    if is_monster(defs, s, iid):
        f.step = "cost"
        s.window = ResponseWindow("cost", (s.active, 1 - s.active))
    else:
        caught_cheating(defs, s, ev)


def check_cheating(defs: Defs, s: DuelState, ev: list[Event]) -> None:
    """# 000 III.A.2.f.(I).(B).2: enough gold hires it, else the attacker was cheating."""
    f = s.fight
    assert f is not None
    if f.gold >= hire_cost(defs, s):
        hire(defs, s, ev)
    else:
        caught_cheating(defs, s, ev)


def caught_cheating(defs: Defs, s: DuelState, ev: list[Event]) -> None:
    """# 000 III.A.2.f.(I).(B).(2.1): 1 damage, gold back, card stashed face down, the
    defender's cards back keeping their orientation."""
    f = s.fight
    assert f is not None
    ev.append(Event("caught_cheating", {"seat": f.attacker}))
    s.cheated[f.attacker] = True
    s.purse[f.attacker] += f.gold
    s.fight = None
    if f.card is not None:
        stash_fight_card(s, f.card, f.attacker, ev)
    s.hoard[1 - f.attacker].extend(f.committed)
    hurt(defs, s, s.heroes[f.attacker], 1, ev)
    if s.phase != "over":
        s.phase = "main"


def hire(defs: Defs, s: DuelState, ev: list[Event]) -> None:
    """# 000 III.A.2.f.(I).(C): hire abilities trigger (even if it will be squished), then the
    gold is paid to the stockpile. Several hire abilities are put in order by the active player
    (# 000 II.A.2)."""
    f = s.fight
    assert f is not None
    f.step = "hire"
    iid = fought(f)
    c = card(defs, s, iid)
    ev.append(Event("hired", {"card": iid, "id": c.id, "paid": f.gold}))  # revealed already
    if monstrous(defs, s, iid):
        after_hire(defs, s, ev)  # 000 IV Monstrous: its other abilities are ignored
        return
    entries = [
        trigger_entry(defs, s, f.attacker, iid * TRIGGER_BASE + i)
        for i, a in enumerate(c.abilities)
        if a.when == "hire"
    ]
    if not entries:
        after_hire(defs, s, ev)
        return
    s.stack.extend(reversed(entries))
    if len(entries) > 1:
        codes = [e.source * TRIGGER_BASE + e.ability for e in entries]
        s.pending = Choice(s.active, len(codes), PENDING_ORDER, tuple(codes))
        return
    hire_ordered(defs, s)


def hire_ordered(defs: Defs, s: DuelState) -> None:
    """The hire abilities are in order: the attacker picks targets, then both may answer."""
    triggers_ready(s)


def hire_target_options(defs: Defs, s: DuelState) -> list[int]:
    """Targets for the first triggered ability (hire or reckoning) still waiting for one."""
    for entry in reversed(s.stack):
        if entry.target == NEEDS_TARGET:
            ability = card(defs, s, entry.source).abilities[entry.ability]
            return ability_candidates(defs, s, ability, entry.controller)
    return []


def choose_hire_target(s: DuelState, target: int) -> None:
    """The active player picks a triggered ability's target (a hired Monster's, a reckoning
    ability's); the window opens once all are set."""
    for i in range(len(s.stack) - 1, -1, -1):
        if s.stack[i].target == NEEDS_TARGET:
            s.stack[i] = s.stack[i]._replace(target=target)
            break
    triggers_ready(s)


def after_hire(defs: Defs, s: DuelState, ev: list[Event]) -> None:
    """Gold to the stockpile, then weapon damage and monster damage."""
    f = s.fight
    assert f is not None
    f.gold = 0
    monster = f.card
    if monster is None:
        end_fight(defs, s, ev)
        return
    weapons = [i for i in f.committed if is_weapon(defs, s, i)]
    total = sum(power_of(defs, s, i) for i in weapons)
    if total and in_play(s, monster):
        s.damage[monster] += total
        ev.append(Event("damage", {"card": monster, "amount": total, "combat": True}))
        for weapon in weapons:  # 000 IV Life-O-Suction: each Weapon dealt its own power
            suction(defs, s, weapon, 1 - f.attacker, power_of(defs, s, weapon), ev)
        if s.damage[monster] >= life_of(defs, s, monster):
            f.step = "ended"
            squish(defs, s, monster, ev)
            end_fight(defs, s, ev)
            return
    monster_damage(defs, s, ev)


def monster_damage(defs: Defs, s: DuelState, ev: list[Event]) -> None:
    """# 000 III.A.2.f.(I).(E): power less total defense, to the Hero, the one Ally, or split
    among Allies as the defender chooses."""
    f = s.fight
    assert f is not None
    if f.card is None:
        end_fight(defs, s, ev)
        return
    amount = max(0, power_of(defs, s, f.card) + f.power_mod - fight_defense(defs, s))
    allies = [i for i in f.committed if type_of(defs, s, i) == "ally"]
    if amount and not allies:
        dealt = hurt(defs, s, s.heroes[1 - f.attacker], amount, ev, combat=True)
        suction(defs, s, f.card, f.attacker, dealt, ev)
    elif amount and len(allies) == 1:
        dealt = hurt(defs, s, allies[0], amount, ev, combat=True)
        suction(defs, s, f.card, f.attacker, dealt, ev)
    elif amount:
        f.step = "split"
        f.to_split = amount
        return
    if s.phase != "over":
        end_fight(defs, s, ev)


def allot(defs: Defs, s: DuelState, ally: int, ev: list[Event]) -> None:
    """The defender names the Ally for one more damage token (one choice per token keeps the
    choices few). Once every token has its Ally, they are placed together: the split need not
    be even and one Ally may take them all, even past its life (# 000
    III.A.2.f.(I).(E).1.c.1)."""
    f = s.fight
    assert f is not None
    f.allotted.append(ally)
    f.to_split -= 1
    if f.to_split > 0:
        return
    for target in sorted(set(f.allotted), key=f.allotted.index):
        if s.phase == "over" or not in_play(s, target):
            continue
        dealt = hurt(defs, s, target, f.allotted.count(target), ev, combat=True)
        suction(defs, s, f.card, f.attacker, dealt, ev)
    f.allotted = []
    if s.phase != "over" and s.fight is not None:
        end_fight(defs, s, ev)


def end_fight(defs: Defs, s: DuelState, ev: list[Event]) -> None:
    """# 000 III.A.2.f.(I).(F).1: the fight ends and every end-of-fight ability in play (and
    Survivor on a surviving Monster) happens, in the active player's order when several do.
    A Monster squished during the fight has left it already (``card`` is -1)."""
    f = s.fight
    assert f is not None
    f.step = "end"
    codes = end_triggers(defs, s)
    if not codes:
        finish_end(defs, s, ev)
        return
    # Like hire abilities they wait on the stack, each for its card's controller (who picks
    # its target), and both players may answer them in the ``fight_end`` window.
    entries = [trigger_entry(defs, s, controller(s, code // TRIGGER_BASE), code) for code in codes]
    s.stack.extend(reversed(entries))
    if len(codes) > 1:
        s.pending = Choice(s.active, len(codes), PENDING_ORDER, tuple(codes))
        return
    triggers_ready(s)


def end_triggers(defs: Defs, s: DuelState) -> list[int]:
    f = s.fight
    assert f is not None
    codes: list[int] = []
    cards = [*s.heroes, *s.hoard[0], *s.hoard[1], *f.committed]
    cards += [i for p in (0, 1) for i in s.stash[p] if i in s.face_up]
    for iid in cards:
        if abilities_ignored(defs, s, iid):
            continue  # 000 IV Monstrous
        for i, a in enumerate(card(defs, s, iid).abilities):
            if a.when == "fight_end":
                codes.append(iid * TRIGGER_BASE + i)
    # 000 IV Survivor; 000 IV Monstrous: a Monstrous card's own abilities are ignored
    if f.card is not None and not monstrous(defs, s, f.card):
        for i, a in enumerate(card(defs, s, f.card).abilities):
            if a.when in ("fight_end", "survive"):
                codes.append(f.card * TRIGGER_BASE + i)
    return codes


def resolve_end_entry(defs: Defs, s: DuelState, entry: Entry, ev: list[Event]) -> None:
    """One end-of-fight ability leaving the stack. A card that left play meanwhile (an earlier
    ability squished it) no longer has its end-of-fight ability; a Survivor ability that has
    triggered resolves even if its Monster was squished in answer (# 000 IV Survivor, like a
    hire ability, # 000 II.A.6)."""
    iid, i = entry.source, entry.ability
    ability = card(defs, s, iid).abilities[i]
    if s.phase == "over" or s.fight is None:
        return
    if ability.when != "survive" and not in_play(s, iid):
        return
    resolve_effects(defs, s, entry, ability, ev)


def finish_end(defs: Defs, s: DuelState, ev: list[Event]) -> None:
    """# 000 III.A.2.f.(I).(F).2-4: the surviving Monster goes to its owner's stash face up
    with its damage; the defender's cards go back keeping their orientation."""
    f = s.fight
    assert f is not None
    monster_alive = f.card is not None
    s.fight = None
    if f.card is not None:
        # 000 II.A.11: a Monster that survives is stashed face up, still in play, keeping its
        # damage; a Monstrous card too, as it stays a Monster until it leaves play
        # (# 000 IV Monstrous).
        s.stash[s.owner[f.card]].append(f.card)
        s.face_up.add(f.card)
    if f.gold:
        # 000 II.A.4 / IV Pay: gold is paid only on a hire; the card left before it, so the
        # committed gold, still the attacker's, goes back to the purse.
        s.purse[f.attacker] += f.gold
        ev.append(Event("gold_back", {"seat": f.attacker, "amount": f.gold}))
    s.hoard[1 - f.attacker].extend(f.committed)
    ev.append(Event("fight_ended", {"survived": monster_alive}))
    if s.phase != "over":
        s.phase = "main"
