"""The card pool and the preconstructed decks (# 000 I.B.2.a, I.E, I.F)."""

from __future__ import annotations

import itertools
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


def _deck(duel: Duel, hero: str, cards: dict[str, int]) -> list[str]:
    return [v.code for v in validate_deck(Deck(hero, cards), duel.by_id)]


def _neutral_forty(duel: Duel) -> dict[str, int]:
    ids = [c.id for c in duel.defs if c.klass == "neutral" and c.type != "hero"]
    out: dict[str, int] = {}
    for cid in itertools.islice(itertools.cycle(ids), 40):
        out[cid] = out.get(cid, 0) + 1
    return out


def _minus(cards: dict[str, int], n: int) -> dict[str, int]:
    """The same deck with ``n`` cards taken out (a count of 0 is dropped, not kept)."""
    out = dict(cards)
    for cid in list(out)[:n]:
        out[cid] -= 1
        if not out[cid]:
            del out[cid]
    return out


def _of_class(duel: Duel, klass: str, n: int) -> dict[str, int]:
    ids = [c.id for c in duel.defs if c.klass == klass and c.type != "hero"][:n]
    return dict.fromkeys(ids, 1)


@pytest.mark.parametrize(
    "name", ["bard", "cleric", "ranger", "thief", "wanderer", "warrior", "wizard"]
)
def test_each_precon_is_legal_and_forty(duel: Duel, name: str) -> None:
    # 000 I.B.2.a: exactly 40, at most 3 a name, Neutral plus the Hero's class
    deck = duel.decks[name]
    assert sum(deck.cards.values()) == 40
    assert validate_deck(deck, duel.by_id) == []
    hero = duel.by_id[deck.hero]
    names: dict[str, int] = {}
    for cid, n in deck.cards.items():
        names[duel.by_id[cid].name] = names.get(duel.by_id[cid].name, 0) + n
        assert duel.by_id[cid].klass in ("neutral", hero.klass)
        assert duel.by_id[cid].type != "hero"
    assert max(names.values()) <= 3


def test_an_all_neutral_deck_is_legal_for_any_hero(duel: Duel) -> None:
    # 000 I.B.2.a: entirely Neutral is allowed
    for hero in ("hero_brunhild", "hero_pell"):
        assert _deck(duel, hero, _neutral_forty(duel)) == []


def test_deck_violations_all_at_once(duel: Duel) -> None:
    # 000 I.B.2.a: 41 cards, a Hero in it, 4 of a name, a card of another class: all reported
    cards = _neutral_forty(duel)
    first = next(iter(cards))
    cards[first] = 4
    cards["hero_vesper"] = 1
    wizard = next(iter(_of_class(duel, "wizard", 1)))
    cards[wizard] = 1
    total = sum(cards.values())
    codes = _deck(duel, "hero_brunhild", cards)
    assert total > 40 and "duel.deck.too_many" in codes
    assert {"duel.deck.hero_in_deck", "duel.deck.too_many_copies", "duel.deck.wrong_class"} <= set(
        codes
    )
    words = [v.words() for v in validate_deck(Deck("hero_brunhild", cards), duel.by_id)]
    assert all(w and not w.startswith("duel.") for w in words)


def test_fewer_than_forty_is_refused(duel: Duel) -> None:
    cards = _minus(_neutral_forty(duel), 1)
    assert _deck(duel, "hero_brunhild", cards) == ["duel.deck.too_few"]


def test_wanderer_hero_adds_one_class_only(duel: Duel) -> None:
    # 000 I.F: a Wanderer deck's class cards must all be of one class
    base = _minus(_neutral_forty(duel), 4)
    one = {**base}
    for cid in _of_class(duel, "thief", 4):
        one[cid] = one.get(cid, 0) + 1
    assert _deck(duel, "hero_pell", one) == []
    two = {**base}
    for cid in list(_of_class(duel, "thief", 2)) + list(_of_class(duel, "bard", 2)):
        two[cid] = two.get(cid, 0) + 1
    assert _deck(duel, "hero_pell", two) == ["duel.deck.many_classes"]
    # the same cards are simply the wrong class for a Warrior Hero
    assert set(_deck(duel, "hero_brunhild", two)) == {"duel.deck.wrong_class"}


def test_a_class_hero_may_not_use_wanderer_cards(duel: Duel) -> None:
    # 000 I.B.2.a: class cards must match the Hero's class (Wanderer is a class too)
    cards = _minus(_neutral_forty(duel), 1)
    wanderer = next(iter(_of_class(duel, "wanderer", 1)))
    cards[wanderer] = 1
    assert _deck(duel, "hero_brunhild", cards) == ["duel.deck.wrong_class"]
