"""League ratings against openskill computed directly (issue 6: leagues)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from bot.features.ratings import (
    leaderboard,
    rate_match,
    recompute,
)
from bot.storage.models import PROVISIONAL_GAMES, MatchResult, PlayerRating


def test_one_match_matches_openskill_directly() -> None:
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[0, 1, 1])
    got = rate_match({}, MatchResult(1, ((10, 0), (11, 1), (12, 1))))
    for user, (team,) in zip((10, 11, 12), expected, strict=True):
        assert got[user].mu == pytest.approx(team.mu)
        assert got[user].sigma == pytest.approx(team.sigma)
    assert (got[10].wins, got[11].wins, got[10].games) == (1, 0, 1)


def test_existing_ratings_feed_the_update() -> None:
    model = PlackettLuce()
    strong = PlayerRating(1, mu=30.0, sigma=4.0, games=9, wins=7)
    expected = model.rate([[model.rating(mu=30.0, sigma=4.0)], [model.rating()]], ranks=[1, 0])
    got = rate_match({1: strong}, MatchResult(5, ((1, 1), (2, 0))))
    assert got[1].mu == pytest.approx(expected[0][0].mu)
    assert got[1].games == 10 and got[1].wins == 7
    assert got[2].wins == 1


def test_bad_results_are_refused() -> None:
    with pytest.raises(ValueError):
        rate_match({}, MatchResult(1, ((1, 0),)))
    with pytest.raises(ValueError):
        rate_match({}, MatchResult(1, ((1, 0), (1, 1))))


matches = st.lists(
    st.lists(st.integers(min_value=1, max_value=8), min_size=2, max_size=6, unique=True).flatmap(
        lambda users: st.tuples(
            st.just(users), st.lists(st.integers(0, 3), min_size=len(users), max_size=len(users))
        )
    ),
    max_size=25,
)


def as_results(raw: list[tuple[list[int], list[int]]]) -> list[MatchResult]:
    return [
        MatchResult(i, tuple(zip(users, ranks, strict=True)))
        for i, (users, ranks) in enumerate(raw)
    ]


@given(matches, st.data())
def test_incremental_updates_equal_a_recompute_without_the_voided_match(raw, data) -> None:  # type: ignore[no-untyped-def]
    results = as_results(raw)
    if results:
        voided = data.draw(st.sampled_from([r.match_id for r in results]))
        kept = [r for r in results if r.match_id != voided]
    else:
        kept = []
    incremental: dict[int, PlayerRating] = {}
    for result in kept:
        incremental.update(rate_match(incremental, result))
    assert incremental == recompute(kept)


def test_leaderboard_puts_provisional_players_last() -> None:
    veteran = PlayerRating(1, mu=20.0, sigma=3.0, games=PROVISIONAL_GAMES)
    newcomer = PlayerRating(2, mu=40.0, sigma=3.0, games=1)
    best = PlayerRating(3, mu=30.0, sigma=3.0, games=50)
    assert [r.user_id for r in leaderboard([newcomer, veteran, best])] == [3, 1, 2]
    assert newcomer.provisional and not veteran.provisional
