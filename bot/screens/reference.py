"""The ``/card`` and ``/rules`` answers: a card as an embed with its tile, a rules topic."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import discord

from bot import plugins
from bot.plugins import Reference
from bot.render.model import Rendered, clip
from bot.render.pictures import CardFace, cards_picture
from bot.words import texts

REFERENCE_COLOUR = discord.Colour.dark_teal()
MAX_CHOICES = 25  # Discord: autocomplete suggestions


def _references() -> list[tuple[str, Reference]]:
    """(game id, reference) of every hosted game that has one, in registration order."""
    return [(p.id, p.reference) for p in plugins.plugins() if p.reference is not None]


def _faces() -> dict[str, tuple[CardFace, int]]:
    """``game:card_id`` -> (face, copies) for every card of every hosted game."""
    return _faces_of(tuple(game for game, _ in _references()))


@cache
def _faces_of(games: tuple[str, ...]) -> dict[str, tuple[CardFace, int]]:
    # Built once per set of hosted games: the faces come from the cards in data/.
    out: dict[str, tuple[CardFace, int]] = {}
    for game, reference in _references():
        if game in games:
            out.update({f"{game}:{c.id}": (c.face, c.copies) for c in reference.cards()})
    return out


def topic_key(game: str, topic: str) -> str:
    return f"{game}.{topic}"


def find_topic(key: str) -> tuple[str, str, str] | None:
    """(game, title, text) for ``game.topic``, or ``None``."""
    game, _, topic = key.partition(".")
    found = plugins.find(game)
    entry = found.reference.topics.get(topic) if found and found.reference else None
    return (game, *entry) if entry is not None else None


def card_choices(typed: str) -> list[tuple[str, str]]:
    """(label, value) suggestions for ``/card name:``: names containing what was typed,
    those starting with it first."""
    needle = typed.strip().lower()
    found = []
    for key, (face, _) in _faces().items():
        name = face.title.lower()
        if needle in name:
            game = key.partition(":")[0]
            found.append((not name.startswith(needle), face.title, f"{face.title} ({game})", key))
    found.sort()
    return [(label, key) for _, _, label, key in found[:MAX_CHOICES]]


def find_card(name: str) -> str | None:
    """The ``game:card_id`` key for a suggestion's value or a typed name, else ``None``."""
    faces = _faces()
    if name in faces:
        return name
    wanted = name.strip().lower()
    return next((key for key, (face, _) in faces.items() if face.title.lower() == wanted), None)


def render_card(key: str) -> Rendered:
    face, copies = _faces()[key]
    game = key.partition(":")[0]
    embed = discord.Embed(
        title=face.title, description=clip(face.text, 4096), colour=REFERENCE_COLOUR
    )
    embed.add_field(name=texts.CARD_GAME, value=plugins.title(game), inline=True)
    embed.add_field(name=texts.CARD_KIND, value=face.line or face.kind, inline=True)
    if face.stat:
        embed.add_field(name=texts.CARD_STATS, value=face.stat, inline=True)
    embed.add_field(name=texts.CARD_COPIES, value=str(copies), inline=True)
    picture = cards_picture([face], "card.png")
    embed.set_image(url=f"attachment://{picture.filename}")
    return Rendered(embeds=(embed,), pictures=(picture,))


def topic_choices(typed: str) -> list[tuple[str, str]]:
    needle = typed.strip().lower()
    out = []
    for game, reference in _references():
        for topic, (title, _) in reference.topics.items():
            label = f"{plugins.title(game)}: {title}"
            key = topic_key(game, topic)
            if needle in label.lower() or needle in key:
                out.append((label, key))
    return out[:MAX_CHOICES]


ECHO_MAX = 100
PER_ROW = 5  # Discord: buttons in a row
TOPIC_ROWS = 4  # a game's topics take at most four rows; the fifth holds "All games"


@dataclass(frozen=True, slots=True)
class TopicButton:
    """A button under a ``/rules`` answer: a game's topic (``page`` its place among the
    game's topics, from 1) or, with ``game`` empty and ``page`` 0, the index of games. The
    cog turns it into a persistent page button (``bsp:rules:0:<page>:<game>``)."""

    label: str
    game: str
    page: int
    row: int
    current: bool = False


def topic_at(game: str, page: int) -> str | None:
    """The ``game.topic`` key of a topic button, or None (the index, or a page that is not
    there: a forged or outdated button)."""
    found = plugins.find(game) if game else None
    topics = list(found.reference.topics) if found and found.reference else []
    return topic_key(game, topics[page - 1]) if 1 <= page <= len(topics) else None


def rules_buttons(topic: str | None) -> list[TopicButton]:
    """One tap to any topic: the index offers each game (its first topic), a topic its
    game's other topics and the way back to the index."""
    found = find_topic(topic) if topic else None
    if found is None:
        games = [(game, plugins.title(game)) for game, _ in _references()]
        return [TopicButton(title, game, 1, n // PER_ROW) for n, (game, title) in enumerate(games)]
    game = found[0]
    current = topic.partition(".")[2] if topic else ""
    reference = plugins.plugin(game).reference
    topics = list(reference.topics.items()) if reference else []
    buttons = [
        TopicButton(title, game, n + 1, n // PER_ROW, current=key == current)
        for n, (key, (title, _)) in enumerate(topics[: PER_ROW * TOPIC_ROWS])
    ]
    return [*buttons, TopicButton(texts.RULES_ALL_GAMES, "", 0, TOPIC_ROWS)]


def render_rules(topic: str | None) -> Rendered:
    """One topic, or the index of games and their topics (with a note when the asked one is
    unknown); the buttons to go on with come from ``rules_buttons``."""
    found = find_topic(topic) if topic else None
    if found is not None:
        game, title, text = found
        embed = discord.Embed(
            title=texts.RULES_TITLE.format(game=plugins.title(game), title=title),
            description=text,
            colour=REFERENCE_COLOUR,
        )
        embed.set_footer(text=texts.RULES_MORE)
        return Rendered(embeds=(embed,))
    embed = discord.Embed(title=texts.RULES_INDEX_TITLE, colour=REFERENCE_COLOUR)
    for game, reference in _references():
        line = " · ".join(title for title, _ in reference.topics.values())
        embed.add_field(name=plugins.title(game), value=clip(line, 1024), inline=False)
    embed.set_footer(text=texts.RULES_INDEX_HOW)
    # Echo at most a line of what was typed: Discord refuses replies past 2,000 chars.
    shown = topic if topic is None or len(topic) <= ECHO_MAX else topic[:ECHO_MAX] + "…"
    note = texts.RULES_UNKNOWN.format(topic=shown) if topic else None
    return Rendered(content=note, embeds=(embed,))
