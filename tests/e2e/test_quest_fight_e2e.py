"""The quest fight picture and Go to… with a Grappling Hook, through SimCord (SPEC 4.1 step
3, 4.2.4, 3.14): during Alice's fight the table carries one picture, the bars above the rooms
around the fight, its alternative text naming where help may come from (the engine's rooms)
and who may be asked, and her Ask for help… lists only those seats; with the hook in play,
Go to… walks her over a wall in one choice, each step played by the engine (a match started
from a scenario file's position)."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from bot.config import Settings
from bot.games.quest import goto, words
from bot.games.quest.cards import room_name_at
from bot.words import lobby_texts
from engine.games import load_game
from engine.quest.game import Quest
from engine.quest.scenario import build
from engine.quest.state import QuestState
from tests.e2e.conftest import World
from tests.e2e.driver import open_and_start, play_to_the_end
from tests.e2e.helpers import components, message_in, selects
from tests.e2e.test_quest_e2e import QUEST_SEED, quest_bot, quest_state

if TYPE_CHECKING:
    from bot.client import Backstab

MEDIA_GALLERY = 12
HOOK_SCENARIO = Path(__file__).parents[1] / "scenarios" / "quest" / "hook_two_rooms_one_wall.toml"
QUEST = load_game("quest")


@pytest.fixture
async def simcord_bot(settings: Settings) -> Backstab:
    return quest_bot(settings)


async def _hand(world: World, table_id: int) -> Any:
    hand = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert hand.response is not None
    return hand.response


def _alt_texts(message: Any) -> list[str]:
    out = []
    for part in components(message):
        if part.get("type") == MEDIA_GALLERY:
            out += [item.get("description") or "" for item in part.get("items", [])]
    return out


def _alice_fights(state: Any) -> bool:
    f = state.fight
    return (
        f is not None
        and f.main == 0
        and f.stage == "open"
        and bool(f.mons)
        and not state.pending
        and state.window is None
    )


async def test_alice_s_fight_shows_the_rooms_help_may_come_from(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SPEC 4.1 step 3, SPEC 4.2.4
    monkeypatch.setattr("bot.core.service.secrets.randbits", lambda bits: QUEST_SEED)
    match_id, table_id = await open_and_start(world, "quest", seats=3)
    await play_to_the_end(world, match_id, table_id, {0: world.alice}, until=_alice_fights)
    state = await quest_state(world, match_id)
    view = QUEST.view(state, None)
    fight = view.fight
    assert fight is not None
    await world.env.settle()
    table = message_in(world.channel, table_id)
    assert [a.filename for a in table.attachments] == ["fight.png"]
    [alt] = _alt_texts(table)
    near = [room_name_at(view, cell) or "?" for cell in fight.help_rooms if cell != fight.cell]
    if not fight.help_rooms:
        assert words.FIGHT_NO_HELP in alt
    elif not near:
        assert words.FIGHT_HELP_HERE in alt
    else:
        assert words.FIGHT_HELP.format(rooms=" and ".join(near)) in alt or len(near) > 2
        assert all(name in alt for name in near)
    # Her Ask for help… names only the seats the engine lets her ask.
    hand = await _hand(world, table_id)
    asked = [s for s in selects(hand) if s["placeholder"] == words.G_HELP]
    names = {1: "Ada", 2: "Bram"}
    if fight.may_help:
        [menu] = asked
        offered = " ".join(o["label"] for o in menu["options"])
        assert all(names[k] in offered for k in fight.may_help)
        assert not any(names[k] in offered for k in {1, 2} - set(fight.may_help))
    else:
        assert asked == []


class _Unstaged:
    """The engine as the scenario builder needs it, dealing as it always does."""

    def __init__(self, game: Quest, deal: Callable[..., QuestState]) -> None:
        self.content, self._game, self._deal = game.content, game, deal

    def new(self, seats: int, seed: int, options: Any = None) -> QuestState:
        return self._deal(self._game, seats, seed, options)


def _stage(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    """Every quest match of the test starts from the scenario file's position (and its
    replays too, the record being seed and moves), built by the engine's scenario builder;
    the bot, SimCord and the engine play on from there as ever. A Grappling Hook with Move
    to spare for a walk over a wall comes from no seed cheaply."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    deal = Quest.new

    def staged(game: Quest, seats: int, seed: int, options: Any = None) -> QuestState:
        setup = dict(data["setup"], seats=seats, seed=seed)
        return build(_Unstaged(game, deal), setup, data["seat"], options)  # type: ignore[arg-type]

    monkeypatch.setattr(Quest, "new", staged)


async def test_go_to_climbs_a_wall_with_the_grappling_hook(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SPEC 3.14 (Grappling Hook), SPEC 4.1 step 2 (Go to…)
    _stage(monkeypatch, HOOK_SCENARIO)
    match_id, table_id = await open_and_start(world, "quest", seats=3)
    state = await quest_state(world, match_id)
    view = QUEST.view(state, 0)
    [route] = [r for r in goto.routes(view, QUEST.legal_actions(state, 0)) if r.hook]
    assert (route.steps, route.cost, route.to) == ("WW", 4, (0, 0))
    before = len(await world.bot.service.action_log(match_id))
    hand = await _hand(world, table_id)
    [menu] = [s for s in selects(hand) if s["placeholder"] == words.G_GOTO]
    [option] = [o for o in menu["options"] if o["value"] == route.key]
    assert option["label"] == "Sunlit Gate · 4 Move"
    assert words.GOTO_HOOK in option.get("description", "")
    await world.alice.select(hand, [route.key], custom_id=menu["custom_id"])
    log = await world.bot.service.action_log(match_id)
    mine = [a for a in log[before:] if a.seat == 0][: len(route.steps)]
    assert [(a.kind, str(a.args[0])) for a in mine] == [("go", "W"), ("go", "W")]
    state = await quest_state(world, match_id)
    assert state.pos[0] == (0, 0) and state.grappled  # over the wall, by the engine's rule
    await world.env.settle()
    [thread] = world.channel.threads
    posted = "\n".join(m.content or "" for m in thread.history())
    assert "Alice climbs a wall with the Grappling Hook to the Entrance." in posted
