"""The duel game: the protocol methods, the action dispatcher and the ability stack."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.cards.loader import card_set_digest, load_card_dir
from engine.core import (
    CONCEDE,
    PASS,
    Action,
    Event,
    Game,
    IllegalAction,
    OpenWindow,
    Outcome,
    Reason,
    Rng,
)
from engine.core.errors import CardDataError
from engine.duel import legal, turn
from engine.duel.ai import choose
from engine.duel.cards import DuelCard
from engine.duel.decks import Deck, load_decks, validate_deck
from engine.duel.determinize import seat_world
from engine.duel.hooks import HOOKS
from engine.duel.moves import MOVES
from engine.duel.state import DuelState
from engine.duel.views import DuelView, make_view
from engine.duel.zones import eliminate

DEFAULT_DECKS = ("warrior", "thief")


class Duel(Game[DuelState, DuelView]):
    id = "duel"
    min_seats = 2
    max_seats = 2
    match_options = ("decks",)  # the two decks, picked in the lobby
    moves = MOVES
    # 000 III.A.2.b/d: a squished Loot or Location of yours goes to the discard, not back to
    # hand: the hand asks "Yes, ..." once before it is played.
    irreversible = frozenset({CONCEDE, "squish"})

    def __init__(self, cards: list[DuelCard], decks: Mapping[str, Deck]) -> None:
        self.defs: tuple[DuelCard, ...] = tuple(cards)
        self.index = {c.id: i for i, c in enumerate(self.defs)}
        self.by_id = {c.id: c for c in self.defs}
        self.decks: dict[str, Deck] = dict(decks)
        self._digest = card_set_digest(self.defs)
        for c in self.defs:
            if c.hook and c.hook not in HOOKS:
                raise CardDataError("data/duel", c.id, "hook", f"unknown hook {c.hook!r}")

    @classmethod
    def from_dir(cls, folder: Path) -> Duel:
        return cls(load_card_dir(folder, DuelCard), load_decks(folder / "decks"))

    @property
    def card_set_digest(self) -> str:
        return self._digest

    # --- setup ---------------------------------------------------------------------------

    def _deck_option(self, raw: Any) -> Deck:
        if isinstance(raw, str):
            if raw not in self.decks:
                raise IllegalAction("duel.unknown_deck", deck=raw)
            return self.decks[raw]
        try:
            deck = Deck.from_json(raw)
        except (KeyError, ValueError, TypeError, AttributeError) as exc:
            raise IllegalAction("duel.bad_deck", codes=["duel.deck.unreadable"]) from exc
        problems = validate_deck(deck, self.by_id)
        if problems:
            raise IllegalAction("duel.bad_deck", codes=[p.code for p in problems])
        return deck

    def new(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> DuelState:
        if seats != 2:
            raise IllegalAction(Reason.BAD_ARGUMENTS, seats=seats)
        raw = list((options or {}).get("decks") or DEFAULT_DECKS)
        if len(raw) != 2:
            raise IllegalAction(Reason.BAD_ARGUMENTS, decks=len(raw))
        decks = [self._deck_option(d) for d in raw]
        card_of: list[int] = []
        owner: list[int] = []
        piles: list[list[int]] = [[], []]
        for seat, deck in enumerate(decks):
            for cid in deck.card_list():
                piles[seat].append(len(card_of))
                card_of.append(self.index[cid])
                owner.append(seat)
        heroes = []
        for seat, deck in enumerate(decks):
            heroes.append(len(card_of))
            card_of.append(self.index[deck.hero])
            owner.append(seat)
        n = len(card_of)
        s = DuelState(
            Rng(seed),
            card_of,
            owner,
            heroes,
            piles,
            [[], []],
            [[], []],
            [[], []],
            [[], []],
            damage=[0] * n,
            tokens=[0] * n,
        )
        turn.deal(s, [])
        return s

    def load_state(self, data: Mapping[str, Any]) -> DuelState:
        return DuelState.from_json(dict(data))

    # --- protocol --------------------------------------------------------------------------

    def deciders(self, state: DuelState) -> frozenset[int]:
        return legal.deciders(state)

    def window(self, state: DuelState) -> OpenWindow | None:
        """Its response windows, and the reply (# 000: the opponent's last chance to act once
        the active player is done munchkining): one seat asked whether it answers, Pass or a
        card, so a window like the others (issue 27.1: the window clock, auto-pass, no ping;
        a Pass-only decision is never asked of a person)."""
        if state.phase == "reply" and state.window is None and state.pending is None:
            return OpenWindow("reply", (1 - state.active,))
        return super().window(state)

    def legal_actions(self, state: DuelState, seat: int) -> list[Action]:
        return legal.legal_actions(self.defs, state, seat)

    def live_seats(self, state: DuelState) -> frozenset[int]:
        return frozenset(seat for seat in (0, 1) if not state.eliminated[seat])

    def outcome(self, state: DuelState) -> Outcome | None:
        if state.phase != "over":
            return None
        live = [seat for seat in (0, 1) if not state.eliminated[seat]]
        if len(live) == 1:  # 000 III.B: the last Hero wins
            w = live[0]
            return Outcome((w,), (0 if w == 0 else 1, 0 if w == 1 else 1), state.end_reason)
        return Outcome((), (0, 0), "draw")  # no Hero left

    def view(self, state: DuelState, seat: int | None) -> DuelView:
        return make_view(self.defs, state, seat)

    def invariants(self, state: DuelState) -> list[str]:
        """Broken invariants after an action (``engine.simulate --check`` counts them)."""
        from engine.duel.invariants import invariants

        return invariants(self, state)

    def default_action(self, state: DuelState, seat: int) -> Action:
        legal_now = self.legal_actions(state, seat)
        if not legal_now:
            raise IllegalAction(Reason.NOT_A_DECIDER, seat=seat)
        for kind in (PASS, "keep", "done", "ready", "run"):
            for a in legal_now:
                if a.kind == kind:
                    return a
        return legal_now[0]

    def ai_action(self, state: DuelState, seat: int, rng: Rng, level: str = "normal") -> Action:
        """``random``, ``strong`` (search, ``ai_strong.py``) or ``heuristic`` (any other)."""
        if level == "strong":
            from engine.duel.ai_strong import choose_strong

            return choose_strong(self, state, seat, rng)  # it rebuilds the seat's world itself
        # The AI decides from the match as the seat knows it, never from the state itself.
        return choose(self, seat_world(state, seat), seat, rng, level)

    # --- resolution ------------------------------------------------------------------------

    def _resolve(self, state: DuelState, action: Action) -> list[Event]:
        ev: list[Event] = []
        if action.kind == CONCEDE:  # 000 III.B.4
            eliminate(state, action.seat, "conceded", ev)
            return ev
        move = MOVES.get(action.kind)
        if move is None or move.resolve is None:
            raise IllegalAction(Reason.UNKNOWN_ACTION, kind=action.kind)
        move.resolve(self.defs, state, action.seat, [int(a) for a in action.args], ev)
        return ev


def factory(data_dir: Path) -> Duel:
    return Duel.from_dir(data_dir / "duel")
