"""Issue 29's cross-check: a tiny load run (``bench/load.py``'s own ``run``) counts the bot's
Discord requests twice, at SimCord's HTTP router and at discord.py's HTTP layer in the bot
(``bench/_httpcount.py``), and the two counts agree route by route. No time is asserted."""

from __future__ import annotations

import argparse
from pathlib import Path

from bench.load import run


async def test_a_small_load_run_counts_the_same_requests_at_both_layers(tmp_path: Path) -> None:
    args = argparse.Namespace(
        matches=3,
        seconds=3.0,
        think=[0.2, 0.6],
        open_parallel=3,
        seed=1,
        leak_sample=1.0,
        games=["classic", "duel"],
        ai="normal",
        strong_tables=None,
        stalls=None,
    )
    figures = await run(args, tmp_path / "load.sqlite3")
    requests = figures["budget"]["discord_requests"]
    routes = requests["by_route_per_click"]
    kinds = {entry["kind"] for entry in routes.values()}
    assert kinds == {"global", "exempt"}  # both limits were exercised, so both were compared
    layer = requests["at_discord_py"]
    assert layer["differences"] == {}
    assert layer["layers_agree"]
    assert layer["requests"] == sum(entry["requests"] for entry in routes.values())
    assert layer["global_per_click"] == requests["global_per_click"]
    assert layer["exempt_per_click"] == requests["exempt_per_click"]
