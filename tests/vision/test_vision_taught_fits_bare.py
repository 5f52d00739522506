"""Whether a taught set fits the board also asks that it reads some bare squares bare
(issue 9): another edition's set may name the few tiles of a sparse board as the paths do
while its bare looks, another board's, fit none of the board's many bare squares."""

from __future__ import annotations

from companion.tsuro.tiles import PATTERNS
from vision.read_combine import BARE_ASKED, TAUGHT_BARE, cannot_fit, taught_fits
from vision.read_decide import EMPTY, Call

TILES = ["10325476", "36507214", "62143705", "24051376", "57326041"]


def _board(rest: int, read_bare: int) -> tuple[list[Call], list[Call]]:
    """A sparse board: the five tiles named by both readers alike, then ``rest`` squares
    the paths name no tile on, ``read_bare`` of them read bare by the taught reader."""
    paths = [Call(t, 0.9, 2.0) for t in TILES] + [Call(None, 0.3)] * rest
    taught = [Call(t, 0.9) for t in TILES] + [Call(EMPTY, 0.9)] * read_bare \
        + [Call(None, 0.2)] * (rest - read_bare)
    return taught, paths


def test_a_set_naming_a_sparse_boards_tiles_but_reading_nothing_bare_does_not_fit() -> None:
    taught, paths = _board(31, 0)
    assert not taught_fits(taught, paths, len(taught), True)


def test_a_set_that_reads_a_few_bare_squares_bare_still_fits() -> None:
    # the owner's own set on a steep photo: few of the bare squares, but some
    few = max(1, int(TAUGHT_BARE * 31 + 0.999))
    taught, paths = _board(31, few)
    assert taught_fits(taught, paths, len(taught), True)
    assert not taught_fits(*_board(31, few - 1), len(taught), True)


def test_a_full_board_with_few_other_squares_is_judged_on_its_tiles_alone() -> None:
    # fewer than BARE_ASKED squares without a tile: nothing to ask of the bare looks
    taught, paths = _board(BARE_ASKED - 1, 0)
    assert len(taught) >= 12
    assert taught_fits(taught, paths, len(taught), True)


def test_a_reread_of_a_few_squares_keeps_the_verdict_before() -> None:
    taught = [Call(TILES[0], 0.9), Call(None, 0.2), Call(None, 0.2)]
    paths = [Call(TILES[0], 0.9, 2.0), Call(None, 0.3), Call(None, 0.3)]
    assert taught_fits(taught, paths, 3, True)
    assert not taught_fits(taught, paths, 3, False)


def test_naming_many_of_the_paths_tiles_does_not_make_up_for_reading_nothing_bare() -> None:
    # another edition whose paths are drawn alike (seas read with a set taught on reeds):
    # the tiles named as the paths name them, none of the other squares read bare
    many = [str(p) for p in PATTERNS[:15]]
    paths = [Call(t, 0.9, 2.0) for t in many] + [Call(None, 0.3)] * 21
    taught = [Call(t, 0.9) for t in many] + [Call(None, 0.2)] * 21
    assert not taught_fits(taught, paths, 36, True)
    assert cannot_fit(taught, 36)  # known before the paths are read at the set's bend
    # the owner's own set on a steep photo reads a few of those squares bare, and fits
    some = [Call(t, 0.9) for t in many] + [Call(EMPTY, 0.9)] * 2 + [Call(None, 0.2)] * 19
    assert taught_fits(some, paths, 36, False)
    assert not cannot_fit(some, 36)
