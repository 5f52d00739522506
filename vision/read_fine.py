"""A second, finer look at the few squares the taught reader could not settle (issue 9).

Pieces laid by hand lie turned a degree or three each way: at the pooled size of
:mod:`vision.read_features` that blurs away exactly what tells two near-twin tiles apart
(which way two paths run through a crossing). Here a square is compared with its best few
candidates at full top-down resolution, over a small search of angle and position: each
taught piece's crop (cut where its path ends say it lies and set straight,
:mod:`vision.teach_turn`; not averaged over angles) is turned by every angle of
:data:`ANGLES` and matched by normalised correlation over
:data:`SEARCH` pixels each way (every window of the square against every turned look in one
matrix product), and over :data:`WIDE` pixels each way for a look that fits best at the edge
of that (:class:`Windows`). The square's crop is band-passed on its own (:class:`View`), with
the same filter the taught crops had.

Only a few squares a board get here (which ones, and what is decided:
:mod:`vision.read_again`), so the cost stays small.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

import cv2
import numpy as np

from .read_features import PX, turned

SOURCE = 56  # side of a taught crop: room to turn it
FINE = 40  # side of a template after turning (the tile without its outer rim)
SEARCH = 4  # pixels each way first (3 lost a near twin on curved)
# and this far for a look that fits best at the edge of that: tiles laid by hand lie up to
# 4.3 pixels off the square's middle (benchmarks/vision_camera_stress.py slip)
WIDE = 6
PATCH = FINE + 2 * WIDE  # side of a square's crop searched
TWIN_FLOOR = 0.05  # two looks closer than this are not told apart by a hair's difference
# round a straight taught look: a tile lying 1-3 degrees turned is within 1.5 of one
ANGLES: tuple[float, ...] = (-3.0, 0.0, 3.0)
FINE_SIGMA = 1.0  # top-down pixels (at two thirds of the size, near twins were lost)
LOW_SIGMA = 6.0
LCN_SIGMA = 8.0
CONTEXT = 24  # pixels round a crop that its band-pass sees
BANDED = 60  # up to this many looks at once, the windows are multiplied band by band
# (:class:`Windows`); more, and copying the windows out once costs less (measured here)


def band(top: np.ndarray) -> np.ndarray:
    """A top-down view (or a part of one) band-passed and contrast-normalised: slow light
    changes out, thin paths kept (float32, the same size)."""
    grey = top if top.ndim == 2 else cv2.cvtColor(top, cv2.COLOR_BGR2GRAY)
    g = grey.astype(np.float32)
    high = cv2.GaussianBlur(g, (0, 0), FINE_SIGMA) - smooth(g, LOW_SIGMA)
    local = np.sqrt(smooth(high * high, LCN_SIGMA))
    floor = 0.25 * float(local.mean()) + 1.0  # the mean: a median costs more than the rest
    return np.asarray(high / (local + floor), np.float32)


class View:
    """One board's finer view, square by square: a crop is band-passed with CONTEXT pixels
    round it only when asked for (a few squares a board are looked at again, so filtering
    the whole board would be wasted)."""

    def __init__(self, top: np.ndarray, cols: int) -> None:
        # grey as given (uint8 mostly): :func:`band` turns each crop to float32 itself, so
        # the whole view is not converted for the few squares looked at
        self._grey = top if top.ndim == 2 else cv2.cvtColor(top, cv2.COLOR_BGR2GRAY)
        self._cols = cols
        self._crops: dict[tuple[int, int, int, int, float], np.ndarray] = {}
        self._windows: dict[int, Windows] = {}

    def crop(self, index: int, size: int = PATCH,
             offset: tuple[float, float] = (0.0, 0.0), turn: float = 0.0) -> np.ndarray:
        """The band-passed ``size`` square crop centred on square ``index`` moved by
        ``offset`` (dx, dy pixels), the view first turned by ``turn`` degrees about the
        crop's centre (``cv2.getRotationMatrix2D``'s sense: a taught tile set straight)."""
        key = (index, size, round(offset[0]), round(offset[1]), turn)
        got = self._crops.get(key)
        if got is None:
            side = size + 2 * CONTEXT
            region = cut(self._grey, self._cols, index, side, offset)
            if turn:
                rot = cv2.getRotationMatrix2D((side / 2, side / 2), turn, 1.0)
                region = cv2.warpAffine(np.asarray(region, np.float32), rot, (side, side),
                                        flags=cv2.INTER_LINEAR,
                                        borderMode=cv2.BORDER_REPLICATE)
            got = np.ascontiguousarray(band(region)[CONTEXT:CONTEXT + size,
                                                    CONTEXT:CONTEXT + size])
            self._crops[key] = got
        return got

    def windows(self, index: int) -> Windows:
        """Square ``index``'s searched crop as :class:`Windows`, kept for the read: a square
        is often compared several times (its near twins, all its candidates, its quarters)."""
        got = self._windows.get(index)
        if got is None:
            got = self._windows[index] = Windows(self.crop(index))
        return got


class Windows:
    """Every FINE window of a square's crop, with each window's spread, and the correlations
    with taught looks worked out so far (per crop row of a FineModel): a square compared
    again with some of the same looks costs nothing more for those.

    A look is first matched over :data:`SEARCH` pixels each way round the crop's middle
    (:meth:`first`); only a look that fits best at the edge of that is matched further,
    round that place out to the crop's ``reach`` pixels each way (:meth:`around`), so that a
    tile lying further off is placed where it lies without every look paying for a wider
    search.

    The windows are not copied out one by one (169 windows of 1600 pixels: a megabyte
    written per square, which cost more than the products): the crop is cut into its column
    bands (each FINE wide, row after row), in which the windows of one band are runs of
    FINE * FINE pixels, FINE apart; the product runs band by band over those."""

    def __init__(self, patch: np.ndarray) -> None:
        p64 = np.asarray(patch, np.float64)
        self.side = int(patch.shape[0])
        if (self.side - FINE) % 2:
            raise ValueError(f"a crop of side {self.side}: FINE plus an even margin wanted")
        self.reach = (self.side - FINE) // 2  # pixels each way the windows span
        self.across = self.side - FINE + 1  # windows a row
        self.search = min(SEARCH, self.reach)  # a crop of the first search's size: all
        bands = np.ascontiguousarray(np.lib.stride_tricks.sliding_window_view(
            np.asarray(patch, np.float32), FINE, axis=1).transpose(1, 0, 2))  # (x, row, FINE)
        s = bands.strides
        # [x, y]: the window whose top-left pixel is (y, x), flattened
        self._stack = np.lib.stride_tricks.as_strided(
            bands, (bands.shape[0], bands.shape[1] - FINE + 1, FINE * FINE), (s[0], s[1], s[2]),
            writeable=False)
        # The looks are zero-mean, so a window's mean drops out of the product; its spread
        # comes from running sums (far cheaper than normalising every window).
        s1, s2 = cv2.integral2(p64)[:2]
        n = FINE * FINE
        sums = s1[FINE:, FINE:] - s1[:-FINE, FINE:] - s1[FINE:, :-FINE] + s1[:-FINE, :-FINE]
        squares = s2[FINE:, FINE:] - s2[:-FINE, FINE:] - s2[FINE:, :-FINE] + s2[:-FINE, :-FINE]
        self.spread = np.sqrt(np.maximum(squares - sums * sums / n, 1e-6)).reshape(
            -1, 1).astype(np.float32)
        # crop row -> (windows, len(ANGLES)); windows not searched -inf
        self.done: dict[int, np.ndarray] = {}
        self.best: dict[int, float] = {}  # crop row -> its best over windows and angles
        self._first = _block(self.reach - self.search, self.reach + self.search + 1,
                             self.reach - self.search, self.reach + self.search + 1,
                             self.across)  # the first search's windows, row by row

    def product(self, looks: np.ndarray) -> np.ndarray:
        """Every window times every look (k, FINE * FINE): (windows, k), not yet divided by
        the spread; the windows row by row (the one whose top-left pixel is (y, x) is number
        ``y * (side - FINE + 1) + x``), as :attr:`flat` has them."""
        if len(looks) > BANDED:  # many looks at once (``FineModel.warm``): one product
            return np.asarray(self.flat @ looks.T)
        return _rows(np.matmul(self._stack, looks.T))

    def first(self, looks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The correlation of each window of the first search with each look (k, FINE *
        FINE, unit zero-mean): (those windows' numbers, (windows, k))."""
        if self.search == self.reach:
            return self._first, np.asarray(self.product(looks) / self.spread, np.float32)
        lo, hi = self.reach - self.search, self.reach + self.search + 1
        inner = _rows(np.matmul(self._stack[lo:hi, lo:hi], looks.T))
        return self._first, inner / self.spread[self._first]

    def widens(self, w: int) -> bool:
        """Whether a look fitting best at window ``w`` of the first search is searched
        further: ``w`` lies on that search's edge and the crop reaches beyond it."""
        y, x = self.place(w)
        edge = (self.reach - self.search, self.reach + self.search)
        return self.search < self.reach and (y in edge or x in edge)

    def around(self, looks: np.ndarray, w: int) -> tuple[np.ndarray, np.ndarray]:
        """The correlation of the windows within ``reach - search`` pixels of window ``w``
        (those of the crop) with each look: (window numbers, (windows, k)). Searched so
        from the edge of the first search, a look reaches ``reach`` pixels each way in the
        direction it lies, for a fraction of the whole crop's product."""
        y0, y1, x0, x1 = self.near(w, self.reach - self.search)
        where = _block(y0, y1, x0, x1, self.across)
        out = _rows(np.matmul(self._stack[x0:x1, y0:y1], looks.T))
        return where, out / self.spread[where]

    def near(self, w: int, step: int) -> tuple[int, int, int, int]:
        """The rows y0..y1 and columns x0..x1 (ends excluded) of the windows within ``step``
        pixels of window ``w``, those of the crop."""
        y, x = self.place(w)
        last = 2 * self.reach
        return (max(0, y - step), min(last, y + step) + 1,
                max(0, x - step), min(last, x + step) + 1)

    def window(self, w: int) -> np.ndarray:
        """Window ``w`` (as :meth:`product` numbers them): (FINE, FINE)."""
        y, x = self.place(w)
        return np.asarray(self._stack[x, y]).reshape(FINE, FINE)

    def place(self, w: int) -> tuple[int, int]:
        """The top-left pixel (y, x) of window ``w`` in the crop."""
        y, x = divmod(int(w), self.across)
        return y, x

    @property
    def flat(self) -> np.ndarray:
        """Every window flattened, row-major: (windows, FINE * FINE) (a copy)."""
        return np.ascontiguousarray(self._stack.transpose(1, 0, 2)).reshape(-1, FINE * FINE)


@cache
def _block(y0: int, y1: int, x0: int, x1: int, across: int) -> np.ndarray:
    """The numbers of the windows with top-left pixel in rows y0..y1 and columns x0..x1
    (ends excluded) of a crop with ``across`` windows a row, row by row (read only)."""
    out = (np.arange(y0, y1)[:, None] * across + np.arange(x0, x1)).ravel()
    out.setflags(write=False)
    return out


def _rows(out: np.ndarray) -> np.ndarray:
    """A product over the band stack, (x, y, k), as windows row by row: (y * x, k)."""
    return np.ascontiguousarray(out.transpose(1, 0, 2)).reshape(-1, out.shape[2])


def smooth(img: np.ndarray, sigma: float) -> np.ndarray:
    """A wide Gaussian blur done at a quarter of the size (what is this slow has no detail
    to lose there), brought back to full size."""
    h, w = img.shape[:2]
    small = cv2.resize(img, (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), sigma / 4)
    return np.asarray(cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR), np.float32)


def cut(image: np.ndarray, cols: int, index: int, size: int,
        offset: tuple[float, float] = (0.0, 0.0)) -> np.ndarray:
    """A ``size`` x ``size`` crop of a top-down view centred on square ``index`` moved by
    ``offset`` (dx, dy pixels); beyond the view, the view's edge repeated."""
    r, c = divmod(index, cols)
    cx = round((c + 0.5) * PX + float(offset[0]))
    cy = round((r + 0.5) * PX + float(offset[1]))
    y0, x0 = cy - size // 2, cx - size // 2
    hgt, wid = image.shape[:2]
    top, left = max(0, -y0), max(0, -x0)
    bottom, right = max(0, y0 + size - hgt), max(0, x0 + size - wid)
    part = image[y0 + top:y0 + size - bottom, x0 + left:x0 + size - right]
    if top or left or bottom or right:  # pad the crop, not the whole view
        part = cv2.copyMakeBorder(part, top, bottom, left, right, cv2.BORDER_REPLICATE)
    return np.ascontiguousarray(part)



def turned_views(src: np.ndarray, angles: Sequence[float], fine: int) -> np.ndarray:
    """A square crop ``src`` turned about its centre by each of ``angles`` (degrees) and cut
    to its middle ``fine`` pixels: (len(angles), fine, fine) float32. The crop is wider than
    the view so that turning brings in no border."""
    side = src.shape[0]
    centre = (side / 2 - 0.5, side / 2 - 0.5)
    m = (side - fine) // 2
    out = []
    for angle in angles:
        rot = cv2.getRotationMatrix2D(centre, angle, 1.0)
        view = cv2.warpAffine(src, rot, (side, side), flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_REPLICATE)
        out.append(view[m:m + fine, m:m + fine])
    return np.asarray(out, np.float32)

@dataclass
class FineModel:
    """Full-resolution crops of the taught pieces, one per label and showing."""

    taught_labels: list[str]  # per taught crop, as it lay in the teach photo
    taught_crops: np.ndarray  # (t, SOURCE, SOURCE) float32, band-passed, centred on the piece
    labels: list[str]  # per crop in ``crops``: every taught crop in its four quarter turns
    crops: np.ndarray  # (4 t, SOURCE, SOURCE)
    _turned: dict[int, np.ndarray] = field(default_factory=dict, repr=False)
    _alike: dict[tuple[str, str], float] = field(default_factory=dict, repr=False)
    # each label's first look cut to the first search's size, as Windows: its likeness with
    # every other label reuses the windows (and the correlations worked out so far)
    _sources: dict[str, Windows] = field(default_factory=dict, repr=False)
    _warm: bool = field(default=False, repr=False)  # every likeness worked out (``warm``)
    _near: dict[float, dict[str, list[str]]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.rows_of: dict[str, list[int]] = {}
        for k, label in enumerate(self.labels):
            self.rows_of.setdefault(label, []).append(k)

    @classmethod
    def from_samples(cls, samples: Sequence[tuple[str, np.ndarray]],
                     turn: Callable[[str, int], str]) -> FineModel:
        """Every sample (label, SOURCE crop) in its four quarter turns; ``turn(label, k)``
        names the label turned ``k`` quarters."""
        labels: list[str] = []
        crops: list[np.ndarray] = []
        for label, crop in samples:
            for k in range(4):
                labels.append(turn(label, k))
                crops.append(np.ascontiguousarray(turned(crop, k)))
        taught = np.asarray([c for _, c in samples], np.float32).reshape(-1, SOURCE, SOURCE)
        return cls([lb for lb, _ in samples], taught, labels,
                   np.asarray(crops, np.float32).reshape(-1, SOURCE, SOURCE))

    def templates(self, row: int) -> np.ndarray:
        """Crop ``row`` turned by every angle of :data:`ANGLES` and cut to FINE, as unit
        zero-mean vectors: (len(ANGLES), FINE * FINE)."""
        got = self._turned.get(row)
        if got is None:
            views = turned_views(self.crops[row], ANGLES, FINE)
            got = unit_rows(views.reshape(len(ANGLES), FINE * FINE))
            self._turned[row] = got
        return got

    def warm(self) -> None:
        """Every look turned and every two labels' likeness worked out at once, as a reader is
        made (about 0.2 s for a Seas set on one core here, once per profile): a board asks for
        fifty to a hundred and fifty likenesses, and worked out on first asking they cost the
        first boards read with a profile 2-17 ms each. One label's windows go against every
        turned look in one product; the values are those worked out a pair at a time, to the
        float rounding of a larger product (5e-7)."""
        if self._warm:
            return
        self._warm = True
        every = np.concatenate([self.templates(r) for r in range(len(self.crops))])
        k = len(ANGLES)
        for a in self.rows_of:
            win = self._cut(a)  # not kept: every likeness is worked out here
            best = (win.product(every) / win.spread).max(axis=0).reshape(-1, k).max(axis=1)
            for b, theirs in self.rows_of.items():
                self._alike.setdefault((a, b), float(best[theirs].max()))

    def parts(self, patch: np.ndarray | Windows, label: str, play: int = 0) -> np.ndarray:
        """The correlation of each quarter of ``patch`` with the same quarter of ``label``'s
        look, as turned as the look fits the whole best and where it does, or up to ``play``
        pixels off that (each quarter its best): (4,). A piece fits in every quarter; a hand
        over part of a square leaves a quarter that fits nothing. The play is for a tile
        whose quarters each hold one thin loop by the rim: where the whole fits best by a
        hair, a pixel off a loop, its quarter hardly fits (reeds 6x6, seed 2026, photo 3:
        0.22 with the search beyond SEARCH); given to every tile, it let wrong tiles' quarters
        pass the hand checks (benchmarks/vision_camera_stress.py slip: 3 wrong, was 1)."""
        win, rows = self._correlate(patch, (label,))
        if not rows:
            return np.zeros(4, np.float32)
        corr = np.concatenate([win.done[r] for r in rows], axis=1)
        w, t = np.unravel_index(int(np.argmax(corr)), corr.shape)
        row, angle = divmod(int(t), len(ANGLES))
        look = unit_rows(_quarters(self.templates(rows[row])[angle].reshape(FINE, FINE)))
        if not play:
            return np.asarray((unit_rows(_quarters(win.window(int(w)))) * look).sum(axis=1),
                              np.float32)
        near = [win.window(v) for v in _block(*win.near(int(w), play), win.across)]
        fits = (unit_rows(_quarters(np.asarray(near))) * look).sum(axis=-1)
        return np.asarray(fits.max(axis=0), np.float32)

    def near_twins(self, line: float) -> dict[str, list[str]]:
        """Each label's others at least ``line`` like it both ways, in the order of
        :attr:`rows_of` (labels with none left out): worked out once per line, as weighing
        every label against every other costs about 15 ms a full box."""
        got = self._near.get(line)
        if got is None:
            got = {}
            for a in self.rows_of:
                near = [b for b in self.rows_of if b != a and self.likeness(a, b) >= line
                        and self.likeness(b, a) >= line]
                if near:
                    got[a] = near
            self._near[line] = got
        return got

    def likeness(self, a: str, b: str) -> float:
        """How alike two labels' looks are: the best correlation of ``a``'s first look with
        ``b``'s looks over the first search of a square's (both lie straight in the middle,
        nothing to search further for)."""
        key = (a, b)
        got = self._alike.get(key)
        if got is None and (a not in self.rows_of or b not in self.rows_of):
            return -1.0  # a look never taught is like nothing here
        if got is None:
            got = self.scores(self._source(a), (b,)).get(b, -1.0)
            self._alike[key] = got
        return got

    def _source(self, label: str) -> Windows:
        """:meth:`_cut`, kept for the likenesses asked later."""
        win = self._sources.get(label)
        if win is None:
            win = self._sources[label] = self._cut(label)
        return win

    def _cut(self, label: str) -> Windows:
        """``label``'s first look cut to the first search's size, as Windows."""
        src = self.crops[self.rows_of[label][0]]
        side = FINE + 2 * SEARCH
        m = (SOURCE - side) // 2
        return Windows(src[m:m + side, m:m + side])

    def scores(self, patch: np.ndarray | Windows, labels: Sequence[str]) -> dict[str, float]:
        """The best correlation of ``patch`` (PATCH square) with each label's looks over
        every angle and the shifts searched (:class:`Windows`; labels never taught are left
        out)."""
        out: dict[str, float] = {}
        win, _ = self._correlate(patch, labels)
        for lb in labels:
            for r in self.rows_of.get(lb, ()):
                out[lb] = max(out.get(lb, -1.0), win.best[r])
        return out

    def _correlate(self, patch: np.ndarray | Windows, labels: Sequence[str]
                   ) -> tuple[Windows, list[int]]:
        """The first search's windows of the patch against every turned look of the labels
        not compared before, in one matrix product, and further round the edge place of
        each look that fits best there (kept in the :class:`Windows`): the windows, and
        the crop rows of the labels."""
        win = patch if isinstance(patch, Windows) else Windows(patch)
        rows = [r for lb in dict.fromkeys(labels) for r in self.rows_of.get(lb, ())]
        new = [r for r in dict.fromkeys(rows) if r not in win.done]
        if new:
            k = len(ANGLES)
            where, inner = win.first(np.concatenate([self.templates(r) for r in new]))
            by_look = inner[:, 0::k]  # each look's best angle at each window
            for a in range(1, k):
                by_look = np.maximum(by_look, inner[:, a::k])
            at = by_look.argmax(axis=0)
            fresh = np.full((len(win.spread), inner.shape[1]), -np.inf, np.float32)
            fresh[where] = inner  # the windows beyond the first search: not searched (yet)
            for j, r in enumerate(new):
                got = win.done[r] = fresh[:, j * k:(j + 1) * k]
                w = int(where[at[j]])
                if win.widens(w):
                    near, more = win.around(self.templates(r), w)
                    got[near] = more
                    win.best[r] = float(got.max())
                else:
                    win.best[r] = float(by_look[at[j], j])
        return win, rows


@dataclass(frozen=True)
class Verdict:
    """The finer look at one square: its best candidate, the lead over the next, and the
    next."""

    label: str | None
    lead: float
    second: str | None
    score: float


def look_again(model: FineModel, view: View, index: int, candidates: Sequence[str]) -> Verdict:
    """Square ``index`` of the view compared with ``candidates`` (taught labels; others are
    skipped).

    The lead of the best over the next is measured as a share of how far apart their looks
    are: (a - b) / (a (1 - c)), with a and b the square's best correlations with the two and
    c theirs with each other (the divisor floored at TWIN_FLOOR). A square showing the best
    look, however faint under noise, leads by about 1, one halfway between the two by 0: a
    near twin, which differs in one crossing, is told apart by that crossing alone."""
    scored = sorted(((v, lb) for lb, v in model.scores(view.windows(index), candidates).items()),
                    reverse=True)
    if not scored:
        return Verdict(None, 0.0, None, -1.0)
    first, label = scored[0]
    if len(scored) < 2:  # nothing to be ahead of: no lead
        return Verdict(label, 0.0, None, first)
    second, runner = scored[1]
    near = model.likeness(label, runner)
    return Verdict(label, (first - second) / max(first * (1.0 - near), TWIN_FLOOR), runner,
                   first)


def _quarters(look: np.ndarray) -> np.ndarray:
    """A FINE x FINE look's four quarters (top left, top right, bottom left, bottom right),
    each flattened row by row: (4, (FINE // 2) ** 2); looks stacked (n, FINE, FINE) give
    (n, 4, (FINE // 2) ** 2)."""
    h = FINE // 2
    lead = look.shape[:-2]
    return look.reshape(*lead, 2, h, 2, h).swapaxes(-3, -2).reshape(*lead, 4, h * h)


def unit_rows(x: np.ndarray) -> np.ndarray:
    """Rows (the last axis) of ``x`` made zero-mean and unit length."""
    v = np.asarray(x, np.float32)
    v = v - v.mean(axis=-1, keepdims=True)
    return np.asarray(v / np.maximum(np.linalg.norm(v, axis=-1, keepdims=True), 1e-6))
