"""The classic card schema: frozen pydantic models validated from ``data/classic/*.toml``.

Every card is one ``kind``; the kind decides its deck (# 004: Setup, step 4) and which fields
mean something. Card behaviour is built from a small closed vocabulary of effect ops
(``Effect.op``); the few cards it cannot express name a Python hook instead (``hook``).
The format is documented for card writers in ``docs/cards/format-classic.md``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.cards.loader import CardBase

Kind = Literal[
    "monster",
    "curse",
    "enhancer",
    "race",
    "class",
    "super",
    "wandering",
    "item",
    "oneshot",
    "levelup",
    "hireling",
    "cheat",
]
DOOR_KINDS = frozenset({"monster", "curse", "enhancer", "race", "class", "super", "wandering"})
ROLE_KINDS = frozenset({"race", "class"})
Slot = Literal["none", "head", "armor", "feet", "hands"]
Role = Literal["elf", "dwarf", "halfling", "warrior", "cleric", "thief", "wizard"]
# The roles a card may name (Human is having no race card, # 004: Roles).
ROLES: tuple[str, ...] = ("elf", "dwarf", "halfling", "warrior", "cleric", "thief", "wizard")

# ``bonus``: +amount to combat strength (item, one-shot, enhancer; ``role`` narrows it: a
# monster's bonus against that role). ``treasures``: extra/fewer treasures on a monster.
# ``lose_levels``, ``lose_item`` (``slot``; ``none`` is any; ``which``), ``lose_role``
# (``role_kind``), ``lose_gold``, ``discard_hand``, ``death``: Bad Stuff and curse outcomes.
# ``next_combat``: a lasting curse, ``amount`` added to the victim's strength in their next
# combat. ``run``: +amount to run-away rolls (items,
# monsters: for that monster only). ``mate``: the monster fights twice over with its
# enhancers. ``undead``: makes the monster Undead. ``gain_levels``: level-up cards.
# ``escape``: a one-shot that lets the fighter leave combat with no rewards (nonlethal).
# ``set_die``: a one-shot that turns a die its owner just rolled (flee, coins, theft) into
# ``amount``. ``next_turn``: a timing mark: the card's other effects wait, in front of the
# victim, until their next turn begins (at once if played during their own turn).
Op = Literal[
    "bonus",
    "treasures",
    "lose_levels",
    "lose_item",
    "lose_role",
    "lose_gold",
    "discard_hand",
    "death",
    "next_combat",
    "next_turn",
    "run",
    "mate",
    "undead",
    "gain_levels",
    "escape",
    "set_die",
]


class Effect(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    op: Op
    amount: int = Field(default=1, ge=-20, le=20)
    slot: Slot = "none"
    role: Role | None = None
    # ``lose_item``: who picks among the items it could take: the victim (# 004: Curses), or
    # the card itself when it names the cheapest (# 004: Conflicts: the card wins; ties among
    # the cheapest are still the victim's choice).
    which: Literal["victim", "cheapest"] = "victim"
    # ``lose_role``: the kind of role taken (a race or a class).
    role_kind: Literal["race", "class"] = "race"
    # What happens instead when the victim has nothing this effect could take (# 004: Curses:
    # some curses name an alternative, so read the card).
    otherwise: tuple[Effect, ...] = ()


class ClassicCard(CardBase):
    """One card definition. ``copies`` makes several identical cards."""

    kind: Kind
    starter: bool = False
    # Monsters (# 004: Monsters, Rewards)
    level: int = Field(default=0, ge=0, le=30)
    levels: int = Field(default=1, ge=1, le=2)
    treasures: int = Field(default=0, ge=0, le=6)
    coins: int = Field(default=0, ge=0, le=10)
    horde: Literal["undead", "dragon"] | None = None
    bad_stuff: tuple[Effect, ...] = ()
    # Items (# 004: Items)
    slot: Slot = "none"
    hands: int = Field(default=0, ge=0, le=2)
    big: bool = False
    value: int = Field(default=0, ge=0, le=2000)
    requires: Role | None = None
    forbids: Role | None = None
    # What the card does when it counts (items while equipped, one-shots when played,
    # enhancers on their monster, curses on their victim, monsters' bonuses vs roles).
    effects: tuple[Effect, ...] = ()
    # Races and classes: the power they grant (see ``engine/classic/rules/powers.py``).
    power: Role | None = None
    hook: str | None = Field(default=None, pattern=r"^[a-z_]+$")

    @model_validator(mode="after")
    def _consistent(self) -> ClassicCard:
        if self.kind == "monster" and (self.level < 1 or self.treasures < 1):
            raise ValueError("a monster needs level >= 1 and treasures >= 1")
        if self.kind != "monster" and (self.bad_stuff or self.horde):
            raise ValueError("only monsters have bad_stuff or a horde")
        if self.kind == "item" and self.slot == "hands" and self.hands == 0:
            raise ValueError("a hands item needs hands = 1 or 2")
        if self.kind != "item" and (self.slot != "none" or self.big):
            raise ValueError("only items have a slot or are big")
        if self.value % 100:
            raise ValueError("value is counted in 100-gold coins")
        if (self.kind in ROLE_KINDS) != (self.power is not None):
            raise ValueError("races and classes (and only they) name a power")
        if self.starter and self.kind not in ("race", "class", "item"):
            raise ValueError("starter cards are roles (doors) or items (treasures)")
        return self

    @property
    def is_door(self) -> bool:
        return self.kind in DOOR_KINDS

    @property
    def role(self) -> str | None:
        return self.power

    def amount_of(self, op: str, role: str | None = None) -> int:
        return sum(e.amount for e in self.effects if e.op == op and e.role == role)
