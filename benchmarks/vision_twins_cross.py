"""What the built-in reader still misses, by class, and how well near twins at a crossing
can be told apart at 48 px and at the frame's own scale (issue 9, near twins round 3).

Prints figures, asserts nothing, changes nothing in the reader:

    .venv/bin/python benchmarks/vision_twins_cross.py --looks seas --seeds 2026,7 --boards 40

The photos are those of ``benchmarks/vision.py`` (same seeds, positions and hands), read
built-in with the game named. Part one counts the squares not read right (6x6 / 7x7 for
each seed, then all): near twins by pattern pair (the true tile's pattern first; ``cross``
when its differing paths cross and its twin's meet and turn back, ``kiss`` the other way
round), a tile between two near twins that is neither (the two patterns and the tile's), a
tile left open otherwise (its best pairing right or wrong), bare squares and daikaiju left
unknown, confident wrongs, squares under a hand called wrong, and the squares of photos
whose board was not found. The family of four whose paths all meet in the middle is
measured on its own by ``benchmarks/vision_twins_family.py``.

Part two takes the squares the paths left open between two near twins (the ones
``vision.paths_twins`` asks about) whose tile is one of the two, and gives the area under
the ROC curve (the chance that a square holding the crossing tile scores higher than one
holding its kissing twin; 0.5 is no information, 0 or 1 a clean split) of:

- ``lean``: the round-1 lean towards the crossing tile (top view, 48 px a square);
- ``centre``: geometry at the meeting point, on a view of that square alone (48 px, and
  ``--side`` px warped from the frame): where the crossing tile's paths cross, brightness
  (in the paths' polarity) at 0.035 of a square either side across the paths' common
  direction, less the brightness at the point, over the point's own (a crossing is one
  line wide there, two arcs that kiss are two);
- ``width``: the width at half height of the band across the meeting point over the width
  of a single path (the two paths both tiles share, away from the point).

The reader uses ``centre`` at 128 px (``vision.paths_cross``, the same measure) to rank two
squares of one photo against each other (``vision.twins_pair``). Never run it on
``held-out``.
"""

from __future__ import annotations

import os
import sys
from collections import Counter, defaultdict
from pathlib import Path

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"

import cv2  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tuning_looks  # noqa: E402  (beside this script)

from companion.core.board import GAME_BOARDS  # noqa: E402
from companion.tsuro.tiles import Tile  # noqa: E402
from vision import looks, read_lines, read_paths  # noqa: E402
from vision.features import warp_top_down  # noqa: E402
from vision.inventory import pattern_of  # noqa: E402
from vision.paths_twins import _kind, _labels, pairs, twins  # noqa: E402
from vision.profile import load_templates  # noqa: E402
from vision.read_pose import small_grey  # noqa: E402
from vision.reading import Content, Daikaiju, SquareReading  # noqa: E402
from vision.recognise import BoardReader  # noqa: E402

SIZES = {6: "tsuro", 7: "tsuro-of-the-seas"}
_T = np.linspace(0.0, 1.0, 801)[:, None]


def main() -> int:
    ap = tuning_looks.parser(__doc__)
    ap.add_argument("--side", type=int, default=128, help="px a square at the frame's scale")
    args = ap.parse_args()
    chosen, seeds = tuning_looks.chosen(ap, args)
    cv2.setNumThreads(1)
    missed: dict[tuple[str, str], Counter[tuple[int, int]]] = defaultdict(Counter)
    scores: dict[tuple[str, str, str], dict[bool, list[float]]] = defaultdict(
        lambda: defaultdict(list))
    templates = load_templates(None)
    for look in chosen:
        index = looks.LOOKS.index(look)
        for seed in seeds:
            for size, game in SIZES.items():
                board = GAME_BOARDS[game]
                for b in range(args.boards):
                    rng = np.random.default_rng([seed, index, size, b])
                    position = looks.random_position(rng, size, size, game,
                                                     float(rng.uniform(0.2, 0.9)))
                    photo_seed = int(rng.integers(0, 2**31))
                    photo, covered = looks.board_photo(look, size, size, position, photo_seed,
                                                       hand=b % 4 == 3, game=game)
                    reader = BoardReader(board, templates, game=game, options=frozenset())
                    reading = reader.read(photo)
                    frame = reader._frame  # the frame read and its homography
                    if not reading.found or frame is None:
                        missed[(look, "board not found (its squares)")][(seed, size)] += \
                            len(position)
                        continue
                    image, homography = frame
                    grey = small_grey(warp_top_down(image, homography, size, size,
                                                    read_lines.PX))
                    paths = read_paths.score(grey, size, size)  # as the full read scored
                    for i, sq in enumerate(reader._squares):
                        key = _miss(position[sq], reading.squares[sq], sq in covered,
                                    paths.tile[i])
                        if key is not None:
                            missed[(look, key)][(seed, size)] += 1
                    for i, (lean, ev) in reader._twins.items():
                        truth = position[reader._squares[i]]
                        if reader._squares[i] in covered or not isinstance(truth, Tile):
                            continue
                        _measure(look, truth.notation(), lean, ev, image, homography, grey,
                                 paths, i, size, args.side, scores)
    print("squares not read right, built-in, by class ("
          f"{args.boards} photos a size and seed; 6x6 / 7x7 for seed "
          + " | ".join(str(s) for s in seeds) + ", then all)")
    for (look, key), n in sorted(missed.items()):
        split = " | ".join(f"{n[(s, 6)]:3} /{n[(s, 7)]:3}" for s in seeds)
        print(f"  {look:8} {split}  {sum(n.values()):4}  {key}")
    print("\nnear twins left open, tile one of the two (at least 5 of each): area under the "
          "ROC (crossing tile scores higher)")
    for (look, pair, name), split in sorted(scores.items()):
        if min(len(split[True]), len(split[False])) < 5:
            continue  # too few of one kind for an area under the ROC
        print(f"  {look:8} {pair:18} {name:12} crossing {len(split[True]):4} kissing "
              f"{len(split[False]):4}  AUC {_auc(split[True], split[False]):.2f}")
    return 0


def _miss(truth: Tile | Daikaiju | None, got: SquareReading, hidden: bool,
          ev: np.ndarray) -> str | None:
    """The class of a square not read right (None when right)."""
    content = got.content
    unknown = content is Content.UNKNOWN
    if (not unknown and got.piece() == truth) or (hidden and unknown):
        return None
    if hidden:
        return "under a hand, called wrong"
    if not unknown:
        kind = "bare" if truth is None else "daikaiju" if isinstance(truth, Daikaiju) else "tile"
        return f"confident wrong ({kind} read as {content.value})"
    if truth is None:
        return "bare, unknown"
    if isinstance(truth, Daikaiju):
        return "daikaiju, unknown"
    labels = _labels()
    a, b = (labels[int(j)] for j in np.argsort(-ev)[:2])
    tn = truth.notation()
    if twins(a, b) and tn in (a, b):
        other = b if tn == a else a
        kind = {1: "cross", -1: "kiss"}.get(_kind(tn, other), "both cross")
        return f"near twin {pattern_of(tn)} / {pattern_of(other)} ({kind})"
    if twins(a, b):
        return (f"between near twins {pattern_of(a)} / {pattern_of(b)}, tile neither: "
                f"{pattern_of(tn)}")
    return f"tile, unknown, best pairing {'right' if a == tn else 'wrong'}"


def _measure(look: str, truth: str, lean: tuple[str, str, float, float], ev: np.ndarray,
             image: np.ndarray, homography: np.ndarray, grey: np.ndarray,
             paths: read_paths.PathScores, i: int, cols: int, side: int,
             scores: dict[tuple[str, str, str], dict[bool, list[float]]]) -> None:
    labels = _labels()
    a, b = (labels[int(j)] for j in np.argsort(-ev)[:2])
    kind = _kind(a, b)
    if truth not in (a, b) or kind == 0:
        return
    cross, kiss = (a, b) if kind > 0 else (b, a)
    pair = f"{pattern_of(cross)}/{pattern_of(kiss)}"
    is_cross = truth == cross
    first, _, size, _ = lean
    scores[(look, pair, "lean 48")][is_cross].append(size if first == cross else -size)
    r, c = divmod(i, cols)
    off = paths.offsets[i] / read_lines.PX
    bend = read_paths.BENDS[paths.bend]
    for px in (read_lines.PX, side):
        view = _square(image, homography, r + float(off[1]), c + float(off[0]), px)
        centre, width = _centre(view * paths.polarity, cross, kiss, bend, px)
        scores[(look, pair, f"centre {px}")][is_cross].append(centre)
        scores[(look, pair, f"width {px}")][is_cross].append(width)


def _square(image: np.ndarray, homography: np.ndarray, y: float, x: float,
            px: int) -> np.ndarray:
    """The square whose top-left corner lies at grid (x, y), warped alone at ``px`` a
    square with ``px // 16`` round it: grey, float32, lightly smoothed."""
    m = max(4, px // 16)
    t = np.array([[1 / px, 0, x - m / px], [0, 1 / px, y - m / px], [0, 0, 1]])
    n = px + 2 * m
    out = cv2.warpPerspective(image, homography @ t, (n, n),
                              flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                              borderMode=cv2.BORDER_REPLICATE)
    g = out.astype(np.float32).mean(axis=2) if out.ndim == 3 else out.astype(np.float32)
    return np.asarray(cv2.GaussianBlur(g, (0, 0), max(0.6, px / 128)), np.float32)


def _meeting(cross: str, kiss: str, bend: float) -> tuple[np.ndarray, np.ndarray]:
    """Where the crossing tile's differing paths cross (square units) and their common
    direction there (the kissing twin's arcs run along it)."""
    (p, q), (u, v) = sorted(pairs(cross) - pairs(kiss))
    one, two = read_paths.bezier(p, q, bend, _T), read_paths.bezier(u, v, bend, _T)
    d = np.linalg.norm(one[:, None] - two[None], axis=2)
    i, j = np.unravel_index(int(d.argmin()), d.shape)
    ta = one[min(i + 1, len(_T) - 1)] - one[max(i - 1, 0)]
    tb = two[min(j + 1, len(_T) - 1)] - two[max(j - 1, 0)]
    ta, tb = ta / np.linalg.norm(ta), tb / np.linalg.norm(tb)
    axis = ta + (tb if ta @ tb >= 0 else -tb)
    return (one[i] + two[j]) / 2, axis / np.linalg.norm(axis)


def _sample(img: np.ndarray, pts: np.ndarray) -> np.ndarray:
    m = np.asarray(pts, np.float32)
    return np.asarray(cv2.remap(img, np.ascontiguousarray(m[..., 0]),
                                np.ascontiguousarray(m[..., 1]), cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_REPLICATE))


def _centre(s: np.ndarray, cross: str, kiss: str, bend: float, px: int) -> tuple[float, float]:
    """``centre`` and ``width`` (see the module's text) of one square's view ``s`` (pale
    paths positive)."""
    m = max(4, px // 16)
    inner = s[m:m + px, m:m + px]
    base, top = float(np.median(inner)), float(np.percentile(inner, 97))
    s = (s - base) / max(top - base, 1e-3)
    at, axis = _meeting(cross, kiss, bend)
    normal = np.array([-axis[1], axis[0]])
    # the point itself: the brightest of a blurred copy within 0.04 of where it is drawn
    blurred = cv2.GaussianBlur(s, (0, 0), 0.04 * px)
    grid = np.linspace(-0.04, 0.04, 9)
    cand = at + grid[:, None, None] * axis + grid[None, :, None] * normal
    vals = _sample(blurred, cand * px + m)
    at = cand[np.unravel_index(int(vals.argmax()), vals.shape)]
    lat = np.linspace(-0.12, 0.12, 49)

    def across(centre: np.ndarray, direction: np.ndarray, along: np.ndarray) -> np.ndarray:
        side = np.array([-direction[1], direction[0]])
        pts = centre + along[:, None, None] * direction + lat[None, :, None] * side
        return np.asarray(_sample(s, pts * px + m).mean(axis=0))

    here = across(at, axis, np.linspace(-0.02, 0.02, 5))
    mid = float(np.interp(0.0, lat, here))
    off = float(np.interp(0.035, lat, here) + np.interp(-0.035, lat, here)) / 2
    single = []
    for p, q in sorted(pairs(cross) & pairs(kiss)):
        for t in np.linspace(0.25, 0.75, 5):
            pt = read_paths.bezier(p, q, bend, np.array([[t], [t + 1e-3]]))
            if np.linalg.norm(pt[0] - at) < 0.15:
                continue
            tangent = (pt[1] - pt[0]) / np.linalg.norm(pt[1] - pt[0])
            single.append(_half_width(across(pt[0], tangent, np.zeros(1)), lat))
    width = _half_width(here, lat) / max(float(np.median(single)), 1e-3) if single else 0.0
    return (off - mid) / max(abs(mid), 0.1), width


def _half_width(profile: np.ndarray, lat: np.ndarray) -> float:
    """The width at half height of the peak nearest the middle of ``profile``."""
    mid = len(profile) // 2
    peak = mid - 4 + int(profile[mid - 4:mid + 5].argmax())
    floor = min(float(profile[:8].min()), float(profile[-8:].min()))
    half = floor + (float(profile[peak]) - floor) / 2
    lo = hi = peak
    while lo > 0 and profile[lo - 1] > half:
        lo -= 1
    while hi < len(profile) - 1 and profile[hi + 1] > half:
        hi += 1
    return float((hi - lo + 1) * (lat[1] - lat[0]))


def _auc(pos: list[float], neg: list[float]) -> float:
    if not pos or not neg:
        return float("nan")
    p, n = np.array(pos)[:, None], np.array(neg)[None]
    return float(((p > n).sum() + 0.5 * (p == n).sum()) / (p.size * n.size))


if __name__ == "__main__":
    sys.exit(main())
