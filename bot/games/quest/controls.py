"""Quest's legal actions as controls: a label that names the people, cards and rooms it is
about (at most ``LABEL_LIMIT`` characters, so it fits a phone's button), a group (main moves
stay buttons, long lists become selects) and an order (the seat's decision first)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from bot.games.quest import words
from bot.games.quest.cards import card_def
from bot.games.quest.wordings import values_of
from bot.render.controls import Control
from bot.render.model import Style
from engine.core import Action
from engine.quest.moves import MOVES
from engine.quest.view import QuestView

LABEL_LIMIT = 40

# The decision's own moves, drawn as buttons in this order before anything else.
MAIN = (
    "roll",
    "go",
    "search",
    "pick_up",
    "fight",
    "take",
    "skip",
    "summon",
    "no_summon",
    "accept",
    "decline",
    "accept_trade",
    "refuse_trade",
    "cancel",
    "let_it",
    "ward",
    "no_ward",
    "flee",
    "nowhere",
    "ready",
    "pass",
    "end_turn",
    "withdraw",
    "auction",
    "bid",
    "no_bid",
    "go_on",
    "pick_done",
)
GROUPS: Mapping[str, str] = {
    "go": words.G_WALK,
    "base": words.G_BASE,
    "snatch": words.G_PICK,
    "lose": words.G_PICK,
    "pick": words.G_PICK,
    "flee_to": words.G_RUN,
    "escape": words.G_RUN,
    "focus": words.G_POWER,
    "charity_give": words.G_GIVE,
    "charity_discard": words.G_GIVE,
    "play": words.G_MORE,
    "arrange": words.G_MORE,
    "drop": words.G_MORE,
    "use": words.G_MORE,
    "buy_level": words.G_MORE,
    "heal_level": words.G_MORE,
    "drop_role": words.G_MORE,
    "deal": words.G_MORE,
    "trade": words.G_MORE,
    "offer": words.G_MORE,
    "ask": words.G_HELP,
    "power": words.G_POWER,
    "rage": words.G_POWER,
    "mend": words.G_MORE,
    "pickpocket": words.G_MORE,
    "backstab": words.G_POWER,
    "enhance": words.G_FIGHT,
    "wander": words.G_FIGHT,
    "mate": words.G_FIGHT,
    "oneshot": words.G_FIGHT,
    "shrink": words.G_FIGHT,
    "extra_die": words.G_FIGHT,
    "repel": words.G_FIGHT,
    "set_die": words.G_FIGHT,
    "curse": words.G_MORE,
    "levelup": words.G_MORE,
    "cheat": words.G_MORE,
    "teleport": words.G_MORE,
    "link_to": words.G_MORE,
    "die": words.G_MORE,
    "stop": words.G_MORE,
}
QUIET = frozenset(
    {"pass", "no_bid", "go_on", "skip", "decline", "refuse_trade", "no_summon", "let_it", "no_ward"}
)
GROUP_ORDER = (
    words.G_WALK,
    words.G_MAIN,
    words.G_BASE,
    words.G_PICK,
    words.G_GOTO,
    words.G_RUN,
    words.G_GIVE,
    words.G_HELP,
    words.G_FIGHT,
    words.G_POWER,
    words.G_MORE,
    words.G_PLAY,
)
# Within "More…" (items, deals, cards, trades): the likeliest first.
MORE_ORDER = (
    "play",
    "use",
    "deal",
    "buy_level",
    "arrange",
    "curse",
    "levelup",
    "teleport",
    "link_to",
    "cheat",
    "mend",
    "pickpocket",
    "heal_level",
    "trade",
    "offer",
    "drop",
    "drop_role",
    "stop",
    "die",
)


def fit(template: str, values: Mapping[str, object], limit: int = LABEL_LIMIT) -> str:
    """``template`` filled in, its names shortened (longest first) until the label fits."""
    fields = {k: str(v) for k, v in values.items()}
    label = template.format(**fields)
    while len(label) > limit:
        longest = max(fields, key=lambda k: len(fields[k]), default=None)
        if longest is None or len(fields[longest]) <= 6:
            return label[: limit - 1] + "…"
        fields[longest] = fields[longest][: len(fields[longest]) - 2].rstrip() + "…"
        fields[longest] = fields[longest].replace("……", "…")
        label = template.format(**fields)
    return label


# Kinds whose select option carries no line about a card (they name a place, a seat, a die).
_NO_DESCRIPTION = frozenset(
    {"go", "flee_to", "escape", "teleport", "base", "set_die", "offer", "ask", "trade"}
)


def _description(action: Action) -> str | None:
    """The line under a select option: what the card is."""
    move = MOVES.get(action.kind)
    if move is None or action.kind in _NO_DESCRIPTION:
        return None
    return card_description(move.get(action, "card"))


def card_description(card: object) -> str | None:
    """What a card is, in a line: its bonus, its gold value, its text."""
    found = card_def(card)
    if found is None:
        return None
    text = str(getattr(found, "text", "") or "")
    bonus = getattr(found, "bonus", 0)
    value = getattr(found, "value", 0)
    bits = [f"+{bonus}" if bonus else "", f"{value} gold" if value else "", text]
    return " · ".join(b for b in bits if b) or None


TEMPLATE_OFFER = "Offer: {terms}"


def control(
    action: Action, view: QuestView, names: Sequence[str], fallback: Callable[[], str]
) -> Control:
    key, values = values_of(action, view, names)
    template = TEMPLATE_OFFER if key == "offer" else words.LABELS.get(key)
    if template is None:
        label = fallback()
    else:
        try:
            label = fit(template, values)
        except (KeyError, IndexError, ValueError):
            label = fallback()
    group = GROUPS.get(action.kind, words.G_MAIN)
    decides = group in (words.G_MAIN, words.G_WALK, words.G_BASE, words.G_PICK)
    style = Style.SECONDARY if action.kind in QUIET or not decides else Style.PRIMARY
    if action.kind in ("end_turn", "die"):
        style = Style.SECONDARY
    menu = group == words.G_MORE  # items, cards, deals, trades: one menu, never a button wall
    return Control(action.key, label, group, _description(action), style, menu=menu)


PLAYING = frozenset({"play", "play_role"})


def fighting_cards_in_a_menu(found: Sequence[Control], view: QuestView) -> list[Control]:
    """In the fighter's or helper's own hand the fight cards are one "Fight cards…" select, not
    a row of buttons beside Roll (played as new users: "Enraged on Tax Ghost" and "Wandering
    Monster into the fight", cards that make one's own fight harder or richer, sat on the first
    screen as if they were the decision); for the others they stay buttons (a card against the
    fighter is their move)."""
    fight = view.fight
    if fight is None or view.seat is None or view.seat not in (fight.main, fight.helper):
        return list(found)
    return [replace(c, menu=True) if c.group == words.G_FIGHT else c for c in found]


def regroup(found: Sequence[Control], kinds: Sequence[str]) -> list[Control]:
    """The "More…" menu when it holds one sort of move (played as new users): nothing but
    "Declare yourself dead" (a fight's hand) is its own grey button, last, that still asks
    "Yes, …" once (``irreversible``), not a select offering one move nobody looks for; only
    cards to put in play (the getting-ready hand) are under a placeholder that says so."""
    more = [i for i, c in enumerate(found) if c.group == words.G_MORE]
    out = list(found)
    if len(more) == 1 and kinds[more[0]] == "die":
        out[more[0]] = replace(out[more[0]], menu=False, style=Style.SECONDARY)
    elif more and all(kinds[i] in PLAYING for i in more):
        for i in more:
            out[i] = replace(out[i], group=words.G_PLAY)
    return out


def order(found: Sequence[Control], kinds: Sequence[str]) -> list[Control]:
    """The decision's buttons first (in ``MAIN``'s order), then each group together."""

    def rank(pair: tuple[int, Control]) -> tuple[int, int, int]:
        index, c = pair
        kind = kinds[index]
        group = GROUP_ORDER.index(c.group) if c.group in GROUP_ORDER else len(GROUP_ORDER)
        main = MAIN.index(kind) if kind in MAIN else len(MAIN)
        if kind in MORE_ORDER:
            main = MORE_ORDER.index(kind)
        return (group, main, index)

    return [c for _, c in sorted(enumerate(found), key=rank)]
