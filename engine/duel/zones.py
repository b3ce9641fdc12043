"""Moving cards between zones, damage, healing and elimination: the primitives every rule uses.

Every move goes through ``leave_play`` when a card leaves play, so tokens and stuck Curses are
always cleared (# 000 II.A.1.c: leaving play clears effects, tokens and Curses).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Event
from engine.duel.cards import DuelCard
from engine.duel.state import DuelState

Defs = Sequence[DuelCard]


def card(defs: Defs, s: DuelState, iid: int) -> DuelCard:
    return defs[s.card_of[iid]]


def type_of(defs: Defs, s: DuelState, iid: int) -> str:
    """# 000 I.E: the card's type now. An animated card is an Ally until it leaves play; a
    Monstrous card revealed in a fight is a Monster (# 000 IV Monstrous)."""
    if iid in s.animated:
        return "ally"
    if as_monster(defs, s, iid):
        return "monster"
    return card(defs, s, iid).type


def is_weapon(defs: Defs, s: DuelState, iid: int) -> bool:
    return type_of(defs, s, iid) == "loot" and card(defs, s, iid).subtype == "weapon"


HIRED_STEPS = ("hire", "split", "end")


def hired(s: DuelState, iid: int) -> bool:
    """# 000 IV In Play, Hired: the fight's card is in play only once it is hired (from the
    hire step to its stashing); revealed in the cost window it is not yet."""
    f = s.fight
    return f is not None and iid == f.card and f.step in HIRED_STEPS


def in_play(s: DuelState, iid: int) -> bool:
    """# 000 IV In Play: Heroes, face-up stash and hoard cards, Mischief and hired Monsters in
    the DMZ."""
    if iid in s.heroes:
        return True
    if iid in s.face_up:
        return True
    for seat in (0, 1):
        if iid in s.hoard[seat]:
            return True
    f = s.fight
    if f is not None and (iid in f.committed or hired(s, iid)):
        return True
    return (
        any(e.source == iid and e.from_hand for e in s.stack) or iid in s.stuck or flaunting(s, iid)
    )


def flaunting(s: DuelState, iid: int) -> bool:
    """# 000 IV Flaunt: a card whose Flaunt waits on the stack is in play until it resolves (it
    stays in its owner's hand meanwhile; an ability from a hand can only be a Flaunt)."""
    in_hand = iid in s.hand[0] or iid in s.hand[1]
    return in_hand and any(e.source == iid and not e.from_hand for e in s.stack)


def flaunt_over(s: DuelState, iid: int, ev: list[Event]) -> None:
    """A Flaunt left the stack: its card is back to a card in hand, out of play."""
    if (iid in s.hand[0] or iid in s.hand[1]) and not flaunting(s, iid):
        leave_play(s, iid, ev)


def controller(s: DuelState, iid: int) -> int:
    """# 000 II.A.4: a stuck Curse is controlled by the host's controller."""
    if iid in s.stuck:
        return controller(s, s.stuck[iid])
    for seat in (0, 1):
        if iid in s.hoard[seat] or iid in s.stash[seat] or iid == s.heroes[seat]:
            return seat
    f = s.fight
    if f is not None:
        if iid == f.card:
            return f.attacker
        if iid in f.committed:
            return 1 - f.attacker
    return s.owner[iid]


def take_control(defs: Defs, s: DuelState, seat: int, iid: int, ev: list[Event]) -> bool:
    """# 000 II.A.4: a card in the opponent's hoard moves to ``seat``'s hoard; its owner stays
    the same, so when it leaves play it goes to its owner's pile (control reverts). It keeps its
    orientation, tokens and Curses. A second Location cannot come under one's control
    (# 000 I.E.3); the rank limit may be passed (# 000 I.D.3: then no Loot may be played)."""
    other = 1 - seat
    if iid not in s.hoard[other]:
        return False
    if type_of(defs, s, iid) == "location" and any(
        type_of(defs, s, i) == "location" for i in s.hoard[seat]
    ):
        return False
    s.hoard[other].remove(iid)
    s.hoard[seat].append(iid)
    ev.append(Event("control", {"seat": seat, "card": iid, "id": card(defs, s, iid).id}))
    return True


def leave_play(s: DuelState, iid: int, ev: list[Event]) -> None:
    """Clear everything that only exists while ``iid`` is in play."""
    s.damage[iid] = 0
    s.tokens[iid] = 0
    s.zapped.discard(iid)
    s.face_up.discard(iid)
    s.stuck.pop(iid, None)
    s.animated.pop(iid, None)  # 000 I.E: back to its printed type once out of play
    for curse in [c for c, host in s.stuck.items() if host == iid]:
        del s.stuck[curse]
        s.discard[s.owner[curse]].append(curse)
        ev.append(Event("curse_falls", {"card": curse}))


def detach(s: DuelState, iid: int) -> None:
    """Take ``iid`` out of whichever list holds it (not the deck; a hand only for a flaunted
    card, which is in play while its Flaunt waits)."""
    for seat in (0, 1):
        for zone in (s.hoard[seat], s.stash[seat], s.discard[seat], s.hand[seat]):
            if iid in zone:
                zone.remove(iid)
                return
    f = s.fight
    if f is not None and iid in f.committed:
        f.committed.remove(iid)
    if f is not None and iid == f.card:
        f.card = None  # 000 III.A.2.f: without its card the fight ends
    if s.stuck.get(iid) is not None:
        del s.stuck[iid]


def to_discard(defs: Defs, s: DuelState, iid: int, ev: list[Event]) -> None:
    detach(s, iid)
    leave_play(s, iid, ev)
    s.discard[s.owner[iid]].append(iid)


def to_stash_face_down(s: DuelState, iid: int, ev: list[Event]) -> None:
    """# 000 II.A.11: stashed face down unless said otherwise; tokens and Curses go."""
    detach(s, iid)
    leave_play(s, iid, ev)
    s.stash[s.owner[iid]].append(iid)


def squish(defs: Defs, s: DuelState, iid: int, ev: list[Event]) -> None:
    """# 000 II.A.10 Squish; Regenerate sends it to the stash face down instead."""
    if has_keyword(defs, s, iid, "regenerate"):
        to_stash_face_down(s, iid, ev)
        ev.append(Event("regenerated", {"card": iid, "id": card(defs, s, iid).id}))
        return
    to_discard(defs, s, iid, ev)
    ev.append(Event("squished", {"card": iid, "id": card(defs, s, iid).id}))


def remove_from_game(defs: Defs, s: DuelState, iid: int, ev: list[Event]) -> None:
    """# 000 IV Remove from Game: only a card in play is removed, so its name is public."""
    detach(s, iid)
    leave_play(s, iid, ev)
    s.removed.append(iid)
    ev.append(Event("removed", {"card": iid, "id": card(defs, s, iid).id}))


def eliminate(s: DuelState, seat: int, reason: str, ev: list[Event]) -> None:
    """# 000 III.B: one Hero left wins; none left is a draw."""
    if s.eliminated[seat]:
        return
    s.eliminated[seat] = True
    if not s.end_reason:
        s.end_reason = reason
    s.phase = "over"
    s.window = None
    ev.append(Event("eliminated", {"seat": seat, "reason": reason}))


def draw(s: DuelState, seat: int, n: int, ev: list[Event]) -> bool:
    """# 000 III.A.1.e: drawing from an empty deck eliminates. One event per draw."""
    got: list[int] = []
    for _ in range(n):
        if not s.deck[seat]:
            ev.append(
                Event("drew", {"seat": seat, "count": len(got)}, {"cards": got}, frozenset({seat}))
            )
            eliminate(s, seat, "decked", ev)
            return False
        got.append(s.deck[seat].pop())
    s.hand[seat].extend(got)
    ev.append(Event("drew", {"seat": seat, "count": len(got)}, {"cards": got}, frozenset({seat})))
    return True


def spill(defs: Defs, s: DuelState, seat: int, n: int, ev: list[Event]) -> None:
    """# 000 IV Spill; an empty deck when a card must move eliminates (# 000 III.B.2)."""
    for _ in range(n):
        if not s.deck[seat]:
            eliminate(s, seat, "decked", ev)
            return
        top = s.deck[seat].pop()
        s.discard[seat].append(top)
        ev.append(Event("spilled", {"seat": seat, "card": top, "id": card(defs, s, top).id}))


def hurt(
    defs: Defs, s: DuelState, iid: int, amount: int, ev: list[Event], combat: bool = False
) -> int:
    """Put ``amount`` damage on a Hero, Ally or Monster; returns the damage actually placed.
    A Hero's prevention shield is used first (# 000 IV Prevent)."""
    amount = max(0, amount)
    if iid in s.heroes:
        seat = s.heroes.index(iid)
        blocked = min(s.shield[seat], amount)
        s.shield[seat] -= blocked
        amount -= blocked
    if amount == 0:
        return 0
    s.damage[iid] += amount
    c = card(defs, s, iid)
    # Only face-up cards take damage (Heroes, cards in play, face-up stashed Monsters), so
    # naming the card tells nobody anything hidden.
    ev.append(Event("damage", {"card": iid, "id": c.id, "amount": amount, "combat": combat}))
    if iid in s.heroes:
        if s.damage[iid] >= c.life:
            eliminate(s, s.heroes.index(iid), "defeated", ev)
    elif s.damage[iid] >= life_of(defs, s, iid):
        squish(defs, s, iid, ev)
    return amount


def heal(defs: Defs, s: DuelState, iid: int, amount: int, ev: list[Event]) -> int:
    """# 000 IV Heal: at most the tokens there are (only face-up cards carry damage)."""
    healed = min(max(0, amount), s.damage[iid])
    if healed:
        s.damage[iid] -= healed
        ev.append(Event("healed", {"card": iid, "id": card(defs, s, iid).id, "amount": healed}))
    return healed


def stuck_bonus(defs: Defs, s: DuelState, iid: int, op: str) -> int:
    """What the Curses stuck to ``iid`` add to ``op`` (# 000 I.E.5.a): only their ongoing
    ability modifies the host; a ``play`` effect happened once, when the Curse was played."""
    return sum(stuck_mods(defs, s, iid, op))


def stuck_mods(defs: Defs, s: DuelState, iid: int, op: str) -> list[int]:
    """The ``op`` changes of the Curses stuck to ``iid``, in the order they were stuck."""
    mods: list[int] = []
    for curse, host in s.stuck.items():
        if host == iid:
            for ability in card(defs, s, curse).abilities:
                if ability.when == "ongoing":
                    mods += [e.amount for e in ability.effects if e.op == op]
    return mods


def clamp_each(value: int, mods: list[int]) -> int:
    """# 000 II.A.7: a value reduced below 0 is 0 and the rest of that reduction is ignored;
    later changes start from there (1, then -2, then +2 is 2)."""
    value = max(0, value)
    for mod in mods:
        value = max(0, value + mod)
    return value


def monstrous(defs: Defs, s: DuelState, iid: int) -> int:
    return card(defs, s, iid).keywords.get("monstrous", 0)


def as_monster(defs: Defs, s: DuelState, iid: int) -> int:
    """X while a Monstrous X card is treated as a Monster, else 0: from its reveal in a fight
    until it leaves play, so also while it sits face up in a stash after surviving
    (# 000 IV Monstrous; # 000 II.A.11 a survivor is stashed face up, still in play)."""
    x = monstrous(defs, s, iid)
    if not x:
        return 0
    f = s.fight
    if f is not None and f.card == iid and f.revealed:
        return x
    return x if iid in s.face_up and any(iid in st for st in s.stash) else 0


def abilities_ignored(defs: Defs, s: DuelState, iid: int) -> bool:
    """# 000 IV Monstrous: its other abilities are ignored until it leaves play."""
    return as_monster(defs, s, iid) > 0


def has_keyword(defs: Defs, s: DuelState, iid: int, keyword: str) -> bool:
    """The card has ``keyword`` now: a Monstrous card treated as a Monster keeps only
    Monstrous (# 000 IV Monstrous: every other ability, Stealthy included, is ignored)."""
    if keyword not in card(defs, s, iid).keywords:
        return False
    return keyword == "monstrous" or not abilities_ignored(defs, s, iid)


def life_of(defs: Defs, s: DuelState, iid: int) -> int:
    if iid in s.animated:
        return s.animated[iid]
    return as_monster(defs, s, iid) or card(defs, s, iid).life


def power_of(defs: Defs, s: DuelState, iid: int) -> int:
    x = monstrous(defs, s, iid)
    fought = bool(x) and s.fight is not None and s.fight.card == iid  # X before the reveal too
    base = x if fought else (as_monster(defs, s, iid) or card(defs, s, iid).power)
    if iid in s.animated:
        base = 0  # 000 I.E: an animated card has the new type's characteristics only
    return clamp_each(base, stuck_mods(defs, s, iid, "power"))


def defense_of(defs: Defs, s: DuelState, iid: int) -> int:
    base = 0 if iid in s.animated else card(defs, s, iid).defense
    return clamp_each(base, stuck_mods(defs, s, iid, "defense"))


def rank_total(defs: Defs, s: DuelState, seat: int) -> int:
    return sum(card(defs, s, i).rank for i in s.hoard[seat] if type_of(defs, s, i) == "loot")
