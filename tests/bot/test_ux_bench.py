"""``bench/ux.py`` (issues 18 and 27's UX measurement) runs and reports sane figures: a short duel
played both ways (from DMs and from the table) through SimCord, without Chromium."""

from __future__ import annotations

from typing import Any

from bench.ux import RunSpec, measure_all

KEYS = {
    "decisions",
    "auto_passes",
    "pass_taps",
    "windows_closed_by_clock",
    "taps_per_decision",
    "live_hand_messages_max",
    "stale_live_controls",
    "messages_per_decision",
    "max_label_chars",
    "max_options_in_one_choice",
    "table_height_px_phone",
    "controls_top_px_phone",
    "pings_per_decision",  # issue 27.3
    "irreversible_moves",  # issue 27.2
    "irreversible_one_tap",
    "pass_only_decisions",  # issue 27.9
    "taps_own_turn",
    "window_wait_seconds_per_match",
}


async def test_the_ux_bench_reports_every_figure_from_a_short_match() -> None:
    runs = [RunSpec("duel", "dm", 2), RunSpec("duel", "table", 2)]
    figures: dict[str, Any] = await measure_all(runs, seed=1, phone=False)
    assert figures.keys() >= KEYS
    # Every game reports the same keys (issue 27.9).
    assert set(figures["games"]) == {"duel"} and figures["games"]["duel"].keys() >= KEYS
    assert figures["decisions"] == 4
    taps = figures["taps_per_decision"]
    assert set(taps) == {"dm", "table"} and all(t >= 1 for t in taps.values())
    assert figures["live_hand_messages_max"] >= 1 and figures["stale_live_controls"] >= 0
    assert set(figures["messages_per_decision"]) >= {"channel", "dm"}
    assert 0 < figures["max_label_chars"] <= 80 and figures["max_options_in_one_choice"] > 0
    assert figures["table_height_px_phone"] is None  # no screenshots asked for
    # Auto-pass is on (the players' default): a pass nobody tapped is no decision.
    assert figures["auto_pass"] and figures["auto_passes"] >= 0
    assert figures["pass_taps"] <= sum(r["taps"] for r in figures["runs"])
