"""The camera is told the game's options, not only its name (issue 9): a Tsuro of the Seas
game played without Veterans of the Seas never looks for the expansion's pieces, one played
with it reads them, and the app's cameras build their readers so (vision/veterans.py
``in_play``; ui/vision_camera.py, ui/sim_camera.py)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from vision_helpers import VET_AT

from companion.core.board import GAME_BOARDS, Side, Square
from companion.games import SEAS as SEAS_GAME
from vision import veterans
from vision.reading import BoardReading, Content, VetPiece
from vision.recognise import BoardReader
from vision.simulate import Scene, random_state, render_photo

SEAS = SEAS_GAME.key
BOARD = GAME_BOARDS[SEAS]
AT = VET_AT


def _frame(seed: int) -> np.ndarray:
    state: dict[Square, object] = dict(random_state(BOARD.rows, BOARD.cols,
                                                    np.random.default_rng(seed)))
    state.update({sq: p for p, sq in AT.items()})
    return render_photo(BOARD.rows, BOARD.cols, state,  # type: ignore[arg-type]
                        Scene.random(np.random.default_rng(seed + 100)))


def _vet_squares(reading: BoardReading) -> list[Square]:
    return [sq for sq, r in reading.squares.items()
            if r.content in (Content.TSUNAMI, Content.UZUSHIO) or r.portal]


def test_the_expansion_is_in_play_only_where_the_game_offers_it_and_is_played_with_it(
) -> None:
    assert veterans.in_play(SEAS, None)  # not told: whatever the box may hold
    assert veterans.in_play(SEAS, {"veterans"})
    assert veterans.in_play(SEAS, frozenset({"veterans", "phoenix"}))
    assert not veterans.in_play(SEAS, ())
    assert not veterans.in_play(SEAS, {"phoenix"})
    assert not veterans.in_play("tsuro", {"veterans"})
    assert not veterans.in_play(None, None)
    assert veterans.reader_for(SEAS, options=()) is None
    assert veterans.reader_for(SEAS, options={"veterans"}) is not None


@pytest.mark.parametrize("options", [frozenset(), frozenset({"phoenix"})])
def test_a_seas_game_without_the_expansion_never_looks_for_its_pieces(
        options: frozenset[str], monkeypatch: pytest.MonkeyPatch) -> None:
    frame = _frame(1)
    calls: list[object] = []
    real = veterans.Reader.calls

    def counted(self: veterans.Reader, *args: object, **kwargs: object) -> object:
        calls.append(args)
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(veterans.Reader, "calls", counted)
    given = veterans.reader_for(SEAS)  # even a reader handed in is not used
    reader = BoardReader(BOARD, game=SEAS, options=options, veterans=given)
    assert reader.veterans is None
    first = reader.read(frame)
    again = reader.read(frame)  # a re-read too
    assert first.found and again.found
    assert calls == []
    assert _vet_squares(first) == [] and _vet_squares(again) == []


def test_a_seas_game_with_the_expansion_reads_its_pieces() -> None:
    frame = _frame(1)
    for options in (frozenset({"veterans"}), None):
        reading = BoardReader(BOARD, game=SEAS, options=options).read(frame)
        assert reading.found
        for piece, sq in AT.items():
            assert reading.squares[sq].piece() == piece, (options, piece, reading.squares[sq])
        assert sorted(_vet_squares(reading)) == sorted(AT.values())


def test_the_app_cameras_read_the_pieces_only_in_a_game_played_with_them(
        tmp_path: Path) -> None:
    from ui.model import BoardPicture
    from ui.vision_camera import VisionCamera

    photo = tmp_path / "board.png"
    assert cv2.imwrite(str(photo), _frame(2))
    camera = VisionCamera(f"file:{photo}")
    tsunami = AT[VetPiece("tsunami", "gold", Side.EAST)]
    without = camera.read(BoardPicture(7, 7, game=SEAS, options=frozenset()))
    assert without[tsunami].content != "tsunami"
    assert not [sq for sq, seen in without.items()
                if seen.content in ("tsunami", "uzushio") or seen.portal]
    played = camera.read(BoardPicture(7, 7, game=SEAS, options=frozenset({"veterans"})))
    assert (played[tsunami].content, played[tsunami].arrow) == ("tsunami", "gold")
    camera.close()


def test_the_simulated_table_is_read_with_the_games_options() -> None:
    from ui.camera import VetMark
    from ui.model import BoardPicture
    from ui.sim_camera import SimTable, vision_sim_reader

    read = vision_sim_reader()
    assert read is not None
    table = SimTable()
    at = Square(3, 4)
    table.pieces = {at: VetMark("tsunami", "gold", Side.EAST)}
    played = read(table, BoardPicture(7, 7, game=SEAS, options=frozenset({"veterans"})), None)
    assert (played[at].content, played[at].arrow) == ("tsunami", "gold")
    without = read(table, BoardPicture(7, 7, game=SEAS, options=frozenset()), None)
    assert without[at].content != "tsunami"
