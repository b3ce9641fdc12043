"""Classic's words: the table and hand lines, control labels, phases, waiting lines and the
running log. Templates take ``{card}``, ``{seat}``, ``{monster}``, ``{gold}`` and the like; a
missing control template falls back to the generic action label (``bot/words/play_texts.py``)."""

from __future__ import annotations

from collections.abc import Mapping

TITLE = "Classic (3-6 players)"
# /match new single_winner: (# 004 Special Rules: the tournament rule)
CMD_NEW_SINGLE_WINNER = "Tournament rule: one winner only (a shared win is rolled off)"
LOBBY_SINGLE_WINNER = "One winner only: a shared win at level 10 is settled by a roll-off."
SINGLE_WINNER_NOT_OFFERED = "{game} has no single-winner option: it never shares a win."

SEAT_LINE = "Level {level} · strength {strength} · {cards} in hand · {gold} gold"
SEAT_CURSED = "cursed"
ROLES = "Is: {roles}"
GEAR = "Wears: {items}"
CARRIED = "Carries: {items}"
CURSES = "Cursed: {curses}"
PILES = "{door} doors · {treasure} treasures"
CORPSE = "Left on the floor: {cards}"
FIGHT_SIDE = "{names}: strength {strength}"
FIGHT_MONSTER = "{name} (level {level}): strength {strength}"
FIGHT_PLAYED = "Played into the fight: {cards}"
FIGHT_WINNING = "The players are winning."
FIGHT_LOSING = "The monsters are winning."
FIGHT_HELPER = "{fighter} helped by {helper}"
BAR_MONSTERS = "Monsters"
HAND = "Your cards ({count})"
HAND_EMPTY = "Your hand is empty."

# A bargain for help, on the table and in the hands of both sides.
BARGAIN_OFFER = "{fighter} offers {helper}: {terms}"
BARGAIN_COUNTER = "Counter-offer: {helper} asks {fighter} for {terms}"
BARGAIN_DRAFT_OFFER = "{fighter} is drafting an offer for {helper}, so far: {terms}"
BARGAIN_DRAFT_COUNTER = "{helper} is drafting a price for {fighter}, so far: {terms}"
TERMS_FIRST = "{name} picks first"
TERMS_GOLD = "{gold} gold at once"
TERMS_ITEMS = "{items} at once"
TERMS_WIN = "on a win: {what}"
TERMS_WIN_GOLD = "{gold} gold"

PHASES: Mapping[str, str] = {
    "listen": "getting ready",
    "kick": "at the door",
    "trouble": "after the door",
    "charity": "tidying up",
    "over": "finished",
}

# Control groups: actions in one group share a row or a select.
GROUPS: Mapping[str, str] = {
    "turn": "",
    "fight": "Fight",
    "help": "Ask for help",
    "offer": "Make an offer…",
    "demand": "Name your price…",
    "cards": "Play a card…",
    "gear": "Your gear…",
    "curse": "Curse someone…",
    "trade": "Trade…",
    "charity": "Hand a card on…",
    "pick": "Choose a card…",
    "steal": "Steal an item…",
    "answer": "Answer a trade offer…",
}

CONTROLS: Mapping[str, tuple[str, str]] = {
    # kind: (group, label template)
    "listen": ("turn", "Listen: a {pile} card"),
    "kick": ("turn", "Open the door"),
    "loot": ("turn", "Rummage (a card face down)"),
    "loot_coins": ("turn", "Search for coins"),
    "trouble": ("cards", "Pick a fight with {card}"),
    "end_turn": ("turn", "End turn"),
    "charity_give": ("charity", "Give {card} to {seat}"),
    "charity_discard": ("charity", "Discard {card}"),
    "pass": ("turn", "Pass"),
    "oneshot": ("cards", "Use {card} on {side}"),
    "enhance": ("cards", "Boost {monster} with {card}"),
    "wander": ("cards", "Send in an extra monster ({card})"),
    "horde": ("cards", "Add {card} to the fight"),
    "berserk": ("fight", "Go wild: throw away {card} (+2)"),
    "turn_undead": ("fight", "Drive off {monster} (300 gold)"),
    "ask": ("help", "Ask {seat} for help"),
    "propose": ("offer", "Offer {terms}"),
    "offer_item": ("offer", "{card} now"),
    "promise_item": ("offer", "{card} on a win"),
    "promise_card": ("offer", "Play {card} on a win"),
    "promise_gold": ("offer", "{gold} gold on a win"),
    "accept": ("turn", "Accept"),
    "decline": ("turn", "Refuse"),
    "counter": ("turn", "Answer with other terms"),
    "demand": ("demand", "Ask {terms}"),
    "demand_item": ("demand", "{card} now"),
    "demand_win_item": ("demand", "{card} on a win"),
    "demand_win_gold": ("demand", "{gold} gold on a win"),
    "levelup": ("cards", "Play {card} on {seat}"),
    "curse": ("curse", "Curse {seat} with {card}"),
    "hire": ("cards", "Hire {card}"),
    "drop_role": ("gear", "Give up {card}"),
    "play": ("cards", "Put {card} on the table"),
    "keep": ("turn", "Keep the rest in hand"),
    "shed": ("gear", "Let {card} go to the lowest player"),
    "arm_hireling": ("gear", "Have {hireling} carry {card}"),
    "cheat": ("gear", "{card} on {item}"),
    "attach": ("gear", "Pair {card} with {item}"),
    "sell": ("gear", "Sell {card}"),
    "unequip": ("gear", "Take off {card}"),
    "equip": ("gear", "Put on {card}"),
    "buy_level": ("turn", "Buy a level (1000 gold)"),
    "steal": ("steal", "Steal {card} from {seat}"),
    "take_it": ("turn", "Keep the roll"),
    "set_die": ("cards", "Change the die with {card}"),
    "deal": ("trade", "Deal with {seat}"),
    "cancel": ("turn", "Call the deal off"),
    "give_gold": ("trade", "Give 100 gold to {seat}"),
    "add_gold": ("trade", "Add 100 of your gold to the swap"),
    "ask_gold": ("trade", "Ask 100 gold of theirs for the swap"),
    # Coins put on an open off-turn offer (# 004: Items (Trading): coins may be part of it).
    "add_gold_open": ("trade", "Add 100 of your gold to your offer to {seat}"),
    "ask_gold_open": ("trade", "Ask {seat} for 100 more gold for your offer"),
    "offer": ("trade", "Offer {seat} your {card} for their {item}"),
    # An offer of an item for nothing, and the answers to an open offer (# 004: Items
    # (Trading)): each names the other player, so offers from several players read apart
    # (early in a long label: Discord cuts a button's label at 80 characters).
    "offer_gift": ("trade", "Offer {seat} your {card} as a gift"),
    "accept_offer": ("answer", "Take {seat}'s {card} for your {item}"),
    "accept_gift": ("answer", "Take {card} from {seat}"),
    "decline_offer": ("answer", "Refuse {seat}'s swap"),
    "decline_gift": ("answer", "Refuse {seat}'s gift"),
    "flee": ("fight", "Run from {card}"),
    "pick": ("pick", "Take {card}"),
    "lose": ("pick", "Lose {card}"),
    "loot_body": ("pick", "Loot {card}"),
}

PILE_NAMES: Mapping[str, str] = {"door": "door", "treasure": "treasure"}

HELPER_FIRST = ("you pick first", "they pick first")

# The same choice from the asked player's side (``demand``: 1 = the helper picks first).
DEMAND_FIRST = ("they pick first", "you pick first")
NOTHING = "nothing"

# Open trade offers in a hand: those made to this seat and those it made (# 004: Items
# (Trading)); they lapse when the turn ends.
OFFER_TO_YOU = "{seat} offers you {card} for your {item}."
GIFT_TO_YOU = "{seat} offers you {card} as a gift."
OFFER_BY_YOU = "You offered {seat} your {card} for their {item}: no answer yet."
GIFT_BY_YOU = "You offered {seat} your {card} as a gift: no answer yet."
SALE_TO_YOU = "{seat} offers you {card} for {gold} gold."
SALE_BY_YOU = "You offered {seat} your {card} for {gold} gold: no answer yet."

# Coins added to an item swap or a gift, after its line (# 004: coins may be part of a trade).
OFFER_GOLD_TO_YOU = " {seat} adds {gold} gold."
OFFER_GOLD_BY_YOU = " You add {gold} gold."
OFFER_PAY_TO_YOU = " You would pay {gold} gold too."
OFFER_PAY_BY_YOU = " {seat} would pay you {gold} gold too."

# The terms of a help bargain in a button: the treasure split, who picks first, gold at once.
SHARE = ("no treasure", "1 treasure", "{share} treasures")
SHARE_GOLD = "{gold} gold now"
SHARE_NO_GOLD = "no gold"
SHARE_FOR_HELPER = "{treasures} for {helper}"

# The bargain builder (bargain.py): the terms of help built a part at a time, then sent. Words
# name people, never "they"; every label stays within 40 characters (names are clipped).
BUILD_OFFER = "Your offer to {helper}: {terms}."
BUILD_PRICE = "Your price for helping {fighter}: {terms}."
BUILD_HOW = "Set the treasures, who picks first and the gold, then Send."
BUILD_EXTRAS = "Add items, or gold for a win, from the list before you Send."
BUILD_TREASURES = "Treasures for {helper}: {count}"
BUILD_TREASURE_OPTION = ("No treasure", "1 treasure", "{share} treasures")
BUILD_GOLD = "Gold: {gold}"
BUILD_GOLD_OPTION = ("No gold now", "{gold} gold now")
BUILD_SEND_OFFER = "Send the offer"
BUILD_SEND_PRICE = "Send the price"
BUILD_EXTRAS_OFFER = "Add items, or gold on a win…"
BUILD_EXTRAS_PRICE = "Ask items, or gold on a win…"
BUILD_GONE = "Those terms cannot be sent now ({terms}): nothing was sent."
NAME_IN_LABEL = 26  # a name in a builder label: 26 + " picks first" stays within 40
# The trade builder (trade_builder.py): an item offer built a part at a time, then sent.
TRADE_ENTRY = "Trade away {card}…"
TRADE_YOUR_ITEM = "Your item: {item}"
TRADE_ASK = "You ask for: {what}"
TRADE_ASK_NOTHING = "Nothing from {name} (a gift)"
TRADE_ASK_ITEM = "{name}'s {item}"
TRADE_GOLD = "Gold: {gold}"
TRADE_NO_GOLD = "No gold"
TRADE_YOU_ADD = "You add {gold} gold"
TRADE_THEY_ADD = "{name} adds {gold} gold"
TRADE_SEND = "Send the trade offer"
TRADE_BACK = "Back"
TRADE_HOW = "Choose your item, what you ask for and the gold, then Send."
TRADE_LINE = "Your trade offer to {name}: {what}."
TRADE_LINE_GIFT = "your {item} as a gift"
TRADE_LINE_SWAP = "your {item} for {name}'s {theirs}"
TRADE_LINE_YOU_ADD = ", and you add {gold} gold"
TRADE_LINE_THEY_ADD = ", and {name} adds {gold} gold"
TRADE_TOO_MUCH_GOLD = (
    "That trade offer names more gold than is there to give (each side adds only gold it"
    " has, in coins of 100): nothing was sent."
)
TRADE_GONE = (
    "That trade cannot be offered now (an item moved or the offer was made): nothing was sent."
)

# A lasting curse's penalty, shown beside its name on the table.
NEXT_FIGHT = "{amount:+d} next fight"

# The hand and the waiting line in the tidy-up phase with too many cards (# 004: Charity).
CHARITY_HAND = (
    "You hold {count} cards and may keep {limit}: give the extra ones to the lowest-level "
    "player (or discard them when you are the lowest) to end your turn."
)

CHARITY_WAITING = "{seat} to hand on extra cards"
DOOR_DISCARD = "Door discard: {card}"
TREASURE_DISCARD = "Treasure discard: {card}"

# The fight in a hand, so the numbers are in front of whoever decides (# 004: Combat).
HAND_FIGHT = "**Fight:** {side} against {monsters}. {verdict}"
HAND_MONSTER = "{name} (strength {strength})"
PLAYERS_SIDE = "the players"

PENDING: Mapping[str, str] = {
    "help": "{seat} to answer a call for help",
    "offer": "{seat} to make an offer for help",
    "counter": "{seat} to name a price for helping",
    "countered": "{seat} to answer a counter-offer",
    "received": "{seat} to place a new card",
    "shed": "{seat} to let go of a Big item",
    "deal": "{seat} to make a trade offer",
    "trade": "{seat} to answer a trade offer",
    "die": "{seat} to keep or change a die roll",
    "flee": "{seat} to pick which monster to run from",
    "pick": "{seat} to pick a treasure",
    "lose": "{seat} to pick what to lose",
    "loot": "{seat} to loot the fallen",
}

WAITING_TURN = "{seat} to play"
WAITING_WINDOW = "answers to the fight (still to pass: {seats})"

# Card families as a tile's band reads them.
CARD_KINDS: Mapping[str, str] = {
    "monster": "Monster",
    "curse": "Curse",
    "enhancer": "Enhancer",
    "race": "Race",
    "class": "Class",
    "super": "Second role",
    "wandering": "Extra monster",
    "item": "Item",
    "oneshot": "One-shot",
    "levelup": "Level up",
    "hireling": "Hireling",
    "cheat": "Item trick",
}

SLOTS: Mapping[str, str] = {
    "head": "head",
    "armor": "body",
    "feet": "feet",
    "hands": "hands",
    "none": "",
}

# Running log lines. Cards are named only where the event's public data names them and the
# card stays in the open; a card that goes on to a hand is not named (see bot/screens/leaks.py).
EVENTS: Mapping[str, str] = {
    "turn": "— {seat}'s turn —",
    "kicked": "{seat} opens the door: {card}.",
    "kicked_hand": "{seat} opens the door and pockets what was behind it.",
    "combat": "{seat} fights {monster}.",
    "cursed": "{seat} is cursed: {card}.",
    "curse_strikes": "{card} strikes {seat}.",
    "played": "{seat} puts {card} on the table.",
    "played_on": "{seat} pairs {card} with {on}.",
    "oneshot": "{seat} uses {card}.",
    "enhanced": "{seat} boosts a monster with {card}.",
    "wandered": "{seat} sends in {monster} ({card}).",
    "horde": "{seat} adds {monster} to the fight.",
    "berserk": "{seat} goes wild and throws away {card}.",
    "flee_caught": "{seat} rolls {roll} running from {monster}: too low so far.",
    "flee_result_caught": "{monster} catches {seat}.",
    "flee_result_away": "{seat} gets away from {monster} after all.",
    "flee_away": "{seat} rolls {roll} running from {monster}: got away.",
    "escaped": "{seat} slips out of the fight with {card}.",
    "killed": "{seat} wins the fight and reaches level {level}.",
    "lost_fight": "{seat} loses the fight.",
    "level": "{seat} is now level {level}.",
    "died": "{seat} falls; back next turn.",
    "looted": "{seat} takes something from the fallen.",
    "looted_coins": "{seat} searches for coins and rolls {roll}.",
    "sold": "{seat} sells {card} for {gold} gold.",
    "stole": "{seat} steals {card} from {from} (rolled {roll}).",
    "steal_failed": "{seat} tries to steal and fails (rolled {roll}).",
    "discarded": "{seat} discards {card}.",
    "charity": "{seat} hands a card to {to}.",
    "charity_discard": "{seat} throws away {card} to tidy up.",
    "lost_item": "{seat} loses {card}.",
    "dropped_role": "{seat} gives up {card}.",
    "gave_gold": "{seat} gives {gold} gold to {to}.",
    "gave": "{seat} passes {card} on to {to}.",
    "deal_paid": "{seat} pays {to} {gold} gold for the help.",
    "offer": "{seat} offers {to} a trade.",
    "add_gold": "{seat} puts {gold} gold into a trade offer to {to}.",
    "ask_gold": "{seat} asks {to} for {gold} gold in a trade offer.",
    "picked": "{seat} takes a treasure.",
    "treasures": "Treasure is dealt out.",
    "die_set": "{seat} turns the die to {roll} with {card}.",
    "driven_off": "{seat} drives off {monster}.",
    "discarded_hand": "{seat} loses the whole hand.",
    "gold": "{seat} now has {gold} gold.",
    "roll_off": "Everyone rolls to see who starts.",
    "tie_roll": "A tie: {seats} roll the die to settle it.",
    "rolled": "{seat} rolls {roll}.",
    "combat_over": "The fight is over.",
    "armed_hireling": "{seat} hands {card} to {hireling}.",
    "help_accept": "{seat} joins the fight.",
    "help_decline": "{seat} stays out of it.",
    "trade_accept": "{seat} accepts the trade.",
    "trade_decline": "{seat} turns the trade down.",
    "won": "{seats} won the match!",
    "asked": "{seat} asks {to} for help.",
    "counter": "{seat} wants other terms from {to}.",
    "countered": "{seat} answers {to}: {treasures} for the helper, {gold} gold at once.",
    "counter_accept": "{seat} agrees to the terms of {to}, who joins the fight.",
    "counter_decline": "{seat} turns down the terms of {to}.",
    "demand_item": "{seat} asks {to} for {item}.",
    "demand_win_item": "{seat} asks {to} for {item} if the fight is won.",
    "demand_win_gold": "{seat} asks {to} for {what} gold if the fight is won.",
    "drew": "{seat} draws a {pile} card.",
    "promise_gold": "{seat} promises {to} {what} gold.",
    "offer_item": "{seat} offers {to} {item}.",
    "promise_item": "{seat} promises {to} {item}.",
    "promise_card": "{seat} promises to play {item} on {to} if the fight is won.",
}


# What a seat's own hand says when a decision is waiting on it.
HAND_PENDING: Mapping[str, str] = {
    "help": "You are asked to help in the fight.",
    "trade": "You are offered a trade: take it or refuse it.",
    "offer": "Make your offer to the player you asked for help.",
    "counter": "Name what you want for your help: add items or gold, then the treasure split.",
    "countered": "Your helper wants other terms: accept them, refuse, or answer with yours.",
    "deal": "Choose what to offer in your trade.",
    "die": "Keep the die roll, or change it with a card.",
    "flee": "Choose which monster to run from first.",
    "pick": "Choose a treasure.",
    "lose": "Choose what to lose.",
    "loot": "Choose something to take from the fallen.",
}
