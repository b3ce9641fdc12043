"""End to end through SimCord: a new player builds a deck with autocomplete, fixes what the
draft lists, shares it by code, and a friend imports it and takes it into a duel (issue 6)."""

from __future__ import annotations

import simcord

from bot.client import create_bot
from bot.games.duel import deck_words
from engine.duel.game import Duel
from engine.games import load_game
from tests.e2e.conftest import World
from tests.e2e.helpers import embed_text, message_in

_LOADED = load_game("duel")
assert isinstance(_LOADED, Duel)
DUEL: Duel = _LOADED  # narrowed here: a module global is not narrowed inside functions
WARRIOR = DUEL.decks["warrior"]
TRIPLE = next(card for card, count in WARRIOR.cards.items() if count == 3)


async def say(world: World, who: simcord.MemberActor, command: str, **options: object) -> str:
    result = await who.slash(world.channel, command, **options)
    assert result.ephemeral, command  # deck answers are private
    assert result.response is not None
    return embed_text(result.response)


async def test_build_share_import_and_play_a_deck(world: World) -> None:
    alice, bob = world.alice, world.bob
    [hero] = await alice.autocomplete(world.channel, "deck new", "hero", "brunh")
    assert hero["value"] == WARRIOR.hero
    assert deck_words.DECK_CREATED.split("{")[0] in await say(
        world, alice, "deck new", name="Dents", hero=hero["value"]
    )
    choices = await alice.autocomplete(world.channel, "deck add", "card", "slime", name="Dents")
    assert any(c["value"] == "puddle_slime" for c in choices)
    # A Warrior cannot use a Wizard's card: /deck add does not suggest one (issue 18).
    cards = DUEL.by_id.values()
    wizard = next(c for c in cards if c.klass == "wizard" and c.type != "hero")
    for deck in ({"name": "Dents"}, {}):
        choices = await alice.autocomplete(world.channel, "deck add", "card", wizard.name, **deck)
        assert any(c["value"] == wizard.id for c in choices) == (not deck)
    for card, count in WARRIOR.cards.items():
        text = await say(world, alice, "deck add", name="Dents", card=card, count=count)
    assert deck_words.DECK_READY.format(size=40) in text

    # One copy too many: the draft says exactly what is wrong, and cannot be picked.
    text = await say(world, alice, "deck add", name="Dents", card=TRIPLE, count=1)
    assert "41 cards" in text and "at most 3" in text
    text = await say(world, alice, "deck use", name="Dents")
    assert text.startswith(deck_words.DECK_ERRORS["draft"].split("{")[0].strip() or "Dents")
    await say(world, alice, "deck remove", name="Dents", card=TRIPLE, count=1)

    shown = await say(world, alice, "deck show", name="Dents")
    code = next(w.strip("`") for w in shown.split() if w.strip("`").startswith("bs1-"))
    exported = await say(world, alice, "deck export", name="Dents")
    assert code in exported and "3x " in exported

    # Bob cannot touch Alice's deck, but imports its code as his own.
    text = await say(world, bob, "deck add", name="Dents", card="puddle_slime", count=1)
    assert text == deck_words.deck_error("no_such_deck", {"name": "Dents"})
    assert deck_words.DECK_IMPORTED.format(name="Borrowed") in await say(
        world, bob, "deck import", name="Borrowed", code=code
    )
    assert deck_words.DECK_USING.format(name="Borrowed") in await say(
        world, bob, "deck use", name="Borrowed"
    )
    listing = await say(world, bob, "deck list")
    assert "Borrowed" in listing and deck_words.DECK_LIST_CHOSEN.format(name="Borrowed") in listing
    assert sum(1 for d in DUEL.decks.values() if d.name in listing) == 7

    # A duel: Bob brings his imported deck, Alice (no pick) the default precon.
    old = world.bot
    await world.redeploy(create_bot(old.settings, games=["tiny", "duel"]))
    result = await bob.slash(world.channel, "match new", game="duel")
    assert result.response is not None
    table_id = result.response.id
    await alice.click(message_in(world.channel, table_id), label="Join")
    await bob.click(message_in(world.channel, table_id), label="Start")
    [match] = await world.bot.service.matches_of_user(world.guild.id, bob.id)
    assert match.status == "live"
    record = await world.bot.service.record(match.id)
    decks = record.header.options["decks"]
    assert decks[0]["name"] == "Borrowed" and decks[0]["cards"] == dict(WARRIOR.cards)
    assert decks[1]["hero"] == DUEL.decks["thief"].hero


async def test_plain_list_import_and_precons_are_read_only(world: World) -> None:
    slime, maul = DUEL.by_id["puddle_slime"].name, DUEL.by_id["war_maul"].name
    listing = f"Hero: brunhild axebiter; 3x {slime.upper()}; 2 {maul}; 1x nothing at all"
    text = await say(world, world.carol, "deck import", name="Listed", code=listing)
    assert text.endswith("line 4: nothing at all: no card has that name")
    listing = listing.rsplit(";", 1)[0]
    text = await say(world, world.carol, "deck import", name="Listed", code=listing)
    assert deck_words.DECK_IMPORTED.format(name="Listed") in text and "5 cards" in text
    text = await say(world, world.carol, "deck add", name="precon:warrior", card="bribe")
    assert text == deck_words.deck_error("precon_read_only", {"name": WARRIOR.name})
    text = await say(world, world.carol, "deck delete", name="Listed")
    assert text == deck_words.DECK_DELETED.format(name="Listed")


async def test_a_list_in_a_text_file_imports_line_by_line(world: World) -> None:
    lines = "\n".join(
        [f"Hero: {DUEL.by_id[WARRIOR.hero].name}"]
        + [f"{count}x {DUEL.by_id[card].name}" for card, count in WARRIOR.cards.items()]
    )
    text = await say(
        world, world.dave, "deck import", name="From file", file=("deck.txt", lines.encode())
    )
    assert text == deck_words.DECK_IMPORTED.format(name="From file")  # ready: no problems listed
    assert deck_words.DECK_USING.format(name="From file") in await say(
        world, world.dave, "deck use", name="From file"
    )
    empty = await say(world, world.dave, "deck import", name="Nothing")
    assert empty == deck_words.deck_error("no_text", {})
