"""``load_game`` is called per drawing, on the bot's event loop (the screens, the leak
checks): a game loaded once is handed back without asking the file system again (it resolved
its data folder on every call, 84 µs, a tenth of the loop's stalls in ``bench/load.py
--stalls``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import games


def test_a_loaded_game_is_handed_back_without_the_file_system(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = games.load_game("classic")

    def asked(self: Path, strict: bool = False) -> Path:
        raise AssertionError(f"the file system was asked for {self}")

    monkeypatch.setattr(Path, "resolve", asked)
    assert games.load_game("classic") is first
    assert games.load_game("classic", games.DATA_DIR) is first
