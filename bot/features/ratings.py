"""League ratings: openskill's Plackett-Luce model, one model for 1v1 and free-for-all.

Pure functions over plain values, so a season can be recomputed from the match log at any time
(after a match is voided) and give exactly what the incremental updates gave.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from openskill.models import PlackettLuce

from bot.storage.models import DEFAULT_MU, DEFAULT_SIGMA, MatchResult, PlayerRating

# The model starts every player where a fresh stored rating does (openskill's own defaults).
_MODEL = PlackettLuce(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA)


def rate_match(current: Mapping[int, PlayerRating], result: MatchResult) -> dict[int, PlayerRating]:
    """The new ratings of the players in ``result`` (others are unchanged and not returned)."""
    if len(result.placements) < 2:
        raise ValueError("a rated match needs at least two players")
    users = [user for user, _ in result.placements]
    if len(set(users)) != len(users):
        raise ValueError("a player appears twice in one match")
    before = [current.get(user, PlayerRating(user)) for user in users]
    teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    ranks = [float(rank) for _, rank in result.placements]
    rated = _MODEL.rate(teams, ranks=ranks)
    best = min(rank for _, rank in result.placements)
    out: dict[int, PlayerRating] = {}
    for old, (_, rank), (new,) in zip(before, result.placements, rated, strict=True):
        out[old.user_id] = replace(
            old,
            mu=new.mu,
            sigma=new.sigma,
            games=old.games + 1,
            wins=old.wins + (1 if rank == best else 0),
        )
    return out


def recompute(results: Iterable[MatchResult]) -> dict[int, PlayerRating]:
    """Fold matches in the order given (the order they finished) from fresh ratings."""
    ratings: dict[int, PlayerRating] = {}
    for result in results:
        ratings.update(rate_match(ratings, result))
    return ratings


def leaderboard(ratings: Iterable[PlayerRating]) -> list[PlayerRating]:
    """Best first; established players above provisional ones, then by ordinal."""
    return sorted(ratings, key=lambda r: (r.provisional, -r.ordinal, r.user_id))
