"""The two people of ``bench/ux.py``: the match they sit at (``Seats``: who decides next and
what they choose) and each person reaching that choice through the screens (``Player``),
counting the taps it took.

Auto-pass (issue 18, on unless ``--auto-pass off``): in a response window a person with
nothing that answers it (the engine's ``Game.window_answers``, issue 27.2) is not asked and
taps nothing; the bot passes for them when the window closes. That is not a decision they
made: it is counted apart (``auto_passes``), never in ``decisions``. A person who could answer
is asked as before; choosing Pass, they press the table's Pass (one tap, a decision), which
counts at once (issue 27.4). When no person is left to ask, the run moves SimCord's clock to
the window's close (never a wall clock).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from bench._uxscreens import (
    BUTTON,
    STRING_SELECT,
    controls,
    hand_messages,
    raw_components,
    walk,
)
from bot import plugins
from bot.render.controls import page_turn
from bot.render.ids import SURE_PREFIX, parse_custom_id
from bot.words import lobby_texts

MAX_PAGES = 40
COMPONENTS_V2 = 1 << 15  # a message flag: a layout (every hand), never a ping
MAX_BUILD_TAPS = 8  # the builder reaches any terms in 4; more means it is going nowhere
# A message deleted by the bot: in a channel, or an ephemeral answer through its token.
_DELETED = re.compile(
    r"/(?:channels/(?P<channel>\d+)|webhooks/\d+/[^/]+)/messages/(?P<message>\d+)"
)


@dataclass
class Negotiation:
    """Classic's help bargain, played once: Alice asks Bob, offers nothing, Bob counters,
    Alice accepts his terms."""

    asked: bool = False
    countered: bool = False
    done: bool = False

    def choose(self, game: Any, state: Any, seat: int) -> Any | None:
        from engine.core import Action

        if self.done:
            return None
        legal = {a.key: a for a in game.legal_actions(state, seat)}
        if not self.asked:
            ask = Action(0, "ask", (1,))
            if seat == 0 and ask.key in legal:
                self.asked = True
                return ask
            return None
        if seat == 0 and "accept" in legal and self.countered:
            self.done = True
            return legal["accept"]
        if seat == 0 and not self.countered:
            offers = [a for k, a in legal.items() if k.startswith("propose")]
            return legal.get("propose.0.0.0") or (offers[0] if offers else None)
        if seat == 1 and "counter" in legal and not self.countered:
            self.countered = True
            return legal["counter"]
        return None


class Seats:
    """One match of two people (seats 0 and 1) and AI seats, followed through its record."""

    def __init__(self, env: Any, channel: Any, people: list[Any], game_id: str) -> None:
        from engine.games import load_game

        self.env, self.channel, self.people = env, channel, people
        self.game = load_game(game_id)
        self.negotiation = Negotiation(done=game_id != "classic")
        self.match_id = 0
        self.table_id = 0
        self.first_message_id = 0
        self.state: Any = None
        self.applied = 0
        self.auto_pass = True
        # (seat, window) pairs passed by the bot at the close. A window is named by the
        # session's pass floor (it moves when a window reopens).
        self.auto_passed: set[tuple[int, int]] = set()
        self.closes_waited = 0  # windows the run let close on their clock (full time each)
        self.irreversible = Irreversible()
        self.first_request = 0

    @classmethod
    async def open(
        cls,
        env: Any,
        channel: Any,
        people: list[Any],
        game_id: str,
        seats: int | None,
        *,
        auto_pass: bool = True,
    ) -> Seats:
        self = cls(env, channel, people, game_id)
        self.auto_pass = auto_pass
        alice, bob = people
        for person in people:
            await env.bot.service.players.change(person.id, auto_pass=auto_pass)
        options = {"seats": seats} if seats else {}
        opened = await alice.slash(channel, "match new", game=game_id, **options)
        assert opened.response is not None, "no lobby"
        self.table_id = opened.response.id
        await bob.click(self.table(), label=lobby_texts.BUTTON_JOIN)
        self.first_message_id = max(
            m.id for ms in env.backend.messages.values() for m in ms.values()
        )
        self.first_request = len(env.backend.http_requests)
        await alice.click(self.table(), label=lobby_texts.BUTTON_START)
        [match] = await self.service.matches_of_user(channel.guild.id, alice.id)
        self.match_id = match.id
        record = await self.service.record(match.id)
        self.state = self.game.new(record.header.seats, record.header.seed, record.header.options)
        return self

    @property
    def service(self) -> Any:
        return self.env.bot.service

    def table(self) -> Any:
        return next(m for m in self.channel.history() if m.id == self.table_id)

    async def catch_up(self) -> int:
        """Apply the moves stored since the last look; returns how many there are in all."""
        from engine.core import Action

        for raw in (await self.service.record(self.match_id)).actions[self.applied :]:
            self.game.apply(self.state, Action.from_json(raw))
            self.applied += 1
        return self.applied

    async def next_decision(self, rng: random.Random) -> tuple[int, Any] | None:
        """The seat of a person that decides now and its choice; None once the match ended."""
        from engine.core import Rng

        while (await self.service.get(self.match_id)).status == "live":
            await self.catch_up()
            deciding = sorted(s for s in self.game.deciders(self.state) if s < len(self.people))
            if not deciding:
                return None
            asked = [s for s in deciding if not self._passed_for(s)]
            if not asked:
                await self._to_the_close()
                continue
            seat = asked[0]
            action = self.negotiation.choose(self.game, self.state, seat)
            if action is None:
                choice = Rng(rng.getrandbits(32))
                action = self.game.ai_action(self.state, seat, choice, "heuristic")
                legal = self.game.legal_actions(self.state, seat)
                view = self.game.view(self.state, seat)
                action = plugins.as_offered(self.game.id, view, legal, action)
            return seat, action
        return None

    def window(self) -> int | None:
        """The open response window the match waits on (its pass floor), if any."""
        from engine.core import waits_on_window

        if not waits_on_window(self.game, self.state):
            return None
        return int(self.service.live[self.match_id].pass_floor)

    def _passed_for(self, seat: int) -> bool:
        """With auto-pass on: the seat is not asked in this window (it cannot answer, so the
        bot passes for it at the close, or it pressed Pass already)."""
        window = self.window()
        if not self.auto_pass or window is None:
            return False
        if (seat, window) in self.auto_passed:
            return True
        if not self.game.window_answers(self.state, seat):
            self.auto_passed.add((seat, window))
            return True
        return False

    async def _to_the_close(self) -> None:
        """Nobody left to ask: SimCord's clock moves to the window's close."""
        import asyncio

        match = await self.service.get(self.match_id)
        assert match.deadline_kind == "window" and match.deadline is not None
        left = match.deadline - asyncio.get_running_loop().time()
        await self.env.advance_time(max(left, 0.0) + 1.0)
        self.closes_waited += 1

    def pass_only(self, seat: int) -> int:
        """1 when the seat's only moves are Pass (and conceding): a decision asking nothing."""
        from engine.core import CONCEDE, PASS

        kinds = {a.kind for a in self.game.legal_actions(self.state, seat)}
        return int(PASS in kinds and kinds <= {PASS, CONCEDE})

    def newest_dm_hand(self, person_id: int) -> int | None:
        """The id of the person's newest hand message in their DMs, if any."""
        backend = self.env.backend
        dm = backend.dm_channels.get(person_id)
        found = [
            m.id
            for m in hand_messages(
                backend, backend.bot_user.id, person_id, self.channel.id, self.match_id
            )
            if m.channel_id == dm
        ]
        return found[-1] if found else None

    async def pass_only_hand(self, people: list[Any]) -> bool | None:
        """In an open window, a person in it holding no answer presses "My hand": whether the
        hand shows Pass and no other move (issue 27.1: it should not ask them anything). None
        when no such person sits in the window."""
        window = self.game.window(self.state)
        if window is None:
            return None
        for seat in sorted(window.waiting_on()):
            if seat >= len(people) or self.game.window_answers(self.state, seat):
                continue
            hand = await people[seat].click(self.table(), label=lobby_texts.BUTTON_HAND)
            if hand.response is None:
                return None
            keys = {
                parsed.key
                for c in controls(hand.response)
                if c.enabled
                and (parsed := parse_custom_id(c.custom_id)) is not None
                and parsed.match_id == self.match_id
            }
            return "pass" in keys and keys <= {"pass", "concede"}
        return None

    def in_a_fight(self) -> bool:
        return getattr(self.state, "combat", None) is not None

    def pings(self, people: list[int]) -> int:
        """DM pings sent to the people since the match started (issue 27.3): a post in their
        DMs that is not a hand (a hand is a Components V2 layout; a ping is a line)."""
        backend = self.env.backend
        paths = {f"/channels/{backend.dm_channels.get(p)}/messages" for p in people}
        return sum(
            1
            for r in backend.http_requests[self.first_request :]
            if r.method == "POST"
            and r.path in paths
            and not int((r.json or {}).get("flags") or 0) & COMPONENTS_V2
        )

    def messages_since(self, first_id: int, people: list[int]) -> dict[str, int]:
        backend = self.env.backend
        bot_id = backend.bot_user.id
        dms = {backend.dm_channels.get(p) for p in people}
        counts = {"channel": 0, "dm": 0, "thread": 0}

        def kind_of(channel_id: int) -> str | None:
            parent = getattr(backend.channels.get(channel_id), "parent_id", None)
            if channel_id == self.channel.id:
                return "channel"
            if channel_id in dms:
                return "dm"
            return "thread" if parent == self.channel.id else None

        for channel_id, messages in backend.messages.items():
            kind = kind_of(channel_id)
            if kind is not None:
                counts[kind] += sum(
                    1 for m in messages.values() if m.author_id == bot_id and m.id > first_id
                )
        # Messages the bot created and deleted since (a retired hand, an earlier ping) were
        # created all the same: counted from its delete requests (only the bot's own).
        for request in backend.http_requests:
            if request.method != "DELETE":
                continue
            found = _DELETED.fullmatch(request.path)
            if found is None or int(found["message"]) <= first_id:
                continue
            channel = found["channel"]
            kind = kind_of(int(channel)) if channel else "channel"  # a webhook: ephemeral
            if kind is not None:
                counts[kind] += 1
        return counts


class Player:
    """One person reaching a chosen move through the screens."""

    def __init__(self, seats: Seats, seat: int, person: Any) -> None:
        self.seats, self.seat, self.person = seats, seat, person
        self.id = person.id
        self.seen: Irreversible | None = None  # the move being made cannot be taken back

    async def decide(self, action: Any, path: str) -> int:
        """Make ``action`` on ``path`` ("dm" or "table"); returns the taps it took. A trade
        is built on the trade builder as a person builds it (coins and offer, one Send)."""
        from bot.games.classic.trade_builder import built_trade
        from bot.games.quest.charity import built_charity
        from engine.core import Rng

        before = await self.seats.catch_up()
        game, seat = self.seats.game, self.seat

        def then(copy: Any, n: int) -> Any:
            return game.ai_action(copy, seat, Rng(n), "heuristic")

        target: Any = built_trade(game, self.seats.state, action, then) or action.key
        if game.id == "quest":  # a charity is chosen whole on its builder (issue 27.5)
            gift = built_charity(game, self.seats.state, action, then)
            target = Giving(gift) if gift else target
        self.seen = None
        if isinstance(target, str) and plugins.irreversible(game.id, target):
            self.seen = self.seats.irreversible
            self.seen.made += 1
        taps = 0
        if path == "dm":
            taps += await self._from_hand(target, dm=True)
        elif not (action.key == "pass" and self._table_keys().get("pass")):
            # The live hand the player already has in the channel (the last "My hand"
            # answer, kept current in place), when it offers the move.
            taps += await self._from_hand(target, dm=False)
        if await self.seats.catch_up() > before:
            return taps
        taps += await self._from_table(target)
        assert await self.seats.catch_up() > before, f"{action.key} was not played"
        return taps

    async def _from_hand(self, key: Any, *, dm: bool) -> int:
        """Choose on the player's newest hand message in their DMs (``dm``) or among the
        ephemeral answers they see in the channel; 0 taps when there is none."""
        backend = self.seats.env.backend
        where = backend.dm_channels.get(self.id) if dm else self.seats.channel.id
        hands = [
            m
            for m in hand_messages(
                backend, backend.bot_user.id, self.id, self.seats.channel.id, self.seats.match_id
            )
            if m.channel_id == where
        ]
        if not hands:
            return 0
        if dm:
            actor, history = self.person.user, self.person.user.dm_channel.history()
        else:
            actor, history = self.person, self.seats.channel.history(viewer=self.person)
        message = next((m for m in history if m.id == hands[-1].id), None)
        if message is None:
            return 0
        return await choose_on(actor, message, key, self.seen)

    def _table_keys(self) -> dict[str, str]:
        return {
            parsed.key: c.custom_id
            for c in controls(self.seats.table())
            if c.enabled and (parsed := parse_custom_id(c.custom_id)) is not None
        }

    async def _from_table(self, key: Any) -> int:
        table = self.seats.table()
        keys = self._table_keys()
        if key == "pass" and "pass" in keys:
            await self.person.click(table, custom_id=keys["pass"])
            return 1
        opener = "respond" if "respond" in keys else "hand"
        hand = await self.person.click(table, custom_id=keys[opener])
        assert hand.response is not None, "no hand answered"
        return 1 + await choose_on(self.person, hand.response, key, self.seen)


async def choose_on(actor: Any, message: Any, key: Any, seen: Irreversible | None = None) -> int:
    """Press ``key`` on a hand message, paging through it; the taps spent (the pages turned
    count even when the move is not there). A trade (``Trade``) is built instead. A move that
    cannot be taken back asks "Yes, ..." first (issue 27.2): pressed too, a tap more. A
    charity (``Giving``) is built on its builder."""
    if isinstance(key, Giving):
        return await build_charity(actor, message, key)
    if not isinstance(key, str):
        return await build_trade(actor, message, key)
    taps = 0
    for _ in range(MAX_PAGES):
        found = controls(message)
        for control in found:
            parsed = parse_custom_id(control.custom_id)
            if not control.enabled or parsed is None:
                continue
            if control.kind == BUTTON and parsed.key == key:
                pressed = await actor.click(message, custom_id=control.custom_id)
                return taps + 1 + await say_yes(actor, pressed.response, key, seen)
        for control in found:
            if control.enabled and control.kind == STRING_SELECT and _offers(message, control, key):
                pressed = await actor.select(message, [key], custom_id=control.custom_id)
                return taps + 1 + await say_yes(actor, pressed.response, key, seen)
        built = await build_on(actor, message, key)
        if built:
            return taps + built
        turn = _turn_page(found)
        if turn is None or parse_custom_id(turn) is None:
            return taps
        paged = await actor.click(message, custom_id=turn)
        taps += 1
        message = paged.response or message
    return taps


@dataclass
class Irreversible:
    """Moves that cannot be taken back (``Game.irreversible``) the people made, and how many
    of them were played on their first press, with no "Yes, ..." asked (issue 27.2: 0)."""

    made: int = 0
    one_tap: int = 0


async def say_yes(actor: Any, message: Any, key: str, seen: Irreversible | None) -> int:
    """The "Yes, ..." the press on ``key`` asked for, pressed: 1 tap, else 0."""
    for control in controls(message) if message is not None else []:
        parsed = parse_custom_id(control.custom_id)
        if control.enabled and parsed is not None and parsed.key == SURE_PREFIX + key:
            await actor.click(message, custom_id=control.custom_id)
            return 1
    if seen is not None:
        seen.one_tap += 1  # counted only for a move that should have asked (``Player``)
    return 0


async def build_on(actor: Any, message: Any, key: str) -> int:
    """Reach ``key`` through a bargain builder on ``message`` (classic's help terms: the
    treasures, the gold, who picks first, Send; quest's trade terms: what is given, what is
    asked for, the gold, Send; quest's call for help: the seat's entry, the share, Send;
    quest's Buy a level… and Mend…: the entry, the cards, Buy or Mend), a tap per part as a
    person sets it; the taps it took, 0 when the message has no builder leading to ``key``."""
    from bot.games.classic import bargain
    from bot.games.quest import help_ask, level_sale, mend, trade_terms

    def next_press(drawn: Any, key: str) -> Any:
        found: Any = bargain.next_press(drawn, key) or trade_terms.next_press(drawn, key)
        found = found or help_ask.next_press(drawn, key) or level_sale.next_press(drawn, key)
        return found or mend.next_press(drawn, key)

    for taps in range(1, MAX_BUILD_TAPS + 1):
        press = next_press(_drawn(message), key)
        if press is None:
            return 0
        # One value (a one-value select's option) or several (Buy a level…'s items, Mend…'s
        # two cards: ``picks.Press.values``); neither: a button.
        values = getattr(press, "values", None)
        value = getattr(press, "value", None)
        chosen = list(values) if values is not None else [value] if value is not None else None
        if chosen is None:
            result = await actor.click(message, custom_id=press.custom_id)
        else:
            result = await actor.select(message, chosen, custom_id=press.custom_id)
        if press.plays:
            return taps
        message = result.response or message
    return 0


@dataclass(frozen=True)
class Giving:
    """A whole charity (quest's ``charity.Gift``: each card and the seat it goes to), chosen
    on the charity builder: the cards, who gets which, Give."""

    gift: tuple[tuple[int, int], ...]


async def build_charity(actor: Any, message: Any, target: Giving) -> int:
    """Give ``target`` on quest's charity builder, a tap per part set (the cards in one
    several-value select, each receiver's that differ, Give); the taps it took."""
    from bot.games.quest.charity_builder import next_press

    for taps in range(1, MAX_BUILD_TAPS + 1):
        press = next_press(_drawn(message), target.gift)
        if press is None:
            return taps - 1
        if press.values is None:
            result = await actor.click(message, custom_id=press.custom_id)
        else:
            result = await actor.select(message, list(press.values), custom_id=press.custom_id)
        if press.plays:
            return taps
        message = result.response or message
    return MAX_BUILD_TAPS


def _turn_page(found: list[Any]) -> str | None:
    """The custom id a person presses next for a move not on this page (``page_turn``)."""
    return page_turn((c.custom_id, c.labels[0], c.enabled) for c in found if c.kind == BUTTON)


async def build_trade(actor: Any, message: Any, target: Any) -> int:
    """Offer ``target`` on the trade builder, paging to the item's entry first; the taps."""
    from bot.games.classic.trade_builder import next_press

    taps = 0
    for _ in range(MAX_PAGES):
        press = next_press(_drawn(message), target)
        if press is not None:
            break
        turn = _turn_page(controls(message))
        if turn is None:
            return taps
        message = (await actor.click(message, custom_id=turn)).response or message
        taps += 1
    for _ in range(MAX_BUILD_TAPS):
        press = next_press(_drawn(message), target)
        if press is None:
            return taps
        if press.value is None:
            result = await actor.click(message, custom_id=press.custom_id)
        else:
            result = await actor.select(message, [press.value], custom_id=press.custom_id)
        taps += 1
        if press.plays:
            return taps
        message = result.response or message
    return taps


def _drawn(message: Any) -> list[tuple[str, tuple[str, ...], bool]]:
    """The message's controls as the builder reads them: custom id, option values, enabled."""
    return [
        (
            c.get("custom_id") or "",
            tuple(o.get("value") or "" for o in c.get("options") or []),
            not c.get("disabled"),
        )
        for c in walk(message.components)
        if c.get("type") in (BUTTON, STRING_SELECT)
    ]


def _offers(message: Any, control: Any, key: str) -> bool:
    for child in raw_components(message):
        if child.get("custom_id") == control.custom_id:
            return any(o.get("value") == key for o in child.get("options", []))
    return False
