"""Persistent buttons: one ``DynamicItem`` class for every Backstab button.

The custom id (``bs:<match>:<version>:<key>``) carries everything a click needs, so the buttons
keep working after a restart without any view being re-sent. A click is routed by its key to the
handler a cog registered; the router turns every failure into a short private reply, never
Discord's "This interaction failed".
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from bot.core.errors import BackstabError, refusal_of
from bot.delivery.layouts import is_layout, layout_view
from bot.render.ids import CUSTOM_ID_PATTERN, MAX_MATCH_ID, ButtonId, parse_custom_id
from bot.render.model import ButtonSpec, Rendered, Style, clip
from bot.render.names import shown_name
from bot.words import error_texts

log = logging.getLogger(__name__)

Handler = Callable[[discord.Interaction[Any], ButtonId], Awaitable[None]]
# Asked before every handler: a refusal to show the clicker, or None to go on. Its last
# argument says whether the key belongs on a server message only (a lobby, the table).
Guard = Callable[[discord.Interaction[Any], ButtonId, bool], Awaitable[str | None]]

MESSAGE_LIMIT = 2000  # Discord: characters in one message
QUOTED_NAME_LIMIT = 400  # a refusal may quote several names (who the table waits on)
_STYLES = {
    Style.PRIMARY: discord.ButtonStyle.primary,
    Style.SECONDARY: discord.ButtonStyle.secondary,
    Style.SUCCESS: discord.ButtonStyle.success,
    Style.DANGER: discord.ButtonStyle.danger,
}


class MatchButton(discord.ui.DynamicItem[discord.ui.Item[Any]], template=CUSTOM_ID_PATTERN):
    """Any button or select the bot draws. Its state lives entirely in its custom id.

    discord.py fires every DynamicItem whose pattern matches a custom id, so this one class
    serves selects too: a select's choice is read with ``selected_values``."""

    def __init__(self, button_id: ButtonId, item: discord.ui.Item[Any] | None = None) -> None:
        super().__init__(item or discord.ui.Button(custom_id=str(button_id)))
        self.button_id = button_id

    @classmethod
    def from_spec(cls, spec: ButtonSpec) -> MatchButton:
        parsed = _parse(spec.custom_id)
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=spec.label,
            custom_id=spec.custom_id,
            style=_STYLES[spec.style],
            row=spec.row,
            disabled=spec.disabled,
        )
        return cls(parsed, button)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> MatchButton:
        button_id = ButtonId.from_match(match)  # an old bare lobby word reads as today's key
        if not isinstance(item, discord.ui.Button | discord.ui.Select):
            raise TypeError(f"not a button or select: {item!r}")
        return cls(button_id, item)

    @classmethod
    def from_select(cls, spec: Any) -> MatchButton:
        """A select from a renderer's ``SelectSpec`` (custom id, placeholder, options, row, how
        many values may be chosen)."""
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=spec.custom_id,
            placeholder=spec.placeholder,
            row=spec.row,
            min_values=getattr(spec, "min_values", 1),
            max_values=getattr(spec, "max_values", 1),
            options=[
                discord.SelectOption(
                    label=option.label,
                    value=option.value,
                    description=option.description,
                    default=getattr(option, "default", False),
                )
                for option in spec.options
            ],
        )
        return cls(_parse(spec.custom_id), select)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Nothing: every press is routed from its custom id by ``Backstab.on_interaction``
        (a view kept by discord.py, unlike the bot's stopped ones, must not answer twice)."""


class ButtonRouter:
    """Key -> handler. Lobby and hand keys have their own handlers; every other key is a game
    action and goes to the default handler."""

    def __init__(self) -> None:
        self._handlers: dict[str, Handler] = {}
        self._prefixes: dict[str, Handler] = {}  # keys carrying a state: ``draft-<state>``
        self._default: Handler | None = None
        self._on_server: set[str] = set()
        # Keys answered with a new private message (My hand, Look, Host tools): their click
        # is acknowledged as a private "thinking" answer, which that message then replaces.
        # Every other click is acknowledged as an update of the message clicked.
        self._opens: set[str] = set()
        self.guard: Guard | None = None

    def route(
        self, key: str, handler: Handler, *, on_server: bool = False, opens: bool = False
    ) -> None:
        """``on_server``: the key is only ever drawn on a server message (lobby buttons, the
        table's My hand), so a click on it from anywhere else is refused. ``opens``: the
        click is answered with a new private message (not by editing the one clicked)."""
        self._handlers[key] = handler
        for marked, on in ((self._on_server, on_server), (self._opens, opens)):
            if on:
                marked.add(key)
            else:
                marked.discard(key)

    def route_prefix(self, prefix: str, handler: Handler) -> None:
        """Every key starting with ``prefix`` (a key that carries its own state); answered
        by editing the message clicked, or with a private follow-up."""
        self._prefixes[prefix] = handler

    def route_actions(self, handler: Handler) -> None:
        """Every other key: a game's move."""
        self._default = handler

    def unroute(self, owner: object) -> None:
        """Drop every handler bound to ``owner`` (a cog being unloaded)."""
        self._handlers = {
            k: h for k, h in self._handlers.items() if getattr(h, "__self__", None) is not owner
        }
        self._prefixes = {
            k: h for k, h in self._prefixes.items() if getattr(h, "__self__", None) is not owner
        }
        if getattr(self._default, "__self__", None) is owner:
            self._default = None

    async def dispatch(self, interaction: discord.Interaction[Any], button_id: ButtonId) -> None:
        handler = self._handlers.get(button_id.key) or self._by_prefix(button_id.key)
        if button_id.match_id > MAX_MATCH_ID:  # no SQLite row can have it: never one of ours
            await send_private(interaction, error_texts.SERVICE_ERRORS["not_found"])
            return
        if handler is None:
            await send_private(interaction, error_texts.GENERIC_ERROR)
            return
        try:
            # The first answer first (issue 29.3): Discord fails an interaction not answered
            # within 3 s, and the guard's and the handler's reads (and a match's lock) may
            # queue behind the database. So every click is acknowledged before anything is
            # read: a refusal after it is a private follow-up (for a key that ``opens``, it
            # replaces the private "thinking" answer); the answer edits the message clicked.
            first = answer_first if button_id.key in self._opens else acknowledge
            await first(interaction)
            if self.guard is not None:
                refused = await self.guard(interaction, button_id, button_id.key in self._on_server)
                if refused is not None:
                    await send_private(interaction, refused)
                    return
            await handler(interaction, button_id)
        except BackstabError as exc:  # a refusal: worded, private, nothing changed
            await send_private(interaction, refusal(exc))
        except Exception as exc:
            await send_private(interaction, fault_answer(exc, f"button {button_id}"))

    def _by_prefix(self, key: str) -> Handler | None:
        found = (h for prefix, h in self._prefixes.items() if key.startswith(prefix))
        return next(found, self._default)


def build_view(rendered: Rendered) -> discord.ui.View | discord.ui.LayoutView:
    """A persistent view (no timeout) holding the rendered buttons. An empty view is still
    returned when there are none: editing a message with it clears the old buttons. A
    rendered layout (``blocks``) is a Components V2 view (``bot.delivery.layouts``)."""
    if is_layout(rendered):
        return layout_view(rendered)
    view = discord.ui.View(timeout=None)
    for spec in rendered.buttons:
        view.add_item(MatchButton.from_spec(spec))
    for select in getattr(rendered, "selects", ()):
        view.add_item(MatchButton.from_select(select))
    # Every click is routed from its custom id alone (``Backstab.on_interaction``), so
    # discord.py need not keep this view: a stopped view is sent as components but never
    # stored (no per-message memory, no 15-minute timer per ephemeral reply).
    view.stop()
    return view


def message_parts(rendered: Rendered, note: str | None = None) -> dict[str, Any]:
    """``content``, ``embeds`` and ``view`` for sending or editing a message as rendered, with
    ``note`` above it. A layout carries its text in the view: Discord refuses content and
    embeds on a Components V2 message, so both are cleared (an edit from an older embed
    message to a layout is allowed; the reverse is not)."""
    if is_layout(rendered):
        return {"content": None, "embeds": [], "view": layout_view(rendered, note)}
    content = "\n".join(part for part in (note, rendered.content) if part) or None
    return {"content": content, "embeds": list(rendered.embeds), "view": build_view(rendered)}


def has_controls(rendered: Rendered) -> bool:
    return bool(rendered.buttons or getattr(rendered, "selects", ()))


def files_of(rendered: Rendered) -> list[discord.File]:
    """The rendered pictures as attachments (fresh objects: a File is read once per send)."""
    return [
        discord.File(io.BytesIO(picture.data), picture.filename)
        for picture in getattr(rendered, "pictures", ())
    ]


def selected_values(interaction: discord.Interaction[Any]) -> list[str]:
    """What was chosen in the select that was used (empty for a button)."""
    data: dict[str, Any] = dict(interaction.data or {})
    values = data.get("values", [])
    return [str(v) for v in values] if isinstance(values, list) else []


async def answer_first(interaction: discord.Interaction[Any], *, public: bool = False) -> None:
    """Acknowledge before anything is read or checked (issue 29.3) with a private "thinking"
    answer: the first follow-up (``send_private``, ``send_answer``, a hand's
    ``hand_messages.answer_new``) replaces it, as on Discord, so a refusal after it is that
    same private answer, in words. ``public``: the answer is for the channel (a lobby, a
    leaderboard), so the "thinking" is too, and a refusal after it replaces it there (Discord
    keeps a deferred answer's privacy whatever the follow-up asks)."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=not public, thinking=True)


async def acknowledge(interaction: discord.Interaction[Any]) -> None:
    """Acknowledge a component's click before anything is read or checked (issue 29.3), as
    an update of the message clicked: the answer edits it (``edit_clicked``), a refusal is a
    private follow-up."""
    if not interaction.response.is_done():
        await interaction.response.defer()


async def edit_clicked(interaction: discord.Interaction[Any], **kwargs: Any) -> None:
    """Edit the message whose component was used: through the interaction's answer when the
    click was acknowledged first (``acknowledge``), else as that answer."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**kwargs)
    else:
        await interaction.response.edit_message(**kwargs)


async def send_answer(interaction: discord.Interaction[Any], **kwargs: Any) -> None:
    """A new message as the interaction's answer (``send_message``'s arguments): its first
    answer, or the follow-up after ``answer_first`` (which replaces the "thinking" one)."""
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


async def send_private(
    interaction: discord.Interaction[Any],
    content: str | None = None,
    rendered: Rendered | None = None,
) -> None:
    """Answer only the person who clicked, whether or not the interaction was already acked."""
    kwargs: dict[str, Any] = {"ephemeral": True}
    if rendered is not None:
        parts = message_parts(rendered, content)
        if not is_layout(rendered) and not has_controls(rendered):
            del parts["view"]
        kwargs.update({k: v for k, v in parts.items() if v is not None})
        files = files_of(rendered)
        if files:
            kwargs["files"] = files
    elif content is not None:
        kwargs["content"] = content
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


def _parse(custom_id: str) -> ButtonId:
    parsed = parse_custom_id(custom_id)
    if parsed is None:
        raise ValueError(f"not a Backstab custom id: {custom_id!r}")
    return parsed


def refusal(error: BackstabError) -> str:
    """A refusal's words as one message (a deck's problems can run past Discord's cap)."""
    return clip(error.words(shown=_quoted), MESSAGE_LIMIT)


def fault_answer(error: Exception, what: str) -> str:
    """What a person is told when ``what`` (a button, a command) raised ``error``, not a
    refusal: a fault with words (the database unreachable: "try again", ``refusal_of``) is
    logged in one line; anything else is a bug, logged with its traceback, and apologised
    for."""
    refused = refusal_of(error)
    if refused is None:
        log.error("%s failed", what, exc_info=error)
        return error_texts.GENERIC_ERROR
    log.warning("%s refused: %s", what, error)
    return refusal(refused)


def _quoted(name: str) -> str:
    """A name people chose, as a refusal quotes it (never a mention, a header, a link)."""
    return shown_name(name, limit=QUOTED_NAME_LIMIT)


def relay_refusals(tree: app_commands.CommandTree[Any]) -> None:
    """The slash commands' relay: a command that raises a refusal (``BackstabError``) answers
    its words privately, as ``ButtonRouter.dispatch`` does for buttons. It wraps each
    command's callback (discord.py's ``_callback``: the one place the library calls it),
    because an error that reaches ``tree.on_error`` counts as the bot failing; a refusal is
    an answer. ``tree.on_error`` keeps the apology for anything else."""
    for command in tree.walk_commands():
        if isinstance(command, app_commands.Command) and not hasattr(command._callback, "relay"):
            command._callback = _relayed(command._callback)


def _relayed(callback: Callable[..., Awaitable[Any]]) -> Any:
    async def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return await callback(*args, **kwargs)
        except Exception as exc:
            # A refusal, or a fault with words (``refusal_of``); anything else is a bug for
            # ``tree.on_error``.
            refused = refusal_of(exc)
            if refused is None:
                raise
            if not isinstance(exc, BackstabError):
                log.warning("slash command refused: %s", exc)
            interaction = next(a for a in args if isinstance(a, discord.Interaction))
            await send_private(interaction, refusal(refused))
            return None

    call.relay = True  # type: ignore[attr-defined]
    return call
