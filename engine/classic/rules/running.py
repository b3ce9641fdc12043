"""Running away and the rolls a one-shot may change (# 004: Running Away, Dealing With Ties).

A flee is one roll per monster in the runner's order: 5 or more escapes, Bad Stuff from each
monster that catches you. Any roll a seat makes for itself that it could still improve (a
failed flee, a failed steal, a coin loot below 6) owes that seat a ``die`` decision: keep
the roll or change it with a die-changing one-shot. The decision is owed whether or not the
roller holds such a card, so it reveals nothing about the hand."""

from __future__ import annotations

from engine.classic.pending import DieRoll, Pending, Tally
from engine.classic.rules.effects import apply_effects
from engine.classic.state import TIE_DIE, TIE_WIN, ClassicState, roll_die, start_tie
from engine.classic.table import COIN, ESCAPE_ROLL, Table
from engine.core import Action, Event

# What a die decision is for (``DieRoll.purpose``).
FLEE, COINS, STEAL, ROLL_OFF = 0, 1, 2, 3
STEAL_ROLL = 4
TOP_FACE = 6


def flee(t: Table, s: ClassicState, a: Action, ev: list[Event]) -> None:
    """# 004: Running Away: one roll per monster, in the runner's order, 5+ escapes."""
    p = s.pending[-1]
    monster = int(a.args[0])
    p.cards.remove(monster)
    if not p.cards:
        s.pending.pop()
    roll = roll_die(s)
    caught = roll + t.run_bonus(s, a.seat, monster) < ESCAPE_ROLL
    ev.append(Event("flee", {"seat": a.seat, "monster": monster, "roll": roll, "caught": caught}))
    if caught:
        s.pending.append(Pending("die", a.seat, cards=[monster], detail=DieRoll(FLEE, roll)))


def loot_coins(s: ClassicState, seat: int, ev: list[Event]) -> None:
    """# 004: Loot The Room: a die roll of coins; a roll below 6 may still be changed."""
    roll = roll_die(s)
    ev.append(Event("rolled", {"seat": seat, "roll": roll, "for": "coins"}))
    if roll < TOP_FACE:
        s.pending.append(Pending("die", seat, detail=DieRoll(COINS, roll)))
    else:
        _take_coins(s, seat, roll, ev)


def steal(t: Table, s: ClassicState, seat: int, victim: int, card: int, ev: list[Event]) -> None:
    """Our Thief: once per turn, 4+ lifts an item from another table, else lose a level."""
    s.used.append("steal")
    roll = roll_die(s)
    ev.append(Event("rolled", {"seat": seat, "roll": roll, "for": "steal"}))
    if roll >= STEAL_ROLL:
        _stolen(t, s, seat, victim, card, roll, ev)
    else:
        s.pending.append(
            Pending("die", seat, cards=[card], seats=[victim], detail=DieRoll(STEAL, roll))
        )


def die_actions(t: Table, s: ClassicState, seat: int) -> list[Action]:
    out = [Action(seat, "take_it")]
    fixers = set(s.hands[seat]) | set(s.items[seat])
    for card in sorted(fixers):
        if t.kind[card] == "oneshot" and t.defs[card].amount_of("set_die"):
            out.append(Action(seat, "set_die", (card,)))
    return out


def answer_die(t: Table, s: ClassicState, a: Action, ev: list[Event]) -> None:
    p = s.pending.pop()
    purpose, roll, second = p.die
    if a.kind == "set_die":
        card = int(a.args[0])
        t.take_card(s, a.seat, card)
        t.discard(s, card)
        roll = t.defs[card].amount_of("set_die")
        ev.append(Event("die_set", {"seat": a.seat, "card": card, "roll": roll}))
    if purpose == TIE_DIE:  # 004: Dealing With Ties: the roll counts as changed
        tie = next(x for x in reversed(s.pending) if x.kind == "tie")
        rolls = list(tie.tie.rolls)
        rolls[tie.seats.index(a.seat)] = roll
        tie.detail = tie.tie._replace(rolls=tuple(rolls))
    elif purpose == ROLL_OFF:  # the changed die is the lower of the two
        _score_roll_off(t, s, a.seat, roll + (second or 0), ev)
    elif purpose == COINS:
        _take_coins(s, a.seat, roll, ev)
    elif purpose == STEAL:
        victim, item = p.seats[0], p.cards[0]
        if roll >= STEAL_ROLL and item in s.items[victim] and _room_for(t, s, a.seat, item):
            _stolen(t, s, a.seat, victim, item, roll, ev)
        else:
            s.levels[a.seat] = max(1, s.levels[a.seat] - 1)
            ev.append(Event("steal_failed", {"seat": a.seat, "roll": roll}))
    else:
        monster = p.cards[0]
        caught = roll + t.run_bonus(s, a.seat, monster) < ESCAPE_ROLL
        # The roll's verdict is final only now that the runner kept or changed the die.
        ev.append(
            Event(
                "flee_result", {"seat": a.seat, "monster": monster, "roll": roll, "caught": caught}
            )
        )
        if caught:
            apply_effects(t, s, a.seat, t.defs[monster].bad_stuff, ev)


def _room_for(t: Table, s: ClassicState, seat: int, item: int) -> bool:
    return not t.defs[item].big or t.big_count(s, seat) < t.max_big(s, seat)


def _take_coins(s: ClassicState, seat: int, roll: int, ev: list[Event]) -> None:
    s.gold[seat] += roll * COIN
    ev.append(Event("looted_coins", {"seat": seat, "roll": roll}))


def _stolen(
    t: Table, s: ClassicState, seat: int, victim: int, card: int, roll: int, ev: list[Event]
) -> None:
    t.put_item(s, seat, card, t.take_item(s, victim, card))
    ev.append(Event("stole", {"seat": seat, "from": victim, "card": card, "roll": roll}))


def start_roll_off(t: Table, s: ClassicState, seats: list[int], ev: list[Event]) -> None:
    """# 004: Special Rules (a single winner): each contestant rolls two dice and adds their
    combat strength; a die-changing card may change one of them (the rule names it). A
    ``roll_off`` entry under the die decisions collects the scores in seat order."""
    tally = Pending("roll_off", seats[0], seats=list(seats), detail=Tally((-1,) * len(seats)))
    s.pending.append(tally)
    decisions = []
    for seat in seats:
        low, high = sorted((roll_die(s), roll_die(s)))
        ev.append(Event("rolled", {"seat": seat, "roll": low, "second": high, "for": "win"}))
        if low < TOP_FACE:
            decisions.append(Pending("die", seat, detail=DieRoll(ROLL_OFF, low, high)))
        else:
            _score(tally, seat, low + high + t.player_strength(s, seat, None))
    s.pending.extend(reversed(decisions))
    settle_roll_off(t, s, ev)


def _score_roll_off(t: Table, s: ClassicState, seat: int, dice: int, ev: list[Event]) -> None:
    tally = next((p for p in reversed(s.pending) if p.kind == "roll_off"), None)
    if tally is not None:
        _score(tally, seat, dice + t.player_strength(s, seat, None))
    settle_roll_off(t, s, ev)


def _score(tally: Pending, seat: int, score: int) -> None:
    scores = list(tally.tally.scores)
    scores[tally.seats.index(seat)] = score
    tally.detail = Tally(tuple(scores))


def settle_roll_off(t: Table, s: ClassicState, ev: list[Event]) -> None:
    """Once every contestant still in the game has a score: highest wins; then the value of
    items and coins; then a roll-off (the engine knows no ages, # 004: Dealing With Ties)."""
    if not s.pending or s.pending[-1].kind != "roll_off":
        return
    tally = s.pending[-1]
    scored = [(p, x) for p, x in zip(tally.seats, tally.tally.scores, strict=True) if not s.out[p]]
    if any(x < 0 for _, x in scored) or not scored:
        return
    s.pending.pop()
    scores = {"seats": [p for p, _ in scored], "scores": [x for _, x in scored]}
    ev.append(Event("roll_off", scores))
    top = max(x for _, x in scored)
    seats = [p for p, x in scored if x == top]
    if len(seats) > 1:
        wealth = [s.gold[p] + sum(t.defs[i].value for i in s.items[p]) for p in seats]
        seats = [p for p, w in zip(seats, wealth, strict=True) if w == max(wealth)]
    order = start_tie(s, seats, [0] * len(seats), TIE_WIN, [], ev)
    if order is not None:
        declare_winner(s, order, ev)


def declare_winner(s: ClassicState, order: list[int], ev: list[Event]) -> None:
    """The single winner is the first of the settled order (# 004: Special Rules)."""
    s.winners = order[:1]
    ev.append(Event("won", {"seats": list(s.winners)}))
