"""Phone-width figures for ``bench/ux.py``: SimCord's preview at a fixed 400 px width, opened in
the system's Chromium, and lengths read from the laid-out page.

- ``table_height_px``: the height of the table message.
- ``controls_top_px``: how far below the top of the person's ephemeral "My hand" answer its
  first control (a button or a select) sits. That hand opens at its top.
- ``dm_controls_from_bottom_px``: in the person's DMs, how far above the bottom of the page
  the first control of their newest hand message sits (the decision's words sit right above
  it). A DM opens at its bottom, so this is what must fit one screen.

A fixed-width preview (``display="fixed"``), not the responsive one: the responsive page fits
the workspace and cuts the message off on the right at phone widths. Needs Playwright (the
``screenshots`` extra) and a ``chromium`` on PATH (``apt-get install -y chromium``); Playwright's
own browser download is not used. ``Phone`` keeps one browser open for a run's many moments.
"""

from __future__ import annotations

import importlib.util
import shutil
from types import TracebackType
from typing import Any

PHONE_WIDTH = 400
PAGE_HEIGHT = 4000  # tall enough that no message is cut by the window
READY_TIMEOUT_MS = 30_000

# A control of the message: a component button or a select, not a picture (a media gallery
# lays its pictures out as lightbox buttons: counting those put a DM's "first control" at its
# card picture, 1,119 px up instead of 190).
_CONTROL = "'.message-components .component-button, .message-components .select-trigger'"
MEASURE = f"""([table, hand]) => {{
  const message = id => document.querySelector(`.channel-message[data-message-id="${{id}}"]`);
  const t = message(table), h = hand ? message(hand) : null;
  if (!t) return null;
  const out = {{table_height_px: Math.round(t.getBoundingClientRect().height)}};
  if (h) {{
    const top = h.getBoundingClientRect().top;
    const control = h.querySelector({_CONTROL});
    out.controls_top_px = control ? Math.round(control.getBoundingClientRect().top - top) : null;
  }}
  return out;
}}"""
# The DM's newest hand: its first control's distance from the bottom of that message (the
# page's end: the DM opens there).
MEASURE_DM = f"""(hand) => {{
  const h = document.querySelector(`.channel-message[data-message-id="${{hand}}"]`);
  if (!h) return null;
  const control = h.querySelector({_CONTROL});
  if (!control) return null;
  const bottom = h.getBoundingClientRect().bottom;
  return {{dm_controls_from_bottom_px: Math.round(bottom - control.getBoundingClientRect().top)}};
}}"""


PICTURES_LOADED = "() => Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)"


def available() -> bool:
    found = importlib.util.find_spec("playwright") is not None
    return found and shutil.which("chromium") is not None


class Phone:
    """One Chromium for a run: ``lengths`` opens a preview, waits for its pictures, reads."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self._playwright: Any = None
        self._browser: Any = None

    async def __aenter__(self) -> Phone:
        from playwright.async_api import async_playwright

        self._playwright = await async_playwright().start()
        self._browser = await self._playwright.chromium.launch(
            executable_path=shutil.which("chromium")
        )
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self._browser.close()
        await self._playwright.stop()

    async def _read(self, channel: Any, viewer: Any, ids: list[int], script: str, arg: Any) -> Any:
        preview = self.env.preview(
            channel, viewers=[viewer], layout="channel", display="fixed", width=PHONE_WIDTH
        )
        async with preview:
            page = await self._browser.new_page(
                viewport={"width": PHONE_WIDTH, "height": PAGE_HEIGHT}
            )
            try:
                await page.goto(preview.url)
                for message_id in ids:
                    await page.wait_for_selector(
                        f'.channel-message[data-message-id="{message_id}"] .message-components',
                        timeout=READY_TIMEOUT_MS,
                    )
                # A picture still loading lays out as its alternative text: wait for every one.
                await page.wait_for_function(PICTURES_LOADED, timeout=READY_TIMEOUT_MS)
                return await page.evaluate(script, arg)
            finally:
                await page.close()

    async def table(self, channel: Any, table_id: int, viewer: Any) -> dict[str, Any]:
        found = await self._read(channel, viewer, [table_id], MEASURE, [str(table_id), None])
        return dict(found or {})

    async def hand(self, channel: Any, table_id: int, hand_id: int, viewer: Any) -> dict[str, Any]:
        found = await self._read(
            channel, viewer, [table_id, hand_id], MEASURE, [str(table_id), str(hand_id)]
        )
        return dict(found or {})

    async def dm(self, user: Any, hand_id: int) -> dict[str, Any]:
        found = await self._read(user.dm_channel, user, [hand_id], MEASURE_DM, str(hand_id))
        return dict(found or {})


async def measure(
    env: Any, channel: Any, table_id: int, hand_id: int, viewer: Any
) -> dict[str, Any]:
    """The two lengths for ``viewer``, with the table and their hand message in the channel."""
    async with Phone(env) as phone:
        return await phone.hand(channel, table_id, hand_id, viewer)
