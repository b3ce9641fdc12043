"""The leak checker, and the renderers checked with it: a table never names a card that sits
in a hand, a deck or face down, and a hand never names another seat's cards."""

from __future__ import annotations

from bot.screens import public_event_lines, render_hand, render_table
from bot.screens.leaks import (
    PUBLIC,
    Ledger,
    all_card_names,
    find_leaks,
    forbidden_names,
    message_texts,
)
from engine.classic.game import Classic
from engine.core import Event
from engine.games import load_game
from tests.bot.render_support import make_match, playout, until


def test_a_card_in_a_hand_is_forbidden_to_the_table_and_other_seats_not_its_owner() -> None:
    # 004: Card Management: a hand is its owner's alone
    game, state = until("classic", 3, 8, lambda v: sum(v["hand_sizes"]) >= 4)
    names = [c.name for c in game.table.defs]
    forbidden = forbidden_names("classic", state)
    for seat, hand in enumerate(state.hands):
        for card in hand:
            elsewhere = [i for i, n in enumerate(names) if n == names[card] and i not in hand]
            if any(i in state.door or i in state.treasure for i in elsewhere):
                continue
            if any(i not in state.door and i not in state.treasure for i in elsewhere):
                assert names[card] not in forbidden[PUBLIC]  # a copy is in the open
                continue
            assert names[card] in forbidden[PUBLIC]
            assert names[card] not in forbidden[seat]
            assert all(names[card] in forbidden[o] for o in range(3) if o != seat)


def test_a_copy_in_the_open_makes_the_name_public() -> None:
    game = load_game("classic")
    assert isinstance(game, Classic)
    state = game.new(3, seed=8)
    names = [c.name for c in game.table.defs]
    twins = next(
        (a, b) for a in range(len(names)) for b in range(a + 1, len(names)) if names[a] == names[b]
    )
    for zone in state.all_zones():
        for card in twins:
            if card in zone:
                zone.remove(card)
    state.hands[0].append(twins[0])
    state.door.append(twins[1])
    assert names[twins[0]] in forbidden_names("classic", state)[PUBLIC]
    state.door.remove(twins[1])
    state.items[1].append(twins[1])  # the second copy now lies on Bob's table
    assert names[twins[0]] not in forbidden_names("classic", state)[PUBLIC]


def test_the_duel_face_down_attack_is_known_to_its_attacker_only() -> None:
    # 000 III.A.2.f: committed face down
    game, state = until("duel", 2, 6, lambda v: v["fight"] is not None and "card" not in v["fight"])
    name = game.defs[state.card_of[state.fight.card]].name
    forbidden = forbidden_names("duel", state)
    attacker = state.fight.attacker
    assert name not in forbidden[attacker]
    shown = {i for p in (0, 1) for zone in (state.discard[p], state.hoard[p]) for i in zone}
    if not any(game.defs[state.card_of[i]].name == name for i in shown):
        assert name in forbidden[PUBLIC]


def test_find_leaks_reads_whole_names_and_skips_longer_allowed_names() -> None:
    assert find_leaks(["Alice played Duck of Doom"], {"Duck"}, ["Duck", "Duck of Doom"]) == set()
    assert find_leaks(["a Duck waddles"], {"Duck"}, ["Duck of Doom"]) == {"Duck"}
    assert find_leaks(["Ducking out"], {"Duck"}) == set()
    assert find_leaks(["Duck of Doom!"], {"Duck of Doom"}, ["Duck"]) == {"Duck of Doom"}


def _check(game_id: str, players: int, seed: int, steps: int) -> int:
    match = make_match(game_id, players)
    allowed = all_card_names(game_id)
    scanned = 0
    ledger = Ledger()
    events: list[Event] = []
    last = 0
    for game, state in playout(game_id, players, seed, steps, events):
        step = events[last:]
        last = len(events)
        forbidden = forbidden_names(game_id, state, step)
        deciders = sorted(game.deciders(state))
        log = public_event_lines(match, events[-20:])  # the running log, as the table shows it
        table = render_table(match, game.view(state, None).to_json(), deciders=deciders, log=log)
        fresh = ledger.fresh(PUBLIC, message_texts(table))
        assert find_leaks(fresh, forbidden[PUBLIC], allowed) == set()
        for seat in range(players):
            actions = game.legal_actions(state, seat)
            hand = render_hand(match, game.view(state, seat).to_json(), actions)
            fresh = ledger.fresh(seat, message_texts(hand))
            assert find_leaks(fresh, forbidden[seat], allowed) == set()
        scanned += 1 + players
    return scanned


def test_no_classic_table_or_hand_names_a_card_it_may_not() -> None:
    assert _check("classic", 4, 21, 250) > 250


def test_no_duel_table_or_hand_names_a_card_it_may_not() -> None:
    assert _check("duel", 2, 17, 300) > 300


def test_the_checker_bites_a_hand_posted_in_public_is_caught() -> None:
    game, state = until("classic", 4, 3, lambda v: v["hand_sizes"][0] >= 2)
    hand = render_hand(make_match("classic", 4), game.view(state, 0).to_json(), [])
    forbidden = forbidden_names("classic", state)
    found = find_leaks(message_texts(hand), forbidden[PUBLIC], all_card_names("classic"))
    assert found and found <= {game.table.defs[c].name for c in state.hands[0]}
    assert find_leaks(message_texts(hand), forbidden[0], all_card_names("classic")) == set()


def test_the_table_picture_cannot_tell_which_card_was_committed_face_down() -> None:
    # 000 III.A.2.f: pictures carry no words a scan could read, so prove them blind instead:
    # swapping the face-down card for another from the attacker's hand changes no pixel.
    game, state = until("duel", 2, 6, lambda v: v["fight"] is not None and "card" not in v["fight"])
    match = make_match("duel", 2)
    before = render_table(match, game.view(state, None).to_json(), deciders=[0])
    hand = state.hand[state.fight.attacker]
    other = next(i for i in hand if state.card_of[i] != state.card_of[state.fight.card])
    hand[hand.index(other)], state.fight.card = state.fight.card, other
    after = render_table(match, game.view(state, None).to_json(), deciders=[0])
    assert before.pictures and before.pictures == after.pictures
    assert message_texts(before) == message_texts(after)
