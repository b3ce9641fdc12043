"""Quest's charity built in a few taps (issue 27.5): it was one long select per card given
(``charity.py`` says what is owed). The hand now shows one several-value select, "Choose
3 cards to give away"; between tied lowest seats a select per seat but the last, "Which
go to Bob?" (the last gets the rest); a line naming who gets what ("Give Rusty Dagger and
Goblin Snack to Bob, and Torch to Carol."), **Give them** and **◀ Back**. Give plays every
move (``charity.plan``) all or none (``MatchService.act_all``). Any charity takes at most
four taps: the cards, Bob's, Carol's, Give (``tests/bot/test_quest_charity.py``).

The state between taps lives in the controls' custom ids (``charity.key``) and with the live
hand's drawing (``bot/render/drafts.py``); a several-value select's options are card ids and
its own id the state so far (``drafts.pressed``). A value set no legal charity has (forged,
or stale) is refused in words and changes nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from bot.games.quest import words
from bot.games.quest.cards import card_name, seat_name
from bot.games.quest.charity import (
    BACK,
    CARDS,
    GIVE,
    MOST_CARDS,
    WHO,
    Charity,
    Gift,
    counts,
    default_gift,
    key,
    legal_gift,
    parse,
    plan,
    read,
    refit,
    splits,
)
from bot.games.quest.controls import card_description
from bot.render import ids
from bot.render.drafts import Built, DraftStep
from bot.render.model import MAX_OPTIONS, ButtonSpec, OptionSpec, SelectSpec, Style, clip
from engine.core import Action
from engine.quest.view import QuestView

LABEL = 40  # issue 18: every label a phone shows in full
NAME = 16  # a name inside a placeholder


def applies(view: QuestView, actions: Sequence[Action], draft: str | None) -> bool:
    """A charity the seat owes now, whatever the draft (it opens on it)."""
    return read(view, actions) is not None


def owns(key: str) -> bool:
    """Whether ``key`` is one of this builder's draft keys (``builders.PartBuilder``)."""
    return parse(key) is not None


def drawn_for(view: QuestView) -> bool:
    """Whether the seat's hand shows this builder now (its line then says what is owed):
    a charity it owes, of a hand a select lists (a longer one keeps the one-card controls)."""
    pending = view.pending
    owes = pending is not None and pending.kind == "charity" and pending.seat == view.seat
    return owes and len(view.hand) <= MAX_OPTIONS


def builder(
    match_id: int,
    version: int,
    view: QuestView,
    actions: Sequence[Action],
    names: Sequence[str],
    draft: str | None,
) -> Built | None:
    ch = read(view, actions)
    if ch is None or len(ch.cards) > MAX_OPTIONS or max(ch.cards) >= MOST_CARDS:
        return None  # past what a select lists or a key holds: the one-card controls serve
    parsed = parse(draft) if draft else None
    gift = parsed[0] if parsed is not None and legal_gift(ch, parsed[0]) else ()
    try:
        return _drawn(match_id, version, ch, gift, names)
    except ValueError:
        return None  # a custom id too long (a hand of 23 and more over five): as above


def _drawn(match_id: int, version: int, ch: Charity, gift: Gift, names: Sequence[str]) -> Built:
    def cid(*tail: str) -> str:
        return ids.make_custom_id(match_id, version, key(gift, *tail))

    longest = key(default_gift(ch, ch.cards[: ch.owed]), BACK)
    ids.make_custom_id(match_id, version, longest)  # ValueError: every card's key must fit
    mine = dict(gift)
    one = int(ch.owed > 1)
    choose = words.CH_CHOOSE_SELF if not ch.receivers else words.CH_CHOOSE
    options = tuple(
        OptionSpec(
            clip(card_name(card) or "?", LABEL),
            str(card),
            _short(card_description(card)),
            default=card in mine,
        )
        for card in ch.cards
    )
    holder = choose[one].format(n=ch.owed)
    selects = [SelectSpec(cid(CARDS), holder, options, 0, ch.owed, ch.owed)]
    if gift and len(ch.receivers) > 1:
        selects += _who(ch, gift, names, cid)
    row = len(selects)
    give = words.CH_DISCARD if not ch.receivers else words.CH_GIVE
    buttons = [ButtonSpec(give[one], cid(GIVE), Style.SUCCESS, row, disabled=not gift)]
    if gift:
        buttons.append(ButtonSpec(words.HA_BACK, cid(BACK), Style.SECONDARY, row))
    return Built(_line(ch, gift, names), tuple(buttons), tuple(selects))


def _who(
    ch: Charity, gift: Gift, names: Sequence[str], cid: Callable[[str], str]
) -> list[SelectSpec]:
    """A select per receiver but the last (who gets the rest): its cards among those the
    earlier ones do not get, as many as the rule allows it with theirs as they are."""
    now = counts(ch, gift)
    out: list[SelectSpec] = []
    for i, seat in enumerate(ch.receivers[:-1]):
        earlier = set(ch.receivers[:i])
        cards = [card for card, to in gift if to not in earlier]
        sizes = {v[i] for v in splits(ch) if v[:i] == now[:i]}
        low, high = min(sizes), max(sizes)
        if high == 0 or low == len(cards):
            continue  # nothing to choose: none for this seat, or all of what is left
        name = clip(seat_name(names, seat), NAME)
        which = words.CH_FOR[0 if high == 1 == low else 1 if low == high else 2]
        # No option drawn chosen: Discord would show it in place of the placeholder, which
        # names the seat (the line above says what each gets now; so does each option).
        options = tuple(
            OptionSpec(
                clip(card_name(card) or "?", LABEL),
                str(card),
                words.CH_NOW.format(name=clip(seat_name(names, to), NAME)),
            )
            for card, to in gift
            if to not in earlier
        )
        holder = which.format(n=low, name=name)
        out.append(SelectSpec(cid(f"{WHO}{seat}"), holder, options, len(out) + 1, low, high))
    return out


def _line(ch: Charity, gift: Gift, names: Sequence[str]) -> str:
    held = len(ch.cards)
    if not gift:
        who = [seat_name(names, k) for k in ch.receivers]
        if not ch.receivers:
            said, how = words.CH_OWED_SELF.format(held=held, owed=ch.owed), words.CH_HOW_SELF
        elif len(who) == 1:
            said, how = words.CH_OWED.format(held=held, owed=ch.owed, names=who[0]), words.CH_HOW
        else:
            said = words.CH_OWED_TIED.format(held=held, owed=ch.owed, names=_and(who))
            how = words.CH_HOW_TIED
        return f"**{said}**\n{how}"
    if not ch.receivers:
        return f"**{words.CH_DISCARDS.format(cards=_and(_names(c for c, _ in gift)))}**"
    parts = [
        words.CH_TO.format(cards=_and(theirs), name=seat_name(names, k))
        for k in ch.receivers
        if (theirs := _names(c for c, to in gift if to == k))
    ]
    joined = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + ", and " + parts[-1]
    return f"**{words.CH_GIVES.format(parts=joined)}**"


def _names(cards: Iterable[int]) -> list[str]:
    return [card_name(c) or "?" for c in cards]


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _short(text: str | None) -> str | None:
    return clip(text, 100) if text else None


# a press --------------------------------------------------------------------------------------


def draft_step(
    text: str, view: QuestView, actions: Sequence[Action], values: Sequence[str]
) -> DraftStep:
    parsed = parse(text)
    ch = read(view, actions)
    if parsed is None or ch is None:
        return DraftStep()  # not a charity the seat owes now: stale
    gift, tail = parsed
    if gift and not legal_gift(ch, gift):
        return DraftStep(refusal=words.CH_GONE)
    if tail == [BACK] or not tail:
        return DraftStep(draft=key(() if tail else gift))
    if tail == [GIVE]:
        return DraftStep(play=plan(ch, gift)) if gift else DraftStep(refusal=words.CH_GONE)
    chosen = _cards(values)
    if tail == [CARDS]:
        if chosen is None or len(chosen) != ch.owed or not set(chosen) <= set(ch.cards):
            return DraftStep(refusal=words.CH_GONE)
        return DraftStep(draft=key(default_gift(ch, chosen)))
    seat = _seat(tail, ch)
    if seat is None:
        return DraftStep()
    mine = dict(gift)
    if chosen is None or not gift or not set(chosen) <= set(mine):
        return DraftStep(refusal=words.CH_GONE)
    fitted = refit(ch, gift, seat, chosen)
    if fitted is None or not legal_gift(ch, fitted):
        return DraftStep(refusal=words.CH_GONE)
    return DraftStep(draft=key(fitted))


def _cards(values: Sequence[str]) -> list[int] | None:
    """The cards a select chose; ``None`` for anything that is not distinct card ids."""
    if not all(v.isdigit() and len(v) < 5 for v in values) or len(set(values)) != len(values):
        return None
    return [int(v) for v in values]


def _seat(tail: list[str], ch: Charity) -> int | None:
    if len(tail) != 1 or not tail[0].startswith(WHO) or not tail[0][1:].isdigit():
        return None
    seat = int(tail[0][1:])
    return seat if seat in ch.receivers else None


# the bench's and the tests' person ----------------------------------------------------------


class Press(NamedTuple):
    """One tap on the drawn builder: a button (``values`` None) or a select's values."""

    custom_id: str
    values: tuple[str, ...] | None = None
    plays: bool = False


def next_press(controls: Sequence[tuple[str, tuple[str, ...], bool]], target: Gift) -> Press | None:
    """The next tap a person makes on the drawn builder (custom id, option values, enabled)
    towards the whole charity ``target``: the cards, then each receiver's that differ (in
    seat order), then Give; ``None``: no charity builder drawn."""
    drawn = []
    for custom_id, values, on in controls:
        parsed = ids.parse_custom_id(custom_id)
        found = parse(parsed.key) if parsed is not None else None
        if found is not None and on:
            drawn.append((custom_id, found[0], found[1], values))
    gives = [(c, gift) for c, gift, tail, _ in drawn if tail == [GIVE]]
    selects = {tail[0]: (c, values) for c, _, tail, values in drawn if len(tail) == 1}
    now = gives[0][1] if gives else ()
    if {card for card, _ in now} != {card for card, _ in target}:
        cards = selects.get(CARDS)
        return Press(cards[0], tuple(str(c) for c, _ in target)) if cards else None
    for seat in sorted({to for _, to in target} | {to for _, to in now}):
        theirs = {c for c, to in target if to == seat}
        which = selects.get(f"{WHO}{seat}")
        if theirs != {c for c, to in now if to == seat} and which is not None:
            return Press(which[0], tuple(str(c) for c in sorted(theirs)))
    return Press(gives[0][0], plays=True) if gives and set(now) == set(target) else None
