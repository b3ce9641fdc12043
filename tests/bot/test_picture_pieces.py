"""Pictures pasted together from pieces drawn once in the shared palette (issue 29.4: "drawn
only when their content changes, from pre-drawn tiles on one shared palette, encoded once per
content"): a hand and a fight look as when they were drawn whole, a changed card, strength or
verdict gives a new picture, and the same content is the very same picture, not drawn again."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from bot.render import palette, pictures
from bot.render.pictures import CardFace, Side

CARDS = (
    CardFace("Rusty Dagger of Mild Peril", "item", "Item · Hand", "+2", "A blade of sorts."),
    CardFace("Gelatinous Bookkeeper", "monster", "Monster", "L8", "Audits you.", "face down"),
    CardFace("Curse of the Itchy Cloak", "curse", "Curse", "", "Lose your hat and more."),
    CardFace("Sudden Epiphany", "levelup", "Level", "+1 lv", ""),
    CardFace("Elf", "race", "Race", "", "Help anyone, win a level."),
)
ALICE = Side("Alice and Bob", 12, (CARDS[0],))
MONSTERS = Side("Monsters", 9, (CARDS[1], CARDS[2]))


@pytest.fixture(autouse=True)
def fresh() -> Iterator[None]:
    for cached in (pictures._cards_picture, pictures.tile, pictures.chip, pictures.fight_picture):
        cached.cache_clear()
    yield


def pixels(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_a_hand_pasted_from_tiles_is_the_hand_drawn_whole_in_the_palette() -> None:
    """Every pixel as the whole hand drawn in RGB and reduced to the shared palette once."""
    picture = pictures.cards_picture(CARDS)
    per_row = pictures.PER_ROW
    width = pictures.GAP + per_row * (pictures.TILE_W + pictures.GAP)
    height = 2 * pictures.GAP + pictures.tiles_height(len(CARDS))
    whole = Image.new("RGB", (width, height), palette.BACKGROUND)
    for n, card in enumerate(CARDS):
        row, col = divmod(n, per_row)
        step_x, step_y = pictures.TILE_W + pictures.GAP, pictures.TILE_H + pictures.GAP
        pictures.draw_tile(whole, pictures.GAP + col * step_x, pictures.GAP + row * step_y, card)
    expected = palette.in_palette(whole).convert("RGB")
    assert ImageChops.difference(pixels(picture.data), expected).getbbox() is None


def test_blank_is_the_background_in_the_shared_palette() -> None:
    made = palette.blank(30, 20)
    assert made.mode == "P"
    assert made.getpalette() == palette.shared_palette().getpalette()
    assert set(made.convert("RGB").getdata()) == {palette.BACKGROUND}


def reference_fight(players: Side, monsters: Side, verdict: str) -> Image.Image:
    """The fight drawn whole in RGB, as before it was pasted together (not reduced)."""
    cards = [*players.cards, *monsters.cards]
    top = pictures.GAP + pictures.Bars().height
    height = top + len(cards) * (pictures.CHIP_H + 8) + pictures.GAP
    image = Image.new("RGB", (pictures.FIGHT_W, height), palette.BACKGROUND)
    draw = ImageDraw.Draw(image)
    pictures.draw_strength(draw, pictures.GAP, pictures.FIGHT_W, players, monsters, verdict)
    for n, card in enumerate(cards):
        at = top + n * (pictures.CHIP_H + 8)
        pictures._chip(draw, pictures.GAP, at, pictures.FIGHT_W - 2 * pictures.GAP, card)
    return image


def test_a_fight_pasted_from_pieces_looks_as_the_fight_drawn_whole() -> None:
    """In the shared palette (no reduction of its own), its bars their exact colours, and
    within a shade of the unreduced drawing where text is anti-aliased."""
    picture = pictures.fight_picture(ALICE, MONSTERS, "You are winning")
    decoded = Image.open(io.BytesIO(picture.data))
    assert decoded.mode == "P"
    assert decoded.getpalette() == palette.shared_palette().getpalette()
    drawn, whole = decoded.convert("RGB"), reference_fight(ALICE, MONSTERS, "You are winning")
    assert drawn.size == whole.size
    error = sum(ImageStat.Stat(ImageChops.difference(drawn, whole)).mean) / 3
    assert error < 0.5  # octree's 48 colours were 0.09-0.13 off; these 0.11-0.14
    side = pictures.Bars().label + pictures.Bars().bar + pictures.Bars().gap
    bar_y = pictures.GAP + pictures.Bars().label + pictures.Bars().bar // 2
    assert drawn.getpixel((pictures.GAP + 20, bar_y)) == palette.PLAYERS
    assert drawn.getpixel((pictures.GAP + 20, bar_y + side)) == palette.MONSTERS


def test_the_same_fight_is_the_same_picture_and_any_change_a_new_one() -> None:
    first = pictures.fight_picture(ALICE, MONSTERS, "You are winning")
    assert pictures.fight_picture(ALICE, MONSTERS, "You are winning") is first
    changed: list[tuple[Any, ...]] = [
        (Side("Alice and Bob", 13, ALICE.cards), MONSTERS, "You are winning"),  # a strength
        (ALICE, Side("Monsters", 9, (CARDS[1], CARDS[3])), "You are winning"),  # a card
        (ALICE, MONSTERS, "The monsters are winning"),  # the verdict
        (Side("Alice", 12, ALICE.cards), MONSTERS, "You are winning"),  # who fights
    ]
    drawn = {first.data} | {pictures.fight_picture(*args).data for args in changed}
    assert len(drawn) == 1 + len(changed)


def test_the_same_hand_is_the_same_picture_and_a_changed_card_redraws_only_its_tile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn: list[str] = []
    real = pictures.draw_tile

    def counting(image: Image.Image, x: int, y: int, card: CardFace) -> None:
        drawn.append(card.title)
        real(image, x, y, card)

    monkeypatch.setattr(pictures, "draw_tile", counting)
    first = pictures.cards_picture(CARDS)
    assert pictures.cards_picture(list(CARDS)) is first
    level = CARDS[3]
    other = (*CARDS[:3], CardFace(level.title, level.kind, level.line, "+2 lv"), CARDS[4])
    second = pictures.cards_picture(other)
    assert second.data != first.data and second.digest != first.digest
    assert drawn == [c.title for c in CARDS] + [level.title]  # one new tile, the rest kept


def test_a_chip_is_drawn_once_per_card(monkeypatch: pytest.MonkeyPatch) -> None:
    chips: list[str] = []
    real = pictures._chip

    def counting(draw: ImageDraw.ImageDraw, x: int, y: int, width: int, card: CardFace) -> None:
        chips.append(card.title)
        real(draw, x, y, width, card)

    monkeypatch.setattr(pictures, "_chip", counting)
    pictures.fight_picture(ALICE, MONSTERS, "You are winning")
    pictures.fight_picture(Side(ALICE.label, 14, ALICE.cards), MONSTERS, "You are winning")
    assert sorted(chips) == sorted(c.title for c in (*ALICE.cards, *MONSTERS.cards))


def test_a_palette_of_more_than_256_colours_is_refused() -> None:
    ramps = [((n, 0, 0), (n, 255, 255)) for n in range(60)]
    with pytest.raises(ValueError, match="256"):
        palette.palette_of(ramps)
