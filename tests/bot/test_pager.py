"""Controls past Discord's limits: 5 rows of 5 buttons, 25 options a select, a Prev/Next pager."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.render import parse_custom_id
from bot.render.controls import Control, is_pick, layout, page_of, page_turn
from bot.words import play_texts
from engine.core import Action


def controls(count: int, group: str = "") -> list[Control]:
    return [Control(f"play.{n}", f"Play {n}", group) for n in range(count)]


def test_up_to_25_buttons_fit_one_page_without_a_pager() -> None:
    page = layout(5, 3, controls(25), selects=False)
    assert page.count == 1 and len(page.buttons) == 25
    assert [b.row for b in page.buttons] == [n // 5 for n in range(25)]


def test_past_25_the_last_row_is_the_pager_and_every_action_is_on_some_page() -> None:
    first = layout(5, 3, controls(47), selects=False)
    assert first.count == 3
    pager = [b for b in first.buttons if b.row == 4]
    assert [b.label for b in pager] == [
        play_texts.PAGER_PREV,
        play_texts.PAGER_AT.format(page=1, pages=3),
        play_texts.PAGER_NEXT,
    ]
    assert pager[0].disabled and not pager[2].disabled
    next_key = parse_custom_id(pager[2].custom_id)
    assert next_key is not None and page_of(next_key.key) == 1
    seen = []
    for number in range(3):
        page = layout(5, 3, controls(47), number, selects=False)
        seen += [b.label for b in page.buttons if b.row != 4]
    assert seen == [f"Play {n}" for n in range(47)]


def test_a_page_past_the_end_is_clamped_to_the_last() -> None:
    page = layout(5, 3, controls(47), 99, selects=False)
    assert page.number == 2
    assert next(b for b in page.buttons if b.label == play_texts.PAGER_NEXT).disabled


def test_a_big_group_becomes_selects_of_at_most_25_options() -> None:
    page = layout(5, 3, [Control("pass", "Pass"), *controls(60, "Play a card…")], selects=True)
    assert [b.label for b in page.buttons] == ["Pass"]
    assert [len(s.options) for s in page.selects] == [25, 25, 10]
    assert all(s.placeholder == "Play a card…" for s in page.selects)
    for select in page.selects:
        parsed = parse_custom_id(select.custom_id)
        assert parsed is not None and is_pick(parsed.key)
        assert all(Action.from_key(0, o.value).kind == "play" for o in select.options)
    assert len({s.custom_id for s in page.selects}) == 3


@given(
    sizes=st.lists(st.integers(1, 40), min_size=1, max_size=6),
    selects=st.booleans(),
    page=st.integers(0, 50),
)
def test_any_mix_of_groups_stays_within_discords_limits(
    sizes: list[int], selects: bool, page: int
) -> None:
    found = [
        Control(f"k{g}.{n}", f"Choice {g}-{n}", f"group {g}")
        for g, size in enumerate(sizes)
        for n in range(size)
    ]
    shown = layout(9, 1, found, page, selects=selects)
    rows = {b.row for b in shown.buttons} | {s.row for s in shown.selects}
    assert rows <= set(range(5))
    assert not {b.row for b in shown.buttons} & {s.row for s in shown.selects}
    for row in rows:
        assert sum(1 for b in shown.buttons if b.row == row) <= 5
    assert all(len(s.options) <= 25 for s in shown.selects)
    ids = [b.custom_id for b in shown.buttons] + [s.custom_id for s in shown.selects]
    assert len(ids) == len(set(ids))
    # Every action is reachable on exactly one page.
    keys: list[str] = []
    for number in range(shown.count):
        p = layout(9, 1, found, number, selects=selects)
        keys += [parse_custom_id(b.custom_id).key for b in p.buttons if b.row != 4 or p.count == 1]  # type: ignore[union-attr]
        keys += [o.value for s in p.selects for o in s.options]
    assert sorted(keys) == sorted(c.key for c in found)


def test_pager_and_pick_keys_are_never_action_keys() -> None:
    # Action kinds are letters, digits and underscores: a "-" can never parse as one.
    for key in ("page-0", "page-at", "pick-3"):
        try:
            Action.from_key(0, key)
        except ValueError:
            continue
        raise AssertionError(f"{key} parsed as an action")


def test_a_menu_group_is_a_select_however_few_it_holds() -> None:
    found = [
        Control("roll", "Roll"),
        Control("die", "Declare yourself dead", "More…", menu=True),
    ]
    page = layout(1, 1, found)
    assert [b.label for b in page.buttons] == ["Roll"]
    assert [[o.label for o in s.options] for s in page.selects] == [["Declare yourself dead"]]


def test_secondary_moves_wait_behind_one_more_step() -> None:
    # Issue 18: the turn's main moves first; gear, selling and trading one "More…" away.
    found = [
        Control("kick", "Open the door"),
        Control("end_turn", "End turn"),
        *[Control(f"sell.{n}", f"Sell {n}", "Your gear…", secondary=True) for n in range(3)],
    ]
    first = layout(5, 3, found)
    assert [b.label for b in first.buttons] == [
        "Open the door",
        "End turn",
        play_texts.PAGER_MORE,
    ]
    more = parse_custom_id(first.buttons[-1].custom_id)
    assert more is not None and page_of(more.key) == 1 and first.stepped
    second = layout(5, 3, found, 1)
    assert [b.label for b in second.buttons] == [
        "Sell 0",
        "Sell 1",
        "Sell 2",
        play_texts.PAGER_BACK,
    ]
    back = parse_custom_id(second.buttons[-1].custom_id)
    assert back is not None and page_of(back.key) == 0


def test_only_secondary_moves_are_shown_at_once() -> None:
    # Nothing else to do (a free actor's trades): no step in front of them.
    found = [Control(f"sell.{n}", f"Sell {n}", secondary=True) for n in range(3)]
    page = layout(5, 3, found)
    assert [b.label for b in page.buttons] == ["Sell 0", "Sell 1", "Sell 2"]
    assert not page.stepped


@given(main=st.integers(1, 60), more=st.integers(1, 60), page=st.integers(0, 50))
def test_every_move_is_on_a_page_either_side_of_the_step(main: int, more: int, page: int) -> None:
    found = [Control(f"a.{n}", f"Main {n}") for n in range(main)]
    found += [Control(f"b.{n}", f"Other {n}", secondary=True) for n in range(more)]
    seen: set[str] = set()
    count = layout(9, 1, found, selects=False).count
    for number in range(count):
        shown = layout(9, 1, found, number, selects=False)
        ids = [b.custom_id for b in shown.buttons]
        assert len(ids) == len(set(ids))  # Discord: one custom id per component
        assert {b.row for b in shown.buttons} <= set(range(5))
        seen |= {b.label for b in shown.buttons}
    assert {c.label for c in found} <= seen
    assert layout(9, 1, found, page, selects=False).number < count


def test_a_long_label_is_cut_for_a_phone_and_kept_whole_underneath() -> None:
    long = "Offer Bartholomew your Pot-Lid Buckler for their Boots"
    page = layout(5, 3, [Control(f"o.{n}", f"{long} {n}", "Trade…") for n in range(7)])
    [select] = page.selects
    assert all(len(o.label) <= 40 for o in select.options)
    assert select.options[0].description is not None
    assert select.options[0].description.startswith(long)
    button = layout(5, 3, [Control("o.1", long)]).buttons[0]
    assert len(button.label) <= 40 and button.label.endswith("…")


def test_a_person_looks_next_on_the_next_page_then_behind_more() -> None:
    # issue 18: the e2e driver and bench/ux.py walk a hand with page_turn, as a person would
    more, nxt = play_texts.PAGER_MORE, play_texts.PAGER_NEXT
    assert page_turn([("p", "Pass", True), ("m", more, True), ("n", nxt, True)]) == "n"
    assert page_turn([("m", more, True), ("n", nxt, False)]) == "m"  # the last page of a part
    assert page_turn([("b", play_texts.PAGER_BACK, True), ("p", "Pass", True)]) is None
