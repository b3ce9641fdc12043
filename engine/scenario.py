"""Run scenario files: ``python -m engine.scenario FILE_OR_DIR...`` prints PASS/FAIL per file.

One envelope for every game (``docs/scenarios.md``): this module reads the file, plays the
steps in order, numbers them, checks refusals, the per-seat views, the per-seat events, the
dice a step used, absence facts and deck validation; the game's ``engine.<game>.scenario``
module supplies only the game-specific hooks (a ``ScenarioRules`` object named ``SCENARIO``):
building the position, reading a step's arguments and the facts ``expect`` may name. The
first failing step stops its file and the message names the step.
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from engine.core import Action, Event, Game, IllegalAction
from engine.games import capabilities, load_game

NONE = "none"  # how a missing key or a JSON null reads in a view or event expectation
COMMON_TOP = frozenset({"game", "title", "name", "rule", "options", "setup", "step"})
COMMON_TOP |= {"expect", "expect_start", "start_refused"}
COMMON_SETUP = frozenset({"seed", "dice", "phase"})
STEP_KEYS = frozenset(
    {
        "seat",
        "do",
        "args",
        "refused",
        "expect",
        "expect_view",
        "expect_events",
        "dice_used",
        "absent",
        "validate_deck",
        "problems",
    }
)
ArgToken = int | str


class ScenarioRules:
    """The hooks one game gives the runner. ``state`` is the game's own state type."""

    top_keys: frozenset[str] = frozenset()  # extra top-level tables (classic: ``seat``)
    setup_keys: frozenset[str] = frozenset()  # game-specific ``[setup]`` keys
    # Fact families that exist only sometimes (duel: ``damage_on.<card>``): a missing one
    # reads as none instead of being an unknown expectation.
    open_facts: frozenset[str] = frozenset()

    def key_problems(self, data: Mapping[str, Any]) -> list[str]:
        """Misspelled keys in the game's own tables (the runner checks the common ones)."""
        return []

    def build(self, game: Any, data: Mapping[str, Any]) -> Any:
        """The position from the whole file (``setup``, ``options`` and any extra tables)."""
        raise NotImplementedError

    def action(self, game: Any, state: Any, seat: int, kind: str, args: list[ArgToken]) -> Action:
        """The concrete action a step names. String arguments are card ids (or game tokens);
        raise ``KeyError``/``ValueError`` when the step cannot be read."""
        raise NotImplementedError

    def facts(self, game: Any, state: Any) -> dict[str, Any]:
        """What ``expect`` may name."""
        raise NotImplementedError

    def same(self, key: str, got: Any, want: Any) -> bool:
        """Whether a fact matches (a game may ignore the order of card lists)."""
        return bool(got == want)

    def dice_left(self, state: Any) -> list[int]:
        """The stacked die results not used yet (``dice_used`` compares before and after)."""
        return []

    def validate_deck(self, game: Any, deck: Mapping[str, Any]) -> list[str]:
        """The problem codes of a deck list (a game without decks has no such step)."""
        raise KeyError("this game has no deck lists")


def rules_for(game_id: str) -> ScenarioRules:
    """The game's scenario dialect, as it registered it (``engine.games.Capabilities``).
    ``KeyError`` for a game without one."""
    found = capabilities(game_id).scenario
    if not isinstance(found, ScenarioRules):
        raise KeyError(f"{game_id} registers no scenario dialect")
    return found


def run_file(path: Path) -> list[str]:
    try:
        data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        return [f"cannot read: {exc}"]
    return run(data)


def run(data: Mapping[str, Any]) -> list[str]:
    """Play one scenario; the failures (empty when it passes). Never raises."""
    game_id = str(data.get("game", ""))
    try:
        game = load_game(game_id)
        rules = rules_for(game_id)
    except KeyError:
        return [f"unknown game {game_id!r}"]
    try:
        return Runner(game, rules).run(data)
    except Exception as exc:  # a broken scenario file is a failure, not a crash
        return [f"error: {exc!r}"]


def unknown_keys(rules: ScenarioRules, data: Mapping[str, Any]) -> list[str]:
    """A misspelled key (``expcet``) would otherwise check nothing and pass."""
    bad = [f"unknown key {k!r}" for k in data if k not in COMMON_TOP | rules.top_keys]
    setup = data.get("setup", {})
    if isinstance(setup, Mapping):
        allowed = COMMON_SETUP | rules.setup_keys
        bad += [f"unknown setup key {k!r}" for k in setup if k not in allowed]
    for number, step in enumerate(data.get("step", []), 1):
        keys = step if isinstance(step, Mapping) else {}
        bad += [f"unknown key {k!r} in step {number}" for k in keys if k not in STEP_KEYS]
    return bad + rules.key_problems(data)


def step_parts(step: Mapping[str, Any]) -> tuple[int, str, list[ArgToken]]:
    """Seat, kind and arguments of a step in either form: ``seat``/``do``/``args``, or one
    line ``do = "0 fight @puddle_slime 1"`` (seat, kind, then arguments; ``@`` marks a card)."""
    do = str(step["do"])
    if "seat" in step:
        return int(step["seat"]), do, [_token(a) for a in step.get("args", [])]
    seat_text, kind, *raw = do.split()
    return int(seat_text), kind, [_token(r) for r in raw]


def _token(raw: Any) -> ArgToken:
    if isinstance(raw, bool):
        raise ValueError(f"{raw!r} is not an action argument")
    if isinstance(raw, int):
        return raw
    text = str(raw)
    if text.lstrip("-").isdigit():
        return int(text)
    return text[1:] if text.startswith("@") else text


def lookup(tree: Any, path: str) -> Any:
    """A dotted path into a view: numbers index lists, a name applied to a list maps over
    its items (``players.0.hoard.id`` is the ids in seat 0's hoard); missing reads ``none``."""
    node = tree
    for part in path.split("."):
        if isinstance(node, list) and part.lstrip("-").isdigit():
            i = int(part)
            node = node[i] if -len(node) <= i < len(node) else None
        elif isinstance(node, list):
            node = [item.get(part) if isinstance(item, Mapping) else None for item in node]
        elif isinstance(node, Mapping):
            node = node.get(part)
        else:
            node = None
        if node is None:
            return NONE
    return node


def viewer(key: str) -> int | None:
    return None if key == "spectator" else int(key)


def empty(value: Any) -> bool:
    return value is None or value == NONE or value in (0, False, "", [], {})


class Runner:
    def __init__(self, game: Game[Any, Any], rules: ScenarioRules) -> None:
        self.game = game
        self.rules = rules

    def run(self, data: Mapping[str, Any]) -> list[str]:
        bad = unknown_keys(self.rules, data)
        if bad:
            return bad
        refused = data.get("start_refused")
        try:
            state = self.rules.build(self.game, data)
        except IllegalAction as exc:  # a match the game will not start (a seat count)
            if refused is None:
                return [f"the start was refused ({exc.reason})"]
            if refused is not True and refused != exc.reason:
                return [f"the start was refused with {exc.reason}, expected {refused}"]
            return []
        if refused is not None:
            return [f"the start was accepted, expected a refusal ({refused})"]
        if "expect_start" in data:
            failures = self.check_facts(state, data["expect_start"], "start")
            if failures:
                return failures
        for number, step in enumerate(data.get("step", []), 1):
            where = f"step {number}" + (f" ({step['do']})" if "do" in step else "")
            failures = [f"{where}: {line}" for line in self.step(state, step)]
            if failures:
                return failures
        return self.check_facts(state, data.get("expect", {}), "end")

    def step(self, state: Any, step: Mapping[str, Any]) -> list[str]:
        if "validate_deck" in step:
            got = sorted(self.rules.validate_deck(self.game, step["validate_deck"]))
            want = sorted(str(p) for p in step.get("problems", []))
            return [] if got == want else [f"deck problems are {got}, expected {want}"]
        dice_before = list(self.rules.dice_left(state))
        events: list[Event] = []
        if "do" in step:
            try:
                seat, kind, args = step_parts(step)
                action = self.rules.action(self.game, state, seat, kind, args)
            except (KeyError, ValueError, IndexError) as exc:
                return [f"cannot read the step ({exc})"]
            refused = step.get("refused")
            try:
                events = self.game.apply(state, action)
            except IllegalAction as exc:
                if refused is None:
                    return [f"refused ({exc.reason})"]
                if refused is not True and refused != exc.reason:
                    return [f"refused with {exc.reason}, expected {refused}"]
            else:
                if refused is not None:
                    return [f"accepted, expected a refusal ({refused})"]
        failures = self.check_facts(state, step.get("expect", {}), "")
        failures += self.check_absent(state, step.get("absent", []))
        failures += self.check_views(state, step.get("expect_view", {}))
        failures += self.check_events(events, step.get("expect_events", {}))
        if "dice_used" in step:
            left = self.rules.dice_left(state)
            used = dice_before[: len(dice_before) - len(left)]
            if used != list(step["dice_used"]):
                failures.append(f"dice used {used}, expected {list(step['dice_used'])}")
        return failures

    def check_facts(self, state: Any, expect: Mapping[str, Any], where: str) -> list[str]:
        prefix = f"{where}: " if where else ""
        facts = self.rules.facts(self.game, state)
        failures = []
        for key, want in expect.items():
            if key in ("legal", "not_legal"):
                for item in want:
                    if self.is_legal(state, item) != (key == "legal"):
                        failures.append(f"{prefix}{key} {item} failed")
            elif key not in facts and key.split(".", 1)[0] not in self.rules.open_facts:
                failures.append(f"{prefix}unknown expectation {key!r}")
            elif not self.rules.same(key, facts.get(key), want):
                failures.append(f"{prefix}{key} is {facts.get(key)!r}, expected {want!r}")
        return failures

    def is_legal(self, state: Any, item: Mapping[str, Any]) -> bool:
        try:
            seat, kind, args = step_parts(item)
            action = self.rules.action(self.game, state, seat, kind, args)
        except (KeyError, ValueError, IndexError):
            return False
        return self.game.is_legal(state, action)

    def check_absent(self, state: Any, keys: Sequence[str]) -> list[str]:
        facts = self.rules.facts(self.game, state)
        return [f"{k} is {facts[k]!r}, expected none" for k in keys if not empty(facts.get(k))]

    def check_views(self, state: Any, expect: Mapping[str, Any]) -> list[str]:
        failures = []
        for who, wanted in expect.items():
            tree = self.game.view(state, viewer(who)).to_json()
            for path, want in wanted.items():
                got = lookup(tree, path)
                if got != want:
                    failures.append(f"view of {who}: {path} is {got!r}, expected {want!r}")
        return failures

    def check_events(self, events: list[Event], expect: Mapping[str, Any]) -> list[str]:
        """Each listed event must appear, in this order, among the step's events as that
        viewer may see them; listed fields must match (``"none"``: the field is not shown).
        An event listed with ``not = true`` must not be among them at all."""
        failures = []
        for who, wanted in expect.items():
            seen = [e.for_viewer(viewer(who)) for e in events]
            at = 0
            for want in wanted:
                if want.get("not") is True:
                    fields = {k: v for k, v in want.items() if k != "not"}
                    if any(_event_matches(e, fields) for e in seen):
                        failures.append(f"events for {who}: {fields} happened, expected not")
                    continue
                while at < len(seen) and not _event_matches(seen[at], want):
                    at += 1
                if at == len(seen):
                    kinds = [e["kind"] for e in seen]
                    failures.append(f"events for {who}: no {dict(want)} in order among {kinds}")
                    break
                at += 1
        return failures


def _event_matches(event: Mapping[str, Any], want: Mapping[str, Any]) -> bool:
    return all(event.get(k, NONE) == v for k, v in want.items())


def main(argv: list[str] | None = None) -> int:
    files = [Path(a) for a in (argv if argv is not None else sys.argv[1:])]
    paths: list[Path] = []
    for f in files:
        paths.extend(sorted(f.glob("*.toml")) if f.is_dir() else [f])
    if not paths:
        print("usage: python -m engine.scenario FILE_OR_DIR...")
        return 2
    failed = 0
    for path in paths:
        failures = run_file(path)
        print(("PASS " if not failures else "FAIL ") + path.as_posix())
        for line in failures:
            print("    " + line)
        failed += bool(failures)
    print(f"{len(paths) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    # Run the imported module, not ``__main__``: the games' hooks subclass its ScenarioRules.
    from engine.scenario import main as imported_main

    sys.exit(imported_main())
