"""Controls from legal actions: buttons and selects, grouped, paged past Discord's limits.

A renderer turns each legal action into a ``Control`` (its group, label, description). Groups
of a few actions become a row of buttons; groups of many (a card to pick) become selects of at
most 25 options. A message holds 5 rows; when the rows do not fit, they are cut into pages and
the last row of each page holds Prev / page / Next buttons. Pager and select keys contain a
``-``, which no ``Action.key`` can (kinds are letters, digits and ``_``), so they never collide.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from bot.render import ids
from bot.render.model import (
    LABEL_LIMIT,
    MAX_OPTION_TEXT,
    MAX_OPTIONS,
    MAX_PER_ROW,
    MAX_ROWS,
    ButtonSpec,
    OptionSpec,
    SelectSpec,
    Style,
    clip,
)
from bot.words import play_texts

# The Discord layer draws selects and routes their choice (bot/delivery/components.py). False turns
# every action back into a (paged) button, for a front end without selects.
SELECTS_WIRED = True
# A group with more actions than this becomes a select (when selects are wired).
BUTTONS_PER_GROUP = 5
MAX_PAGES = 40  # far above any real hand; page keys past it are never drawn
PAGE_PREFIX = ids.PAGE_PREFIX
PICK_PREFIX = ids.PICK_PREFIX


@dataclass(frozen=True, slots=True)
class Control:
    """One legal action as a player reads it. ``group`` keeps related actions together."""

    key: str
    label: str
    group: str = ""
    description: str | None = None
    style: str = Style.PRIMARY
    # The two flags are keywords only: passed by position, one landed in the other's place.
    # Its group is a select however few it holds (a menu of side moves, never a button wall).
    menu: bool = field(default=False, kw_only=True)
    # A move that is not the turn's own business (gear, selling, trading): drawn behind one
    # "More…" step so the turn's main moves are the first thing a phone shows.
    secondary: bool = field(default=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class Page:
    buttons: tuple[ButtonSpec, ...]
    selects: tuple[SelectSpec, ...]
    number: int
    count: int
    stepped: bool = False  # secondary moves sit behind More… (``number`` may be among them)


def page_key(number: int) -> str:
    return f"{PAGE_PREFIX}{number}"


def page_of(key: str) -> int | None:
    """The page a pager key asks for, or ``None`` for any other key."""
    if not key.startswith(PAGE_PREFIX):
        return None
    rest = key[len(PAGE_PREFIX) :]
    return int(rest) if rest.isdigit() and int(rest) < MAX_PAGES else None


def is_pick(key: str) -> bool:
    return key.startswith(PICK_PREFIX)


def page_turn(buttons: Iterable[tuple[str, str, bool]]) -> str | None:
    """Where a person looks next for a move not on a hand's page, its buttons given as
    (custom id, label, enabled): Next ▶ within the part shown, else the one More… step (the
    secondary moves; never back from there). ``None``: neither is on the page. The e2e
    driver and ``bench/ux.py`` walk a hand with it, as a person would."""
    found = [(label, custom_id) for custom_id, label, enabled in buttons if enabled]
    for wanted in (play_texts.PAGER_NEXT, play_texts.PAGER_MORE):
        for label, custom_id in found:
            if label == wanted:
                return custom_id
    return None


@dataclass(frozen=True, slots=True)
class _Row:
    """A row before it gets custom ids: buttons, or one select holding a group's chunk."""

    select: bool
    placeholder: str
    members: tuple[Control, ...]


def _rows(controls: Sequence[Control], selects: bool) -> list[_Row]:
    groups: dict[str, list[Control]] = {}
    seen: set[str] = set()
    for control in controls:
        if control.key in seen:
            continue  # Discord refuses two components with one custom id
        seen.add(control.key)
        groups.setdefault(control.group, []).append(control)
    rows: list[_Row] = []
    loose: list[Control] = []  # small groups share button rows
    for name, members in groups.items():
        if selects and (len(members) > BUTTONS_PER_GROUP or any(c.menu for c in members)):
            for start in range(0, len(members), MAX_OPTIONS):
                chunk = tuple(members[start : start + MAX_OPTIONS])
                rows.append(_Row(True, name or play_texts.CONTROLS_MORE, chunk))
        else:
            loose.extend(members)
    button_rows = [
        _Row(False, "", tuple(loose[start : start + MAX_PER_ROW]))
        for start in range(0, len(loose), MAX_PER_ROW)
    ]
    return button_rows + rows


def layout(
    match_id: int,
    version: int,
    controls: Sequence[Control],
    page: int = 0,
    *,
    selects: bool | None = None,
) -> Page:
    """One page of controls. ``page`` is clamped, so an old pager click still lands. With both
    main and secondary moves, the main ones come first and the rest are one "More…" away."""
    use_selects = SELECTS_WIRED if selects is None else selects
    main = [c for c in controls if not c.secondary]
    more = [c for c in controls if c.secondary]
    if main and more:
        return _stepped(match_id, version, _rows(main, use_selects), _rows(more, use_selects), page)
    rows = _rows(controls, use_selects)
    if len(rows) <= MAX_ROWS:
        pages = [rows]
    else:
        per_page = MAX_ROWS - 1  # the last row is the pager
        pages = [rows[i : i + per_page] for i in range(0, len(rows), per_page)]
    pages = pages[:MAX_PAGES]
    number = min(max(page, 0), len(pages) - 1)
    buttons, select_specs = _drawn(match_id, version, pages[number])
    if len(pages) > 1:
        buttons.extend(_pager(match_id, version, number, len(pages)))
    return Page(tuple(buttons), tuple(select_specs), number, len(pages))


def _stepped(match_id: int, version: int, main: list[_Row], more: list[_Row], page: int) -> Page:
    """The main moves' pages, then the secondary moves' pages; the last row of each holds
    the way between them (More… / ◀ Back) and Prev / Next within its part."""
    per_page = MAX_ROWS - 1
    parts = [
        [rows[i : i + per_page] for i in range(0, len(rows), per_page)] for rows in (main, more)
    ]
    pages = [*parts[0], *parts[1]][:MAX_PAGES]
    first_more = len(parts[0])
    number = min(max(page, 0), len(pages) - 1)
    buttons, select_specs = _drawn(match_id, version, pages[number])
    in_more = number >= first_more
    start, size = (first_more, len(pages) - first_more) if in_more else (0, first_more)
    nav: list[tuple[str, int, bool]] = []
    if in_more:
        nav.append((play_texts.PAGER_BACK, 0, False))
    if size > 1:
        nav.append((play_texts.PAGER_PREV, max(number - 1, start), number == start))
        last = start + size - 1
        nav.append((play_texts.PAGER_NEXT, min(number + 1, last), number == last))
    if not in_more:
        nav.append((play_texts.PAGER_MORE, first_more, False))
    used = set()
    for label, target, disabled in nav:
        custom_id = ids.make_custom_id(match_id, version, page_key(target))
        if custom_id in used:  # Discord refuses two components with one custom id
            continue
        used.add(custom_id)
        buttons.append(
            ButtonSpec(label, custom_id, Style.SECONDARY, row=MAX_ROWS - 1, disabled=disabled)
        )
    return Page(tuple(buttons), tuple(select_specs), number, len(pages), stepped=True)


def _drawn(
    match_id: int, version: int, rows: Sequence[_Row]
) -> tuple[list[ButtonSpec], list[SelectSpec]]:
    buttons: list[ButtonSpec] = []
    select_specs: list[SelectSpec] = []
    for row_index, row in enumerate(rows):
        if row.select:
            select_specs.append(_select(match_id, version, row_index, row))
            continue
        for control in row.members:
            spec = _button(match_id, version, control, row_index)
            if spec is not None:
                buttons.append(spec)
    return buttons, select_specs


def _button(match_id: int, version: int, control: Control, row: int) -> ButtonSpec | None:
    try:
        custom_id = ids.make_custom_id(match_id, version, control.key)
    except ValueError:
        return None  # a key too long for Discord: never drawn rather than a broken button
    return ButtonSpec(
        label=clip(control.label, LABEL_LIMIT),
        custom_id=custom_id,
        style=Style(control.style),
        row=row,
    )


def _select(match_id: int, version: int, row_index: int, row: _Row) -> SelectSpec:
    options = tuple(
        OptionSpec(
            label=clip(c.label, LABEL_LIMIT),
            value=c.key,
            # A label cut for a phone keeps its full words underneath.
            description=_described(c),
        )
        for c in row.members
    )
    return SelectSpec(
        custom_id=ids.make_custom_id(match_id, version, f"{PICK_PREFIX}{row_index}"),
        placeholder=clip(row.placeholder, MAX_OPTION_TEXT),
        options=options,
        row=row_index,
    )


def _described(control: Control) -> str | None:
    text = control.description
    if len(control.label) > LABEL_LIMIT:
        text = f"{control.label} · {text}" if text else control.label
    return clip(text, MAX_OPTION_TEXT) if text else None


def _pager(match_id: int, version: int, number: int, count: int) -> list[ButtonSpec]:
    row = MAX_ROWS - 1
    return [
        ButtonSpec(
            label=play_texts.PAGER_PREV,
            custom_id=ids.make_custom_id(match_id, version, page_key(max(number - 1, 0))),
            style=Style.SECONDARY,
            row=row,
            disabled=number == 0,
        ),
        ButtonSpec(
            label=play_texts.PAGER_AT.format(page=number + 1, pages=count),
            # Discord needs a unique id even on a disabled label button: a key of its own.
            custom_id=ids.make_custom_id(match_id, version, f"{PAGE_PREFIX}at"),
            style=Style.SECONDARY,
            row=row,
            disabled=True,
        ),
        ButtonSpec(
            label=play_texts.PAGER_NEXT,
            custom_id=ids.make_custom_id(match_id, version, page_key(min(number + 1, count - 1))),
            style=Style.SECONDARY,
            row=row,
            disabled=number == count - 1,
        ),
    ]
