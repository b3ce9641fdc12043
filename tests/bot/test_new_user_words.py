"""Words a new player tripped on in the playground (issue 27, played as new users, 2 Dec 2026),
each as it reads now: /help's list of games without nested brackets, the lobby's AI line,
a quest step's cost in Move, a card's gold value named, and a bid nobody can undercut."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bot.games.quest import render, words
from bot.games.quest.cards import content
from bot.screens.lobby_tools import lobby_terms
from bot.words import texts
from cogs.welcome import games_named
from engine.core import Action, Rng
from engine.games import load_game
from tests.bot.render_support import make_match


def test_help_lists_the_games_without_brackets_in_brackets() -> None:
    said = texts.HELP_TEXT.format(games=games_named())
    assert "))" not in said
    assert "AI seats: " in said


def test_the_lobby_says_how_far_ai_players_fill_the_table() -> None:
    said = lobby_terms(make_match("quest", 1, status="lobby"), 2)
    assert "AI players fill the table up to 2 seats" in said


def test_a_step_says_its_cost_in_move() -> None:
    assert words.link_cost("open", 1) == "1 Move"
    assert words.link_cost("door", 1) == "door, 1 Move"
    assert words.link_cost("locked", 3) == "locked, 3 Move"
    assert words.link_cost("hidden", 0) == "hidden"


def test_a_card_s_gold_value_is_named() -> None:
    found = next(t for t in content().treasures if t.text and t.value)
    said = render._card_words(found)
    assert said.endswith(f"Worth {found.value} gold.")


def test_a_bid_nobody_can_undercut_asks_for_help_for_no_share() -> None:
    game = load_game("quest")
    renderer = render.QuestRenderer()
    seen: set[str] = set()
    for seed in range(30):
        state = game.new(4, seed)
        thinkers = [Rng(seed).fork(k) for k in range(4)]
        for _ in range(2500):
            deciders = sorted(game.deciders(state))
            if game.outcome(state) is not None or not deciders:
                break
            seat = deciders[0]
            pending = state.pending[-1] if state.pending else None
            if pending is not None and pending.kind == "bid" and pending.seat == seat:
                said = renderer.decision(
                    renderer.read(game.view(state, seat)), ["A", "B", "C", "D"]
                )
                assert said is not None and "fewer than" not in said
                seen.add("free" if "help for no share" in said else "bid")
                if "free" in seen:
                    return
            game.apply(state, game.ai_action(state, seat, thinkers[seat], "heuristic"))
    raise AssertionError(f"no bid at 1 Treasure came up (seen: {seen})")


def test_the_table_s_last_line_says_what_its_number_is() -> None:
    """Played as new users: "move 119" at turn 3 read as a count of moves; it is the
    match's version (every stored change), so it says it numbers the table's updates."""
    from bot.screens.table import render_table

    game = load_game("quest")
    state = game.new(2, 3)
    shown = render_table(make_match("quest", 2, version=119), game.view(state, None)).text
    last = shown.splitlines()[-1]
    assert last == "-# Update 119 of this table" and "move 119" not in shown


def test_a_monster_with_no_base_yet_says_nothing_of_a_base() -> None:
    """Played as new users: "no base yet" in a fight's monster line read as something
    missing; while its base is rolled the table's die line says what was rolled."""
    game = load_game("quest")
    renderer = render.QuestRenderer()
    for seed in range(40):
        state = game.new(2, seed)
        thinkers = [Rng(seed).fork(k) for k in range(2)]
        for _ in range(800):
            deciders = sorted(game.deciders(state))
            if game.outcome(state) is not None or not deciders:
                break
            view = renderer.read(game.view(state, None))
            window = view.window
            if view.fight is not None and window is not None and window.what == "base":
                fields = renderer.table_fields(view, ["A", "B"], ["", ""]) or []
                fight = fields[0].value
                assert fields[0].name == "" and fight.startswith("**Fight** against")
                assert "base" not in fight.splitlines()[0]
                return
            seat = deciders[0]
            game.apply(state, game.ai_action(state, seat, thinkers[seat], "heuristic"))
    raise AssertionError("no fight waited on its monster's base")


def _hands(seats: int, seeds: range, steps: int) -> Iterator[tuple[Any, int, list[Action]]]:
    """Seat views and their legal actions along seeded heuristic quest matches."""
    game = load_game("quest")
    for seed in seeds:
        state = game.new(seats, seed)
        thinkers = [Rng(seed).fork(k) for k in range(seats)]
        for _ in range(steps):
            deciders = sorted(game.deciders(state))
            if game.outcome(state) is not None or not deciders:
                break
            for seat in range(seats):
                yield game.view(state, seat), seat, game.legal_actions(state, seat)
            seat = deciders[0]
            game.apply(state, game.ai_action(state, seat, thinkers[seat], "heuristic"))


def _hand(view: Any, actions: list[Action]) -> Any:
    from bot.screens.table import render_hand

    return render_hand(make_match("quest", len(view.seats)), view, actions)


def test_put_in_play_and_use_now_say_what_differs() -> None:
    """Played as new users: "Play Purse of Coins" and "Use Purse of Coins" side by side read
    alike; one puts the card in play, the other uses it up now."""
    for view, _, actions in _hands(2, range(20), 300):
        cards = {a.args[0] for a in actions if a.kind == "play"}
        both = [a for a in actions if a.kind == "use" and a.args[0] in cards]
        if both:
            card = both[0].args[0]
            shown = _hand(view, actions)
            labels = [o.label for s in shown.selects for o in s.options]
            labels += [b.label for b in shown.buttons]
            name = next(x for x in labels if x.startswith("Use ") and x.endswith(" now"))[4:-4]
            assert f"Put {name} in play" in labels, (card, labels)
            return
    raise AssertionError("no card was both playable and usable")


def test_a_lone_declare_yourself_dead_is_its_own_button_that_asks_yes() -> None:
    """Played as new users: "Declare yourself dead" alone behind "Items, cards, deals,
    trades…" in a fight, a select offering nothing worth a tap. Issue 27.2: it still asks
    "Yes, …" once (the bot asks before any move the game calls irreversible)."""
    from bot.plugins import irreversible

    for view, _, actions in _hands(2, range(20), 400):
        kinds = {a.kind for a in actions}
        if view.fight is None or "die" not in kinds:
            continue
        shown = _hand(view, actions)
        if any(s.placeholder == words.G_MORE for s in shown.selects):
            continue  # other side moves share the menu: it offers more than dying
        [dead] = [b for b in shown.buttons if b.label == words.LABELS["die"]]
        assert dead.style == "secondary" or str(dead.style).endswith("secondary")
        key = next(a.key for a in actions if a.kind == "die")
        assert irreversible("quest", key)
        return
    raise AssertionError("no fight offered only dying among its side moves")


def test_the_getting_ready_hand_s_select_says_it_puts_cards_in_play() -> None:
    """Played as new users: the getting-ready hand's Play options sat under "Items, cards,
    deals, trades…"; they are cards to put in play, and the placeholder says so."""
    game = load_game("quest")
    state = game.new(2, 2)
    shown = _hand(game.view(state, 0), game.legal_actions(state, 0))
    assert [s.placeholder for s in shown.selects] == [words.G_PLAY]


def test_a_wandering_monster_s_label_says_its_name_once() -> None:
    name = next(d.name for d in content().dxm if d.kind == "wander")
    label = words.LABELS["wander"].format(card=name)
    assert label.lower().count(name.lower()) == 1 and "fight" in label


def test_the_explorer_s_card_says_why_one_would_skip_it() -> None:
    said = words.DECIDE_PENDING["explore_dxm"]
    assert "skip it to keep your hand small" in said and "Twist card" in said


def test_the_trade_builder_s_gold_reads_without_gold_twice() -> None:
    from bot.games.quest import trade_terms

    said = words.TT_GOLD_NOW.format(what=trade_terms._gold(0, "Bob"))
    assert said == "No gold changes hands"
    assert words.TT_GOLD_NOW.format(what=trade_terms._gold(100, "Bob")) == "You pay 100 gold"


def test_settings_say_a_clock_in_minutes_beside_its_seconds() -> None:
    # found playing the playground: "Turn timer: 900s", "Idle lobbies close after: 900s"
    assert texts.seconds_read(45) == "45s"
    assert texts.seconds_read(60) == "1 minute (60s)"
    assert texts.seconds_read(900) == "15 minutes (900s)"
    assert texts.seconds_read(90) == "1 min 30s (90s)"


def test_the_base_pick_says_why_only_players_colours_are_offered() -> None:
    """Played: "Pick the base colour of the new monster." offered blue and green after a
    purple roll without saying why (R51: the rolled colour has no free base, nobody plays
    purple in a two-player game)."""
    from engine.quest.game import Quest
    from engine.quest.scenario import build

    game = load_game("quest")
    assert isinstance(game, Quest)
    setup = {"seats": 2, "tiles": ["r01a"], "links_draw": ["passage"] * 3}
    setup |= {"monster_deck": ["rat_choir"], "monster_die": ["purple"]}
    state = build(game, setup, [{"at": [0, 0]}, {"at": [0, 0]}], {"die_windows": 0})
    game.apply(state, Action(0, "go", ("E",)))
    game.apply(state, Action(0, "skip", ()))
    assert {a.kind for a in game.legal_actions(state, 0)} == {"base"}
    said = render.QuestRenderer().decision(game.view(state, 0), ["Alice", "Bob"])
    assert said == (
        "The monster die shows purple, which has no free base: pick the new monster's base"
        " from the players' colours."
    )
