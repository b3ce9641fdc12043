"""What a first-time player tripped over in the playground, pinned: select descriptions that
describe the wrong card, bargain buttons with "0 treasure(s)", a hand over the limit with no
word on why the turn cannot end, raw fight steps and event kinds in the duel, setup phases
called someone's turn."""

from __future__ import annotations

from bot.games.classic import words as classic_words
from bot.games.classic.cards_text import game as classic_game
from bot.games.classic.cards_text import line_of, short, stat_of
from bot.games.classic.fight_text import bargain_line
from bot.games.classic.render import ClassicRenderer
from bot.games.duel import words as duel_words
from bot.games.duel.render import DuelRenderer
from bot.screens import render_hand, render_table
from bot.screens.leaks import message_texts
from bot.words import league_texts, texts
from engine.classic.scenario import build
from engine.classic.table import HAND_LIMIT
from engine.core import Action
from tests.bot.render_support import NAMES, make_match, until

CLASSIC = ClassicRenderer()
DUEL = DuelRenderer()


def text(rendered: object) -> str:
    return "\n".join(message_texts(rendered))


def _iid(def_id: str) -> int:
    defs = classic_game().table.defs
    return next(i for i, card in enumerate(defs) if card.id == def_id)


def test_steal_and_swap_options_describe_the_item_not_the_seat() -> None:
    # 004: Thief (steal an item) and trading items: the note under an option is the item's own
    state = build(classic_game(), {"seats": 3}, [{}, {"items": ["hat_pot"]}])
    view = classic_game().view(state, 0)
    pot = _iid("hat_pot")
    card = classic_game().table.defs[pot]
    wanted = f"{line_of(card)} {stat_of(card)}".strip()
    for action in (Action(0, "steal", (1, pot)), Action(0, "offer", (1, pot, -1))):
        control = CLASSIC.control(action, view, NAMES[:3])
        assert control.description == wanted, action.kind
        assert card.name in control.label


def test_help_bargain_buttons_say_the_terms_in_plain_words() -> None:
    # 004: Asking for Help: treasure split, who picks first, gold
    view = classic_game().view(build(classic_game(), {"seats": 3}, [{}, {}, {}]), 0)
    names = NAMES[:3]

    def label(kind: str, *args: int) -> str:
        return CLASSIC.control(Action(0, kind, args), view, names).label

    assert label("propose", 0, 0, 0) == "Offer no treasure, no gold"
    assert label("propose", 1, 1, 200) == "Offer 1 treasure, they pick first, 200 gold now"
    assert label("propose", 2, 0, 0) == "Offer 2 treasures, you pick first"
    assert label("demand", 1, 1, 0) == "Ask 1 treasure, you pick first"
    assert label("propose", 0, 0, 100) == "Offer no treasure, 100 gold now"


def test_a_lasting_curse_shows_its_penalty_on_the_table() -> None:
    # 004: Curses: one that waits for the next fight weakens whoever carries it then
    jinx = _iid("curse_jinx")
    assert short(jinx).endswith("(-3 next fight)")


def test_over_the_hand_limit_the_hand_and_table_say_why_the_turn_cannot_end() -> None:
    # 004: Charity: more than five cards at the end of a turn go to the lowest-level player
    hand = ["enh_grumpy", "enh_elder", "enh_sleepy", "enh_plus_one", "mon_mold", "mon_gnat"]
    state = build(
        classic_game(), {"seats": 3, "phase": "charity"}, [{"level": 3, "hand": hand}, {}, {}]
    )
    match = make_match("classic", 3)
    view = classic_game().view(state, 0).to_json()
    words = text(render_hand(match, view, classic_game().legal_actions(state, 0)))
    assert classic_words.CHARITY_HAND.format(count=len(hand), limit=HAND_LIMIT) in words
    table = text(render_table(match, classic_game().view(state, None).to_json(), deciders=[0]))
    assert classic_words.CHARITY_WAITING.format(seat="Alice") in table
    # At the limit the turn ends normally: no such note.
    state.hands[0] = state.hands[0][:HAND_LIMIT]
    view = classic_game().view(state, 0).to_json()
    words = text(render_hand(match, view, classic_game().legal_actions(state, 0)))
    assert "may keep" not in words


def test_duel_setup_is_nobodys_turn_and_names_are_joined_with_and() -> None:
    # 000 III.A.1: opening hands are chosen before the first turn
    game, state = until("duel", 2, 3, lambda v: v["phase"] == "mulligan")
    view = game.view(state, None)
    line = DUEL.waiting_line(view, ["Alice", "Bob"], [0, 1]) or ""
    assert line.startswith("Getting ready:") and "'s turn" not in line
    assert "Alice and Bob" in line


def test_duel_fight_steps_read_as_words_and_the_defender_is_told_what_to_do() -> None:
    # 000 III.A.2.f: the defender faces the fight or runs, then readies and reveals
    game, state = until("duel", 2, 5, lambda v: (v["fight"] or {}).get("step") == "run")
    match = make_match("duel", 2)
    view = game.view(state, None).to_json()
    attacker = view["fight"]["attacker"]
    defender = NAMES[1 - attacker]
    table = text(render_table(match, view, deciders=[1 - attacker]))
    assert duel_words.STEPS["run"].format(defender=defender) in table
    assert "Step:" not in table
    assert duel_words.NO_DEFENDERS.format(name=defender) not in table  # not facing it yet
    mine = game.view(state, 1 - attacker).to_json()
    hand = text(render_hand(match, mine, game.legal_actions(state, 1 - attacker)))
    assert "Face the fight, or run away" in hand
    theirs = game.view(state, attacker).to_json()
    assert "Face the fight, or run" not in text(render_hand(match, theirs, []))


def test_duel_log_lines_for_draws_encore_and_the_stack_are_words() -> None:
    names = ["Alice", "Bob"]
    assert DUEL.event_line({"kind": "drew", "seat": 0, "count": 1}, names) == (
        "Alice draws 1 card."
    )
    assert DUEL.event_line({"kind": "drew", "seat": 1, "count": 3}, names) == "Bob draws 3 cards."
    encore = DUEL.event_line({"kind": "encore", "card": 7}, names)
    assert encore != "encore" and "stash" in encore
    assert DUEL.event_line({"kind": "stacked", "seat": 1, "card": 7}, names) == (
        "Both players may answer Bob's card."
    )


def test_the_duel_buttons_say_the_attack_is_face_down_and_what_ready_does() -> None:
    # 000 III.A.2.f: a fight starts with one card face down plus gold; the option says the
    # gold in its label and "Face down" first in its description (the label is cut at 40
    # characters on a phone: tests/bot/test_duel_hand_choices.py)
    assert "{gold} gold" in duel_words.CONTROLS["fight"][1]
    assert duel_words.FIGHT_FACE_DOWN == "Face down"
    assert "reveal the attacking card" in duel_words.CONTROLS["ready"][1]


def test_the_leaderboard_says_one_game_not_one_games() -> None:
    from bot.features.league import Board, BoardRow
    from bot.screens.league import render_board
    from bot.storage.models import PlayerRating

    rating = PlayerRating(user_id=1, mu=27.6, sigma=8.1, games=1, wins=1)
    board = Board("duel", 0, None, 0, 1, (BoardRow(1, "Alice", rating),))
    description = render_board(board).embeds[0].description or ""
    assert "(1 game, 1 won)" in description and "1 games" not in description


def test_the_deck_picker_names_each_decks_hero() -> None:
    from bot.games.duel.lobby import note

    said = f"{duel_words.DECK_PRECON} · Bard · Lirra Lutestring"
    assert note(True, {"hero": "hero_lirra"}) == said
    assert note(False, {"hero": "no-such-hero"}) == duel_words.DECK_OWN


def test_the_hand_in_a_fight_shows_the_same_strengths_as_the_table() -> None:
    # 004: Combat: whoever decides sees both sides' strength without leaving the hand
    game, state = until("classic", 4, 5, lambda v: v["combat"] is not None)
    match = make_match("classic", 4)
    fight = game.view(state, None).to_json()["combat"]
    table = text(render_table(match, game.view(state, None).to_json(), deciders=[0]))
    seat = fight["fighter"]
    hand = text(render_hand(match, game.view(state, seat).to_json(), []))
    side = classic_words.FIGHT_SIDE.format(names=NAMES[seat], strength=fight["side_strength"])
    if fight["helper"] < 0:
        assert side in hand and side in table
    for strength in fight["monster_strength"]:
        assert f"strength {strength}" in hand
    assert (fight["players_winning"] and classic_words.FIGHT_WINNING in hand) or (
        not fight["players_winning"] and classic_words.FIGHT_LOSING in hand
    )


def test_adding_a_monster_to_a_fight_reads_as_adding_it() -> None:
    assert classic_words.CONTROLS["horde"][1] == "Add {card} to the fight"


def test_the_duel_hand_spells_out_power_life_and_the_hire_cost() -> None:
    # 000 III.A.2.f: a monster is hired only when the gold sent with it covers its cost
    game, state = until("duel", 2, 3, lambda v: v["phase"] == "main")
    seat = state.active
    view = game.view(state, seat).to_json()
    hand = text(render_hand(make_match("duel", 2), view, []))
    from bot.games.duel.cards_text import card_of

    for entry in view["players"][seat]["hand"]:
        card = card_of(entry["id"])
        assert card is not None
        if card.type == "monster":
            assert f"power {card.power}, life {card.life}, hire {card.cost} gold" in hand


def test_bargain_terms_on_the_table_and_in_the_log_have_no_plural_brackets() -> None:
    # 004: Asking for Help: the share of the treasure is said in words
    names = NAMES[:3]
    line = CLASSIC.event_line(
        {"kind": "countered", "seat": 1, "to": 0, "share": 1, "gold": 0}, names
    )
    assert line == "Bob answers Alice: 1 treasure for the helper, 0 gold at once."
    from engine.classic.pending import Terms
    from engine.classic.views import FightView, PendingView

    fight = FightView(0, -1, (), (), 0, False, ())
    pending = PendingView("help", 1, (), terms=Terms(3, 1, 0, 0))
    bargain = bargain_line(pending, fight, names) or ""
    assert "3 treasures for Bob" in bargain and "(s)" not in bargain


def test_the_rules_footer_points_at_commands_a_player_can_use() -> None:
    assert "docs/" not in texts.RULES_MORE and "/rules" in texts.RULES_MORE


def test_a_profile_without_ranked_games_has_no_dash_for_a_game() -> None:
    from bot.features.league import Profile
    from bot.screens.league import render_profile

    rendered = render_profile(Profile(1, 0, None, ()), "Carol", str)
    [embed] = rendered.embeds
    assert embed.title == "Carol" and "-" not in (embed.title or "")
    assert (
        league_texts.PROFILE_NONE.format(name="Carol", season=league_texts.NO_SEASON)
        == embed.description
    )


def test_no_card_kind_reads_the_same_as_a_card_name() -> None:
    # A hand line "Name — Kind" said "Overachiever — Overachiever": the kind must add something.
    names = {card.name for card in classic_game().table.defs}
    assert not names & set({*classic_words.CARD_KINDS.values(), *duel_words.CARD_KINDS.values()})


def test_an_ai_seat_named_with_its_tag_is_not_tagged_twice() -> None:
    # The lobby names AI seats "Ada (AI)"; the table's "· AI" mark would repeat it.
    from dataclasses import replace

    game, state = until("classic", 3, 1, lambda v: v["combat"] is None)
    match = make_match("classic", 3)
    ai = replace(match.seats[2], user_id=None, ai_level="heuristic", name="Ada (AI)")
    match = replace(match, seats=(*match.seats[:2], ai))
    rendered = render_table(match, game.view(state, None).to_json(), deciders=[2])
    words = rendered.text
    assert "3. Ada (AI) · to act" in words
    assert "(AI) · AI" not in words


def test_a_deck_lists_its_cards_by_name() -> None:
    from bot.games.duel.deck_screens import card_lines
    from bot.games.duel.decks import DeckInfo

    deck = DeckInfo("Brew", "hero_ostwin", {"zz": 1, "aa": 3, "mm": 2}, ())
    names = {"zz": "Zebra", "aa": "Yak", "mm": "Aardvark"}
    assert card_lines(deck, names.__getitem__) == ["2x Aardvark", "3x Yak", "1x Zebra"]


def test_duel_hire_and_defend_lines_need_no_card_name() -> None:
    # 000 III.A.2.f: the revealed monster is hired; the defender sends cards in
    names = ["Alice", "Bob"]
    hired = DUEL.event_line({"kind": "hired", "card": 5, "paid": 1}, names)
    assert hired == "The attacking monster is hired for 1 gold."
    sent = DUEL.event_line({"kind": "committed", "seat": 1, "card": 9}, names)
    assert sent == "Bob sends a card in to defend."


def test_each_discard_top_is_named_with_its_pile() -> None:
    # 004: Card Management: two discard piles, door and treasure
    game, state = until(
        "classic",
        3,
        2,
        lambda v: v["door_discard_top"] is not None and v["treasure_discard_top"] is not None,
    )
    view = game.view(state, None).to_json()
    table = text(render_table(make_match("classic", 3), view, deciders=[0]))
    assert classic_words.DOOR_DISCARD.format(card=short(view["door_discard_top"])) in table
    assert classic_words.TREASURE_DISCARD.format(card=short(view["treasure_discard_top"])) in (
        table
    )
