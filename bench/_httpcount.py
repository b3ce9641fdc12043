"""The load run's second count of Discord requests (issue 29): at discord.py's HTTP layer.

``bench/_budget.py`` counts each request where SimCord's HTTP router (the in-memory Discord)
receives it. ``LayerCount`` counts them again on the bot's side, where discord.py's own code
hands a request to its transport: the bot's ``HTTPClient.request`` (every request sent with the
bot token) and the webhook adapter's ``request`` (interaction callbacks and the interaction's
webhook: the defer, the answer, its edits and follow-ups). On Discord those are the two places a
request leaves the process; under SimCord the transport behind them is SimCord's, so the
wrappers sit on the instances the bot uses, in front of whichever transport it has.

The two counts are kept independent so that one can check the other: here a route is named from
discord.py's ``Route`` template (its placeholders, never the URL's digits), a channel's kind from
the bot's own cache, and the global limit is told apart by the token, the way Discord counts
it: a request carrying the bot token is *global*; one through the webhook adapter without a
token is *exempt*. The router names routes from the path and classifies them by its first part.
``differences`` is every route whose count or kind differ: a request one layer saw and the other
did not (sent outside discord.py's client, or a router call that no bot request made), or one
named or classified differently. A request discord.py retries after a 429 would count once here
and twice on Discord; SimCord never answers 429.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import discord
from discord.webhook.async_ import async_context

_PLACEHOLDER = re.compile(r"\{(\w+)\}")
GLOBAL, EXEMPT = "global", "exempt"


class LayerCount:
    """Requests by ``(route, kind)`` while ``counting``; ``attach`` wraps the bot's transports
    and ``detach`` unwraps them."""

    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot
        self.routes: Counter[tuple[str, str]] = Counter()
        self.counting = False
        self._undo: list[Callable[[], None]] = []

    def attach(self) -> None:
        """Wrap the bot's HTTP client and the webhook adapter discord.py's interaction responses
        use (``async_context``: set by the transport, SimCord's here, before the bot runs)."""
        self._wrap(self.bot.http, bot_token=True)
        self._wrap(async_context.get(), bot_token=False)

    def detach(self) -> None:
        while self._undo:
            self._undo.pop()()

    def _wrap(self, target: Any, *, bot_token: bool) -> None:
        original = target.request
        had_own = "request" in vars(target)

        async def request(route: Any, *args: Any, **kwargs: Any) -> Any:
            if self.counting:
                # The adapter sends the bot token only when asked to (a bot-owned webhook).
                carries = bot_token or kwargs.get("auth_token") is not None
                self.routes[(self.name(route), GLOBAL if carries else EXEMPT)] += 1
            return await original(route, *args, **kwargs)

        target.request = request

        def undo() -> None:
            if had_own:
                target.request = original
            else:
                del target.request

        self._undo.append(undo)

    def name(self, route: Any) -> str:
        """``METHOD /path`` from the route's template: a channel as ``{dm}``, ``{thread}`` or
        ``{id}`` (what the bot's cache says it is), a token as ``{token}``, any other id
        ``{id}``."""

        def shown(placeholder: re.Match[str]) -> str:
            key = placeholder.group(1)
            if key.endswith("token"):
                return "{token}"
            if key == "channel_id":
                return f"{{{self._channel_kind(route.channel_id)}}}"
            return "{id}"

        return f"{route.method} {_PLACEHOLDER.sub(shown, route.path)}"

    def _channel_kind(self, channel_id: Any) -> str:
        channel = self.bot.get_channel(int(channel_id)) if channel_id is not None else None
        if isinstance(channel, discord.DMChannel) or self._kept_dm(channel_id):
            return "dm"
        if isinstance(channel, discord.Thread):
            return "thread"
        return "id"

    def _kept_dm(self, channel_id: Any) -> bool:
        """A DM channel the bot keeps the id of (``bot.delivery.dm_channels``) and sends to
        without discord.py's cache, which keeps only 128: a 400-match run named 57 of its 98
        DM posts ``{id}`` until this was asked too."""
        app = getattr(self.bot, "app", None)
        if app is None or channel_id is None:
            return False
        return bool(app.publisher.hands.live.dms.holds(int(channel_id)))

    def figures(self, router: Counter[tuple[str, str]], clicks: int) -> dict[str, Any]:
        """This layer's count beside the router's (``router``: the same ``(route, kind)``
        keys), per click, and where they differ."""
        clicks = max(1, clicks)
        limited = sum(n for (_, kind), n in self.routes.items() if kind == GLOBAL)
        exempt = sum(self.routes.values()) - limited
        differences: dict[str, dict[str, int]] = {}
        for key in sorted(set(router) | set(self.routes)):
            if router[key] != self.routes[key]:
                route, kind = key
                differences[f"{route} ({kind})"] = {
                    "router": router[key],
                    "discord_py": self.routes[key],
                }
        return {
            "global_per_click": round(limited / clicks, 3),
            "exempt_per_click": round(exempt / clicks, 3),
            "requests": sum(self.routes.values()),
            "layers_agree": not differences,
            "differences": differences,
        }
