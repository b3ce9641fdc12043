"""Moves made inside a fight: rolling, passing, asking for help, powers and the cards played
into its windows (one-shots, enhancers, wandering monsters, set dice). One small handler per
action kind."""

from __future__ import annotations

from engine.core import Action, Event
from engine.core.nothing import wire
from engine.quest import cards
from engine.quest.action_args import SHAPES, arg, maybe, text
from engine.quest.content import Content
from engine.quest.rules import auction, combat, dice
from engine.quest.rules.effects import take_item
from engine.quest.state import Pending, QuestState
from engine.quest.stats import room_rules


def reopen(s: QuestState) -> None:
    """A card played in the rolling window sends the fight back to the main player (R98); in
    the after-roll window it reopens that window for everyone."""
    f = s.fight
    if f is None:
        return
    if f.stage == "rolling":
        f.stage = "open"
    f.passed = []


def roll_action(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    f.stage = "rolling"
    f.passed = []
    ev.append(Event("rolling", {"seat": a.seat}))


def pass_(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    if s.window is not None:
        s.window.passed.append(a.seat)
        return
    f = s.fight
    assert f is not None
    f.passed.append(a.seat)


def ask(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    t, treasures = arg(a, "seat"), arg(a, "treasures")
    f.asked.append(t)
    if SHAPES["ask"].get(a, "gold") is not None:  # the long form: a bribe of gold or an item
        gold, item = arg(a, "gold"), maybe(a, "item")
        s.pending.append(Pending("help", t, [treasures, gold, wire(item)]))
    else:
        gold, item = 0, None
        s.pending.append(Pending("help", t, [treasures]))
    shown = {"seat": a.seat, "asked": t, "treasures": treasures, "gold": gold, "item": wire(item)}
    ev.append(Event("ask", shown))


def call_auction(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    auction.call(s, c, f, ev)


def power(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    role = text(a, "role")
    f.tried.append(f"{role}:{a.seat}")
    face = dice.roll_d10(s, c, "power", a.seat, role, [dice.ROLES.index(role)], ev)
    if face is not None:
        combat.power_result(s, c, a.seat, role, face, ev)


def rage(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    cards.spend(s, c, a.seat, arg(a, "card"), ev)
    f.rage += 1
    reopen(s)


def enhance(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    cards.enhance(s, c, a.seat, arg(a, "card"), s.mon(f.mons[arg(a, "fight_monster")]), ev)
    reopen(s)


def wander(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    cards.extra_monster(s, c, a.seat, arg(a, "card"), None, ev)
    reopen(s)


def mate(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    cards.extra_monster(s, c, a.seat, arg(a, "card"), s.mon(f.mons[arg(a, "fight_monster")]), ev)
    reopen(s)


def oneshot(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    card, side = arg(a, "card"), arg(a, "fight_side")
    t = c.treasure(card)
    amount = t.amount

    for rule in room_rules(s, c, f.cell, "item_bonus"):
        if getattr(rule, "keyword", "") in t.keywords and getattr(rule, "keyword", "") != "shiny":
            amount += getattr(rule, "amount", 0)
    _use_in_fight(s, c, a.seat, card)
    f.side_bonus[side] += amount
    ev.append(Event("oneshot", {"seat": a.seat, "card": card, "side": side, "amount": amount}))
    reopen(s)


def _use_in_fight(s: QuestState, c: Content, seat: int, card: int) -> None:
    f = s.fight
    assert f is not None
    if card in s.hand[seat]:
        s.hand[seat].remove(card)
    else:
        take_item(s, seat, card)
    f.played.append(card)


def shrink(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    card = arg(a, "card")
    serial = f.mons[arg(a, "fight_monster")]
    _use_in_fight(s, c, a.seat, card)
    f.shrink[serial] = f.shrink.get(serial, 0) - c.treasure(card).amount
    reopen(s)


def extra_die(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    card = arg(a, "card")
    if c.deck_of[card] == "D":
        s.hand[a.seat].remove(card)
        f.played.append(card)
    else:
        _use_in_fight(s, c, a.seat, card)
    f.extra_dice[0] += 1
    reopen(s)


def backstab(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    cards.spend(s, c, a.seat, arg(a, "card"), ev)
    t = arg(a, "seat")
    f.tried.append(f"backstab:{t}")
    f.side_bonus[0] -= 2  # Backstab (SPEC 3.14.6)
    ev.append(Event("backstab", {"seat": a.seat, "victim": t}))
    reopen(s)


def repel(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    card, serial = arg(a, "card"), arg(a, "monster")
    cards.spend(s, c, a.seat, card, ev)
    s.ignore.append((serial, a.seat))
    f.mons.remove(serial)  # removed alive: no level, no Treasure (R94)
    ev.append(Event("repel", {"seat": a.seat, "monster": s.mon(serial).card}))


def set_die(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    if s.window is not None:
        dice.set_face(s, a.seat, arg(a, "card"), arg(a, "die"), arg(a, "face"), ev)
        return
    f = s.fight
    assert f is not None
    card, i, face = arg(a, "card"), arg(a, "die"), arg(a, "face")
    s.hand[a.seat].remove(card)
    f.played.append(card)
    f.dice[i][1] = face  # R16: any one die just rolled
    f.passed = []
    ev.append(
        Event(
            "set_die",
            {
                "seat": a.seat,
                "die": i,
                "face": face,
                "side": combat.side_total(s, c, f),
                "monsters": combat.monsters_total(s, c, f),
            },
        )
    )
