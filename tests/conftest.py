"""Shared test settings: hypothesis profiles (CI runs `default`; `thorough` for long runs), a
guard so that a test which leaks a database connection can never make the run hang, and the
``inspect_db`` fixture."""

import os
import sys
import threading

import pytest
from hypothesis import HealthCheck, settings

import bot.games  # noqa: F401  (registers the games the bot hosts, as the bot does)
from tests.support.inspect_db import InspectDb

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
