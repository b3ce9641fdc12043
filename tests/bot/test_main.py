"""``python -m bot``: the check mode and the offline playground, run for real (no network)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from bot.__main__ import run_checks
from bot.config import Settings
from engine import games as registry

# The migration check needs bot/storage's open_database, written alongside this layer.
pytest.importorskip("bot.service")

ROOT = Path(__file__).resolve().parents[2]


def checks(environ: dict[str, str]) -> tuple[int, list[str]]:
    lines: list[str] = []
    status = run_checks(lines.append, environ)
    return status, lines


def test_check_passes_and_says_what_it_checked(tmp_path: Path) -> None:
    status, lines = checks({"BACKSTAB_DB": str(tmp_path / "db.sqlite3")})
    assert status == 0, lines
    assert any(line.startswith("ok: settings") for line in lines)
    assert any(line.startswith("ok: migrations on an empty database") for line in lines)
    assert any(line.startswith("ok: cog cogs.play") for line in lines)
    assert lines[-1].startswith("check passed")
    assert not (tmp_path / "db.sqlite3").exists()  # the real database is never touched


def test_check_upgrades_a_copy_of_an_existing_database(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    database.write_bytes(b"")  # an empty file is a valid, empty SQLite database
    status, lines = checks({"BACKSTAB_DB": str(database)})
    assert status == 0, lines
    assert f"ok: migrations on a copy of {database}" in lines
    assert database.read_bytes() == b""


def test_a_bad_setting_fails_the_check_with_one_line_naming_it(tmp_path: Path) -> None:
    status, lines = checks({"BACKSTAB_DB": str(tmp_path / "x"), "BACKSTAB_LOG_LEVEL": "loud"})
    assert status == 1
    [failure] = [line for line in lines if line.startswith("FAILED")]
    assert failure.startswith("FAILED: settings: BACKSTAB_LOG_LEVEL:")
    assert lines[-1].startswith("check failed: 1 of")


@pytest.fixture
def broken_game() -> Iterator[str]:
    def factory(_data: Path) -> registry.Game:  # type: ignore[name-defined]
        raise ValueError("cards/broken.toml, card 'X', field 'level': must be 1-10")

    registry.register("broken", factory)
    yield "broken"
    registry.unregister("broken")


def test_a_game_whose_data_does_not_load_fails_the_check(tmp_path: Path, broken_game: str) -> None:
    status, lines = checks({"BACKSTAB_DB": str(tmp_path / "x")})
    assert status == 1
    assert (
        "FAILED: game broken: ValueError: cards/broken.toml, card 'X', field 'level': must be 1-10"
        in lines
    )


def test_python_m_bot_check_exits_zero_in_a_fresh_process(tmp_path: Path) -> None:
    environ = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    environ["BACKSTAB_DB"] = str(tmp_path / "db.sqlite3")
    done = subprocess.run(
        [sys.executable, "-m", "bot", "--check"],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "check passed" in done.stdout


async def test_the_playground_serves_its_page_on_loopback(tmp_path: Path) -> None:
    from bot.playground import GUILD_NAME, run_playground

    settings = Settings(database=tmp_path / "db.sqlite3", playground_port=0)
    url: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(run_playground(settings, on_ready=url.set_result))
    try:
        address = await asyncio.wait_for(url, timeout=30)
        assert address.startswith("http://127.0.0.1:")
        async with aiohttp.ClientSession() as session, session.get(address) as response:
            assert response.status == 200
            assert "<html" in (await response.text()).lower()
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    assert (tmp_path / "playground.sqlite3").exists()  # its own throwaway database
    assert GUILD_NAME == "Backstab Playground"
