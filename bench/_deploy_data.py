"""Edits a deploy makes to a copy of ``data/`` (never the real one), for ``bench/deploy.py`` and
the deploy tests: a card added at the top of a file, a card removed, a card's number changed."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data"


def copy_data(into: Path) -> Path:
    shutil.copytree(DATA, into)
    return into


def add_card_on_top(folder: Path, game: str, file: str, card: str, table: str = "card") -> None:
    """A new card before every other card of ``file`` (every later instance id shifts);
    ``table`` is the file's array of cards (quest's monsters are ``[[monster]]``)."""
    path = folder / game / file
    text = path.read_text("utf-8")
    at = text.index(f"[[{table}]]")
    path.write_text(text[:at] + card.strip() + "\n\n" + text[at:], "utf-8")


def first_block(folder: Path, game: str, file: str, table: str = "card") -> str:
    """The first card of ``file`` as written (its ``[[table]]`` line and fields)."""
    text = (folder / game / file).read_text("utf-8")
    return f"[[{table}]]" + text.split(f"[[{table}]]")[1]


def remove_card(folder: Path, game: str, file: str, card_id: str, table: str = "card") -> None:
    path = folder / game / file
    blocks = path.read_text("utf-8").split(f"[[{table}]]")
    kept = [b for b in blocks if not re.search(rf'^id = "{card_id}"$', b, re.M)]
    assert len(kept) == len(blocks) - 1, card_id
    path.write_text(f"[[{table}]]".join(kept), "utf-8")


def change_number(folder: Path, game: str, file: str, card_id: str, field: str, value: int) -> None:
    path = folder / game / file
    blocks = path.read_text("utf-8").split("[[card]]")
    for i, block in enumerate(blocks):
        if re.search(rf'^id = "{card_id}"$', block, re.M):
            changed = re.sub(rf"^{field} = -?\d+$", f"{field} = {value}", block, flags=re.M)
            assert changed != block, (card_id, field)
            blocks[i] = changed
    path.write_text("[[card]]".join(blocks), "utf-8")


def bump_every(folder: Path, game: str, file: str, field: str, by: int) -> int:
    """Every card of ``file`` with ``field`` gets ``by`` more of it; how many changed."""
    path = folder / game / file
    text, count = re.subn(
        rf"^{field} = (-?\d+)$",
        lambda m: f"{field} = {int(m.group(1)) + by}",
        path.read_text("utf-8"),
        flags=re.M,
    )
    path.write_text(text, "utf-8")
    return count
