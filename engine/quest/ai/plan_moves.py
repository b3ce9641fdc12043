"""The heuristic seat's own turn outside fights: its chores (gear, levels, heals), then a goal
walked to over the cheapest explored way (``plan_paths``): a monster it beats with the dice
odds, a room worth searching, the nearest edge open to the dark, and at Level 10 the Boss in
the Entrance (R121). It rests in the sunlit Entrance when hurt or idle (no monster stops there,
R2, R78), so against careless seats it takes only the fights it likely wins. But a table of AI
seats always moves on: when the dungeon has grown by less than a room every few rounds, a
healthy seat explores whatever its odds (somebody must lay the rooms, R46), a hurt one heals
by a level or by dying on purpose (R128, R138), a Level 9 one stops waiting for Boss-worthy
gear, and once the tiles are gone it summons monsters in empty rooms (R53)."""

from __future__ import annotations

from engine.core import Action
from engine.quest.action_args import SHAPES, arg, cell, text
from engine.quest.ai.odds import explore_odds
from engine.quest.ai.plan_choices import Choices
from engine.quest.ai.plan_paths import (
    ENTRANCE,
    Route,
    beatable,
    explore_sides,
    hostile,
    nearest,
)
from engine.quest.board import step_cell
from engine.quest.content import Content
from engine.quest.rules.items import target_zone
from engine.quest.state import QuestState
from engine.quest.stats import icon_dice, max_health, move, move_left, room

EXPLORE_ODDS = 0.7  # below Level 8 (0.8 from there): explore on these odds at any time
BOSS_ODDS = 0.45  # at Level 9, win the level that calls the Boss only on these odds ...
PATIENCE = 20  # ... until this many rounds have gone by; then by 0.05 less a round
STALE_TURNS = 12  # the dungeon is stale when it has grown by less than a room in 12 turns
TOLL = 6  # Move we would pay to avoid fighting our way through a room (Entrance unreachable)


def plan_move(s: QuestState, c: Content, seat: int, by: Choices) -> Action:
    chore = _chores(s, c, seat, by) or _heal(s, c, seat, by)
    if chore is not None:
        return chore
    if s.level[seat] >= 10:
        return _endgame(s, c, seat, by)
    return _adventure(s, c, seat, by)


def stale(s: QuestState) -> bool:
    """Nobody has been laying rooms: fewer than one per ``STALE_TURNS`` turns of the table so
    far (6 rounds with two seats, 3 with four)."""
    return len(s.rooms) - 1 < s.turn_no / STALE_TURNS


def alone(s: QuestState, seat: int) -> bool:
    """Every other seat is dead (or gone): our death now would end the match (R26)."""
    return all(s.dead[k] or s.out[k] for k in range(s.seats) if k != seat)


def _chores(s: QuestState, c: Content, seat: int, by: Choices) -> Action | None:
    for a in by.get("play", []):
        card = arg(a, "card")
        if c.deck_of[card] != "T" or target_zone(s, c, seat, card) is not None:
            return a  # never into a full pack (R149): that only forces a drop
    for a in by.get("arrange", []):
        if s.gear[seat].get(arg(a, "card")) == "pack":
            return a
    for a in by.get("levelup", []):
        if arg(a, "seat") == seat:
            return a
    for a in by.get("buy_level", []):
        if all(
            int(item) in s.hand[seat] for item in SHAPES["buy_level"].every(a, "card")
        ):  # gold, or cards kept unused
            return a
    if "pick_up" in by:
        return by["pick_up"][0]
    return None


def _heal(s: QuestState, c: Content, seat: int, by: Choices) -> Action | None:
    """Heal with cards and deals first; give up a level for three hits (R138) when hurt twice
    below Level 9, or when a lost fight could kill us at Level 9 or 10. Otherwise a hurt seat
    rests in the Entrance; when the table is stale it heals there with a level, or at Level 1
    dies on purpose to come back unhurt (R128)."""
    hurt = s.hits[seat]
    if not hurt:
        return None
    if "use" in by:
        return by["use"][0]
    for a in by.get("deal", []):
        deal = room(s, c, s.pos[seat]).deals[arg(a, "deal")]
        if any(g.op == "heal" for g in deal.get):
            return a
    top = max_health(s, c, seat)
    level = s.level[seat]
    if "heal_level" in by and ((hurt >= 2 and level < 9) or (level >= 9 and top - hurt <= 2)):
        return by["heal_level"][0]
    if level >= 10 or (hurt < 2 and top > 4):
        return None
    if s.pos[seat] == ENTRANCE and stale(s):
        if "heal_level" in by:
            return by["heal_level"][0]
        if level == 1 and "die" in by:
            return by["die"][0]
    return _home(s, c, seat, by)


def _adventure(s: QuestState, c: Content, seat: int, by: Choices) -> Action:
    """Below Level 10: a monster we beat, a search, then the nearest dark edge to explore."""
    if s.level[seat] == 9 and not _boss_ripe(s, c, seat):
        return _search(s, c, seat, by) or _home(s, c, seat, by)
    prey = [
        m.cell
        for m in s.mons
        if not m.boss and hostile(s, c, seat, m.cell) and beatable(s, c, seat, m.cell)
    ]
    step = _trip(s, c, seat, by, nearest(s, c, seat, prey)) or _search(s, c, seat, by)
    if step is not None:
        return step
    bold = explore_odds(s, c, seat) >= (EXPLORE_ODDS if s.level[seat] < 8 else 0.8)
    spare = max_health(s, c, seat) - s.hits[seat]
    lone = alone(s, seat)  # a lost fight now could end the match for everyone (R26)
    if (bold or (stale(s) and spare >= 3)) and not lone:
        step = _explore(s, c, seat, by) or _summon_walk(s, c, seat, by)
        if step is not None:
            return step
    return _home(s, c, seat, by)


def _boss_ripe(s: QuestState, c: Content, seat: int) -> bool:
    """At Level 9 the next kill makes us Level 10 and sends us to the Boss: take it on fair
    Boss odds, or once the table has waited ``PATIENCE`` rounds and more."""
    rounds = s.turn_no / s.seats
    need = BOSS_ODDS - 0.05 * max(0.0, rounds - PATIENCE)
    return explore_odds(s, c, seat, boss=True) >= need


def _endgame(s: QuestState, c: Content, seat: int, by: Choices) -> Action:
    """Level 10 (and healthy: ``_heal`` gave up a level otherwise): the Boss at once, since
    waiting lets mobs gather (R85). The cheapest safe way to the Entrance, or a Recall
    Scroll; with monsters we cannot beat in the way, explore for a new way round, or summon,
    or at last fight our way through (R121)."""
    route = nearest(s, c, seat, [ENTRANCE])
    if route is not None:
        return _walk(s, c, seat, by, route) or _recall(by) or by["end_turn"][0]
    step = _recall(by) or _explore(s, c, seat, by) or _summon_walk(s, c, seat, by)
    step = step or _walk(s, c, seat, by, nearest(s, c, seat, [ENTRANCE], toll=TOLL))
    return step or by["end_turn"][0]


def _recall(by: Choices) -> Action | None:
    """A magical way straight to the Entrance (the Recall Scroll), for the Boss."""
    for a in by.get("teleport", []):
        if cell(a) == ENTRANCE:
            return a
    return None


def _walk(s: QuestState, c: Content, seat: int, by: Choices, route: Route | None) -> Action | None:
    """The first step of ``route`` if it is legal now (Move left, or the all-in rule)."""
    if route is None or route.first is None:
        return None
    for a in by.get("go", []):
        if text(a, "side") == route.first:
            return a
    return None


def _trip(
    s: QuestState,
    c: Content,
    seat: int,
    by: Choices,
    route: Route | None,
    extra: int = 0,
) -> Action | None:
    """The first step toward a goal ``extra`` Move beyond ``route``'s end, if we get there
    this turn, or set out from the Entrance, or the goal is more than a turn's Move from the
    Entrance anyway. Otherwise ``None``: a turn ended out in the dungeon risks a fight at the
    next turn's start (R39, R89), so we would rather walk home and set out again."""
    if route is None or route.first is None:
        return None
    if route.cost + extra <= move_left(s, c, seat) or s.pos[seat] == ENTRANCE:
        return _walk(s, c, seat, by, route)
    back = nearest(s, c, seat, [route.to], start=ENTRANCE)
    if back is None or back.cost + extra > move(s, c, seat):
        return _walk(s, c, seat, by, route)  # a trip of two turns whatever we do
    return None


def _explore(s: QuestState, c: Content, seat: int, by: Choices) -> Action | None:
    """Through the cheapest edge open to the dark (R46): from here (all Move if need be,
    R42), or walk toward it."""
    sides = explore_sides(s, c, seat)
    if not sides:
        return None
    cost, cell, side = sides[0]
    if cell == s.pos[seat]:
        for a in by.get("go", []):
            if text(a, "side") == side:
                return a
        return None  # too little Move left: next turn, whatever it costs (R42)
    route = nearest(s, c, seat, [cell])
    return _trip(s, c, seat, by, route, cost - (route.cost if route else 0))


def _summon_walk(s: QuestState, c: Content, seat: int, by: Choices) -> Action | None:
    """Once the tiles are gone, entering an empty room may summon a monster (R53): the only
    new monsters left, so walk into a neighbouring empty room (never the Entrance)."""
    if s.tile_pool:
        return None
    for a in by.get("go", []):
        n = step_cell(s.pos[seat], text(a, "side"))
        if n in s.rooms and n != ENTRANCE and not s.mons_at(n):
            return a
    return None


def _search(s: QuestState, c: Content, seat: int, by: Choices) -> Action | None:
    """Search here (R60) when we roll a die at least, the room's icon is not a minus and no
    token lowers it (R61, R63): then a monster comes only on a 7 (R66)."""
    if "search" not in by:
        return None
    here = s.pos[seat]
    icon = room(s, c, here).search
    worth = isinstance(icon, int) and icon >= 0 and s.tokens.get(here) is None
    return by["search"][0] if worth and icon_dice(s, c, seat, here) >= 1 else None


def _home(s: QuestState, c: Content, seat: int, by: Choices) -> Action:
    """Nothing to do out there: rest in the Entrance's sunlight, where no monster may stop
    (R2, R78) and none can start a fight with us on our next turn (below Level 10: there it
    would call up the Boss, R121)."""
    if s.level[seat] < 10:
        step = _walk(s, c, seat, by, nearest(s, c, seat, [ENTRANCE]))
        if step is not None:
            return step
    return by["end_turn"][0]
