"""AI seats. ``random`` picks uniformly among legal actions; ``heuristic`` (level
"normal"/"heuristic") plays sensibly: progress first, fight what it can beat, flee otherwise."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.classic.pending import Pending
from engine.classic.rules.combat import treasure_total
from engine.classic.rules.trade import trade_gold
from engine.classic.state import ClassicState
from engine.core import PASS, Action, Rng

if TYPE_CHECKING:
    from engine.classic.game import Classic


def choose(game: Classic, s: ClassicState, seat: int, rng: Rng, level: str) -> Action:
    legal = game.legal_actions(s, seat)
    if level == "random" or len(legal) == 1:
        return rng.choice(legal)
    return _heuristic(game, s, seat, legal, rng)


def _heuristic(game: Classic, s: ClassicState, seat: int, legal: list[Action], rng: Rng) -> Action:
    t = game.table
    leader = max(range(s.seats), key=lambda p: (s.levels[p], -p))
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)

    def first(kind: str) -> Action | None:
        found = by_kind.get(kind)
        return found[0] if found else None

    for kind in ("play", "equip", "buy_level", "attach"):
        a2 = first(kind)
        if a2 is not None:
            return a2
    for a in by_kind.get("arm_hireling", []):
        if int(a.args[0]) not in s.equipped[seat]:
            return a
    for a in by_kind.get("levelup", []):
        if a.args[1] == seat:
            return a
    for a in by_kind.get("curse", []):
        if a.args[1] == leader and leader != seat:
            return a
    c = s.combat
    if c is not None and s.window is not None and not s.pending:  # a decision owed comes first
        mine = seat in c.side
        winning = t.players_winning(s, c)
        if mine and not winning:
            for kind in ("turn_undead", "berserk"):
                a2 = first(kind)
                if a2 is not None:
                    return a2
            for a in by_kind.get("oneshot", []):
                if a.args[1] == 0:
                    return a
            asks = by_kind.get("ask", [])
            if asks:
                return rng.choice(asks)
        if not mine and winning and (c.fighter == leader or s.levels[c.fighter] >= 8):
            for kind in ("enhance",):
                for a in by_kind.get(kind, []):
                    if int(t.defs[int(a.args[0])].amount_of("bonus")) > 0:
                        return a
            for a in by_kind.get("oneshot", []):
                if a.args[1] == 1:
                    return a
        return first(PASS) or legal[0]
    if s.pending:
        p = s.pending[-1]
        if p.kind == "help":
            return _answer_offer(game, s, seat, p, legal)
        if p.kind == "countered":
            return _answer_counter(game, s, seat, p, legal)
        if p.kind == "counter":
            return _name_price(game, s, p, legal)
        if p.kind in ("pick", "loot_body", "loot"):
            return max(legal, key=lambda a: t.defs[int(a.args[0])].value)
        if p.kind == "offer":
            # A fair offer: half the treasure (rounded up), helper picks first, no gold.
            proposals = [a for a in legal if a.kind == "propose"]
            total = max(int(a.args[0]) for a in proposals)
            # A level-up from the hand buys help from a seat that is not ahead instead of
            # treasure (# 004: Asking for Help); one is enough.
            promise = [a for a in legal if a.kind == "promise_card"]
            if promise and not p.draft.win_items and s.levels[p.seats[0]] <= s.levels[seat]:
                return promise[0]
            if any(t.kind[card] == "levelup" for card in p.draft.win_items):
                return Action(seat, "propose", (0, 0, 0))
            fair = [a for a in proposals if a.args == ((total + 1) // 2, 1 if total else 0, 0)]
            return fair[0] if fair else proposals[0]
        if p.kind == "shed":  # extra Big items: fix it with a role, sell them, else give
            for kind in ("play", "sell"):
                found = [a for a in legal if a.kind == kind]
                if found:
                    return found[0]
            return legal[0]
        if p.kind == "lose":
            return min(legal, key=lambda a: t.defs[int(a.args[0])].value)
        if p.kind == "die":
            # A die-changing card is worth spending to escape or steal, or on a poor loot.
            worth = p.die.purpose != 1 or p.die.roll <= 2
            return legal[-1] if worth else legal[0]
        if p.kind == "trade":
            _, offered, wanted, _ = p.offer
            gold = trade_gold(p)  # coins the offerer adds (or asks, if negative)
            mine_value = t.defs[wanted].value if wanted >= 0 else 0
            worth_it = t.defs[offered].value + gold >= mine_value
            return Action(seat, "accept" if worth_it else "decline")
        return legal[0]
    # Own turn, outside combat.
    if "trouble" in by_kind:
        beatable = [
            x
            for x in by_kind["trouble"]
            if t.defs[int(x.args[0])].level < t.player_strength(s, seat, None)
        ]
        if beatable:
            return beatable[0]
    if s.phase == "charity":
        sells = by_kind.get("sell", [])
        hand_sells = [x for x in sells if int(x.args[0]) in s.hands[seat]]
        if len(s.hands[seat]) > 5 and hand_sells:
            return hand_sells[0]
    for kind in ("listen", "kick", "loot", "end_turn", "charity_give", "charity_discard"):
        a2 = first(kind)
        if a2 is not None:
            return a2
    return legal[0]


# Bargaining for help (# 004: Asking for Help) ---------------------------------------------
# A fair price: half the treasure (rounded up) and the helper picks first; with no treasure,
# 100 gold up front. Anything under it is countered; a counter above it is refused or
# countered back with the fair terms.
FAIR_GOLD = 100
MOST_GOLD = 300  # what a fighter pays up front and on a win, at most, without haggling
MOST_ITEMS = 300  # the value of table items a fighter hands over, at most


def _fair_share(game: Classic, s: ClassicState) -> int:
    assert s.combat is not None
    return (treasure_total(game.table, s.combat) + 1) // 2


def _answer_offer(
    game: Classic, s: ClassicState, seat: int, p: Pending, legal: list[Action]
) -> Action:
    """The asked seat: never help someone to the win; take a fair deal (an Elf anything),
    counter a poor one when there is something to ask for, else refuse."""
    t, c = game.table, s.combat
    assert c is not None
    if s.levels[c.fighter] + 1 >= 10 and c.fighter != seat:
        return Action(seat, "decline")
    terms = p.terms
    share, gold = terms.share, terms.gold + terms.win_gold
    paid = share > 0 or gold > 0 or bool(p.cards) or bool(terms.win_items)
    level_up = any(t.kind[card] == "levelup" for card in terms.win_items)  # a level is worth it
    fair = level_up or (
        share >= _fair_share(game, s) and (share > 0 or gold >= FAIR_GOLD or bool(p.cards))
    )
    if fair or t.has_power(s, seat, "elf"):
        return Action(seat, "accept")
    something = treasure_total(t, c) > 0 or s.gold[c.fighter] >= FAIR_GOLD or s.items[c.fighter]
    if Action(seat, "counter") in legal and something:
        return Action(seat, "counter")
    return Action(seat, "accept" if paid else "decline")


def _answer_counter(
    game: Classic, s: ClassicState, seat: int, p: Pending, legal: list[Action]
) -> Action:
    """The fighter: accept a fair price, else counter back with fair terms, else refuse."""
    t = game.table
    share, _, gold, win_gold, win_items = p.terms
    worth = sum(t.defs[card].value for card in [*p.cards, *win_items])
    if share <= _fair_share(game, s) and gold + win_gold <= MOST_GOLD and worth <= MOST_ITEMS:
        return Action(seat, "accept")
    if Action(seat, "counter") in legal:
        return Action(seat, "counter")
    return Action(seat, "decline")


def _name_price(game: Classic, s: ClassicState, p: Pending, legal: list[Action]) -> Action:
    """The helper's counter: the fair share; with no treasure, gold up front or the
    fighter's cheapest table item."""
    t = game.table
    demands = [a for a in legal if a.kind == "demand"]
    share = _fair_share(game, s)
    wanted = [(share, 1, 0)] if share else [(0, 0, FAIR_GOLD)]
    for a in demands:
        if a.args in wanted:
            return a
    items = [a for a in legal if a.kind == "demand_item"]
    if items and not p.cards:
        return min(items, key=lambda a: t.defs[int(a.args[0])].value)
    return demands[0]
