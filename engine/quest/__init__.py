"""The board game of the Munchkin family (rules: seeds/001; spec: shared/quest/SPEC.md)."""

from engine import games
from engine.quest.game import Quest, factory

RULES_VERSION = 10  # 2 trades; 3, 6 die windows; 4 discards (R31); 5 snatch (R7), half races;
# 7 a monster blocked beyond the Entrance no longer records (or counts) a pass through it (R81);
# 8 die windows after the Monster Die, room and Deal rolls (R16), the Grappling Hook, the pack
# overflow choice (R149); 9 the help auction (R114), the Stop window (R161), the quicker game;
# 10 a bidder who concedes leaves the auction instead of holding it
"""Bump it with any rules change that alters legal moves or outcomes: a live match started on
another version is replayed on the new rules at restart and ended cleanly if it no longer
reaches the same state (docs/reliability.md, "A deploy under live matches")."""

games.register("quest", factory, rules_version=lambda: RULES_VERSION)

__all__ = ["RULES_VERSION", "Quest", "factory"]
