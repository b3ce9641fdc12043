"""The main player's own moves in a turn: getting ready, moving, searching, playing and using
cards, arranging items, buying levels and trading. One small handler per action kind."""

from __future__ import annotations

from engine.core import Action, Event
from engine.quest import cards
from engine.quest.action_args import SHAPES, arg, cell, maybe, text
from engine.quest.content import Content
from engine.quest.rules import combat, dice, items, movement, stop, trade
from engine.quest.rules.effects import die, heal, lose_levels
from engine.quest.rules.fight_actions import reopen
from engine.quest.rules.legal import PICKPOCKET_USED
from engine.quest.state import Pending, QuestState


def ready(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    s.ready[a.seat] = True


def play(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    card = arg(a, "card")
    if cards.is_role(c, card):
        cards.play_role(s, c, a.seat, card, ev)
    else:
        items.play_item(s, c, a.seat, card, ev)


def go(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    movement.go(s, c, a.seat, text(a, "side"), ev)
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
    movement.do_deal(s, c, a.seat, arg(a, "deal"), maybe(a, "card"), ev)


def pick_up(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    s.spent[a.seat] += 1
    items.pick_up(s, a.seat, ev)


def fight(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    combat.begin(s, c, a.seat, s.pos[a.seat], ev, voluntary=True)


def arrange(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    item = arg(a, "card")
    zone = items.can_arrange(s, c, a.seat, item)
    assert zone is not None
    items.arrange(s, c, a.seat, item, zone, ev)


def drop(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    items.drop(s, c, a.seat, arg(a, "card"), ev)


def buy_level(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    sold = tuple(int(x) for x in SHAPES["buy_level"].every(a, "card"))
    items.buy_level(s, c, a.seat, sold, ev)


def heal_level(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    lose_levels(s, a.seat, 1, ev)  # R138: a level for up to three hits
    heal(s, c, a.seat, 3, ev)


def die_now(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    die(s, c, a.seat, ev)  # R128: dying on purpose


def end_turn(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    s.ending = True


def use(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    card = arg(a, "card")
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
    cards.spend(s, c, a.seat, arg(a, "card"), ev)
    s.pos[a.seat] = cell(a)
    ev.append(Event("moved", {"seat": a.seat, "cell": list(cell(a)), "how": "magic"}))


def link_to(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    at = s.pos[s.turn] if stop.in_stop(s, a.seat) else s.pos[a.seat]  # R161: a Stop
    cards.map_change(s, c, a.seat, at, arg(a, "card"), text(a, "side"), ev)


def call_stop(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    stop.call(s, a.seat, ev)


def cheat(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    card, item = arg(a, "card"), arg(a, "item")
    s.hand[a.seat].remove(card)
    s.cheats[a.seat][item] = card


def drop_role(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    cards.drop_role(s, c, a.seat, arg(a, "card"), ev)


def mend(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    for card in (arg(a, "card"), arg(a, "item")):
        cards.spend(s, c, a.seat, card, ev)
    heal(s, c, a.seat, 1, ev)  # Cleric discard ability (SPEC 3.14.6)


def pickpocket(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    s.deals_used.append(PICKPOCKET_USED)
    t = arg(a, "seat")
    face = dice.roll_d10(s, c, "pickpocket", a.seat, "thief", [t], ev)
    if face is not None:
        cards.pickpocket_result(s, c, a.seat, t, face, ev)


def curse(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    cards.start_curse(s, c, a.seat, arg(a, "card"), arg(a, "seat"), ev)
    reopen(s)


def levelup(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    cards.levelup(s, c, a.seat, arg(a, "card"), arg(a, "seat"), ev)
    reopen(s)


def trade_open(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    trade.open_terms(s, a.seat, arg(a, "seat"), ev)


def offer(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    give, get = maybe(a, "give"), maybe(a, "get")
    trade.make_offer(s, a.seat, arg(a, "seat"), give, get, arg(a, "gold"), ev)


def withdraw(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    trade.withdraw(s, a.seat, ev)


def accept_trade(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    trade.accept(s, c, a.seat, ev)


def refuse_trade(s: QuestState, c: Content, a: Action, ev: list[Event]) -> None:
    trade.refuse(s, a.seat, ev)
