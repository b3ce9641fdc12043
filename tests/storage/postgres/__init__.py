"""Tests of the PostgreSQL adapter's own machinery (its row locks under racing writers, its
migrations, its schema kept in step with SQLite's), on the run's real server. Behaviour every
backend must have is in ``tests/storage/contract``."""
