"""Deck codes and deck lists: text that almost is a code (the right prefix, real base64,
real compression of a nearly canonical body) and any multi-line list either reads as a deck
or raises ``DeckCodeError`` whose every problem has wording in ``bot/words/texts.py``."""

from __future__ import annotations

import base64
import zlib

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.duel import deck_words
from bot.games.duel.deckcode import PREFIX, DeckCodeError, DeckList, decode, encode, parse_list

CANONICAL_PIECES = st.sampled_from(
    ["|", ",", "*", "hero", "card_a", "card_b", "0", "1", "99", "100", "-1", " ", "Ä", "*3", "_x"]
)
NAMES = {"rat": "Cellar Rat", "axe": "Old Axe", "hero_1": "Wandering Hero"}


def resolve(name: str) -> str | None:
    return next((k for k, v in NAMES.items() if v.lower() == name.lower()), None)


def near_codes() -> st.SearchStrategy[str]:
    body = st.lists(CANONICAL_PIECES, max_size=12).map("".join)
    compressed = body.map(lambda t: base64.urlsafe_b64encode(zlib.compress(t.encode())).decode())
    return st.one_of(
        compressed.map(lambda b: PREFIX + b),
        compressed.map(lambda b: PREFIX + b[: len(b) // 2]),  # cut short while copying
        st.binary(max_size=80).map(lambda b: PREFIX + base64.urlsafe_b64encode(b).decode()),
        st.text("ABCDEFabcdef0123456789-_=", max_size=60).map(lambda t: PREFIX + t),
        st.text(max_size=40).map(lambda t: " \n" + PREFIX + t + "\t"),
    )


def worded(error: DeckCodeError) -> None:
    assert error.problems
    for code, detail in error.problems:
        assert code in deck_words.DECK_CODE_PROBLEMS, code  # a sentence for it, not its code
        assert deck_words.deck_code_problem(code, detail)


@settings(max_examples=300, deadline=None)
@given(near_codes())
def test_a_near_code_is_a_deck_or_a_worded_refusal(text: str) -> None:
    try:
        deck = decode(text)
    except DeckCodeError as error:
        worded(error)
    else:
        assert isinstance(deck, DeckList)
        assert decode(encode(deck)) == deck  # whatever reads as a deck is a real one


LIST_LINES = st.one_of(
    st.sampled_from(["3x Cellar Rat", "1 old axe", "Hero: Wandering Hero", "# note", "", "  "]),
    st.sampled_from(["0x Old Axe", "3x Nobody", "Hero: Nobody", "x3 Rat", "99×Old Axe"]),
    st.text(max_size=40).filter(lambda t: "\n" not in t and "\r" not in t),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(LIST_LINES, max_size=8).map("\n".join))
def test_any_deck_list_is_a_deck_or_every_bad_line_worded(text: str) -> None:
    try:
        deck = parse_list(text, resolve)
    except DeckCodeError as error:
        worded(error)
    else:
        assert set(deck.cards) <= set(NAMES) and all(n >= 1 for n in deck.cards.values())
