"""What each seat's view holds: open trade offers (public: they name table items only) and the
seats the match waits on; never another seat's hand.

# 004: Items (Trading), Card Management, When You May Take Actions"""

from __future__ import annotations

from typing import Any

from engine.classic import Classic
from engine.classic.invariants import hidden_from, visible_cards
from engine.classic.scenario import build, find_action
from engine.classic.state import ClassicState
from engine.core import Rng

VIEWERS: tuple[int | None, ...] = (None, 0, 1, 2)


def _do(game: Classic, s: ClassicState, seat: int, do: str, *args: Any) -> None:
    action = find_action(game, s, {"seat": seat, "do": do, "args": list(args)})
    assert action is not None, (seat, do, args)
    game.apply(s, action)


def _offers(game: Classic, s: ClassicState, seat: int | None) -> list[dict[str, int]]:
    offers: list[dict[str, int]] = game.view(s, seat).to_json()["offers"]
    return offers


def _card(s: ClassicState, seat: int, index: int = 0) -> int:
    return s.items[seat][index]


def test_an_offturn_offer_shows_in_every_view_until_answered(game: Classic) -> None:
    # 004: Items (Trading): only table items are traded, so the offer is no secret.
    s = build(
        game,
        {"seats": 3, "phase": "kick"},
        [{}, {"items": ["hat_pot"]}, {"items": ["feet_kickers"]}],
    )
    hat, boots = _card(s, 1), _card(s, 2)
    _do(game, s, 1, "offer", 2, "hat_pot", "feet_kickers")
    expected = [{"from": 1, "to": 2, "give": hat, "take": boots}]
    for viewer in VIEWERS:
        assert _offers(game, s, viewer) == expected
    _do(game, s, 2, "accept", "hat_pot", "feet_kickers", 1, 0)
    assert all(_offers(game, s, viewer) == [] for viewer in VIEWERS)
    assert hat in s.items[2] and boots in s.items[1]


def test_a_gift_offer_takes_nothing_and_lapses_with_the_turn(game: Classic) -> None:
    # 004: Coins / Items (Trading): items may be given away; an open offer lapses at turn end.
    s = build(game, {"seats": 3, "phase": "charity"}, [{}, {"items": ["hat_pot"]}, {}])
    _do(game, s, 1, "offer", 2, "hat_pot", -1)
    assert _offers(game, s, 2) == [{"from": 1, "to": 2, "give": _card(s, 1), "take": -1}]
    _do(game, s, 0, "end_turn")
    assert _offers(game, s, 2) == []


def test_an_offer_whose_item_is_gone_leaves_the_views(game: Classic) -> None:
    s = build(
        game,
        {"seats": 3, "phase": "kick"},
        [{}, {"items": ["hat_pot"]}, {"hand": ["curse_hat"]}],
    )
    _do(game, s, 1, "offer", 2, "hat_pot", -1)
    assert len(_offers(game, s, None)) == 1
    _do(game, s, 2, "curse", "curse_hat", 1)  # the hat is lost before the answer
    assert _offers(game, s, None) == []


def test_an_offer_made_on_the_offerers_turn_shows_while_the_partner_weighs_it(
    game: Classic,
) -> None:
    s = build(
        game,
        {"seats": 3, "phase": "charity"},
        [{"items": ["hat_pot"]}, {"items": ["feet_kickers"]}],
    )
    hat, boots = _card(s, 0), _card(s, 1)
    _do(game, s, 0, "deal", 1)
    _do(game, s, 0, "offer", 1, "hat_pot", "feet_kickers")
    view = game.view(s, 2).to_json()
    assert view["offers"] == [{"from": 0, "to": 1, "give": hat, "take": boots}]
    assert view["deciders"] == [1]


def test_views_name_the_deciders_and_never_a_hand_card_of_another_seat(game: Classic) -> None:
    # 004: Card Management: hands are private; offers and deciders are table facts.
    for seed in range(6):
        s = game.new(4, seed)
        rng = Rng(seed).fork(5)
        for _ in range(600):
            if game.outcome(s) is not None:
                break
            _check_views(game, s)
            seats = sorted(game.deciders(s) | game.free_actors(s))
            seat = rng.choice(seats)
            legal = game.legal_actions(s, seat)
            if not legal:
                continue
            # Favour trades so that open offers come up often.
            offers = [a for a in legal if a.kind in ("offer", "accept")]
            game.apply(s, rng.choice(offers if offers and rng.below(2) else legal))


def _check_views(game: Classic, s: ClassicState) -> None:
    for viewer in (None, *range(s.seats)):
        data = game.view(s, viewer).to_json()
        assert data["deciders"] == sorted(game.deciders(s))
        hidden = hidden_from(s, viewer)
        assert not visible_cards(data) & hidden, "a view names a hidden card"
        for offer in data["offers"]:
            # An offer names table items only: never a card from any hand or deck.
            assert offer["give"] in s.items[offer["from"]]
            assert offer["take"] == -1 or offer["take"] in s.items[offer["to"]]
            assert not {offer["give"], offer["take"]} & hidden
        assert data["hand"] == (sorted(s.hands[viewer]) if viewer is not None else None)
