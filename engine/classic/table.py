"""The card table: every card instance of a match, its definition, and the zone moves and
derived numbers (strength, slots, powers) that every rule module needs."""

from __future__ import annotations

from engine.classic.cards import ClassicCard
from engine.classic.state import ClassicState, Combat
from engine.core import Event

WIN_LEVEL = 10
HAND_LIMIT = 5
LEVEL_PRICE = 1000
COIN = 100
ESCAPE_ROLL = 5
# What travels with an item (# 004: Attached): its Cheat, and a hireling's carried item.
Attached = tuple[int | None, int | None]  # None: nothing there (card 0 is a card)
NOTHING_ATTACHED: Attached = (None, None)


class Table:
    """Card instance ids ``0..n-1`` map to definitions (``copies`` expands). Immutable."""

    def __init__(self, cards: list[ClassicCard]) -> None:
        self.defs: list[ClassicCard] = []
        for card in cards:
            self.defs.extend([card] * card.copies)
        self.kind = [c.kind for c in self.defs]
        self.is_door = [c.is_door for c in self.defs]
        self.bonus = [c.amount_of("bonus") for c in self.defs]
        self.run = [c.amount_of("run") for c in self.defs]
        self.by_id = {c.id: i for i, c in reversed(list(enumerate(self.defs)))}

    def __len__(self) -> int:
        return len(self.defs)

    # ----- zones -------------------------------------------------------------------------
    def discard(self, s: ClassicState, card: int) -> None:
        (s.door_discard if self.is_door[card] else s.treasure_discard).append(card)

    def draw(self, s: ClassicState, door: bool) -> int | None:
        """The top card of a deck, reshuffling its discards the moment it runs out
        (# 004: Card Management); None when both are empty."""
        deck = s.door if door else s.treasure
        self._refill(s, door)  # discards made while the deck was already empty
        card = deck.pop() if deck else None
        self._refill(s, door)  # the last card just went: the discards become the deck
        return card

    def _refill(self, s: ClassicState, door: bool) -> None:
        deck = s.door if door else s.treasure
        if not deck:
            pile = s.door_discard if door else s.treasure_discard
            deck.extend(pile)
            pile.clear()
            s.rng.shuffle(deck)

    def lose_item(self, s: ClassicState, seat: int, card: int) -> None:
        self.discard(s, card)
        for attached in self.take_item(s, seat, card):
            if attached is not None:
                self.discard(s, attached)

    def take_item(self, s: ClassicState, seat: int, card: int) -> Attached:
        """Take an item off a seat's table with what is attached to it: its Cheat, and for a
        hireling the item it carries; they travel with it (# 004: Card Management, Attached).
        An item taken from a hireling's hands just leaves the hireling."""
        s.items[seat].remove(card)
        if card in s.equipped[seat]:
            s.equipped[seat].remove(card)
        cheat: int | None = None
        carried: int | None = None
        pairs = s.cheats[seat]
        for i in range(1, len(pairs), 2):
            if pairs[i] == card:
                cheat = pairs[i - 1]
                del pairs[i - 1 : i + 1]
                break
        hired = s.hired[seat]
        for i in range(0, len(hired), 2):
            if card in hired[i : i + 2]:
                if hired[i + 1] == card:
                    carried = hired[i]
                    s.items[seat].remove(carried)
                    if carried in s.equipped[seat]:
                        s.equipped[seat].remove(carried)
                del hired[i : i + 2]
                break
        return cheat, carried

    def take_card(self, s: ClassicState, seat: int, card: int) -> None:
        """A card played from the hand or from the table (one-shots may come from either)."""
        if card in s.hands[seat]:
            s.hands[seat].remove(card)
            return
        for attached in self.take_item(s, seat, card):
            if attached is not None:
                self.discard(s, attached)

    def put_item(self, s: ClassicState, seat: int, card: int, attached: Attached) -> None:
        s.items[seat].append(card)
        cheat, carried = attached
        if cheat is not None:
            s.cheats[seat].extend((cheat, card))
        if carried is not None:
            s.items[seat].append(carried)
            s.equipped[seat].append(carried)
            s.hired[seat].extend((carried, card))

    def carried_by_hireling(self, s: ClassicState, seat: int, card: int) -> bool:
        return card in s.hired[seat][0::2]

    def cheated(self, s: ClassicState, seat: int, card: int) -> bool:
        return card in s.cheats[seat][1::2]

    # ----- powers and items --------------------------------------------------------------
    def has_power(self, s: ClassicState, seat: int, power: str) -> bool:
        return any(self.defs[r].power == power for r in s.roles[seat])

    def role_room(self, s: ClassicState, seat: int, kind: str) -> bool:
        """One race and one class, more with Super Munchkin (# 004: Roles, Super Munchkin)."""
        count, supers = self.roles_of_type(s, seat, kind)
        return count <= supers

    def roles_of_type(self, s: ClassicState, seat: int, kind: str) -> tuple[int, int]:
        """(roles of this type, Overachiever cards attached to them) (# 004: Super Munchkin)."""
        count = supers = 0
        current = ""
        for r in s.roles[seat]:
            k = self.kind[r]
            if k == "super":
                supers += current == kind
            else:
                current = k
                count += k == kind
        return count, supers

    def super_shielded(self, s: ClassicState, seat: int, power: str) -> bool:
        """# 004: Super Munchkin: a lone role of its type with an Overachiever attached keeps
        its advantages but none of its drawbacks (forbidden items, monsters' bonuses)."""
        roles = s.roles[seat]
        for i, r in enumerate(roles):
            if self.defs[r].power == power:
                kind = self.kind[r]
                count, _ = self.roles_of_type(s, seat, kind)
                attached = i + 1 < len(roles) and self.kind[roles[i + 1]] == "super"
                if count == 1 and attached:
                    return True
        return False

    def usable(self, s: ClassicState, seat: int, card: int) -> bool:
        d = self.defs[card]
        if d.requires is not None and not self.has_power(s, seat, d.requires):
            return False
        if d.forbids is None or not self.has_power(s, seat, d.forbids):
            return True
        return self.super_shielded(s, seat, d.forbids)

    def can_equip(self, s: ClassicState, seat: int, card: int) -> bool:
        """One headgear, armor, footgear, two hands' worth (# 004: Items)."""
        d = self.defs[card]
        if self.kind[card] != "item" or card in s.equipped[seat]:
            return False
        if self.cheated(s, seat, card):  # a Cheat ignores slots and restrictions
            return True
        if not self.usable(s, seat, card):
            return False
        if d.slot == "none":
            return True
        worn = [
            e
            for e in s.equipped[seat]
            if not self.cheated(s, seat, e) and not self.carried_by_hireling(s, seat, e)
        ]
        if d.slot == "hands":
            used = sum(self.defs[e].hands for e in worn)
            return used + d.hands <= 2
        return all(self.defs[e].slot != d.slot for e in worn)

    def max_big(self, s: ClassicState, seat: int) -> int:
        return 99 if self.has_power(s, seat, "dwarf") else 1

    def lifts_big_limit(self, card: int) -> bool:
        """A role card whose power allows more than one Big item (see ``max_big``)."""
        return self.defs[card].power == "dwarf"

    def big_count(self, s: ClassicState, seat: int) -> int:
        return sum(1 for i in s.items[seat] if self.defs[i].big)

    # ----- combat strength (# 004: Combat) ------------------------------------------------
    def player_strength(self, s: ClassicState, seat: int, c: Combat | None) -> int:
        total = s.levels[seat]
        for card in s.equipped[seat]:
            if self.usable(s, seat, card) or self.cheated(s, seat, card):
                total += self.bonus[card]
        for card in s.items[seat]:
            if self.kind[card] == "hireling":
                total += self.bonus[card]
        for card in s.curses[seat]:
            total += self.defs[card].amount_of("next_combat")
        if c is not None and any(c.undead) and self.has_power(s, seat, "cleric"):
            total += 3
        return total

    def monster_strength(self, s: ClassicState, c: Combat, i: int) -> int:
        d = self.defs[c.monsters[i]]
        total = d.level + c.mods[i]
        for e in d.effects:
            if (
                e.op == "bonus"
                and e.role is not None
                and any(
                    self.has_power(s, p, e.role) and not self.super_shielded(s, p, e.role)
                    for p in c.side
                )
            ):
                total += e.amount
        return total * (1 + c.mates[i])

    def side_strength(self, s: ClassicState, c: Combat) -> int:
        total = self.player_strength(s, c.fighter, c) + c.side_mod
        if c.helper is not None:
            total += self.player_strength(s, c.helper, c)
        return total

    def monsters_strength(self, s: ClassicState, c: Combat) -> int:
        return sum(self.monster_strength(s, c, i) for i in range(len(c.monsters)))

    def players_winning(self, s: ClassicState, c: Combat) -> bool:
        """Monsters win ties, except against a Warrior on the players' side."""
        mine, theirs = self.side_strength(s, c), self.monsters_strength(s, c)
        if mine != theirs:
            return mine > theirs
        return any(self.has_power(s, p, "warrior") for p in c.side)

    def run_bonus(self, s: ClassicState, seat: int, monster: int) -> int:
        bonus = self.run[monster]
        bonus += sum(1 for p in ("elf", "wizard") if self.has_power(s, seat, p))
        bonus += sum(
            self.run[e]
            for e in s.equipped[seat]
            if self.usable(s, seat, e) or self.cheated(s, seat, e)
        )
        return bonus


def secret_draw(seat: int, card: int, source: str) -> Event:
    """A face-down draw: everyone learns that it happened, only the drawer learns the card."""
    return Event("drew", {"seat": seat, "from": source}, {"card": card}, frozenset({seat}))
