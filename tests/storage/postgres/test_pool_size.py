"""The pool's size from the URL (``?pool_max=N``, taken out before asyncpg reads the URL, which
would send it to the server as a setting), and a bad one refused in one line."""

from __future__ import annotations

import pytest

from bot.storage import DatabaseUnavailable, open_storage
from bot.storage.postgres.database import POOL_MAX, Database


def with_query(url: str, query: str) -> str:
    return f"{url}&{query}" if "?" in url else f"{url}?{query}"


async def test_the_url_sets_the_most_connections(postgres_url: str) -> None:
    db = await Database.open(with_query(postgres_url, "pool_max=3"))
    try:
        assert db.pool.get_max_size() == 3
        assert await db.fetchval("SELECT current_schema()") is not None  # search_path kept
    finally:
        await db.close()
    db = await Database.open(postgres_url)
    try:
        assert db.pool.get_max_size() == POOL_MAX
    finally:
        await db.close()


@pytest.mark.parametrize("value", ["0", "many", "5000"])
async def test_a_bad_pool_size_is_refused_in_one_line(postgres_url: str, value: str) -> None:
    with pytest.raises(DatabaseUnavailable) as caught:
        await open_storage(with_query(postgres_url, f"pool_max={value}"))
    assert "pool_max must be a whole number from 1 to 1000" in str(caught.value)
    assert "\n" not in str(caught.value)
