"""The words of quest's "Buy a level…" and "Mend…" builders (issue 27.5; ``level_sale.py``,
``mend.py``): kept apart from ``words.py`` so each builder's words sit in one short place."""

from __future__ import annotations

# Buy a level… (R131) ----------------------------------------------------------------------

LS_ENTRY = "Buy a level…"
LS_ENTRY_WHAT = "Sell items for a level: 1,000 gold, your gold pays the rest"
LS_CHOOSE = "Choose the items to sell"
LS_CHOOSE_AT = {"hand": "Items to sell from your hand", "play": "Items to sell from those in play"}
LS_OPEN = "Buy a level: sell items worth 1,000 gold (your gold pays the rest)."
LS_HOW = "You have {gold} gold. Items give no change. Choose the items, then Buy."
LS_LINE = "Sell {cards}: worth {worth} of the 1,000 gold a level costs."
LS_PAYS = "Your gold pays the other {rest} (you have {gold})."
LS_EXACT = "That is the price exactly."
LS_OVER = "Items give no change: {over} gold more than the price is lost."
LS_SHORT = "Not enough: with your {gold} gold that is {short} short of 1,000."
LS_EXTRA = "{card} is not needed: the others pay 1,000 without it (items give no change)."
LS_NOT_TOGETHER = "Those items cannot buy a level together now."
LS_HALFLING = "As a Halfling, your best item counts twice in your first sale of a turn."
LS_SEND = "Buy a level"
LS_IN_HAND = "{value} gold · in your hand"
LS_IN_PLAY = "{value} gold · in play"
LS_GONE = "Those items cannot be sold now: the hand shows what can."

# Mend… (the Cleric's ability, R31) -----------------------------------------------------------

MD_ENTRY = "Mend…"
MD_ENTRY_WHAT = "Cleric: discard any 2 cards to heal 1 Health"
MD_CHOOSE = "Choose the 2 cards to discard"
MD_CHOOSE_AT = {"hand": "Cards to discard from your hand", "play": "Cards to discard from play"}
MD_OPEN = "Mend (Cleric): discard any 2 cards, from your hand or in play, to heal 1 Health."
MD_HOW = "You have {health} of {max} Health. Choose two cards, then Mend."
MD_LINE = "Discard {cards} to heal 1 Health."
MD_ONE = "Discard {card} and one card more to heal 1 Health."
MD_SEND = "Mend: discard both"
MD_IN_HAND = "In your hand"
MD_IN_PLAY = "In play"
MD_ROLE = "Your race or class"
MD_GONE = "Those two cards cannot be discarded to mend now: the hand shows what can."
