"""A bare square is checked against its own colour as taught (issue 9): a board prints art
in more than one colour, so a plain bare square unlike the board's other plain squares is
no hand. Found on a mixed look of waves in two colours (benchmarks/vision_mixes.py
--taught, mix 5-1), where such squares were left `unknown` on every photo."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from vision_helpers import mixed_look

from companion.core.board import GAME_BOARDS
from vision import looks
from vision.errors import ProfileError
from vision.look_files import write_teach_set
from vision.profile import load_templates
from vision.reading import Content
from vision.recognise import BoardReader
from vision.teach import teach
from vision.templates import TEMPLATES_FILE

SEAS = GAME_BOARDS["tsuro-of-the-seas"]


@pytest.fixture(scope="module")
def profile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    two_waves = mixed_look(5, 1)  # waves printed in two colours
    where = tmp_path_factory.mktemp("two-waves")
    teach(write_teach_set(two_waves.name, 7, 7, "tsuro-of-the-seas", where, 2026), SEAS,
          where / "profile")
    return where / "profile"


def _bare_unknown(profile: Path) -> list[str]:
    """Bare squares left `unknown` on the photos where the odd colour showed."""
    templates = load_templates(profile)
    left = []
    for b in (1, 2, 4, 5):  # as benchmarks/vision_mixes.py draws them
        rng = np.random.default_rng([2026, 101, 7, b])
        position = looks.random_position(rng, 7, 7, "tsuro-of-the-seas",
                                         float(rng.uniform(0.2, 0.9)))
        photo, _ = looks.board_photo(mixed_look(5, 1).name, 7, 7, position,
                                     int(rng.integers(0, 2**31)), game="tsuro-of-the-seas")
        reading = BoardReader(SEAS, templates, game="tsuro-of-the-seas",
                              options=frozenset()).read(photo)
        left += [f"{b} {sq.name()}" for sq, truth in position.items()
                 if truth is None and reading.squares[sq].content is Content.UNKNOWN]
    return left


def test_bare_squares_printed_in_another_colour_are_read_bare(profile: Path) -> None:
    model = load_templates(profile).model
    assert model is not None and model.empty_colour is not None
    assert model.empty_colour.shape == (49, 3) and (model.empty_colour[:, 0] >= 0).any()
    assert _bare_unknown(profile) == []


def test_a_profile_taught_before_the_colours_were_kept_reads_as_it_did(
        profile: Path, tmp_path: Path) -> None:
    with np.load(profile / TEMPLATES_FILE, allow_pickle=False) as data:
        arrays = {k: data[k] for k in data.files if k != "empty_colour"}
    old = tmp_path / "old"
    old.mkdir()
    np.savez_compressed(old / TEMPLATES_FILE, **arrays)
    model = load_templates(old).model
    assert model is not None and model.empty_colour is None
    # against the board's other plain squares, the odd-coloured ones are left open
    assert len(_bare_unknown(old)) >= 4


def test_a_profile_with_damaged_colours_says_so(profile: Path, tmp_path: Path) -> None:
    with np.load(profile / TEMPLATES_FILE, allow_pickle=False) as data:
        arrays = {k: data[k] for k in data.files}
    arrays["empty_colour"] = arrays["empty_colour"][:5]
    np.savez_compressed(tmp_path / TEMPLATES_FILE, **arrays)
    with pytest.raises(ProfileError, match="damaged: bare colours"):
        load_templates(tmp_path)
