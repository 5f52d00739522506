"""The camera setup teaches the whole box (issue 9, item 5): every piece of Tsuro of the
Seas' box once, both pieces of a tile the box holds twice, the second marked on its sheet;
Tsuro's one sheet as it always was; and a profile taught one piece per pattern still reads.
No app is built here: the screen's run through the sheets is in test_ui_camera_setup."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import cv2
import pytest

from companion.core.board import GAME_BOARDS, Side, Square
from companion.core.locations import read_data
from companion.tsuro.tiles import PATTERNS, Tile
from ui.camera import VetMark
from ui.model import BoardPicture
from ui.sim_camera import SimCamera
from ui.teach_sheets import (
    box_photos,
    box_words,
    kaiju_words,
    table_pieces,
    two_photos,
    veterans_pieces,
)
from ui.vision_camera import VisionCamera
from ui.wizard import CameraSetup
from vision.reading import Daikaiju, VetPiece
from vision.teach_plan import game_patterns, other_pieces

SEAS = "tsuro-of-the-seas"
BOARD = GAME_BOARDS[SEAS]


def _patterns(sheet: dict[Square, Any]) -> list[Tile]:
    return [p.pattern() for p in sheet.values() if isinstance(p, Tile)]


@pytest.mark.parametrize("daikaiju", [0, 2, 10])
@pytest.mark.parametrize("veterans", [False, True], ids=["plain", "veterans"])
def test_every_piece_of_the_seas_box_is_laid_once(daikaiju: int, veterans: bool) -> None:
    box = game_patterns(SEAS)
    vets = veterans_pieces() if veterans else ()
    sheets = box_photos(BOARD, box, daikaiju, vets)
    assert sheets is not None
    # two sheets of pieces, each with a square to spare, then the bare board
    assert len(sheets) == 3 and all(set(s) == set(BOARD.squares()) for s in sheets)
    assert all(p is None for p in sheets[2].values())
    assert all(sum(p is None for p in s.values()) >= 1 for s in sheets)
    # each piece of the box once: a pattern as often as the box holds it, never twice a sheet
    assert Counter(p for s in sheets for p in _patterns(s)) == Counter(box)
    assert all(len(_patterns(s)) == len(set(_patterns(s))) for s in sheets)
    kaiju = [p for s in sheets for p in s.values() if isinstance(p, Daikaiju)]
    assert len(kaiju) == daikaiju and all(k.facing is Side.NORTH for k in kaiju)
    # the first sheet is the set as one sheet always laid it (each pattern once, two
    # daikaiju and the Veterans pieces); the second holds the other pieces and the box's
    # other daikaiju
    assert sheets[0] == two_photos(BOARD, box, min(daikaiju, 2), vets)[0]  # type: ignore[index]
    assert [p for p in sheets[0].values() if isinstance(p, VetPiece)] == list(vets)
    assert len(_patterns(sheets[0])) == len(held := Counter(box))
    assert all(isinstance(p, Tile | Daikaiju) for p in sheets[1].values() if p is not None)
    assert sum(isinstance(p, Daikaiju) for p in sheets[1].values()) == max(daikaiju - 2, 0)
    # the second piece of each doubled tile is named, and it lies on the second sheet,
    # turned otherwise than the first where the tile has more than one orientation
    others = other_pieces(sheets, box)
    assert not others[0] and not others[2]
    assert Counter(sheets[1][sq].pattern() for sq in others[1]) == Counter(
        {p: 1 for p, n in held.items() if n == 2})
    first = {p.pattern(): p for p in sheets[0].values() if isinstance(p, Tile)}
    for sq in others[1]:
        second = sheets[1][sq]
        assert isinstance(second, Tile)
        if len(second.rotations()) > 1:
            assert second != first[second.pattern()], sq


def test_the_owners_own_wake_tile_set_is_the_box(tmp_path: Path) -> None:
    """The set as the game loads it: an owner's edited copy in the data directory."""
    owned = [PATTERNS[4], PATTERNS[4], PATTERNS[9], PATTERNS[9], PATTERNS[9], PATTERNS[2]]
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "seas_wake_tiles.json").write_text(
        json.dumps({"tiles": [t.notation() for t in owned]}))
    setup = CameraSetup(SimCamera(), SEAS, tmp_path / "profile")
    sheets = setup.sheets
    assert len(sheets) == 4  # a tile held three times: three sheets of pieces, then bare
    assert Counter(p for s in sheets for p in _patterns(s)) == Counter(owned)
    marked = [setup.sheet_picture(n).others for n in range(len(sheets))]
    assert [len(m) for m in marked] == [0, 2, 1, 0]


def test_tsuros_sheets_are_as_they_always_were(tmp_path: Path) -> None:
    """A Tsuro box holds every tile once: one sheet, pattern i turned i quarter turns, in
    board order from r1c1 (one square to spare), then the bare board."""
    squares = GAME_BOARDS["tsuro"].squares()
    first: dict[Square, Any] = dict.fromkeys(squares)
    first.update(zip(squares, (t.rotated(i) for i, t in enumerate(PATTERNS)), strict=False))
    setup = CameraSetup(SimCamera(), "tsuro", tmp_path)
    assert setup.sheets == [first, dict.fromkeys(squares)]
    assert not setup.sheet_picture(0).others and box_words(setup.sheet_picture(0), False) == ""
    # the older plan, one piece per pattern, is the same two photos for Tsuro
    assert two_photos(GAME_BOARDS["tsuro"], PATTERNS, 0) == setup.sheets


def test_the_simulated_table_lays_each_sheet_as_drawn(tmp_path: Path) -> None:
    cam = SimCamera()
    setup = CameraSetup(cam, SEAS, tmp_path, veterans=True)
    for n, sheet in enumerate(setup.sheets):
        assert setup.lay_sheet_on_simulated_table(n)
        laid = cam.table.pieces
        assert laid == table_pieces(sheet)
        assert sum(isinstance(p, VetMark) for p in laid.values()) == (4 if n == 0 else 0)
        assert sum(isinstance(p, Tile) for p in laid.values()) == len(_patterns(sheet))
    setup.finish()
    assert cam.table.pieces == {}


def test_a_profile_taught_one_piece_per_pattern_still_loads_and_reads(tmp_path: Path) -> None:
    """An owner who taught before the whole box was: the lesson is kept and read with."""
    from vision.teach_plan import TeachAlbum

    cam = SimCamera()
    profile = tmp_path / "profile"
    old = two_photos(BOARD, game_patterns(SEAS), 2)
    assert old is not None
    album = TeachAlbum(profile / "7x7", BOARD)
    for sheet in old:
        cam.table.pieces = table_pieces(sheet)
        album.add(cam.frame(7, 7), sheet)
    assert album.learn(game=SEAS).startswith("learned 37 pieces")
    setup = CameraSetup(cam, SEAS, profile)
    # the first sheet is the one taught before: its photo is kept, the other pieces and the
    # bare board are asked for
    assert setup.photographed == {0} and setup.sheets[0] == old[0]
    board: dict[Square, Tile | Side] = {Square(1, 1): PATTERNS[7].rotated(1), Square(4, 4): PATTERNS[20],
                                        Square(6, 2): PATTERNS[33].rotated(3),
                                        Square(2, 6): Side.EAST, Square(5, 6): Side.SOUTH,
                                        Square(7, 7): Side.WEST}
    cam.table.pieces = dict(board)
    photo = tmp_path / "game.png"
    cv2.imwrite(str(photo), cam.frame(7, 7))
    seen = VisionCamera(f"file:{photo}", str(profile)).read(BoardPicture(7, 7, game=SEAS))
    for sq in BOARD.squares():
        want = board.get(sq)
        if isinstance(want, Tile):
            assert seen[sq].tile == want, sq
        elif want is not None:
            assert (seen[sq].content, seen[sq].facing) == ("daikaiju", want), sq
        else:
            assert seen[sq].content == "empty", sq


def test_each_daikaiju_tile_of_the_box_is_laid_once_and_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The box's ten daikaiju print their own arrows and numbers: each is laid once, named
    as the deck names it, two on the first sheet (as it always was) and eight beside the
    second pieces; the guide names the ones of its sheet."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    setup = CameraSetup(SimCamera(), SEAS, tmp_path / "profile")
    pictures = [setup.sheet_picture(n) for n in range(len(setup.sheets))]
    named = [[name for _, name in sorted(p.kaiju_names.items())] for p in pictures]
    deck = [f"{n} {c}" for n in range(1, 6) for c in ("gold", "blue")]
    assert named == [deck[:2], deck[2:], []]
    assert all(set(p.kaiju_names) == set(p.daikaiju) for p in pictures)
    assert kaiju_words(pictures[0]).endswith("(here 1 gold and 1 blue)")
    assert "(here 2 gold, 2 blue, 3 gold" in kaiju_words(pictures[1])
    assert kaiju_words(pictures[2]) == ""
    # the owner's own deck names them (a tile turning on another number, say)
    cards, _ = read_data("daikaiju.json", None, ValueError, "daikaiju deck")  # the shipped one
    cards["cards"][0]["rotation"] = 4
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "daikaiju.json").write_text(json.dumps(cards))
    with pytest.warns(UserWarning):  # the loader says the tile turns on another face
        picture = CameraSetup(SimCamera(), SEAS, tmp_path / "profile").sheet_picture(0)
    assert sorted(picture.kaiju_names.values()) == ["1 blue", "4 gold"]
    # a deck file that cannot be read: the pieces are laid all the same, unnamed
    (tmp_path / "data" / "daikaiju.json").write_text("{")
    picture = CameraSetup(SimCamera(), SEAS, tmp_path / "profile").sheet_picture(1)
    assert len(picture.daikaiju) == 8 and not picture.kaiju_names
    assert kaiju_words(picture) == ", and the daikaiju facing as its arrow"
    # Tsuro's sheets name none
    assert not CameraSetup(SimCamera(), "tsuro", tmp_path / "t").sheet_picture(0).kaiju_names
