"""Duel decks: players build, check, share and pick them; a starting duel takes each seat's pick.

Decks belong to their owner (every call names the owner). A deck that breaks a rule is kept as
a draft and may not be picked; the seven preconstructed decks are open to everyone and read-only.
Refusals are ``DeckError(code, **detail)``; ``bot.games.duel.deck_words.deck_error`` words them.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.core.errors import ServiceError
from bot.games.duel import deckcode
from bot.games.duel.deck_errors import DeckError
from bot.storage.models import DeckNameTaken, StoredDeck
from bot.storage.ports import DeckRepository
from engine.duel.decks import Deck, validate_deck
from engine.duel.game import DEFAULT_DECKS, Duel
from engine.games import load_game

if TYPE_CHECKING:
    from bot.core.service import MatchInfo
    from engine.duel.cards import DuelCard

GAME = Duel.id
PRECON_PREFIX = "precon:"
# Cards in one deck, draft or not (a legal duel deck has 40): what keeps every deck's own
# export re-importable (a code under deckcode.MAX_CODE, at most 99 copies a line).
MAX_CARDS = 99
MAX_DECKS = 50  # per owner: enough for anyone, small enough that a list fits a message
MAX_NAME = 40
MAX_SUGGESTIONS = 25  # Discord's cap on autocomplete choices
_NAME = re.compile(r"^[^\s:`*_~|<>@#][^\n:`*_~|<>@#]{0,39}$")


@dataclass(frozen=True)
class DeckInfo:
    """A deck as players see it: its cards, and every rule it breaks (empty when ready)."""

    name: str
    hero: str
    cards: dict[str, int]
    problems: tuple[str, ...]
    precon: str | None = None  # the precon's file stem, for the seven shared decks
    deck_id: int | None = None

    @property
    def ready(self) -> bool:
        return not self.problems

    @property
    def size(self) -> int:
        return sum(self.cards.values())

    @property
    def key(self) -> str:
        """What autocomplete sends back for this deck."""
        return PRECON_PREFIX + self.precon if self.precon else self.name

    def to_engine(self) -> Deck:
        return Deck(self.hero, dict(self.cards), self.name)


class DeckBook:
    def __init__(self, store: DeckRepository, duel: Callable[[], Duel] | None = None) -> None:
        self.store = store
        self._duel = duel or _load_duel

    # cards ---------------------------------------------------------------------------------
    @property
    def cards(self) -> dict[str, DuelCard]:
        return self._duel().by_id

    def card_name(self, card_id: str) -> str:
        card = self.cards.get(card_id)
        return card.name if card is not None else card_id

    def resolve_card(self, text: str) -> str | None:
        """A card id from an id or a name in any case."""
        typed = text.strip()
        lowered = " ".join(typed.lower().split())
        for guess in (typed, lowered.replace(" ", "_")):
            if guess in self.cards:
                return guess
        return next((c.id for c in self.cards.values() if c.name.lower() == lowered), None)

    def card_choices(
        self,
        typed: str,
        *,
        heroes: bool = False,
        among: set[str] | None = None,
        taken_by: DeckInfo | None = None,
    ) -> list[tuple[str, str]]:
        """(label, card id) pairs for autocomplete: Heroes only, deck cards only (``among``),
        or only the cards the deck ``taken_by`` may take (see ``fits``)."""
        needle = typed.strip().lower()
        found = []
        for card in sorted(self.cards.values(), key=lambda c: c.name):
            if (card.type == "hero") != heroes or (among is not None and card.id not in among):
                continue
            if taken_by is not None and not self.fits(taken_by, card.id):
                continue
            if needle in card.name.lower() or needle in card.id:
                found.append((f"{card.name} ({card.klass} {card.type})", card.id))
        return found[:MAX_SUGGESTIONS]

    def fits(self, deck: DeckInfo, card_id: str) -> bool:
        """Whether one more ``card_id`` breaks no rule ``deck`` did not already break, the
        deck's size aside: the hero's class (a Neutral or Wanderer hero's one class) and the
        copy limit, as ``validate_deck`` judges them (the rule is not restated here)."""
        grown = dict(deck.cards)
        grown[card_id] = grown.get(card_id, 0) + 1
        before = _rule_breaks(Deck(deck.hero, dict(deck.cards)), self.cards)
        return _rule_breaks(Deck(deck.hero, grown), self.cards) <= before

    def check(self, hero: str, cards: dict[str, int]) -> tuple[str, ...]:
        violations = validate_deck(Deck(hero, cards), self.cards)
        return tuple(v.words() for v in violations)

    # reading -------------------------------------------------------------------------------
    def precons(self) -> list[DeckInfo]:
        return [self._precon(stem) for stem in sorted(self._duel().decks)]

    async def own(self, owner_id: int) -> list[DeckInfo]:
        return [self._info(d) for d in await self.store.decks_of(owner_id, GAME)]

    async def get(self, owner_id: int, name: str, *, precons: bool = True) -> DeckInfo:
        """The owner's deck by name, else (when allowed) a precon by key, stem or name."""
        typed = name.strip()
        if not typed.startswith(PRECON_PREFIX):
            stored = await self.store.find(owner_id, GAME, typed)
            if stored is not None:
                return self._info(stored)
        precon = self._find_precon(typed)
        if precon is not None:
            if not precons:
                raise DeckError("precon_read_only", name=precon.name)
            return precon
        raise DeckError("no_such_deck", name=typed[:MAX_NAME])

    async def deck_choices(
        self, owner_id: int, typed: str, *, precons: bool = True
    ) -> list[tuple[str, str]]:
        needle = typed.strip().lower()
        decks = await self.own(owner_id) + (self.precons() if precons else [])
        return [
            (_label(d), d.key)
            for d in decks
            if needle in d.name.lower() or (d.precon is not None and needle in d.precon)
        ][:MAX_SUGGESTIONS]

    # building ------------------------------------------------------------------------------
    async def new(self, owner_id: int, name: str, hero: str) -> DeckInfo:
        hero_id = self.resolve_card(hero)
        if hero_id is None or self.cards[hero_id].type != "hero":
            raise DeckError("not_a_hero", hero=hero.strip()[:60])
        return await self._create(owner_id, name, hero_id, {})

    async def add(self, owner_id: int, name: str, card: str, count: int) -> DeckInfo:
        deck = await self._own(owner_id, name)
        card_id = self._card(card)
        if count < 1:
            raise DeckError("bad_count", count=count)
        cards = dict(deck.cards)
        cards[card_id] = cards.get(card_id, 0) + count
        _check_size(cards)
        return await self._save(deck, cards)

    async def remove(self, owner_id: int, name: str, card: str, count: int) -> DeckInfo:
        deck = await self._own(owner_id, name)
        card_id = self._card(card)
        if card_id not in deck.cards:
            raise DeckError("card_not_in_deck", card=self.card_name(card_id), deck=deck.name)
        if count < 1:
            raise DeckError("bad_count", count=count)
        cards = dict(deck.cards)
        cards[card_id] -= count
        if cards[card_id] <= 0:
            del cards[card_id]
        return await self._save(deck, cards)

    async def delete(self, owner_id: int, name: str) -> DeckInfo:
        deck = await self._own(owner_id, name)
        assert deck.deck_id is not None
        await self.store.delete(deck.deck_id)
        return deck

    async def use(self, owner_id: int, name: str) -> DeckInfo:
        deck = await self.get(owner_id, name)
        if not deck.ready:
            raise DeckError("draft", name=deck.name, problems=deck.problems)
        await self.store.choose(owner_id, GAME, deck_id=deck.deck_id, precon=deck.precon)
        return deck

    async def chosen(self, user_id: int) -> DeckInfo | None:
        choice = await self.store.choice(user_id, GAME)
        if choice is None:
            return None
        if choice.precon is not None:
            return self._find_precon(PRECON_PREFIX + choice.precon)
        stored = await self.store.by_id(choice.deck_id or 0)
        return self._info(stored) if stored is not None else None

    # sharing -------------------------------------------------------------------------------
    async def import_deck(self, owner_id: int, text: str, name: str) -> DeckInfo:
        """A deck code or a plain list (``3x Card Name`` per line, or ``;`` between entries),
        saved under ``name``; a deck that breaks rules is saved as a draft."""
        body = text.strip()
        try:
            if body.startswith(deckcode.PREFIX):
                parsed = deckcode.decode(body)
            else:
                lines = body.replace(";", "\n")
                parsed = deckcode.parse_list(lines, self.resolve_card)
        except deckcode.DeckCodeError as exc:
            raise DeckError("unreadable", problems=tuple(exc.problems)) from None
        if not parsed.cards and parsed.hero is None:
            raise DeckError("unreadable", problems=(("empty", ""),))
        if parsed.hero is None:
            raise DeckError("no_hero")
        _check_size(dict(parsed.cards))
        return await self._create(owner_id, name, parsed.hero, dict(parsed.cards))

    async def export(self, owner_id: int, name: str) -> tuple[DeckInfo, str, str]:
        """The deck, its code and its plain list."""
        deck = await self.get(owner_id, name)
        listed = deckcode.DeckList(deck.hero, dict(deck.cards))
        return deck, deckcode.encode(listed), deckcode.to_list(listed, self.card_name)

    # a duel starting -----------------------------------------------------------------------
    async def start_options(self, match: MatchInfo) -> dict[str, list[dict[str, object]]]:
        """Each seat's deck, written out in full into the match record (see ``seat_decks``)."""
        return await seat_decks(match, self.chosen, self._precon)

    # internals -----------------------------------------------------------------------------
    async def _create(self, owner_id: int, name: str, hero: str, cards: dict[str, int]) -> DeckInfo:
        clean = " ".join(name.split())
        if not _NAME.match(clean) or clean.lower().startswith(PRECON_PREFIX):
            raise DeckError("bad_name", name=clean[:MAX_NAME], most=MAX_NAME)
        if await self.store.count(owner_id) >= MAX_DECKS:
            raise DeckError("too_many_decks", most=MAX_DECKS)
        try:
            stored = await self.store.create(owner_id, GAME, clean, hero, cards)
        except DeckNameTaken:
            raise DeckError("name_taken", name=clean) from None
        return self._info(stored)

    async def _own(self, owner_id: int, name: str) -> DeckInfo:
        return await self.get(owner_id, name, precons=False)

    async def _save(self, deck: DeckInfo, cards: dict[str, int]) -> DeckInfo:
        assert deck.deck_id is not None
        await self.store.save_cards(deck.deck_id, cards)
        problems = self.check(deck.hero, cards)
        return DeckInfo(deck.name, deck.hero, cards, problems, None, deck.deck_id)

    def _card(self, text: str) -> str:
        card_id = self.resolve_card(text)
        if card_id is None:
            raise DeckError("unknown_card", card=text.strip()[:60])
        return card_id

    def _info(self, stored: StoredDeck) -> DeckInfo:
        problems = self.check(stored.hero, stored.cards)
        return DeckInfo(stored.name, stored.hero, stored.cards, problems, None, stored.id)

    def _precon(self, stem: str) -> DeckInfo:
        deck = self._duel().decks[stem]
        cards = dict(deck.cards)
        return DeckInfo(deck.name, deck.hero, cards, self.check(deck.hero, cards), stem)

    def _find_precon(self, typed: str) -> DeckInfo | None:
        key = typed.removeprefix(PRECON_PREFIX).strip().lower()
        for stem, deck in self._duel().decks.items():
            if key in (stem, deck.name.lower()):
                return self._precon(stem)
        return None


async def seat_decks(
    match: MatchInfo,
    chosen: Callable[[int], Awaitable[DeckInfo | None]] | None,
    precon: Callable[[str], DeckInfo],
) -> dict[str, list[dict[str, object]]]:
    """The one rule for which deck each seat brings to a starting duel: its lobby pick, else its
    owner's saved choice (``/deck use``; refused while a draft), else the engine's default
    precon for that seat. Written out in full so that the match record replays on its own;
    nothing when the decks are already chosen."""
    if match.game != GAME or match.options.get("decks"):
        return {}
    picks = match.options.get("picks", {})
    decks: list[dict[str, object]] = []
    for seat in sorted(match.seats, key=lambda s: s.seat):
        pick = picks.get(str(seat.user_id)) if seat.user_id is not None else None
        if pick:
            decks.append(pick["deck"])
            continue
        deck = await chosen(seat.user_id) if chosen and seat.user_id is not None else None
        if deck is None:
            deck = precon(DEFAULT_DECKS[seat.seat % len(DEFAULT_DECKS)])
        elif not deck.ready:
            raise ServiceError("deck_not_ready", player=seat.name, deck=deck.name)
        decks.append(deck.to_engine().to_json())
    return {"decks": decks}


def _label(deck: DeckInfo) -> str:
    if deck.precon:
        return f"{deck.name} (precon, {deck.precon})"
    return f"{deck.name} ({'ready' if deck.ready else 'draft'})"


# A deck being built is short of (or past) 40 cards on the way: not a reason to hide a card.
_SIZE_CODES = frozenset({"duel.deck.too_few", "duel.deck.too_many"})


def _rule_breaks(deck: Deck, cards: dict[str, DuelCard]) -> set[str]:
    """The rules ``deck`` breaks apart from its size, as comparable (code, detail) texts."""
    return {
        f"{v.code} {sorted(v.detail.items())}"
        for v in validate_deck(deck, cards)
        if v.code not in _SIZE_CODES
    }


def _load_duel() -> Duel:
    return load_game(GAME)  # type: ignore[return-value]


def _check_size(cards: dict[str, int]) -> None:
    if sum(cards.values()) > MAX_CARDS:
        raise DeckError("too_many_cards", most=MAX_CARDS, size=sum(cards.values()))
