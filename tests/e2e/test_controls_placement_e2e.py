"""Controls where the eye lands (issue 27.4), through SimCord: a DM opens at its bottom, so
a hand DM ends with its decision and controls (the cards and the seats above them); the
ephemeral "My hand" answer, read from its top, opens with them."""

from __future__ import annotations

from typing import Any

from bot.words import lobby_texts
from tests.e2e.conftest import World
from tests.e2e.helpers import TEXT_DISPLAY, components, hand_dm, message_in
from tests.e2e.test_play_e2e import start_match

ACTION_ROW, BUTTON, SELECT = 1, 2, 3


def reading_order(message: Any) -> list[str]:
    """The message's parts top to bottom: "controls" for a row of controls, else the first
    words of a text display (the container's other parts left out)."""
    out: list[str] = []
    for part in components(message):
        if part.get("type") == ACTION_ROW and any(
            c.get("type") in (BUTTON, SELECT) for c in part.get("components", [])
        ):
            if not out or out[-1] != "controls":
                out.append("controls")
        elif part.get("type") == TEXT_DISPLAY:
            out.append(str(part.get("content") or "")[:30])
    return out


async def test_a_hand_dm_ends_with_its_controls_and_my_hand_opens_with_them(
    world: World,
) -> None:
    # issue 27.4
    _, table_id = await start_match(world, world.bob)
    await world.env.settle()
    dm = reading_order(hand_dm(world.alice))
    assert dm[-1] == "controls" and dm[-2].startswith("### Your hand"), dm
    opened = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert opened.response is not None
    here = reading_order(opened.response)
    first = next(i for i, part in enumerate(here) if part.startswith("### Your hand"))
    assert here[first + 1] == "controls", here
