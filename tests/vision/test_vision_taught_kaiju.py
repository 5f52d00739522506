"""A daikaiju the taught reader leaves open is looked at again at full size (issue 9,
vision.taught_kaiju): on pieces lying further off and more turned than the benchmark's, the
facing is called where the finer look names it clearly, and nothing is called wrong."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from companion.core.board import GAME_BOARDS
from vision import looks, recognise
from vision.look_files import write_teach_set
from vision.looks import Disorder
from vision.profile import load_templates
from vision.reading import Content, Daikaiju
from vision.recognise import BoardReader
from vision.teach import teach

SEAS = "tsuro-of-the-seas"
BOARD = GAME_BOARDS[SEAS]
SLIP = Disorder(turn_deg=(2.0, 5.0), slip=0.09)


def _tally(taught: object, boards: range) -> tuple[int, int, int]:
    """(right, unknown, wrong) over the daikaiju squares of slipped 7x7 `seas` photos."""
    right = unknown = wrong = 0
    for b in boards:
        rng = np.random.default_rng([2026, looks.LOOKS.index("seas"), 7, b])
        position = looks.random_position(rng, 7, 7, SEAS, float(rng.uniform(0.2, 0.9)))
        photo, _ = looks.board_photo("seas", 7, 7, position, int(rng.integers(0, 2**31)),
                                     game=SEAS, disorder=SLIP)
        reading = BoardReader(BOARD, taught, game=SEAS,  # type: ignore[arg-type]
                              options=frozenset()).read(photo)
        for sq, piece in position.items():
            got = reading.squares[sq]
            if isinstance(piece, Daikaiju):
                if got.content is Content.UNKNOWN:
                    unknown += 1
                elif got.piece() == piece:
                    right += 1
                else:
                    wrong += 1
            elif got.content is Content.DAIKAIJU:
                wrong += 1
    return right, unknown, wrong


@pytest.fixture(scope="module")
def seas_taught(tmp_path_factory: pytest.TempPathFactory) -> object:
    where: Path = tmp_path_factory.mktemp("seas")
    teach(write_teach_set("seas", 7, 7, SEAS, where, 2026), BOARD, where / "profile", game=SEAS)
    return load_templates(where / "profile")


def test_a_daikaiju_left_open_is_called_by_the_finer_look(
        seas_taught: object, monkeypatch: pytest.MonkeyPatch) -> None:
    boards = range(7, 12)  # photos whose slipped daikaiju the pooled look leaves open
    with_it = _tally(seas_taught, boards)
    monkeypatch.setattr(recognise, "kaiju_again", lambda model, view, candidates, calls, *sure: calls)
    without = _tally(seas_taught, boards)
    assert without[1] >= 3  # the pooled look leaves several open ...
    assert with_it[0] >= without[0] + 3  # ... of which the finer look calls most
    assert with_it[2] == without[2] == 0  # and nothing wrong


def test_a_daikaiju_is_not_called_where_a_hand_covers_part_of_the_square(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # reeds 7x7, the benchmark's photo 75 of seed 7: a hand over a bare square the pooled
    # look called a daikaiju (every quarter must fit it, as a tile's must)
    teach(write_teach_set("reeds", 7, 7, SEAS, tmp_path, 7), BOARD, tmp_path / "profile",
          game=SEAS)
    taught = load_templates(tmp_path / "profile")
    rng = np.random.default_rng([7, looks.LOOKS.index("reeds"), 7, 75])
    position = looks.random_position(rng, 7, 7, SEAS, float(rng.uniform(0.2, 0.9)))
    photo, covered = looks.board_photo("reeds", 7, 7, position, int(rng.integers(0, 2**31)),
                                       hand=True, game=SEAS)
    sq = BOARD.square("r1c6")
    assert sq in covered and position.get(sq) is None

    def read() -> Content:
        return BoardReader(BOARD, taught, game=SEAS, options=frozenset()).read(
            photo).squares[sq].content

    assert read() is Content.UNKNOWN
    monkeypatch.setattr(recognise, "kaiju_again", lambda model, view, candidates, calls, *sure: calls)
    assert read() is Content.DAIKAIJU  # what the pooled look alone calls there
