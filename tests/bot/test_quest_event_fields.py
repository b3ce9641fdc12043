"""Quest's log wording table (``bot/games/quest/event_fields.py``): every kind with fields of
its own words an event the log has a sentence for, and a kind's own fields fill its template."""

from __future__ import annotations

from bot.games.quest import events
from bot.games.quest.event_fields import SPECIFIC
from tests.bot.render_support import NAMES


def test_every_kind_with_its_own_fields_has_a_sentence() -> None:
    assert set(SPECIFIC) <= set(events.EVENTS)


def test_a_kind_s_own_fields_fill_its_template() -> None:
    line = events.event_line({"kind": "bid", "seat": 1, "treasures": 2}, NAMES)
    assert line == "Bob asks 2 Treasures to help."
    # issue 27, played as new users: "bids 0 Treasures", "at most 1 Treasures"
    line = events.event_line({"kind": "bid", "seat": 1, "treasures": 0}, NAMES)
    assert line == "Bob asks no share to help."
    line = events.event_line({"kind": "auction", "seat": 0, "bidders": [1], "treasures": 1}, NAMES)
    assert line == "Alice lets Bob bid to help (at most 1 Treasure)."
    line = events.event_line({"kind": "bid", "seat": 1, "treasures": -1}, NAMES)
    assert line == "Bob drops out of the bidding."
    line = events.event_line({"kind": "game_over", "reason": "boss_slain"}, NAMES)
    assert line == "The game is over (the Boss is beaten)."  # was "(boss_slain)"
    line = events.event_line({"kind": "flee_roll", "seat": 0, "die": 5, "dodged": True}, NAMES)
    assert line == "Alice rolls 5 to flee: gets away."


def test_treasure_face_down_is_counted_in_words() -> None:
    # Played: "Bob gets 1 Treasures face down."
    line = events.event_line({"kind": "treasure", "seat": 1, "count": 1}, NAMES)
    assert line == "Bob gets a Treasure face down."
    line = events.event_line({"kind": "treasure", "seat": 1, "count": 2}, NAMES)
    assert line == "Bob gets 2 Treasures face down."


def test_a_draw_nobody_may_see_names_the_twist_deck() -> None:
    line = events.event_line({"kind": "draw", "seat": 0, "deck": "dxm", "why": "turn"}, NAMES)
    assert line is not None and "a Twist card" in line and "DxM" not in line


def test_a_base_not_of_the_die_s_colour_says_why() -> None:
    # 001 R51; played: "Monster die: yellow" then "Candle Imp stands on the red base."
    plain = {"kind": "base", "monster": 5, "base": 2}
    line = events.event_line(plain, NAMES) or ""
    assert line.endswith(" stands on the red base.") and "free" not in line
    line = events.event_line({**plain, "rolled": "yellow"}, NAMES) or ""
    assert line.startswith("No free yellow base: ") and line.endswith(" on the red base.")
    line = events.event_line({**plain, "rolled": "purple", "seat": 0}, NAMES) or ""
    assert line.startswith("No free purple base: ") and line.endswith("red base (Alice's pick).")


def test_a_monster_s_penalty_reads_as_being_caught() -> None:
    # Our words, not the original game's "Bad Stuff".
    line = events.event_line({"kind": "bad_stuff", "seat": 1, "monster": -1}, NAMES)
    assert line == "Bob is caught."
