"""Run scenario files: ``python -m engine.scenario FILE...`` prints PASS/FAIL per file.

A scenario is a TOML file naming its ``game``; the game's own ``engine.<game>.scenario``
module builds the position and checks expectations (format: ``docs/scenarios.md``).
"""

from __future__ import annotations

import importlib
import sys
import tomllib
from pathlib import Path
from typing import Any

from engine.games import load_game


def run_file(path: Path) -> list[str]:
    try:
        data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        return [f"cannot read: {exc}"]
    game_id = str(data.get("game", ""))
    try:
        game = load_game(game_id)
        module = importlib.import_module(f"engine.{game_id}.scenario")
    except (KeyError, ModuleNotFoundError):
        return [f"unknown game {game_id!r}"]
    try:
        failures: list[str] = module.run(game, data)
    except Exception as exc:  # a broken scenario file is a failure, not a crash
        return [f"error: {exc!r}"]
    return failures


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
    sys.exit(main())
