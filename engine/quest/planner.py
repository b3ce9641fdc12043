"""The heuristic seat: plans paths, prices fights with the dice odds, asks for help with a
fair offer, searches when it pays, heads for the Entrance at Level 10 (issue 16). It reads
only what its seat may see: the public board and its own hand."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from engine.core import Action, Rng
from engine.quest import combat, trade
from engine.quest.board import step_cell
from engine.quest.content import DIRS, Content
from engine.quest.dice import D10, ROLES
from engine.quest.monsters import ignores, owner
from engine.quest.running import DODGE
from engine.quest.state import Cell, Fight, QuestState
from engine.quest.stats import (
    has,
    icon_dice,
    link_cost,
    max_health,
    move,
    move_left,
    power_works,
    run_mod,
)

if TYPE_CHECKING:
    from engine.quest.game import Quest

DIE = 3.5


def _dist(n: int) -> list[float]:
    """The distribution of the sum of n six-sided dice (index = total)."""
    out = [1.0]
    for _ in range(n):
        nxt = [0.0] * (len(out) + 6)
        for total, p in enumerate(out):
            for face in range(1, 7):
                nxt[total + face] += p / 6
        out = nxt
    return out


DISTS = [_dist(n) for n in range(9)]


def p_beat(mine: int, my_dice: int, theirs: int, their_dice: int, ties_win: bool = False) -> float:
    """The chance that mine + our dice beats theirs + their dice (R97, R102, R104)."""
    a = DISTS[max(0, min(8, my_dice))]
    b = DISTS[max(0, min(8, their_dice))]
    win = 0.0
    for x, px in enumerate(a):
        if px == 0.0:
            continue
        for y, py in enumerate(b):
            diff = mine + x - theirs - y
            if diff > 0 or (ties_win and diff == 0):
                win += px * py
    return win


def fight_odds(s: QuestState, c: Content, f: Fight) -> float:
    mine = combat.side_total(s, c, f)
    my_dice = sum(
        max(0, icon_dice(s, c, k, f.cell) + (f.extra_dice[0] if k == f.main else 0))
        for k in combat.fighters(f)
    )
    theirs = combat.monsters_total(s, c, f)
    their_dice = sum(combat.monster_dice(s, c, f, s.mon(x)) for x in f.mons)
    return p_beat(mine, my_dice, theirs, their_dice, f.warrior)


def explore_odds(s: QuestState, c: Content, seat: int, boss: bool = False) -> float:
    """Our chance against a monster drawn blind from the Monster cards (their list is public),
    with the one-shots we hold thrown in."""
    shots = sum(
        c.treasure(i).amount
        for i in [*s.hand[seat], *(x for x, z in s.gear[seat].items() if z == "belt")]
        if c.deck_of[i] == "T" and c.treasure(i).op == "bonus"
    )
    mine = max(1, s.level[seat]) + combat.gear_bonus(s, c, None, seat) + shots
    dice = max(0, icon_dice(s, c, seat, s.pos[seat]))
    total = 0.0
    for m in c.monsters:
        if boss:
            level = 20
        else:
            lv = m.ignores
            if (lv.level_at_least and s.level[seat] >= lv.level_at_least) or (
                lv.level_at_most and s.level[seat] <= lv.level_at_most
            ):
                total += 1.0
                continue
            level = m.level
        bonus = sum(b.amount for b in m.bonuses if has(s, c, seat, b.vs))
        total += p_beat(mine, dice, level + bonus, m.dice)
    return total / len(c.monsters)


def _kinds(legal: list[Action]) -> dict[str, list[Action]]:
    out: dict[str, list[Action]] = {}
    for a in legal:
        out.setdefault(a.kind, []).append(a)
    return out


def expected_margin(s: QuestState, c: Content, f: Fight) -> float:
    """Our side minus theirs with every die at its average (R97, R102)."""
    mine = combat.side_total(s, c, f) + sum(
        DIE * max(0, icon_dice(s, c, k, f.cell) + (f.extra_dice[0] if k == f.main else 0))
        for k in combat.fighters(f)
    )
    theirs = combat.monsters_total(s, c, f) + sum(
        DIE * combat.monster_dice(s, c, f, s.mon(x)) for x in f.mons
    )
    if f.warrior:
        mine += 0.5
    return mine - theirs


def plan(game: Quest, s: QuestState, seat: int, legal: list[Action], rng: Rng) -> Action:
    c = game.content
    by = _kinds(legal)
    if len(legal) == 1:
        return legal[0]
    if s.phase == "prep":
        return _first(by, "play") or by["ready"][0]
    if s.window is not None:
        return _die_window(s, c, seat, by)
    if s.pending and s.pending[-1].seat == seat:
        return _pending(s, c, seat, by, legal)
    f = s.fight
    if f is not None:
        if f.stage == "open" and f.main == seat:
            return _fight(s, c, f, seat, by)
        return _window(s, c, f, seat, by)
    return _move(s, c, seat, by)


def plan_free(
    game: Quest, s: QuestState, seat: int, legal: list[Action], rng: Rng
) -> Action | None:
    """Off-turn: make a rival's fight harder when he could win it and is ahead of us."""
    c = game.content
    f = s.fight
    if f is None or f.stage != "open" or seat in combat.fighters(f):
        return None
    rival = max(s.level[k] for k in combat.fighters(f))
    if rival < s.level[seat] + 1 and not f.boss:
        return None
    if expected_margin(s, c, f) <= 0:
        return None
    for a in legal:
        if a.kind == "enhance" and c.dxm_card(int(a.args[0])).amount > 0:
            return a
    if f.boss or rival >= 9:
        for a in legal:
            if a.kind in ("wander", "oneshot") and (a.kind == "wander" or a.args[1] == 1):
                return a
    return None


def _first(by: dict[str, list[Action]], kind: str) -> Action | None:
    found = by.get(kind)
    return found[0] if found else None


def _pending(
    s: QuestState, c: Content, seat: int, by: dict[str, list[Action]], legal: list[Action]
) -> Action:
    p = s.pending[-1]
    if p.kind == "explore_dxm":
        return by["take"][0]
    if p.kind == "summon":
        strong = s.level[seat] < 10 and s.hits[seat] + 1 < max_health(s, c, seat)
        strong = strong and explore_odds(s, c, seat) >= 0.75
        return by["summon" if strong else "no_summon"][0]
    if p.kind == "base":
        others = [a for a in by["base"] if int(a.args[0]) != seat]
        pool = others or by["base"]
        return max(pool, key=lambda a: s.level[int(a.args[0])])
    if p.kind == "help":
        f = s.fight
        if f is None:
            return by["decline"][0]
        trial = f.copy()
        trial.helper = seat
        s2 = s.clone()
        s2.fight = trial
        s2.pos[seat] = f.cell
        odds = fight_odds(s2, c, trial)
        spare = max_health(s, c, seat) - s.hits[seat] - len(f.mons)  # Health left after a loss
        keen = odds >= (0.8 if f.boss else 0.7) and spare >= 2
        paid = p.data[0] > 0 or (len(p.data) > 1 and (p.data[1] > 0 or p.data[2] >= 0))
        keen = keen and (paid or s.level[seat] < s.level[f.main] or f.boss)
        return by["accept" if keen else "decline"][0]
    if p.kind == "ring":
        return by["cancel"][0]
    if p.kind == "ward":  # shield ourselves, or a munchkin not ahead of us
        target = p.data[2]
        mine = target == seat or s.level[target] <= s.level[seat]
        return by["ward" if mine else "no_ward"][0]
    if p.kind == "snatch_pick":  # the monster takes the victim's best item
        return max(by["snatch"], key=lambda a: (c.treasure(int(a.args[0])).bonus, a.args[0]))
    if p.kind == "lose_pick":  # the least valuable item goes (R144)
        return min(by["lose"], key=lambda a: (c.treasure(int(a.args[0])).value, a.args[0]))
    if p.kind == "terms":
        return by["withdraw"][0]  # this seat never opens terms; answers them below
    if p.kind == "offer":
        return by["accept_trade" if _fair_trade(s, c, seat) else "refuse_trade"][0]
    if p.kind == "charity":

        def worth(a: Action) -> int:
            card = int(a.args[0])
            return c.treasure(card).value if c.deck_of[card] == "T" else 250

        gives = by.get("charity_give") or by.get("charity_discard") or legal
        return min(gives, key=worth)
    if p.kind == "flee_to":
        if "flee_to" in by:
            return max(
                by["flee_to"],
                key=lambda a: _room_score(s, c, seat, (int(a.args[0]), int(a.args[1]))),
            )
        return _first(by, "escape") or legal[0]
    if p.kind == "flee":
        use = _first(by, "use")
        if use is not None:
            return use
        focus = by.get("focus")
        if focus and len(s.hand[seat]) > 2:
            return focus[0]
        return by["flee"][0]
    return legal[0]


def _strength(s: QuestState, c: Content, seat: int) -> tuple[int, int, int]:
    return (combat.gear_bonus(s, c, None, seat), move(s, c, seat), max_health(s, c, seat))


def _fair_trade(s: QuestState, c: Content, seat: int) -> bool:
    """Yes when we lose nothing we fight, walk or live with and gain at least the face value
    we give (R152); never when it makes a munchkin close to winning stronger."""
    proposer, give, get, gold = s.pending[-1].data
    trial = s.clone()
    trade.accept(trial, c, seat, [])
    before, after = _strength(s, c, seat), _strength(trial, c, seat)
    if any(a < b for a, b in zip(after, before, strict=True)):
        return False
    if s.level[proposer] >= 8 and _strength(trial, c, proposer) > _strength(s, c, proposer):
        return False
    worth_in = (c.treasure(give).value if give >= 0 else 0) + gold
    worth_out = c.treasure(get).value if get >= 0 else 0
    return worth_in >= worth_out or after > before


def _die_window(s: QuestState, c: Content, seat: int, by: dict[str, list[Action]]) -> Action:
    """Save our own run with a 6; spoil the run of a munchkin ahead of us with a 1."""
    w = s.window
    assert w is not None
    if w.what in D10 and "set_die" in by:  # save our power with a 1, spoil a leader's with 10
        role = {"pickpocket": "thief", "ward": "cleric"}.get(w.what) or ROLES[w.ctx[0]]
        works = power_works(s, c, w.seat, role, w.faces[0])
        want = 1 if w.seat == seat and not works else 0
        if w.seat != seat and works and s.level[w.seat] > s.level[seat]:
            want = 10
        if want and power_works(s, c, w.seat, role, want) != works:
            for a in by["set_die"]:
                if int(a.args[2]) == want:
                    return a
    if w.what == "flee" and "set_die" in by:
        dodged = w.faces[0] + run_mod(s, c, w.seat) >= DODGE
        want = 6 if w.seat == seat and not dodged else 0
        if w.seat != seat and dodged and s.level[w.seat] > s.level[seat]:
            want = 1
        for a in by["set_die"]:
            if want and int(a.args[2]) == want:
                return a
    return by["pass"][0]


def _room_score(s: QuestState, c: Content, seat: int, cell: Cell) -> float:
    danger = sum(1 for m in s.mons_at(cell) if not ignores(s, c, m, seat))
    score = -10.0 * danger
    if s.level[seat] >= 10:
        score -= abs(cell[0]) + abs(cell[1])
    return score


def _fight(s: QuestState, c: Content, f: Fight, seat: int, by: dict[str, list[Action]]) -> Action:
    margin = expected_margin(s, c, f)
    odds = fight_odds(s, c, f)
    if odds >= (0.8 if f.boss else 0.7):
        return by["roll"][0]
    for kind in ("power",):
        for a in by.get(kind, []):
            return a
    for a in by.get("oneshot", []):
        if a.args[1] == 0:
            return a
    for kind in ("shrink", "extra_die"):
        if kind in by:
            return by[kind][0]
    for a in by.get("rage", []):
        card = int(a.args[0])
        if c.deck_of[card] == "D" and c.dxm_card(card).kind in ("curse", "enhancer", "wander"):
            return a
    if "escape" in by and odds < 0.25:
        return by["escape"][0]
    asks = by.get("ask", [])
    if asks:
        bribe = 1 if margin > -6 else 2
        chosen = [a for a in asks if a.args[1] == bribe]
        return max(chosen or asks, key=lambda a: s.level[int(a.args[0])])
    if "repel" in by and odds < 0.4:
        return by["repel"][0]
    if "escape" in by and odds < 0.4:
        return by["escape"][0]
    return by["roll"][0]


def _window(s: QuestState, c: Content, f: Fight, seat: int, by: dict[str, list[Action]]) -> Action:
    mine = seat in combat.fighters(f)
    if f.stage == "after":
        ahead = combat.munchkins_win(s, c, f)
        if mine and not ahead:
            for a in by.get("power", []):
                return a
            best = _best_die(s, c, f, by.get("set_die", []), want=0)
            if best is not None:
                return best
        if not mine and ahead and max(s.level[k] for k in combat.fighters(f)) >= s.level[seat]:
            best = _best_die(s, c, f, by.get("set_die", []), want=1)
            if best is not None:
                return best
    return by["pass"][0]


def _best_die(
    s: QuestState, c: Content, f: Fight, options: list[Action], want: int
) -> Action | None:
    """A die change that turns the result toward ``want`` (0 = munchkins win)."""
    for a in options:
        i, face = int(a.args[1]), int(a.args[2])
        trial = f.copy()
        trial.dice[i][1] = face
        if combat.munchkins_win(s, c, trial) == (want == 0):
            return a
    return None


def _path(s: QuestState, c: Content, seat: int, goal: Cell) -> str | None:
    """The first step of the cheapest way to ``goal`` over explored rooms (Dijkstra-lite:
    BFS on Move cost, ignoring rooms with monsters that would fight us)."""
    start = s.pos[seat]
    if start == goal:
        return None
    seen = {start}
    queue: deque[tuple[Cell, str]] = deque()
    for d in DIRS:
        n = step_cell(start, d)
        if n in s.rooms and link_cost(s, c, seat, start, d) is not None:
            queue.append((n, d))
            seen.add(n)
    while queue:
        cell, first = queue.popleft()
        if cell == goal:
            return first
        if cell != goal and not _safe(s, c, seat, cell):
            continue  # never route through a fight we would likely lose
        for d in DIRS:
            n = step_cell(cell, d)
            if n in s.rooms and n not in seen and link_cost(s, c, seat, cell, d) is not None:
                seen.add(n)
                queue.append((n, first))
    return None


def _safe(s: QuestState, c: Content, seat: int, cell: Cell) -> bool:
    if cell == (0, 0) and s.level[seat] >= 10:
        return False  # stepping into the Entrance at Level 10 calls up the Boss (R121)
    return all(ignores(s, c, m, seat) for m in s.mons_at(cell)) or _beatable(s, c, seat, cell)


def _beatable(s: QuestState, c: Content, seat: int, cell: Cell) -> bool:
    mons = [m for m in s.mons_at(cell) if not ignores(s, c, m, seat)]
    if not mons:
        return True
    trial = Fight(seat, cell, [m.serial for m in mons])
    s2 = s.clone()
    s2.pos[seat] = cell
    s2.fight = trial
    return fight_odds(s2, c, trial) >= 0.7


def _move(s: QuestState, c: Content, seat: int, by: dict[str, list[Action]]) -> Action:
    hurt = s.hits[seat]
    top = max_health(s, c, seat)
    for a in by.get("play", []):
        return a
    for a in by.get("arrange", []):
        if s.gear[seat].get(int(a.args[0])) == "pack":
            return a
    for a in by.get("levelup", []):
        if int(a.args[1]) == seat:
            return a
    if hurt and "use" in by:
        return by["use"][0]
    heals = [a for a in by.get("deal", []) if _heals(s, c, seat, a)]
    if hurt and heals:
        return heals[0]
    if hurt >= 2 and "heal_level" in by and s.level[seat] < 9:
        return by["heal_level"][0]
    for a in by.get("buy_level", []):
        item = int(a.args[0])
        if item < 0 or item in s.hand[seat]:
            return a
    if "pick_up" in by:
        return by["pick_up"][0]
    # At Level 10 waiting is what kills (mobs gather, R85): go for the Boss at once unless a
    # lost Boss fight (a hit, then a run, R124) could kill us.
    healthy = max_health(s, c, seat) - s.hits[seat] >= 3
    if s.level[seat] >= 10 and healthy:
        step = _path(s, c, seat, (0, 0))
        go = [a for a in by.get("go", []) if step is not None and a.args[0] == step]
        if go:
            target = step_cell(s.pos[seat], str(step))
            if target == (0, 0) or _safe(s, c, seat, target):
                return go[0]
        return by["end_turn"][0]
    if hurt >= 2 or (hurt and top <= 4):
        return _home(s, c, seat, by)
    if s.level[seat] >= 10 and s.pos[seat] == (0, 0):
        near = [a for a in by.get("go", []) if step_cell(s.pos[seat], str(a.args[0])) in s.rooms]
        safe = [a for a in near if not s.mons_at(step_cell(s.pos[seat], str(a.args[0])))]
        if safe:
            return safe[0]
    if "search" in by and _search_worth(s, c, seat):
        return by["search"][0]
    here = s.pos[seat]
    need = 0.7 if s.level[seat] < 8 else 0.8
    ready = explore_odds(s, c, seat) >= need and s.level[seat] < 10 and _boss_ripe(s, c, seat)
    options = []
    for a in by.get("go", []):
        d = str(a.args[0])
        n = step_cell(here, d)
        cost = link_cost(s, c, seat, here, d) or 99
        if cost > move_left(s, c, seat) and s.spent[seat] > 0:
            continue
        if n not in s.rooms:
            if ready:
                options.append((3 - cost, a))
        elif any(not ignores(s, c, m, seat) for m in s.mons_at(n)):
            if s.level[seat] < 10 and _beatable(s, c, seat, n):
                options.append((4 - cost, a))
        elif n not in s.searched and _search_value(s, c, n) >= 0 and cost < move_left(s, c, seat):
            options.append((1 - cost, a))
    if options:
        return max(options, key=lambda t: t[0])[1]
    prey = [
        m.cell
        for m in s.mons
        if s.level[seat] < 10 and not m.boss and _beatable(s, c, seat, m.cell)
    ]
    if not _boss_ripe(s, c, seat):
        prey = []
    if prey and move_left(s, c, seat) >= 1:
        step = _path(s, c, seat, min(prey, key=lambda p: abs(p[0] - here[0]) + abs(p[1] - here[1])))
        for a in by.get("go", []):
            if a.args[0] == step and _safe(s, c, seat, step_cell(here, str(step))):
                return a
    if ready and move_left(s, c, seat) >= 1 and by.get("go"):
        frontier = _frontier_step(s, c, seat)
        if frontier is not None:
            for a in by["go"]:
                if a.args[0] == frontier and step_cell(here, frontier) in s.rooms:
                    n = step_cell(here, frontier)
                    if _safe(s, c, seat, n):
                        return a
    return _home(s, c, seat, by)


def _home(s: QuestState, c: Content, seat: int, by: dict[str, list[Action]]) -> Action:
    """Rest where no monster may stop: the Entrance's sunlight (R2, R78), except at Level 10
    when it would call up the Boss."""
    if s.level[seat] < 10 and move_left(s, c, seat) >= 1:
        step = _path(s, c, seat, (0, 0))
        for a in by.get("go", []):
            if a.args[0] == step and _safe(s, c, seat, step_cell(s.pos[seat], str(step))):
                return a
    return by["end_turn"][0]


def _search_value(s: QuestState, c: Content, cell: Cell) -> int:
    icon = c.rooms[s.rooms[cell]].search
    if not isinstance(icon, int) or s.tokens.get(cell) or s.mons_at(cell):
        return -9
    return icon


def _searchable_near(s: QuestState, c: Content, seat: int) -> bool:
    return any(_search_value(s, c, cell) >= 0 for cell in s.rooms)


def _boss_ripe(s: QuestState, c: Content, seat: int) -> bool:
    """At Level 9 the next kill makes us face the Boss at once: take it only when ready."""
    return s.level[seat] < 9 or explore_odds(s, c, seat, boss=True) >= BOSS_ODDS or s.turn_no > 300


BOSS_ODDS = 0.45


def _heals(s: QuestState, c: Content, seat: int, a: Action) -> bool:
    deal = c.rooms[s.rooms[s.pos[seat]]].deals[int(a.args[0])]
    return any(g.op == "heal" for g in deal.get)


def _search_worth(s: QuestState, c: Content, seat: int) -> bool:
    icon = c.rooms[s.rooms[s.pos[seat]]].search
    bonus = icon if isinstance(icon, int) else -9
    dice = icon_dice(s, c, seat, s.pos[seat])
    return dice >= 1 and bonus >= 0 and s.tokens.get(s.pos[seat]) is None


def _frontier_step(s: QuestState, c: Content, seat: int) -> str | None:
    """A step toward the nearest room with an edge open to the dark."""
    best = None
    for cell in s.rooms:
        if any(step_cell(cell, d) not in s.rooms for d in DIRS) and cell != s.pos[seat]:
            dist = abs(cell[0] - s.pos[seat][0]) + abs(cell[1] - s.pos[seat][1])
            if best is None or dist < best[0]:
                best = (dist, cell)
    if best is None:
        return None
    return _path(s, c, seat, best[1])


def monster_owner(s: QuestState, serial: int) -> int:
    return owner(s, s.mon(serial))
