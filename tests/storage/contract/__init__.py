"""The storage contract: what every backend behind ``bot.storage.ports`` must do, run once per
backend (``conftest.py``'s ``backend`` fixture). The single source of truth for storage
behaviour; ``tests/storage/sqlite/`` only tests the SQLite adapter's own machinery."""
