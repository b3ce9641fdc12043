"""Sentences the duel's table, log and hand say beside what the view shows: the roll for the
first player, what the opening hand and the first-player choice ask, a fight's price beside
its gold, a card's numbers in the hand list and a Hero named by its player (found playing a
duel at 400 px, docs/ux.md 2026-12-03)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.duel import words
from bot.render.games import ViewJson as Json
from engine.core import Action
from engine.duel.cards import DuelCard
from engine.duel.views import DuelView, FightView


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else "?"


def rolled(event: Json, names: Sequence[str]) -> str | None:
    """# 000 II.B.9: both roll, a tie rolls again, the high roller chooses who goes first."""
    rolls = event.get("rolls")
    if not isinstance(rolls, list) or len(rolls) != 2:
        return None
    a, b = rolls
    first, second = _name(names, 0), _name(names, 1)
    if a == b:
        return words.ROLLED_TIE.format(first=first, second=second, a=a)
    winner = first if a > b else second
    return words.ROLLED.format(first=first, second=second, a=a, b=b, winner=winner)


def setup_decision(v: DuelView, actions: Sequence[Action]) -> list[str]:
    """What the opening hand and the first-player choice ask, above their buttons."""
    kinds = {a.kind for a in actions}
    if v.phase == "mulligan" and "keep" in kinds:
        return [f"**{words.HAND_MULLIGAN}**"]
    if v.phase == "first" and "first" in kinds:
        return [f"**{words.HAND_FIRST}**"]
    return []


def price(fight: FightView, card: DuelCard | None, attacker: str) -> str | None:
    """The revealed Monster's price beside the gold committed (# 000 III.A.2.f.(I).(B).2:
    less is cheating), with this fight's changes, never below 0 (II.A.7). Only for a card
    that is a Monster: another card's price (Monstrous X) is the engine's to work out."""
    if card is None or card.type != "monster":
        return None
    cost = max(0, card.cost + fight.cost_mod)
    if fight.gold >= cost:
        return words.PRICE.format(cost=cost, gold=fight.gold)
    return words.PRICE_SHORT.format(cost=cost, gold=fight.gold, attacker=attacker)


def short(card: DuelCard | None, gold: object) -> str | None:
    """How much gold a fight option leaves short of its Monster's printed price."""
    if card is None or card.type != "monster" or not isinstance(gold, int) or gold >= card.cost:
        return None
    return words.FIGHT_SHORT.format(short=card.cost - gold)


def hand_stat(card: DuelCard) -> str:
    """A card's numbers in words for the hand list: what 5/6 and 2g mean, an Ally's gold cost
    and a Loot's rank too (# 000 I.D.2-3: neither was anywhere on a phone, so a Loot over
    the rank limit was simply missing from the buttons, for no reason shown)."""
    parts = []
    if card.type in ("monster", "ally", "hero"):
        parts.append(words.HAND_BODY.format(power=card.power, life=card.life))
        if card.type == "monster":
            parts.append(words.HAND_HIRE.format(cost=card.cost))
    elif card.type == "loot" and card.power:
        parts.append(f"+{card.power}")
    if card.defense:
        parts.append(words.HAND_DEFENSE.format(defense=card.defense))
    if card.type == "loot" and card.rank:
        parts.append(words.HAND_RANK.format(rank=card.rank))
    if card.type not in ("monster", "hero", "loot") and card.cost:
        parts.append(words.HAND_COST.format(cost=card.cost))
    return ", ".join(parts)


def hero_names(view: DuelView, names: Sequence[str]) -> dict[int, str]:
    return {
        side.hero.iid: words.HERO_YOURS
        if seat == view.seat
        else words.HERO_OF.format(name=_name(names, seat))
        for seat, side in enumerate(view.players)
    }
