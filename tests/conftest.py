"""Shared test settings: hypothesis profiles (CI runs `default`; `thorough` for long runs), a
guard so that a test which leaks a database connection can never make the run hang, the
``inspect_db`` fixture, and the run's PostgreSQL server (``postgres_server``,
``tests/support/postgres.py``): found or started once, reported in the summary, never skipped
in silence."""

import os
import sys
import threading
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

import bot.games  # noqa: F401  (registers the games the bot hosts, as the bot does)
from tests.support.inspect_db import InspectDb
from tests.support.postgres import NoPostgres, PgServer, find_server

# `default` (make test, CI) draws the same examples every run, so a red run is a change's doing
# and never luck; `explore` and `thorough` draw fresh seeds each run to hunt for what the fixed
# ones miss (a failure prints the seed to pin it in a scenario).
settings.register_profile("default", max_examples=100, deadline=None, derandomize=True)
settings.register_profile("explore", max_examples=300, deadline=None)
settings.register_profile(
    "thorough", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

_EXIT_STATUS = 0
# What the run's PostgreSQL was, or why there was none (printed at the end of the run).
_POSTGRES: list[str] = []


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-transcripts",
        action="store_true",
        help="rewrite the golden transcripts in tests/replays instead of comparing them",
    )


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    global _EXIT_STATUS
    _EXIT_STATUS = int(exitstatus)


def pytest_unconfigure(config: pytest.Config) -> None:
    # aiosqlite runs each connection in a non-daemon thread: a test that fails before it closes
    # its database would keep the interpreter from exiting, and CI would hang for its whole
    # budget instead of failing. Say so loudly and leave with the run's own status.
    leaked = [
        t
        for t in threading.enumerate()
        if t.is_alive() and not t.daemon and "_connection_worker_thread" in t.name
    ]
    if leaked:
        sys.stdout.flush()
        sys.stderr.write(
            f"\n{len(leaked)} database connection(s) were never closed by the tests; "
            f"exiting with status {_EXIT_STATUS} instead of waiting on them\n"
        )
        sys.stderr.flush()
        os._exit(_EXIT_STATUS)


@pytest.fixture
def inspect_db() -> type[InspectDb]:
    """``inspect_db(path)``: read and write a test's database file for assertions and fault
    injection (``tests/support/inspect_db.py``); tests never open the database themselves."""
    return InspectDb


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PgServer]:
    """The run's PostgreSQL (issue 28.3), started only if a test asks for it. Without one the
    PostgreSQL tests fail in CI (``CI`` set) and are skipped elsewhere, loudly either way."""
    try:
        server = find_server()
    except NoPostgres as exc:
        message = f"NO POSTGRESQL: the PostgreSQL tests cannot run ({exc})"
        _POSTGRES.append(message)
        if os.environ.get("CI"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    _POSTGRES.append(f"PostgreSQL {server.version} from {server.source}")
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def postgres_url(postgres_server: PgServer) -> str:
    """A fresh, empty schema on the run's server, as a ``postgresql://`` URL."""
    return postgres_server.schema_url()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for line in _POSTGRES:
        loud = line.startswith("NO POSTGRESQL")
        terminalreporter.write_line(line, red=loud, bold=loud)
