"""The fields a classic control's label is filled with, read from the action's arguments by
name (``engine/classic/moves.py``), never by position."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.classic import words
from bot.games.classic.cards_text import (
    name_of,
    seat_name,
    share_words,
)
from engine.classic.moves import MOVES
from engine.classic.views import ClassicView
from engine.core import Action
from engine.core.actions import ArgValue


def terms_words(share: object, first: str, gold: object) -> str:
    """A help bargain in a few words: "1 treasure, they pick first, 200 gold now". Who picks
    first only matters when there is treasure to share (# 004: Asking for Help)."""
    count = share if isinstance(share, int) and share > 0 else 0
    parts = [share_words(count)]
    if count:
        parts.append(first)
    if isinstance(gold, int) and gold > 0:
        parts.append(words.SHARE_GOLD.format(gold=gold))
    elif not count:
        parts.append(words.SHARE_NO_GOLD)
    return ", ".join(parts)


def control_fields(
    action: Action, v: ClassicView | None, names: Sequence[str]
) -> dict[str, object]:
    """The fields of a control's template, from the action's arguments by name."""
    move = MOVES.get(action.kind)
    if move is None or not move.fits(action) or not action.args:
        return {}
    a = move.named(action)
    monsters = v.combat.monsters if v is not None and v.combat is not None else ()

    def monster(index: ArgValue) -> str:
        ok = isinstance(index, int) and 0 <= index < len(monsters)
        return name_of(monsters[index]) if ok and isinstance(index, int) else "?"

    def item(iid: ArgValue) -> str:
        return name_of(iid) if isinstance(iid, int) and iid >= 0 else words.NOTHING

    k = action.kind
    out: dict[str, object] = {}
    if k == "listen":
        out["pile"] = words.PILE_NAMES.get(str(a["pile"]), str(a["pile"]))
    elif k in ("propose", "demand"):
        sides = words.HELPER_FIRST if k == "propose" else words.DEMAND_FIRST
        out["terms"] = terms_words(a["share"], sides[1 if a["first"] else 0], a["gold"])
    elif k in ("promise_gold", "demand_win_gold"):
        out["gold"] = a["gold"]
    elif k == "oneshot":
        side = a["side"]
        target = words.PLAYERS_SIDE if side == 0 else monster(int(side) - 1)
        out |= {"card": name_of(a["card"]), "side": target}
    else:  # every other argument by its name
        if "seat" in a:
            out["seat"] = seat_name(names, a["seat"])
        if "card" in a:
            out["card"] = name_of(a["card"])
        if "monster" in a:
            out["monster"] = monster(a["monster"])
        if "item" in a:
            out["item"] = item(a["item"])
        if "hireling" in a:
            out["hireling"] = name_of(a["hireling"])
    return out
