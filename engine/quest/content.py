"""The loaded dungeon: room faces with their arrows, the link pool, and the three decks as
flat tables indexed by card instance id (state holds only ints; SPEC 3.0)."""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.cards.loader import card_set_digest, load_card_file
from engine.core.errors import CardDataError
from engine.quest.defs import DxmDef, LinkDef, MonsterDef, PatternDef, RoomDef, TreasureDef

COLOURS = ("blue", "green", "red", "yellow", "purple", "orange")  # READING R17, SPEC 3.1
DIRS = ("N", "E", "S", "W")
DELTA = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
PASSAGE, DOOR, LOCKED, HIDDEN, WALL = 0, 1, 2, 3, 4
LINK_NAMES = ("passage", "door", "locked", "hidden", "wall")
KIND_OF_NAME = {n: i for i, n in enumerate(LINK_NAMES)}
TILES = 24
ENTRANCE = 0  # room index of the Entrance face


@dataclass(frozen=True, slots=True)
class Content:
    rooms: tuple[RoomDef, ...]
    arrows: tuple[tuple[str | None, ...], ...]  # per room, per colour: "N".."W" or None
    room_index: dict[str, int]
    faces: dict[int, tuple[int, int]]  # tile number -> (face a room index, face b)
    link_costs: tuple[int | None, ...]  # by link kind: Move cost (None = cannot)
    link_pool: tuple[int, ...]  # 73 link kinds (front faces)
    monsters: tuple[MonsterDef, ...]
    treasures: tuple[TreasureDef, ...]
    dxm: tuple[DxmDef, ...]
    # card instances: deck letter and definition index per instance id
    deck_of: tuple[str, ...]
    def_of: tuple[int, ...]
    digest: str
    # per card instance, for the hot paths (legal actions, stats): "" where it does not apply
    kind: tuple[str, ...] = ()  # DxM kind
    cid: tuple[str, ...] = ()  # definition id
    big: tuple[bool, ...] = ()

    def monster(self, card: int) -> MonsterDef:
        return self.monsters[self.def_of[card]]

    def treasure(self, card: int) -> TreasureDef:
        return self.treasures[self.def_of[card]]

    def dxm_card(self, card: int) -> DxmDef:
        return self.dxm[self.def_of[card]]

    def name(self, card: int) -> str:
        return self.cid[card]

    def instances(self, deck: str, def_id: str) -> list[int]:
        return [
            c
            for c in range(len(self.deck_of))
            if self.deck_of[c] == deck and self.name(c) == def_id
        ]


def _patterns(path: Path) -> dict[str, PatternDef]:
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    out: dict[str, PatternDef] = {}
    for entry in raw.get("pattern", []):
        try:
            p = PatternDef.model_validate(entry)
        except Exception as exc:
            raise CardDataError(path.as_posix(), str(entry.get("id")), None, str(exc)) from exc
        out[p.id.upper()] = p
    return out


def _links(path: Path) -> list[LinkDef]:
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    out = []
    for entry in raw.get("link", []):
        try:
            out.append(LinkDef.model_validate(entry))
        except Exception as exc:
            raise CardDataError(path.as_posix(), str(entry.get("id")), None, str(exc)) from exc
    return out


def load_content(folder: Path) -> Content:
    rooms = load_card_file(folder / "rooms.toml", RoomDef, "room")
    patterns = _patterns(folder / "patterns.toml")
    arrows: list[tuple[str | None, ...]] = []
    faces: dict[int, list[int]] = {}
    for i, room in enumerate(rooms):
        if room.arrows == "none":
            arrows.append((None,) * 6)
        elif room.arrows in patterns:
            p = patterns[room.arrows]
            arrows.append(
                tuple(
                    None if d == "-" else d
                    for d in (p.blue, p.green, p.red, p.yellow, p.purple, p.orange)
                )
            )
        else:
            raise CardDataError("rooms.toml", room.id, "arrows", f"unknown pattern {room.arrows!r}")
        if room.tile:
            faces.setdefault(room.tile, []).append(i)
    if rooms[ENTRANCE].id != "entrance":
        raise CardDataError("rooms.toml", rooms[0].id, "id", "the first room must be the entrance")
    for tile, pair in faces.items():
        if len(pair) != 2:
            raise CardDataError("rooms.toml", f"tile {tile}", "tile", "a tile needs two faces")
    if len(faces) != TILES:
        raise CardDataError("rooms.toml", None, "tile", f"expected {TILES} tiles")
    links = _links(folder / "links.toml")
    costs: list[int | None] = [1, 1, 3, 3, None]
    pool: list[int] = []
    for link in links:
        kind = KIND_OF_NAME[link.kind]
        costs[kind] = None if link.kind == "wall" else link.cost
        pool.extend([kind] * link.count)
    monsters = load_card_file(folder / "monsters.toml", MonsterDef, "monster")
    treasures = load_card_file(folder / "treasures.toml", TreasureDef, "card")
    dxm = load_card_file(folder / "dxm.toml", DxmDef, "card")
    return assemble(rooms, arrows, costs, pool, monsters, treasures, dxm)


def assemble(
    rooms: Sequence[RoomDef],
    arrows: Sequence[tuple[str | None, ...]],
    costs: Sequence[int | None],
    pool: Sequence[int],
    monsters: Sequence[MonsterDef],
    treasures: Sequence[TreasureDef],
    dxm: Sequence[DxmDef],
) -> Content:
    """The flat tables from the dungeon's definitions (read from ``data/quest`` or from a
    match's pinned copy, ``engine/quest/__init__.py``)."""
    faces: dict[int, list[int]] = {}
    for i, room in enumerate(rooms):
        if room.tile:
            faces.setdefault(room.tile, []).append(i)
    deck_of: list[str] = []
    def_of: list[int] = []
    for letter, defs in (("T", treasures), ("D", dxm), ("M", monsters)):
        for i, d in enumerate(defs):
            for _ in range(d.copies):
                deck_of.append(letter)
                def_of.append(i)
    digest = card_set_digest([*rooms, *monsters, *treasures, *dxm])
    ids = {"T": [t.id for t in treasures], "D": [d.id for d in dxm], "M": [m.id for m in monsters]}
    cid = tuple(ids[d][i] for d, i in zip(deck_of, def_of, strict=True))
    dkinds = tuple(dxm[i].kind if d == "D" else "" for d, i in zip(deck_of, def_of, strict=True))
    big = tuple(d == "T" and treasures[i].big for d, i in zip(deck_of, def_of, strict=True))
    return Content(
        rooms=tuple(rooms),
        arrows=tuple(arrows),
        room_index={r.id: i for i, r in enumerate(rooms)},
        faces={t: (p[0], p[1]) for t, p in faces.items()},
        link_costs=tuple(costs),
        link_pool=tuple(pool),
        monsters=tuple(monsters),
        treasures=tuple(treasures),
        dxm=tuple(dxm),
        deck_of=tuple(deck_of),
        def_of=tuple(def_of),
        digest=digest,
        kind=dkinds,
        cid=cid,
        big=big,
    )
