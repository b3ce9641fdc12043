"""The duel table and hand: heroes, purses, the fight with its face-down commit, the stack."""

from __future__ import annotations

from bot.games.duel import words as duel_words
from bot.games.duel.cards_text import card_of
from bot.screens import render_hand, render_table
from bot.screens.leaks import message_texts
from bot.words import play_texts
from tests.bot.render_support import assert_fits_discord, make_match, playout, until

MAX_PICTURE = 100_000


def text(rendered: object) -> str:
    return "\n".join(message_texts(rendered))


def hidden_attack(view: dict) -> bool:  # type: ignore[type-arg]
    return view["fight"] is not None and "card" not in view["fight"]


def test_the_table_names_heroes_levels_purses_and_counts() -> None:
    game, state = until("duel", 2, 4, lambda v: v["phase"] == "main" and v["turn"] > 1)
    view = game.view(state, None).to_json()
    words = text(render_table(make_match("duel", 2), view, deciders=[view["active"]]))
    for p in view["players"]:
        assert (
            duel_words.SEAT_LINE.format(
                level=p["level"], gold=p["purse"], cards=p["hand_count"], deck=p["deck_count"]
            )
            in words
        )
        hero = card_of(p["hero"]["id"])
        assert hero is not None and hero.name in words


def test_a_face_down_attack_shows_only_a_face_down_card_and_its_gold() -> None:
    # 000 III.A.2.f: the card is committed face down; only its attacker knows it
    game, state = until("duel", 2, 6, hidden_attack)
    view = game.view(state, None).to_json()
    fight = view["fight"]
    rendered = render_table(make_match("duel", 2), view, deciders=sorted(game.deciders(state)))
    words = text(rendered)
    attacker = ("Alice", "Bob")[fight["attacker"]]
    assert duel_words.ATTACK_HIDDEN.format(name=attacker, gold=fight["gold"]) in words
    secret = game.defs[state.card_of[state.fight.card]]
    [picture] = rendered.pictures
    assert len(picture.data) < MAX_PICTURE
    # The attacker's own hand says which card it is; the defender's does not.
    own = render_hand(make_match("duel", 2), game.view(state, fight["attacker"]).to_json(), [])
    assert duel_words.YOUR_ATTACK.format(card=secret.name) in text(own)
    other = render_hand(
        make_match("duel", 2), game.view(state, 1 - fight["attacker"]).to_json(), []
    )
    assert "Your face-down card" not in text(other)


def test_the_hand_offers_fights_as_words_with_the_gold() -> None:
    game, state = until("duel", 2, 4, lambda v: v["phase"] == "main" and v["turn"] > 1)
    seat = state.active
    actions = game.legal_actions(state, seat)
    rendered = render_hand(make_match("duel", 2), game.view(state, seat).to_json(), actions)
    labels = [b.label for b in rendered.buttons]
    assert "End turn" in labels or any(b.label == play_texts.PAGER_NEXT for b in rendered.buttons)
    assert all(not label.startswith("fight.") for label in labels)


def test_every_position_renders_within_discords_limits() -> None:
    match = make_match("duel", 2)
    for game, state in playout("duel", 2, 9, 400):
        table = render_table(match, game.view(state, None).to_json(), deciders=[0], log=["x"] * 9)
        assert_fits_discord(table)
        assert all(len(p.data) < MAX_PICTURE for p in table.pictures)
        for seat in game.deciders(state):
            actions = game.legal_actions(state, seat)
            hand = render_hand(match, game.view(state, seat).to_json(), actions)
            assert_fits_discord(hand)
            ids = [b.custom_id for b in hand.buttons]
            assert len(ids) <= 25 and len(set(ids)) == len(ids)
