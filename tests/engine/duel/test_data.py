"""The card pool and the preconstructed decks (# 000 I.B.2.a, I.E, I.F)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cards.loader import load_card_file
from engine.core.errors import CardDataError
from engine.duel.cards import CLASSES, KEYWORDS, DuelCard
from engine.duel.decks import Deck, validate_deck
from engine.duel.game import Duel


def test_seven_heroes_one_per_class(duel: Duel) -> None:
    heroes = [c for c in duel.defs if c.type == "hero"]
    assert sorted(h.klass for h in heroes) == sorted(CLASSES)


def test_every_type_and_subtype_is_in_the_pool(duel: Duel) -> None:
    kinds = {(c.type, c.subtype) for c in duel.defs}
    for sub in ("armor", "trinket", "weapon"):
        assert ("loot", sub) in kinds
    for sub in ("curse", "treachery", "interrupt"):
        assert ("mischief", sub) in kinds
    assert {c.type for c in duel.defs} == {
        "hero",
        "ally",
        "location",
        "loot",
        "mischief",
        "monster",
    }


@pytest.mark.parametrize("name", CLASSES)
def test_precons_are_legal(duel: Duel, name: str) -> None:
    deck = duel.decks[name]
    assert validate_deck(deck, duel.by_id) == []
    assert sum(deck.cards.values()) == 40


def test_validate_deck_reports_every_violation_at_once(duel: Duel) -> None:
    # 000 I.B.2.a: size, copies, Heroes, class
    deck = Deck(
        "hero_brunhild",
        {"puddle_slime": 4, "hero_ostwin": 1, "shadow_stalker": 2, "no_such_card": 1},
    )
    codes = [v.code for v in validate_deck(deck, duel.by_id)]
    assert codes == [
        "duel.deck.too_few",
        "duel.deck.hero_in_deck",
        "duel.deck.unknown_card",
        "duel.deck.wrong_class",
        "duel.deck.too_many_copies",
    ]
    assert all(v.words() != v.code for v in validate_deck(deck, duel.by_id))


def test_a_deck_over_forty_is_refused(duel: Duel) -> None:
    cards = dict(duel.decks["warrior"].cards)
    cards["windfall"] = 1
    codes = [v.code for v in validate_deck(Deck("hero_brunhild", cards), duel.by_id)]
    assert codes == ["duel.deck.too_many"]


def test_wanderer_may_add_one_class_only(duel: Duel) -> None:
    # 000 I.F: a Wanderer deck uses Neutral cards and at most one class
    one = dict(duel.decks["thief"].cards)
    assert validate_deck(Deck("hero_pell", one), duel.by_id) == []
    two = dict(one)
    two["shadow_stalker"] = 2
    two["pit_champion"] = 1
    codes = [v.code for v in validate_deck(Deck("hero_pell", two), duel.by_id)]
    assert codes == ["duel.deck.many_classes"]


def test_unknown_hero_is_reported(duel: Duel) -> None:
    codes = [v.code for v in validate_deck(Deck("nobody", duel.decks["thief"].cards), duel.by_id)]
    assert codes[0] == "duel.deck.unknown_hero"


def test_card_file_errors_name_the_field(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('[[card]]\nid = "x"\nname = "X"\ntype = "loot"\nsubtype = "hat"\n')
    with pytest.raises(CardDataError, match="loot needs subtype"):
        load_card_file(path, DuelCard)


def test_unknown_card_keyword_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        '[[card]]\nid = "x"\nname = "X"\ntype = "ally"\nlife = 1\nkeywords = { flying = 1 }\n'
    )
    with pytest.raises(CardDataError, match="unknown card keyword"):
        load_card_file(path, DuelCard)


def test_every_keyword_is_on_at_least_two_cards(duel: Duel) -> None:
    # 000 IV: every glossary keyword is exercised by the pool
    counts = {k: sum(k in c.all_keywords() for c in duel.defs) for k in KEYWORDS}
    assert min(counts.values()) >= 2, counts
    assert set(KEYWORDS) == {
        "bleeding",
        "cancel",
        "collect",
        "encore",
        "flaunt",
        "give",
        "give_blood",
        "heal",
        "life_o_suction",
        "look",
        "monstrous",
        "prevent",
        "recycle",
        "regenerate",
        "remove_from_game",
        "reveal",
        "sketchy",
        "smack",
        "spill",
        "steal",
        "stealthy",
        "survivor",
    }


def test_recycle_must_come_last(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        '[[card]]\nid = "x"\nname = "X"\ntype = "mischief"\nsubtype = "treachery"\n'
        'abilities = [{ when = "play", effects = [{ op = "recycle" }, { op = "draw" }] }]\n'
    )
    with pytest.raises(CardDataError, match="recycle must be the last"):
        load_card_file(path, DuelCard)


def test_card_list_markdown_covers_every_card(duel: Duel) -> None:
    from engine.duel.carddoc import render

    text = render(duel)
    assert all(f"`{c.id}`" in text for c in duel.defs)
    assert all(f"`{key}`" in text for key in duel.decks)
