"""The composition root: what the process builds once, in the client's ``setup_hook``, and
hands to the cogs — the match service, each game's feature, the table's publisher and its
restart catch-up, the league and the history. A cog takes its collaborators from here; none
builds one, and none reaches another cog to find one (docs/architecture.md, "One composition
root"). Subscriptions are made here too, in the order updates must reach them: the publisher
draws a finished match before the league rates it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot import plugins
from bot.core.match_types import MatchInfo
from bot.core.service import MatchService
from bot.delivery.catch_up import CatchUp
from bot.delivery.host import Host
from bot.delivery.publisher import TablePublisher
from bot.features.history import History
from bot.features.league import League
from bot.render.model import Rendered
from bot.screens.lobby_page import lobby_page
from bot.storage import Storage


@dataclass(frozen=True, eq=False)
class App:
    storage: Storage
    service: MatchService
    features: dict[str, plugins.Feature]  # by game id: its own commands and lobby pick
    publisher: TablePublisher
    catch_up: CatchUp
    league: League
    history: History

    def lobby_pick(self, match: MatchInfo) -> plugins.LobbyOptions | None:
        """The game's pre-game pick in the lobby (a duel's deck), if it has one."""
        return lobby_pick(self.features, match)

    def lobby(self, match: MatchInfo) -> Rendered:
        return lobby_page(match, self.lobby_pick(match))

    async def start_options(self, match: MatchInfo) -> dict[str, Any]:
        """Start hook: the host's variant gives its engine switches (quest's quick game), then
        the game's lobby pick turns the players' picks into match options (a duel's decks)."""
        options = plugins.variant_options(match.game, match.options.get("variant"))
        pick = self.lobby_pick(match)
        if pick is not None:
            options.update(await pick.start_options(match))
        return options


def lobby_pick(
    features: dict[str, plugins.Feature], match: MatchInfo
) -> plugins.LobbyOptions | None:
    found = features.get(match.game)
    return found.lobby if found is not None else None


def build_app(host: Host, storage: Storage, service: MatchService) -> App:
    features = plugins.features(storage)

    def draw_lobby(match: MatchInfo) -> Rendered:
        return lobby_page(match, lobby_pick(features, match))

    publisher = TablePublisher(host, draw_lobby)
    app = App(
        storage=storage,
        service=service,
        features=features,
        publisher=publisher,
        catch_up=CatchUp(service, publisher),
        league=League(service, storage.leagues),
        history=History(service, storage.history),
    )
    # The delivery side's per-match state, released with the match (bot.core.live).
    service.live.register("table publisher", publisher)
    service.live.register("hands owed", publisher.hands)
    service.live.register("live hands", publisher.hands.live)
    service.subscribe(publisher.on_update)
    service.subscribe(app.league.on_update)
    service.add_start_hook(app.start_options)
    return app
