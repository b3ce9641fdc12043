"""Settings: the environment is read in one place, and bad values are named, not guessed."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import DEFAULT_DB, Settings, SettingsError, load_settings


def test_defaults_need_no_environment() -> None:
    settings = load_settings({})
    assert settings.database == DEFAULT_DB == Path("var/backstab.sqlite3")
    assert settings.discord_token is None and not settings.online
    assert settings.turn_seconds == 120 and settings.window_seconds == 15


def test_environment_variables_map_to_fields() -> None:
    settings = load_settings(
        {
            "DISCORD_TOKEN": "abc.def",
            "BACKSTAB_DB": "/tmp/x.sqlite3",
            "BACKSTAB_PLAYGROUND_PORT": "9000",
            "BACKSTAB_LOG_LEVEL": "debug",
            "BACKSTAB_TURN_SECONDS": "45",
            "UNRELATED": "ignored",
        }
    )
    assert settings.online and settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == "abc.def"
    assert "abc.def" not in repr(settings)  # the token never shows up in logs
    assert settings.database == Path("/tmp/x.sqlite3")
    assert settings.playground_port == 9000
    assert settings.log_level == "DEBUG"
    assert settings.turn_seconds == 45


def test_a_blank_token_means_offline() -> None:
    assert not load_settings({"DISCORD_TOKEN": "  "}).online


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("BACKSTAB_PLAYGROUND_PORT", "70000"),
        ("BACKSTAB_PLAYGROUND_PORT", "http"),
        ("BACKSTAB_LOG_LEVEL", "loud"),
        ("BACKSTAB_TURN_SECONDS", "0"),
        ("BACKSTAB_WINDOW_SECONDS", "-3"),
    ],
)
def test_a_bad_value_is_reported_with_its_variable_name(name: str, value: str) -> None:
    with pytest.raises(SettingsError) as caught:
        load_settings({name: value})
    [problem] = caught.value.problems
    assert problem.startswith(f"{name}: ")


def test_every_problem_is_reported_at_once() -> None:
    with pytest.raises(SettingsError) as caught:
        load_settings({"BACKSTAB_LOG_LEVEL": "loud", "BACKSTAB_TURN_SECONDS": "never"})
    assert len(caught.value.problems) == 2


def test_settings_refuse_unknown_fields() -> None:
    with pytest.raises(ValueError):
        Settings(databse="typo.sqlite3")  # type: ignore[call-arg]


def test_the_database_url_picks_the_backend() -> None:  # issue 28.1
    postgres = load_settings({"BACKSTAB_DATABASE_URL": "postgresql://bot:pw@db:5432/backstab"})
    assert postgres.storage_location == "postgresql://bot:pw@db:5432/backstab"
    assert postgres.sqlite_file is None
    sqlite = load_settings({"BACKSTAB_DATABASE_URL": "sqlite:///var/other.sqlite3"})
    assert sqlite.storage_location == sqlite.sqlite_file == Path("var/other.sqlite3")
    absolute = load_settings({"BACKSTAB_DATABASE_URL": "sqlite:////srv/b.sqlite3"})
    assert absolute.storage_location == Path("/srv/b.sqlite3")
    unset = load_settings({"BACKSTAB_DB": "/tmp/x.sqlite3"})
    assert unset.storage_location == Path("/tmp/x.sqlite3")


def test_an_unknown_database_url_is_named() -> None:  # issue 28.1
    with pytest.raises(SettingsError) as caught:
        load_settings({"BACKSTAB_DATABASE_URL": "mysql://db/backstab"})
    [problem] = caught.value.problems
    assert problem.startswith("BACKSTAB_DATABASE_URL: ") and "mysql://" in problem
