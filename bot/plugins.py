"""The plugin seam: everything the bot knows about one game, declared in one object.

A game's bot side is a package (``bot/games/<id>/``) exporting one ``GamePlugin``; the list of
hosted games is ``bot/games/__init__.py`` (one line each) and tests register their own. Generic
code asks the registry here (``plugins()``, ``plugin(game_id)``) and never names a game. A
capability a game lacks is ``None``, so a reader sees every hook in this file, not by reading
both games.

The bot hosts a game iff its plugin is registered: an engine that is still being built (the
quest engine) is loadable for tests but is never offered to people.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, NamedTuple

from discord.ext import commands

from bot.core.match_types import MatchInfo
from bot.render.games import GameRenderer, JsonRenderer
from bot.render.pictures import CardFace
from bot.storage import Storage
from engine.core import Action, Event, Game

_GENERIC = JsonRenderer()


class CardEntry(NamedTuple):
    """One card of a game's set as ``/card`` shows it."""

    id: str
    face: CardFace
    copies: int


@dataclass(frozen=True, slots=True)
class Reference:
    """What ``/rules`` and ``/card`` know of a game: topic id -> (title, text), and the
    game's cards (read from ``data/`` when first asked)."""

    topics: Mapping[str, tuple[str, str]]
    cards: Callable[[], Iterable[CardEntry]]


# Who reads a message: the public channel (None) or one seat's private messages.
Recipient = int | None


class HiddenCards(NamedTuple):
    """A state's secrets: the name of each card instance, and per recipient (``None`` for the
    public channel, then each seat) the instances it cannot look at."""

    names: Sequence[str]
    hidden: Mapping[Recipient, set[int]]


@dataclass(frozen=True, slots=True)
class LeakOracle:
    """The game's hidden-information rules, for the leak checks (``bot/screens/leaks.py``).
    They read the full state on purpose: they check what the renderers drew from the views."""

    hidden_cards: Callable[[Game[Any, Any], Any], HiddenCards]
    # The names of the cards an event showed a recipient (in its redacted form).
    shown_names: Callable[[Game[Any, Any], Event, Recipient], Iterable[str]]
    card_names: Callable[[Game[Any, Any]], Iterable[str]]


class FinalState(NamedTuple):
    """A finished match's last state (its JSON) and the game it was played on (each game's
    roles narrow it to its own)."""

    game: object
    state: Mapping[str, object]


@dataclass(frozen=True, slots=True)
class LeagueRoles:
    """What each seat played as (a card id: a duel Hero, a classic class), for the league's
    "plays most as". ``roles`` reads the record's header and, when it could be read, the final
    state; ``role_name`` words a role (``None`` for one that is not the game's)."""

    roles: Callable[[Mapping[str, Any], FinalState | None], Mapping[int, str]]
    role_name: Callable[[str], str | None]


@dataclass(frozen=True, slots=True)
class PickChoice:
    """One entry of a lobby's pick menu."""

    key: str  # what the select sends back
    name: str  # its label (may be a name a player chose)
    note: str  # the line under it
    pick: dict[str, Any]  # what the lobby keeps for the player (JSON)


@dataclass(frozen=True, slots=True)
class LobbyOptions:
    """A choice each seated player makes in the lobby before the game starts (a duel deck; a
    quest map would use the same seam). The lobby cog shows ``button`` on the lobby, answers
    it privately with ``choices``, keeps the pick in the lobby's options, adds ``lines`` to the
    lobby and lets ``start_options`` turn the picks into the match's options at the start."""

    button: str  # the lobby button's label
    prompt: str  # the private menu's text, with {match}
    placeholder: str
    picked: str  # the answer to a pick, with {choice}
    unknown: str  # a pick that is no longer offered
    lines: Callable[[MatchInfo], list[str]]
    choices: Callable[[int], Awaitable[list[PickChoice]]]  # for the player of this user id
    start_options: Callable[[MatchInfo], Awaitable[dict[str, Any]]]


@dataclass(frozen=True, slots=True)
class Switch:
    """A yes/no option a game adds to ``/match new`` (classic's single winner). It sets the
    engine switch of the same name, one of the game's ``Game.match_options``, in the lobby's
    options; asked of a game without it, ``not_offered`` refuses (with ``{game}``)."""

    name: str  # the slash option's name and the engine switch it sets
    description: str  # the slash option's description (Discord: at most 100 characters)
    line: str  # the lobby's terms line while it is on
    not_offered: str


@dataclass(frozen=True, slots=True)
class Feature:
    """What a game adds to the running bot, built once at start from the open storage (the
    client's ``setup_hook``): its own slash commands (duel's ``/deck``), and its lobby pick,
    both over the state they share (duel's deck book). Generic code reads a match's feature
    through the client (``Backstab.features``), never by looking for a cog."""

    cog: Callable[[commands.Bot], commands.Cog] | None = None  # its own slash commands
    lobby: LobbyOptions | None = None  # a pre-game pick in the lobby


@dataclass(frozen=True, slots=True)
class Variant:
    """The words of a named way to play that the lobby's host picks (quest's quick game). The
    engine declares the ways and the switches each sets (``Game.variants``); the plugin names
    each of them, in the engine's order (the conformance kit checks the two agree)."""

    key: str  # what the lobby keeps (``options["variant"]``) and its select sends back
    name: str
    note: str  # the line under it in the host's menu and on the lobby


@dataclass(frozen=True, slots=True, eq=False)
class GamePlugin:
    """One hosted game's bot side.

    ``engine`` is the engine's game class (its ``id`` and seat range are the plugin's); the
    engine itself is loaded through ``engine.games`` so matches keep their pinned cards.
    Optional capabilities are ``None`` when the game has none."""

    engine: type[Game[Any, Any]]
    title: str
    renderer: GameRenderer[Any]
    reference: Reference | None = None  # /rules topics and the /card index
    hidden: LeakOracle | None = None  # which cards each recipient may not read
    league: LeagueRoles | None = None  # what each seat played as
    switches: tuple[Switch, ...] = ()  # its yes/no options of /match new
    # What the game adds once storage is open: its commands and lobby pick (``Feature``).
    feature: Callable[[Storage], Feature] | None = None
    # The words of the engine's ways to play (``Game.variants``), in its order.
    variants: tuple[Variant, ...] = ()

    @property
    def id(self) -> str:
        return self.engine.id

    @property
    def seats(self) -> range:
        """The table sizes the game plays with."""
        return range(self.engine.min_seats, self.engine.max_seats + 1)


_PLUGINS: dict[str, GamePlugin] = {}


def register(plugin: GamePlugin) -> None:
    _PLUGINS[plugin.id] = plugin


def unregister(game_id: str) -> None:
    _PLUGINS.pop(game_id, None)


@contextmanager
def registered(plugin: GamePlugin) -> Iterator[GamePlugin]:
    """``plugin`` hosted for the duration of a ``with`` block (tests)."""
    register(plugin)
    try:
        yield plugin
    finally:
        unregister(plugin.id)


def plugins() -> tuple[GamePlugin, ...]:
    """Every hosted game, in registration order."""
    return tuple(_PLUGINS.values())


def find(game_id: str) -> GamePlugin | None:
    return _PLUGINS.get(game_id)


def plugin(game_id: str) -> GamePlugin:
    """The plugin of a hosted game; ``KeyError`` for a game the bot does not host."""
    return _PLUGINS[game_id]


def renderer_for(game_id: str) -> GameRenderer[Any]:
    """The game's renderer, or the generic one (a stored match of a game no longer hosted
    still renders)."""
    found = _PLUGINS.get(game_id)
    return found.renderer if found is not None else _GENERIC


def features(storage: Storage) -> dict[str, Feature]:
    """The features of the hosted games that have one, built over ``storage`` (a game's
    commands are there whether or not ``/match new`` offers it: a deck is built before any
    duel is played)."""
    return {p.id: p.feature(storage) for p in plugins() if p.feature is not None}


def switches() -> dict[str, Switch]:
    """Every hosted game's ``/match new`` switches by name (the first game to declare a name
    words it; a second game declaring the same switch shares the option)."""
    found: dict[str, Switch] = {}
    for plugin in plugins():
        for switch in plugin.switches:
            found.setdefault(switch.name, switch)
    return found


def has_switch(game_id: str, name: str) -> bool:
    found = _PLUGINS.get(game_id)
    return found is not None and any(s.name == name for s in found.switches)


def seat_range(game_ids: Iterable[str]) -> range:
    """The table sizes ``/match new`` offers: from the smallest game's least to the largest
    game's most (each engine's own range is checked again when the lobby opens)."""
    ranges = [p.seats for p in plugins() if p.id in set(game_ids)] or [range(2, 7)]
    return range(min(r.start for r in ranges), max(r.stop for r in ranges))


def variant(game_id: str, key: object) -> Variant | None:
    """The game's variant ``key`` (its first, the default, for none); ``None`` when the game
    has no variants or no such one."""
    found = _PLUGINS.get(game_id)
    if found is None or not found.variants:
        return None
    if key is None:
        return found.variants[0]
    return next((v for v in found.variants if v.key == key), None)


def variant_options(game_id: str, key: object) -> dict[str, Any]:
    """The engine switches of the game's variant ``key`` (its default for none): what a start
    merges into the match's options. Empty for a game without variants or an unknown key."""
    chosen, found = variant(game_id, key), _PLUGINS.get(game_id)
    if chosen is None or found is None:
        return {}
    return dict(dict(found.engine.variants).get(chosen.key, {}))


def title(game_id: str) -> str:
    """The game's name as people read it; an unknown id reads as itself."""
    found = _PLUGINS.get(game_id)
    return found.title if found is not None else game_id


def irreversible(game_id: str, key: str) -> bool:
    """Whether the action ``key`` cannot be taken back by the game's own declaration
    (``Game.irreversible``): the hand asks "Yes, ..." once before it is played (issue 27.2)."""
    found = _PLUGINS.get(game_id)
    kind = key.split(".", 1)[0]
    return found is not None and kind in found.engine.irreversible


def maybe_irreversible(key: str) -> bool:
    """Whether some hosted game calls the action ``key`` irreversible: asked before the
    match is read, so an ordinary move's press costs no extra read."""
    kind = key.split(".", 1)[0]
    return any(kind in found.engine.irreversible for found in _PLUGINS.values())


_READ_AS = ("A", "B", "C", "D", "E", "F")  # any names: controls are only compared together


def as_offered(game_id: str, view: Any, legal: Sequence[Action], action: Action) -> Action:
    """``action`` as the hand offers it. A hand shows one control for moves a person cannot
    tell apart (a duel's copies of one card in hand: ``GameRenderer.controls``), so a move
    left out is swapped for the kept legal move that reads the same; for scripted players
    (the end-to-end driver, ``bench/ux.py``) that pick moves as the AI does."""
    renderer = renderer_for(game_id)
    read = renderer.read(view)
    kept = {c.key for c in renderer.controls(legal, read, _READ_AS)}
    if action.key in kept:
        return action

    def reading(a: Action) -> tuple[str, str, str | None]:
        control = renderer.control(a, read, _READ_AS)
        return control.group, control.label, control.description

    wanted = reading(action)
    return next((a for a in legal if a.key in kept and reading(a) == wanted), action)
