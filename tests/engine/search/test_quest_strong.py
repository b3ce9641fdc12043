"""The quest strong AI (issue 17) plays fair: sampled worlds agree with everything the seat
sees (SPEC 3.15: other hands, deck orders, the tile and link pools, a curse held for another
seat's reaction and the dice are hidden), its choice and the heuristic's do not change when
the hidden cards lie differently, thinking never draws on the match's dice, and the same AI
stream gives the same legal move. The search runs on its iteration cap, never on a clock."""

from __future__ import annotations

from itertools import islice

from engine.core import Action, Rng
from engine.quest.ai.ai_strong import PRUNED, problem_for, think
from engine.quest.ai.determinize import determinize, seat_world
from engine.quest.content import DOOR, LOCKED
from engine.quest.game import Quest
from engine.quest.scenario import build
from engine.quest.state import Pending, QuestState
from engine.search import Budget

from .conftest import positions

CAP = Budget(iterations=3)


def rearranged(game: Quest, s: QuestState, seat: int, rng: Rng) -> QuestState:
    """The same position as ``seat`` sees it: the other hands and every deck dealt anew from
    the cards it cannot see (sizes kept, each deck refilled with its own kind of card), the
    pools in another order (a locked door swapped for a door in the link pool: only its size
    shows), and other dice."""
    c = game.content
    r = s.clone()
    others = [p for p in range(s.seats) if p != seat]
    pool = [x for deck in s.decks.values() for x in deck]
    pool += [x for p in others for x in s.hand[p]]
    rng.shuffle(pool)
    rest: list[int] = []
    for letter, deck in s.decks.items():
        mine = [x for x in pool if c.deck_of[x] == letter]
        r.decks[letter], extra = mine[: len(deck)], mine[len(deck) :]
        rest += extra
    rng.shuffle(rest)
    for p in others:
        r.hand[p], rest = rest[: len(s.hand[p])], rest[len(s.hand[p]) :]
    rng.shuffle(r.tile_pool)
    rng.shuffle(r.link_pool)
    r.link_pool = [DOOR if k == LOCKED else k for k in r.link_pool]
    r.rng = Rng(rng.next_u64())
    return r


def test_a_quest_world_looks_the_same_from_the_seat(quest: Quest) -> None:
    differs = 0
    for n, (s, seat) in enumerate(islice(positions(quest, range(3), 9), 60)):
        w = determinize(quest.content, s, seat, Rng(n))
        assert quest.view(w, seat).to_json() == quest.view(s, seat).to_json()
        assert quest.legal_actions(w, seat) == quest.legal_actions(s, seat)
        assert quest.invariants(w) == []
        assert w.rng != s.rng  # the world rolls its own dice
        assert len(w.link_pool) == len(s.link_pool)
        assert sorted(w.tile_pool) == sorted(s.tile_pool)
        differs += w.hand != s.hand or w.decks != s.decks
    assert differs >= 55


def test_a_quest_rearrangement_is_invisible_to_the_seat(quest: Quest) -> None:
    # The test's own premise: the rearranged position looks the same from the seat.
    for n, (s, seat) in enumerate(islice(positions(quest, range(2), 13), 20)):
        r = rearranged(quest, s, seat, Rng(n))
        assert quest.view(r, seat).to_json() == quest.view(s, seat).to_json()
        assert quest.legal_actions(r, seat) == quest.legal_actions(s, seat)
        assert quest.invariants(r) == []
        assert r.hand != s.hand or r.decks != s.decks


def test_the_seat_world_is_the_same_whatever_the_hidden_cards(quest: Quest) -> None:
    for n, (s, seat) in enumerate(islice(positions(quest, range(2), 11), 20)):
        r = rearranged(quest, s, seat, Rng(100 + n))
        assert (
            seat_world(quest.content, r, seat).to_json()
            == seat_world(quest.content, s, seat).to_json()
        )


def test_quest_strong_and_heuristic_choices_ignore_where_hidden_cards_lie(quest: Quest) -> None:
    checked = 0
    for s, seat in islice(positions(quest, range(3), 23), 8):
        real = think(quest, s, seat, Rng(99), CAP)
        normal = quest.ai_action(s, seat, Rng(3), "normal")
        for k in range(2):
            other = rearranged(quest, s, seat, Rng(1000 * checked + k))
            again = think(quest, other, seat, Rng(99), CAP)
            assert again.action == real.action
            assert [(a.action, a.pairs, a.total) for a in again.arms] == [
                (a.action, a.pairs, a.total) for a in real.arms
            ]
            assert quest.ai_action(other, seat, Rng(3), "normal") == normal
            assert quest.ai_action(other, seat, Rng(3), "random") == quest.ai_action(
                s, seat, Rng(3), "random"
            )
        checked += 1
    assert checked == 8


def test_thinking_leaves_the_quest_match_and_its_dice_untouched(quest: Quest) -> None:
    for n, (s, seat) in enumerate(islice(positions(quest, range(2), 17), 6)):
        before = s.to_json()
        if n < 2:  # through the game's hook, on its default iteration cap
            quest.ai_action(s, seat, Rng(5), "strong")
        think(quest, s, seat, Rng(5), CAP)
        quest.ai_action(s, seat, Rng(5), "normal")
        assert s.to_json() == before  # the match's dice counter included


def test_the_quest_choice_follows_the_ai_stream_alone(quest: Quest) -> None:
    # Restarts choose alike: the same AI stream gives the same move, whatever the match's
    # dice are about to roll.
    for s, seat in islice(positions(quest, range(2), 19), 6):
        other_dice = s.clone()
        other_dice.rng = Rng(123456)
        first = think(quest, s, seat, Rng(42), CAP)
        again = think(quest, other_dice, seat, Rng(42), CAP)
        assert again.action == first.action
        assert [a.total for a in again.arms] == [a.total for a in first.arms]


def test_the_quest_strong_move_is_always_legal(quest: Quest) -> None:
    # Many positions of seeded games, 3 and 4 seats too: the move the search plays is one of
    # the rules' legal moves, and the moves it weighs never include the pruned housekeeping.
    checked = 0
    for seats in (2, 3, 4):
        for seed in range(2):
            s, rng = quest.new(seats, 40 + seed), Rng(seed)
            step = 0
            while quest.outcome(s) is None and step < 600:
                seat = sorted(quest.deciders(s))[0]
                legal = quest.legal_actions(s, seat)
                if step % 37 == 0 and len(legal) > 1:
                    report = think(quest, s, seat, Rng(step), Budget(iterations=2))
                    assert report.action in legal
                    weighed = problem_for(quest).candidates(s, seat)
                    assert set(weighed) <= set(legal)
                    assert not any(a.kind in PRUNED for a in weighed)
                    checked += 1
                quest.apply(s, quest.ai_action(s, seat, rng, "normal"))
                step += 1
    assert checked >= 30


def test_a_curse_held_for_another_seats_ring_is_hidden(quest: Quest) -> None:
    # SPEC 3.15 (views.make_view redacts a ``ring``/``ward`` decision's data for others): a
    # world of another seat holds some curse there, drawn from the cards it cannot see, and
    # the same one whichever curse is really held.
    c = quest.content
    s = build(quest, {"seats": 3}, [{"hand": ["curse_headgear", "curse_armor"]}, {}, {}])
    held = s.hand[0].pop()
    s.pending.append(Pending("ring", 1, [held, 0]))
    assert quest.invariants(s) == []
    swapped = s.clone()  # the other curse held, this one left in the caster's hand
    swapped.hand[0], swapped.pending[0].data[0] = [held], s.hand[0][0]
    worlds = [seat_world(c, x, 2).to_json() for x in (s, swapped)]
    assert worlds[0] == worlds[1]
    seen = set()
    for n in range(12):
        w = determinize(c, s, 2, Rng(n))
        assert quest.invariants(w) == []
        assert c.kind[w.pending[0].data[0]] == "curse"
        seen.add(w.pending[0].data[0])
    assert len(seen) > 1
    assert determinize(c, s, 1, Rng(0)).pending[0].data[0] == held  # the ring's holder sees it


def test_a_world_clears_a_scenarios_stacked_draws(quest: Quest) -> None:
    # Stacked dice and draws are the match's future: no world may read them.
    s = build(quest, {"seats": 2, "d6": [6, 6, 6], "empty_tiles": True}, [{}, {}])
    w = determinize(quest.content, s, 0, Rng(1))
    assert "d6" not in w.stack and w.stack["boxed_tiles"] == s.stack["boxed_tiles"]
    assert quest.invariants(w) == []


def test_charity_is_left_to_the_heuristic(quest: Quest) -> None:
    s = build(quest, {"seats": 2}, [{"hand": ["curse_headgear", "curse_armor"]}, {}])
    s.pending.append(Pending("charity", 0))
    assert problem_for(quest).candidates(s, 0) == []
    report = think(quest, s, 0, Rng(1), CAP)
    assert report.action == report.baseline and isinstance(report.action, Action)


def test_a_playouts_free_move_is_asked_only_of_a_free_actor(quest: Quest) -> None:
    # A free move by one seat can make the next a decider (a Wandering Monster's base die
    # window, R51): the playout's free policy then answers nothing for it (a four-seat
    # strong game failed on such a position: the fight named a monster already removed).
    problem = problem_for(quest)
    checked = 0
    for s, seat in islice(positions(quest, range(2), 7), 40):
        assert seat in quest.deciders(s)
        assert problem.free_move(s.clone(), seat, Rng(1)) is None
        for other in quest.free_actors(s):
            move = problem.free_move(s.clone(), other, Rng(1))
            assert move is None or move in quest.legal_actions(s, other)
        checked += 1
    assert checked == 40
