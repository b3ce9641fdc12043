"""Search-based play (the ``strong`` AI level): sampled worlds from one seat's view, paired
playouts, a verdict gated on the heuristic's choice. Games plug in a ``SearchProblem``."""

from engine.search.budget import DEFAULT_ITERATIONS, Budget, Clock
from engine.search.flat import Report, Tuning, search
from engine.search.problem import SearchProblem

__all__ = [
    "DEFAULT_ITERATIONS",
    "Budget",
    "Clock",
    "Report",
    "SearchProblem",
    "Tuning",
    "search",
]
