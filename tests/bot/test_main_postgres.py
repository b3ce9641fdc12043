"""``python -m bot`` on PostgreSQL (issue 28.1): ``--check`` reads the schema's version and
changes nothing; a server that cannot be reached stops the check and the start with one line
(no traceback, no password)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Awaitable, Callable

from bot.__main__ import run_checks
from bot.storage import open_storage
from bot.storage.postgres.migrate import available_migrations
from tests.bot.test_main import FAKE_TOKEN, ROOT, START_TIMEOUT, last_line
from tests.support.postgres import InspectPg, run

LATEST = available_migrations()[-1].number
# Nothing listens on port 1; the password must never be printed.
UNREACHABLE = "postgresql://bot:s3cret@127.0.0.1:1/backstab"


def migrated(url: str) -> Callable[[], Awaitable[None]]:
    async def open_and_close() -> None:
        await (await open_storage(url)).close()

    return open_and_close


def checks(url: str) -> tuple[int, list[str]]:
    lines: list[str] = []
    return run_checks(lines.append, {"BACKSTAB_DATABASE_URL": url}), lines


def test_check_reads_the_schema_version_and_changes_nothing(postgres_url: str) -> None:
    status, lines = checks(postgres_url)
    assert status == 0, lines
    assert f"ok: database {postgres_url}: reachable, schema version 0 of {LATEST}" in " ".join(
        lines
    )
    assert (
        InspectPg(postgres_url).value(
            "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()"
        )
        == 0
    )
    run(migrated(postgres_url))
    status, lines = checks(postgres_url)
    assert status == 0 and any(f"schema version {LATEST} of {LATEST}" in line for line in lines)


def run_bot(*args: str, url: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("BACKSTAB_")}
    environ["DISCORD_TOKEN"] = FAKE_TOKEN
    environ["BACKSTAB_DATABASE_URL"] = url
    environ["BACKSTAB_SYNC_COMMANDS"] = "false"
    done = subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=START_TIMEOUT,
    )
    output = done.stdout + done.stderr
    assert "Traceback" not in output and "s3cret" not in output, output
    return done


def test_an_unreachable_server_stops_check_and_start_with_one_line() -> None:  # issue 28.1
    shown = "postgresql://bot:***@127.0.0.1:1/backstab"
    status, lines = checks(UNREACHABLE)
    assert status == 1
    [failure] = [line for line in lines if line.startswith("FAILED")]
    assert failure.startswith(f"FAILED: database {shown}: cannot use the database {shown}: ")
    done = run_bot(url=UNREACHABLE)
    assert done.returncode == 1
    assert last_line(done).startswith(f"cannot start: cannot use the database {shown}: ")
