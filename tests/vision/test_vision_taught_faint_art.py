"""A bare square whose faint printed art reaches the rim points (issue 9, found on a mixed
look of benchmarks/vision_mixes.py --taught): the taught reader finds the square's own bare
look there, and the paths' ends on the art no longer turn that into ``unknown``."""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
import pytest
from vision_helpers import mixed_look

from companion.core.board import GAME_BOARDS
from vision import looks, read_combine
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
        rng = np.random.default_rng([2026, 105, 7, b])  # as vision_mixes.py draws them
        position = looks.random_position(rng, 7, 7, "tsuro-of-the-seas",
                                         float(rng.uniform(0.2, 0.9)))
        assert position[r2c1] is None
        photo, _ = looks.board_photo(waves.name, 7, 7, position, int(rng.integers(0, 2**31)),
                                     hand=b % 4 == 3, game="tsuro-of-the-seas")
        reader = BoardReader(SEAS, templates, game="tsuro-of-the-seas", options=frozenset())
        return reader.read(photo).squares[r2c1].content

    assert [read(b) for b in (8, 11)] == [Content.EMPTY, Content.EMPTY]
    monkeypatch.setattr(read_combine, "BARE_LIKE", 2.0)  # no square so like its own look
    assert [read(b) for b in (8, 11)] == [Content.UNKNOWN, Content.UNKNOWN]
