"""What an AI seat does when the match is not waiting on it (a free actor, # 004: When You May
Take Actions): ``heuristic`` plays level-ups on itself, hires, curses a leader who is getting
close and answers trade offers made to it; ``random`` now and then plays any card-using free
action. Every choice uses something up (a card, an offer, a once-a-turn gift), so drivers that
keep asking always come to an end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.classic.rules.trade import answer_actions
from engine.classic.state import ClassicState
from engine.core import Action, Rng

if TYPE_CHECKING:
    from engine.classic.game import Classic

# A random seat acts off-turn on one chance in this many.
RANDOM_ODDS = 8
# Kinds a random seat may pick off-turn: each spends a card or answers an offer (it makes no
# offers or gifts of its own: on a Discord table that would only fill the log).
RANDOM_KINDS = frozenset({"curse", "levelup", "hire", "accept", "decline"})
# A rival this close to the win is worth a curse even when it is not ahead of us.
DANGER_LEVEL = 7
CARD_KINDS = frozenset({"curse", "levelup", "hireling"})


def choose_free(game: Classic, s: ClassicState, seat: int, rng: Rng, level: str) -> Action | None:
    t = game.table
    if level == "random":
        if rng.below(RANDOM_ODDS):
            return None
        pool = [a for a in game.legal_actions(s, seat) if a.kind in RANDOM_KINDS]
        return rng.choice(pool) if pool else None
    holds_card = any(t.kind[c] in CARD_KINDS for c in s.hands[seat])
    answers = answer_actions(t, s, seat)
    if not holds_card and not answers:
        return None  # nothing to do: skip listing every legal action
    legal = game.legal_actions(s, seat)
    for a in legal:
        if a.kind == "levelup" and a.args[1] == seat:
            return a
    for a in legal:
        if a.kind == "hire":
            return a
    rivals = [p for p in range(s.seats) if p != seat and not s.out[p]]
    if rivals:
        leader = max(rivals, key=lambda p: (s.levels[p], -p))
        fighting = s.combat is not None and s.combat.fighter == leader
        if s.levels[leader] >= DANGER_LEVEL or (fighting and s.levels[leader] > s.levels[seat]):
            for a in legal:
                if a.kind == "curse" and a.args[1] == leader:
                    return a
    for a in legal:
        if a.kind == "accept" and a.args:
            offered, wanted, _, gold = (int(x) for x in a.args)
            # Coins count like value: positive ones come with the offer, negative are paid.
            fair = t.defs[offered].value + gold >= (t.defs[wanted].value if wanted >= 0 else 0)
            return a if fair else Action(seat, "decline", a.args)
    return None
