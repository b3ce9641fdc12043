"""The duel's declared moves (``engine/core/moves.py``): every action kind, its arguments by
name in wire order, and the handler that resolves it; and the ability stack those handlers
feed (# 000 II.A.1: abilities wait on the stack while both players may answer).

``Duel._resolve`` looks the kind up here; ``legal.legal_actions`` lists only kinds declared
here (a test checks it over random playouts); renderers read the arguments by name.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import PASS, Event, ResponseWindow
from engine.core.moves import Move
from engine.duel import fight, legal, triggers, turn
from engine.duel.effects import BLEED_INDEX, PENDING_BOTTOM, finish_card, resolve_effects, suction
from engine.duel.state import Choice, DuelState, Entry
from engine.duel.zones import Defs, card, draw, flaunt_over, hurt, in_play, to_discard

Handler = Callable[[Defs, DuelState, int, list[int], list[Event]], None]
SMACK_INDEX = -2  # the ability index of a Smack on the stack (# 000 IV Smack)


# --- the stack -----------------------------------------------------------------------------


def push(s: DuelState, entry: Entry, ev: list[Event]) -> None:
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


def after_entry(defs: Defs, s: DuelState, ev: list[Event]) -> None:
    if s.window is None or s.phase == "over":
        return
    if s.stack or s.window.kind in ("cost", turn.WARMUP):
        s.window.passed.clear()  # everyone may answer again (# 000 II.A.1.a)
    else:
        close_window(defs, s, ev)


def close_window(defs: Defs, s: DuelState, ev: list[Event]) -> None:
    assert s.window is not None
    kind = s.window.kind
    s.window = None
    f = s.fight
    if kind == "fight_end" and f is not None:
        fight.finish_end(defs, s, ev)  # 000 III.A.2.f.(I).(F).2-4
    elif kind == "hire" and f is not None:
        # 000 III.A.2.f.(I).(C).2: a hired Monster is paid for even if it was squished
        # meanwhile (``after_hire`` then ends the fight)
        fight.after_hire(defs, s, ev)
    elif f is not None and f.card is None:
        fight.end_fight(defs, s, ev)  # left before the hire: the gold goes back
    elif kind == "cost" and f is not None:
        fight.check_cheating(defs, s, ev)
    elif kind == turn.WARMUP:
        turn.reckon(defs, s, s.active, ev)  # 000 III.A.1.c after the unzap window
    elif kind == turn.RECKONING:
        turn.finish_warmup(s, s.active, ev)  # 000 III.A.1.d-e unstash and draw


def resolve_entry(defs: Defs, s: DuelState, entry: Entry, ev: list[Event]) -> None:
    seat, iid, idx, target, _, from_hand = entry
    c = card(defs, s, iid)
    ev.append(Event("resolving", {"card": iid, "id": c.id}))
    if idx == SMACK_INDEX:  # 000 IV Smack: 1 damage to a Hero or stashed Monster
        if in_play(s, target):
            dealt = hurt(defs, s, target, 1, ev)
            suction(defs, s, iid, seat, dealt, ev, smack=True)
    elif idx == BLEED_INDEX or (idx >= 0 and c.abilities[idx].when == "reckoning"):
        turn.resolve_reckoning(defs, s, entry, ev)  # 000 III.A.1.c
    elif idx >= 0 and not from_hand and c.abilities[idx].when in ("fight_end", "survive"):
        fight.resolve_end_entry(defs, s, entry, ev)  # 000 III.A.2.f.(I).(F).1
    elif idx >= 0:
        resolve_effects(defs, s, entry, c.abilities[idx], ev)
    if from_hand and s.phase != "over":
        finish_card(defs, s, entry, ev)
    elif from_hand:
        s.discard[s.owner[iid]].append(iid)
    else:
        flaunt_over(s, iid, ev)


# --- handlers, one per kind ----------------------------------------------------------------


def _keep(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    turn.mulligan(s, seat, False, ev)


def _mulligan(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    turn.mulligan(s, seat, True, ev)


def _first(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    turn.choose_first(defs, s, args[0], ev)


def _pass(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    if s.window is None:  # the opponent passes in "reply": cooldown
        turn.cooldown(defs, s, ev)
        return
    s.window.pass_(seat)
    if not s.window.closed:
        return
    if s.stack:
        entry = s.stack.pop()
        resolve_entry(defs, s, entry, ev)
        if s.phase == "over" or s.pending:
            return
        after_entry(defs, s, ev)
    else:
        close_window(defs, s, ev)


def _done(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    s.phase = "reply"  # the opponent's last chance to act this munchkining phase


def _into_play(defs: Defs, s: DuelState, seat: int, iid: int, cost: int, ev: list[Event]) -> None:
    s.hand[seat].remove(iid)
    s.purse[seat] -= cost
    s.hoard[seat].append(iid)
    ev.append(Event("played", {"seat": seat, "card": iid, "id": card(defs, s, iid).id}))


def _loot(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    _into_play(defs, s, seat, args[0], 0, ev)


def _ally(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    _into_play(defs, s, seat, args[0], card(defs, s, args[0]).cost, ev)  # an Ally costs gold


def _squish(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    s.zapped.add(args[0])
    to_discard(defs, s, args[0], ev)
    ev.append(Event("squished", {"card": args[0], "id": card(defs, s, args[0]).id}))


def _fight(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    fight.start(defs, s, args[0], args[1], ev)
    s.phase = "fight"


def _run(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    fight.run_away(defs, s, ev)


def _face(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    assert s.fight is not None
    s.fight.step = "ready"


def _commit(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    fight.commit(s, args[0], ev)


def _ready(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    fight.reveal(defs, s, ev)


def _allot(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    fight.allot(defs, s, args[0], ev)


def _order(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    triggers.choose_order(defs, s, args[0], ev)


def _recycle(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    amount = s.pending.amount if s.pending is not None else 0
    s.pending = None
    if args[0] and draw(s, seat, amount, ev):
        s.pending = Choice(seat, amount, PENDING_BOTTOM)
    elif s.phase != "over":
        after_entry(defs, s, ev)


def _target(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    fight.choose_hire_target(s, args[0])


def _bottom(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    s.hand[seat].remove(args[0])
    s.deck[seat].insert(0, args[0])
    ev.append(Event("bottomed", {"seat": seat}, {"card": args[0]}, frozenset({seat})))
    left = s.pending.amount - 1 if s.pending is not None else 0
    s.pending = Choice(seat, left, PENDING_BOTTOM) if left > 0 else None
    if s.pending is None:
        after_entry(defs, s, ev)


def _play(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    iid, target, blood = args
    c = card(defs, s, iid)
    s.hand[seat].remove(iid)
    s.purse[seat] -= c.cost
    idx, _ = legal.play_ability(c)
    ev.append(
        Event("played", {"seat": seat, "card": iid, "id": c.id, "target": target, "blood": blood})
    )
    if blood:  # 000 IV Give Blood: the optional extra payment is damage
        hurt(defs, s, s.heroes[seat], c.give_blood, ev)
        if s.phase == "over":
            s.discard[s.owner[iid]].append(iid)
            return
    push(s, Entry(seat, iid, idx, target, blood, 1), ev)


def _use(
    defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event], flaunt: bool
) -> None:
    """An ability of a card in play, or flaunted from the hand (# 000 IV Flaunt): its cost is
    paid and it waits on the stack."""
    iid, idx, target = args
    c = card(defs, s, iid)
    s.purse[seat] -= c.abilities[idx].cost
    if c.abilities[idx].zap:
        s.zapped.add(iid)
    if flaunt:
        s.flaunted.add(iid)
        ev.append(Event("flaunted", {"seat": seat, "card": iid, "id": c.id}))
    push(s, Entry(seat, iid, idx, target, 0, 0), ev)


def _activate(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    _use(defs, s, seat, args, ev, flaunt=False)


def _flaunt(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    _use(defs, s, seat, args, ev, flaunt=True)


def _smack(defs: Defs, s: DuelState, seat: int, args: list[int], ev: list[Event]) -> None:
    s.zapped.add(args[0])
    push(s, Entry(seat, args[0], SMACK_INDEX, args[1], 0, 0), ev)


# Argument names: ``card`` is a card instance (iid); ``target`` an instance or -1 for none;
# ``ability`` an index into the card's abilities; ``blood`` 1 to pay with Give Blood.
MOVES: dict[str, Move[Handler]] = {
    "keep": Move((), resolve=_keep),  # 000 II.B.8: keep the opening hand
    "mulligan": Move((), resolve=_mulligan),
    "first": Move(("seat",), resolve=_first),  # the roll's winner names who goes first
    PASS: Move((), resolve=_pass),
    "done": Move((), resolve=_done),
    "loot": Move(("card",), resolve=_loot),
    "location": Move(("card",), resolve=_loot),  # into play like a Loot, for nothing
    "ally": Move(("card",), resolve=_ally),
    "squish": Move(("card",), resolve=_squish),
    "fight": Move(("card", "gold"), resolve=_fight),
    "run": Move((), resolve=_run),
    "face": Move((), resolve=_face),
    "commit": Move(("card",), resolve=_commit),
    "ready": Move((), resolve=_ready),
    "allot": Move(("card",), resolve=_allot),  # the Ally that takes the next damage token
    "order": Move(("code",), resolve=_order),  # a trigger code (triggers.py)
    "recycle": Move(("draw",), resolve=_recycle),  # 1: draw and put back, 0: not
    "target": Move(("card",), resolve=_target),
    "bottom": Move(("card",), resolve=_bottom),
    "play": Move(("card", "target", "blood"), resolve=_play),
    "activate": Move(("card", "ability", "target"), resolve=_activate),
    "flaunt": Move(("card", "ability", "target"), resolve=_flaunt),
    "smack": Move(("card", "target"), resolve=_smack),
}
