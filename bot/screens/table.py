"""The public table message and the private hand, for any game.

The table never shows anything from a hand: it is drawn from the spectator view only, and its
one button ("My hand") opens the private view. Action buttons live on the private hand message,
where revealing which cards can be played is safe.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import discord

from bot import plugins
from bot.render import controls, ids
from bot.render.drafts import DraftStep
from bot.render.games import (
    Board,
    Field,
    GameRenderer,
    ViewLike,
    ViewT,
    drawn_with_its_cards,
)
from bot.render.model import (
    LABEL_LIMIT,
    Block,
    ButtonSpec,
    Controls,
    Gallery,
    Rendered,
    Rule,
    SelectSpec,
    Style,
    Text,
    clip,
)
from bot.render.names import plain_name, shown_name, unmarked
from bot.words import lobby_texts, play_texts
from engine.core import CONCEDE, PASS, Action, Event

if TYPE_CHECKING:
    from bot.core.service import MatchInfo

LIVE_COLOUR = discord.Colour.green()
OVER_COLOUR = discord.Colour.gold()
HAND_COLOUR = discord.Colour.teal()
# The table shows the last few moves only; the match's thread holds the whole log.
LOG_LINES = 3
LOG_LINE_LIMIT = 200
MAX_FIELDS = 25


def seat_names(match: MatchInfo) -> list[str]:
    """Every seat's name as drawn (escaped, no invisible characters), in seat order: what
    the renderers and event lines receive."""
    return [shown_name(seat.name) for seat in sorted(match.seats, key=lambda s: s.seat)]


def drawn_names(match: MatchInfo) -> list[str]:
    """Every seat's name as a picture draws it: no markdown escapes, no invisible characters
    (issue 30.7: a picture and its alternative text read no markdown)."""
    return [plain_name(seat.name) for seat in sorted(match.seats, key=lambda s: s.seat)]


def _plain(found: Sequence[controls.Control]) -> list[controls.Control]:
    """Controls as their labels show them: the renderer words them for markdown (its names
    are ``seat_names``), a button label or a select option reads none (issue 30.7)."""
    return [
        replace(c, label=unmarked(c.label), description=_unmarked(c.description)) for c in found
    ]


def _unmarked(text: str | None) -> str | None:
    return unmarked(text) if text is not None else None


def _plain_specs(
    buttons: Iterable[ButtonSpec], selects: Iterable[SelectSpec]
) -> tuple[tuple[ButtonSpec, ...], tuple[SelectSpec, ...]]:
    """A builder's controls as they show (see ``_plain``)."""
    return tuple(replace(b, label=unmarked(b.label)) for b in buttons), tuple(
        replace(
            s,
            placeholder=unmarked(s.placeholder),
            options=tuple(
                replace(o, label=unmarked(o.label), description=_unmarked(o.description))
                for o in s.options
            ),
        )
        for s in selects
    )


@drawn_with_its_cards
def public_event_lines(
    match: MatchInfo, events: Iterable[Event], board: Board | None = None
) -> list[str]:
    """The events as a spectator may read them: secrets are dropped before wording.
    ``board``: the spectator view as the events left it, built only if the game asks."""
    renderer = plugins.renderer_for(match.game)
    names = seat_names(match)
    seen = [event.for_viewer(None) for event in events]
    return renderer.event_lines(seen, board or _no_board, names)


def _no_board() -> ViewLike | None:
    return None


@drawn_with_its_cards
def render_table(
    match: MatchInfo,
    view: ViewLike,
    *,
    deciders: Iterable[int] | None = None,
    log: Sequence[str] = (),
    seconds_left: float | None = None,
    clock: str | None = None,
) -> Rendered:
    """The public table, one layout for a phone's screen: at the top whose turn it is, what
    the match waits for and ``clock`` (a Discord timestamp the flow writes: it ticks on every
    screen without an edit), then the table's controls, the state, the picture and the last
    few log lines (the whole log is the match's thread). ``view`` is the spectator view;
    nothing private reaches here."""
    renderer = plugins.renderer_for(match.game)
    typed = renderer.read(view)  # once: every hook below reads this typed view
    names = seat_names(match)
    over = match.status == "finished"
    waiting = sorted(deciders) if deciders is not None else []
    lines = [f"### {play_texts.TABLE_TITLE.format(game=plugins.title(match.game), match=match.id)}"]
    if over:
        lines.append(_outcome_line(match, names))
    elif deciders is not None:
        said = renderer.waiting_line(typed, names, waiting)
        if said is None:
            who = ", ".join(names[s] for s in waiting if s < len(names)) or play_texts.TABLE_NOBODY
            said = play_texts.TABLE_WAITING_FOR.format(names=who)
        lines.append(said)
        if clock:
            lines.append(clock)
    lines.extend(
        play_texts.TABLE_DM_CLOSED.format(name=shown_name(s.name))
        for s in match.seats
        if s.dm_closed
    )
    blocks: list[Block] = [Text("\n".join(lines))]
    if not over:
        blocks.append(Controls())
    blocks.append(Rule())
    marks = _marks(match, waiting)
    fields = renderer.table_fields(typed, names, marks)
    if fields is None:
        fields = _generic_fields(renderer, typed, names, marks)
    body = [_field_text(f) for f in fields[:MAX_FIELDS]]
    if body:
        blocks.append(Text("\n".join(body)))
    picture = None if over else renderer.table_picture(typed, drawn_names(match))
    pictures = (picture,) if picture is not None else ()
    if picture is not None:
        blocks.append(Gallery((picture.filename,), (picture.description,)))
    tail = [clip(line, LOG_LINE_LIMIT) for line in log[-LOG_LINES:]]
    footer = play_texts.TABLE_VERSION.format(version=match.version)
    blocks += [Rule(), Text("\n".join(f"-# {line}" for line in [*tail, footer]))]
    colour = (OVER_COLOUR if over else LIVE_COLOUR).value
    if over:
        return Rendered(blocks=tuple(blocks), pictures=pictures, colour=colour)
    hand = ButtonSpec(
        label=lobby_texts.BUTTON_HAND,
        custom_id=ids.make_custom_id(match.id, match.version, ids.HAND),
        style=Style.PRIMARY,
        row=0,
    )
    buttons = [hand]
    look = renderer.look_label(typed)
    if look is not None:
        custom_id = ids.make_custom_id(match.id, match.version, ids.LOOK)
        buttons.append(ButtonSpec(clip(look, LABEL_LIMIT), custom_id, Style.SECONDARY, row=0))
    return Rendered(blocks=tuple(blocks), buttons=tuple(buttons), pictures=pictures, colour=colour)


@drawn_with_its_cards
def render_look(match: MatchInfo, view: ViewLike) -> Rendered | None:
    """The table's closer look (``GameRenderer.look``), as a private answer; ``None`` when
    the game has nothing to show."""
    renderer = plugins.renderer_for(match.game)
    found = renderer.look(renderer.read(view), seat_names(match))
    if found is None:
        return None
    said, picture = found
    blocks = (Text(said), Gallery((picture.filename,), (picture.description,)))
    return Rendered(blocks=blocks, pictures=(picture,), colour=LIVE_COLOUR.value)


def _field_text(f: Field) -> str:
    """A part of the state as text: a short one (a seat) on one line after its bold name,
    a longer one under it."""
    value = f.value or "-"
    if not f.name:
        return value
    if f.inline:
        return f"**{f.name}** · " + " · ".join(value.splitlines())
    return f"**{f.name}**\n{value}"


@drawn_with_its_cards
def render_hand(
    match: MatchInfo,
    view: ViewLike,
    actions: Sequence[Action],
    *,
    note: str | None = None,
    page: int = 0,
    deciders: Iterable[int] | None = None,
    draft: str | None = None,
    sure: str | None = None,
    dm: bool = False,
) -> Rendered:
    """One seat's private view and its legal actions as controls (version-checked), paged
    past Discord's limits. The DM and the ephemeral "My hand" answer are this same message.
    A decision the game builds (``GameRenderer.builder``) shows its builder at ``draft``.
    ``sure``: a move that cannot be taken back, pressed once; the hand asks "Yes, ..." in
    place of its controls (issue 27.2), unless the move is no longer among them.

    Laid out where the eye lands on a phone: in an ephemeral hand (read from its top) the
    decision and its controls first, the cards (in words, then as a picture) below them; in
    a DM (``dm``: a DM opens at its bottom) the cards first and the decision and its
    controls last.

    ``deciders`` (default: the view's own ``deciders`` list, when the game's view has one) are
    the seats the match waits on: a seat with moves that is not among them is a free actor,
    and its hand says who decides and what it may still do meanwhile."""
    renderer = plugins.renderer_for(match.game)
    typed = renderer.read(view)  # once: every hook below reads this typed view
    names = seat_names(match)
    title = play_texts.HAND_TITLE.format(match=match.id, game=plugins.title(match.game))
    top = [f"### {title}"]
    # Pass alone (a concession aside) answers nothing: the hand asks nothing of a seat that
    # has nothing for the window, which the bot passes for at its close (issue 27.1); the
    # table's Pass is there for whoever wants it gone sooner. Every engine asks Pass alone
    # only in a declared window (tests/engine/test_pass_only.py).
    idle = _pass_only(actions)
    if idle:
        actions = [a for a in actions if a.kind != PASS]
    found = _plain(renderer.controls(actions, typed, names))
    shown = controls.layout(match.id, match.version, found, page)
    built = renderer.builder(match.id, match.version, typed, actions, names, draft)
    if built is not None:
        shown = controls.Page(*_plain_specs(built.buttons, built.selects), 0, 1)
    asked = next((c for c in found if c.key == sure), None) if sure else None
    if asked is not None:
        shown = controls.Page(_sure_buttons(match, asked), (), 0, 1)
    if match.status == "live":
        waiting = deciders if deciders is not None else renderer.deciders(typed)
        turn = (
            play_texts.HAND_NOTHING_TO_ANSWER
            if idle
            else _move_line(typed.seat, names, found, waiting)
        )
        if asked is not None:
            turn = play_texts.SURE_LINE.format(label=asked.label)
        top.append(built.line if built is not None and asked is None else turn)
        if shown.count > 1 and not shown.stepped:
            top.append(play_texts.HAND_PAGED.format(page=shown.number + 1, pages=shown.count))
    # A seat asked nothing (Pass alone) is told so; the game's "Pass, or change the die"
    # under it would contradict it. A builder standing alone says the decision itself.
    if not idle and not (built is not None and built.alone and asked is None):
        top += renderer.hand_decision(typed, actions, names)
    decision: list[Block] = [Text("\n".join(top)), Controls()]
    lines = renderer.hand_lines(typed, names)
    lines += [_field_text(f) for f in renderer.hand_fields(typed, names)[:MAX_FIELDS]]
    body: list[Block] = [Text("\n".join(lines) or play_texts.HAND_NOTHING)]
    picture = renderer.hand_picture(typed, drawn_names(match))
    pictures = (picture,) if picture is not None else ()
    if picture is not None:
        body.append(Gallery((picture.filename,), (picture.description,)))
    details = _details(renderer, typed, names)  # the other seats last: the decision is first
    if details:
        body += [Rule(), Text("\n".join(details))]
    hint = Text(f"-# {play_texts.HAND_REFRESH_HINT}")
    # A DM opens at its bottom (issue 27.4): there the cards, the picture and the seats come
    # first and the decision and its controls last, on the screen the eye lands on.
    blocks = [*body, Rule(), hint, *decision] if dm else [*decision, Rule(), *body, hint]
    return Rendered(
        content=note,
        buttons=shown.buttons,
        selects=shown.selects,
        pictures=pictures,
        blocks=tuple(blocks),
        colour=HAND_COLOUR.value,
    )


def _pass_only(actions: Sequence[Action]) -> bool:
    kinds = {a.kind for a in actions}
    return PASS in kinds and kinds <= {PASS, CONCEDE}


def _sure_buttons(match: MatchInfo, asked: controls.Control) -> tuple[ButtonSpec, ...]:
    """ "Yes, ..." (the move, behind ``sure-``) and ◀ Back (the hand's first page)."""
    label = asked.label[:1].lower() + asked.label[1:]
    yes = ids.make_custom_id(match.id, match.version, f"{ids.SURE_PREFIX}{asked.key}")
    back = ids.make_custom_id(match.id, match.version, controls.page_key(0))
    return (
        ButtonSpec(clip(play_texts.SURE_YES.format(label=label), LABEL_LIMIT), yes, Style.DANGER),
        ButtonSpec(play_texts.PAGER_BACK, back, Style.SECONDARY),
    )


def _details(renderer: GameRenderer[ViewT], view: ViewT, names: Sequence[str]) -> list[str]:
    """The seats in full (what the table's one line per seat leaves out), under a heading."""
    fields = renderer.seat_details(view, names)[:MAX_FIELDS]
    return [play_texts.SEAT_DETAILS, *map(_field_text, fields)] if fields else []


@drawn_with_its_cards
def seat_details(match: MatchInfo, view: ViewLike) -> str | None:
    """The seats in full for a spectator's look at the table (``view``: the spectator's)."""
    renderer = plugins.renderer_for(match.game)
    return "\n".join(_details(renderer, renderer.read(view), seat_names(match))) or None


@drawn_with_its_cards
def read_draft(
    match: MatchInfo,
    key: str,
    view: ViewLike,
    actions: Sequence[Action],
    values: Sequence[str] = (),
) -> DraftStep:
    """What a press on the game's builder (its ``draft-`` key, and the values a
    several-value select chose) asks for, as things stand."""
    renderer = plugins.renderer_for(match.game)
    return renderer.draft_step(key, renderer.read(view), actions, seat_names(match), values)


def _move_line(
    seat: object,
    names: Sequence[str],
    found: Sequence[controls.Control],
    deciders: Iterable[object] | None,
) -> str:
    """Whose move it is, from this seat's side. A free actor (# 004: When You May Take
    Actions: any-time cards and trades) is told who decides and which groups of moves it may
    still use, so an optional move is never mistaken for its turn."""
    waiting = [s for s in deciders or [] if isinstance(s, int) and 0 <= s < len(names)]
    if not found:
        # Who the match waits on, when it is others (a duel's opening hand kept while the
        # other player still chooses read only "Not your move yet").
        others = [names[s] for s in waiting if s != seat]
        if others and seat not in waiting:
            return play_texts.HAND_WAITING_FOR.format(names=", ".join(others))
        return play_texts.HAND_NOT_YOUR_TURN
    if deciders is None or not waiting or seat in waiting:
        return play_texts.HAND_YOUR_TURN
    who = [names[s] for s in waiting]
    if len(who) == 1:
        line = play_texts.HAND_OFF_TURN.format(name=who[0])
    else:
        line = play_texts.HAND_OFF_TURN_MANY.format(names=", ".join(who))
    groups = list(dict.fromkeys(c.group.rstrip("…").strip() for c in found if c.group))
    what = play_texts.HAND_OFF_TURN_MAY.format(what=", ".join(groups)) if groups else None
    return f"{line} {what or play_texts.HAND_OFF_TURN_ANY}"


def _marks(match: MatchInfo, waiting: Sequence[int]) -> list[str]:
    out = set(match.outcome.winners) if match.outcome is not None else set()
    count = max((s.seat for s in match.seats), default=-1) + 1
    marks = [""] * count
    for seat in match.seats:
        found = []
        if seat.afk:  # a person's seat the AI took over after three timeouts; they may return
            found.append(play_texts.SEAT_AFK)
        elif seat.ai_level is not None and f"({lobby_texts.LOBBY_AI_TAG})" not in seat.name:
            found.append(lobby_texts.LOBBY_AI_TAG)  # "Ada (AI)" needs no "· AI" after it
        if seat.seat in waiting:
            found.append(play_texts.SEAT_TURN)
        if seat.seat in out:
            found.append("🏆")
        marks[seat.seat] = ", ".join(found)
    return marks


def _generic_fields(
    renderer: GameRenderer[ViewT], view: ViewT, names: Sequence[str], marks: Sequence[str]
) -> list[Field]:
    players = "\n".join(
        f"{n + 1}. {name}" + (f" ({marks[n]})" if n < len(marks) and marks[n] else "")
        for n, name in enumerate(names)
    )
    fields = [Field(play_texts.TABLE_PLAYERS, players or "-")]
    state = renderer.table_lines(view, names)
    if state:
        fields.append(Field(play_texts.TABLE_STATE, "\n".join(state)))
    return fields


def _outcome_line(match: MatchInfo, names: Sequence[str]) -> str:
    if match.outcome is None or not match.outcome.winners:
        return play_texts.TABLE_DRAW
    winners = ", ".join(names[s] for s in match.outcome.winners if s < len(names))
    return play_texts.TABLE_FINISHED.format(names=winners)
