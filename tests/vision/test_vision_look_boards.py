"""The further printed boards of the mixed looks (vision.look_boards, issue 9): each kind
draws lines across the squares in the board's own shades, the same picture from the same
seed, and a name no kind has is refused."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from vision import look_boards, looks
from vision.look_pieces import board_art

PLAIN = replace(looks.spec("mottled"), name="plain-board", board="plain")


@pytest.mark.parametrize("kind", look_boards.KINDS)
def test_each_kind_prints_art_with_fine_lines_across_the_squares(kind: str) -> None:
    spec = replace(PLAIN, name=f"board-{kind}", board=kind)
    art = board_art(spec, 0, 4, 4, 112).astype(np.float32)
    plain = board_art(PLAIN, 0, 4, 4, 112).astype(np.float32)
    inner = (slice(8, -8), slice(8, -8))  # away from the grid lines
    assert float(np.abs(art - plain)[inner].mean()) > 5.0
    # fine lines: a second difference far above a plain board's noise, somewhere in most
    # squares (the art runs on across them, as printed art does)
    grey = art.mean(axis=2)
    lap = np.abs(grey[1:-1, 2:] + grey[1:-1, :-2] - 2 * grey[1:-1, 1:-1])
    squares = [lap[r * 112 + 8:(r + 1) * 112 - 8, c * 112 + 8:(c + 1) * 112 - 8].max()
               for r in range(4) for c in range(4)]
    assert sum(s > 20 for s in squares) >= 12
    assert np.array_equal(board_art(spec, 0, 4, 4, 112), board_art(spec, 0, 4, 4, 112))
    assert not np.array_equal(board_art(spec, 0, 4, 4, 112), board_art(spec, 1, 4, 4, 112))


def test_a_board_no_kind_is_named_for_is_refused() -> None:
    with pytest.raises(ValueError, match="no board art called 'plaid'"):
        look_boards.draw("plaid", np.zeros((8, 8, 3), np.float32), np.random.default_rng(0),
                         8, (0.0, 0.0, 0.0))


def test_held_out_prints_none_of_them() -> None:
    assert looks.spec(looks.HELD_OUT).board not in look_boards.KINDS


def test_a_look_naming_no_board_art_is_refused_when_registered() -> None:
    with pytest.raises(looks.LookError, match="no board art called 'plaid'"):
        looks.register(replace(PLAIN, name="plaid-board", board="plaid"))
    assert set(look_boards.KINDS) < set(looks.BOARDS)
