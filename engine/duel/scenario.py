"""Duel scenarios: the duel's hooks for the generic runner (``engine/scenario.py``; the file
format is ``docs/scenarios.md``). ``build`` makes an exact position, ``find``/``parse`` turn
card ids into instances, ``probe`` lists the facts ``expect`` may name.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.core import Action, Rng
from engine.core.nothing import wire
from engine.duel.decks import Deck, validate_deck
from engine.duel.effects import BLEED, TRIGGER_BASE
from engine.duel.fight_values import hire_cost
from engine.duel.game import Duel
from engine.duel.state import DuelState
from engine.scenario import ArgToken, ScenarioRules, step_parts
from engine.scenario import run as run_scenario

ZONES = ("hand", "deck", "hoard", "stash", "stash_up", "discard")
DEFAULT_HEROES = ("hero_brunhild", "hero_vesper")
UNORDERED = frozenset({"hand", "hoard", "stash", "stash_up", "discard", "removed", "zapped"})


def build(
    game: Duel, setup: Mapping[str, Any], options: Mapping[str, Any] | None = None
) -> DuelState:
    """The position ``setup`` describes (keys in ``docs/scenarios.md``). With ``phase =
    "mulligan"`` and no cards listed, a real deal: ``Game.new`` with ``options`` (decks)."""
    phase = str(setup.get("phase", "main"))
    dealt = not any(f"seat{p}" in setup for p in (0, 1))
    if phase == "mulligan" and dealt:
        s = game.new(2, int(setup.get("seed", 1)), options or {})
        s.dice = [int(d) for d in setup.get("dice", [])]
        return s
    s = _placed(game, setup)
    s.dice = [int(d) for d in setup.get("dice", [])]
    s.phase = phase
    if phase == "mulligan":  # 000 II.B.8: six cards each (as listed), nobody has decided
        s.mulligan, s.turn, s.purse = [-1, -1], 0, [0, 0]
    elif phase == "first":  # 000 II.B.9: the high roller chooses who starts
        s.mulligan, s.turn, s.purse = [0, 0], 0, [0, 0]
        s.chooser = int(setup.get("chooser", 0))
    elif phase != "main":
        raise ValueError(f"setup phase {phase!r} is not mulligan, first or main")
    for key in ("purse", "level", "limp", "cheated", "bleed", "shield"):
        if key in setup:
            setattr(s, key, list(setup[key]))
    for seat, cid_list in ((p, setup.get(f"seat{p}", {}).get("zapped", [])) for p in (0, 1)):
        for cid in cid_list:
            s.zapped.add(find(game, s, seat, cid))
    for seat, dmg in enumerate(setup.get("hero_damage", [0, 0])):
        s.damage[s.heroes[seat]] = int(dmg)
    for cid, amount in setup.get("damage", {}).items():  # damage tokens on any card
        s.damage[find(game, s, 0, cid)] = int(amount)
    for cid, amount in setup.get("tokens", {}).items():  # gold tokens (Collect)
        s.tokens[find(game, s, 0, cid)] = int(amount)
    return s


def _placed(game: Duel, setup: Mapping[str, Any]) -> DuelState:
    """Exactly the listed cards in their zones; Curses listed under ``stuck`` sit on their
    hosts."""
    card_of: list[int] = []
    owner: list[int] = []
    placed: list[dict[str, list[int]]] = [{}, {}]
    for seat in (0, 1):
        spec = setup.get(f"seat{seat}", {})
        for zone in (*ZONES, "stuck"):
            ids = []
            for cid in spec.get(zone, []):
                ids.append(len(card_of))
                card_of.append(game.index[cid])
                owner.append(seat)
            placed[seat][zone] = ids
    heroes_ids = setup.get("heroes", DEFAULT_HEROES)
    heroes = []
    for seat in (0, 1):
        heroes.append(len(card_of))
        card_of.append(game.index[heroes_ids[seat]])
        owner.append(seat)
    n = len(card_of)
    s = DuelState(
        Rng(int(setup.get("seed", 1))),
        card_of,
        owner,
        heroes,
        [placed[p]["deck"] for p in (0, 1)],
        [placed[p]["hand"] for p in (0, 1)],
        [placed[p]["discard"] for p in (0, 1)],
        [placed[p]["hoard"] for p in (0, 1)],
        [placed[p]["stash"] + placed[p]["stash_up"] for p in (0, 1)],
        damage=[0] * n,
        tokens=[0] * n,
    )
    s.face_up = set(placed[0]["stash_up"] + placed[1]["stash_up"])
    s.purse = [3, 3]
    s.level = [3, 3]
    s.active = int(setup.get("active", 0))
    s.mulligan = [0, 0]
    s.turn = 1
    for seat in (0, 1):
        hosts = setup.get(f"seat{seat}", {}).get("stuck", {})
        for curse, host_id in zip(placed[seat]["stuck"], hosts.values(), strict=True):
            s.stuck[curse] = find(game, s, seat, str(host_id))
    return s


def find(game: Duel, s: DuelState, seat: int, cid: str) -> int:
    """The first instance of ``cid``: the seat's own cards first, then anyone's."""
    if cid in ("hero0", "hero1"):
        return s.heroes[int(cid[-1])]
    target = game.index[cid]
    order = [seat, 1 - seat]
    for p in order:
        for zone in (s.hand[p], s.hoard[p], s.stash[p], s.discard[p], s.deck[p]):
            for iid in zone:
                if s.card_of[iid] == target:
                    return iid
    fighting = [s.fight.card, *s.fight.committed] if s.fight else []
    for iid in [i for i in fighting if i is not None] + list(s.stuck):
        if s.card_of[iid] == target:
            return iid
    for iid in s.heroes:
        if s.card_of[iid] == target:
            return iid
    raise KeyError(f"no {cid!r} in this position")


def probe(game: Duel, s: DuelState) -> dict[str, Any]:
    def ids(zone: list[int]) -> list[str]:
        return [game.defs[s.card_of[i]].id for i in zone]

    facts: dict[str, Any] = {"phase": s.phase, "removed": ids(s.removed)}
    for p in (0, 1):
        facts[f"purse.{p}"] = s.purse[p]
        facts[f"level.{p}"] = s.level[p]
        facts[f"damage.{p}"] = s.damage[s.heroes[p]]
        facts[f"limp.{p}"] = s.limp[p]
        facts[f"shield.{p}"] = s.shield[p]
        for zone in ("hand", "hoard", "stash", "discard", "deck"):
            facts[f"{zone}.{p}"] = sorted(ids(getattr(s, zone)[p]))
        facts[f"deck.{p}"] = ids(s.deck[p])
        facts[f"stash_up.{p}"] = sorted(ids([i for i in s.stash[p] if i in s.face_up]))
    facts["zapped"] = sorted(ids(sorted(s.zapped)))
    facts["active"] = s.active
    facts["chooser"] = wire(s.chooser)
    facts["turn"] = s.turn
    facts["mulligan"] = list(s.mulligan)
    facts["window"] = s.window.kind if s.window is not None else "none"
    facts["deciders"] = sorted(game.deciders(s))
    facts["stack"] = [game.defs[s.card_of[e.source]].id for e in s.stack]
    for iid, dmg in enumerate(s.damage):
        if dmg:
            facts[f"damage_on.{game.defs[s.card_of[iid]].id}"] = dmg
    for iid, n in enumerate(s.tokens):
        if n:
            facts[f"tokens_on.{game.defs[s.card_of[iid]].id}"] = n
    for curse, host in s.stuck.items():
        facts[f"stuck.{game.defs[s.card_of[curse]].id}"] = game.defs[s.card_of[host]].id
    out = game.outcome(s)
    facts["winner"] = -1 if out is None else (out.winners[0] if out.winners else -2)
    facts["reason"] = "" if out is None else out.reason
    facts["fight_step"] = s.fight.step if s.fight else ""
    if s.fight is not None and s.fight.card is not None and s.fight.revealed:
        facts["fight_cost"] = hire_cost(game.defs, s)
    return facts


class DuelScenario(ScenarioRules):
    setup_keys = frozenset(
        {"active", "purse", "level", "limp", "hero_damage", "heroes", "seat0", "seat1"}
        | {"chooser", "damage", "tokens", "cheated", "bleed", "shield"}
    )
    open_facts = frozenset({"damage_on", "tokens_on", "stuck", "fight_cost"})

    def key_problems(self, data: Mapping[str, Any]) -> list[str]:
        setup = data.get("setup", {})
        allowed = {*ZONES, "zapped", "stuck"}
        return [
            f"unknown key {k!r} in setup.seat{p}"
            for p in (0, 1)
            for k in setup.get(f"seat{p}", {})
            if k not in allowed
        ]

    def build(self, game: Any, data: Mapping[str, Any]) -> DuelState:
        return build(game, data.get("setup", {}), data.get("options", {}))

    def action(self, game: Any, state: Any, seat: int, kind: str, args: list[ArgToken]) -> Action:
        return Action(seat, kind, tuple(_arg(game, state, seat, a) for a in args))

    def facts(self, game: Any, state: Any) -> dict[str, Any]:
        return probe(game, state)

    def same(self, key: str, got: Any, want: Any) -> bool:
        if isinstance(want, list) and key.split(".")[0] in UNORDERED:
            want = sorted(want)  # a zone's cards compare as a multiset, the deck in order
        return bool(got == want)

    def dice_left(self, state: Any) -> list[int]:
        return list(state.dice)

    def validate_deck(self, game: Any, deck: Mapping[str, Any]) -> list[str]:
        return [v.code for v in validate_deck(Deck.from_json(deck), game.by_id)]


SCENARIO = DuelScenario()


def _arg(game: Duel, s: DuelState, seat: int, a: ArgToken) -> int:
    if isinstance(a, int):
        return a
    if ":" in a:  # a trigger to order: card and ability index
        cid, index = a.split(":")
        return find(game, s, seat, cid) * TRIGGER_BASE + int(index)
    if a == "bleeding":
        return BLEED
    return find(game, s, seat, a)


def parse(game: Duel, s: DuelState, text: str) -> Action:
    """One line ``"0 fight @puddle_slime 1"`` as an action."""
    seat, kind, args = step_parts({"do": text})
    return SCENARIO.action(game, s, seat, kind, args)


def run(game: Duel, spec: Mapping[str, Any]) -> list[str]:
    """Play a duel scenario (``game`` is ignored: the registry's duel plays it)."""
    return run_scenario({"game": "duel", **spec})


def run_file(game: Duel, path: Path) -> list[str]:
    return run(game, tomllib.loads(path.read_text(encoding="utf-8")))
