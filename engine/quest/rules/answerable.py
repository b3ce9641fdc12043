"""Whether a die window is worth opening, judged from public facts only (issue 27.3).

A window is open to every live seat with Pass, whatever it holds (no leak, SPEC 3.5 "Die
windows"), so one nobody could answer costs its whole time for nothing. It is not opened
(OURS) when the public facts already say nobody can answer or no answer could matter:

- every die changer (the Weighted Die, the only card a die window is for) lies face up in the
  DxM discard pile or among the fight's played cards; or
- the Monster Turn's die with no monster on the board to steer: its colour then only pays a
  DxM (R16), which is no reason to hold the table up.

Every fact read here is in each seat's view (discard piles, the fight, monsters, hand sizes),
so skipping a window tells nobody anything the table did not show already."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.quest.content import Content

if TYPE_CHECKING:
    from engine.quest.state import QuestState

CHANGER = "set_die"  # the DxM kind a die window is for (the Weighted Die, SPEC 3.14.6)


def changer_may_answer(s: QuestState, c: Content) -> bool:
    """Whether some live seat could hold a die changer, as far as anyone can see."""
    public = set(s.discards.get("D", ()))
    if s.fight is not None:
        public.update(s.fight.played)
    unseen = any(k == CHANGER and card not in public for card, k in enumerate(c.kind))
    return unseen


def die_window_due(s: QuestState, c: Content, what: str) -> bool:
    """Whether the die window after a roll of ``what`` opens (the option on, SPEC 3.5)."""
    if not s.die_windows:
        return False
    if what == "monster_turn" and not any(not m.boss for m in s.mons):
        return False
    return changer_may_answer(s, c)
