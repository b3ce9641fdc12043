"""The load run's budget (``bench/_budget.py``) splits requests the way Discord counts them:
interaction callbacks and the interaction's webhook are exempt from the global limit, every
other route counts; routes are named with their ids hidden, and uploads are counted by size.
The second count, at discord.py's HTTP layer (``bench/_httpcount.py``), names them the same way
from discord.py's route templates and says where the two counts differ."""

from __future__ import annotations

import io
from collections import Counter
from types import SimpleNamespace

from discord.http import Route

from bench._budget import Budget, route_of
from bench._httpcount import LayerCount


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


def test_the_discord_py_layer_names_routes_from_its_templates_as_the_router_does() -> None:
    bot = SimpleNamespace(get_channel=lambda _id: None)
    layer = LayerCount(bot)  # type: ignore[arg-type]
    edit = Route(
        "PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=5, message_id=9
    )
    callback = Route(
        "POST",
        "/interactions/{webhook_id}/{webhook_token}/callback",
        webhook_id=3,
        webhook_token="t",
    )
    for route in (edit, callback):
        path = route.url.removeprefix(Route.BASE)
        assert layer.name(route) == route_of(route.method, path)[0]


def test_the_layers_disagree_on_a_request_only_one_of_them_saw() -> None:
    layer = LayerCount(SimpleNamespace())  # type: ignore[arg-type]
    layer.routes[("POST /channels/{id}/messages", "global")] = 2
    router = Counter({("POST /channels/{id}/messages", "global"): 3})
    figures = layer.figures(router, clicks=1)
    assert not figures["layers_agree"]
    assert figures["differences"] == {
        "POST /channels/{id}/messages (global)": {"router": 3, "discord_py": 2}
    }
    assert layer.figures(Counter(layer.routes), clicks=1)["layers_agree"]
