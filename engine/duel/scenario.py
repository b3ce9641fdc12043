"""Duel scenarios: set up an exact position, apply actions, check facts.

A scenario is a TOML file::

    name = "running away flips the marker"
    rule = "000 III.A.2.f.(II)"
    [setup]                       # every key optional
    active = 0                    # whose turn it is (phase "main")
    purse = [3, 2]
    level = [1, 1]
    [setup.seat0]                 # card ids per zone: hand, deck (last = top), hoard,
    hand = ["puddle_slime"]       # stash (face down), stash_up (face up), discard
    [setup.seat1]
    hoard = ["rusty_sword"]
    [[step]]
    do = "0 fight @puddle_slime 1"   # seat, kind, args; @id = that card (the seat's own first)
    [[step]]
    do = "1 run"
    expect = { "limp.1" = true, "stash.0" = ["puddle_slime"] }
    [[step]]
    do = "1 face"
    refused = "not_legal_now"       # the action must be refused with this reason
    [[step]]
    do = "0 order @sanctuary:0"     # order choices: @card:ability index, or ``bleeding``

Facts (``probe``): ``purse.S``, ``level.S``, ``damage.S`` (Hero), ``limp.S``, ``hand.S``,
``hoard.S``, ``stash.S`` (all, face up or down), ``stash_up.S``, ``discard.S``, ``deck.S``
(ids, top last), ``removed``, ``phase``, ``winner`` (-1 while live, -2 for a draw),
``reason``, ``zapped`` (ids), ``damage_on.<card id>``, ``stuck.<card id>`` (host id),
``fight_step``, ``fight_cost``. ``python -m engine.duel.scenario FILE...`` runs files.
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.core import Action, IllegalAction, Rng
from engine.duel.effects import BLEED, TRIGGER_BASE
from engine.duel.game import Duel
from engine.duel.state import DuelState

ZONES = ("hand", "deck", "hoard", "stash", "stash_up", "discard")
DEFAULT_HEROES = ("hero_brunhild", "hero_vesper")


def build(game: Duel, setup: Mapping[str, Any]) -> DuelState:
    """A state in the active player's munchkining phase with exactly the listed cards."""
    card_of: list[int] = []
    owner: list[int] = []
    placed: list[dict[str, list[int]]] = [{}, {}]
    for seat in (0, 1):
        spec = setup.get(f"seat{seat}", {})
        for zone in ZONES:
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
    s.purse = list(setup.get("purse", [3, 3]))
    s.level = list(setup.get("level", [3, 3]))
    s.limp = list(setup.get("limp", [False, False]))
    s.active = int(setup.get("active", 0))
    s.mulligan = [0, 0]
    s.turn = 1
    s.phase = "main"
    for seat, dmg in enumerate(setup.get("hero_damage", [0, 0])):
        s.damage[heroes[seat]] = int(dmg)
    for seat in (0, 1):
        for cid in setup.get(f"seat{seat}", {}).get("zapped", []):
            s.zapped.add(find(game, s, seat, cid))
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
    for iid in ([s.fight.card, *s.fight.committed] if s.fight else []) + list(s.stuck):
        if iid >= 0 and s.card_of[iid] == target:
            return iid
    for iid in s.heroes:
        if s.card_of[iid] == target:
            return iid
    raise KeyError(f"no {cid!r} in this position")


def parse(game: Duel, s: DuelState, text: str) -> Action:
    seat_text, kind, *raw = text.split()
    seat = int(seat_text)
    args: list[int] = []
    for r in raw:
        if r.startswith("@") and ":" in r:  # a trigger to order: card and ability index
            cid, index = r[1:].split(":")
            args.append(find(game, s, seat, cid) * TRIGGER_BASE + int(index))
        elif r == "bleeding":
            args.append(BLEED)
        elif r.startswith("@"):
            args.append(find(game, s, seat, r[1:]))
        elif r in ("hero0", "hero1"):
            args.append(s.heroes[int(r[-1])])
        else:
            args.append(int(r))
    return Action(seat, kind, tuple(args))


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
    for iid, dmg in enumerate(s.damage):
        if dmg:
            facts[f"damage_on.{game.defs[s.card_of[iid]].id}"] = dmg
    for curse, host in s.stuck.items():
        facts[f"stuck.{game.defs[s.card_of[curse]].id}"] = game.defs[s.card_of[host]].id
    out = game.outcome(s)
    facts["winner"] = -1 if out is None else (out.winners[0] if out.winners else -2)
    facts["reason"] = "" if out is None else out.reason
    facts["fight_step"] = s.fight.step if s.fight else ""
    if s.fight is not None and s.fight.card >= 0 and s.fight.revealed:
        from engine.duel.fight import hire_cost

        facts["fight_cost"] = hire_cost(game.defs, s)
    return facts


TOP_KEYS = frozenset({"game", "name", "title", "rule", "setup", "step"})
STEP_KEYS = frozenset({"do", "expect", "refused"})


def _unknown_keys(spec: Mapping[str, Any]) -> list[str]:
    """A misspelled key (``expcet``) would otherwise check nothing and pass."""
    bad = [f"unknown key {k!r}" for k in spec if k not in TOP_KEYS]
    for number, step in enumerate(spec.get("step", []), 1):
        keys = step if isinstance(step, Mapping) else {}
        bad += [f"unknown key {k!r} in step {number}" for k in keys if k not in STEP_KEYS]
    return bad


def run(game: Duel, spec: Mapping[str, Any]) -> list[str]:
    """Play a scenario; the list of failed expectations (empty means it passed)."""
    bad = _unknown_keys(spec)
    if bad:
        return bad
    s = build(game, spec.get("setup", {}))
    failures: list[str] = []
    for number, step in enumerate(spec.get("step", []), 1):
        if "do" in step:
            try:
                action = parse(game, s, step["do"])
            except (KeyError, ValueError) as exc:
                failures.append(f"step {number}: cannot read {step['do']!r} ({exc})")
                break
            try:
                game.apply(s, action)
                if "refused" in step:
                    failures.append(f"step {number}: {step['do']!r} was accepted")
            except IllegalAction as exc:
                if step.get("refused") != exc.reason:
                    failures.append(f"step {number}: {step['do']!r} refused ({exc.reason})")
        facts = probe(game, s)
        for key, want in step.get("expect", {}).items():
            got = facts.get(key)
            if isinstance(want, list) and key.split(".")[0] != "deck":
                want = sorted(want)
            if got != want:
                failures.append(f"step {number}: {key} is {got!r}, expected {want!r}")
    return failures


def run_file(game: Duel, path: Path) -> list[str]:
    return run(game, tomllib.loads(path.read_text(encoding="utf-8")))


def main(argv: list[str]) -> int:
    from engine.games import load_game

    game = load_game("duel")
    assert isinstance(game, Duel)
    bad = 0
    for name in argv:
        for path in sorted(Path(name).glob("*.toml")) if Path(name).is_dir() else [Path(name)]:
            failures = run_file(game, path)
            bad += bool(failures)
            print(("FAIL " if failures else "ok   ") + str(path))
            for f in failures:
                print("     " + f)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
