"""Every card text's timing words match the engine's timing for that card (issue 14, duel 8):
what a text says about when an ability happens ("When hired", "Survivor", "In your reckoning
step", "Flaunt (pay 1 …)", "Zap", "Pay 2 and zap", "as an interrupt", "Sketchy", "Any time",
"while a revealed Monster's cost can change") is read from the text and compared with the
card's abilities; the fight-window words are also checked against the legal actions."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from engine.core import Action
from engine.duel.cards import DuelCard
from engine.duel.game import Duel
from engine.duel.scenario import build, find, parse
from engine.duel.state import DuelState

STEPS = ("When hired", "Survivor:", "In your reckoning step", "at the end of the fight", "cooldown")
WHEN_OF_STEP = {
    "When hired": "hire",
    "Survivor:": "survive",
    "In your reckoning step": "reckoning",
    "at the end of the fight": "fight_end",
    "cooldown": "cooldown",
}
ACTIVATION = re.compile(
    r"(?P<head>(?:Pay (?P<cost>\d+) and zap|Zap|Sketchy: once you were caught cheating this "
    r"turn, zap to|Any time)(?P<rest>[^:.]*)[:.]?)"
)
FIGHT_WINDOW = ("cost can change", "The revealed Monster")


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]


def text_timing(c: DuelCard) -> Counter[str]:
    """The timing tags the card's text promises."""
    tags: Counter[str] = Counter()
    text = c.text
    for words in STEPS:
        tags[WHEN_OF_STEP[words]] += text.count(words)
    for flaunt in re.finditer(r"Flaunt \((free|pay (\d+))", text):
        tags[f"flaunt/c{flaunt.group(2) or 0}"] += 1
    for sentence in _sentences(text):
        m = ACTIVATION.match(sentence)
        if m is None:
            continue
        head = m.group("head")
        zap = not head.startswith("Any time")
        interrupt = "as an interrupt" in head or "This is an interrupt" in text
        sketchy = head.startswith("Sketchy")
        tags[f"activate/z{zap:d}/c{m.group('cost') or 0}/i{interrupt:d}/s{sketchy:d}"] += 1
    if any(words in text for words in FIGHT_WINDOW):
        tags["fight_window"] += 1
    if "when its Smack deals damage" in text:
        tags["suction_on_smack"] += 1
    return +tags


def engine_timing(c: DuelCard) -> Counter[str]:
    """The same tags from the card's abilities as the engine runs them."""
    tags: Counter[str] = Counter()
    for a in c.abilities:
        if a.when in ("hire", "survive", "reckoning", "fight_end", "cooldown"):
            tags[a.when] += 1
        elif a.when == "flaunt":
            tags[f"flaunt/c{a.cost}"] += 1
        elif a.when == "activate":
            tags[f"activate/z{a.zap:d}/c{a.cost}/i{a.is_interrupt:d}/s{a.sketchy:d}"] += 1
        if any(e.target == "fight" for e in a.effects):
            tags["fight_window"] += 1
    if c.suction_on == "smack":
        tags["suction_on_smack"] += 1
    return +tags


def test_every_card_texts_timing_words_match_its_abilities(duel: Duel) -> None:
    mismatched = {
        c.id: (dict(text_timing(c)), dict(engine_timing(c)))
        for c in duel.defs
        if text_timing(c) != engine_timing(c)
    }
    assert mismatched == {}


def test_the_timing_reader_sees_each_kind_of_words(duel: Duel) -> None:
    # the reader itself can fail: a text without its words is caught
    sample = {
        "temple_acolyte": "activate/z1/c1/i1/s0",
        "pack_mule": "activate/z0/c0/i0/s0",
        "cup_and_ball": "activate/z1/c0/i0/s1",
        "studded_vest": "activate/z1/c0/i1/s0",
        "kazoo_of_peril": "flaunt/c1",
        "rat_king": "survive",
        "tripwire": "fight_window",
        "leechsteel_dirk": "suction_on_smack",
    }
    for cid, tag in sample.items():
        assert text_timing(duel.by_id[cid])[tag] >= 1, cid
    silent = duel.by_id["temple_acolyte"].model_copy(update={"text": "Prevents 2 damage."})
    assert text_timing(silent) != engine_timing(silent)


def _fight_position(duel: Duel, card_id: str, hired: bool) -> tuple[DuelState, Action]:
    """The defender holds (or has in play) ``card_id`` while a Monster with a hire ability
    is revealed: the cost window, or (``hired``) the hire window right after."""
    c = duel.by_id[card_id]
    seat1: dict[str, Any] = {"hand": [card_id]} if c.type == "mischief" else {"hoard": [card_id]}
    setup = {"purse": [3, 5], "seat0": {"hand": ["off_key_siren"]}, "seat1": seat1}
    s = build(duel, setup)
    for text in ("0 fight @off_key_siren 3", "1 face", "1 ready"):
        duel.apply(s, parse(duel, s, text))
    if hired:
        for text in ("0 pass", "1 pass"):
            duel.apply(s, parse(duel, s, text))
        assert s.window is not None and s.window.kind == "hire"
    iid = find(duel, s, 1, card_id)
    if c.type == "mischief":
        return s, Action(1, "play", (iid, -1, 0))
    index = next(i for i, a in enumerate(c.abilities) if a.when == "activate")
    return s, Action(1, "activate", (iid, index, -1))


FIGHT_CARDS = [
    "tripwire",
    "sidestep",
    "shield_wall",
    "sudden_fog",
    "haggle",
    "discount_coupon",
    "tambourine_shield",
    "saucepan_shield",
    "spiked_pauldrons",
    "robe_of_runes",
    "bored_lookout",
    "veteran_sergeant",
    "lullaby_lute",
]


@pytest.mark.parametrize("card_id", FIGHT_CARDS)
def test_cost_window_words_mean_the_cost_window(duel: Duel, card_id: str) -> None:
    # 000 III.A.2.f.(I).(B).1: "while a revealed Monster's cost can change" is the cost window;
    # once the Monster is hired the cost is fixed and the card may not be used
    assert "fight_window" in text_timing(duel.by_id[card_id])
    s, action = _fight_position(duel, card_id, hired=False)
    assert action in duel.legal_actions(s, 1)
    s, action = _fight_position(duel, card_id, hired=True)
    assert action not in duel.legal_actions(s, 1)


def test_every_fight_window_card_is_checked(duel: Duel) -> None:
    worded = {c.id for c in duel.defs if "fight_window" in engine_timing(c)}
    assert worded == set(FIGHT_CARDS)
