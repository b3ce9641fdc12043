"""Card, room and link definitions of ``quest``, validated by pydantic (unknown fields are
errors: a typo in ``data/quest`` is refused with the file, the entry and the field)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.cards.loader import CardBase

ROLES = ("warrior", "wizard", "cleric", "thief", "elf", "dwarf", "halfling", "everyone")
Role = Literal["warrior", "wizard", "cleric", "thief", "elf", "dwarf", "halfling", "everyone"]
Dir = Literal["N", "E", "S", "W", "-"]


class Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RoomRule(Strict):
    """A room's rule (SPEC 3.16 room ops)."""

    op: Literal[
        "sunlight",
        "item_bonus",
        "monster_bonus",
        "monster_dice",
        "power_mod",
        "no_help",
        "leave_cost",
        "odd_dice",
        "on_enter_hit",
        "on_enter_roll",
        "kill_treasure",
        "no_monster_entry",
        "no_curse",
        "face_up",
        "no_power",
        "lurk_here",
        "run_mod",
    ]
    keyword: str = ""
    amount: int = 0
    role: str = ""
    power: str = ""
    size: str = ""
    low: int = 0
    effect: Literal["", "stop", "hit"] = ""


class DealOp(Strict):
    op: Literal["heal", "pawn", "wager", "draw", "toss", "uncurse", "bid", "teleport"]
    amount: int = 0
    deck: Literal["", "dxm", "treasure"] = ""
    to: Literal["", "entrance", "near_entrance"] = ""


class DealPay(Strict):
    gold: int = 0
    treasure_cards: int = 0
    cards: int = 0
    item: int = 0
    value: int = 0


class Deal(Strict):
    name: str
    move: int = Field(default=1, ge=0, le=3)
    limit: Literal["none", "turn"] = "turn"
    pay: DealPay
    get: list[DealOp]


class RoomDef(CardBase):
    tile: int = Field(ge=0, le=24)
    arrows: str
    green: list[Role] = Field(default_factory=list)
    red: list[Role] = Field(default_factory=list)
    search: int | Literal["none"] = 0
    rules: list[RoomRule] = Field(default_factory=list)
    deals: list[Deal] = Field(default_factory=list)


class PatternDef(Strict):
    id: str
    blue: Dir
    green: Dir
    red: Dir
    yellow: Dir
    purple: Dir
    orange: Dir


class LinkDef(Strict):
    id: str
    count: int = Field(ge=1, le=40)
    kind: Literal["door", "locked", "hidden", "wall"]
    cost: int = Field(ge=0, le=5)


class Bonus(Strict):
    vs: str
    amount: int


class Ignores(Strict):
    level_at_least: int = 0
    level_at_most: int = 0


class Effect(Strict):
    """One Bad Stuff or curse effect (SPEC 3.16)."""

    op: Literal[
        "hit",
        "lose_levels",
        "lose_item",
        "lose_role",
        "drop_gold",
        "discard_cards",
        "discard_hand",
        "death",
        "snatch",
    ]
    amount: int = 0
    slot: Literal["", "head", "armor", "feet", "hands", "worn", "any"] = ""
    role: Literal["", "race", "class"] = ""


class MonsterDef(CardBase):
    level: int = Field(ge=1, le=20)
    dice: int = Field(ge=0, le=4)
    treasures: int = Field(ge=0, le=6)
    fearsome: bool = False
    size: Literal["tiny", "small", "human", "huge"]
    move: Literal["normal", "fast", "slow", "lurking", "contrary"]
    keywords: list[str] = Field(default_factory=list)
    crosses: list[Literal["locked", "hidden", "wall"]] = Field(default_factory=list)
    smash: bool = False
    flags: list[Literal["no_help"]] = Field(default_factory=list)
    bonuses: list[Bonus] = Field(default_factory=list)
    ignores: Ignores = Ignores()
    bad_stuff: list[Effect]


class TreasureDef(CardBase):
    value: int = Field(ge=0, le=2000)
    slot: Literal["", "head", "armor", "feet", "hands", "worn", "belt"] = ""
    hands: int = Field(default=0, ge=0, le=2)
    bonus: int = 0
    two_hand_bonus: int = 0
    elf_bonus: int = 0
    big: bool = False
    requires: str = ""
    keywords: list[str] = Field(default_factory=list)
    powers: list[Literal["flight", "flame", "flame_protection"]] = Field(default_factory=list)
    move: int = 0
    run: int = 0
    search: int = 0
    health: int = 0
    pack: int = 0
    oneshot: bool = False
    throwable: bool = False
    op: Literal[
        "",
        "bonus",
        "shrink",
        "heal",
        "run_bonus",
        "escape",
        "ignore_me",
        "extra_die",
        "gold",
        "cancel_curse",
        "grapple",
    ] = ""
    amount: int = 0
    to: Literal["", "adjacent", "adjacent_any"] = ""


class DxmDef(CardBase):
    kind: Literal[
        "race",
        "class",
        "half_breed",
        "super_munchkin",
        "curse",
        "enhancer",
        "wander",
        "mate",
        "levelup",
        "set_die",
        "cheat",
        "teleport",
        "link_to",
        "heal",
        "ignore_me",
        "extra_die",
    ]
    op: str = ""
    amount: int = 0
    treasures: int = 0
    dice: int = 0
    slot: Literal["", "head", "armor", "feet", "hands", "worn", "any"] = ""
    role: Literal["", "race", "class"] = ""
    run: int = 0
    health: int = 0
    to: Literal["", "adjacent_any", "entrance", "wall", "passage"] = ""
