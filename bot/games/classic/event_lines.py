"""The log line each classic event reads as, its template filled from the event's fields."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.classic import words
from bot.games.classic.cards_text import (
    card_of,
    name_of,
    seat_name,
    share_words,
)
from bot.render.games import ViewJson as Json


class _Words(dict[str, object]):
    """Template fields; one a template names but the event lacks reads as "?"."""

    def __missing__(self, key: str) -> str:
        return "?"


def event_text(event: Json, names: Sequence[str]) -> str | None:
    """The log line for ``event``; ``None`` when the game has no words for its kind."""
    kind = str(event.get("kind", ""))
    if kind == "kicked":
        card = card_of(event.get("card"))
        stays_out = card is not None and card.kind in ("monster", "curse")
        kind = "kicked" if stays_out else "kicked_hand"  # the rest goes to a hand
    elif kind == "flee":
        kind = "flee_caught" if event.get("caught") else "flee_away"
    elif kind == "flee_result":
        kind = "flee_result_caught" if event.get("caught") else "flee_result_away"
    elif kind == "played" and "on" in event:
        kind = "played_on"
    template = words.EVENTS.get(kind)
    if template is None:
        return None
    seats = event.get("seats")
    fields = _Words(
        seat=seat_name(names, event.get("seat")),
        to=seat_name(names, event.get("to")),
        card=name_of(event.get("card")),
        monster=name_of(event.get("monster")),
        on=name_of(event.get("on")),
        hireling=name_of(event.get("hireling")),
        seats=", ".join(seat_name(names, x) for x in seats) if isinstance(seats, list) else "",
        item=name_of(event.get("what")),
        **{k: v for k, v in event.items() if k in ("gold", "level", "roll", "what", "share")},
    )
    if "share" in event:
        fields["treasures"] = share_words(event["share"])
    source = event.get("from")
    if isinstance(source, str):  # a pile a card was drawn from
        fields["pile"] = words.PILE_NAMES.get(source, source)
    else:
        fields["from"] = seat_name(names, source)
    return template.format_map(fields)
