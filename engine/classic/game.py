"""The classic game behind the shared protocol: who decides, what is legal, what happens."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards.loader import card_set_digest
from engine.classic.cards import ClassicCard
from engine.classic.determinize import seat_world
from engine.classic.hooks import HOOKS
from engine.classic.moves import DECISIONS, MOVES
from engine.classic.pending import Pending
from engine.classic.rules import combat, free, running, ties, trade, turn
from engine.classic.state import TIE_DIE, ClassicState, waiting_on
from engine.classic.table import Table
from engine.classic.views import ClassicView, make_view
from engine.core import (
    CONCEDE,
    PASS,
    Action,
    CardDataError,
    Event,
    Game,
    IllegalAction,
    Outcome,
    Reason,
    Rng,
)


class Classic(Game[ClassicState, ClassicView]):
    id = "classic"
    min_seats = 3
    max_seats = 6
    # Options a lobby may set (``new``'s ``options``): # 004: Special Rules, a single winner.
    match_options = ("single_winner",)
    irreversible = frozenset({CONCEDE, "drop_role"})  # a race or class given up is gone
    moves = MOVES

    def __init__(self, cards: list[ClassicCard]) -> None:
        for card in cards:
            if card.hook is not None and card.hook not in HOOKS:
                raise CardDataError("data/classic", card.id, "hook", f"no hook {card.hook!r}")
        self.cards = cards
        self.table = Table(cards)
        self._digest = card_set_digest(cards)

    @property
    def card_set_digest(self) -> str:
        return self._digest

    def new(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> ClassicState:
        if not self.min_seats <= seats <= self.max_seats:
            raise IllegalAction(Reason.BAD_ARGUMENTS, seats=seats)
        return start(self, seats, seed, options)

    def live_seats(self, state: ClassicState) -> frozenset[int]:
        return frozenset(p for p in range(state.seats) if not state.out[p])

    def deciders(self, state: ClassicState) -> frozenset[int]:
        return waiting_on(state)

    def asked_by_name(self, event: Event) -> frozenset[int]:
        """# 004: Items (Trading): an open offer is answered from the partner's hand whenever
        they like, on or off the offerer's turn, with nobody waiting on them; # 004: Asking
        for Help: the seat asked (or countered) in a bargain (issue 27.3: pinged)."""
        to = event.data.get("to")
        asked = event.kind in ("offer", "asked", "countered")
        return frozenset({to}) if asked and isinstance(to, int) else frozenset()

    def free_actors(self, state: ClassicState) -> frozenset[int]:
        """# 004: When You May Take Actions: every live seat not waited on may play an
        any-time card (and trade or change gear while no fight is on), on anyone's turn,
        without the table waiting for it. Not once someone has won, nor in a tournament
        roll-off for the win (phase ``over``): the match is decided by then."""
        s = state
        if s.winners or s.phase == "over" or self.outcome(s) is not None:
            return frozenset()
        deciders = self.deciders(s)
        return frozenset(p for p in range(s.seats) if not s.out[p] and p not in deciders)

    def legal_actions(self, state: ClassicState, seat: int) -> list[Action]:
        t, s = self.table, state
        if seat not in self.deciders(state):
            if seat not in self.free_actors(state):
                return []
            return free.offturn_actions(t, s, seat) + trade.offturn_actions(t, s, seat)
        if s.pending:
            p = s.pending[-1]
            decision = DECISIONS.get(p.kind)
            if decision is not None:
                return decision.legal(t, s, seat, p)
        if s.window is not None:
            # A fight's bystanders may also trade and change gear (# 004: When You May Take
            # Actions: only the two sides of a trade must both be out of combat).
            return combat.window_actions(t, s, seat) + trade.bystander_actions(t, s, seat)
        out = turn.phase_actions(t, s, seat)
        # Cards may be arranged before listening too (# 004: Turn Phases).
        out.extend(free.own_turn_actions(t, s, seat))
        out.extend(trade.trade_actions(t, s, seat))
        out.extend(trade.answer_actions(t, s, seat))
        out.extend(free.anytime_actions(t, s, seat))
        return out

    def window_answers(self, state: ClassicState, seat: int) -> list[Action]:
        """Issue 27.2: the fight's own answers, not the gear, gold and trades a bystander may
        also do while the window waits on it (``combat.window_answers``)."""
        window = self.window(state)
        if window is None or seat not in window.waiting_on():
            return []
        return combat.window_answers(self.table, state, seat)

    def _resolve(self, state: ClassicState, action: Action) -> list[Event]:
        t, s, a = self.table, state, action
        ev: list[Event] = []
        if a.kind == CONCEDE:
            self._concede(s, a.seat, ev)
        elif a.seat not in self.deciders(s):
            self._resolve_free_actor(s, a, ev)
        elif s.pending:
            # A decision's answer; a tie or roll-off tally is never on top when anyone
            # decides (they settle at once), so anything else is looting, as always.
            DECISIONS.get(s.pending[-1].kind, DECISIONS["loot"]).resolve(t, s, a, ev)
        elif s.window is not None and a.kind in free.BYSTANDER_KINDS:
            self._resolve_free_actor(s, a, ev)
        elif s.window is not None:
            if not free.resolve_free(t, s, a, ev):
                combat.resolve_window_action(t, s, a, ev)
            elif s.window is not None:
                s.window.passed.clear()
        elif (
            not turn.resolve_phase(t, s, a, ev)
            and not free.resolve_free(t, s, a, ev)
            and not trade.resolve_trade(t, s, a, ev)
            and not trade.resolve_offer(t, s, a, ev)
        ):
            raise IllegalAction(Reason.UNKNOWN_ACTION, kind=a.kind)
        self._settle(s, ev)
        return ev

    def _resolve_free_actor(self, s: ClassicState, a: Action, ev: list[Event]) -> None:
        """# 004: When You May Take Actions: a seat nobody waits on acts; in a fight, a card
        played reopens the window to everyone like any play (# 004: Combat), while a
        bystander's trade or gear change leaves the fight as it was."""
        t = self.table
        if not free.resolve_free(t, s, a, ev) and not trade.resolve_offer(t, s, a, ev):
            raise IllegalAction(Reason.UNKNOWN_ACTION, kind=a.kind)
        if s.window is not None and a.kind not in free.BYSTANDER_KINDS:
            s.window.passed.clear()

    def _settle(self, s: ClassicState, ev: list[Event]) -> None:
        """A fight whose window closed ends once every run-away roll and loot pick is done."""
        ties.settle_ties(self.table, s, ev)  # 004: Dealing With Ties: a settled tie goes on
        free.drop_moot(self.table, s)
        if s.combat is not None and s.window is None and not s.pending:
            combat.finish_combat(self.table, s, ev)

    def _concede(self, s: ClassicState, seat: int, ev: list[Event]) -> None:
        t = self.table
        s.out[seat] = True
        ev.append(Event("conceded", {"seat": seat}))
        for group in (s.hands, s.items, s.roles, s.curses):
            for card in group[seat]:
                t.discard(s, card)
            group[seat].clear()
        for cheat in s.cheats[seat][0::2]:
            t.discard(s, cheat)
        s.cheats[seat].clear()
        s.hired[seat].clear()
        s.equipped[seat].clear()
        s.gold[seat] = 0
        # Offers made by or to the conceding seat lapse.
        s.pending = [
            p
            for p in s.pending
            if not (p.kind == "trade" and p.offer.offerer == seat)
            and not (p.kind in ("deal", "offer", "countered") and p.seats[0] == seat)
        ]
        for p in list(s.pending):
            if p.kind == "pick" or p.kind == "loot":
                p.seats = [x for x in p.seats if x != seat]
            if p.seat == seat:
                if p.kind in ("pick", "loot") and p.seats:
                    p.seat = p.seats.pop(0)
                else:
                    s.pending.remove(p)
                    for card in p.cards if p.kind == "pick" else []:
                        t.discard(s, card)
        running.settle_roll_off(t, s, ev)  # a contestant's concession may complete the roll-off
        if s.combat is not None and not s.pending and s.corpse:
            for card in s.corpse:
                t.discard(s, card)
            s.corpse.clear()
        if s.combat is not None:
            if s.combat.helper == seat:
                s.combat.helper = None
            if s.combat.fighter == seat:
                s.pending = [
                    p for p in s.pending if p.kind in ("pick", "loot", "tie") or _tie_die(p)
                ]
                combat.finish_combat(t, s, ev)
        if s.window is not None:
            s.window.remove_seat(seat)
            if s.window.closed and not s.pending:
                s.window = None
                combat.resolve_fight(t, s, ev)
        self._settle(s, ev)
        if s.turn == seat and s.combat is None and len(self.live_seats(s)) > 1:
            turn.next_turn(t, s, ev)

    def view(self, state: ClassicState, seat: int | None) -> ClassicView:
        return make_view(self.table, state, seat)

    def outcome(self, state: ClassicState) -> Outcome | None:
        s = state
        live = [p for p in range(s.seats) if not s.out[p]]
        if s.winners:
            winners = tuple(s.winners)
            reason = "level"
        elif len(live) <= 1:
            winners = tuple(live)
            reason = "last_standing"
        else:
            return None
        levels = sorted({s.levels[p] for p in range(s.seats) if p not in winners}, reverse=True)
        ranks = tuple(
            0 if p in winners else (len(levels) + 1 if s.out[p] else 1 + levels.index(s.levels[p]))
            for p in range(s.seats)
        )
        return Outcome(winners, ranks, reason)

    def load_state(self, data: Mapping[str, Any]) -> ClassicState:
        return ClassicState.from_json(dict(data))

    def invariants(self, state: ClassicState) -> list[str]:
        from engine.classic.invariants import invariants

        return invariants(self, state)

    def default_action(self, state: ClassicState, seat: int) -> Action:
        """Timeouts pass, decline, end the turn or take the first listed choice; a draft for
        help closes at once with the plainest terms (rather than adding items one by one)."""
        legal = self.legal_actions(state, seat)
        if not legal:
            raise IllegalAction(Reason.NOT_A_DECIDER, seat=seat)
        # An open trade offer is optional (rules/trade.py): a clock never answers it.
        legal = [a for a in legal if not (a.kind in ("accept", "decline") and a.args)] or legal
        for kind in (PASS, "decline", "end_turn", "kick", "loot", "propose", "demand"):
            for a in legal:
                if a.kind == kind:
                    return a
        return legal[0]

    def ai_action(self, state: ClassicState, seat: int, rng: Rng, level: str = "normal") -> Action:
        """The AI decides from the match as the seat knows it (``determinize.seat_world``),
        never from the state itself."""
        from engine.classic.ai import choose

        if level == "strong":  # search over sampled worlds (engine/classic/ai_strong.py)
            from engine.classic.ai_strong import choose_strong

            return choose_strong(self, state, seat, rng)  # it rebuilds the seat's world itself

        return choose(self, seat_world(self.table, state, seat), seat, rng, level)

    def ai_free_action(
        self, state: ClassicState, seat: int, rng: Rng, level: str = "normal"
    ) -> Action | None:
        from engine.classic.ai_free import choose_free

        return choose_free(self, seat_world(self.table, state, seat), seat, rng, level)


def start(
    game: Classic,
    seats: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    dice: Sequence[int] = (),
) -> ClassicState:
    """A new match: the deal and the first-player roll (``dice``: stacked results for that
    roll, for scenarios), with the match options (# 004: Special Rules, a single winner)."""
    if not game.min_seats <= seats <= game.max_seats:
        raise IllegalAction(Reason.BAD_ARGUMENTS, seats=seats)
    state = turn.setup(game.table, seats, seed, dice)
    state.single_winner = bool((options or {}).get("single_winner", False))
    return state


def _tie_die(p: Pending) -> bool:
    """A die decision for a tie roll (looting order, a Big item) outlives the fight."""
    return p.kind == "die" and p.die.purpose == TIE_DIE
