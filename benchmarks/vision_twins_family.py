"""The family of four near twins whose paths all meet in the middle, measured at the frame's
own scale (issue 9, built-in reading, near twins round 4).

Prints figures, asserts nothing, changes nothing in the reader:

    .venv/bin/python benchmarks/vision_twins_family.py --looks seas --seeds 2026,7 --boards 40

Four oriented tiles share one set of rim points and pair them in the four ways that keep
every path through the middle of the square: ``45670123`` (each point to the one opposite),
``36507214`` (each turns to the far point of the next side), and ``35607124`` /
``46570213`` (one pattern in two turns: two opposite pairs go straight, the other two turn).
Their eight points fall in two groups of four ({0, 3, 4, 7} and {1, 2, 5, 6}); in each group
the paths either go straight across (they cross in the middle) or turn (they meet there and
turn back), and the two groups' choices name the tile. The box holds one copy of each
pattern, and the last two are one pattern, so the box rarely narrows such a square.

The photos are those of ``benchmarks/vision.py`` (same seeds, positions and hands), read
built-in with the game named. Asked about: squares left ``unknown`` whose candidates
(:func:`vision.paths_twins.candidates`) all lie in the family and whose tile is one of them.
For each, each square is warped alone from the frame at 128 px a square (as
:mod:`vision.paths_cross`), and these are measured (area under the ROC; 0.5 no information):

- ``drawn``: our drawing of each candidate at the board's bend (and two bends either side,
  shifts of 3 px), correlated with the square: the right tile against every other
  candidate, and how often the right one fits best;
- ``self-taught``: the same with each path drawn as this board's sure tiles show it (path
  images fitted to the board's tiles read surely, up to 14, a path's image shared by its
  eight turns and mirrorings), the brief's "how this edition draws one";
- ``centre``: :func:`vision.paths_cross.centre` at the meeting of each group's differing
  paths (a group that turns scores higher than one going straight);
- ``corner``: on a ring round the meeting point, the brightness on a corner's diagonal less
  that ``DL`` degrees either side (two arms that turn run close to the diagonal there);
- ``quarter turn``: the square's likeness to itself turned a quarter less its likeness to
  itself turned a half (``45670123`` and ``36507214`` look the same turned a quarter, the
  other two do not; a bridge at a crossing breaks that).

Never run it on ``held-out``.
"""

from __future__ import annotations

import os
import sys
from collections import defaultdict
from pathlib import Path

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"

import cv2  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tuning_looks  # noqa: E402  (beside this script)

from companion.core.board import GAME_BOARDS  # noqa: E402
from companion.tsuro.tiles import Tile  # noqa: E402
from vision import looks, read_paths  # noqa: E402
from vision.features import warp_top_down  # noqa: E402
from vision.paths_cross import MARGIN, SEEK, SIDE, _sample, _square, centre  # noqa: E402
from vision.paths_twins import candidates, pairs  # noqa: E402
from vision.profile import load_templates  # noqa: E402
from vision.read_lines import PX  # noqa: E402
from vision.read_pose import small_grey  # noqa: E402
from vision.reading import Content  # noqa: E402
from vision.recognise import BoardReader  # noqa: E402
from vision.templates import TemplateSet  # noqa: E402

SIZES = {6: "tsuro", 7: "tsuro-of-the-seas"}
STAR, TURN, ONE, TWO = "45670123", "36507214", "35607124", "46570213"
# whether each group of four points turns (1) or goes straight (0): {0, 3, 4, 7}, {1, 2, 5, 6}
FAMILY = {STAR: (0, 0), TURN: (1, 1), ONE: (1, 0), TWO: (0, 1)}
GROUPS = ((STAR, ONE), (STAR, TWO))  # (straight, turning) tiles differing in that group only
N = SIDE + 2 * MARGIN
TURNS = [(k, m) for m in (0, 1) for k in range(4)]  # mirror x -> 1 - x first, then k quarter
# turns clockwise


def main() -> int:
    ap = tuning_looks.parser(__doc__)
    args = ap.parse_args()
    chosen, seeds = tuning_looks.chosen(ap, args)
    cv2.setNumThreads(1)
    templates = load_templates(None)
    for look in chosen:
        split: dict[str, dict[bool, list[float]]] = defaultdict(lambda: defaultdict(list))
        best: dict[str, list[bool]] = defaultdict(list)
        asked = 0
        for seed in seeds:
            for size, game in SIZES.items():
                for b in range(args.boards):
                    asked += _photo(look, seed, size, game, b, templates, split, best)
        print(f"{look}: {asked} squares asked (seeds {args.seeds}, {args.boards} photos a size)")
        for name, right in sorted(best.items()):
            print(f"  {name:22} the right tile fits best in {sum(right)} of {len(right)}")
        for name, two in sorted(split.items()):
            yes, no = two[True], two[False]
            if min(len(yes), len(no)) >= 5:
                print(f"  {name:22} {len(yes):4} against {len(no):4}  AUC {_auc(yes, no):.3f}")
    return 0


def _photo(look: str, seed: int, size: int, game: str, b: int, templates: TemplateSet,
           split: dict[str, dict[bool, list[float]]], best: dict[str, list[bool]]) -> int:
    """One photo's squares asked about, measured into ``split`` (per measure: the right
    kind's scores under True, the others' under False) and ``best``; how many were asked."""
    rng = np.random.default_rng([seed, looks.LOOKS.index(look), size, b])
    position = looks.random_position(rng, size, size, game, float(rng.uniform(0.2, 0.9)))
    photo, covered = looks.board_photo(look, size, size, position, int(rng.integers(0, 2**31)),
                                       hand=b % 4 == 3, game=game)
    reader = BoardReader(GAME_BOARDS[game], templates, game=game, options=frozenset())
    reading = reader.read(photo)
    if not reading.found or reader._frame is None:
        return 0
    image, homography = reader._frame
    # where each square's tile lies and the paths' polarity, as the full read scored them
    paths = read_paths.score(small_grey(warp_top_down(image, homography, size, size, PX)),
                             size, size)
    where = reader._twin_where
    sure: list[tuple[str, np.ndarray]] = []
    asked: list[tuple[int, str, set[str]]] = []
    for i, sq in enumerate(reader._squares):
        got, truth = reading.squares[sq], position[sq]
        if sq in covered or not isinstance(truth, Tile):
            continue
        if got.content is Content.TILE and got.confidence >= 0.8 and len(sure) < 14:
            sure.append((str(got.to_json()["tile"]), _view(image, homography, i, size, paths)))
        if got.content is Content.UNKNOWN and i in reader._twins and i in where:
            (first, second, _, _), ev = reader._twins[i]
            may = candidates(first, second, ev, reader.thresholds.path_margin)
            if may <= set(FAMILY) and truth.notation() in may:
                asked.append((i, truth.notation(), may))
    if not asked:
        return 0
    learnt = _learn(sure)
    for i, truth, may in asked:
        offset, polarity, bend = where[i]
        r, c = divmod(i, size)
        s = _normal(_view(image, homography, i, size, paths))
        for name, draw in (("drawn", lambda t, bd: _drawn(t, read_paths.BENDS[bd])),
                           ("self-taught", lambda t, bd: _render(learnt, t))):
            fit = {t: max(_corr(s, np.roll(draw(t, bd), (dy, dx), (0, 1)))
                          for bd in _bends(bend, name) for dy in (-3, 0, 3) for dx in (-3, 0, 3))
                   for t in may}
            split[name][True].append(fit[truth])
            split[name][False].extend(v for t, v in fit.items() if t != truth)
            best[name].append(max(fit, key=lambda t: fit[t]) == truth)
        turns = FAMILY[truth]
        for g, (straight, turning) in enumerate(GROUPS):
            score = centre(image, homography, r, c, offset, PX, polarity, bend, straight, turning)
            split["centre (group turns)"][bool(turns[g])].append(-score)
        at = _meeting(s)
        for rad, dl in ((0.25, 22), (0.31, 28)):
            for g, v in enumerate(_corner(s, at, rad, dl)):
                split[f"corner {rad}/{dl}"][bool(turns[g])].append(v)
        split["quarter turn"][truth in (STAR, TURN)].append(_quarter(s, at))
    return len(asked)


def _view(image: np.ndarray, homography: np.ndarray, i: int, cols: int,
          paths: read_paths.PathScores) -> np.ndarray:
    """Square ``i`` alone at ``SIDE`` px where its tile lies, the paths bright."""
    r, c = divmod(i, cols)
    dx, dy = (float(v) for v in paths.offsets[i])
    return _square(image, homography, r + dy / PX, c + dx / PX) * float(paths.polarity)


def _normal(s: np.ndarray) -> np.ndarray:
    """In units of the square's spread: its median 0, its 97th percentile 1."""
    inner = s[MARGIN:MARGIN + SIDE, MARGIN:MARGIN + SIDE]
    base, high = (float(v) for v in np.percentile(inner, (50, 97)))
    return np.asarray((s - base) / max(high - base, 1e-3), np.float32)


def _meeting(s: np.ndarray) -> np.ndarray:
    """Where the paths meet: the brightest of a blurred copy within ``SEEK`` of the middle."""
    blurred = cv2.GaussianBlur(s, (0, 0), SEEK * SIDE)
    g = np.linspace(-SEEK, SEEK, 9)
    near = np.stack(np.meshgrid(0.5 + g, 0.5 + g), -1)
    return np.asarray(near[np.unravel_index(int(np.argmax(_sample(blurred, near))),
                                            near.shape[:2])])


def _corner(s: np.ndarray, at: np.ndarray, rad: float, dl: float) -> list[float]:
    """Per group of points: the brightness on its two corners' diagonals ``rad`` from the
    meeting point, less that ``dl`` degrees either side."""
    out: list[list[float]] = [[], []]
    for (dx, dy), g in (((-1, -1), 0), ((1, -1), 1), ((1, 1), 0), ((-1, 1), 1)):
        angles = np.arctan2(dy, dx) + np.radians([0.0, -dl, dl])
        v = _sample(s, (at + rad * np.stack([np.cos(angles), np.sin(angles)], -1))[None])[0]
        out[g].append(float(v[0] - (v[1] + v[2]) / 2))
    return [float(np.mean(v)) for v in out]


def _quarter(s: np.ndarray, at: np.ndarray) -> float:
    """The square's likeness to itself turned a quarter less turned a half, round the
    meeting point, within 0.08-0.3 of it."""
    dx, dy = (at - 0.5) * SIDE
    s = cv2.warpAffine(s, np.float32([[1, 0, dx], [0, 1, dy]]), (N, N),
                       flags=cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)
    yy, xx = np.mgrid[0:N, 0:N]
    rr = np.hypot((xx - N / 2 + 0.5) / SIDE, (yy - N / 2 + 0.5) / SIDE)
    m = (rr > 0.08) & (rr < 0.3)
    quarter = (_corr(s, np.rot90(s, 1), m) + _corr(s, np.rot90(s, -1), m)) / 2
    return quarter - _corr(s, np.rot90(s, 2), m)


def _bends(bend: int, name: str) -> range:
    return range(max(0, bend - 2), min(len(read_paths.BENDS), bend + 3)) if name == "drawn" \
        else range(bend, bend + 1)


_DRAWN: dict[tuple[str, float], np.ndarray] = {}


def _drawn(label: str, bend: float) -> np.ndarray:
    """Our drawing of ``label`` at ``bend``: paths 0.045 of a square wide, softened."""
    if (label, bend) not in _DRAWN:
        canvas = np.zeros((N * 4, N * 4), np.float32)
        for p, q in pairs(label):
            pts = read_paths.bezier(p, q, bend, np.linspace(0, 1, 200)[:, None])
            cv2.polylines(canvas, [np.rint((pts * SIDE + MARGIN) * 4).astype(np.int32)], False,
                          1.0, 24)
        small = cv2.resize(canvas, (N, N), interpolation=cv2.INTER_AREA)
        _DRAWN[(label, bend)] = np.asarray(cv2.GaussianBlur(small, (0, 0), 1.5), np.float32)
    return _DRAWN[(label, bend)]


def _move(point: int, turn: tuple[int, int]) -> int:
    k, mirror = turn
    return (((9 - point) % 8 if mirror else point) + 2 * k) % 8


def _turned(img: np.ndarray, turn: tuple[int, int], back: bool = False) -> np.ndarray:
    k, mirror = turn
    if back:
        img = np.rot90(img, k)
        return img[:, ::-1] if mirror else img
    return np.rot90(img[:, ::-1] if mirror else img, -k)


def _kind(pair: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """A path's kind (the least of its eight turns and mirrorings) and the turn that takes
    the kind to it."""
    kind = min(tuple(sorted((_move(pair[0], t), _move(pair[1], t)))) for t in TURNS)
    turn = next(t for t in TURNS
                if sorted((_move(kind[0], t), _move(kind[1], t))) == sorted(pair))
    return (kind[0], kind[1]), turn


Learnt = dict[tuple[int, int], np.ndarray]


def _learn(sure: list[tuple[str, np.ndarray]], steps: int = 12, rate: float = 0.3) -> Learnt:
    """Each kind of path's image, fitted (gradient steps on the sum of a tile's four paths)
    to the tiles read surely on this board."""
    inside = np.zeros((N, N), bool)
    inside[MARGIN + 3:MARGIN + SIDE - 3, MARGIN + 3:MARGIN + SIDE - 3] = True
    views = [(label, _normal(v)) for label, v in sure]
    kinds = [[_kind(p) for p in pairs(label)] for label, _ in views]
    learnt: Learnt = {}
    for _ in range(steps):
        pull: dict[tuple[int, int], list[np.ndarray]] = defaultdict(list)
        for (_, view), paths in zip(views, kinds, strict=True):
            drawn = sum((_turned(learnt.get(k, np.zeros((N, N), np.float32)), t)
                         for k, t in paths), np.zeros((N, N), np.float32))
            rest = view - float(np.median(view[inside])) - drawn
            for k, t in paths:
                pull[k].append(_turned(rest, t, back=True))
        learnt = {k: np.maximum(learnt.get(k, 0) + rate * np.mean(v, 0), 0)
                  for k, v in pull.items()}
    return learnt


def _render(learnt: Learnt, label: str) -> np.ndarray:
    parts = [_kind(p) for p in pairs(label)]
    return np.max([_turned(learnt.get(k, np.zeros((N, N), np.float32)), t) for k, t in parts],
                  axis=0)


def _corr(a: np.ndarray, b: np.ndarray, mask: np.ndarray | None = None) -> float:
    if mask is None:
        mask = np.zeros((N, N), bool)
        mask[MARGIN + 4:MARGIN + SIDE - 4, MARGIN + 4:MARGIN + SIDE - 4] = True
    x, y = a[mask] - a[mask].mean(), b[mask] - b[mask].mean()
    return float(x @ y / max(float(np.sqrt((x @ x) * (y @ y))), 1e-9))


def _auc(pos: list[float], neg: list[float]) -> float:
    p, n = np.array(pos)[:, None], np.array(neg)[None]
    return float(((p > n).sum() + 0.5 * (p == n).sum()) / (p.size * n.size))


if __name__ == "__main__":
    sys.exit(main())
