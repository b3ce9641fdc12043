"""What must hold after every action of a duel (``python -m engine.simulate --check`` and the
hypothesis playouts): each card in one zone, no negative numbers, the rank limit, one Location,
and no view showing a card its seat may not see."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.duel.state import DuelState
from engine.duel.views import visible_iids
from engine.duel.zones import rank_total, type_of

if TYPE_CHECKING:
    from engine.duel.game import Duel

MAX_LEVEL = 10


def zones_of(s: DuelState) -> list[int]:
    """Every card instance in every zone, with repeats if a card were in two places."""
    cards = list(s.heroes) + list(s.removed)
    for p in (0, 1):
        cards += s.deck[p] + s.hand[p] + s.discard[p] + s.hoard[p] + s.stash[p]
    if s.fight is not None:
        cards += s.fight.committed
        if s.fight.card is not None:
            cards.append(s.fight.card)
    cards += [e.source for e in s.stack if e.from_hand]
    cards += list(s.stuck)
    return cards


def hidden_from(s: DuelState, seat: int | None) -> set[int]:
    """# 000 II.A.9: other hands, all decks, face-down cards (even in one's own stash), and the
    fight's face-down card for everyone but its attacker until it is revealed."""
    hidden: set[int] = set()
    for p in (0, 1):
        hidden |= set(s.deck[p])
        hidden |= {i for i in s.stash[p] if i not in s.face_up}
        if p != seat:
            hidden |= set(s.hand[p])
    f = s.fight
    if f is not None and f.card is not None and not f.revealed and seat != f.attacker:
        hidden.add(f.card)
    # 000 IV Flaunt: a flaunted card is shown to the opponent while its ability waits.
    hidden -= {e.source for e in s.stack if e.source in s.flaunted}
    return hidden


def invariants(game: Duel, s: DuelState) -> list[str]:
    problems: list[str] = []
    if sorted(zones_of(s)) != list(range(len(s.card_of))):
        problems.append("a card is missing from every zone or sits in two")
    if min(s.purse) < 0:
        problems.append("negative gold")  # 000 II.A.7
    if min(s.damage) < 0 or min(s.tokens) < 0:
        problems.append("negative damage or tokens")  # 000 II.A.7
    if s.fight is not None and s.fight.gold < 0:
        problems.append("negative committed gold")
    live = game.outcome(s) is None
    for p in (0, 1):
        hoard = s.hoard[p]
        if sum(1 for i in hoard if type_of(game.defs, s, i) == "location") > 1:
            problems.append(f"seat {p} has two Locations")  # 000 I.E.3
        if not 1 <= s.level[p] <= MAX_LEVEL:
            problems.append(f"seat {p} is at level {s.level[p]}")
        # 000 I.D.3: playing Loot never passes the limit; only an ability could, and then no
        # Loot may be played until it is back within the limit.
        if rank_total(game.defs, s, p) > s.level[p] and live:
            if any(a.kind == "loot" for a in game.legal_actions(s, p)):
                problems.append(f"seat {p} may play Loot over the rank limit")
            if not _an_ability_could_raise_ranks(game):
                problems.append(f"seat {p} is over the rank limit")
    if live:
        deciders = game.deciders(s)
        if not deciders or not all(game.legal_actions(s, seat) for seat in deciders):
            problems.append("live game and a decider without legal actions")
    for viewer in (None, 0, 1):
        if visible_iids(game.view(s, viewer).to_json()) & hidden_from(s, viewer):
            problems.append(f"the view for {viewer} shows a hidden card")  # 000 II.A.9
    return problems


def _an_ability_could_raise_ranks(game: Duel) -> bool:
    """Taking control of Loot (op ``control``) can pass the limit; so could a hook."""
    return any(
        c.hook or any(e.op == "control" for a in c.abilities for e in a.effects)
        for c in game.defs
        if c.type != "hero"
    )
