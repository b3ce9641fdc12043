"""# 004: When You May Take Actions: what only the turn's owner may do, and when."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.scenario import build

OWN_TURN_ONLY = frozenset({"play", "attach", "cheat", "sell", "buy_level", "steal", "deal"})


def test_off_turn_seat_gets_no_own_turn_actions(game: Classic) -> None:
    # 004: When You May Take Actions (reserved for your own turn: roles, Super Munchkin, selling,
    # buying levels, playing items, stealing).
    s = build(
        game,
        {"seats": 3, "phase": "trouble", "turn": 0},
        [
            {"items": ["ring_bling"]},
            {
                "gold": 2000,
                "roles": ["role_thief"],
                "items": ["hat_horns"],
                "hand": ["role_elf", "super_role", "feet_kickers", "cheat_permit", "lvl_pep"],
            },
        ],
    )
    assert 1 in game.free_actors(s)
    kinds = {a.kind for a in game.legal_actions(s, 1)}
    assert "levelup" in kinds  # any-time cards stay open to it
    assert not kinds & OWN_TURN_ONLY, kinds & OWN_TURN_ONLY
    # On its own turn the same seat may do all of them.
    s.turn = 1
    own = {a.kind for a in game.legal_actions(s, 1)}
    assert {"play", "attach", "cheat", "sell", "buy_level", "steal"} <= own


def test_listen_only_in_phase_one(game: Classic) -> None:
    # 004: Turn Phases
    s = build(game, {"seats": 3, "phase": "kick"}, [])
    assert not any(a.kind == "listen" for a in game.legal_actions(s, 0))
