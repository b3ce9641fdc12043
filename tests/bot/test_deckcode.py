"""Deck codes round-trip exactly; bad codes and lists give reasons (issue 6: decks)."""

import base64
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.games.duel.deckcode import DeckCodeError, DeckList, decode, encode, parse_list, to_list

slugs = st.from_regex(r"[a-z][a-z0-9_]{0,20}", fullmatch=True)
decks = st.builds(
    DeckList,
    hero=st.none() | slugs,
    cards=st.dictionaries(slugs, st.integers(min_value=1, max_value=99), max_size=40),
)
NAMES = {"goblin_axe": "Goblin Axe", "mud_golem": "Mud Golem", "hero_bard": "Lute Lady"}


def resolve(name: str) -> str | None:
    return next((k for k, v in NAMES.items() if v.lower() == name.lower()), None)


@given(decks)
def test_code_round_trips_exactly(deck: DeckList) -> None:
    code = encode(deck)
    assert decode(code) == deck
    assert encode(decode(code)) == code
    assert code.isascii() and " " not in code


@given(st.text(max_size=300))
def test_any_text_is_a_deck_or_a_clear_refusal(text: str) -> None:
    try:
        decode(text)
    except DeckCodeError as err:
        assert err.problems and err.problems[0][0] in {"not_a_code", "damaged_code"}


def test_compression_bomb_is_refused() -> None:
    bomb = base64.urlsafe_b64encode(zlib.compress(b"x|" + b"a" * 100_000)).decode()
    with pytest.raises(DeckCodeError):
        decode("bs1-" + bomb)


def test_a_forty_card_deck_code_is_short() -> None:
    deck = DeckList("hero_wizard", {f"card_number_{i:02d}": 3 for i in range(13)} | {"x": 1})
    assert len(encode(deck)) < 160


def test_plain_list_reads_and_writes_back() -> None:
    deck = parse_list("Hero: lute lady\n3x Goblin Axe\n# note\n\n2 mud golem\n", resolve)
    assert deck == DeckList("hero_bard", {"goblin_axe": 3, "mud_golem": 2})
    assert parse_list(to_list(deck, NAMES.__getitem__), resolve) == deck


def test_plain_list_reports_every_bad_line() -> None:
    with pytest.raises(DeckCodeError) as err:
        parse_list("3x Goblin Axe\nthree golems\n2x Nothing Such\n", resolve)
    assert [code for code, _ in err.value.problems] == ["bad_line", "unknown_card"]
