"""The fight as the table and the hand show it: each side's strength, the monsters, the cards
played, who is ahead, the terms of a bargain for help (# 004: Asking for Help), and the fight
drawn as two strength bars."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.classic import words
from bot.games.classic.cards_text import (
    card_list,
    card_of,
    face,
    name_of,
    seat_name,
    share_words,
    short,
)
from bot.render.model import Picture
from bot.render.pictures import Side, fight_picture
from engine.classic.pending import Draft
from engine.classic.views import ClassicView, FightView, PendingView


def fight_lines(v: ClassicView, names: Sequence[str]) -> list[str]:
    fight = v.combat
    if fight is None:
        return []
    side = side_name(fight, names)
    lines = [words.FIGHT_SIDE.format(names=side, strength=fight.side_strength)]
    for monster, strength in zip(fight.monsters, fight.monster_strength, strict=False):
        card = card_of(monster)
        level = card.level if card is not None else "?"
        lines.append(
            words.FIGHT_MONSTER.format(name=name_of(monster), level=level, strength=strength)
        )
    if fight.played:
        lines.append(words.FIGHT_PLAYED.format(cards=card_list(fight.played)))
    bargain = bargain_line(v.pending, fight, names)
    if bargain:
        lines.append(bargain)
    lines.append(words.FIGHT_WINNING if fight.players_winning else words.FIGHT_LOSING)
    return lines


def bargain_line(
    pending: PendingView | None, fight: FightView | None, names: Sequence[str]
) -> str | None:
    """The terms of a bargain for help (# 004: Asking for Help): an offer the asked player
    weighs, their counter-offer the fighter weighs, or a draft's terms so far."""
    if pending is None or fight is None:
        return None
    kind = pending.kind
    if kind not in ("help", "countered", "offer", "counter"):
        return None
    fighter = seat_name(names, fight.fighter)
    helper = seat_name(names, pending.seat if kind in ("help", "counter") else pending.partner)
    draft = kind in ("offer", "counter")
    share, first, gold, win_gold, win_items = terms_of(pending)
    shared = words.SHARE_FOR_HELPER.format(treasures=share_words(share), helper=helper)
    parts = [] if draft else [shared]
    if share:
        parts.append(words.TERMS_FIRST.format(name=helper if first else fighter))
    if gold:
        parts.append(words.TERMS_GOLD.format(gold=gold))
    if pending.cards:
        parts.append(words.TERMS_ITEMS.format(items=card_list(pending.cards)))
    on_win = [words.TERMS_WIN_GOLD.format(gold=win_gold)] if win_gold else []
    on_win += [short(card) for card in win_items]
    if on_win:
        parts.append(words.TERMS_WIN.format(what=", ".join(on_win)))
    if not parts:
        return None
    template = {
        "help": words.BARGAIN_OFFER,
        "countered": words.BARGAIN_COUNTER,
        "offer": words.BARGAIN_DRAFT_OFFER,
        "counter": words.BARGAIN_DRAFT_COUNTER,
    }[kind]
    return template.format(fighter=fighter, helper=helper, terms="; ".join(parts))


def hand_fight_line(fight: FightView, names: Sequence[str]) -> str:
    """One line: both sides' strength and who is ahead, the same numbers as the table."""
    side = words.FIGHT_SIDE.format(names=side_name(fight, names), strength=fight.side_strength)
    monsters = ", ".join(
        words.HAND_MONSTER.format(name=name_of(m), strength=strength)
        for m, strength in zip(fight.monsters, fight.monster_strength, strict=False)
    )
    verdict = words.FIGHT_WINNING if fight.players_winning else words.FIGHT_LOSING
    return words.HAND_FIGHT.format(side=side, monsters=monsters, verdict=verdict)


def side_name(fight: FightView, names: Sequence[str]) -> str:
    fighter = seat_name(names, fight.fighter)
    if fight.helper >= 0:
        return words.FIGHT_HELPER.format(fighter=fighter, helper=seat_name(names, fight.helper))
    return fighter


def fight_picture_of(v: ClassicView | None, names: Sequence[str]) -> Picture | None:
    """The fight drawn as two strength bars and the cards in it."""
    fight = v.combat if v is not None else None
    if fight is None:
        return None  # outside a fight the text reads better than a picture
    monsters = [c for c in (card_of(m) for m in fight.monsters) if c is not None]
    played = [c for c in (card_of(m) for m in fight.played) if c is not None]
    verdict = words.FIGHT_WINNING if fight.players_winning else words.FIGHT_LOSING
    return fight_picture(
        Side(side_name(fight, names), fight.side_strength),
        Side(
            words.BAR_MONSTERS,
            sum(fight.monster_strength),
            tuple([face(c) for c in monsters] + [face(c) for c in played]),
        ),
        verdict,
    )


def terms_of(p: PendingView) -> tuple[int, int, int, int, tuple[int, ...]]:
    """A bargain's terms so far: treasures, helper first, gold now, gold and items on a win
    (a draft names only what is promised on a win; the rest is zero until proposed)."""
    if p.kind in ("offer", "counter"):
        draft = p.draft or Draft()
        return 0, 0, 0, draft.win_gold or 0, draft.win_items
    if p.terms is None:
        return 0, 0, 0, 0, ()
    return p.terms.share, p.terms.helper_first, p.terms.gold, p.terms.win_gold, p.terms.win_items
