"""Decks through ``DeckRepository``: round trips, names unique per owner ignoring case, and a
deleted deck takes the players' choice of it along."""

from __future__ import annotations

import pytest

from bot.storage import Storage
from bot.storage.models import DeckChoice, DeckNameTaken, StoredDeck


async def test_a_deck_round_trips(storage: Storage) -> None:
    decks = storage.decks
    made = await decks.create(1, "duel", "Muddy", "ranger", {"goblin": 2, "axe": 1})
    assert isinstance(made, StoredDeck)
    assert await decks.by_id(made.id) == made
    assert await decks.find(1, "duel", "muddy") == made  # any case
    await decks.save_cards(made.id, {"goblin": 3})
    saved = await decks.by_id(made.id)
    assert saved is not None and saved.cards == {"goblin": 3}
    assert await decks.count(1) == 1 and await decks.count(2) == 0


async def test_names_are_unique_per_owner_and_game_ignoring_case(storage: Storage) -> None:
    decks = storage.decks
    await decks.create(1, "duel", "Muddy", "ranger", {})
    with pytest.raises(DeckNameTaken):
        await decks.create(1, "duel", "MUDDY", "thief", {})
    await decks.create(2, "duel", "Muddy", "thief", {})  # another owner may
    await decks.create(1, "duel", "apple", "thief", {})
    assert [d.name for d in await decks.decks_of(1, "duel")] == ["apple", "Muddy"]


async def test_choices_round_trip_and_go_with_a_deleted_deck(storage: Storage) -> None:
    decks = storage.decks
    made = await decks.create(1, "duel", "Muddy", "ranger", {})
    assert await decks.choice(1, "duel") is None
    await decks.choose(1, "duel", deck_id=None, precon="thief")
    assert await decks.choice(1, "duel") == DeckChoice(None, "thief")
    await decks.choose(1, "duel", deck_id=made.id, precon=None)
    assert await decks.choice(1, "duel") == DeckChoice(made.id, None)
    await decks.delete(made.id)
    assert await decks.by_id(made.id) is None
    assert await decks.choice(1, "duel") is None
