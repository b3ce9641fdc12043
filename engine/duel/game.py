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
    Outcome,
    Reason,
    ResponseWindow,
    Rng,
)
from engine.core.errors import CardDataError
from engine.duel import fight, legal, triggers, turn
from engine.duel.ai import choose
from engine.duel.cards import DuelCard
from engine.duel.decks import Deck, load_decks, validate_deck
from engine.duel.effects import BLEED_INDEX, PENDING_BOTTOM, finish_card, resolve_effects, suction
from engine.duel.hooks import HOOKS
from engine.duel.state import Choice, DuelState, Entry
from engine.duel.views import DuelView, make_view
from engine.duel.zones import card, draw, eliminate, flaunt_over, hurt, in_play, to_discard

DEFAULT_DECKS = ("warrior", "thief")


class Duel(Game[DuelState, DuelView]):
    id = "duel"
    min_seats = 2
    max_seats = 2

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

            return choose_strong(self, state, seat, rng)
        return choose(self, state, seat, rng, level)

    # --- resolution ------------------------------------------------------------------------

    def _resolve(self, state: DuelState, action: Action) -> list[Event]:
        ev: list[Event] = []
        s = state
        seat = action.seat
        kind = action.kind
        args = [int(a) for a in action.args]
        defs = self.defs
        if kind == CONCEDE:  # 000 III.B.4
            eliminate(s, seat, "conceded", ev)
            return ev
        if kind == "keep" or kind == "mulligan":
            turn.mulligan(s, seat, kind == "mulligan", ev)
        elif kind == "first":
            turn.choose_first(defs, s, args[0], ev)
        elif kind == PASS:
            self._pass(s, seat, ev)
        elif kind == "done":
            s.phase = "reply"  # the opponent's last chance to act this munchkining phase
        elif kind == "loot" or kind == "location" or kind == "ally":
            iid = args[0]
            s.hand[seat].remove(iid)
            s.purse[seat] -= card(defs, s, iid).cost if kind == "ally" else 0
            s.hoard[seat].append(iid)
            ev.append(Event("played", {"seat": seat, "card": iid, "id": card(defs, s, iid).id}))
        elif kind == "squish":
            s.zapped.add(args[0])
            to_discard(defs, s, args[0], ev)
            ev.append(Event("squished", {"card": args[0], "id": card(defs, s, args[0]).id}))
        elif kind == "fight":
            fight.start(defs, s, args[0], args[1], ev)
            s.phase = "fight"
        elif kind == "run":
            fight.run_away(defs, s, ev)
        elif kind == "face":
            assert s.fight is not None
            s.fight.step = "ready"
        elif kind == "commit":
            fight.commit(s, args[0], ev)
        elif kind == "ready":
            fight.reveal(defs, s, ev)
        elif kind == "allot":
            fight.allot(defs, s, args[0], ev)
        elif kind == "order":
            triggers.choose_order(defs, s, args[0], ev)
        elif kind == "recycle":
            amount = s.pending.amount if s.pending is not None else 0
            s.pending = None
            if args[0] and draw(s, seat, amount, ev):
                s.pending = Choice(seat, amount, PENDING_BOTTOM)
            elif s.phase != "over":
                self._after_entry(s, ev)
        elif kind == "target":
            fight.choose_hire_target(s, args[0])
        elif kind == "bottom":
            s.hand[seat].remove(args[0])
            s.deck[seat].insert(0, args[0])
            ev.append(Event("bottomed", {"seat": seat}, {"card": args[0]}, frozenset({seat})))
            left = s.pending.amount - 1 if s.pending is not None else 0
            s.pending = Choice(seat, left, PENDING_BOTTOM) if left > 0 else None
            if s.pending is None:
                self._after_entry(s, ev)
        elif kind == "play":
            self._play(s, seat, args, ev)
        elif kind == "activate" or kind == "flaunt":
            iid, idx, target = args
            a = card(defs, s, iid).abilities[idx]
            s.purse[seat] -= a.cost
            if a.zap:
                s.zapped.add(iid)
            if kind == "flaunt":
                s.flaunted.add(iid)
                ev.append(
                    Event("flaunted", {"seat": seat, "card": iid, "id": card(defs, s, iid).id})
                )
            self._push(s, Entry(seat, iid, idx, target, 0, 0), ev)
        elif kind == "smack":
            s.zapped.add(args[0])
            self._push(s, Entry(seat, args[0], -2, args[1], 0, 0), ev)
        else:
            raise IllegalAction(Reason.UNKNOWN_ACTION, kind=kind)
        return ev

    def _play(self, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
        iid, target, blood = args
        c = card(self.defs, s, iid)
        s.hand[seat].remove(iid)
        s.purse[seat] -= c.cost
        idx, _ = legal.play_ability(c)
        ev.append(
            Event(
                "played", {"seat": seat, "card": iid, "id": c.id, "target": target, "blood": blood}
            )
        )
        if blood:  # 000 IV Give Blood: the optional extra payment is damage
            hurt(self.defs, s, s.heroes[seat], c.give_blood, ev)
            if s.phase == "over":
                s.discard[s.owner[iid]].append(iid)
                return
        self._push(s, Entry(seat, iid, idx, target, blood, 1), ev)

    def _push(self, s: DuelState, entry: Entry, ev: list[Event]) -> None:
        """# 000 II.A.1.a: an ability waits on the stack while both players may answer with
        interrupts; the newest resolves first."""
        if s.phase == "reply":
            s.phase = "main"  # the active player may act again once this resolves
        s.stack.append(entry)
        if s.window is None:
            s.window = ResponseWindow("stack", (s.active, 1 - s.active))
        else:
            s.window.passed.clear()
        ev.append(Event("stacked", {"seat": entry.controller, "card": entry.source}))

    def _pass(self, s: DuelState, seat: int, ev: list[Event]) -> None:
        if s.window is None:  # the opponent passes in "reply": cooldown
            turn.cooldown(self.defs, s, ev)
            return
        s.window.pass_(seat)
        if not s.window.closed:
            return
        if s.stack:
            entry = s.stack.pop()
            self._resolve_entry(s, entry, ev)
            if s.phase == "over" or s.pending:
                return
            self._after_entry(s, ev)
        else:
            self._close_window(s, ev)

    def _after_entry(self, s: DuelState, ev: list[Event]) -> None:
        if s.window is None or s.phase == "over":
            return
        if s.stack or s.window.kind in ("cost", turn.WARMUP):
            s.window.passed.clear()  # everyone may answer again (# 000 II.A.1.a)
        else:
            self._close_window(s, ev)

    def _close_window(self, s: DuelState, ev: list[Event]) -> None:
        assert s.window is not None
        kind = s.window.kind
        s.window = None
        f = s.fight
        if kind == "fight_end" and f is not None:
            fight.finish_end(self.defs, s, ev)  # 000 III.A.2.f.(I).(F).2-4
        elif kind == "hire" and f is not None:
            # 000 III.A.2.f.(I).(C).2: a hired Monster is paid for even if it was squished
            # meanwhile (``after_hire`` then ends the fight)
            fight.after_hire(self.defs, s, ev)
        elif f is not None and f.card < 0:
            fight.end_fight(self.defs, s, ev)  # left before the hire: the gold goes back
        elif kind == "cost" and f is not None:
            fight.check_cheating(self.defs, s, ev)
        elif kind == turn.WARMUP:
            turn.reckon(self.defs, s, s.active, ev)  # 000 III.A.1.c after the unzap window
        elif kind == turn.RECKONING:
            turn.finish_warmup(s, s.active, ev)  # 000 III.A.1.d-e unstash and draw

    def _resolve_entry(self, s: DuelState, entry: Entry, ev: list[Event]) -> None:
        seat, iid, idx, target, _, from_hand = entry
        c = card(self.defs, s, iid)
        ev.append(Event("resolving", {"card": iid, "id": c.id}))
        if idx == -2:  # 000 IV Smack: 1 damage to a Hero or stashed Monster
            if in_play(s, target):
                dealt = hurt(self.defs, s, target, 1, ev)
                suction(self.defs, s, iid, seat, dealt, ev, smack=True)
        elif idx == BLEED_INDEX or (idx >= 0 and c.abilities[idx].when == "reckoning"):
            turn.resolve_reckoning(self.defs, s, entry, ev)  # 000 III.A.1.c
        elif idx >= 0 and not from_hand and c.abilities[idx].when in ("fight_end", "survive"):
            fight.resolve_end_entry(self.defs, s, entry, ev)  # 000 III.A.2.f.(I).(F).1
        elif idx >= 0:
            resolve_effects(self.defs, s, entry, c.abilities[idx], ev)
        if from_hand and s.phase != "over":
            finish_card(self.defs, s, entry, ev)
        elif from_hand:
            s.discard[s.owner[iid]].append(iid)
        else:
            flaunt_over(s, iid, ev)


def factory(data_dir: Path) -> Duel:
    return Duel.from_dir(data_dir / "duel")
