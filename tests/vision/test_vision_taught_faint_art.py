"""A bare square whose faint printed art reaches the rim points (issue 9, found on a mixed
look of benchmarks/vision_mixes.py --taught): the taught reader finds the square's own bare
look there, and the paths' ends on the art no longer turn that into ``unknown``."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from vision_helpers import mix_photo, mixed_look

from companion.core.board import GAME_BOARDS
from vision import recognise
from vision.look_files import write_teach_set
from vision.profile import load_templates
from vision.reading import Content
from vision.recognise import BoardReader
from vision.teach import teach

SEAS = GAME_BOARDS["tsuro-of-the-seas"]


def test_a_bare_square_of_faint_waves_is_read_bare(monkeypatch: pytest.MonkeyPatch) -> None:
    waves = mixed_look(2, 5)  # faint waves printed on the board, plain where taught
    assert waves.board == "waves"
    with tempfile.TemporaryDirectory() as tmp:
        teach(write_teach_set(waves.name, 7, 7, "tsuro-of-the-seas", Path(tmp), 2026), SEAS,
              Path(tmp) / "profile")
        templates = load_templates(Path(tmp) / "profile")
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
