"""Hypothesis strategies for hostile input: near-miss custom ids, action keys, deck codes."""

from __future__ import annotations

from typing import Literal

from hypothesis import strategies as st

from bot.render.ids import LEGACY_KEYS, UNVERSIONED_KEYS

KEY_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-"
SPECIAL_KEYS = [
    *sorted(UNVERSIONED_KEYS),
    *sorted(LEGACY_KEYS),
    "cancel",
    "concede",
    "pass",
    "draw",
    "play.0",
    "play.n1",
    "...",
]
# Text without lone surrogates: Discord sends UTF-8, which cannot carry them.
SURROGATES: tuple[Literal["Cs"]] = ("Cs",)
TEXT = st.text(st.characters(exclude_categories=SURROGATES), max_size=120)


def key_texts() -> st.SearchStrategy[str]:
    """Keys a button could carry: the bot's own, action-shaped ones, and anything allowed."""
    return st.one_of(
        st.sampled_from(SPECIAL_KEYS),
        st.builds(
            lambda kind, args: ".".join([kind, *args]),
            st.sampled_from(["play", "pass", "draw", "stand", "hit", "fight", "x"]),
            st.lists(st.from_regex(r"\An?[0-9]{1,6}\Z|\A[a-z_]{1,8}\Z"), max_size=3),
        ),
        st.text(KEY_ALPHABET, min_size=1, max_size=80),
    )


def custom_id_texts() -> st.SearchStrategy[str]:
    """Arbitrary text, and text that almost is a Backstab custom id."""
    number = st.one_of(st.integers(-5, 10**20).map(str), st.sampled_from(["", "0", "01", "1e3"]))
    near = st.builds(
        lambda prefix, match, version, key, sep: sep.join([prefix, match, version, key]),
        st.sampled_from(["bs", "BS", "bs ", "", "bx"]),
        number,
        number,
        st.one_of(key_texts(), TEXT),
        st.sampled_from([":", "::", ";"]),
    )
    return st.one_of(TEXT, near)
