"""The ``/deck`` commands: build, check, share and pick duel decks. Every answer is private.

Thin by design: the deck book decides (ownership, rules, drafts); this cog parses, calls it and
sends what the renderer returns.
"""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.delivery.components import answer_first, send_answer, send_private
from bot.games.duel import deck_words
from bot.games.duel.deck_errors import DeckError
from bot.games.duel.deck_screens import render_deck, render_deck_list
from bot.games.duel.decks import DeckBook, DeckInfo
from bot.render.model import clip
from bot.render.names import shown_name

MAX_IMPORT_BYTES = 20_000  # a 40-card list is under 1 kB; anything far bigger is not a deck
MESSAGE_LIMIT = 2000  # Discord's cap on message content
Choices = list[app_commands.Choice[str]]
Count = app_commands.Range[int, 1, 99]
Interaction = discord.Interaction[commands.Bot]  # the client these commands are added to


class DeckCommands(
    commands.GroupCog, name="Decks", group_name="deck", group_description=deck_words.DECK_GROUP
):
    def __init__(self, bot: commands.Bot, book: DeckBook) -> None:
        self.bot = bot
        self.book = book  # the duel feature's one book, shared with the lobby's deck pick
        super().__init__()

    # building -----------------------------------------------------------------------------

    @app_commands.command(name="new", description=deck_words.CMD_DECK_NEW)
    @app_commands.describe(name=deck_words.ARG_DECK_NAME, hero=deck_words.ARG_DECK_HERO)
    async def new(self, interaction: Interaction, name: str, hero: str) -> None:
        async def run() -> str:
            deck = await self.book.new(interaction.user.id, name, hero)
            return deck_words.DECK_CREATED.format(
                name=shown_name(deck.name), hero=self.book.card_name(deck.hero)
            )

        await self._answer(interaction, run)

    @app_commands.command(name="add", description=deck_words.CMD_DECK_ADD)
    @app_commands.describe(name=deck_words.ARG_DECK_NAME, card=deck_words.ARG_DECK_CARD)
    @app_commands.describe(count=deck_words.ARG_DECK_COUNT)
    async def add(self, interaction: Interaction, name: str, card: str, count: Count = 1) -> None:
        async def run() -> str:
            deck = await self.book.add(interaction.user.id, name, card, count)
            return self._changed(deck)

        await self._answer(interaction, run)

    @app_commands.command(name="remove", description=deck_words.CMD_DECK_REMOVE)
    @app_commands.describe(name=deck_words.ARG_DECK_NAME, card=deck_words.ARG_DECK_CARD)
    @app_commands.describe(count=deck_words.ARG_DECK_COUNT)
    async def remove(
        self, interaction: Interaction, name: str, card: str, count: Count = 1
    ) -> None:
        async def run() -> str:
            deck = await self.book.remove(interaction.user.id, name, card, count)
            return self._changed(deck)

        await self._answer(interaction, run)

    @app_commands.command(name="delete", description=deck_words.CMD_DECK_DELETE)
    @app_commands.describe(name=deck_words.ARG_DECK_NAME)
    async def delete(self, interaction: Interaction, name: str) -> None:
        async def run() -> str:
            deck = await self.book.delete(interaction.user.id, name)
            return deck_words.DECK_DELETED.format(name=shown_name(deck.name))

        await self._answer(interaction, run)

    # reading and picking ------------------------------------------------------------------

    @app_commands.command(name="show", description=deck_words.CMD_DECK_SHOW)
    @app_commands.describe(name=deck_words.ARG_DECK_NAME)
    async def show(self, interaction: Interaction, name: str) -> None:
        await answer_first(interaction)  # before the read (issue 29.3)
        deck, code, _ = await self.book.export(interaction.user.id, name)
        await send_private(interaction, rendered=render_deck(deck, self.book.card_name, code))

    @app_commands.command(name="list", description=deck_words.CMD_DECK_LIST)
    async def list_decks(self, interaction: Interaction) -> None:
        await answer_first(interaction)  # before the read (issue 29.3)
        user = interaction.user.id
        rendered = render_deck_list(
            await self.book.own(user),
            self.book.precons(),
            self.book.card_name,
            await self.book.chosen(user),
        )
        await send_private(interaction, rendered=rendered)

    @app_commands.command(name="use", description=deck_words.CMD_DECK_USE)
    @app_commands.describe(name=deck_words.ARG_DECK_NAME)
    async def use(self, interaction: Interaction, name: str) -> None:
        async def run() -> str:
            deck = await self.book.use(interaction.user.id, name)
            return deck_words.DECK_USING.format(name=shown_name(deck.name))

        await self._answer(interaction, run)

    # sharing ------------------------------------------------------------------------------

    @app_commands.command(name="import", description=deck_words.CMD_DECK_IMPORT)
    @app_commands.describe(
        name=deck_words.ARG_DECK_NAME, code=deck_words.ARG_DECK_CODE, file=deck_words.ARG_DECK_FILE
    )
    async def import_deck(
        self,
        interaction: Interaction,
        name: str,
        code: str | None = None,
        file: discord.Attachment | None = None,
    ) -> None:
        text = code or ""
        if file is not None:
            if file.size > MAX_IMPORT_BYTES:
                problem = deck_words.deck_error("file_too_big", {"most": MAX_IMPORT_BYTES})
                await send_private(interaction, problem)
                return
            text = (await file.read()).decode("utf-8", errors="replace")
        if not text.strip():
            await send_private(interaction, deck_words.deck_error("no_text", {}))
            return

        async def run() -> str:
            deck = await self.book.import_deck(interaction.user.id, text, name)
            lines = [deck_words.DECK_IMPORTED.format(name=shown_name(deck.name))]
            if not deck.ready:
                lines.append(deck_words.DECK_DRAFT.format(size=deck.size))
                lines += [f"- {p}" for p in deck.problems]
            return "\n".join(lines)

        await self._answer(interaction, run)

    @app_commands.command(name="export", description=deck_words.CMD_DECK_EXPORT)
    @app_commands.describe(name=deck_words.ARG_DECK_NAME)
    async def export(self, interaction: Interaction, name: str) -> None:
        await answer_first(interaction)  # before the read (issue 29.3)
        deck, code, listed = await self.book.export(interaction.user.id, name)
        head = deck_words.DECK_EXPORT.format(name=shown_name(deck.name), code=code)
        content = f"{head}\n```\n{listed}\n```"
        if len(content) <= MESSAGE_LIMIT:
            await send_private(interaction, content)
            return
        # A long draft's list would be cut by Discord's 2,000 characters: it goes as a text
        # file instead, which /deck import reads back whole.
        head = deck_words.DECK_EXPORT_FILE.format(name=shown_name(deck.name), code=code)
        listing = discord.File(io.BytesIO(listed.encode("utf-8")), filename="deck.txt")
        await send_answer(interaction, content=head, file=listing, ephemeral=True)

    # autocomplete -------------------------------------------------------------------------

    @new.autocomplete("hero")
    async def _heroes(self, interaction: Interaction, current: str) -> Choices:
        return _choices(self.book.card_choices(current, heroes=True))

    @add.autocomplete("card")
    async def _cards(self, interaction: Interaction, current: str) -> Choices:
        # Only what the named deck's hero can use; any card while no deck of theirs is named.
        deck = await self._named_deck(interaction)
        return _choices(self.book.card_choices(current, taken_by=deck))

    @remove.autocomplete("card")
    async def _deck_cards(self, interaction: Interaction, current: str) -> Choices:
        deck = await self._named_deck(interaction)
        if deck is None:
            return _choices(self.book.card_choices(current))
        return _choices(self.book.card_choices(current, among=set(deck.cards)))

    async def _named_deck(self, interaction: Interaction) -> DeckInfo | None:
        """The player's own deck named in the command's ``name`` option, if there is one."""
        name = str(getattr(interaction.namespace, "name", "") or "")
        try:
            return await self.book.get(interaction.user.id, name, precons=False)
        except DeckError:
            return None

    @add.autocomplete("name")
    @remove.autocomplete("name")
    @delete.autocomplete("name")
    async def _own_decks(self, interaction: Interaction, current: str) -> Choices:
        return _choices(await self.book.deck_choices(interaction.user.id, current, precons=False))

    @show.autocomplete("name")
    @use.autocomplete("name")
    @export.autocomplete("name")
    async def _any_decks(self, interaction: Interaction, current: str) -> Choices:
        return _choices(await self.book.deck_choices(interaction.user.id, current))

    # helpers ------------------------------------------------------------------------------

    def _changed(self, deck: DeckInfo) -> str:
        lines = [deck_words.DECK_CHANGED.format(name=shown_name(deck.name), size=deck.size)]
        if deck.problems:
            lines.append(deck_words.DECK_DRAFT.format(size=deck.size))
            lines += [f"- {p}" for p in deck.problems]
        else:
            lines.append(deck_words.DECK_READY.format(size=deck.size))
        return "\n".join(lines)

    async def _answer(self, interaction: Interaction, run: Callable[[], Awaitable[str]]) -> None:
        await answer_first(interaction)  # before the deck book reads (issue 29.3)
        content = await run()  # a refusal (DeckError) is worded by the relay
        await send_private(interaction, clip(content, MESSAGE_LIMIT))


def _choices(pairs: list[tuple[str, str]]) -> Choices:
    # Discord: choice names and values are at most 100 characters.
    return [app_commands.Choice(name=clip(label, 100), value=value[:100]) for label, value in pairs]
