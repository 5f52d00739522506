"""The screenshot command's window pictures: a pop-up fills its window at every size.

``companion screenshots`` takes pop-ups with the whole window at 800x480 and 1280x720 in
one headless window. The window used to be read back from its own framebuffer, which the
SDL offscreen driver keeps at the size it was created with, so the 1280x720 picture held
the pop-up cut off at 800x480 and undefined pixels around it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

SIZES = ((800, 480), (1280, 720))
# the pop-ups' own background (rgba 0.1, 0.11, 0.14 in ui/kv/common.kv), as OpenCV's BGR
POPUP_BGR = (36, 28, 26)


@pytest.fixture
def harness(tmp_path: Path, exact_camera: None) -> Iterator[Any]:
    from test_ui_app import make

    h = make(tmp_path, seed=4, size=SIZES[0])
    yield h
    h.stop()
    h.app.ctx.close()


def _popup_extent(path: Path) -> tuple[float, float, float, float]:
    """Left, right, bottom, top of the pop-up's background in a picture, as fractions of it
    (bottom-up, like Kivy): the columns and rows with at least 1% of its colour."""
    import cv2
    import numpy as np

    img = cv2.imread(str(path))
    assert img is not None, path
    mask = (np.abs(img.astype(int) - POPUP_BGR).max(axis=2) <= 3)
    height, width = mask.shape
    cols = np.nonzero(mask.mean(axis=0) >= 0.01)[0]
    rows = np.nonzero(mask.mean(axis=1) >= 0.01)[0]
    assert cols.size and rows.size, f"no pop-up in {path.name}"
    return (cols[0] / width, (cols[-1] + 1) / width,
            1 - (rows[-1] + 1) / height, 1 - rows[0] / height)


def _open(kind: str) -> Any:
    from ui.widgets.pickers import DicePopup, TilePicker

    popup = TilePicker(title="Pick the tile") if kind == "tile" else DicePopup(mode="pair")
    popup.open(animation=False)
    return popup


def _assert_laid_out_for(h: Any, popup: Any, size: tuple[int, int]) -> None:
    """The real widgets: the pop-up is its size_hint of the window, centred, its content
    fills it, and the app's unit follows the window."""
    win_w, win_h = h.Window.size
    assert (win_w, win_h) == size
    sx, sy = popup.size_hint
    assert popup.width == pytest.approx(sx * win_w) and popup.height == pytest.approx(sy * win_h)
    assert popup.center == pytest.approx([win_w / 2, win_h / 2])
    content = popup.children[0]
    assert list(content.size) == pytest.approx(list(popup.size))
    assert h.app.u == pytest.approx(max(0.6, min(win_h / 480, win_w / 800)))


@pytest.mark.parametrize("kind", ["tile", "dice"])
def test_a_pop_up_fills_its_window_in_every_picture(harness: Any, tmp_path: Path, kind: str
                                                     ) -> None:
    import cv2

    from ui.screenshots import shoot_sizes

    h = harness
    popup = _open(kind)
    h.frames(6)
    paths = shoot_sizes(h, tmp_path / "shots", f"popup-{kind}", SIZES, window=True)
    assert [p.name for p in paths] == [f"popup-{kind}-{w}x{ht}.png" for w, ht in SIZES]
    sx, sy = popup.size_hint
    # the pop-up's rectangle in the picture, as a fraction of it, is the same at both sizes
    expected = ((1 - sx) / 2, (1 + sx) / 2, (1 - sy) / 2, (1 + sy) / 2)
    for (w, ht), path in zip(SIZES, paths, strict=True):
        img = cv2.imread(str(path))
        assert img is not None and img.shape[:2] == (ht, w), path.name
        extent = _popup_extent(path)
        assert extent == pytest.approx(expected, abs=0.01), (path.name, extent)
    # and the widgets measured after the pictures, at each size again
    _assert_laid_out_for(h, popup, SIZES[0])
    for size in (SIZES[1], SIZES[0]):
        h.resize(size)
        _assert_laid_out_for(h, popup, size)
    popup.dismiss(animation=False)
