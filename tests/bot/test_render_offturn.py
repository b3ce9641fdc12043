"""A free actor's hand (# 004: When You May Take Actions) and off-turn trade offers in words
(# 004: Items (Trading)): the labels name the partner and the items, the answers name the
offer they answer, and a seat nobody waits on is told whose move it is."""

from __future__ import annotations

from typing import Any

from bot.games.classic import trade_builder
from bot.games.classic import words as classic_words
from bot.games.classic.cards_text import game, line_of, name_of, short, stat_of
from bot.games.classic.render import ClassicRenderer
from bot.screens import render_hand
from bot.screens.leaks import message_texts
from bot.words import play_texts
from engine.classic.scenario import build, find_action
from engine.classic.state import ClassicState
from engine.classic.views import ClassicView
from engine.core import Action, Event
from engine.core.nothing import NOTHING
from engine.games import load_game
from tests.bot.render_support import NAMES, make_match

RENDERER = ClassicRenderer()


def _position() -> ClassicState:
    """Alice's turn; Bob carries a hat, Carol boots, Dave a hat as well."""
    return build(
        game(),
        {"seats": 4, "phase": "kick"},
        [
            {},
            {"items": ["hat_pot"], "hand": ["curse_shrink"]},
            {"items": ["feet_kickers"]},
            {"items": ["hat_pot"]},
        ],
    )


def _do(s: ClassicState, seat: int, do: str, *args: Any) -> Action:
    action = find_action(game(), s, {"seat": seat, "do": do, "args": list(args)})
    assert action is not None, (seat, do, args)
    game().apply(s, action)
    return action


def _hand(s: ClassicState, seat: int) -> tuple[ClassicView, list[Action]]:
    return game().view(s, seat), game().legal_actions(s, seat)


def _labels(s: ClassicState, seat: int) -> dict[str, str]:
    view, actions = _hand(s, seat)
    return {a.key: RENDERER.control(a, view, NAMES).label for a in actions}


def test_an_offer_names_its_partner_so_offers_to_two_players_read_apart() -> None:
    # Issue 18: the hand lists one entry per item; the trade builder it opens names each
    # item asked for by its owner, and a gift by whom it goes to.
    s = _position()
    view, actions = _hand(s, 1)
    offers = [a for a in actions if a.kind == "offer"]
    hat, boots = s.items[1][0], s.items[2][0]
    entries = {RENDERER.control(a, view, NAMES) for a in offers}
    assert {(c.key, c.label) for c in entries} == {
        (trade_builder.entry(hat), f"Trade away {name_of(hat)}…")
    }
    built = RENDERER.builder(1, 1, view, actions, NAMES, trade_builder.entry(hat))
    assert built is not None
    asked = [o.label for select in built.selects for o in select.options]
    assert f"Carol's {name_of(boots)}" in asked
    assert "Nothing from Carol (a gift)" in asked and "Nothing from Dave (a gift)" in asked
    assert len(set(asked)) == len(asked)


def test_an_offer_describes_the_item_offered_not_a_card_numbered_like_the_partner() -> None:
    s = _position()
    view, _ = _hand(s, 1)
    hat = s.items[1][0]
    control = RENDERER.control(Action(1, "offer", (2, hat, -1)), view, NAMES)
    card = game().table.defs[hat]
    assert control.description == f"{line_of(card)} {stat_of(card)}".strip()


def test_answers_to_an_open_offer_say_what_is_taken_and_from_whom() -> None:
    s = _position()
    hat, boots, other_hat = s.items[1][0], s.items[2][0], s.items[3][0]
    _do(s, 1, "offer", 2, "hat_pot", "feet_kickers")
    _do(s, 3, "offer", 2, "hat_pot", -1)
    said = _labels(s, 2)
    assert said[Action(2, "accept", (hat, boots, 1, 0)).key] == (
        f"Take Bob's {name_of(hat)} for your {name_of(boots)}"
    )
    assert said[Action(2, "decline", (hat, boots, 1, 0)).key] == "Refuse Bob's swap"
    assert said[Action(2, "accept", (other_hat, -1, 3, 0)).key] == f"Take {name_of(hat)} from Dave"
    assert said[Action(2, "decline", (other_hat, -1, 3, 0)).key] == "Refuse Dave's gift"
    # The same item from two players: the answers still read apart.
    answers = [w for k, w in said.items() if k.startswith(("accept", "decline"))]
    assert len(answers) == len(set(answers)) == 4


def test_open_offers_show_in_the_hands_of_both_sides_only() -> None:
    s = _position()
    hat, boots = s.items[1][0], s.items[2][0]
    _do(s, 1, "offer", 2, "hat_pot", "feet_kickers")
    match = make_match("classic", 4)
    to_carol = classic_words.OFFER_TO_YOU.format(seat="Bob", card=short(hat), item=short(boots))
    by_bob = classic_words.OFFER_BY_YOU.format(seat="Carol", card=short(hat), item=short(boots))
    carol = "\n".join(message_texts(render_hand(match, *_hand(s, 2))))
    bob = "\n".join(message_texts(render_hand(match, *_hand(s, 1))))
    dave = "\n".join(message_texts(render_hand(match, *_hand(s, 3))))
    assert to_carol in carol and by_bob not in carol
    assert by_bob in bob and to_carol not in bob
    assert to_carol not in dave and by_bob not in dave


def test_a_free_actors_hand_says_who_decides_and_what_is_still_open() -> None:
    s = _position()
    match = make_match("classic", 4)
    bob = "\n".join(message_texts(render_hand(match, *_hand(s, 1))))
    assert play_texts.HAND_YOUR_TURN not in bob
    assert play_texts.HAND_OFF_TURN.format(name="Alice") in bob
    # Bob may curse (a card in hand), trade and change gear while Alice decides.
    for group in ("curse", "trade", "gear"):
        assert classic_words.GROUPS[group].rstrip("…") in bob
    alice = "\n".join(message_texts(render_hand(match, *_hand(s, 0))))
    assert play_texts.HAND_YOUR_TURN in alice


def test_a_hand_with_no_moves_is_not_told_it_may_act() -> None:
    s = _position()
    s.out[3] = True  # out of the match: no moves at all
    text = "\n".join(message_texts(render_hand(make_match("classic", 4), *_hand(s, 3))))
    assert play_texts.HAND_YOUR_TURN not in text
    # it is told whom the match waits on (a kept duel opening hand read "Not your move yet")
    assert play_texts.HAND_WAITING_FOR.format(names="Alice") in text


def test_an_offer_deals_the_partner_a_fresh_hand() -> None:
    # The partner answers from their hand with nobody waiting on them: they must be told.
    offer = Event("offer", {"seat": 1, "to": 2, "mine": 5, "theirs": -1})
    gold = Event("gave_gold", {"seat": 1, "to": 3, "gold": 100})
    game = load_game("classic")
    assert {s for event in (gold, offer) for s in game.asked_by_name(event)} == {2}


def test_offer_lines_show_the_coins_of_a_trade() -> None:
    # 004: Items (Trading): coins may be part of a trade, so the partner sees them before
    # accepting; an item offered for coins reads as a sale, never as a gift.
    from bot.games.classic import offers
    from engine.classic.views import OfferView

    def word(card: object) -> str:
        named: dict[object, str] = {1: "Pot", 2: "Boots"}
        return named.get(card, "?")

    names = ["Alice", "Bob", "Carol"]
    swap_plus = OfferView(offerer=0, to=1, give=1, take=2, gold=300)
    sale = OfferView(offerer=0, to=1, give=1, take=NOTHING, gold=-200)
    bob = offers.offer_lines(1, [swap_plus, sale], names, word)
    assert bob == [
        "Alice offers you Pot for your Boots. Alice adds 300 gold.",
        "Alice offers you Pot for 200 gold.",
    ]
    alice = offers.offer_lines(0, [swap_plus, sale], names, word)
    assert alice[0].endswith("You add 300 gold.") and "for 200 gold" in alice[1]
    assert offers.offer_lines(2, [sale], names, word) == []
