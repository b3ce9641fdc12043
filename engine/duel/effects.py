"""The effect vocabulary: targets an ability may choose and what each op does.

An ability picks at most one target (the first effect whose target is a choice); every effect
with a choice target uses it. If the target has become invalid by resolution time, those
effects do nothing and the rest still happen (# 000 II.A.1.a, II.A.1.b).
"""

from __future__ import annotations

from engine.core import Event, ResponseWindow
from engine.duel.cards import CHOICE_TARGETS, Ability, DuelCard
from engine.duel.fight_values import modify
from engine.duel.state import Choice, DuelState, Entry
from engine.duel.zones import (
    Defs,
    card,
    controller,
    draw,
    flaunt_over,
    flaunting,
    has_keyword,
    heal,
    hired,
    hurt,
    in_play,
    remove_from_game,
    spill,
    squish,
    take_control,
    to_stash_face_down,
    type_of,
)

# Pending choices: ``[seat, count, mode]``.
PENDING_BOTTOM = 0  # Recycle: put cards from hand on the deck bottom
PENDING_TARGET = 1  # a hired Monster's ability: pick its target
PENDING_RECYCLE = 2  # Recycle: decide whether to draw at all
PENDING_ORDER = 3  # the active player orders simultaneous triggers
NEEDS_TARGET = -3  # a stack entry still waiting for its target
TRIGGER_BASE = 16  # a trigger code is ``iid * TRIGGER_BASE + ability index``
BLEED = -1  # the trigger code of Bleeding in the reckoning step (# 000 IV Bleeding)
BLEED_INDEX = -4  # the ability index of a Bleeding stack entry (its source is the Hero)


def target_kind(ability: Ability) -> str:
    for e in ability.effects:
        if e.target in CHOICE_TARGETS:
            return e.target
    return "none"


def target_whose(ability: Ability) -> str:
    """The qualifier of the ability's choice target: ``any``, ``own`` or ``enemy``."""
    for e in ability.effects:
        if e.target in CHOICE_TARGETS:
            return e.whose
    return "any"


def ability_candidates(defs: Defs, s: DuelState, ability: Ability, seat: int) -> list[int]:
    """Every legal choice for the ability's target, for ``seat`` choosing (# 000 II.A.1.b); a
    heal chooses only among damaged cards (# 000 IV Heal: a card with no damage tokens may not
    be healed), so a heal whose every target is whole has none."""
    found = candidates(defs, s, target_kind(ability), seat, target_whose(ability))
    if _heals_its_target(ability):
        found = [iid for iid in found if s.damage[iid] > 0]
    return found


def _heals_its_target(ability: Ability) -> bool:
    chosen = [e for e in ability.effects if e.target in CHOICE_TARGETS]
    return bool(chosen) and all(e.op == "heal" for e in chosen)


def _targetable(defs: Defs, s: DuelState, iid: int) -> bool:
    # 000 IV Stealthy: a card in play with Stealthy cannot be targeted (unless Monstrous
    # makes it a Monster and its other abilities are ignored).
    return not has_keyword(defs, s, iid, "stealthy")


def _in_play_cards(s: DuelState) -> list[int]:
    cards = list(s.heroes)
    for seat in (0, 1):
        cards += s.hoard[seat]
        cards += [i for i in s.stash[seat] if i in s.face_up]
    cards += [e.source for e in s.stack if flaunting(s, e.source)]  # 000 IV Flaunt
    f = s.fight
    if f is not None:
        cards += f.committed
        # 000 IV In Play: a revealed Monster is in play once hired, and stays in the DMZ until
        # the end-of-fight abilities are done and it is stashed; a squished one is gone (-1).
        if f.card is not None and hired(s, f.card):
            cards.append(f.card)
    return cards


def _is_monster_now(defs: Defs, s: DuelState, iid: int) -> bool:
    return type_of(defs, s, iid) == "monster"


def candidates(defs: Defs, s: DuelState, kind: str, seat: int, whose: str = "any") -> list[int]:
    """Every legal choice for a target kind, from ``seat``'s point of view; ``whose`` keeps
    only ``seat``'s own cards or only the opponent's (the card text's "your", "an opponent's").
    """
    if kind == "none":
        return []
    pool = _in_play_cards(s)
    out: list[int] = []
    for iid in pool:
        if not _targetable(defs, s, iid):
            continue
        now = type_of(defs, s, iid)
        if kind == "hero":
            ok = iid in s.heroes
        elif kind == "ally":
            ok = now == "ally"
        elif kind == "monster":
            ok = now == "monster"
        elif kind == "loot":
            ok = now == "loot"
        else:
            ok = iid not in s.heroes
        if ok and whose != "any":
            ok = (controller(s, iid) == seat) == (whose == "own")
        if ok:
            out.append(iid)
    return sorted(set(out))


def trigger_entry(defs: Defs, s: DuelState, seat: int, code: int) -> Entry:
    """The stack entry of a triggered ability: its target is set at once when there is one
    choice, left ``NEEDS_TARGET`` when its controller must pick, -1 when there is none (it still
    triggers but cannot resolve, # 000 II.A.1.b)."""
    if code == BLEED:
        return Entry(seat, s.heroes[seat], BLEED_INDEX, -1, 0, 0)
    iid, i = divmod(code, TRIGGER_BASE)
    ability = card(defs, s, iid).abilities[i]
    options = ability_candidates(defs, s, ability, seat)
    target = -1 if not options else (options[0] if len(options) == 1 else NEEDS_TARGET)
    return Entry(seat, iid, i, target, 0, 0)


def entry_code(entry: Entry) -> int:
    """The trigger code a stack entry stands for (the inverse of ``trigger_entry``)."""
    return BLEED if entry.ability == BLEED_INDEX else entry.source * TRIGGER_BASE + entry.ability


def move_entry(s: DuelState, code: int, ordered: int) -> None:
    """Put the triggered entry ``code`` right under the ``ordered`` ones already picked, so it
    resolves after them and before the rest (# 000 II.A.2)."""
    entry = next(e for e in s.stack if not e.from_hand and entry_code(e) == code)
    s.stack.remove(entry)
    s.stack.insert(len(s.stack) - ordered, entry)


def triggers_ready(s: DuelState) -> None:
    """Triggered entries are in order: their controller picks the targets still open, then
    both players may answer them (# 000 II.A.1.a): the hire or end-of-fight window in a fight,
    else the reckoning window of the warmup."""
    waiting = [e for e in s.stack if e.target == NEEDS_TARGET]
    if waiting:
        s.pending = Choice(waiting[-1].controller, 0, PENDING_TARGET)  # its controller picks
        return
    s.pending = None
    f = s.fight
    kind = "reckoning" if f is None else ("fight_end" if f.step == "end" else "hire")
    s.window = ResponseWindow(kind, (s.active, 1 - s.active))


def smack_targets(defs: Defs, s: DuelState) -> list[int]:
    """# 000 IV Smack: a Hero or a stashed Monster."""
    out = list(s.heroes)
    for seat in (0, 1):
        out += [i for i in s.stash[seat] if i in s.face_up and _targetable(defs, s, i)]
    return out


def resolve_effects(
    defs: Defs, s: DuelState, entry: Entry, ability: Ability, ev: list[Event]
) -> None:
    """Carry out an ability's effects as far as possible."""
    seat, source, _, target, blood, _ = entry
    for e in ability.effects:
        if s.phase == "over":
            return
        if e.blood and not blood:
            continue
        if e.target in CHOICE_TARGETS:
            if target < 0 or not in_play(s, target):
                ev.append(Event("fizzled", {"card": source, "op": e.op}))
                continue
            who = target
        elif e.target == "each_hero":
            # Both at once: if both Heroes fall, nobody is left and the game is a draw.
            for hero in (s.heroes[s.active], s.heroes[1 - s.active]):
                _apply(defs, s, seat, source, e.op, e.amount, hero, ev)
            continue
        elif e.target == "you":
            who = s.heroes[seat]
        elif e.target == "opponent":
            who = s.heroes[1 - seat]
        else:
            who = -1
        _apply(defs, s, seat, source, e.op, e.amount, who, ev)


def _seat_of_hero(s: DuelState, iid: int, fallback: int) -> int:
    return s.heroes.index(iid) if iid in s.heroes else fallback


def _apply(
    defs: Defs,
    s: DuelState,
    seat: int,
    source: int,
    op: str,
    amount: int,
    who: int,
    ev: list[Event],
) -> None:
    other = _seat_of_hero(s, who, 1 - seat)
    if op == "damage":
        dealt = hurt(defs, s, who, amount, ev)
        suction(defs, s, source, seat, dealt, ev)
    elif op == "heal":
        heal(defs, s, who, amount, ev)
    elif op == "draw":
        draw(s, _seat_of_hero(s, who, seat), amount, ev)
    elif op == "gold":
        s.purse[_seat_of_hero(s, who, seat)] += max(0, amount)
        ev.append(Event("gold", {"seat": _seat_of_hero(s, who, seat), "amount": amount}))
    elif op == "steal":
        n = min(max(0, amount), s.purse[other])
        s.purse[other] -= n
        s.purse[seat] += n
        ev.append(Event("stole", {"seat": seat, "from": other, "amount": n}))
    elif op == "give":
        n = min(max(0, amount), s.purse[seat])
        s.purse[seat] -= n
        s.purse[other] += n
        ev.append(Event("gave", {"seat": seat, "to": other, "amount": n}))
    elif op == "spill":
        spill(defs, s, other, amount, ev)
    elif op == "bleeding":
        s.bleed[_seat_of_hero(s, who, other)] += max(0, amount)
        ev.append(Event("bleeding", {"seat": _seat_of_hero(s, who, other), "amount": amount}))
    elif op == "recycle":
        _recycle(s, seat, amount, ev)
    elif op == "cancel":
        _cancel(defs, s, ev)
    elif op == "prevent":
        target_seat = _seat_of_hero(s, who, seat)
        s.shield[target_seat] += max(0, amount)
        ev.append(Event("prevent", {"seat": target_seat, "amount": amount}))
    elif op in ("cost", "power", "defense"):
        if s.fight is not None:
            modify(defs, s, op, amount)
            ev.append(Event("fight_" + op, {"amount": amount}))
    elif op == "look":
        top = list(reversed(s.deck[other][-amount:])) if amount > 0 else []
        ev.append(
            Event(
                "looked",
                {"seat": seat, "at": other, "count": len(top)},
                {"cards": [card(defs, s, i).id for i in top]},
                frozenset({seat}),
            )
        )
    elif op == "reveal":
        if s.hand[other]:
            shown = s.hand[other][s.rng.below(len(s.hand[other]))]
            ev.append(
                Event("revealed", {"seat": other, "card": shown, "id": card(defs, s, shown).id})
            )
    elif op == "remove":
        remove_from_game(defs, s, who, ev)
    elif op == "stash":
        to_stash_face_down(s, who, ev)
    elif op == "squish":
        squish(defs, s, who, ev)
    elif op == "unzap":
        s.zapped.discard(who)
    elif op == "animate":
        # 000 I.E: Loot or a Location becomes an Ally with life X until it leaves play
        if in_play(s, who) and type_of(defs, s, who) in ("loot", "location"):
            s.animated[who] = max(1, amount)
            ev.append(Event("animated", {"card": who, "life": s.animated[who]}))
        else:
            ev.append(Event("fizzled", {"card": source, "op": op}))
    elif op == "control":
        if not take_control(defs, s, seat, who, ev):
            ev.append(Event("fizzled", {"card": source, "op": op}))
    elif op == "collect":
        s.tokens[source] += max(0, amount)
        ev.append(Event("collected", {"card": source, "amount": amount}))
    elif op == "cash_in":
        n = s.tokens[source]
        s.tokens[source] = 0
        s.purse[seat] += n
        ev.append(Event("gold", {"seat": seat, "amount": n}))


def suction(
    defs: Defs,
    s: DuelState,
    source: int | None,
    seat: int,
    dealt: int,
    ev: list[Event],
    smack: bool = False,
) -> None:
    """# 000 IV Life-O-Suction: the controller heals what the card dealt (up to X). ``smack``:
    the damage came from the card's Smack (a card may narrow its own to that)."""
    if source is None or dealt <= 0:
        return
    for x in suction_instances(defs, s, source, seat, smack):
        # 000 II.A.1.b: each instance triggers on its own; they do not add up into one
        heal(defs, s, s.heroes[seat], min(dealt, x), ev)


def suction_instances(
    defs: Defs, s: DuelState, source: int, seat: int, smack: bool = False
) -> list[int]:
    """Life-O-Suction on the card itself (if it answers this damage), plus one instance per
    Loot in its controller's hoard that gives it to their Monsters (op ``suction``)."""
    c = card(defs, s, source)
    own = has_keyword(defs, s, source, "life_o_suction")
    if c.suction_on == "smack" and not smack:
        own = False  # the card's text limits it to its Smack
    found = [c.keywords["life_o_suction"]] if own else []
    if type_of(defs, s, source) == "monster":  # a Monstrous card fighting counts too
        for iid in s.hoard[seat]:
            for a in card(defs, s, iid).abilities:
                if a.when == "ongoing":
                    found += [e.amount for e in a.effects if e.op == "suction"]
    return found


def _recycle(s: DuelState, seat: int, amount: int, ev: list[Event]) -> None:
    """# 000 IV Recycle X: the player may draw X; if they do, they put X cards from hand on the
    bottom of the deck, one choice at a time (drawing from too small a deck eliminates)."""
    if amount > 0:
        s.pending = Choice(seat, amount, PENDING_RECYCLE)


def _cancel(defs: Defs, s: DuelState, ev: list[Event]) -> None:
    """# 000 IV Cancel: the entry under this one does not happen; its cost stays paid and a
    card played from hand goes to the discard pile."""
    if not s.stack:
        return
    victim = s.stack.pop()
    ev.append(Event("canceled", {"card": victim.source}))
    if victim.ability == BLEED_INDEX:
        s.bleed[victim.controller] = 0  # this reckoning's Bleeding did not happen; it is used up
    if victim.from_hand:
        finish_card(defs, s, victim, ev, canceled=True)
    else:
        flaunt_over(s, victim.source, ev)


def finish_card(
    defs: Defs, s: DuelState, entry: Entry, ev: list[Event], canceled: bool = False
) -> None:
    """Where a played Mischief goes once resolved: Curses stick, Encore stashes face down,
    everything else is discarded (# 000 I.E.5)."""
    seat, iid, target = entry.controller, entry.source, entry.target
    c: DuelCard = card(defs, s, iid)
    if not canceled and c.subtype == "curse" and target >= 0 and in_play(s, target):
        s.stuck[iid] = target
        ev.append(Event("stuck", {"card": iid, "on": target, "id": c.id}))
        return
    if not canceled and "encore" in c.keywords:
        s.stash[seat].append(iid)
        ev.append(Event("encore", {"card": iid}))
        return
    s.discard[s.owner[iid]].append(iid)
