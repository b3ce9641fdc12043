"""Answers to a pending question (``QuestState.pending``): a Curse or Monster kept or skipped,
a monster summoned, help accepted, a curse warded, charity, where to run, what to give up.
One small handler per action kind."""

from __future__ import annotations

from engine.core import Action, Event
from engine.core.nothing import unwire
from engine.quest import cards
from engine.quest.action_args import arg, cell, pop_pending
from engine.quest.content import Content
from engine.quest.rules import auction, combat, items, movement, running, stop
from engine.quest.rules.effects import give_up, take_item
from engine.quest.rules.effects import snatch as snatch_item
from engine.quest.rules.monsters import base_data, new_monster
from engine.quest.state import QuestState


def take(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    p = pop_pending(s)
    movement.after_explore_dxm(s, c, a.seat, (p.data[0], p.data[1]), True, ev)


def skip(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    p = pop_pending(s)
    movement.after_explore_dxm(s, c, a.seat, (p.data[0], p.data[1]), False, ev)


def summon(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    pop_pending(s)
    if new_monster(s, c, s.pos[a.seat], a.seat, ev) is not None:
        combat.begin(s, c, a.seat, s.pos[a.seat], ev)


def no_summon(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    pop_pending(s)


def base(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    p = pop_pending(s)
    m = s.mon(p.data[0])
    m.base = arg(a, "colour")  # the explorer picks; nobody draws for it (R51)
    # R51: the die's colour had no free base, so the explorer picked (the log says who, why)
    ev.append(Event("base", {**base_data(m, s.last_colour), "seat": a.seat}))


def accept(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    p = pop_pending(s)
    f = s.fight
    assert f is not None
    # Pending.data: [treasures] for a short ask, [treasures, gold, item] for a bribe (R114)
    gold, item = (p.data[1], unwire(p.data[2])) if len(p.data) > 1 else (0, None)
    combat.join(s, f, a.seat, p.data[0], gold, item, ev)


def bid(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    auction.answer(s, c, a.seat, arg(a, "treasures"), ev)


def no_bid(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    auction.answer(s, c, a.seat, -1, ev)


def go_on(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    stop.go_on(s, a.seat, ev)


def decline(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    pop_pending(s)
    ev.append(Event("declined", {"seat": a.seat}))


def cancel(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    p = pop_pending(s)
    ring = cards.ring_holder(s, c, a.seat)
    assert ring is not None  # cancel is offered only to a seat wearing the ring (R162)
    take_item(s, a.seat, ring)
    s.discards["T"].append(ring)
    s.discards["D"].append(p.data[0])
    ev.append(Event("curse_cancelled", {"seat": a.seat}))


def let_it(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    p = pop_pending(s)
    cards.curse_or_ward(s, c, p.data[0], p.data[1], a.seat, ev)  # a Cleric may still try


def ward(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    cards.ward(s, c, a.seat, pop_pending(s), ev)


def no_ward(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    p = pop_pending(s)
    cards.curse(s, c, p.data[0], p.data[2], ev)


def charity_give(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    card, t = arg(a, "card"), arg(a, "seat")
    s.hand[a.seat].remove(card)
    s.hand[t].append(card)
    p = s.pending[-1]  # its data counts the cards each seat was given (R69: kept even)
    p.data.extend([0] * (s.seats - len(p.data)))
    p.data[t] += 1
    ev.append(Event("charity", {"seat": a.seat, "to": t}, {"card": card}, frozenset({a.seat, t})))
    _charity_done(s)


def charity_discard(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    card = arg(a, "card")
    s.hand[a.seat].remove(card)
    s.discards[c.deck_of[card]].append(card)
    ev.append(Event("charity", {"seat": a.seat, "discard": card}))
    _charity_done(s)


def _charity_done(s: QuestState) -> None:
    p = s.pending[-1]
    if len(s.hand[p.seat]) <= 5:
        s.pending.pop()


def flee_to(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    running.choose(s, c, s.pending[-1], cell(a), ev)


def nowhere(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    p = pop_pending(s)
    running.nowhere_to_run(s, c, a.seat, p.data, ev)


def flee(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    running.flee_roll(s, c, s.pending[-1], arg(a, "monster"), ev)


def focus(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    cards.spend(s, c, a.seat, arg(a, "card"), ev)
    s.run_bonus[a.seat] += 1  # Wizard discard ability (R10)


def escape(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    """Magic movement instead of fighting or running: no roll, no Bad Stuff (R107, R39)."""
    cards.spend(s, c, a.seat, arg(a, "card"), ev)
    dest = cell(a)
    if s.pending and s.pending[-1].kind == "flee_to":
        s.pending.pop()
    s.pos[a.seat] = dest
    ev.append(Event("moved", {"seat": a.seat, "cell": list(dest), "how": "escape"}))


def snatch(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    p = pop_pending(s)
    snatch_item(s, c, p.data[1], s.mon(p.data[0]), arg(a, "card"), ev)


def lose(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    pop_pending(s)
    give_up(s, c, a.seat, arg(a, "card"), ev)


def pick(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    items.pick(s, a.seat, arg(a, "card"), ev)


def pick_done(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    pop_pending(s)  # the rest stays on the floor (R153)
