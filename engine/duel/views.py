"""What one seat may see (# 000 II.A.9 public knowledge): hands are private, decks and
face-down cards are hidden from everyone (owners may not look at their own face-down stash
cards), and the fight's face-down card only its attacker knows until it is revealed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.duel.state import DuelState
from engine.duel.zones import Defs, card, stuck_bonus


@dataclass(slots=True)
class DuelView:
    seat: int | None
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, **self.data}


def _shown(defs: Defs, s: DuelState, iid: int) -> dict[str, Any]:
    out: dict[str, Any] = {"iid": iid, "id": card(defs, s, iid).id}
    if s.damage[iid]:
        out["damage"] = s.damage[iid]
    if iid in s.zapped:
        out["zapped"] = True
    if s.tokens[iid]:
        out["tokens"] = s.tokens[iid]
    if iid in s.animated:  # 000 I.E: its type and life now
        out["type"] = "ally"
        out["life"] = s.animated[iid]
    stuck = sorted(c for c, host in s.stuck.items() if host == iid)
    if stuck:
        out["curses"] = [{"iid": c, "id": card(defs, s, c).id} for c in stuck]
    return out


def make_view(defs: Defs, s: DuelState, seat: int | None) -> DuelView:
    players = []
    for p in (0, 1):
        players.append(
            {
                "hero": _shown(defs, s, s.heroes[p]),
                "level": s.level[p],
                "purse": s.purse[p],
                "run_away": "limp" if s.limp[p] else "run",
                "hand": [_shown(defs, s, i) for i in s.hand[p]] if seat == p else None,
                "hand_count": len(s.hand[p]),
                "deck_count": len(s.deck[p]),
                "discard": [_shown(defs, s, i) for i in s.discard[p]],
                "hoard": [_shown(defs, s, i) for i in s.hoard[p]],
                "stash_face_up": [_shown(defs, s, i) for i in s.stash[p] if i in s.face_up],
                "stash_face_down": sum(1 for i in s.stash[p] if i not in s.face_up),
                "eliminated": s.eliminated[p],
                # Public too: what the Hero bleeds at its next reckoning (played Bleeding and
                # stuck Curses are face up) and the damage a resolved Prevent still blocks.
                "bleeding": s.bleed[p] + stuck_bonus(defs, s, s.heroes[p], "bleeding"),
                "shield": s.shield[p],
            }
        )
    fight_view: dict[str, Any] | None = None
    f = s.fight
    if f is not None:
        fight_view = {
            "attacker": f.attacker,
            "gold": f.gold,
            "step": f.step,
            "committed": [_shown(defs, s, i) for i in f.committed],
            "cost_mod": f.cost_mod,
            "to_split": f.to_split,
            # the Ally named for each token so far (the defender says it aloud)
            "allotted": list(f.allotted),
        }
        if f.card >= 0 and (f.revealed or seat == f.attacker):
            fight_view["card"] = _shown(defs, s, f.card)
    # Everything on the stack is public: played Mischief is face up, abilities come from
    # cards in play, and a Flaunt shows its card (# 000 IV Flaunt).
    stack = [
        {
            "seat": e.controller,
            "card": _shown(defs, s, e.source),
            "target": e.target,
            "blood": e.blood,
        }
        for e in s.stack
    ]
    data: dict[str, Any] = {
        "phase": s.phase,
        "active": s.active,
        "turn": s.turn,
        "players": players,
        "fight": fight_view,
        "stack": stack,
        # 000 IV Remove from Game: only cards in play (face up) can be removed, so which cards
        # are gone for good is public.
        "removed": [_shown(defs, s, i) for i in s.removed],
        "window": s.window.kind if s.window is not None else None,
        "pending": s.pending.to_json() if s.pending is not None else [],
    }
    return DuelView(seat, data)


def visible_iids(view_json: Any) -> set[int]:
    """Every card instance a view shows (tests use it to prove nothing hidden leaks)."""
    found: set[int] = set()
    if isinstance(view_json, dict):
        if "iid" in view_json:
            found.add(int(view_json["iid"]))
        for v in view_json.values():
            found |= visible_iids(v)
    elif isinstance(view_json, list):
        for v in view_json:
            found |= visible_iids(v)
    return found
