"""A tile's outline: the straight edge all round a separate piece (issue 9, item 2).

A tile is a piece of card laid on the board, a little smaller than its square, so along each
of its four sides the view changes in one straight step (the tile's edge, its shadow, the gap
between pieces), a few pixels inside the square's border, whatever the edition prints on it.
Board art runs on across the border into the neighbouring squares, so a bare square shows no
such step, or not along all four sides. The step is measured as the derivative across each
side, averaged along its middle (a straight edge adds up, art and texture average out) and
in units of the mean derivative there (so texture and light do not set its scale); what
the board's own pieces show is learnt from the tiles read surely on this board (the step's
polarity and depth differ from edition to edition). A tile slips a few pixels and turns a
degree or two: each side is searched over a few offsets.
"""

from __future__ import annotations

import cv2
import numpy as np

from .read_features import PX

DEPTHS = np.arange(-6, 10)  # top-down pixels inside the square's border (outside when < 0)
ALONG = slice(10, PX - 10)  # the middle of each side: corners and neighbours' slips aside
WINDOW = np.arange(4, 14)  # depths -2 ... 7: where a tile's edge lies, compared with the sure
SHIFTS = (-2, -1, 0, 1, 2)  # ... moved this many pixels (a tile slips off its square)
PAD = 12  # more than a band reaches past the board


def side_profiles(top: np.ndarray, cols: int, idx: np.ndarray) -> np.ndarray:
    """(len(idx), 4, len(DEPTHS)): per square of ``idx`` and side (top, right, bottom,
    left), the mean derivative of the grey view across the side, pointing inwards, at each
    depth of ``DEPTHS``, in units of the mean absolute derivative over the whole band."""
    # the plain mean of the channels: an edition's tile edge may differ from the board in
    # any of them (BGR2GRAY all but drops blue)
    if top.ndim == 3:
        b, gr, r = cv2.split(top)
        grey = np.add(np.add(b, gr, dtype=np.uint16), r, dtype=np.uint16)
    else:
        grey = top
    g = np.asarray(cv2.copyMakeBorder(grey, PAD, PX, PAD, PX, cv2.BORDER_REPLICATE),
                   np.float32) * (1.0 / 3.0 if top.ndim == 3 else 1.0)
    idx = np.asarray(idx)
    r, c = idx // cols, idx % cols
    # every border line at once (a side's band is shared by the squares either side of it)
    h = _bands(g, grey.shape[0] // PX, cols)  # (2, lines, band rows, squares along)
    v = _bands(cv2.transpose(g), cols, grey.shape[0] // PX)
    rr, cc = r[:, None], c[:, None]
    inner, outer = (DEPTHS + LINE)[None], (LINE - 1 - DEPTHS)[None]  # a depth's row in a band
    sides = (h[:, rr, inner, cc], v[:, cc + 1, outer, rr],  # top (the line above), right
             h[:, rr + 1, outer, cc], v[:, cc, inner, rr])  # bottom, left
    out = np.zeros((len(idx), 4, len(DEPTHS)), np.float32)
    for side, (mean, spread) in enumerate(sides):
        # inwards: the right and bottom sides' bands run outwards; + 1 grey level: a flat
        # band has no edge
        out[:, side] = (mean if side in (0, 3) else -mean) / (spread.mean(axis=1) + 1.0)[:, None]
    return out


LINE = int(DEPTHS[-1]) + 1  # a border line's row in its band


def _bands(g: np.ndarray, cells: int, across: int) -> np.ndarray:
    """Per border line along the first axis of ``g`` (padded by ``PAD`` before and ``PX``
    after; ``cells`` + 1 lines), per row of its band (relative rows -LINE ... LINE - 1) and
    per square along it (``across``): the mean derivative across the line and (second) its
    mean absolute value, over the middle of the square's side (``ALONG``)."""
    start = PAD - LINE - 1
    blocks = g[start:start + (cells + 1) * PX].reshape(cells + 1, PX, g.shape[1])
    band = blocks[:, :2 * LINE + 2, PAD:PAD + across * PX]
    band = band.reshape(cells + 1, 2 * LINE + 2, across, PX)[..., ALONG]  # views so far
    d = (band[:, 2:] - band[:, :-2]) * 0.5
    return np.stack([d.mean(axis=-1), np.abs(d).mean(axis=-1)])


def outline(top: np.ndarray, cols: int, idx: np.ndarray, sure: np.ndarray) -> np.ndarray | None:
    """Per square of ``idx``: how well its second weakest side shows the edge the tiles read
    surely (``sure``, a mask over ``idx``) show on average (1: as well as their mean; about 0
    for art running on across the border). None with fewer than four sure tiles."""
    if int(sure.sum()) < 4:
        return None
    prof = side_profiles(top, cols, idx)
    edge = prof[sure][:, :, WINDOW].mean(axis=(0, 1))
    norm = float(edge @ edge)
    if norm < 1e-6:
        return None
    fit = np.stack([prof[:, :, WINDOW + s] @ edge for s in SHIFTS], axis=-1) / norm
    return np.asarray(np.sort(fit.max(axis=-1), axis=1)[:, 1])


def outlined(top: np.ndarray | None, cols: int, squares: np.ndarray, sure: np.ndarray,
             asked: np.ndarray) -> np.ndarray:
    """Per square of ``squares`` (those ``asked`` about; infinite elsewhere): :func:`outline`
    against the tiles read surely (``sure``); infinite everywhere without a view, ``cols``
    or four sure tiles."""
    out = np.full(len(squares), np.inf)
    if top is None or not cols or not asked.any():
        return out
    use = sure | asked
    fit = outline(top, cols, np.asarray(squares)[use], sure[use])
    if fit is not None:
        out[np.flatnonzero(asked)] = fit[asked[use]]
    return out
