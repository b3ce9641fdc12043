"""Phone-width figures for ``bench/ux.py``: SimCord's preview at a fixed 400 px width, opened in
the system's Chromium, and two lengths read from the laid-out page.

- ``table_height_px``: the height of the table message.
- ``controls_top_px``: how far below the top of Alice's hand (her ephemeral "My hand" answer)
  its first control (a button or a select) sits.

A fixed-width preview (``display="fixed"``), not the responsive one: the responsive page fits
the workspace and cuts the message off on the right at phone widths. Needs Playwright (the
``screenshots`` extra) and a ``chromium`` on PATH (``apt-get install -y chromium``); Playwright's
own browser download is not used.
"""

from __future__ import annotations

import importlib.util
import shutil
from typing import Any

PHONE_WIDTH = 400
PAGE_HEIGHT = 4000  # tall enough that neither message is cut by the window
READY_TIMEOUT_MS = 30_000

MEASURE = """([table, hand]) => {
  const message = id => document.querySelector(`.channel-message[data-message-id="${id}"]`);
  const t = message(table), h = message(hand);
  if (!t || !h) return null;
  const top = h.getBoundingClientRect().top;
  const control = h.querySelector(
    '.message-components button:not(.message-action-button), .message-components .select-trigger');
  return {
    table_height_px: Math.round(t.getBoundingClientRect().height),
    controls_top_px: control ? Math.round(control.getBoundingClientRect().top - top) : null,
  };
}"""


PICTURES_LOADED = "() => Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)"


def available() -> bool:
    found = importlib.util.find_spec("playwright") is not None
    return found and shutil.which("chromium") is not None


async def measure(
    env: Any, channel: Any, table_id: int, hand_id: int, viewer: Any
) -> dict[str, Any]:
    """The two lengths for ``viewer``, with the table and their hand message in the channel."""
    from playwright.async_api import async_playwright

    preview = env.preview(
        channel, viewers=[viewer], layout="channel", display="fixed", width=PHONE_WIDTH
    )
    async with preview, async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=shutil.which("chromium"))
        try:
            page = await browser.new_page(viewport={"width": PHONE_WIDTH, "height": PAGE_HEIGHT})
            await page.goto(preview.url)
            for message_id in (table_id, hand_id):
                await page.wait_for_selector(
                    f'.channel-message[data-message-id="{message_id}"] .message-components',
                    timeout=READY_TIMEOUT_MS,
                )
            # A picture still loading lays out as its alternative text: wait for every one.
            await page.wait_for_function(PICTURES_LOADED, timeout=READY_TIMEOUT_MS)
            found = await page.evaluate(MEASURE, [str(table_id), str(hand_id)])
        finally:
            await browser.close()
    return dict(found or {})
