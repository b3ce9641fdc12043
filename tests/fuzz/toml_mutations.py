"""Mutated TOML for the data-file fuzzers: a small writer (every value inline, which TOML
allows anywhere) and hypothesis strategies that drop, misspell or retype one field."""

from __future__ import annotations

import json
import math
from typing import Any

from hypothesis import strategies as st

BARE_KEY = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
WRONG_VALUES = st.one_of(
    st.integers(-(2**63), 2**63 - 1),
    st.text(max_size=12),
    st.booleans(),
    st.just([]),
    st.just({}),
    st.lists(st.integers(-3, 3), max_size=3),
    st.floats(allow_nan=False, allow_infinity=False),
)


def dump_key(key: str) -> str:
    return key if key and set(key) <= BARE_KEY else json.dumps(key, ensure_ascii=False)


def dump_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else "nan"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(dump_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{dump_key(k)} = {dump_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"no TOML for {type(value).__name__}")


def dumps(data: dict[str, Any]) -> str:
    return "".join(f"{dump_key(k)} = {dump_value(v)}\n" for k, v in data.items())


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place a key sits (a dict key), as a path of keys and list indexes."""
    found: list[tuple[Any, ...]] = []
    if isinstance(value, dict):
        for key, child in value.items():
            found.append((*prefix, key))
            found += paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += paths(child, (*prefix, index))
    return found


def typo(key: str) -> str:
    """A near miss a person makes: a doubled letter, or two letters swapped."""
    if len(key) >= 2 and key[0] != key[1]:
        return key[1] + key[0] + key[2:]
    return key + key[-1:]


@st.composite
def mutated(draw: st.DrawFn, data: dict[str, Any]) -> tuple[str, str, dict[str, Any]]:
    """(kind, key, mutated copy): one key somewhere dropped, misspelled or given a wrong value."""
    copy: dict[str, Any] = json.loads(json.dumps(data))
    where = draw(st.sampled_from(paths(copy)))
    *parents, key = where
    holder: Any = copy
    for step in parents:
        holder = holder[step]
    kind = draw(st.sampled_from(["drop", "typo", "retype"]))
    if kind == "drop":
        del holder[key]
    elif kind == "typo":
        holder[typo(key)] = holder.pop(key)
        key = typo(key)
    else:
        holder[key] = draw(WRONG_VALUES)
    return kind, key, copy
