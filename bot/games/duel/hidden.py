"""Duel's hidden-card oracle for the leak checks (``bot/screens/leaks.py``): which cards each
recipient may not see, and which cards an event showed it. It reads the full state on purpose:
it checks what the renderers drew from the views."""

from __future__ import annotations

from collections.abc import Iterator

from bot.plugins import HiddenCards, LeakOracle, Recipient
from engine.core import Event
from engine.duel.game import Duel
from engine.duel.state import DuelState


def _duel(game: object) -> Duel:
    assert isinstance(game, Duel), game
    return game


def hidden_cards(game: object, state: object) -> HiddenCards:
    """# 000 II.A.10: decks and face-down cards are hidden from both players, hands from the
    opponent, and the fight's face-down card from all but its attacker until revealed."""
    s = state
    assert isinstance(s, DuelState), s
    names = [_duel(game).defs[index].name for index in s.card_of]
    face_down = {i for p in (0, 1) for i in s.stash[p] if i not in s.face_up}
    always = {i for p in (0, 1) for i in s.deck[p]} | face_down
    f = s.fight
    secret_attack = {f.card} if f is not None and f.card is not None and not f.revealed else set()
    # Whatever is on the stack is face up, a flaunted card from a hand included (# 000 IV Flaunt).
    shown = {entry.source for entry in s.stack}
    hands = [set(s.hand[0]) - shown, set(s.hand[1]) - shown]
    hidden: dict[Recipient, set[int]] = {None: always | hands[0] | hands[1] | secret_attack}
    for seat in (0, 1):
        mine = set() if f is None or f.attacker != seat else secret_attack
        hidden[seat] = always | hands[1 - seat] | (secret_attack - mine)
    return HiddenCards(names, hidden)


def shown_names(game: object, event: Event, recipient: Recipient) -> Iterator[str]:
    """The name of the card ``event`` showed ``recipient`` (its redacted form), if any."""
    card = _duel(game).by_id.get(str(event.for_viewer(recipient).get("id")))
    if card is not None:
        yield card.name


def card_names(game: object) -> set[str]:
    return {c.name for c in _duel(game).defs}


ORACLE = LeakOracle(hidden_cards, shown_names, card_names)
