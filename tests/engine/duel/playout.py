"""Random legal playouts and the invariants checked after every step."""

from __future__ import annotations

from engine.core import Action, Event, Rng
from engine.core.record import MatchRecord, start_record
from engine.duel.game import Duel
from engine.duel.state import DuelState
from engine.duel.views import visible_iids
from engine.duel.zones import rank_total


def zones_of(s: DuelState) -> list[int]:
    """Every card instance in every zone, with repeats if a card were in two places."""
    cards = list(s.heroes) + list(s.removed)
    for p in (0, 1):
        cards += s.deck[p] + s.hand[p] + s.discard[p] + s.hoard[p] + s.stash[p]
    if s.fight is not None:
        cards += s.fight.committed
        if s.fight.card >= 0:
            cards.append(s.fight.card)
    cards += [e[1] for e in s.stack if e[5]]
    cards += list(s.stuck)
    return cards


def hidden_from(s: DuelState, seat: int | None) -> set[int]:
    """# 000 II.A.10: other hands, all decks, face-down cards (even in one's own stash)."""
    hidden: set[int] = set()
    for p in (0, 1):
        hidden |= set(s.deck[p])
        hidden |= {i for i in s.stash[p] if i not in s.face_up}
        if p != seat:
            hidden |= set(s.hand[p])
    f = s.fight
    if f is not None and f.card >= 0 and not f.revealed and seat != f.attacker:
        hidden.add(f.card)
    # 000 IV Flaunt: a flaunted card is shown to the opponent while its ability waits.
    hidden -= {e[1] for e in s.stack if e[1] in s.flaunted}
    return hidden


def _card_refs(data: object) -> set[int]:
    found: set[int] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("card", "on") and isinstance(value, int):
                found.add(value)
            elif key == "cards" and isinstance(value, list):
                found |= {v for v in value if isinstance(v, int)}
            else:
                found |= _card_refs(value)
    return found


def check_events(
    s: DuelState, events: list[Event], hidden_before: dict[int | None, set[int]]
) -> None:
    """Redacted events never name a card that stayed hidden from that viewer, except the
    ones the rules show on purpose (a Reveal, a Flaunt)."""
    for viewer in (None, 0, 1):
        still_hidden = hidden_before[viewer] & hidden_from(s, viewer)
        for event in events:
            if event.kind in ("revealed", "revealed_commit"):
                continue
            refs = _card_refs(event.for_viewer(viewer)) - s.flaunted
            assert not refs & still_hidden, (viewer, event)


def check_invariants(game: Duel, s: DuelState) -> None:
    cards = zones_of(s)
    assert sorted(cards) == list(range(len(s.card_of))), "each card in exactly one zone"
    assert min(s.purse) >= 0 and min(s.damage) >= 0 and min(s.tokens) >= 0
    if game.outcome(s) is None:
        assert game.deciders(s), "someone must be able to act"
        for seat in game.deciders(s):
            legal = game.legal_actions(s, seat)
            assert legal, "a decider has legal actions"
            for action in legal:  # every action can become a button id and come back
                assert len(action.key) <= 80
                assert Action.from_key(seat, action.key) == action
    for p in (0, 1):
        locations = [i for i in s.hoard[p] if game.defs[s.card_of[i]].type == "location"]
        assert len(locations) <= 1
        assert rank_total(game.defs, s, p) <= s.level[p] <= 10
    for viewer in (None, 0, 1):
        shown = visible_iids(game.view(s, viewer).to_json())
        assert not shown & hidden_from(s, viewer)


def random_game(
    game: Duel,
    seed: int,
    max_steps: int = 3000,
    check: bool = True,
    decks: tuple[str, str] = ("warrior", "thief"),
) -> tuple[DuelState, MatchRecord]:
    options: dict[str, object] = {"decks": list(decks)}
    s = game.new(2, seed, options)
    record = start_record(game, 2, seed, options)
    rng = Rng(seed).fork(7)
    for _ in range(max_steps):
        if game.outcome(s) is not None:
            break
        deciders = sorted(game.deciders(s))
        seat = deciders[rng.below(len(deciders))]
        if rng.below(400) == 0:
            action = Action(seat, "concede")
        else:
            action = rng.choice(game.legal_actions(s, seat))
        hidden_before = {p: hidden_from(s, p) for p in (None, 0, 1)}
        events = game.apply(s, action)
        if check:
            check_events(s, events, hidden_before)
        record.append(action)
        if check:
            check_invariants(game, s)
    return s, record
