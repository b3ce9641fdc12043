"""The pager of paged answers (leaderboard, history, replay): Back / Next, First / Last for a
replay, every custom id distinct and parseable, and the view sent stopped like the table's."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.delivery import paging
from bot.words import league_texts, play_texts


def parts(view: discord.ui.View) -> list[tuple[str, bool, paging.PageId]]:
    out = []
    for item in view.children:
        assert isinstance(item, paging.PageButton)
        button: Any = item.item
        out.append((button.label, button.disabled, item.page_id))
    return out


@given(pages=st.integers(2, 60), data=st.data())
def test_first_back_next_last_aim_where_they_say(pages: int, data: st.DataObject) -> None:
    page = data.draw(st.integers(0, pages - 1))
    view = paging.pager("replay", 9, page, pages, ends=True)
    (first, back, forward, last) = parts(view)
    assert [first[0], back[0], forward[0], last[0]] == [
        league_texts.BUTTON_FIRST,
        league_texts.BUTTON_PAGE_BACK,
        league_texts.BUTTON_NEXT,
        league_texts.BUTTON_LAST,
    ]
    assert first[2].page == 0 and last[2].page == pages - 1
    assert back[2].page == max(page - 1, 0) and forward[2].page == page + 1
    assert first[1] == back[1] == (page == 0)
    assert forward[1] == last[1] == (page == pages - 1)
    ids = [str(p[2]) for p in (first, back, forward, last)]
    assert len(set(ids)) == 4  # Discord refuses two components with one custom id
    assert all(paging.PAGE_PATTERN.fullmatch(i) for i in ids)


async def test_the_pager_is_sent_stopped_and_without_ends_by_default() -> None:
    view = paging.pager("hist", 5, 1, 3)
    assert view.is_finished()  # discord.py keeps nothing: clicks come through PageButton
    assert [p[0] for p in parts(view)] == [league_texts.BUTTON_PAGE_BACK, league_texts.BUTTON_NEXT]


def test_the_back_button_is_not_the_afk_take_back_button() -> None:
    assert league_texts.BUTTON_PAGE_BACK == "Back"
    labels = [p[0] for p in parts(paging.pager("hist", 5, 1, 3))]
    assert play_texts.BUTTON_AFK_BACK not in labels


def test_ends_refuse_a_kind_that_uses_extra() -> None:
    with pytest.raises(ValueError):
        paging.pager("board", 1, 0, 3, "classic", ends=True)


def test_a_single_page_has_no_page_buttons() -> None:
    # Greyed-out Back/Next under a one-page list only look broken.
    assert parts(paging.pager("hist", 5, 0, 1)) == []
    assert parts(paging.pager("replay", 9, 0, 1, ends=True)) == []
