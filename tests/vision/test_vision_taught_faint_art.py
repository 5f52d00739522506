"""A bare square whose faint printed art reaches the rim points (issue 9, found on a mixed
look of benchmarks/vision_mixes.py --taught): the taught reader finds the square's own bare
look there, and the paths' ends on the art no longer turn that into ``unknown``."""

from __future__ import annotations

import pytest
from vision_helpers import mix_photo, mixed_look, taught_set

from companion.core.board import GAME_BOARDS
from vision import recognise
from vision.reading import Content
from vision.recognise import BoardReader

SEAS = GAME_BOARDS["tsuro-of-the-seas"]


def test_a_bare_square_of_faint_waves_is_read_bare(monkeypatch: pytest.MonkeyPatch) -> None:
    waves = mixed_look(2, 5)  # faint waves printed on the board, plain where taught
    assert waves.board == "waves"
    templates = taught_set(waves.name, 7, "tsuro-of-the-seas")
    r2c1 = SEAS.square("r2c1")

    def read(b: int) -> Content:
        photo, position, _ = mix_photo(waves.name, 5, 7, "tsuro-of-the-seas", b)
        assert position[r2c1] is None
        reader = BoardReader(SEAS, templates, game="tsuro-of-the-seas", options=frozenset())
        return reader.read(photo).squares[r2c1].content

    assert [read(b) for b in (8, 11)] == [Content.EMPTY, Content.EMPTY]
    # its own bare look no word against the paths: not read bare
    monkeypatch.setattr(recognise, "own_look", lambda *_: False)
    assert Content.EMPTY not in [read(b) for b in (8, 11)]
