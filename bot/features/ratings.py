"""League ratings: openskill's Plackett-Luce model, one model for 1v1 and free-for-all.

Pure functions over plain values, so a season can be recomputed from the match log at any time
(after a match is voided) and give exactly what the incremental updates gave.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from openskill.models import PlackettLuce

# A player is shown as provisional until this many rated games: early ratings swing widely.
PROVISIONAL_GAMES = 5

_MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class PlayerRating:
    user_id: int
    mu: float = _MODEL.mu
    sigma: float = _MODEL.sigma
    games: int = 0
    wins: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative skill estimate the leaderboard sorts by (mu - 3 sigma)."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One rated match: each player's placing (0 is first, equal numbers tie)."""

    match_id: int
    placements: tuple[tuple[int, int], ...]


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
