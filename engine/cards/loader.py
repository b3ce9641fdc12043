"""Load card files: TOML with one ``[[card]]`` table per card, validated by frozen pydantic
models. Unknown fields are errors (a typo must not silently become a default), and every error
names the file, the card and the field."""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.core.errors import CardDataError

SLUG = r"^[a-z0-9][a-z0-9_]*$"


class CardBase(BaseModel):
    """Fields every card of every game has. Games subclass this with their own stats."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=SLUG, max_length=48)
    name: str = Field(min_length=1, max_length=60)
    text: str = Field(default="", max_length=600)
    copies: int = Field(default=1, ge=1, le=20)


C = TypeVar("C", bound=CardBase)


def _first_error(err: ValidationError) -> tuple[str | None, str]:
    errors = err.errors()
    # A misspelled field is both unknown and missing; name the spelling the file used.
    first = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])
    field = ".".join(str(part) for part in first["loc"]) or None
    return field, first["msg"]


def load_card_file(path: Path, model: type[C], table: str = "card") -> list[C]:
    """Every card in one file, in file order."""
    name = path.as_posix()
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise CardDataError(name, None, None, f"cannot read the file ({exc})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(name, None, None, f"not valid TOML ({exc})") from exc
    unknown = set(raw) - {table}
    if unknown:
        raise CardDataError(
            name, None, sorted(unknown)[0], f"unknown top-level key; use [[{table}]]"
        )
    entries = raw.get(table, [])
    if not isinstance(entries, list):
        raise CardDataError(name, None, table, f"expected [[{table}]] tables")
    cards: list[C] = []
    for index, entry in enumerate(entries):
        label = entry.get("id") if isinstance(entry, dict) else None
        label = str(label) if label else f"#{index + 1}"
        try:
            cards.append(model.model_validate(entry))
        except ValidationError as exc:
            field, problem = _first_error(exc)
            raise CardDataError(name, label, field, problem) from exc
    return cards


def load_card_dir(folder: Path, model: type[C], table: str = "card") -> list[C]:
    """Every ``*.toml`` file directly in ``folder``, sorted by name; ids must be unique."""
    cards: list[C] = []
    seen: dict[str, str] = {}
    files = sorted(folder.glob("*.toml"))
    if not files:
        raise CardDataError(folder.as_posix(), None, None, "no card files found")
    for path in files:
        for card in load_card_file(path, model, table):
            if card.id in seen:
                raise CardDataError(
                    path.as_posix(), card.id, "id", f"duplicate id (also in {seen[card.id]})"
                )
            seen[card.id] = path.name
            cards.append(card)
    return cards


def card_set_digest(cards: Iterable[BaseModel]) -> str:
    """A short stable hash of the validated definitions (not of the file layout)."""
    canon: Sequence[Any] = sorted(
        (c.model_dump(mode="json") for c in cards), key=lambda d: str(d.get("id"))
    )
    blob = json.dumps(canon, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.sha256(blob).hexdigest()[:16]
