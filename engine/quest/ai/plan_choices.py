"""The legal actions the heuristic seat chooses from, grouped by kind so each decision asks
only for the kinds it considers."""

from __future__ import annotations

from engine.core import Action

Choices = dict[str, list[Action]]


def by_kind(legal: list[Action]) -> Choices:
    out: Choices = {}
    for a in legal:
        out.setdefault(a.kind, []).append(a)
    return out


def first_of(by: Choices, kind: str) -> Action | None:
    found = by.get(kind)
    return found[0] if found else None
