"""AI seats. ``random`` picks uniformly among legal actions; ``heuristic`` (level
"normal"/"heuristic") plays sensibly: progress first, fight what it can beat, flee otherwise."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.classic.state import ClassicState
from engine.core import Action, Rng

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
    if c is not None and s.window is not None:
        mine = seat in (c.fighter, c.helper)
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
        return first("pass") or legal[0]
    if s.pending:
        p = s.pending[-1]
        if p.kind == "help":
            paid = p.nums[0] > 0 or any(p.nums[2:]) or bool(p.cards)
            helpful = paid or t.has_power(s, seat, "elf")
            c2 = s.combat
            if c2 is not None and s.levels[c2.fighter] + 1 >= 10 and c2.fighter != seat:
                helpful = False
            return Action(seat, "accept" if helpful else "decline")
        if p.kind in ("pick", "loot_body", "loot"):
            return max(legal, key=lambda a: t.defs[int(a.args[0])].value)
        if p.kind == "offer":
            # A fair offer: half the treasure (rounded up), helper picks first, no gold.
            proposals = [a for a in legal if a.kind == "propose"]
            total = max(int(a.args[0]) for a in proposals)
            fair = [a for a in proposals if a.args == ((total + 1) // 2, 1 if total else 0, 0)]
            return fair[0] if fair else proposals[0]
        if p.kind == "shed":  # extra Big items: sell them when the rules allow, else give
            sells = [a for a in legal if a.kind == "sell"]
            return sells[0] if sells else legal[0]
        if p.kind == "lose":
            return min(legal, key=lambda a: t.defs[int(a.args[0])].value)
        if p.kind == "die":
            # A die-changing card is worth spending to escape or steal, or on a poor loot.
            worth = p.nums[0] != 1 or p.nums[1] <= 2
            return legal[-1] if worth else legal[0]
        if p.kind == "trade":
            _, offered, wanted = p.nums
            worth_it = wanted < 0 or t.defs[offered].value >= t.defs[wanted].value
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
