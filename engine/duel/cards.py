"""The duel card schema: frozen pydantic models validated from ``data/duel/*.toml``.

A card is its printed characteristics (# 000 I.D) plus abilities built from a small closed
vocabulary of effect ops. Cards the vocabulary cannot express name a Python hook instead.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.cards.loader import CardBase

CardType = Literal["hero", "ally", "location", "loot", "mischief", "monster"]
Klass = Literal["neutral", "warrior", "cleric", "thief", "wizard", "bard", "ranger", "wanderer"]
CLASSES: tuple[str, ...] = (
    "warrior",
    "cleric",
    "thief",
    "wizard",
    "bard",
    "ranger",
    "wanderer",
)
LOOT_SUBTYPES = ("armor", "trinket", "weapon")
MISCHIEF_SUBTYPES = ("curse", "treachery", "interrupt")

# When an ability happens. ``play``: a Mischief or Ally resolving (or an ability on arrival);
# ``hire``: a Monster hired (# 000 III.A.2.f.(I).(C)); ``activate``: paid for by its controller;
# ``flaunt``: shown from the hand (# 000 IV Flaunt); ``reckoning``: the warmup step;
# ``survive``: Survivor (# 000 IV); ``fight_end``: any card in play when a fight ends
# (# 000 III.A.2.f.(I).(F)); ``cooldown``: the owner's cooldown, before level and gold
# (# 000 III.A.3); ``level_up``: a level gained in cooldown, never at level 10 (# 000
# III.A.3.a); ``ongoing``: a static modifier while in play or stuck.
When = Literal[
    "play",
    "hire",
    "activate",
    "flaunt",
    "reckoning",
    "survive",
    "fight_end",
    "cooldown",
    "level_up",
    "ongoing",
]

# Who or what an effect touches. Choices (hero, ally, ...) are picked as part of the action.
Target = Literal[
    "none",
    "you",
    "opponent",
    "hero",
    "each_hero",
    "ally",
    "monster",
    "loot",
    "card",
    "fight",
    "host",
    "stack",
]

# Effect ops; the table in docs/cards/format-duel.md says what each does with X. Two more:
# ``control`` takes the target from the opponent's hoard (# 000 II.A.4) and ``animate`` makes
# Loot or a Location an Ally with life X until it leaves play (# 000 I.E).
Op = Literal[
    "damage",
    "heal",
    "draw",
    "gold",
    "steal",
    "give",
    "spill",
    "bleeding",
    "recycle",
    "cancel",
    "prevent",
    "cost",
    "power",
    "defense",
    "look",
    "reveal",
    "remove",
    "stash",
    "squish",
    "unzap",
    "collect",
    "cash_in",
    "suction",
    "control",
    "animate",
]

KEYWORDS: tuple[str, ...] = (
    "bleeding",
    "cancel",
    "collect",
    "encore",
    "flaunt",
    "give",
    "give_blood",
    "heal",
    "life_o_suction",
    "look",
    "monstrous",
    "prevent",
    "recycle",
    "regenerate",
    "remove_from_game",
    "reveal",
    "sketchy",
    "smack",
    "spill",
    "steal",
    "stealthy",
    "survivor",
)
# Keywords that are a property of the card itself (the others come from an effect op).
CARD_KEYWORDS = ("encore", "life_o_suction", "monstrous", "regenerate", "smack", "stealthy")
OP_KEYWORDS = {
    "bleeding": "bleeding",
    "cancel": "cancel",
    "collect": "collect",
    "give": "give",
    "heal": "heal",
    "look": "look",
    "prevent": "prevent",
    "recycle": "recycle",
    "remove": "remove_from_game",
    "reveal": "reveal",
    "spill": "spill",
    "steal": "steal",
    "suction": "life_o_suction",
}


CHOICE_TARGETS = ("hero", "ally", "monster", "loot", "card")
# Whose card a choice target may be, seen from the player choosing (# 000 II.A.4: a card's
# controller; a stuck Curse follows its host): ``own`` for "one of your Allies", ``enemy``
# for "an opponent's Ally".
Whose = Literal["any", "own", "enemy"]


class Effect(BaseModel):
    """One step of an ability. ``amount`` is X; ``blood`` steps happen only when the Give
    Blood payment was made (# 000 IV Give Blood)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    op: Op
    amount: int = Field(default=1, ge=-10, le=20)
    target: Target = "none"
    whose: Whose = "any"
    blood: bool = False

    @model_validator(mode="after")
    def _whose_needs_a_choice(self) -> Effect:
        if self.whose != "any" and self.target not in CHOICE_TARGETS:
            raise ValueError(
                f"whose = {self.whose!r} needs a choice target "
                f"({', '.join(CHOICE_TARGETS)}), not {self.target!r}"
            )
        return self


class Ability(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    when: When
    cost: int = Field(default=0, ge=0, le=10)
    zap: bool = False
    sketchy: bool = False
    interrupt: bool = False
    effects: tuple[Effect, ...] = ()

    @property
    def is_interrupt(self) -> bool:
        """Marked so, or preventing damage (# 000 IV Prevent: damage prevention is an
        interrupt)."""
        return self.interrupt or any(e.op == "prevent" for e in self.effects)


class DuelCard(CardBase):
    """One card definition. ``klass`` is read from the TOML key ``class``."""

    type: CardType
    subtype: str = Field(default="", max_length=24)
    klass: Klass = Field(default="neutral", alias="class")
    cost: int = Field(default=0, ge=0, le=20)
    rank: int = Field(default=0, ge=0, le=10)
    power: int = Field(default=0, ge=0, le=30)
    life: int = Field(default=0, ge=0, le=40)
    defense: int = Field(default=0, ge=0, le=20)
    keywords: dict[str, int] = Field(default_factory=dict)
    give_blood: int = Field(default=0, ge=0, le=5)
    abilities: tuple[Ability, ...] = ()
    hook: str = Field(default="", max_length=40)
    # What damage the card's own Life-O-Suction answers: ``any`` (the keyword as defined) or
    # ``smack`` (only damage its Smack deals, for a card whose text narrows it so).
    suction_on: Literal["any", "smack"] = "any"

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    @model_validator(mode="after")
    def _consistent(self) -> DuelCard:
        unknown = set(self.keywords) - set(CARD_KEYWORDS)
        if unknown:
            raise ValueError(f"unknown card keyword {sorted(unknown)[0]!r}")
        if self.type == "loot" and self.subtype not in LOOT_SUBTYPES:
            raise ValueError("loot needs subtype armor, trinket or weapon")
        if self.type == "mischief" and self.subtype not in MISCHIEF_SUBTYPES:
            raise ValueError("mischief needs subtype curse, treachery or interrupt")
        if self.type in ("hero", "ally", "monster") and self.life < 1:
            raise ValueError(f"a {self.type} needs life of at least 1")
        if self.type != "loot" and self.rank:
            raise ValueError("only loot has a rank")
        if self.type == "hero" and self.copies != 1:
            raise ValueError("heroes are not deck cards")
        if self.suction_on != "any" and not {"life_o_suction", self.suction_on} <= set(
            self.keywords
        ):
            raise ValueError(f"suction_on = {self.suction_on!r} needs life_o_suction and it")
        if self.give_blood and not any(e.blood for a in self.abilities for e in a.effects):
            raise ValueError("give_blood needs at least one effect with blood = true")
        for ability in self.abilities:
            ops = [e.op for e in ability.effects]
            if "recycle" in ops[:-1]:
                raise ValueError("recycle must be the last effect of its ability")
            if ability.when == "flaunt" and "flaunt" not in self.text.lower():
                raise ValueError("flaunt abilities must say Flaunt in the card text")
        return self

    @property
    def is_interrupt(self) -> bool:
        """An Interrupt Mischief, or one that prevents damage (# 000 IV Prevent: damage
        prevention is an interrupt)."""
        if self.type != "mischief":
            return False
        return self.subtype == "interrupt" or any(
            e.op == "prevent" for a in self.abilities for e in a.effects
        )

    def all_keywords(self) -> set[str]:
        """Every glossary keyword the card uses, from its own keywords and its effect ops."""
        found = set(self.keywords)
        if self.give_blood:
            found.add("give_blood")
        for ability in self.abilities:
            if ability.sketchy:
                found.add("sketchy")
            if ability.when == "flaunt":
                found.add("flaunt")
            if ability.when == "survive":
                found.add("survivor")
            for effect in ability.effects:
                if effect.op in OP_KEYWORDS:
                    found.add(OP_KEYWORDS[effect.op])
        return found
