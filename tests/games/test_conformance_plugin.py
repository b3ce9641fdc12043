"""What every plugin declares holds together: a title, the engine's id and seats, and, when it
has them, reference topics and a card index that /rules and /card can offer on Discord."""

from __future__ import annotations

import pytest

from bot.plugins import GamePlugin
from bot.screens import reference
from engine.games import load_game

CHOICE_VALUE = 100  # Discord: characters in an autocomplete choice's value


def test_a_plugin_names_its_game_and_hosts_the_engines_id(plugin: GamePlugin) -> None:
    assert plugin.title.strip()
    assert plugin.id == load_game(plugin.id).id


def test_the_reference_topics_and_card_index_can_be_offered(plugin: GamePlugin) -> None:
    if plugin.reference is None:
        pytest.skip(f"{plugin.id} has no /rules or /card reference")
    topics = plugin.reference.topics
    assert topics and all(title.strip() and text.strip() for title, text in topics.values())
    for topic in topics:
        key = reference.topic_key(plugin.id, topic)
        assert len(key) <= CHOICE_VALUE and reference.find_topic(key) is not None
    cards = list(plugin.reference.cards())
    assert cards and len({c.id for c in cards}) == len(cards), "card ids are unique"
    for card in cards:
        assert card.face.title.strip() and card.copies > 0
        assert len(f"{plugin.id}:{card.id}") <= CHOICE_VALUE
    assert reference.find_card(f"{plugin.id}:{cards[0].id}") is not None


def test_a_league_role_reads_as_a_name(plugin: GamePlugin) -> None:
    if plugin.league is None or plugin.reference is None:
        pytest.skip(f"{plugin.id} keeps no league roles")
    names = {c.face.title for c in plugin.reference.cards()}
    role_names = [plugin.league.role_name(c.id) for c in plugin.reference.cards()]
    assert any(role_names) and {n for n in role_names if n} <= names


def test_the_ways_to_play_are_the_engines_and_each_has_words(plugin: GamePlugin) -> None:
    """The engine declares the ways to play and their switches (``Game.variants``, each a
    subset of its ``match_options``); the plugin names each of them, in the same order."""
    engine = load_game(plugin.id)
    assert [v.key for v in plugin.variants] == [key for key, _ in engine.variants]
    for key, switches in engine.variants:
        assert set(switches) <= set(engine.match_options), key
    assert all(v.name.strip() and v.note.strip() for v in plugin.variants)
