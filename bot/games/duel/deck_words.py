"""The words of duel decks (issue 6): the deck commands, their refusals, a deck code's
problems, and a deck or the deck list as shown."""

from __future__ import annotations

from collections.abc import Mapping

from bot.words import error_texts

# Decks, match history and leagues (issue 6) ---------------------------------------------------

DECK_GROUP = "Build, share and pick your duel decks"
CMD_DECK_NEW = "Start a new duel deck around a Hero"
CMD_DECK_ADD = "Add copies of a card to one of your decks"
CMD_DECK_REMOVE = "Take copies of a card out of one of your decks"
CMD_DECK_SHOW = "Show a deck, its problems and its code"
CMD_DECK_LIST = "List your decks and the seven shared precons"
CMD_DECK_DELETE = "Delete one of your decks"
CMD_DECK_USE = "Pick the deck you bring to your next duel"
CMD_DECK_IMPORT = "Save a deck from a deck code or a list like 3x Card Name; 2x Other Card"
CMD_DECK_EXPORT = "Get a deck's code and plain list to share"
ARG_DECK_NAME = "The deck's name"
ARG_DECK_HERO = "The Hero the deck is built around"
ARG_DECK_CARD = "A card (start typing its name)"
ARG_DECK_COUNT = "How many copies"
ARG_DECK_CODE = "A deck code (bs1-...) or a list: 3x Card Name; 2x Other Card; Hero: Name"
ARG_DECK_FILE = "Or a text file with one 3x Card Name per line"

DECK_ERRORS: Mapping[str, str] = {
    "no_such_deck": "You have no deck called {name!r}, and no precon has that name.",
    "precon_read_only": (
        "{name} is a shared precon and can't be changed: /deck export it and /deck import "
        "the code under a new name to build your own copy."
    ),
    "not_a_hero": "{hero!r} is not a Hero. Pick one from the suggestions.",
    "unknown_card": "There is no card called {card!r}. Pick one from the suggestions.",
    "card_not_in_deck": "{deck} has no {card} to take out.",
    "bad_count": "The number of copies must be at least 1.",
    "bad_name": (
        "A deck name is 1 to {most} characters, on one line, without : ` * _ ~ | < > @ #."
    ),
    "name_taken": "You already have a deck called {name!r}: pick another name or delete it.",
    "too_many_decks": "You have {most} decks already; delete one before making another.",
    "too_many_cards": (
        "A deck holds at most {most} cards, even as a draft; that would make {size}. "
        "Nothing was changed."
    ),
    "no_hero": "That list names no Hero: add a line like Hero: Name.",
    "unreadable": "I couldn't read that deck:\n{problems}",
    "draft": "{name} is a draft and can't be played yet:\n{problems}",
    "no_text": "Give a deck code, a list, or a text file to import.",
    "file_too_big": "That file is too big for a deck list (at most {most} bytes).",
}
DECK_CODE_PROBLEMS: Mapping[str, str] = {
    "not_a_code": "it is not a deck code (they start with bs1-)",
    "damaged_code": "the code is damaged or cut short; copy it again in full",
    "bad_line": "line {detail} is not like 3x Card Name",
    "unknown_card": "line {detail}: no card has that name",
    "bad_count": "line {detail}: a count must be at least 1",
    "empty": "it holds no cards",
}


def deck_code_problem(code: str, detail: str) -> str:
    return "- " + DECK_CODE_PROBLEMS.get(code, code).format(detail=detail)


def deck_error(code: str, detail: Mapping[str, object]) -> str:
    fields = dict(detail)
    problems = detail.get("problems")
    listed = problems if isinstance(problems, list | tuple) else []
    if code == "unreadable":
        fields["problems"] = "\n".join(deck_code_problem(str(c), str(d)) for c, d in listed)
    elif code == "draft":
        fields["problems"] = "\n".join(f"- {p}" for p in listed)
    try:
        return DECK_ERRORS.get(code, error_texts.GENERIC_ERROR).format(**fields)
    except (KeyError, IndexError):
        return error_texts.GENERIC_ERROR


DECK_TITLE = "{name}: {hero}"
DECK_PRECON_TAG = "shared precon"
DECK_READY = "Ready to play: {size} cards."
DECK_DRAFT = "Draft ({size} of 40 cards): saved, but not playable until this is fixed:"
DECK_CARDS = "Cards"
DECK_NO_CARDS = "No cards yet: /deck add one."
DECK_CODE = "Deck code"
DECK_CREATED = "Deck {name!r} started around {hero}. Add cards with /deck add."
DECK_CHANGED = "{name}: now {size} cards."
DECK_DELETED = "Deck {name!r} deleted."
DECK_USING = "Your next duel uses {name}."
DECK_IMPORTED = "Saved {name!r}."
DECK_EXPORT = "Deck code for {name} (paste it into /deck import):\n`{code}`\nAs a list:"
DECK_EXPORT_FILE = (
    "Deck code for {name} (paste it into /deck import):\n`{code}`\nAs a list: the file."
)
DECK_LIST_TITLE = "Your duel decks"
DECK_LIST_OWN = "Yours"
DECK_LIST_NONE = "None yet: /deck new or /deck import."
DECK_LIST_PRECONS = "Shared precons (everyone may use them)"
DECK_LIST_LINE = "{mark} {name}: {hero}, {size} cards{state}"
DECK_LIST_DRAFT = " (draft)"
DECK_LIST_CHOSEN = "Next duel: {name}"
