"""A bare square is checked against its own colour as taught (issue 9): a board prints art
in more than one colour, so a plain bare square unlike the board's other plain squares is
no hand. Found on a mixed look of waves in two colours (benchmarks/vision_mixes.py
--taught, mix 5-1), where such squares were left `unknown` on every photo."""

from __future__ import annotations

import contextlib
from pathlib import Path

import numpy as np
import pytest

from companion.core.board import GAME_BOARDS
from vision import looks
from vision.errors import ProfileError
from vision.look_files import write_teach_set
from vision.look_pieces import LookSpec
from vision.profile import load_templates
from vision.reading import Content
from vision.recognise import BoardReader
from vision.teach import teach
from vision.templates import TEMPLATES_FILE

SEAS = GAME_BOARDS["tsuro-of-the-seas"]
TWO_WAVES = LookSpec(  # mix seed 5, look 1 of benchmarks/vision_mixes.py, as drawn
    "mix-5-1", texture="water", tile=(50.75208337107475, 71.89358339824857, 124.31866664251216),
    tile_spread=7.90048523958496, path=(214.55083542799923, 196.1675419729076,
                                        184.0417663622709),
    path_width=0.025935566296056443, path_alpha=0.5419808802164252, bend=0.2132624378843609,
    wobble=0.004438402450880462, bridges=0.4722305646995568, glow=0.21164186044691,
    edge=(113.72853187523828, 71.75460323540625, 18.24539676459375),
    kaiju=(98.10067831020649, 80.18993216897935, 49.810067831020646),
    kaiju_body=(167.9226967432118, 207.9226967432118, 191.0386516283941), board="waves",
    board_colour=(66.6701495529953, 102.94764629138606, 56.408381009925606),
    grid=(158.0251981930131, 147.98320120465795, 113.94960361397384),
    frame=(65.30800962276427, 46.70431287379614, 25.69815162551594), size=0.9623422080341373)


@pytest.fixture(scope="module")
def profile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    with contextlib.suppress(looks.LookError):  # registered already in this run
        looks.register(TWO_WAVES)
    where = tmp_path_factory.mktemp("two-waves")
    teach(write_teach_set(TWO_WAVES.name, 7, 7, "tsuro-of-the-seas", where, 2026), SEAS,
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
        photo, _ = looks.board_photo(TWO_WAVES.name, 7, 7, position,
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
