"""Backstab's rules engines: pure, seeded, replayable. Standard library and pydantic only."""

ENGINE_VERSION = "0.1.0"
