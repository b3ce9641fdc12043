"""Screenshots of the screens issue 18 judges, at a phone's 400 px and a desktop width, with
their heights: the classic table and Alice's hand in her first fight and on an ordinary turn,
the bargain builder's hand, the duel table and hand in a fight, and the duel table and Alice's
hand in a response window once Bob's Pass counted ("Passed ✓ 1/2", issue 27.4); quest's table
and hand at the first moment of each kind (a turn, a fight, each window, after the monsters
moved; issue 27.6).

    .venv/bin/python bench/ux_shots.py [--seed 2] [--out DIR] [--game GAME]

(GAME: classic, duel, quest, both, all, moments-classic / moments-duel for each moment, or
charity: quest's charity builder, from a staged hand of eight cards with three tied seats;
levels: quest's Buy a level… and Mend… builders, from a hurt Cleric's staged hand.)

(``--out`` defaults to ``backstab-ux-shots`` in the temporary folder.)

Seeded matches of ``bench/ux.py`` (Alice and Bob choose what the heuristic would, from the
table; AI seats fill classic to four), stopped at each moment; each shot is SimCord's preview
(fixed width at 400 px, responsive on desktop) in Playwright with the system's Chromium,
taken once every picture has loaded, clipped to the message. It prints one line per shot:
its name, width and height in px (the whole message: header and log link included). Needs
what the phone figures need (``bench/_uxphone.py``). Not a test: look at the pictures.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench._uxphone import PICTURES_LOADED  # noqa: E402
from bench._uxplay import Player, Seats  # noqa: E402
from bench.ux import seeded, simulated, unpaced  # noqa: E402
from bot.words import lobby_texts  # noqa: E402

WIDTHS = ((400, "phone"), (1100, "desktop"))
PAGE_HEIGHT = 4000
READY_MS = 30_000
MOVES = 300


async def shoot(env: Any, channel: Any, viewer: Any, ids: list[int], name: str, out: Path) -> None:
    """The messages ``ids`` as ``viewer`` sees them, one PNG each per width."""
    from playwright.async_api import async_playwright

    for width, tag in WIDTHS:
        display = "fixed" if width <= 400 else "responsive"
        preview = env.preview(
            channel,
            viewers=[viewer],
            layout="channel",
            display=display,
            width=width,
            height=PAGE_HEIGHT,
        )
        async with preview, async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=shutil.which("chromium"))
            try:
                page = await browser.new_page(viewport={"width": width, "height": PAGE_HEIGHT})
                await page.goto(preview.url)
                found = [f'.channel-message[data-message-id="{i}"]' for i in ids]
                for selector in found:
                    await page.wait_for_selector(
                        f"{selector} .message-components", timeout=READY_MS
                    )
                await page.wait_for_function(PICTURES_LOADED, timeout=READY_MS)
                for n, selector in enumerate(found):
                    message = await page.query_selector(selector)
                    box = await message.bounding_box() if message is not None else None
                    assert box is not None, f"{name}: message {n} not laid out"
                    path = out / f"{name}-{n}-{tag}.png"
                    await page.screenshot(path=str(path), clip=box)
                    print(f"{path.name}: {width} x {round(box['height'])} px", flush=True)
            finally:
                await browser.close()


async def classic(scratch: Path, seed: int, out: Path) -> None:
    async with simulated(scratch, "shots-classic") as (env, channel, people):
        with seeded(seed):
            seats = await Seats.open(env, channel, people, "classic", 4)
        players = [Player(seats, n, person) for n, person in enumerate(people)]
        rng = random.Random(seed)
        done: set[str] = set()
        for _ in range(MOVES):
            decision = await seats.next_decision(rng)
            if decision is None or done >= {"fight", "turn", "bargain"}:
                return
            seat, action = decision
            moment = None
            if seat == 0 and seats.in_a_fight() and "fight" not in done:
                moment = "fight"
            elif seat == 0 and not seats.in_a_fight() and seats.state.phase == "trouble":
                moment = None if "turn" in done else "turn"
            elif action.kind in ("propose", "demand") and "bargain" not in done:
                moment = "bargain"
            if moment is not None:
                done.add(moment)
                person = people[seat]
                hand = await person.click(seats.table(), label=lobby_texts.BUTTON_HAND)
                assert hand.response is not None
                shown = [hand.response.id]
                if moment != "bargain":
                    shown.insert(0, seats.table_id)
                await shoot(env, channel, person, shown, f"classic-{moment}", out)
            await players[seat].decide(action, "table")


async def duel(scratch: Path, seed: int, out: Path) -> None:
    async with simulated(scratch, "shots-duel") as (env, channel, people):
        with seeded(seed):
            seats = await Seats.open(env, channel, people, "duel", None)
        players = [Player(seats, n, person) for n, person in enumerate(people)]
        rng = random.Random(seed)
        fought = False
        for _ in range(MOVES):
            decision = await seats.next_decision(rng)
            if decision is None:
                return
            seat, action = decision
            if seat == 0 and getattr(seats.state, "fight", None) is not None and not fought:
                hand = await people[0].click(seats.table(), label=lobby_texts.BUTTON_HAND)
                assert hand.response is not None
                shown = [seats.table_id, hand.response.id]
                await shoot(env, channel, people[0], shown, "duel-fight", out)
                fought = True
            await players[seat].decide(action, "table")
            window = seats.game.window(seats.state)
            if fought and window is not None and 1 in window.passed and 0 in window.waiting_on():
                hand = await people[0].click(seats.table(), label=lobby_texts.BUTTON_HAND)
                assert hand.response is not None
                shown = [seats.table_id, hand.response.id]
                await shoot(env, channel, people[0], shown, "duel-window-passed", out)
                return


async def moments(scratch: Path, seed: int, out: Path, game: str = "quest") -> None:
    """A game from the table: the table and the deciding person's hand at the first moment
    of each kind (``bench.ux.moment``: a turn, a fight, each window, quest's turn after the
    monsters moved)."""
    from bench.ux import SEATS, moment

    async with simulated(scratch, f"shots-{game}-moments") as (env, channel, people):
        with seeded(seed):
            seats = await Seats.open(env, channel, people, game, SEATS[game])
        players = [Player(seats, n, person) for n, person in enumerate(people)]
        rng = random.Random(seed)
        done: set[str] = set()
        for _ in range(MOVES):
            decision = await seats.next_decision(rng)
            if decision is None:
                return
            seat, action = decision
            kind = moment(seats.game, seats.state)
            if kind not in done:
                done.add(kind)
                person = people[seat]
                hand = await person.click(seats.table(), label=lobby_texts.BUTTON_HAND)
                assert hand.response is not None
                name = f"{game}-" + kind.replace(":", "-")
                await shoot(env, channel, person, [seats.table_id, hand.response.id], name, out)
            await players[seat].decide(action, "table")


CHARITY_HAND = ["go_up", "go_up", "fizzy_tonic", "rusty_dagger", "horned_cap", "quilted_vest"]


def _staged(specs: list[dict[str, Any]]) -> Any:
    """``Quest.new`` patched so every quest match starts from ``specs`` (a seat each), built
    by the engine's scenario builder on the deal it always makes."""
    from unittest import mock

    from engine.quest.game import Quest
    from engine.quest.scenario import build

    deal = Quest.new

    class Dealer:  # the engine as the scenario builder needs it, dealing as it always does
        def __init__(self, game: Quest) -> None:
            self.content, self.game = game.content, game

        def new(self, seats: int, seed: int, options: Any = None) -> Any:
            return deal(self.game, seats, seed, options)

    def staged(game: Quest, seats: int, seed: int, options: Any = None) -> Any:
        setup = {"seats": seats, "seed": seed, "monster_die": ["purple"]}
        return build(Dealer(game), setup, specs, options)  # type: ignore[arg-type]

    return mock.patch.object(Quest, "new", staged)


def control(message: Any, start: str) -> str:
    """The custom id of the button labelled, or the select whose placeholder starts,
    ``start``."""
    from bench._uxscreens import walk

    found = walk(message.components)
    words = [(c.get("label") or c.get("placeholder") or "", c) for c in found]
    found_ids = [c["custom_id"] for said, c in words if said.startswith(start)]
    assert found_ids, (start, [said for said, _ in words if said])
    return str(found_ids[0])


async def charity(scratch: Path, seed: int, out: Path) -> None:
    """Quest's charity builder (issue 27.5): Alice ends her turn at level 3 holding eight
    cards, the three others tied at level 1; her hand as it opens, then once she chose three
    cards (who gets which), then once Bob's is set."""
    hand = [*CHARITY_HAND, "buckler", "fizzy_tonic"]
    specs = [{"level": 3, "hand": hand}, {"level": 1}, {"level": 1}, {"level": 1}]
    with _staged(specs):
        async with simulated(scratch, "shots-charity") as (env, channel, people):
            with seeded(seed):
                seats = await Seats.open(env, channel, people, "quest", 4)
            alice = people[0]
            opened = await alice.click(seats.table(), label=lobby_texts.BUTTON_HAND)
            assert opened.response is not None
            end = control(opened.response, "End turn")
            shown = (await alice.click(opened.response, custom_id=end)).response
            assert shown is not None
            await shoot(env, channel, alice, [shown.id], "quest-charity", out)
            cards = control(shown, "Choose 3")
            state = seats.game.new(4, 0)
            chosen = [str(c) for c in state.hand[0][2:5]]
            shown = (await alice.select(shown, chosen, custom_id=cards)).response
            assert shown is not None
            await shoot(env, channel, alice, [shown.id], "quest-charity-chosen", out)
            who = control(shown, "Which goes to")
            picked = [str(state.hand[0][3])]
            shown = (await alice.select(shown, picked, custom_id=who)).response
            assert shown is not None
            await shoot(env, channel, alice, [shown.id], "quest-charity-split", out)


SALE_HAND = ["pointy_hat", "lucky_ring", "sword_of_meh", "bucket_helm", "rusty_dagger"]


async def levels(scratch: Path, seed: int, out: Path) -> None:
    """Quest's Buy a level… and Mend… builders (issue 27.5): Alice, a hurt Cleric with five
    items in her hand, one in play and 300 gold; each builder as it opens, then with cards
    chosen (a sale worth too little, one that buys the level, two cards to mend with)."""
    from bot.games.quest import level_sale, mend, words

    alice_spec = {"gold": 300, "hits": 2, "roles": ["cleric"], "items": ["chain_shirt"]}
    with _staged([{**alice_spec, "hand": SALE_HAND}, {}, {}, {}]):
        async with simulated(scratch, "shots-levels") as (env, channel, people):
            with seeded(seed):
                seats = await Seats.open(env, channel, people, "quest", 4)
            alice = people[0]
            state = seats.game.new(4, 0)
            cards = {seats.game.content.cid[c]: str(c) for c in state.hand[0]}
            for entry, name, picks in (
                (
                    level_sale.key(()),
                    "quest-level-sale",
                    (["rusty_dagger"], ["pointy_hat", "lucky_ring"]),
                ),
                (mend.key(()), "quest-mend", (["rusty_dagger", "bucket_helm"],)),
            ):
                opened = await alice.click(seats.table(), label=lobby_texts.BUTTON_HAND)
                assert opened.response is not None
                more = control(opened.response, words.G_MORE)
                shown = (await alice.select(opened.response, [entry], custom_id=more)).response
                assert shown is not None
                await shoot(env, channel, alice, [shown.id], name, out)
                for n, chosen in enumerate(picks):
                    select = control(shown, "Choose")
                    values = [cards[c] for c in chosen]
                    shown = (await alice.select(shown, values, custom_id=select)).response
                    assert shown is not None
                    await shoot(env, channel, alice, [shown.id], f"{name}-chosen{n + 1}", out)


async def main(seed: int, out: Path, game: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch, unpaced():
        if game in ("classic", "both", "all"):
            await classic(Path(scratch), seed, out)
        if game in ("duel", "both", "all"):
            await duel(Path(scratch), seed, out)
        if game in ("quest", "all"):
            await moments(Path(scratch), seed, out, "quest")
        if game == "charity":
            await charity(Path(scratch), seed, out)
        if game == "levels":
            await levels(Path(scratch), seed, out)
        if game.startswith("moments-"):
            await moments(Path(scratch), seed, out, game.removeprefix("moments-"))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2)
    default = Path(tempfile.gettempdir()) / "backstab-ux-shots"
    parser.add_argument("--out", type=Path, default=default)
    parser.add_argument(
        "--game",
        choices=(
            "classic",
            "duel",
            "quest",
            "both",
            "all",
            "charity",
            "levels",
            "moments-classic",
            "moments-duel",
        ),
        default="both",
    )
    args = parser.parse_args()
    asyncio.run(main(args.seed, args.out, args.game))
