"""The load run's budget (``bench/_budget.py``) splits requests the way Discord counts them:
interaction callbacks and the interaction's webhook are exempt from the global limit, every
other route counts; routes are named with their ids hidden, and uploads are counted by size."""

from __future__ import annotations

import io
from types import SimpleNamespace

from bench._budget import Budget, route_of


def test_interaction_routes_are_exempt_and_the_rest_global() -> None:
    assert route_of("POST", "/interactions/12/abc.def/callback") == (
        "POST /interactions/{id}/{token}/callback",
        True,
    )
    assert route_of("PATCH", "/webhooks/7/tok/messages/@original") == (
        "PATCH /webhooks/{id}/{token}/messages/@original",
        True,
    )
    assert route_of("PATCH", "/channels/5/messages/9") == (
        "PATCH /channels/{id}/messages/{id}",
        False,
    )
    assert route_of("POST", "/users/@me/channels") == ("POST /users/@me/channels", False)


def test_figures_per_click_count_only_the_window() -> None:
    budget = Budget()
    budget.request("POST", "/channels/1/messages", None)  # before the window: not counted
    budget.start()
    picture = SimpleNamespace(fp=io.BytesIO(b"x" * 100))
    budget.request("PATCH", "/channels/1/messages/2", [picture])
    budget.request("POST", "/interactions/3/t/callback", None)
    budget.request("POST", "/interactions/4/t/callback", None)
    budget.statement("INSERT INTO actions VALUES (1)")
    budget.statement("SELECT 1")
    budget.stop()
    figures = budget.figures(clicks=2, actions=4, transactions=1, live=1, seconds=1.0)
    requests = figures["discord_requests"]
    assert requests["global_per_click"] == 0.5
    assert requests["exempt_per_click"] == 1.0
    assert requests["global_per_action"] == 0.25
    assert figures["matches_per_token"] == 50
    assert figures["upload_bytes_per_click"] == 50
    assert figures["db_per_click"]["statements"] == 1.0
    assert figures["db_per_click"]["write_statements"] == 0.5
