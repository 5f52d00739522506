"""The pieces of Veterans of the Seas through the camera: drawn by the simulated camera,
read with the content values of docs/contracts.md 4, reported by ``vision read --json``,
and taught from the owner's photos like the daikaiju (vision/veterans.py)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from vision_helpers import VET_AT

from companion.cli import main
from companion.core.board import GAME_BOARDS, Side, Square
from companion.games import SEAS as SEAS_GAME
from companion.tsuro.tiles import Tile
from vision.drawing import OWNER
from vision.errors import LayoutError
from vision.reading import Content, VetPiece
from vision.recognise import BoardReader
from vision.simulate import Scene, random_state, render_photo
from vision.teach import parse_layout
from vision.teach_plan import TeachAlbum, layout_value, teach_sheets
from vision.veterans import PIECES, VET_FILE, is_value, label, parse, reader_for
from vision.veterans import teach as teach_veterans

SEAS = SEAS_GAME.key
BOARD = GAME_BOARDS[SEAS]
AT = VET_AT


def _board(seed: int, pieces: dict[VetPiece, Square] = AT) -> dict[Square, object]:
    state: dict[Square, object] = dict(random_state(BOARD.rows, BOARD.cols,
                                                    np.random.default_rng(seed)))
    state.update({sq: p for p, sq in pieces.items()})
    return state


def _scene(seed: int) -> Scene:
    return Scene.random(np.random.default_rng(seed + 100))


@pytest.mark.parametrize("text", ["tsunami:gold:east", "tsunami:blue:north", "uzushio:west",
                                  "portal"])
def test_a_piece_is_written_and_read_back_the_same(text: str) -> None:
    assert label(parse(text)) == text
    assert is_value(text) and layout_value(parse(text)) == text


@pytest.mark.parametrize("text", ["tsunami", "tsunami:red", "tsunami:gold:up", "portal:east",
                                  "uzushio:north:south"])
def test_a_bad_piece_is_refused_in_one_line(text: str) -> None:
    with pytest.raises(LayoutError) as err:
        parse(text)
    assert text in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_simulated_camera_reads_each_piece_with_its_contract_fields(seed: int) -> None:
    state = _board(seed)
    frame = render_photo(BOARD.rows, BOARD.cols, state, _scene(seed))
    reading = BoardReader(BOARD, game=SEAS).read(frame)
    assert reading.found
    doc = reading.to_json()["squares"]
    assert isinstance(doc, dict)
    gold, blue = doc[AT[VetPiece("tsunami", "gold", Side.EAST)].name()], \
        doc[AT[VetPiece("tsunami", "blue", Side.SOUTH)].name()]
    assert {k: gold[k] for k in ("content", "arrow", "facing")} == {
        "content": "tsunami", "arrow": "gold", "facing": "east"}
    assert {k: blue[k] for k in ("content", "arrow", "facing")} == {
        "content": "tsunami", "arrow": "blue", "facing": "south"}
    uzushio = doc[AT[VetPiece("uzushio", facing=Side.WEST)].name()]
    assert uzushio["content"] == "uzushio" and uzushio["facing"] == "west"
    portal = doc[AT[VetPiece("portal")].name()]
    assert portal["content"] == "tile" and portal["portal"] is True and "tile" not in portal
    for p, sq in AT.items():
        assert reading.squares[sq].piece() == p
    # no other square is called one of the pieces
    others = [r for sq, r in reading.squares.items() if sq not in AT.values()]
    assert not [r for r in others if r.content in (Content.TSUNAMI, Content.UZUSHIO)
                or r.portal]


def test_other_games_do_not_look_for_the_pieces() -> None:
    assert reader_for("tsuro") is None and reader_for(None) is None
    frame = render_photo(BOARD.rows, BOARD.cols, _board(4), _scene(4))
    reading = BoardReader(BOARD).read(frame)
    assert not [r for r in reading.squares.values()
                if r.content in (Content.TSUNAMI, Content.UZUSHIO) or r.portal]


def test_vision_read_json_reports_the_pieces(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    image = tmp_path / "board.png"
    frame = render_photo(BOARD.rows, BOARD.cols, _board(5), _scene(5))
    assert cv2.imwrite(str(image), frame)
    code = main(["vision", "read", "--game", SEAS, "--json", str(image)])
    out = capsys.readouterr().out
    assert code == 0
    squares = json.loads(out)["squares"]
    assert len(squares) == BOARD.rows * BOARD.cols
    contents = {name: sq["content"] for name, sq in squares.items()}
    assert contents[AT[VetPiece("uzushio", facing=Side.WEST)].name()] == "uzushio"
    assert squares[AT[VetPiece("portal")].name()].get("portal") is True
    arrows = sorted(sq.get("arrow") for sq in squares.values() if sq["content"] == "tsunami")
    assert arrows == ["blue", "gold"]
    # the text form names them too
    assert main(["vision", "read", "--game", SEAS, str(image)]) == 0
    text = capsys.readouterr().out
    assert "tsg-E" in text and "tsb-S" in text and "uzu-W" in text and "portal" in text


def _teach_owner_set(tmp_path: Path) -> Path:
    """Lay out the owner's pieces as the teach plan says, photograph each sheet, learn."""
    tile = Tile.parse("10325476")
    sheets = teach_sheets(BOARD, [tile], 0, PIECES)
    listed = [p for sheet in sheets for p in sheet.values() if isinstance(p, VetPiece)]
    assert sorted(map(label, listed)) == sorted(
        label(VetPiece(p.kind, p.arrow, s)) for p in PIECES for s in (Side.NORTH, Side.SOUTH))
    for sheet in sheets:  # one of each piece per sheet: the owner has one of each
        kinds = [label(VetPiece(p.kind, p.arrow)) for p in sheet.values()
                 if isinstance(p, VetPiece)]
        assert len(kinds) == len(set(kinds))
    profile = tmp_path / "my-set"
    album = TeachAlbum(profile, BOARD)
    for n, sheet in enumerate(sheets):
        frame = render_photo(BOARD.rows, BOARD.cols, sheet, Scene(tilt_deg=8, seed=n),
                             style=OWNER)
        album.add(frame, sheet)
    layout = json.loads(album.layout_path.read_text())
    values = {v for image in layout["images"] for v in image["squares"].values()}
    assert {"tsunami:gold:north", "tsunami:blue:south", "uzushio:north", "portal"} <= values
    assert teach_veterans(album.layout_path, BOARD, profile) == len(listed)
    assert (profile / VET_FILE).is_file()
    return profile


def test_the_owners_pieces_are_read_once_taught(tmp_path: Path) -> None:
    profile = _teach_owner_set(tmp_path)
    state = _board(6)
    frame = render_photo(BOARD.rows, BOARD.cols, state, Scene(tilt_deg=10, turn_deg=4, seed=9),
                         style=OWNER)
    # the built-in looks do not know this set: none of its pieces is called
    plain = BoardReader(BOARD, game=SEAS).read(frame)
    assert not any(plain.squares[sq].piece() == p for p, sq in AT.items())
    taught = BoardReader(BOARD, game=SEAS, veterans=reader_for(SEAS, profile)).read(frame)
    for p, sq in AT.items():
        assert taught.squares[sq].piece() == p, (p, taught.squares[sq])


def test_the_teach_command_learns_the_pieces_beside_the_tiles(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """LAYOUT.json may name the pieces; ``vision teach`` keeps their looks in the profile
    and ``vision read --profile`` uses them."""
    tile = Tile.parse("10325476")
    sheets = teach_sheets(BOARD, [tile, Tile.parse("72143650")], 0, PIECES)
    profile = tmp_path / "my-set"
    album = TeachAlbum(profile, BOARD)
    for n, sheet in enumerate(sheets):
        album.add(render_photo(BOARD.rows, BOARD.cols, sheet, Scene(tilt_deg=6, seed=n),
                               style=OWNER), sheet)
    images = parse_layout(album.layout_path, BOARD)  # the pieces are left to vision.veterans
    assert all(not isinstance(p, VetPiece) for im in images for p in im.squares.values())
    code = main(["vision", "teach", "--game", SEAS, "--profile", str(profile),
                 "--layout", str(album.layout_path)])
    assert code == 0 and (profile / VET_FILE).is_file()
    assert json.loads((profile / "teach.json").read_text())["veterans_pieces"] == 8
    image = tmp_path / "owner.png"
    assert cv2.imwrite(str(image), render_photo(BOARD.rows, BOARD.cols, _board(7), Scene(seed=3),
                                                style=OWNER))
    capsys.readouterr()
    assert main(["vision", "read", "--game", SEAS, "--profile", str(profile), "--json",
                 str(image)]) == 0
    squares = json.loads(capsys.readouterr().out)["squares"]
    for p, sq in AT.items():
        got = squares[sq.name()]
        if p.kind == "portal":
            assert got["content"] == "tile" and got["portal"] is True
        else:
            assert got["content"] == p.kind and got["facing"] == p.facing.word
            assert got.get("arrow") == p.arrow


def test_a_layout_with_a_bad_piece_is_refused_naming_it(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    layout = tmp_path / "layout.json"
    layout.write_text(json.dumps({"images": [{"path": "x.png",
                                              "squares": {"r1c1": "tsunami:green"}}]}))
    with pytest.raises(LayoutError) as err:
        parse_layout(layout, BOARD)
    assert "r1c1" in str(err.value) and "tsunami:green" in str(err.value)


def test_the_modules_examples() -> None:
    import doctest

    import vision.veterans

    result = doctest.testmod(vision.veterans)
    assert result.attempted > 0 and result.failed == 0
