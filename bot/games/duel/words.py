"""Duel's words: the table and hand lines, control labels, phases, fight steps and the running
log. Templates take ``{card}``, ``{seat}``, ``{gold}`` and the like; a missing control template
falls back to the generic action label (``bot/words/play_texts.py``)."""

from __future__ import annotations

from collections.abc import Mapping

TITLE = "Duel (2 players)"

SEAT_LINE = "Level {level} · {gold} gold · {cards} in hand"  # the deck's size: seat details
DECK_LEFT = "{deck} in deck"
HERO = "Hero: {hero} ({damage}/{life} damage)"
HOARD = "In play: {cards}"
STASH = "Stash: {parts}"
STASH_UP = "{cards} face up"
STASH_DOWN = "{count} face down"
DISCARD = "Discard: {count} (top: {top})"
RUN = "Next escape: {how}"
RUN_WORDS = {"run": "run away", "limp": "limp away (2 damage)"}
BLEEDING = "Bleeds {amount} at the next reckoning"
SHIELD = "Shielded from the next {amount} damage"
REMOVED = "Gone from the game"
ATTACK_HIDDEN = "{name} attacks with a face-down card and {gold} gold."
ATTACK_SHOWN = "{name} attacks with {card} (power {power}, life {life}) and {gold} gold."
DEFENDERS = "{name} defends with: {cards}"
NO_DEFENDERS = "{name} has sent nobody in yet."
STEP = "Step: {step}"
BAR_ATTACK = "Attacker"
BAR_DEFENCE = "Defender"
HAND = "Your cards ({count})"
HAND_EMPTY = "Your hand is empty."
YOUR_ATTACK = "Your face-down card: {card} (only you know)"
HIDDEN_TILE = "A face-down card"
HIDDEN_NOTE = "+ {gold} gold"
STACK_LINE = "{seat}: {card}{target}"
STACK_TARGET = " → {target}"
HIDDEN_TARGET = "a face-down card"
VERDICT_HIDDEN = "A face-down card and {gold} gold"
VERDICT_SHOWN = "{card} and {gold} gold"
HIRE_COST = "hire cost {cost}"

PHASES: Mapping[str, str] = {
    "mulligan": "choosing opening hands",
    "first": "choosing who starts",
    "warmup": "start of the turn",
    "main": "main phase",
    "reply": "last answers before the turn ends",
    "cooldown": "end of the turn",
    "level": "levelling up",
    "fight": "fight",
    "over": "finished",
}

GROUPS: Mapping[str, str] = {
    "turn": "",
    "fight": "Start a fight…",
    "cards": "Put a card into play…",
    "mischief": "Play mischief…",
    "abilities": "Use an ability…",
    "defend": "Defend with…",
    "pick": "Choose…",
    # Squishing your own card (to make room under the rank limit) is a rare move: one select,
    # never a wall of buttons (four "Squish your …" filled a phone's first screen late on).
    "squish": "Squish a card of yours…",
}

CONTROLS: Mapping[str, tuple[str, str]] = {
    "keep": ("turn", "Keep this hand"),
    "mulligan": ("turn", "Draw a new hand"),
    "first": ("turn", "{who}"),
    "pass": ("turn", "Pass"),
    "done": ("turn", "End turn"),
    "face": ("turn", "Face the fight"),
    "run": ("turn", "Run away"),
    "ready": ("turn", "Ready: reveal the attacking card"),
    "loot": ("cards", "Equip {card}"),
    "location": ("cards", "Settle in {card}"),
    "ally": ("cards", "Hire {card} as an ally"),
    "squish": ("squish", "Squish your {card}"),
    # What tells one fight from another leads: a select's option is cut at 40 characters on a
    # phone, and "Attack with <card> face down + ..." lost the gold of every long name.
    "fight": ("fight", "Fight, {gold} gold: {card}"),
    "smack": ("abilities", "{card} smacks {target}"),
    "play": ("mischief", "Play {card}{on}{blood}"),
    "activate": ("abilities", "Use {card}{on}"),
    "flaunt": ("abilities", "Flaunt {card}{on}"),
    "commit": ("defend", "Send in {card}"),
    "allot": ("pick", "Put a damage token on {card}"),
    "order": ("pick", "Resolve option {code} first"),
    "recycle": ("pick", "{recycle}"),
    "target": ("pick", "Target {card}"),
    "bottom": ("pick", "Put {card} at the bottom"),
}

FIRST_ME = "I go first"
FIGHT_FACE_DOWN = "Face down"
FIRST_OTHER = "{name} goes first"
RECYCLE = ("Keep the discard", "Shuffle the discard back in")
ON = " on {target}"
BLOOD = " (give blood)"
WAITING = "{seat} to play"
CARDS = ("{count} card", "{count} cards")

# A card's numbers in a hand, spelled out (the table and tiles keep the short 5/6 form).
HAND_BODY = "power {power}, life {life}"
HAND_HIRE = "hire {cost} gold"
HAND_COST = "costs {cost} gold"
HAND_DEFENSE = "defense {defense}"
HAND_RANK = "rank {rank}"
HERO_YOURS = "your Hero"
HERO_OF = "{name}'s Hero"

# Before the first turn nobody's turn has begun: the table says what is being settled.
SETUP_PHASES = frozenset({"mulligan", "first"})
SETUP = "Getting ready: {phase}."

# The fight's step (# 000 III.A.2.f), in words, with who acts in it.
STEPS: Mapping[str, str] = {
    "run": "{defender} chooses: face the fight or run away.",
    "ready": "{defender} may send in weapons and allies, then reveals the attacking card.",
    "cost": "The card is shown: both may answer before it is hired.",
    "hire": "The hired monster's abilities go off.",
    "split": "{defender} shares the damage out among the allies sent in.",
    "end": "The fight is ending.",
    "ended": "The fight is over.",
}

# The cost step's price beside the gold committed (# 000 III.A.2.f.(I).(B).2: less gold than
# the price is cheating), so nobody has to add it up from the card and the fight's changes.
PRICE = "Hire price {cost} gold, {gold} gold committed."
PRICE_SHORT = (
    "Hire price {cost} gold, {gold} gold committed: {attacker} is caught cheating unless it drops."
)
# Under a fight option whose Monster costs more than the gold it takes (a bluff, or a bet on
# a price cut): said before it is chosen, not found out at the reveal.
FIGHT_SHORT = "{short} gold short"

# What the defender's (or attacker's) own hand says during a fight step.
HAND_STEPS: Mapping[str, str] = {
    "run": (
        "{attacker} attacks you with a face-down card and {gold} gold. Face the fight, or {how}."
    ),
    "ready": (
        "You face the fight. Send in weapons or allies you have in play if you like, then "
        "press Ready to reveal the attacking card."
    ),
    "split": "Choose which of your allies takes each point of damage.",
}
# What running costs the defender now (# 000 III.A.2.f.(II), III.A.1.a Flip), said where the
# choice is made: it used to send the eye to "Next escape" at the hand's bottom.
HAND_RUN_COST: Mapping[str, str] = {
    "run": "run away (free now; another run before your next turn costs your Hero 2 damage)",
    "limp": "limp away (you ran already: it costs your Hero 2 damage)",
}
# The opening hand (# 000 II.B.8.a) and the roll's winner's choice (II.B.9), said above the
# buttons: "It is your move: choose below." said nothing of what was being chosen.
HAND_MULLIGAN = (
    "Your opening hand: keep it, or shuffle it back and draw 6 new cards (once; you keep "
    "the new hand)."
)
HAND_FIRST = (
    "You won the roll: choose who goes first. The first player starts with 1 gold, the "
    "other with 2."
)
# The "ready" step for a defender with nothing in play to send in.
HAND_READY_ALONE = "You face the fight. Press Ready to reveal the attacking card."

# Who is still to answer is on their seat lines ("to act") and who passed on the Passed ✓
# line: the window's line stays one line at 400 px (issue 27.6).
WAITING_WINDOW = "answers"

# Card families as a tile's band reads them.
CARD_KINDS: Mapping[str, str] = {
    "monster": "Monster",
    "hero": "Hero",
    "ally": "Ally",
    "loot": "Loot",
    "location": "Location",
    "mischief": "Mischief",
}

SOME_CARD = "a card"

# Lines for events whose public part names no card: said without "A card ..." when the
# event itself tells what the card is (the hired one is the attacker's monster).
EVENTS_UNNAMED: Mapping[str, str] = {
    "hired": "The attacking monster is hired for {paid} gold.",
    "committed": "{seat} sends a card in to defend.",
}

EVENTS: Mapping[str, str] = {
    "turn": "— {seat}'s turn {turn} —",
    "played": "{seat} plays {card}.",
    "squished": "{card} is squished.",
    "flaunted": "{seat} flaunts {card}.",
    "fight_started": "{seat} attacks with a face-down card and {gold} gold.",
    "revealed_commit": "The face-down card is {card}.",
    "committed": "{seat} sends in {card}.",
    "hired": "{card} is hired for {paid} gold.",
    "caught_cheating": "{seat} was caught cheating!",
    "ran_away": "{seat} runs away.",
    "limped_away": "{seat} limps away (2 damage).",
    "damage": "{card} takes {amount} damage.",
    "healed": "{card} heals {amount}.",
    "fight_ended": "The fight is over.",
    "drew": "{seat} draws {cards}.",
    "gold": "{seat} gains {amount} gold.",
    "eliminated": "{seat} is out!",
    "first_player": "{seat} goes first.",
    "stole": "{seat} takes {amount} gold from {from}.",
    "gave": "{seat} gives {amount} gold to {to}.",
    "bottomed": "{seat} puts a card at the bottom of the deck.",
    "cooldown": "{seat} ends the turn at level {level} with {purse} gold.",
    "regenerated": "A monster crawls back into a stash, face down.",
    "stuck": "{card} sticks to {on}.",
    "curse_falls": "{card} falls off.",
    "canceled": "{card} is cancelled.",
    "unstashed": "{seat} takes {cards} back from the stash.",
    "encore": "Encore: the card goes back to its owner's stash, face down.",
    "revealed": "{seat} shows a card.",
    "spilled": "{seat} spills {card} from the deck.",
    "resolving": "{card} resolves.",
    "stacked": "Both players may answer {seat}'s card.",
    "control": "{seat} takes control of {card}.",
    "alternate_win": "{seat} wins by {card}!",
    "mulligan": "{seat} draws a new opening hand.",
    "kept": "{seat} keeps the opening hand.",
    "rolled": "Dice decide who chooses the first player.",  # rolls unreadable: see ROLLED
    "fight_cost": "The price to hire changes by {amount}.",
    "fight_power": "The Monster's power in this fight changes by {amount}.",
    "fight_defense": "The defender's defense in this fight changes by {amount}.",
    "bled": "{seat} bleeds {amount}.",
    "bleeding": "{seat} is bleeding ({amount}).",
    "fizzled": "{card} fizzles.",
    "prevent": "{amount} damage to {seat} is prevented.",
    "removed": "{card} is removed from the game for good.",
    "gold_back": "{seat} takes back {amount} gold that paid for nothing.",
}

# The roll for the first player (# 000 II.B.9): the dice and who won, said, where "Dice
# decide who chooses the first player." twice hid a tie and the winner.
ROLLED = "{first} rolls {a}, {second} rolls {b}: {winner} chooses who goes first."
ROLLED_TIE = "{first} and {second} both roll {a}: they roll again."

# The lobby's deck pick (bot/games/duel/lobby.py).
BUTTON_PICK_DECK = "Pick deck"
LOBBY_DECKS = "Decks: {picks}"
LOBBY_NO_DECK = "not picked yet"
LOBBY_DECK_HINT = "Pick deck to choose; no pick plays your /deck use choice or a ready-made deck."
DECK_PICK = "Pick your deck for lobby #{match}."
DECK_PLACEHOLDER = "Your deck…"
DECK_PICKED = "You take {choice} into this match."
DECK_PRECON = "ready-made"
CLASS_NAMES: Mapping[str, str] = {
    "neutral": "Neutral",
    "warrior": "Warrior",
    "cleric": "Cleric",
    "thief": "Thief",
    "wizard": "Wizard",
    "bard": "Bard",
    "ranger": "Ranger",
    "wanderer": "Wanderer",
}
DECK_OWN = "yours"
DECK_UNKNOWN = "That deck isn't available any more; pick another."
