"""Carrying out a legal action (``Quest._resolve``): one small handler per action kind."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Action, Event
from engine.quest import cards, combat, dice, items, movement, running, trade
from engine.quest.content import Content
from engine.quest.effects import die, give_up, heal, lose_levels, take_item
from engine.quest.effects import snatch as snatch_item
from engine.quest.legal import PICKPOCKET_USED
from engine.quest.monsters import new_monster
from engine.quest.state import Pending, QuestState

Handler = Callable[[QuestState, Content, Action, list[Event]], None]


def _int(a: Action, i: int) -> int:
    return int(a.args[i])


def _cell(a: Action, i: int) -> tuple[int, int]:
    return (int(a.args[i]), int(a.args[i + 1]))


def _pop(s: QuestState) -> Pending:
    return s.pending.pop()


# --- preparation and movement --------------------------------------------------------------


def ready(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    s.ready[a.seat] = True


def play(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    card = _int(a, 0)
    if cards.is_role(c, card):
        cards.play_role(s, c, a.seat, card, ev)
    else:
        items.play_item(s, c, a.seat, card, ev)


def go(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    movement.go(s, c, a.seat, str(a.args[0]), ev)
    here = s.pos[a.seat]
    if (
        not s.tile_pool
        and not s.pending
        and not s.mons_at(here)
        and not s.dead[a.seat]
        and here != (0, 0)  # no monster may appear in the Entrance (R2)
    ):
        s.pending.append(Pending("summon", a.seat))  # R53


def search(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    movement.search(s, c, a.seat, ev)


def deal(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    movement.do_deal(s, c, a.seat, _int(a, 0), _int(a, 1), ev)


def pick_up(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    s.spent[a.seat] += 1
    items.pick_up(s, a.seat, ev)


def fight(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    combat.begin(s, c, a.seat, s.pos[a.seat], ev, voluntary=True)


def arrange(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    item = _int(a, 0)
    zone = items.can_arrange(s, c, a.seat, item)
    assert zone is not None
    items.arrange(s, c, a.seat, item, zone, ev)


def drop(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    items.drop(s, c, a.seat, _int(a, 0), ev)


def buy_level(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    items.buy_level(s, c, a.seat, _int(a, 0), ev)


def heal_level(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    lose_levels(s, a.seat, 1, ev)  # R138: a level for up to three hits
    heal(s, c, a.seat, 3, ev)


def die_now(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    die(s, c, a.seat, ev)  # R128: dying on purpose


def end_turn(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    s.ending = True


def use(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    card = _int(a, 0)
    if c.deck_of[card] == "D":
        cards.second_wind(s, c, a.seat, card, c.dxm_card(card).amount, ev)
        return
    t = c.treasure(card)
    cards.spend(s, c, a.seat, card, ev)
    if t.op == "heal":
        heal(s, c, a.seat, t.amount, ev)
    elif t.op == "gold":
        s.gold[a.seat] += t.amount
    elif t.op == "run_bonus":
        s.run_bonus[a.seat] += t.amount
        s.flying[a.seat] = True


def teleport(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    cards.spend(s, c, a.seat, _int(a, 0), ev)
    s.pos[a.seat] = _cell(a, 1)
    ev.append(Event("moved", {"seat": a.seat, "cell": list(_cell(a, 1)), "how": "magic"}))


def link_to(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    cards.map_change(s, c, a.seat, _int(a, 0), str(a.args[1]), ev)


def cheat(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    card, item = _int(a, 0), _int(a, 1)
    s.hand[a.seat].remove(card)
    s.cheats[a.seat][item] = card


def drop_role(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    cards.drop_role(s, c, a.seat, _int(a, 0), ev)


def mend(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    for card in (_int(a, 0), _int(a, 1)):
        cards.spend(s, c, a.seat, card, ev)
    heal(s, c, a.seat, 1, ev)  # Cleric discard ability (SPEC 3.14.6)


def pickpocket(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    s.deals_used.append(PICKPOCKET_USED)
    t = _int(a, 0)
    face = dice.roll_d10(s, c, "pickpocket", a.seat, "thief", [t], ev)
    if face is not None:
        cards.pickpocket_result(s, c, a.seat, t, face, ev)


def curse(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    cards.start_curse(s, c, a.seat, _int(a, 0), _int(a, 1), ev)
    _reopen(s)


def levelup(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    cards.levelup(s, c, a.seat, _int(a, 0), _int(a, 1), ev)
    _reopen(s)


def snatch(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    p = _pop(s)
    snatch_item(s, c, p.data[1], s.mon(p.data[0]), _int(a, 0), ev)


def lose(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    _pop(s)
    give_up(s, c, a.seat, _int(a, 0), ev)


def trade_open(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    trade.open_terms(s, a.seat, _int(a, 0), ev)


def offer(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    trade.make_offer(s, a.seat, (_int(a, 0), _int(a, 1), _int(a, 2), _int(a, 3)), ev)


def withdraw(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    trade.withdraw(s, a.seat, ev)


def accept_trade(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    trade.accept(s, c, a.seat, ev)


def refuse_trade(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    trade.refuse(s, a.seat, ev)


# --- pendings ------------------------------------------------------------------------------


def take(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    p = _pop(s)
    movement.after_explore_dxm(s, c, a.seat, (p.data[0], p.data[1]), True, ev)


def skip(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    p = _pop(s)
    movement.after_explore_dxm(s, c, a.seat, (p.data[0], p.data[1]), False, ev)


def summon(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    _pop(s)
    if new_monster(s, c, s.pos[a.seat], a.seat, ev) is not None:
        combat.begin(s, c, a.seat, s.pos[a.seat], ev)


def no_summon(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    _pop(s)


def base(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    p = _pop(s)
    s.mon(p.data[0]).base = _int(a, 0)  # the explorer picks; nobody draws for it (R51)
    ev.append(Event("base", {"monster": s.mon(p.data[0]).card, "base": _int(a, 0)}))


def accept(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    p = _pop(s)
    f = s.fight
    assert f is not None
    f.helper = a.seat
    f.bribe = p.data[0]
    if len(p.data) > 1:  # a gold or item bribe (R114); older pendings hold Treasures only
        f.bribe_gold, f.bribe_item = p.data[1], p.data[2]
    s.pos[a.seat] = f.cell  # he comes in at no Move (R44, R113)
    ev.append(
        Event(
            "help",
            {"seat": a.seat, "bribe": f.bribe, "gold": f.bribe_gold, "item": f.bribe_item},
        )
    )


def decline(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    _pop(s)
    ev.append(Event("declined", {"seat": a.seat}))


def cancel(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    p = _pop(s)
    ring = cards.ring_holder(s, c, a.seat)
    take_item(s, a.seat, ring)
    s.discards["T"].append(ring)
    s.discards["D"].append(p.data[0])
    ev.append(Event("curse_cancelled", {"seat": a.seat}))


def let_it(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    p = _pop(s)
    cards.curse_or_ward(s, c, p.data[0], p.data[1], a.seat, ev)  # a Cleric may still try


def ward(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    cards.ward(s, c, a.seat, _pop(s), ev)


def no_ward(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    p = _pop(s)
    cards.curse(s, c, p.data[0], p.data[2], ev)


def charity_give(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    card, t = _int(a, 0), _int(a, 1)
    s.hand[a.seat].remove(card)
    s.hand[t].append(card)
    ev.append(Event("charity", {"seat": a.seat, "to": t}, {"card": card}, frozenset({a.seat, t})))
    _charity_done(s)


def charity_discard(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    card = _int(a, 0)
    s.hand[a.seat].remove(card)
    s.discards[c.deck_of[card]].append(card)
    ev.append(Event("charity", {"seat": a.seat, "discard": card}))
    _charity_done(s)


def _charity_done(s: QuestState) -> None:
    p = s.pending[-1]
    if len(s.hand[p.seat]) <= 5:
        s.pending.pop()


def flee_to(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    running.choose(s, c, s.pending[-1], _cell(a, 0), ev)


def nowhere(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    p = _pop(s)
    running.nowhere_to_run(s, c, a.seat, p.data, ev)


def flee(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    running.flee_roll(s, c, s.pending[-1], _int(a, 0), ev)


def focus(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    cards.spend(s, c, a.seat, _int(a, 0), ev)
    s.run_bonus[a.seat] += 1  # Wizard discard ability (R10)


def escape(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    """Magic movement instead of fighting or running: no roll, no Bad Stuff (R107, R39)."""
    cards.spend(s, c, a.seat, _int(a, 0), ev)
    dest = _cell(a, 1)
    if s.pending and s.pending[-1].kind == "flee_to":
        s.pending.pop()
    s.pos[a.seat] = dest
    ev.append(Event("moved", {"seat": a.seat, "cell": list(dest), "how": "escape"}))


# --- fights -----------------------------------------------------------------------------------


def _reopen(s: QuestState) -> None:
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
    t = _int(a, 0)
    f.asked.append(t)
    if len(a.args) > 2:
        gold, item = _int(a, 2), _int(a, 3)
        s.pending.append(Pending("help", t, [_int(a, 1), gold, item]))
    else:
        gold, item = 0, -1
        s.pending.append(Pending("help", t, [_int(a, 1)]))
    ev.append(
        Event(
            "ask",
            {"seat": a.seat, "asked": t, "treasures": _int(a, 1), "gold": gold, "item": item},
        )
    )


def power(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    role = str(a.args[0])
    f.tried.append(f"{role}:{a.seat}")
    face = dice.roll_d10(s, c, "power", a.seat, role, [dice.ROLES.index(role)], ev)
    if face is not None:
        combat.power_result(s, c, a.seat, role, face, ev)


def rage(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    cards.spend(s, c, a.seat, _int(a, 0), ev)
    f.rage += 1
    _reopen(s)


def enhance(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    cards.enhance(s, c, a.seat, _int(a, 0), s.mon(f.mons[_int(a, 1)]), ev)
    _reopen(s)


def wander(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    cards.extra_monster(s, c, a.seat, _int(a, 0), None, ev)
    _reopen(s)


def mate(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    cards.extra_monster(s, c, a.seat, _int(a, 0), s.mon(f.mons[_int(a, 1)]), ev)
    _reopen(s)


def oneshot(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    card, side = _int(a, 0), _int(a, 1)
    t = c.treasure(card)
    amount = t.amount
    from engine.quest.stats import room_rules

    for rule in room_rules(s, c, f.cell, "item_bonus"):
        if getattr(rule, "keyword", "") in t.keywords and getattr(rule, "keyword", "") != "shiny":
            amount += getattr(rule, "amount", 0)
    _use_in_fight(s, c, a.seat, card)
    f.side_bonus[side] += amount
    ev.append(Event("oneshot", {"seat": a.seat, "card": card, "side": side, "amount": amount}))
    _reopen(s)


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
    card = _int(a, 0)
    serial = f.mons[_int(a, 1)]
    _use_in_fight(s, c, a.seat, card)
    f.shrink[serial] = f.shrink.get(serial, 0) - c.treasure(card).amount
    _reopen(s)


def extra_die(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    card = _int(a, 0)
    if c.deck_of[card] == "D":
        s.hand[a.seat].remove(card)
        f.played.append(card)
    else:
        _use_in_fight(s, c, a.seat, card)
    f.extra_dice[0] += 1
    _reopen(s)


def backstab(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    cards.spend(s, c, a.seat, _int(a, 0), ev)
    t = _int(a, 1)
    f.tried.append(f"backstab:{t}")
    f.side_bonus[0] -= 2  # Backstab (SPEC 3.14.6)
    ev.append(Event("backstab", {"seat": a.seat, "victim": t}))
    _reopen(s)


def repel(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    card, serial = _int(a, 0), _int(a, 1)
    cards.spend(s, c, a.seat, card, ev)
    s.ignore.append((serial, a.seat))
    f.mons.remove(serial)  # removed alive: no level, no Treasure (R94)
    ev.append(Event("repel", {"seat": a.seat, "monster": s.mon(serial).card}))


def set_die(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    if s.window is not None:
        dice.set_face(s, a.seat, _int(a, 0), _int(a, 1), _int(a, 2), ev)
        return
    f = s.fight
    assert f is not None
    card, i, face = _int(a, 0), _int(a, 1), _int(a, 2)
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


HANDLERS: dict[str, Handler] = {
    "ready": ready,
    "play": play,
    "go": go,
    "search": search,
    "deal": deal,
    "pick_up": pick_up,
    "fight": fight,
    "arrange": arrange,
    "drop": drop,
    "buy_level": buy_level,
    "heal_level": heal_level,
    "die": die_now,
    "end_turn": end_turn,
    "use": use,
    "teleport": teleport,
    "link_to": link_to,
    "cheat": cheat,
    "drop_role": drop_role,
    "mend": mend,
    "pickpocket": pickpocket,
    "curse": curse,
    "levelup": levelup,
    "take": take,
    "skip": skip,
    "summon": summon,
    "no_summon": no_summon,
    "base": base,
    "accept": accept,
    "decline": decline,
    "cancel": cancel,
    "let_it": let_it,
    "ward": ward,
    "no_ward": no_ward,
    "charity_give": charity_give,
    "charity_discard": charity_discard,
    "flee_to": flee_to,
    "nowhere": nowhere,
    "flee": flee,
    "focus": focus,
    "escape": escape,
    "roll": roll_action,
    "pass": pass_,
    "ask": ask,
    "power": power,
    "rage": rage,
    "enhance": enhance,
    "wander": wander,
    "mate": mate,
    "oneshot": oneshot,
    "shrink": shrink,
    "extra_die": extra_die,
    "backstab": backstab,
    "repel": repel,
    "set_die": set_die,
    "lose": lose,
    "snatch": snatch,
    "trade": trade_open,
    "offer": offer,
    "withdraw": withdraw,
    "accept_trade": accept_trade,
    "refuse_trade": refuse_trade,
}
