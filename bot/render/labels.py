"""Per-game wording for controls, phases and waiting lines (the general render words are in
``bot/texts.py``). Templates take ``{card}``, ``{seat}``, ``{monster}``, ``{gold}`` and the like;
a missing template falls back to the generic action label."""

from __future__ import annotations

from collections.abc import Mapping

# Classic ---------------------------------------------------------------------------------

CLASSIC_PHASES: Mapping[str, str] = {
    "listen": "getting ready",
    "kick": "at the door",
    "trouble": "after the door",
    "charity": "tidying up",
    "over": "finished",
}

# Control groups: actions in one group share a row or a select.
CLASSIC_GROUPS: Mapping[str, str] = {
    "turn": "",
    "fight": "Fight",
    "help": "Ask for help",
    "offer": "Make an offer…",
    "cards": "Play a card…",
    "gear": "Your gear…",
    "curse": "Curse someone…",
    "trade": "Trade…",
    "charity": "Hand a card on…",
    "pick": "Choose a card…",
    "steal": "Steal an item…",
}

CLASSIC_CONTROLS: Mapping[str, tuple[str, str]] = {
    # kind: (group, label template)
    "listen": ("turn", "Listen: take a {pile} card"),
    "kick": ("turn", "Kick open the door"),
    "loot": ("turn", "Loot the room"),
    "loot_coins": ("turn", "Search for coins"),
    "trouble": ("cards", "Pick a fight with {card}"),
    "end_turn": ("turn", "End turn"),
    "charity_give": ("charity", "Give {card} to {seat}"),
    "charity_discard": ("charity", "Discard {card}"),
    "pass": ("turn", "Pass"),
    "oneshot": ("cards", "Use {card} on {side}"),
    "enhance": ("cards", "Boost {monster} with {card}"),
    "wander": ("cards", "Send in a wandering monster ({card})"),
    "horde": ("cards", "Join the fight: {card}"),
    "berserk": ("fight", "Go wild: throw away {card} (+2)"),
    "turn_undead": ("fight", "Drive off {monster} (300 gold)"),
    "ask": ("help", "Ask {seat} for help"),
    "propose": ("offer", "Offer {share} treasure(s), {first}, {gold} gold"),
    "accept": ("turn", "Accept"),
    "decline": ("turn", "Refuse"),
    "levelup": ("cards", "Play {card} on {seat}"),
    "curse": ("curse", "Curse {seat} with {card}"),
    "hire": ("cards", "Hire {card}"),
    "drop_role": ("gear", "Give up {card}"),
    "play": ("cards", "Put {card} on the table"),
    "cheat": ("gear", "Cheat: {card} on {item}"),
    "attach": ("gear", "Pair {card} with {item}"),
    "sell": ("gear", "Sell {card}"),
    "unequip": ("gear", "Take off {card}"),
    "equip": ("gear", "Put on {card}"),
    "buy_level": ("turn", "Buy a level (1000 gold)"),
    "steal": ("steal", "Steal {card} from {seat}"),
    "take_it": ("turn", "Keep the roll"),
    "set_die": ("cards", "Change the die with {card}"),
    "deal": ("trade", "Open a deal with {seat}"),
    "cancel": ("turn", "Call the deal off"),
    "give_gold": ("trade", "Give 100 gold to {seat}"),
    "offer": ("trade", "Swap {card} for {item}"),
    "flee": ("fight", "Run from {card}"),
    "pick": ("pick", "Take {card}"),
    "lose": ("pick", "Lose {card}"),
    "loot_body": ("pick", "Loot {card}"),
}

CLASSIC_PILES: Mapping[str, str] = {"door": "door", "treasure": "treasure"}
CLASSIC_HELPER_FIRST = ("you pick first", "they pick first")
CLASSIC_NOTHING = "nothing"
CLASSIC_PLAYERS_SIDE = "the players"

CLASSIC_PENDING: Mapping[str, str] = {
    "help": "{seat} to answer a call for help",
    "offer": "{seat} to make an offer for help",
    "deal": "{seat} to make a trade offer",
    "trade": "{seat} to answer a trade offer",
    "die": "{seat} to keep or change a die roll",
    "flee": "{seat} to pick which monster to run from",
    "pick": "{seat} to pick a treasure",
    "lose": "{seat} to pick what to lose",
    "loot": "{seat} to loot the fallen",
}
CLASSIC_WAITING_TURN = "{seat} to play ({phase})"
CLASSIC_WAITING_WINDOW = "answers to the fight (still to pass: {seats})"

# Duel ------------------------------------------------------------------------------------

DUEL_PHASES: Mapping[str, str] = {
    "mulligan": "choosing opening hands",
    "first": "choosing who starts",
    "main": "main phase",
    "reply": "reply",
    "fight": "fight",
    "over": "finished",
}

DUEL_GROUPS: Mapping[str, str] = {
    "turn": "",
    "fight": "Start a fight…",
    "cards": "Put a card into play…",
    "mischief": "Play mischief…",
    "abilities": "Use an ability…",
    "defend": "Defend with…",
    "pick": "Choose…",
}

DUEL_CONTROLS: Mapping[str, tuple[str, str]] = {
    "keep": ("turn", "Keep this hand"),
    "mulligan": ("turn", "Draw a new hand"),
    "first": ("turn", "{who} go first"),
    "pass": ("turn", "Pass"),
    "done": ("turn", "End turn"),
    "face": ("turn", "Face the fight"),
    "run": ("turn", "Run away"),
    "ready": ("turn", "Ready: reveal it"),
    "loot": ("cards", "Equip {card}"),
    "location": ("cards", "Settle in {card}"),
    "ally": ("cards", "Hire {card} as an ally"),
    "squish": ("cards", "Squish your {card}"),
    "fight": ("fight", "Fight with {card} and {gold} gold"),
    "smack": ("abilities", "{card} smacks {target}"),
    "play": ("mischief", "Play {card}{on}{blood}"),
    "activate": ("abilities", "Use {card}{on}"),
    "flaunt": ("abilities", "Flaunt {card}{on}"),
    "commit": ("defend", "Send in {card}"),
    "allot": ("pick", "Give the loot to {card}"),
    "order": ("pick", "Resolve option {code} first"),
    "recycle": ("pick", "{recycle}"),
    "target": ("pick", "Target {card}"),
    "bottom": ("pick", "Put {card} at the bottom"),
}
DUEL_FIRST = ("I", "You")
DUEL_RECYCLE = ("Keep the discard", "Shuffle the discard back in")
DUEL_ON = " on {target}"
DUEL_BLOOD = " (give blood)"
DUEL_WAITING = "{seat} to play ({phase})"
DUEL_WAITING_WINDOW = "answers (still to pass: {seats})"

# Card families as a tile's band reads them.
CARD_KINDS: Mapping[str, str] = {
    "monster": "Monster",
    "curse": "Curse",
    "enhancer": "Enhancer",
    "race": "Race",
    "class": "Class",
    "super": "Overachiever",
    "wandering": "Wanderer",
    "item": "Item",
    "oneshot": "One-shot",
    "levelup": "Level up",
    "hireling": "Hireling",
    "cheat": "Cheat",
    "hero": "Hero",
    "ally": "Ally",
    "loot": "Loot",
    "location": "Location",
    "mischief": "Mischief",
}
SLOTS: Mapping[str, str] = {
    "head": "head",
    "armor": "body",
    "feet": "feet",
    "hands": "hands",
    "none": "",
}
