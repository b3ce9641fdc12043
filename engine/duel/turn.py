"""Setup (# 000 II.B) and the turn's automatic parts: warmup (# 000 III.A.1) and cooldown
(# 000 III.A.3)."""

from __future__ import annotations

from engine.core import Event, ResponseWindow
from engine.duel.effects import (
    BLEED,
    PENDING_ORDER,
    TRIGGER_BASE,
    resolve_effects,
    trigger_entry,
    triggers_ready,
)
from engine.duel.hooks import HOOKS
from engine.duel.state import Choice, DuelState, Entry
from engine.duel.zones import Defs, card, draw, hurt, leave_play, stuck_bonus

HAND_SIZE = 6
MAX_LEVEL = 10
# The response windows of the warmup (# 000 III.A.1.b-c): ``warmup`` right after unzapping,
# when anything may be played while nothing resolves; ``reckoning`` while the reckoning
# step's abilities wait on the stack, answerable by interrupts.
WARMUP = "warmup"
RECKONING = "reckoning"


def deal(s: DuelState, ev: list[Event]) -> None:
    """# 000 II.B.8: shuffle, draw six."""
    for seat in (0, 1):
        s.rng.shuffle(s.deck[seat])
        draw(s, seat, HAND_SIZE, ev)


def mulligan(s: DuelState, seat: int, take: bool, ev: list[Event]) -> None:
    """# 000 II.B.8.a: at most once, the whole hand back, a new six, kept."""
    s.mulligan[seat] = 1 if take else 0
    ev.append(Event("mulligan" if take else "kept", {"seat": seat}))
    if take:
        s.deck[seat].extend(s.hand[seat])
        s.hand[seat].clear()
        s.rng.shuffle(s.deck[seat])
        draw(s, seat, HAND_SIZE, ev)
    if min(s.mulligan) >= 0:
        roll_for_first(s, ev)


def roll_for_first(s: DuelState, ev: list[Event]) -> None:
    """# 000 II.B.9: both roll; ties roll again; the high roller chooses who starts."""
    while True:
        a, b = roll(s), roll(s)
        ev.append(Event("rolled", {"rolls": [a, b]}))
        if a != b:
            break
    s.chooser = 0 if a > b else 1
    s.phase = "first"


def roll(s: DuelState) -> int:
    """A die: the next stacked result if a scenario stacked one, else the RNG."""
    return s.dice.pop(0) if s.dice else s.rng.roll(6)


def choose_first(defs: Defs, s: DuelState, first: int, ev: list[Event]) -> None:
    """# 000 II.B.9.a-b: first player 1 gold, second player 2 gold."""
    s.purse[first] = 1
    s.purse[1 - first] = 2
    ev.append(Event("first_player", {"seat": first}))
    start_turn(defs, s, first, ev)


def start_turn(defs: Defs, s: DuelState, seat: int, ev: list[Event]) -> None:
    """# 000 III.A.1 warmup: flip, unzap, reckoning, unstash, draw."""
    s.active = seat
    s.turn += 1
    ev.append(Event("turn", {"seat": seat, "turn": s.turn}))
    s.limp[seat] = False  # 000 III.A.1.a Flip
    mine = [s.heroes[seat], *s.hoard[seat], *s.stash[seat]]
    s.zapped.difference_update(mine)  # 000 III.A.1.b Unzap
    s.phase = "warmup"
    # 000 III.A.1.b: from now on either player may play Mischief and activate abilities, so
    # both get the chance every turn, whatever they hold: a Pass for everyone reveals nothing.
    s.window = ResponseWindow(WARMUP, (seat, 1 - seat))


def reckon(defs: Defs, s: DuelState, seat: int, ev: list[Event]) -> None:
    """# 000 III.A.1.c: the reckoning step's abilities go on the stack (several in the active
    player's order, targets picked by their controller) and both players may answer them with
    interrupts (# 000 II.A.1.a) in the ``reckoning`` window; with none, the warmup goes on."""
    codes = reckoning_triggers(defs, s, seat)
    if not codes:
        finish_warmup(s, seat, ev)
        return
    s.stack.extend(reversed([trigger_entry(defs, s, seat, code) for code in codes]))
    if len(codes) > 1:
        s.pending = Choice(seat, len(codes), PENDING_ORDER, tuple(codes))
        return
    triggers_ready(s)


def _to_order(defs: Defs, s: DuelState, seat: int, codes: list[int], ev: list[Event]) -> bool:
    """Resolve one trigger at once; several wait for the active player's order (# 000 II.A.2,
    ``engine/duel/triggers.py``), and then ``True`` says the step goes on from there."""
    if len(codes) > 1:
        s.pending = Choice(seat, len(codes), PENDING_ORDER, tuple(codes))
        return True
    for code in codes:
        resolve_trigger(defs, s, seat, code, ev)
    return False


def finish_warmup(s: DuelState, seat: int, ev: list[Event]) -> None:
    if s.phase == "over":
        return
    unstash(s, seat, ev)
    if draw(s, seat, 1, ev):  # 000 III.A.1.e Draw
        s.phase = "main"


def reckoning_triggers(defs: Defs, s: DuelState, seat: int) -> list[int]:
    """# 000 III.A.1.c: what happens in the reckoning step, as codes: ``BLEED`` for Bleeding
    (# 000 IV), else ``iid * 16 + ability index``."""
    hero = s.heroes[seat]
    codes = []
    if s.bleed[seat] + stuck_bonus(defs, s, hero, "bleeding") > 0:
        codes.append(BLEED)
    return codes + own_triggers(defs, s, seat, "reckoning")


def own_triggers(defs: Defs, s: DuelState, seat: int, when: str) -> list[int]:
    """Abilities of the seat's Hero and hoard that happen at ``when``."""
    codes = []
    for iid in [s.heroes[seat], *s.hoard[seat]]:
        for i, a in enumerate(card(defs, s, iid).abilities):
            if a.when == when:
                codes.append(iid * TRIGGER_BASE + i)
    return codes


def resolve_trigger(defs: Defs, s: DuelState, seat: int, code: int, ev: list[Event]) -> None:
    """A cooldown or level-up ability, resolved at once."""
    iid, i = divmod(code, TRIGGER_BASE)
    resolve_reckoning(defs, s, Entry(seat, iid, i, -1, 0, 0), ev)


def resolve_reckoning(defs: Defs, s: DuelState, entry: Entry, ev: list[Event]) -> None:
    """A reckoning entry leaving the stack: Bleeding (# 000 IV: the Hero takes X, the bleed
    effects counted as it resolves) or a card's ability, then its hook."""
    if s.phase == "over":
        return
    seat, iid, i = entry.controller, entry.source, entry.ability
    if i < 0:
        hero = s.heroes[seat]
        bleeding = s.bleed[seat] + stuck_bonus(defs, s, hero, "bleeding")
        s.bleed[seat] = 0
        if bleeding > 0:
            ev.append(Event("bled", {"seat": seat, "amount": bleeding}))
            hurt(defs, s, hero, bleeding, ev)
        return
    c = card(defs, s, iid)
    resolve_effects(defs, s, entry, c.abilities[i], ev)
    if c.hook and c.abilities[i].when == "reckoning" and s.phase != "over":
        HOOKS[c.hook](defs, s, seat, iid, ev)


def unstash(s: DuelState, seat: int, ev: list[Event]) -> None:
    """# 000 III.A.1.d: one action; tokens and Curses go, everything comes back to hand."""
    cards = list(s.stash[seat])
    for iid in cards:
        leave_play(s, iid, ev)
    s.stash[seat].clear()
    s.hand[seat].extend(cards)
    if cards:
        ev.append(Event("unstashed", {"seat": seat, "count": len(cards)}))


def cooldown(defs: Defs, s: DuelState, ev: list[Event]) -> None:
    """# 000 III.A.3: "this turn" effects end and cooldown abilities happen (in the active
    player's order); then level, gold and the next turn."""
    seat = s.active
    s.phase = "cooldown"
    s.shield = [0, 0]
    s.cheated = [False, False]
    s.flaunted.clear()
    if not _to_order(defs, s, seat, own_triggers(defs, s, seat, "cooldown"), ev):
        level_step(defs, s, seat, ev)


def level_step(defs: Defs, s: DuelState, seat: int, ev: list[Event]) -> None:
    """# 000 III.A.3.a: up one level, never past 10; level-up abilities only when it rose."""
    if s.phase == "over":
        return
    s.phase = "level"
    rose = s.level[seat] < MAX_LEVEL
    if rose:
        s.level[seat] += 1
    codes = own_triggers(defs, s, seat, "level_up") if rose else []
    if not _to_order(defs, s, seat, codes, ev):
        gold_step(defs, s, seat, ev)


def gold_step(defs: Defs, s: DuelState, seat: int, ev: list[Event]) -> None:
    """# 000 III.A.3.b-c: gold topped up to the level (excess kept), then the turn ends."""
    if s.phase == "over":
        return
    if s.purse[seat] < s.level[seat]:
        s.purse[seat] = s.level[seat]
    ev.append(Event("cooldown", {"seat": seat, "level": s.level[seat], "purse": s.purse[seat]}))
    start_turn(defs, s, 1 - seat, ev)
