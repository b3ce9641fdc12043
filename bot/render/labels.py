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

CLASSIC_CONTROLS: Mapping[str, tuple[str, str]] = {
    # kind: (group, label template)
    "listen": ("turn", "Listen: a {pile} card"),
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
    "horde": ("cards", "Add {card} to the fight"),
    "berserk": ("fight", "Go wild: throw away {card} (+2)"),
    "turn_undead": ("fight", "Drive off {monster} (300 gold)"),
    "ask": ("help", "Ask {seat} for help"),
    "propose": ("offer", "Offer {terms}"),
    "offer_item": ("offer", "Hand over {card} at once"),
    "promise_item": ("offer", "Promise {card} for a win"),
    "promise_card": ("offer", "Promise to play {card} on them for a win"),
    "promise_gold": ("offer", "Promise {gold} gold for a win"),
    "accept": ("turn", "Accept"),
    "decline": ("turn", "Refuse"),
    "counter": ("turn", "Answer with other terms"),
    "demand": ("demand", "Ask {terms}"),
    "demand_item": ("demand", "Ask for {card} at once"),
    "demand_win_item": ("demand", "Ask for {card} on a win"),
    "demand_win_gold": ("demand", "Ask for {gold} gold on a win"),
    "levelup": ("cards", "Play {card} on {seat}"),
    "curse": ("curse", "Curse {seat} with {card}"),
    "hire": ("cards", "Hire {card}"),
    "drop_role": ("gear", "Give up {card}"),
    "play": ("cards", "Put {card} on the table"),
    "keep": ("turn", "Keep the rest in hand"),
    "shed": ("gear", "Let {card} go to the lowest player"),
    "arm_hireling": ("gear", "Have {hireling} carry {card}"),
    "cheat": ("gear", "Cheat: {card} on {item}"),
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

CLASSIC_PILES: Mapping[str, str] = {"door": "door", "treasure": "treasure"}
CLASSIC_HELPER_FIRST = ("you pick first", "they pick first")
# The same choice from the asked player's side (``demand``: 1 = the helper picks first).
CLASSIC_DEMAND_FIRST = ("they pick first", "you pick first")
CLASSIC_NOTHING = "nothing"
# Open trade offers in a hand: those made to this seat and those it made (# 004: Items
# (Trading)); they lapse when the turn ends.
CLASSIC_OFFER_TO_YOU = "{seat} offers you {card} for your {item}."
CLASSIC_GIFT_TO_YOU = "{seat} offers you {card} as a gift."
CLASSIC_OFFER_BY_YOU = "You offered {seat} your {card} for their {item}: no answer yet."
CLASSIC_GIFT_BY_YOU = "You offered {seat} your {card} as a gift: no answer yet."
CLASSIC_SALE_TO_YOU = "{seat} offers you {card} for {gold} gold."
CLASSIC_SALE_BY_YOU = "You offered {seat} your {card} for {gold} gold: no answer yet."
# Coins added to an item swap or a gift, after its line (# 004: coins may be part of a trade).
CLASSIC_OFFER_GOLD_TO_YOU = " They add {gold} gold."
CLASSIC_OFFER_GOLD_BY_YOU = " You add {gold} gold."
CLASSIC_OFFER_PAY_TO_YOU = " You would pay {gold} gold too."
CLASSIC_OFFER_PAY_BY_YOU = " They would pay you {gold} gold too."
# The terms of a help bargain in a button: the treasure split, who picks first, gold at once.
CLASSIC_SHARE = ("no treasure", "1 treasure", "{share} treasures")
CLASSIC_SHARE_GOLD = "{gold} gold now"
CLASSIC_SHARE_NO_GOLD = "no gold"
CLASSIC_TERMS_SHARE = "{treasures} for {helper}"
# A lasting curse's penalty, shown beside its name on the table.
CLASSIC_NEXT_FIGHT = "{amount:+d} next fight"
# The hand and the waiting line in the tidy-up phase with too many cards (# 004: Charity).
CLASSIC_CHARITY_HAND = (
    "You hold {count} cards and may keep {limit}: give the extra ones to the lowest-level "
    "player (or discard them when you are the lowest) to end your turn."
)
CLASSIC_CHARITY_WAITING = "{seat} to hand on extra cards"
CLASSIC_DOOR_DISCARD = "Door discard: {card}"
CLASSIC_TREASURE_DISCARD = "Treasure discard: {card}"
# The fight in a hand, so the numbers are in front of whoever decides (# 004: Combat).
CLASSIC_HAND_FIGHT = "**Fight:** {side} against {monsters}. {verdict}"
CLASSIC_HAND_MONSTER = "{name} (strength {strength})"
CLASSIC_PLAYERS_SIDE = "the players"

CLASSIC_PENDING: Mapping[str, str] = {
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
CLASSIC_WAITING_TURN = "{seat} to play"
CLASSIC_WAITING_WINDOW = "answers to the fight (still to pass: {seats})"

# Duel ------------------------------------------------------------------------------------

DUEL_PHASES: Mapping[str, str] = {
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
    "ready": ("turn", "Ready: reveal the attacking card"),
    "loot": ("cards", "Equip {card}"),
    "location": ("cards", "Settle in {card}"),
    "ally": ("cards", "Hire {card} as an ally"),
    "squish": ("cards", "Squish your {card}"),
    "fight": ("fight", "Attack with {card} face down + {gold} gold"),
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
DUEL_FIRST = ("I", "You")
DUEL_RECYCLE = ("Keep the discard", "Shuffle the discard back in")
DUEL_ON = " on {target}"
DUEL_BLOOD = " (give blood)"
DUEL_WAITING = "{seat} to play"
DUEL_CARDS = ("{count} card", "{count} cards")
# A card's numbers in a hand, spelled out (the table and tiles keep the short 5/6 form).
DUEL_HAND_BODY = "power {power}, life {life}"
DUEL_HAND_HIRE = "hire {cost} gold"
DUEL_HAND_COST = "costs {cost} gold"
# Before the first turn nobody's turn has begun: the table says what is being settled.
DUEL_SETUP_PHASES = frozenset({"mulligan", "first"})
DUEL_SETUP = "Getting ready: {phase}."
# The fight's step (# 000 III.A.2.f), in words, with who acts in it.
DUEL_STEPS: Mapping[str, str] = {
    "run": "{defender} chooses: face the fight or run away.",
    "ready": "{defender} may send in weapons and allies, then reveals the attacking card.",
    "cost": "The card is shown: both may answer before it is hired.",
    "hire": "The hired monster's abilities go off.",
    "split": "{defender} shares the damage out among the allies sent in.",
    "end": "The fight is ending.",
    "ended": "The fight is over.",
}
# What the defender's (or attacker's) own hand says during a fight step.
DUEL_HAND_STEPS: Mapping[str, str] = {
    "run": (
        "{attacker} attacks you with a face-down card and {gold} gold. Face the fight, or run "
        'away (the table\'s "Next escape" line says what running costs you).'
    ),
    "ready": (
        "You face the fight. Send in weapons or allies you have in play if you like, then "
        "press Ready to reveal the attacking card."
    ),
    "split": "Choose which of your allies takes each point of damage.",
}
DUEL_WAITING_WINDOW = "answers (still to pass: {seats})"

# Card families as a tile's band reads them.
CARD_KINDS: Mapping[str, str] = {
    "monster": "Monster",
    "curse": "Curse",
    "enhancer": "Enhancer",
    "race": "Race",
    "class": "Class",
    "super": "Second role",
    "wandering": "Wandering monster",
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

# Running log lines. Cards are named only where the event's public data names them and the
# card stays in the open; a card that goes on to a hand is not named (see bot/render/leaks.py).
CLASSIC_EVENTS: Mapping[str, str] = {
    "turn": "— {seat}'s turn —",
    "kicked": "{seat} kicks open the door: {card}.",
    "kicked_hand": "{seat} kicks open the door and pockets what was behind it.",
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

SOME_CARD = "a card"
# Lines for events whose public part names no card: said without "A card ..." when the
# event itself tells what the card is (the hired one is the attacker's monster).
DUEL_EVENTS_UNNAMED: Mapping[str, str] = {
    "hired": "The attacking monster is hired for {paid} gold.",
    "committed": "{seat} sends a card in to defend.",
}
DUEL_EVENTS: Mapping[str, str] = {
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
    "rolled": "Dice decide who chooses the first player.",
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

# What a seat's own hand says when a decision is waiting on it.
CLASSIC_HAND_PENDING: Mapping[str, str] = {
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
