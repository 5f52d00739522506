"""The taught tiles kept at the photo's own scale (issue 9, round 7): saved in and loaded
from a profile, optional (an older profile without them loads and reads as before)."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest
from vision_helpers import differing

from companion.core.board import GAME_BOARDS
from vision import looks
from vision.profile import load_templates
from vision.recognise import BoardReader
from vision.taught_large import SOURCE
from vision.templates import TEMPLATES_FILE


def _strip(profile: Path, where: Path) -> Path:
    """A copy of ``profile`` as taught before the large crops were kept."""
    shutil.copytree(profile, where)
    with np.load(where / TEMPLATES_FILE, allow_pickle=False) as data:
        arrays = {k: data[k] for k in data.files if not k.startswith("large_")}
    np.savez_compressed(where / TEMPLATES_FILE, **arrays)
    return where


def test_a_profile_keeps_each_taught_tile_at_the_photos_scale(taught: Path) -> None:
    t = load_templates(taught)
    assert t.large is not None and t.model is not None and t.model.fine is not None
    assert t.large.taught_crops.shape[1:] == (SOURCE, SOURCE)
    tiles = [lb for lb in t.model.fine.taught_labels if not lb.startswith("daikaiju")]
    assert sorted(t.large.taught_labels) == sorted(tiles)
    assert all(lb in t.large for lb in t.model.fine.rows_of if not lb.startswith("daikaiju"))


def test_an_older_profile_without_them_loads_and_reads_as_before(
        taught: Path, tmp_path: Path) -> None:
    old = load_templates(_strip(taught, tmp_path / "old"))
    assert old.large is None
    new = load_templates(taught)
    new.large = None  # the reader as it was: nothing at the photo's scale
    rng = np.random.default_rng(11)
    truth = looks.random_position(rng, 6, 6, "tsuro", 0.7)
    photo, _ = looks.board_photo("mottled", 6, 6, truth, seed=11, game="tsuro")
    board = GAME_BOARDS["tsuro"]
    a = BoardReader(board, old, game="tsuro").read(photo)
    b = BoardReader(board, new, game="tsuro").read(photo)
    assert differing(a, b) == []


@pytest.mark.parametrize("name", ["large_labels", "large_crops"])
def test_a_damaged_profile_is_refused_with_one_line(taught: Path, tmp_path: Path,
                                                     name: str) -> None:
    from vision.errors import ProfileError
    where = tmp_path / "bad"
    shutil.copytree(taught, where)
    with np.load(where / TEMPLATES_FILE, allow_pickle=False) as data:
        arrays = {k: data[k] for k in data.files}
    arrays[name] = arrays[name][:1]
    np.savez_compressed(where / TEMPLATES_FILE, **arrays)
    with pytest.raises(ProfileError):
        load_templates(where)


def test_a_profile_cut_short_is_refused_with_one_line(taught: Path, tmp_path: Path) -> None:
    # a card pulled mid-save leaves a file that is not a zip (numpy raises BadZipFile, which
    # is no ValueError): the reader must still say so in one line, not crash
    from vision.errors import ProfileError
    where = tmp_path / "cut"
    shutil.copytree(taught, where)
    whole = (where / TEMPLATES_FILE).read_bytes()
    (where / TEMPLATES_FILE).write_bytes(whole[:len(whole) // 3])
    with pytest.raises(ProfileError, match="unreadable"):
        load_templates(where)
