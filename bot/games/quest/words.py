"""Every word the quest screens say: titles, table lines, control labels and groups, log lines.
Kept apart from the drawing code so the wording can change in one place."""

from __future__ import annotations

TITLE = "Quest (2-4 players)"
# The ways to play the lobby's host picks from (SPEC 3.13: the rulebook's 3 Move; a quicker 2).
RULEBOOK = "Rulebook game"
RULEBOOK_NOTE = "a Level 20 Boss, every die may be changed"
QUICK = "Quick game"
QUICK_NOTE = "a Level 14 Boss, die windows only in fights"

COLOUR_DOTS = {
    "blue": "🔵",
    "green": "🟢",
    "red": "🔴",
    "yellow": "🟡",
    "purple": "🟣",
    "orange": "🟠",
}
DIRS = {"N": "North", "E": "East", "S": "South", "W": "West"}
ARROWS = {"N": "⬆", "E": "➡", "S": "⬇", "W": "⬅"}
LINKS = ("open", "door", "locked", "hidden", "wall")  # by link kind (engine/quest/content.py)

# table ----------------------------------------------------------------------------------------
SETUP = "Getting ready: everyone may play a race, a class or items before the first turn."
TURN = "Turn {turn}: {name} · {left} of {move} Move left"
TURN_DEAD = "Turn {turn}: {name} · dead: back at the Entrance next turn"
WAITING = "Waiting for {what}."
WAIT_MOVE = "{name} to move, explore, search or end the turn"
WAIT_READY = "{names} to get ready"
WAIT_FIGHT = "{name} to fight: roll, ask for help or use a card"
WAIT_WINDOW_FIGHT = "{names}: cards before the dice"
WAIT_AFTER = "{names}: a die may still change"
# A die window: on its own line, no "Waiting for" and no names (the seat lines mark who is
# to act), one line at 400 px (issue 27.6).
WAIT_DIE = "🎲 {what}: rolled {dice}. A card may still change it."
WAIT_PENDING = {
    "explore_dxm": "{name} to take or skip the explorer's card",
    "summon": "{name} to call up a monster or not",
    "base": "{name} to pick the new monster's base",
    "help": "{name} to answer a call for help",
    "snatch_pick": "{name} to pick the item snatched",
    "lose_pick": "{name} to pick the item lost",
    "terms": "{name} to name trade terms",
    "offer": "{name} to accept or refuse a trade",
    "ring": "{name} to cancel a curse or let it act",
    "ward": "{name} to try to ward off a curse",
    "charity": "{name} to give away extra cards",
    "flee_to": "{name} to pick where to run",
    "flee": "{name} to roll to run away",
    "pack_overflow": "{name} to drop or give away a packed item",
    "bid": "{name} to bid for the helper's place",
    "stop": "{name}, who called Stop, to play cards or go on",
    "pick_up": "{name} to pick up dropped items",
}
WINDOW_HEADS = {  # what a die window's roll was for, opening its table line
    "fight": "The fight",
    "flee": "Running away",
    "search": "The search",
    "room": "The room's roll",
    "base": "The monster's base",
    "monster_turn": "Monster turn",
    "power": "A d10 power",
    "pickpocket": "A pick-pocket",
    "ward": "A ward",
    "wager": "A wager",
    "toss": "A toss",
}
WINDOWS = {  # what a die window's roll was for
    "fight": "the fight",
    "flee": "running away",
    "search": "the search",
    "room": "the room's roll",
    "base": "the monster's base",  # "the new monster's base" wrapped a phone's log line
    "monster_turn": "the monster turn",
    "power": "a d10 power",
    "pickpocket": "a pick-pocket",
    "ward": "a Cleric's ward",
    "wager": "a wager",
    "toss": "a toss",
}
WAIT_SOMEONE = "{names}"
NOBODY = "nobody"

MAP = "Map"
FULL_MAP = "Full map"
# The text map's key, said after it in the picture's alternative text (bot/games/quest/maptext.py).
MAP_KEY = (
    "1-4 seats, m a monster (2… several), E the Entrance, A… rooms in the order laid; "
    "between rooms: - | open, d door, L locked, h hidden, # wall"
)
MAP_EMPTY = "Only the Entrance so far."
ROOM_LINE = "`{letter}` **{room}**: {who}"
SEAT_TITLE = "{number}. {name} {colour}"
# One line a seat on a phone's table (issue 27.6): L for Level as the legend's monsters have it.
SEAT_LINE = "L{level} ❤{health}/{max} {gold}g {cards}"
# The table's seat line: one line at 400 px (about 30 characters beside the name); the cards
# held are in the seat's details.
SEAT_SHORT = "L{level} ❤{health}/{max} {gold}g"


def card_count(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


SEAT_DEAD = "Dead: back at the Entrance next turn"
SEAT_OUT = "Out of the game"
SEAT_GEAR = "Items: {items}"
SEAT_PACK = "Pack: {items}"
SEAT_CURSES = "Cursed: {cards}"
NO_ROLE = "Human, no class"
MONSTER_SHORT = "{name} {dot} L{level}"
MONSTER = "{name} (L{level}, {dice} {die_word}, {base} base)"
# No base yet (its die window is open): the table's die line says what was rolled for it;
# "no base yet" read as a missing part to a new player (played as new users, 2026-12-02).
MONSTER_NO_BASE = "{name} (L{level}, {dice} {die_word})"
BOSS = "the Boss"
DIE_WORDS = ("die", "dice")
FIGHT = "Fight"
FIGHT_WHO = "{who} against {monsters} in {room}"
FIGHT_WHAT = "**Fight** against {monsters} in {room}"
FIGHT_TOTALS = "Totals: players {side} vs monsters {monsters} (dice not counted)"
FIGHT_PLAYED = "Played: {cards}"
FIGHT_BRIBE = "Helper's share: {treasures}"
BID_ASKS = "asks {share} to help"  # an auction's bid in the log (issue 27: "bids 0 Treasures")
BID_OUT = "drops out of the bidding"


def treasures(count: int) -> str:
    return "1 Treasure" if count == 1 else f"{count} Treasures"


def share(count: int) -> str:
    """A helper's share in Treasures, "no share" for none (a bid, an auction's cap)."""
    return "no share" if count == 0 else treasures(count)


FIGHT_HELP = "Help may come from this room and {rooms} (ringed blue)"
FIGHT_HELP_HERE = "Help may come only from this room (no door or passage leads in)"
FIGHT_NO_HELP = "No help in this fight: its room or a monster forbids it"
FIGHT_ASK = "May be asked to help: {names}"
FIGHT_KEY = "Blue rooms: help can come"  # under the fight picture's bars: at most 372 px
FIGHT_KEY_NO_HELP = "No help in this fight"
FIGHT_KEY_BOSS = "Blue rooms: help at Level 10"  # the Boss: only Level 10 helpers
FIGHT_STAGES = {
    "open": "{main} decides: roll, ask for help or use a card.",
    "rolling": "{main} is rolling: last chance to play a card.",
    "after": "The dice are down: a die may still be changed.",
    "done": "The fight is over.",
}
DICE = "Dice: {faces}"
MONSTER_TURN = "Last monster turn"
MONSTER_TURN_DIE = "Monster die: {dot} {colour}."
MONSTER_PATH = "{name}: {path}{why}"
PATH_WHY = {
    "blocked": " (blocked)",
    "no_arrow": "",
    "lurks": " (lurks)",
    "gotcha": " (caught its target)",
    "slow": " (slow)",
    "fast": " (fast: one room more)",
}
OPTIONS_QUICK = "quick game"

# hand -----------------------------------------------------------------------------------------
HAND_DECIDE = "**{what}**"
DECIDE_MOVE = "Your turn: {left} of {move} Move left in {room}."
DECIDE_DEAD = "You are dead: end the turn to come back at the Entrance."
DECIDE_FIGHT = "You are fighting {monsters}: roll when the odds suit you."
DECIDE_WINDOW = "Pass, or play a card before the dice."
DECIDE_AFTER = "The dice are down: pass, or change a die."
DECIDE_DIE = "Pass, or change the die ({what})."
DECIDE_READY = "Play a race, a class or items, then press Ready."
DECIDE_PENDING = {
    # Why one would skip (played as new users): the card only costs room in the hand.
    "explore_dxm": (
        "You explored: take a Twist card for your hand, or skip it to keep your hand small"
        " (more than 5 at your turn's end are given away)."
    ),
    "summon": "Call up a monster here, or not.",
    # Why only players' colours (R51): the rolled one is nobody's or has no base left.
    "base": (
        "The monster die shows {colour}, which has no free base: pick the new monster's base"
        " from the players' colours."
    ),
    "help": "{name} asks you to help fight {monsters}, offering {terms}.",
    "snatch_pick": "Pick the item the monster snatches from {name}.",
    "lose_pick": "Pick the item you lose.",
    "terms": "Name your trade terms with {name}, or withdraw.",
    "offer": "{name} offers a trade: {terms}.",
    "ring": "{name} curses you: let your ring cancel it?",
    "ward": "A curse is coming: try your Cleric's ward?",
    "charity": "Over five cards: give the extras to the lowest level.",
    "flee_to": "You lost: pick the room you run to.",
    "flee": "Roll to get away from each monster.",
    "pack_overflow": "Your pack is over full: drop a packed item or give one away.",
    "bid": "{name} needs a helper, and the lowest ask helps: ask less than {price}, or drop out.",
    "bid_free": "{name} needs a helper and someone asks {price}: help for no share, or drop out.",
    "stop": "You called Stop: play your cards, then go on.",
    "pick_up": "Take any of the items dropped here, one at a time, then leave the rest.",
}
HAND_CARDS = "Your hand ({count}):"
HAND_EMPTY = "Your hand is empty."
HAND_CARD = "• **{name}** — {what}"
CARD_WORTH = "Worth {value} gold."  # "gain 300 gold. 300 gold." read as a typo

# controls: groups (a group of more than five becomes a select) --------------------------------
G_MAIN = ""
G_WALK = "Walk…"  # the four sides: a row of their own, so the turn's other moves stay buttons
G_BASE = "Pick the base colour…"
G_PICK = "Pick the item…"
G_GOTO = "Go to…"
GOTO = "{room} · {cost} Move"
GOTO_VIA = "through {rooms}"
GOTO_NEXT = "next door"
GOTO_HOOK = ", over a wall with the Grappling Hook"
LINK_HOOK = "wall: hook, {cost} Move"
LINK_COST = "{cost} Move"  # an open passage: only its cost ("open 1" read as a count)
LINK_KIND_COST = "{link}, {cost} Move"


def link_cost(link: str, cost: int | None) -> str:
    """What a step through a link costs: "1 Move", "door, 1 Move", "locked, 3 Move"."""
    if not cost:
        return link
    return (LINK_COST if link == LINKS[0] else LINK_KIND_COST).format(link=link, cost=cost)


G_HELP = "Ask for help…"
G_FIGHT = "Fight cards…"
G_POWER = "Powers…"
G_GIVE = "Give away…"
G_RUN = "Run to…"
G_MORE = "Items, cards, deals, trades…"
G_PLAY = "Put a card in play…"  # a "More…" holding only cards to put in play (getting ready)

LABELS = {
    "ready": "Ready",
    # Beside "Use {card} now" (the same card's one-shot use) the two say what differs
    # (played as new users: "Play Purse of Coins" and "Use Purse of Coins" read alike).
    "play": "Put {card} in play",
    "play_role": "Become {card}",
    "go": "{arrow} {dir}: {room} · {link}",
    "go_explore": "{arrow} {dir}: explore · {link}",
    "search": "Search the room (1 Move)",
    "deal": "{deal}",
    "deal_pay": "{deal}: pay {card}",
    "pick_up": "Pick up what lies here",
    "fight": "Fight {monster}",
    "arrange": "{card} to {zone}",
    "drop": "Drop {card}",
    "buy_level": "Buy a level: 1,000 gold",
    "buy_level_item": "Level: sell {card}",
    "buy_level_items": "Level: sell {cards}",
    "pick": "Take {card}",
    "pick_done": "Leave the rest",
    "heal_level": "Give up a level to heal",
    "die": "Declare yourself dead",
    "end_turn": "End turn",
    "use": "Use {card} now",
    "teleport": "{card} to {room}",
    "link_to": "{card}: {dir} side",
    "cheat": "{card} on {item}",
    "drop_role": "Drop {card}",
    "mend": "Mend: {card} + {other}",
    "pickpocket": "Pick {name}'s pocket",
    "curse": "{card} on {name}",
    "levelup": "{card}: {name} +1 level",
    "take": "Take the Twist card",
    "skip": "Skip it",
    "summon": "Call up a monster",
    "no_summon": "No monster",
    "base": "{dot} {colour} base",
    "accept": "Help {name}",
    "decline": "Decline",
    "snatch": "Snatch {card}",
    "lose": "Lose {card}",
    "trade": "Trade with {name}",
    "offer_give": "Give {give}",
    "withdraw": "Withdraw",
    "accept_trade": "Accept the trade",
    "refuse_trade": "Refuse",
    "cancel": "Cancel the curse",
    "let_it": "Let it act",
    "ward": "Try the ward (d10)",
    "no_ward": "No ward",
    "charity_give": "Give {card} to {name}",
    "charity_discard": "Discard {card}",
    "flee_to": "Run to {room}",
    "nowhere": "Nowhere to run",
    "flee": "Roll to flee {monster}",
    "focus": "Focus: discard {card}",
    "escape": "{card}: to {room}",
    "roll": "Roll the dice",
    "pass": "Pass",
    "ask": "Ask {name}: {bribe}",
    "power_warrior": "Warrior power (d10)",
    "power_wizard": "Wizard power (d10)",
    "power": "{role} power (d10)",
    "rage": "Rage: discard {card}",
    "enhance": "{card} on {monster}",
    "wander": "{card} into the fight",  # what the card does: its kind would only repeat its name
    "mate": "{card} on {monster}",
    "oneshot_us": "{card} for us",
    "oneshot_them": "{card} for the monsters",
    "shrink": "{card} on {monster}",
    "extra_die": "{card}: an extra die",
    "backstab": "Backstab {name}: {card}",
    "repel": "{card} on {monster}",
    "set_die": "{card}: die {die} to {face}",
    "set_colour": "{card}: the die to {face}",
    "auction": "Let helpers bid",
    "bid": "Bid: ask {count}",
    "no_bid": "Drop out",
    "stop": "Stop! (play a card now)",
    "go_on": "Go on",
}
OFFER_PARTS = {
    "give": "your {card}",
    "get": "their {card}",
    "pay": "you pay {gold}",
    "ask": "they pay {gold}",
}
BRIBE_TREASURES = ("no share", "1 Treasure", "2 Treasures")
BRIBE_GOLD = "{gold} gold"
BRIBE_ITEM = "my {card}"
HELP_ITEM = "{name}'s {card}"  # the share as the asked seat reads it
ZONES = {
    "pack": "pack",
    "head": "head",
    "armor": "armour",
    "feet": "feet",
    "hands": "hands",
    "worn": "worn",
    "belt": "belt",
}
UNKNOWN_ROOM = "a room"
SOME_CARD = "a card"
NOTHING = "nothing"

# the trade terms builder (bot/games/quest/trade_terms.py, issue 27.5) ---------------------------
TT_LINE = "Your offer to {name}: {terms}."
TT_HOW = "Pick what you give, what you ask for and the gold, then Send."
TT_NOTHING_YET = "nothing yet"
TT_NAME = 16  # a name inside a label: "Ask for Bob's Helmet" stays within 40 characters
TT_GIVE_NOW = "You give: {what}"
TT_GET_NOW = "From {name}: {what}"
TT_NO_ITEM = "no item"
TT_GOLD_NOW = "{what}"  # "You pay 100 gold", "No gold changes hands" ("Gold: No gold" was)
TT_GIVE_NONE = "Give no item"
TT_GIVE = "Give your {card}"
TT_GET_NONE = "No item from {name}"
TT_GET = "Ask for {name}'s {card}"
TT_NO_GOLD = "No gold changes hands"
TT_PAY = "You pay {gold} gold"
TT_ASK = "{name} pays {gold} gold"
TT_PART_GIVE = "your {card}"
TT_PART_GET = "{name}'s {card}"
TT_SEND = "Send the offer"
TT_WITHDRAW = "Withdraw"
TT_GONE = "Those terms are no longer possible: the hand shows what is."

# the help builder (bot/games/quest/help_ask.py, issue 27.5) -------------------------------------
HA_ENTRY = "Ask {name} to help…"
HA_WHO = "Ask {name}"
HA_WHO_NOW = "Asking: {name}"
HA_SHARE_NOW = "Share: {share}"
HA_OFFER = "Offer {share}"
HA_SEND = "Ask {name} to help, offering {share}"
HA_SEND_SHORT = "Ask {name}, offering {share}"
HA_SEND_NONE = "Ask {name} to help, no share"
HA_TREASURES = ("no share", "1 Treasure", "{n} Treasures")
HA_ITEM = "your {card}"
HA_LINE = "Asking {name} to help fight {monsters}, offering {share}."
HA_HOW = "Pick who you ask and the share you offer, then Send."
HA_BACK = "◀ Back"
HA_GONE = "That call for help is no longer possible: the hand shows what is."

# the charity builder (bot/games/quest/charity.py, issue 27.5) ----------------------------------
CH_OWED = "You hold {held} cards: give {owed} to {names}, the lowest level."
CH_OWED_TIED = "You hold {held} cards: give {owed} to {names}, the lowest level, shared evenly."
CH_OWED_SELF = "You hold {held} cards and are the lowest level: discard {owed}."
CH_HOW = "Choose the cards, then give them."
CH_HOW_TIED = "Choose the cards, then who gets which, then give them."
CH_HOW_SELF = "Choose the cards, then discard them."
CH_CHOOSE = ("Choose 1 card to give away", "Choose {n} cards to give away")
CH_CHOOSE_SELF = ("Choose 1 card to discard", "Choose {n} cards to discard")
CH_FOR = ("Which goes to {name}?", "Which {n} go to {name}?", "Which go to {name}?")
CH_GIVES = "Give {parts}."  # "Give Rusty Dagger and Goblin Snack to Bob, and Torch to Carol."
CH_TO = "{cards} to {name}"
CH_NOW = "Now to {name}"  # a card's line in "Which go to Bob?"
CH_DISCARDS = "Discard {cards}."
CH_GIVE = ("Give it", "Give them")
CH_DISCARD = ("Discard it", "Discard them")
CH_GONE = "Those cards cannot go that way now: the hand shows what can."
