"""The deck book on a real SQLite file with the real duel cards (issue 6: decks)."""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.core.service import MatchInfo, SeatInfo, ServiceError
from bot.games.duel import deck_words, deckcode
from bot.games.duel.deck_errors import DeckError
from bot.games.duel.decks import MAX_CARDS, DeckBook
from bot.storage import Storage, open_storage
from engine.duel.decks import Deck, Violation, validate_deck
from engine.games import load_game

ALICE, BOB = 101, 202
DUEL = load_game("duel")


@pytest.fixture
async def book(tmp_path: Path) -> AsyncIterator[DeckBook]:
    db: Storage = await open_storage(tmp_path / "decks.sqlite3")
    yield DeckBook(db.decks)
    await db.close()


def warrior_cards() -> dict[str, int]:
    return dict(DUEL.decks["warrior"].cards)  # type: ignore[attr-defined]


async def test_a_deck_is_built_card_by_card_and_becomes_ready(book: DeckBook) -> None:
    deck = await book.new(ALICE, "Iron Will", "brunhild axebiter")
    assert deck.hero == "hero_brunhild" and not deck.ready
    for card, count in warrior_cards().items():
        deck = await book.add(ALICE, "iron will", card, count)
    assert deck.ready and deck.size == 40
    deck = await book.remove(ALICE, "Iron Will", "puddle_slime", 1)
    assert not deck.ready and deck.size == 39
    await book.add(ALICE, "Iron Will", book.card_name("puddle_slime"), 1)
    assert (await book.get(ALICE, "Iron Will")).ready


async def test_decks_belong_to_their_owner(book: DeckBook) -> None:
    await book.new(ALICE, "Mine", "hero_brunhild")
    with pytest.raises(DeckError) as err:
        await book.add(BOB, "Mine", "puddle_slime", 1)
    assert err.value.code == "no_such_deck"
    with pytest.raises(DeckError):
        await book.delete(BOB, "Mine")
    assert [d.name for d in await book.own(BOB)] == []
    assert [d.name for d in await book.own(ALICE)] == ["Mine"]
    # Bob may have his own deck of the same name.
    await book.new(BOB, "Mine", "hero_vesper")
    assert (await book.get(ALICE, "mine")).hero == "hero_brunhild"


async def test_the_seven_precons_are_open_to_all_and_read_only(book: DeckBook) -> None:
    precons = book.precons()
    assert len(precons) == 7 and all(p.ready for p in precons)
    assert (await book.get(BOB, "warrior")).precon == "warrior"
    assert (await book.use(BOB, "precon:thief")).precon == "thief"
    assert (await book.chosen(BOB)) is not None
    with pytest.raises(DeckError) as err:
        await book.add(BOB, "precon:warrior", "puddle_slime", 1)
    assert err.value.code == "precon_read_only"


async def test_a_draft_is_kept_but_cannot_be_used(book: DeckBook) -> None:
    await book.new(ALICE, "Half", "hero_brunhild")
    with pytest.raises(DeckError) as err:
        await book.use(ALICE, "Half")
    assert err.value.code == "draft"
    assert "needs exactly 40" in err.value.detail["problems"][0]
    assert await book.chosen(ALICE) is None


@pytest.mark.parametrize(
    ("name", "code"),
    [("", "bad_name"), ("a:b", "bad_name"), ("precon:x", "bad_name"), ("x" * 41, "bad_name")],
)
async def test_bad_names_are_refused(book: DeckBook, name: str, code: str) -> None:
    with pytest.raises(DeckError) as err:
        await book.new(ALICE, name, "hero_brunhild")
    assert err.value.code == code
    assert await book.own(ALICE) == []


async def test_bad_input_changes_nothing(book: DeckBook) -> None:
    await book.new(ALICE, "Deck", "hero_brunhild")
    for call, code in [
        (book.new(ALICE, "Deck", "hero_vesper"), "name_taken"),
        (book.new(ALICE, "Other", "puddle_slime"), "not_a_hero"),
        (book.add(ALICE, "Deck", "no such card", 1), "unknown_card"),
        (book.remove(ALICE, "Deck", "puddle_slime", 1), "card_not_in_deck"),
        (book.import_deck(ALICE, "bs1-!!!", "Broken"), "unreadable"),
        (book.import_deck(ALICE, "3x Puddle Slime", "Heroless"), "no_hero"),
    ]:
        with pytest.raises(DeckError) as err:
            await call
        assert err.value.code == code
    assert [(d.name, d.cards) for d in await book.own(ALICE)] == [("Deck", {})]


async def test_plain_list_and_code_import_to_the_same_deck(book: DeckBook) -> None:
    _, code, listed = await book.export(ALICE, "warrior")
    from_code = await book.import_deck(ALICE, code, "From code")
    from_list = await book.import_deck(ALICE, listed, "From list")
    one_line = await book.import_deck(ALICE, listed.replace("\n", "; "), "One line")
    for deck in (from_code, from_list, one_line):
        assert deck.ready and (deck.hero, deck.cards) == ("hero_brunhild", warrior_cards())


# Every deck rule of # 000 I.B.2.a reaches the player in plain words.
RULE_CASES: list[tuple[str, str, dict[str, int]]] = [
    ("duel.deck.unknown_hero", "hero_nobody", {}),
    ("duel.deck.not_a_hero", "puddle_slime", {}),
    ("duel.deck.too_few", "hero_brunhild", {"puddle_slime": 3}),
    ("duel.deck.too_many", "hero_brunhild", warrior_cards() | {"bribe": 1}),
    ("duel.deck.unknown_card", "hero_brunhild", {"made_up_card": 1}),
    ("duel.deck.too_many_copies", "hero_brunhild", {"puddle_slime": 4}),
    ("duel.deck.hero_in_deck", "hero_brunhild", {"hero_vesper": 1}),
    ("duel.deck.wrong_class", "hero_brunhild", {"twin_daggers": 1}),
    ("duel.deck.many_classes", "hero_pell", {"twin_daggers": 1, "war_maul": 1}),
]


@pytest.mark.parametrize(("rule", "hero", "cards"), RULE_CASES, ids=[c[0] for c in RULE_CASES])
async def test_every_deck_rule_is_listed_in_words(
    book: DeckBook, rule: str, hero: str, cards: dict[str, int]
) -> None:
    code = deckcode.encode(deckcode.DeckList(hero, cards))
    deck = await book.import_deck(ALICE, code, "Case")  # saved as a draft, not refused
    expected = [v for v in validate_deck(Deck(hero, cards), book.cards) if v.code == rule]
    assert expected, f"the case does not break {rule}"
    assert expected[0].words() in deck.problems
    with pytest.raises(DeckError) as err:
        await book.use(ALICE, "Case")
    assert expected[0].words() in err.value.detail["problems"]


def test_every_rule_code_has_a_case() -> None:
    # bad_count cannot reach a stored deck: codes, lists and /deck remove keep counts >= 1.
    words = Violation("duel.deck.x").words.__code__.co_consts
    codes = {c for c in words if isinstance(c, str) and c.startswith("duel.deck.")}
    assert codes - {"duel.deck.bad_count"} <= {c[0] for c in RULE_CASES}


card_ids = st.sampled_from(sorted(DUEL.by_id))  # type: ignore[attr-defined]
# Every deck the book can hold: a hero and at most MAX_CARDS cards in any mix (drafts too).
lists = st.builds(
    lambda hero, picks: deckcode.DeckList(hero, dict(Counter(picks))),
    card_ids,
    st.lists(card_ids, max_size=MAX_CARDS),
)
# The longest code and list there can be: MAX_CARDS different cards, the longest ids first.
LONGEST = sorted((c for c in DUEL.by_id.values() if c.type != "hero"), key=lambda c: -len(c.id))  # type: ignore[attr-defined]
WIDEST = deckcode.DeckList("hero_brunhild", {c.id: 1 for c in LONGEST[:MAX_CARDS]})


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lists)
@example(WIDEST)
@example(deckcode.DeckList("hero_brunhild", {"puddle_slime": MAX_CARDS}))
async def test_export_import_round_trips_any_deck(tmp_path: Path, deck: deckcode.DeckList) -> None:
    # A fresh file per example: hypothesis may run the same deck twice (replay, shrinking).
    db = await open_storage(tmp_path / f"rt{uuid4().hex}.sqlite3")
    try:
        book = DeckBook(db.decks)
        saved = await book.import_deck(ALICE, deckcode.encode(deck), "Round")
        _, code, listed = await book.export(ALICE, "Round")
        again = await book.import_deck(ALICE, listed, "Again")
        assert (saved.hero, saved.cards) == (deck.hero, dict(deck.cards))
        assert deckcode.decode(code) == deck
        assert (again.hero, again.cards) == (deck.hero, dict(deck.cards))
    finally:
        await db.close()


def seat(n: int, user: int | None) -> SeatInfo:
    return SeatInfo(n, user, None if user else "random", f"P{n}", False)


def duel_match(*users: int | None, options: dict[str, Any] | None = None) -> MatchInfo:
    seats = tuple(seat(i, u) for i, u in enumerate(users))
    return MatchInfo(1, 1, 1, None, None, "duel", "lobby", 1, 0, seats, options or {}, None, None)


async def test_a_starting_duel_takes_each_seats_pick(book: DeckBook) -> None:
    await book.import_deck(ALICE, (await book.export(ALICE, "wizard"))[1], "Sparks")
    await book.use(ALICE, "Sparks")
    options = await book.start_options(duel_match(ALICE, None))
    decks = options["decks"]
    assert decks[0]["name"] == "Sparks" and decks[0]["hero"] == "hero_mordak"
    assert decks[1]["hero"] == DUEL.decks["thief"].hero  # type: ignore[attr-defined]
    DUEL.new(2, 7, options)  # the engine accepts what the book wrote into the record
    assert await book.start_options(duel_match(ALICE, BOB, options={"decks": ["x", "y"]})) == {}


async def test_a_pick_broken_after_use_stops_the_start_with_a_reason(book: DeckBook) -> None:
    await book.import_deck(ALICE, (await book.export(ALICE, "wizard"))[1], "Sparks")
    await book.use(ALICE, "Sparks")
    await book.remove(ALICE, "Sparks", "fire_bolt", 1)
    with pytest.raises(ServiceError) as err:
        await book.start_options(duel_match(ALICE, BOB))
    assert err.value.code == "deck_not_ready" and err.value.detail["deck"] == "Sparks"


async def test_autocomplete_offers_names(book: DeckBook) -> None:
    assert any("Brunhild" in label for label, _ in book.card_choices("brun", heroes=True))
    assert all(book.cards[c].type == "hero" for _, c in book.card_choices("", heroes=True))
    assert len(book.card_choices("")) == 25  # Discord's cap
    await book.new(ALICE, "Zed", "hero_brunhild")
    values = [v for _, v in await book.deck_choices(ALICE, "")]
    assert values[0] == "Zed" and "precon:warrior" in values


async def test_a_deck_never_holds_more_than_99_cards(book: DeckBook) -> None:
    # 013 item 8: /deck add used to pile copies up past 99, and the bot's own export of such
    # a deck ("120x ...", a code with a count over 99) did not import.
    await book.new(ALICE, "Pile", "hero_brunhild")
    deck = await book.add(ALICE, "Pile", "puddle_slime", 99)
    with pytest.raises(DeckError) as err:
        await book.add(ALICE, "Pile", "war_maul", 1)
    assert err.value.code == "too_many_cards" and err.value.detail["size"] == 100
    assert (await book.get(ALICE, "Pile")).cards == deck.cards  # unchanged
    _, code, listed = await book.export(ALICE, "Pile")
    assert (await book.import_deck(ALICE, code, "Copy")).cards == {"puddle_slime": 99}
    assert (await book.import_deck(ALICE, listed, "Listed")).cards == {"puddle_slime": 99}


async def test_an_import_of_more_than_99_cards_is_refused_whole(book: DeckBook) -> None:
    slime = DUEL.by_id["puddle_slime"].name  # type: ignore[attr-defined]
    listing = f"Hero: Brunhild Axebiter\n60x {slime}\n40x {slime}"
    with pytest.raises(DeckError) as err:
        await book.import_deck(ALICE, listing, "Too big")
    assert err.value.code == "too_many_cards"
    assert deck_words.deck_error(err.value.code, err.value.detail).endswith("Nothing was changed.")
    assert [d.name for d in await book.own(ALICE)] == []


# `/deck add` suggests only what the deck can take (issue 18, item 7): the class rule and the
# copy limit as validate_deck judges them; the deck's size is no reason to hide a card.
async def test_a_warrior_deck_is_offered_neutral_and_warrior_cards_only(book: DeckBook) -> None:
    deck = await book.new(ALICE, "Dents", "hero_brunhild")
    for card in book.cards.values():
        if card.type != "hero":
            assert book.fits(deck, card.id) == (card.klass in ("neutral", "warrior")), card.id
    wizard = next(c for c in book.cards.values() if c.klass == "wizard" and c.type != "hero")
    offered = [card for _, card in book.card_choices(wizard.name, taken_by=deck)]
    assert wizard.id not in offered
    assert wizard.id in [card for _, card in book.card_choices(wizard.name)]


async def test_a_wanderer_deck_keeps_to_its_one_class_and_a_full_card_is_not_offered(
    book: DeckBook,
) -> None:
    bard, cleric = (
        next(c for c in book.cards.values() if c.klass == k and c.type != "hero")
        for k in ("bard", "cleric")
    )
    deck = await book.new(ALICE, "Roads", "hero_pell")
    assert book.fits(deck, bard.id) and book.fits(deck, cleric.id)
    deck = await book.add(ALICE, "Roads", bard.id, 3)
    assert not book.fits(deck, cleric.id)  # a second class
    assert not book.fits(deck, bard.id)  # a fourth copy
    assert book.fits(deck, "puddle_slime")
