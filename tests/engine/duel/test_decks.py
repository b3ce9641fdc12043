"""Prime deck rules (# 000 I.B.2.a, I.D.1, I.F), one test per rule, on a small made-up pool so
the checks do not depend on the card data; every violation is reported at once, in words."""

from __future__ import annotations

from typing import Any

import pytest

from engine.duel.cards import DuelCard
from engine.duel.decks import Deck, Violation, validate_deck


def _card(cid: str, kind: str = "monster", klass: str = "neutral", name: str = "") -> DuelCard:
    raw: dict[str, Any] = {"id": cid, "name": name or cid.replace("_", " ").title(), "type": kind}
    raw["class"] = klass
    if kind in ("hero", "monster", "ally"):
        raw["life"] = 10 if kind == "hero" else 2
    return DuelCard.model_validate(raw)


POOL = {
    c.id: c
    for c in [
        _card("h_warrior", "hero", "warrior", "Axe Aunt"),
        _card("h_neutral", "hero", "neutral", "Plain Pat"),
        _card("h_wanderer", "hero", "wanderer", "Roaming Rue"),
        *(_card(f"n{i}") for i in range(20)),
        *(_card(f"w{i}", klass="warrior") for i in range(5)),
        *(_card(f"t{i}", klass="thief") for i in range(5)),
        _card("slime_a", name="Same Slime"),
        _card("slime_b", name="Same Slime"),
    ]
}


def _neutral(n: int) -> dict[str, int]:
    """``n`` neutral cards, three of each name."""
    cards: dict[str, int] = {}
    for i in range(20):
        take = min(3, n - sum(cards.values()))
        if take <= 0:
            break
        cards[f"n{i}"] = take
    return cards


def _codes(hero: str, cards: dict[str, int]) -> list[str]:
    return [v.code for v in validate_deck(Deck(hero, cards), POOL)]


def test_a_legal_deck_has_no_violation() -> None:
    # 000 I.B.2.a: any mix of Neutral cards and the Hero's class, 40 cards, 3 per name
    assert _codes("h_warrior", _neutral(37) | {"w0": 3}) == []
    assert _codes("h_warrior", _neutral(40)) == []


@pytest.mark.parametrize(("extra", "code"), [(1, "duel.deck.too_few"), (3, "duel.deck.too_many")])
def test_exactly_forty_cards(extra: int, code: str) -> None:
    # 000 I.B.2.a: fewer or more than 40 is not allowed
    problems = validate_deck(Deck("h_warrior", _neutral(38) | {"w0": extra}), POOL)
    assert [v.code for v in problems] == [code]
    assert problems[0].words().endswith("cards; it needs exactly 40.")


def test_at_most_three_cards_of_one_name_even_across_ids() -> None:
    # 000 I.D.1: cards with the same name are the same card, whatever else differs
    cards = _neutral(36) | {"slime_a": 2, "slime_b": 2}
    problems = validate_deck(Deck("h_warrior", cards), POOL)
    assert [v.code for v in problems] == ["duel.deck.too_many_copies"]
    assert problems[0].words() == "4 cards are named 'Same Slime'; at most 3 are allowed."


def test_no_heroes_in_the_deck() -> None:
    # 000 I.B.2.a: Hero cards are not deck cards and do not count towards the 40 (issue 14,
    # duel 7: 39 cards plus a Hero is both problems)
    problems = validate_deck(Deck("h_warrior", _neutral(39) | {"h_neutral": 1}), POOL)
    assert [v.code for v in problems] == ["duel.deck.too_few", "duel.deck.hero_in_deck"]
    assert "The deck has 39 cards" in problems[0].words()
    assert "'Plain Pat' is a Hero" in problems[1].words()
    problems = validate_deck(Deck("h_warrior", _neutral(40) | {"h_neutral": 1}), POOL)
    assert [v.code for v in problems] == ["duel.deck.hero_in_deck"]


def test_only_neutral_and_the_heros_class() -> None:
    # 000 I.B.2.a: cards from a class that does not match the Hero's are not allowed
    problems = validate_deck(Deck("h_warrior", _neutral(38) | {"t0": 2}), POOL)
    assert [v.code for v in problems] == ["duel.deck.wrong_class"]
    assert problems[0].words() == (
        "'T0' is a Thief card; this Hero allows only Neutral and Warrior cards."
    )


@pytest.mark.parametrize("hero", ["h_neutral", "h_wanderer"])
def test_a_neutral_or_wanderer_hero_adds_one_class_at_most(hero: str) -> None:
    # 000 I.B.2.a (Neutral Hero), I.F (Wanderer): Neutral cards plus a single class
    assert _codes(hero, _neutral(37) | {"t0": 3}) == []
    assert _codes(hero, _neutral(40)) == []
    problems = validate_deck(Deck(hero, _neutral(36) | {"t0": 2, "w0": 2}), POOL)
    assert [v.code for v in problems] == ["duel.deck.many_classes"]
    assert problems[0].words().endswith("this deck mixes Thief and Warrior.")


def test_the_hero_must_exist_and_be_a_hero() -> None:
    assert _codes("nobody", _neutral(40)) == ["duel.deck.unknown_hero"]
    assert _codes("n0", _neutral(40)) == ["duel.deck.not_a_hero"]


def test_every_violation_at_once_in_plain_words() -> None:
    # 000 I.B.2.a: the whole list, so a player fixes the deck in one go
    cards = {"n0": 3, "slime_a": 3, "slime_b": 1, "h_neutral": 1, "t0": 2, "ghost": 1, "n1": 0}
    problems = validate_deck(Deck("h_warrior", cards), POOL)
    assert sorted(v.code for v in problems) == sorted(
        [
            "duel.deck.too_few",
            "duel.deck.too_many_copies",
            "duel.deck.hero_in_deck",
            "duel.deck.wrong_class",
            "duel.deck.unknown_card",
            "duel.deck.bad_count",
        ]
    )
    for v in problems:
        words = v.words()
        assert words != v.code and "duel." not in words and words.endswith(".")


def test_unknown_codes_fall_back_to_the_code() -> None:
    assert Violation("duel.deck.other").words() == "duel.deck.other"
