"""The load run's budget per click (issue 29.1): Discord requests, CPU, database writes, uploads.

Requests are counted at SimCord's HTTP router (``Probe`` calls ``Budget.request`` for every
call the bot makes, before SimCord answers it, so a refused one counts too) and split the way
Discord counts them: interaction callbacks and the interaction's webhook (``/interactions/...``,
``/webhooks/<application>/<token>...``: the defer, the answer, its edits and follow-ups) are
*exempt* from the 50 requests/s a bot token gets; everything else is *global* (table edits,
thread posts, DMs, DM-channel creates, member fetches). Routes are the path with every id as
``{id}`` and a token as ``{token}``. They are counted a second time on the bot's side, where
discord.py hands each to its transport (``bench/_httpcount.py``, ``layer``), and the figures say
whether the two counts agree route by route (``discord_requests.at_discord_py``).

CPU: SimCord, the simulated people and the leak check run in the bot's own process and event
loop. Their work is timed apart with ``time.thread_time`` on the loop's thread (``harness``):
building each interaction's payload, choosing a button, SimCord's router answering a request
(storing the message, copying payloads), the leak check judging it and its listener and view
wrapper. Everything else on every thread is the bot's (the event loop, the picture thread,
aiosqlite's thread), including discord.py parsing the gateway payloads SimCord feeds it (on
Discord that is decoding the same JSON). ``bot = process - harness``. ``picture_thread`` is
the bot's picture thread alone (``pictures.off_loop``: the table and hand renderers, their
pictures drawn and encoded), read from its own CPU clock, so the pictures' share is measured
the same way whatever else the machine runs.

Database: write transactions are the adapter's own (``Recorder`` times each), statements are
counted by SQLite's trace callback (every statement, and the writes among them), and bytes
written are the process's ``write`` calls (``/proc/self/io`` ``wchar``: only SQLite writes
files during a run).
"""

from __future__ import annotations

import re
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from bench._dbmeter import trace_statements
from bench._httpcount import EXEMPT, GLOBAL, LayerCount

GLOBAL_LIMIT = 50.0  # Discord: requests per second per bot token, shared by every process
_ID = re.compile(r"^\d+$")
_WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


def route_of(
    method: str, path: str, kind: Callable[[int], str | None] | None = None
) -> tuple[str, bool]:
    """``(method and path with ids as {id}, exempt from the global limit)``. ``kind`` names
    a channel's kind (``dm``, ``thread``): a channel's id is then shown as ``{dm}`` etc."""
    parts = path.strip("/").split("/")
    exempt = bool(parts) and parts[0] in {"interactions", "webhooks"}
    shown = []
    for index, part in enumerate(parts):
        if _ID.match(part):
            named = kind(int(part)) if kind is not None and index == 1 else None
            shown.append(f"{{{named or 'id'}}}" if parts[0] == "channels" else "{id}")
        elif exempt and index == 2:
            shown.append("{token}")
        else:
            shown.append(part)
    return f"{method} /{'/'.join(shown)}", exempt


def _size(file: Any) -> int:
    fp: Any = getattr(file, "fp", None)
    if fp is None:
        return 0
    if hasattr(fp, "getbuffer"):
        return int(fp.getbuffer().nbytes)
    here = int(fp.tell())
    fp.seek(0, 2)
    size = int(fp.tell()) - here
    fp.seek(here)
    return size


def _written_bytes() -> int:
    try:
        with open("/proc/self/io") as io:
            for line in io:
                if line.startswith("wchar:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def _picture_thread_time() -> float:
    """The CPU seconds the bot's picture thread has used (0 before it started: it starts at
    the first picture, while the lobbies open, before the window)."""
    for thread in threading.enumerate():
        if thread.name.startswith("pictures") and thread.ident is not None:
            return time.clock_gettime(time.pthread_getcpuclockid(thread.ident))
    return 0.0


class Budget:
    """Counters for the window; ``start`` and ``stop`` bound it."""

    def __init__(self) -> None:
        self.routes: Counter[str] = Counter()
        self.exempt_routes: set[str] = set()
        self.upload_bytes = 0
        self.statements = 0
        self.write_statements = 0
        self._harness = 0.0
        self._depth = 0
        self.counting = False
        self._cpu = (0.0, 0.0)
        self._pictures = 0.0
        self._bytes = 0
        # A channel's kind by its id (``dm``, ``thread``), so the routes say what was edited.
        self.kind: Callable[[int], str | None] | None = None
        # The second count, at discord.py's HTTP layer in the bot: counts in the same window.
        self.layer: LayerCount | None = None

    # the harness's own CPU ----------------------------------------------------------------

    @contextmanager
    def harness(self) -> Iterator[None]:
        """Time this block as SimCord's or the simulated people's (nested blocks count once)."""
        self._depth += 1
        began = time.thread_time() if self._depth == 1 else 0.0
        try:
            yield
        finally:
            self._depth -= 1
            if self._depth == 0:
                self._harness += time.thread_time() - began

    # what the bot asks ----------------------------------------------------------------------

    def request(self, method: str, path: str, files: Any) -> None:
        if not self.counting:
            return
        route, exempt = route_of(method, path, self.kind)
        self.routes[route] += 1
        if exempt:
            self.exempt_routes.add(route)
        for file in files or ():
            self.upload_bytes += _size(file)

    def statement(self, sql: str) -> None:
        """Each statement (SQLite's trace callback on the connection's thread, asyncpg's
        query logger on the loop)."""
        if not self.counting:
            return
        self.statements += 1
        if sql.lstrip()[:7].upper().startswith(_WRITES):
            self.write_statements += 1

    async def trace(self, db: Any) -> None:
        """Count the statements of the bot's database (either backend; SQLite's one trace
        callback shared with ``bench/_dbmeter.py``'s meter)."""
        await trace_statements(db, self.statement)

    # the window ------------------------------------------------------------------------------

    def start(self) -> None:
        self.counting = True
        if self.layer is not None:
            self.layer.counting = True
        self._harness = 0.0
        self._cpu = (time.process_time(), 0.0)
        self._pictures = -_picture_thread_time()
        self._bytes = _written_bytes()

    def stop(self) -> None:
        self.counting = False
        if self.layer is not None:
            self.layer.counting = False
        self._cpu = (self._cpu[0], time.process_time())
        self._pictures += _picture_thread_time()
        self._bytes = _written_bytes() - self._bytes

    def _kind(self, route: str) -> str:
        return EXEMPT if route in self.exempt_routes else GLOBAL

    def figures(
        self, *, clicks: int, actions: int, transactions: int, live: int, seconds: float
    ) -> dict[str, Any]:
        clicks, actions, live = max(1, clicks), max(1, actions), max(1, live)
        exempt = sum(n for r, n in self.routes.items() if r in self.exempt_routes)
        limited = sum(self.routes.values()) - exempt
        process = self._cpu[1] - self._cpu[0]
        bot = process - self._harness
        per_match_second = limited / live / max(seconds, 1e-9)
        requests: dict[str, Any] = {
            "global_per_click": round(limited / clicks, 3),
            "exempt_per_click": round(exempt / clicks, 3),
            "global_per_action": round(limited / actions, 3),
            "exempt_per_action": round(exempt / actions, 3),
            "global_per_second": round(limited / seconds, 1),
            "by_route_per_click": {
                route: {
                    "per_click": round(n / clicks, 3),
                    "requests": n,
                    "kind": self._kind(route),
                }
                for route, n in self.routes.most_common()
            },
        }
        if self.layer is not None:
            router = Counter({(route, self._kind(route)): n for route, n in self.routes.items()})
            requests["at_discord_py"] = self.layer.figures(router, clicks)
        return {
            "clicks": clicks,
            "committed_actions": actions,
            "discord_requests": requests,
            "matches_per_token": (
                round(GLOBAL_LIMIT / per_match_second) if per_match_second else None
            ),
            "cpu_ms_per_click": {
                "process": round(1000 * process / clicks, 2),
                "bot": round(1000 * bot / clicks, 2),
                "simcord_and_people": round(1000 * self._harness / clicks, 2),
                "picture_thread": round(1000 * self._pictures / clicks, 2),
            },
            "cpu_ms_per_action": {
                "process": round(1000 * process / actions, 2),
                "bot": round(1000 * bot / actions, 2),
            },
            "db_per_click": {
                "write_transactions": round(transactions / clicks, 3),
                "statements": round(self.statements / clicks, 2),
                "write_statements": round(self.write_statements / clicks, 2),
                "bytes_written": round(self._bytes / clicks),
            },
            "upload_bytes_per_click": round(self.upload_bytes / clicks),
        }
