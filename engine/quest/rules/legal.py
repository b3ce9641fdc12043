"""Every legal action, per seat: the one source of legality (``Game.check``)."""

from __future__ import annotations

from itertools import combinations

from engine.core import Action
from engine.core.moves import NOTHING
from engine.quest.cards import is_role, magic_targets, map_change_ok, role_room
from engine.quest.content import DIRS, Content
from engine.quest.rules import auction, combat, dice, stop, trade
from engine.quest.rules.items import can_arrange, pickable, sales, target_zone
from engine.quest.rules.monsters import free_bases, ignores
from engine.quest.rules.movement import can_search, deal_ok, go_cost
from engine.quest.rules.running import destinations
from engine.quest.rules.turn import window_seats
from engine.quest.state import Fight, QuestState
from engine.quest.stats import alive, has, move_left, room, room_rules

BRIBE_GOLD = (300, 500)  # OURS: two sizes of gold bribe keep the offer list short
PICKPOCKET_USED = (999, 999, 0)  # marker in the per-turn list: Pick Pocket tried this turn


def deciders(s: QuestState) -> frozenset[int]:
    if s.phase == "over":
        return frozenset()
    if s.phase == "prep":
        return frozenset(k for k in range(s.seats) if not s.ready[k] and not s.out[k])
    if s.window is not None:
        return frozenset(dice.window_seats(s))
    if s.pending:
        return frozenset({s.pending[-1].seat})
    f = s.fight
    if f is not None:
        if f.stage == "open":
            return frozenset({f.main})
        return frozenset(window_seats(s))
    return frozenset({s.turn})


def free_actors(s: QuestState) -> frozenset[int]:
    if s.phase != "play":
        return frozenset()
    busy = deciders(s)
    return frozenset(k for k in range(s.seats) if not s.out[k] and k not in busy)


def legal(s: QuestState, c: Content, seat: int) -> list[Action]:
    if s.phase == "over" or s.out[seat]:
        return []
    if s.phase == "prep":
        if s.ready[seat]:
            return []
        return [Action(seat, "ready"), *_play_from_hand(s, c, seat, overflow=False)]
    busy = deciders(s)
    if seat not in busy:
        return _free(s, c, seat)
    if s.window is not None:
        return dice.legal_in_window(s, c, seat, _hand(s, c, seat, "D", "set_die"))
    if s.pending:
        return _pending(s, c, seat)
    f = s.fight
    if f is not None:
        if f.stage == "open":
            return _fight_main(s, c, f, seat) + _fight_cards(s, c, f, seat)
        if f.stage == "rolling":
            return [Action(seat, "pass"), *_fight_cards(s, c, f, seat)]
        return [Action(seat, "pass"), *_after_roll(s, c, f, seat)]
    return _movement(s, c, seat)


def _hand(s: QuestState, c: Content, seat: int, deck: str, kind: str) -> list[int]:
    """One card per definition of that deck (and DxM kind) in the hand."""
    out = []
    seen: set[int] = set()
    deck_of, kinds, def_of = c.deck_of, c.kind, c.def_of
    for card in s.hand[seat]:
        if deck_of[card] != deck or (deck == "D" and kinds[card] != kind):
            continue
        if def_of[card] in seen:
            continue
        seen.add(def_of[card])
        out.append(card)
    return out


def _oneshots(s: QuestState, c: Content, seat: int, op: str) -> list[int]:
    """One-shots of ``op`` in the hand or on the belt (one per definition)."""
    return _shots(s, c, seat).get(op, [])


def _shots(s: QuestState, c: Content, seat: int) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    seen: set[int] = set()
    deck_of, def_of = c.deck_of, c.def_of
    pool = list(s.hand[seat]) + [i for i, z in s.gear[seat].items() if z == "belt"]
    for card in pool:
        if deck_of[card] != "T" or def_of[card] in seen:
            continue
        t = c.treasure(card)
        if t.oneshot:
            seen.add(def_of[card])
            out.setdefault(t.op, []).append(card)
    return out


def _play_from_hand(s: QuestState, c: Content, seat: int, overflow: bool = True) -> list[Action]:
    """Items (into a full pack too, in play: R149's overflow) and races and classes."""
    out = []
    for card in _hand(s, c, seat, "T", ""):
        if overflow or target_zone(s, c, seat, card) is not None:
            out.append(Action(seat, "play", (card,)))
    for card in s.hand[seat]:
        if is_role(c, card) and role_room(s, c, seat, card):
            out.append(Action(seat, "play", (card,)))
    return list(dict.fromkeys(out))


def _curses_and_levels(s: QuestState, c: Content, seat: int) -> list[Action]:
    out = []
    for card in _hand(s, c, seat, "D", "curse"):
        for t in range(s.seats):
            ok = alive(s, t) and not room_rules(s, c, s.pos[t], "no_curse")
            if ok and (t != seat or not s.dead[seat]):
                out.append(Action(seat, "curse", (card, t)))
    for card in _hand(s, c, seat, "D", "levelup"):
        for t in range(s.seats):
            if alive(s, t) and s.level[t] < 9 and (t != seat or not s.dead[seat]):
                out.append(Action(seat, "levelup", (card, t)))
    return out


def _free(s: QuestState, c: Content, seat: int) -> list[Action]:
    if s.pending or s.window is not None:
        return []
    f = s.fight
    if f is not None and f.stage == "open":
        return _fight_cards(s, c, f, seat)
    if s.pending:
        return []
    trades = [Action(seat, "trade", (t,)) for t in trade.partners(s, seat)]  # R35: any time
    stops = [Action(seat, "stop")] if stop.can_stop(s, seat) else []  # R161
    heals = _heal_level(s, seat) if f is None else []  # R35, R138: any time but in combat
    return _curses_and_levels(s, c, seat) + trades + stops + heals + _role_drops(s, seat)


def _heal_level(s: QuestState, seat: int) -> list[Action]:
    """A level for up to three hits (R138), on or off turn, never in combat (R35)."""
    if alive(s, seat) and s.level[seat] >= 2 and s.hits[seat] > 0:
        return [Action(seat, "heal_level")]
    return []


def _role_drops(s: QuestState, seat: int) -> list[Action]:
    """A race or class may be discarded at any time at all, even in combat (R34, R134)."""
    return [Action(seat, "drop_role", (card,)) for card in s.roles[seat]]


def _pending(s: QuestState, c: Content, seat: int) -> list[Action]:
    p = s.pending[-1]
    k = p.kind
    if k == "explore_dxm":
        return [Action(seat, "take"), Action(seat, "skip")]
    if k == "summon":
        return [Action(seat, "summon"), Action(seat, "no_summon")]
    if k == "base":
        return [Action(seat, "base", (b,)) for b in range(s.seats) if free_bases(s, b) > 0]
    if k == "help":
        return [Action(seat, "accept"), Action(seat, "decline")]
    if k == "bid":  # R114: the help auction
        return auction.legal_bids(s, seat)
    if k == "stop":  # R161: any-time cards while the active munchkin waits
        out = _curses_and_levels(s, c, seat)
        out += stop.map_changes(s, c, seat, _hand(s, c, seat, "D", "link_to"))
        return [*out, Action(seat, "go_on")]
    if k == "snatch_pick":  # R7: the victim's left-hand neighbour picks what is snatched
        victim = p.data[1]
        return [Action(seat, "snatch", (i,)) for i in p.data[2:] if i in s.gear[victim]]
    if k == "lose_pick":  # R144: the victim picks the item he loses
        return [Action(seat, "lose", (i,)) for i in p.data if i in s.gear[seat]]
    if k in ("terms", "offer"):
        return trade.legal_pending(s, c, seat)
    if k == "pick_up":  # R153: any of the dropped items, one at a time
        picks = [Action(seat, "pick", (item,)) for item in pickable(s, c, seat)]
        return [*picks, Action(seat, "pick_done")]
    if k == "ring":
        return [Action(seat, "cancel"), Action(seat, "let_it")]
    if k == "ward":  # R162: a Cleric's d10 may avert the curse
        return [Action(seat, "ward"), Action(seat, "no_ward")]
    if k == "pack_overflow":  # R149: give one packed item away (a gift, R152) or drop it
        mine = [i for i, z in s.gear[seat].items() if z == "pack"]
        out = [Action(seat, "drop", (i,)) for i in mine]
        for t in trade.partners(s, seat, overflow=True):
            out += [
                Action(seat, "offer", (t, i, NOTHING, 0))
                for i in mine
                if trade.offer_ok(s, c, seat, t, i, None, 0)
            ]
        return out
    if k == "charity":
        low = min(s.level[t] for t in range(s.seats) if not s.out[t])
        if s.level[seat] == low:
            return [Action(seat, "charity_discard", (card,)) for card in s.hand[seat]]
        tied = [t for t in range(s.seats) if not s.out[t] and s.level[t] == low]
        given = [p.data[t] if t < len(p.data) else 0 for t in tied]  # cards each got so far
        targets = [t for t, n in zip(tied, given, strict=True) if n == min(given)]  # R69: even
        return [Action(seat, "charity_give", (card, t)) for card in s.hand[seat] for t in targets]
    if k == "flee_to":
        out = [Action(seat, "flee_to", (x, y)) for x, y in destinations(s, seat)]
        out += _escapes(s, c, seat, boss=False)
        return out or [Action(seat, "nowhere")]
    if k == "flee":
        out = [Action(seat, "flee", (x,)) for x in p.data[2:]]
        if has(s, c, seat, "wizard") and s.run_bonus[seat] < 3:
            out += [Action(seat, "focus", (card,)) for card in _fodder(s, seat)]
        out += [Action(seat, "use", (card,)) for card in _oneshots(s, c, seat, "run_bonus")]
        return out
    return []


def _escapes(s: QuestState, c: Content, seat: int, boss: bool) -> list[Action]:
    if boss:
        return []  # nothing avoids the Boss (R121)
    out = []
    for card in _oneshots(s, c, seat, "escape"):
        for x, y in magic_targets(s, c, seat, c.treasure(card).to):
            out.append(Action(seat, "escape", (card, x, y)))
    for card in _hand(s, c, seat, "D", "teleport"):
        for x, y in magic_targets(s, c, seat, c.dxm_card(card).to):
            out.append(Action(seat, "escape", (card, x, y)))
    return out


def _fight_main(s: QuestState, c: Content, f: Fight, seat: int) -> list[Action]:
    out = [Action(seat, "roll")]
    if seat == s.turn:
        out.append(Action(seat, "die"))  # R128: any time on your own turn, even in a fight
    for k in range(s.seats):
        if combat.may_help(s, c, f, k):
            for bribe in range(0, 3):
                out.append(Action(seat, "ask", (k, bribe)))
            # R114: gold or an item in play as the bribe, paid when the fight is over
            gold = [g for g in BRIBE_GOLD if g <= s.gold[seat]]
            out += [Action(seat, "ask", (k, 0, g, NOTHING)) for g in gold]
            out += [Action(seat, "ask", (k, 0, 0, item)) for item in s.gear[seat]]
    if auction.can_call(s, c, f):
        out.append(Action(seat, "auction"))  # R114: let the would-be helpers bid
    out += _escapes(s, c, seat, f.boss)
    if has(s, c, seat, "wizard") and f"wizard:{seat}" not in f.tried:
        out.append(Action(seat, "power", ("wizard",)))
    for card in _oneshots(s, c, seat, "ignore_me") + _hand(s, c, seat, "D", "ignore_me"):
        for x in f.mons:
            if not f.boss:  # nothing avoids the Boss fight (R121)
                out.append(Action(seat, "repel", (card, x)))
    return out


def _fight_cards(s: QuestState, c: Content, f: Fight, seat: int) -> list[Action]:
    """Cards any seat may add to a fight (R96, R115, R119, R120)."""
    out: list[Action] = []
    in_fight = seat in combat.fighters(f)
    near = combat.nearby(s, seat, f.cell) and not s.dead[seat]
    for card in _hand(s, c, seat, "D", "enhancer"):
        out += [Action(seat, "enhance", (card, i)) for i in range(len(f.mons))]
    for card in _hand(s, c, seat, "D", "wander"):
        out.append(Action(seat, "wander", (card,)))
    for card in _hand(s, c, seat, "D", "mate"):
        out += [
            Action(seat, "mate", (card, i)) for i in range(len(f.mons)) if not s.mon(f.mons[i]).boss
        ]
    for card in _oneshots(s, c, seat, "bonus"):
        if c.treasure(card).throwable and not near:
            continue
        if not s.dead[seat]:
            out += [Action(seat, "oneshot", (card, 0)), Action(seat, "oneshot", (card, 1))]
    if not s.dead[seat]:
        for card in _oneshots(s, c, seat, "shrink"):
            out += [Action(seat, "shrink", (card, i)) for i in range(len(f.mons))]
    if in_fight:
        for card in _oneshots(s, c, seat, "extra_die") + _hand(s, c, seat, "D", "extra_die"):
            out.append(Action(seat, "extra_die", (card,)))
        if has(s, c, seat, "warrior") and f.rage < 3:
            out += [Action(seat, "rage", (card,)) for card in _fodder(s, seat)]
        if has(s, c, seat, "warrior") and f"warrior:{seat}" not in f.tried:
            out.append(Action(seat, "power", ("warrior",)))
    if has(s, c, seat, "thief") and near and not in_fight:
        for t in combat.fighters(f):
            if f"backstab:{t}" not in f.tried:
                fodder = s.hand[seat][:3] + list(s.gear[seat]) + list(s.roles[seat])
                out += [Action(seat, "backstab", (card, t)) for card in fodder]
    out += _curses_and_levels(s, c, seat) + _role_drops(s, seat)
    return out


def _after_roll(s: QuestState, c: Content, f: Fight, seat: int) -> list[Action]:
    out = []
    for card in _hand(s, c, seat, "D", "set_die"):
        for i, d in enumerate(f.dice):
            out += [
                Action(seat, "set_die", (card, i, face)) for face in range(1, 7) if face != d[1]
            ]
    if (
        seat in combat.fighters(f)
        and has(s, c, seat, "warrior")
        and f"warrior:{seat}" not in f.tried
    ):
        out.append(Action(seat, "power", ("warrior",)))
    return out + _role_drops(s, seat)


def _movement(s: QuestState, c: Content, seat: int) -> list[Action]:
    if s.dead[seat]:
        return [Action(seat, "end_turn")]
    out = [Action(seat, "end_turn"), Action(seat, "die")]
    here = s.pos[seat]
    left = move_left(s, c, seat)
    for d in DIRS:
        if go_cost(s, c, seat, d, left) is not None:
            out.append(Action(seat, "go", (d,)))
    if can_search(s, c, seat):
        out.append(Action(seat, "search"))
    for n, deal in enumerate(room(s, c, here).deals):
        if deal.pay.item or deal.pay.value:
            for card in list(s.hand[seat]) + list(s.gear[seat]):
                if deal_ok(s, c, seat, n, card):
                    out.append(Action(seat, "deal", (n, card)))
        elif deal_ok(s, c, seat, n, None):
            out.append(Action(seat, "deal", (n, NOTHING)))
    if (
        (s.dropped.get(here) or s.floor_gold.get(here))
        and not s.mons_at(here)
        and move_left(s, c, seat) >= 1
    ):
        out.append(Action(seat, "pick_up"))
    if s.mons_at(here) and all(ignores(s, c, m, seat) for m in s.mons_at(here)):
        out.append(Action(seat, "fight"))
    out += _play_from_hand(s, c, seat)
    for item in s.gear[seat]:
        if can_arrange(s, c, seat, item) is not None:
            out.append(Action(seat, "arrange", (item,)))
        out.append(Action(seat, "drop", (item,)))
    out += [Action(seat, "buy_level", sold) for sold in sales(s, c, seat)]  # R131
    out += _heal_level(s, seat)
    shots = _shots(s, c, seat)
    if s.hits[seat] > 0:
        for card in shots.get("heal", []) + _hand(s, c, seat, "D", "heal"):
            out.append(Action(seat, "use", (card,)))
    for card in shots.get("gold", []):
        out.append(Action(seat, "use", (card,)))
    for card in _hand(s, c, seat, "D", "teleport"):
        for x, y in magic_targets(s, c, seat, c.dxm_card(card).to):
            out.append(Action(seat, "teleport", (card, x, y)))
    for card in _hand(s, c, seat, "D", "link_to"):
        for d in DIRS:
            if map_change_ok(s, c, here, card, d):
                out.append(Action(seat, "link_to", (card, d)))
    for card in _hand(s, c, seat, "D", "cheat"):
        for item in s.gear[seat]:
            if item not in s.cheats[seat]:
                out.append(Action(seat, "cheat", (card, item)))
    out += _role_drops(s, seat)
    if has(s, c, seat, "cleric") and s.hits[seat] > 0:  # any two cards (R31)
        out += [Action(seat, "mend", pair) for pair in combinations(_fodder(s, seat), 2)]
    if has(s, c, seat, "thief") and PICKPOCKET_USED not in s.deals_used:
        for t in range(s.seats):
            if t != seat and alive(s, t) and s.pos[t] == here and _pocket(s, t):
                out.append(Action(seat, "pickpocket", (t,)))
    out += _curses_and_levels(s, c, seat)
    out += [Action(seat, "trade", (t,)) for t in trade.partners(s, seat)]
    return out


def _fodder(s: QuestState, seat: int) -> list[int]:
    """Cards a discard ability may take: any card in the hand or in play, the race and class
    cards too: a class card may pay for its own ability (R31, R135)."""
    return [*s.hand[seat], *s.gear[seat], *s.roles[seat]]


def _pocket(s: QuestState, t: int) -> bool:
    return any(z in ("belt", "pack") for z in s.gear[t].values())
