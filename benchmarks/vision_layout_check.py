"""How well teaching catches a layout that names a tile the photo does not show, and that it
never refuses a right one (issue 9, bad input; ``vision.teach_check.slips``).

Prints figures, asserts nothing:

    .venv/bin/python benchmarks/vision_layout_check.py --looks drawn,mottled,curved,seas,reeds \\
        --seeds 2026,7,11
    .venv/bin/python benchmarks/vision_layout_check.py --looks "" --mixes 2,3,11 --seeds 2026

For every teach photo that lays tiles, of each look, photo seed and board size (6x6 Tsuro,
7x7 Tsuro of the Seas), the photo's layout is judged as teaching judges it: as laid (a
refusal is a right layout refused), and ``--slips`` times each with one tile turned a
quarter (where that is another tile) and with two tiles of other patterns swapped. A slip is
caught when teaching refuses the layout; the bend the paths are read at is chosen on the
layout as given, slip and all (``vision.teach_check.layout_slips``). The last column judges at
the bend the paths voted, as teaching did before session 18. ``--mixes`` adds the six mixed
looks of each mix seed (as benchmarks/vision_mixes.py draws them). Never run it on
``held-out``.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"

import cv2  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tuning_looks  # noqa: E402  (beside this script)
import vision_mixes  # noqa: E402  (beside this script)

from companion.core.board import GAME_BOARDS  # noqa: E402
from companion.tsuro.tiles import Tile  # noqa: E402
from vision import looks  # noqa: E402
from vision.read_decide import Thresholds  # noqa: E402
from vision.read_frame import grey_frame  # noqa: E402
from vision.teach import board_paths  # noqa: E402
from vision.teach_check import layout_slips, slips  # noqa: E402

SIZES = {6: "tsuro", 7: "tsuro-of-the-seas"}
KINDS = ("right", "turned", "swapped")


def _mixes(seeds: str) -> list[str]:
    names = []
    for seed in (int(s) for s in seeds.split(",") if s.strip()):
        for spec in vision_mixes.mixes(seed, 6):
            looks.register(spec)
            names.append(spec.name)
    return names


def _slipped(rng: np.random.Generator, laid: dict[int, Tile], kind: str
             ) -> dict[int, Tile] | None:
    keys = sorted(laid)
    out = dict(laid)
    if kind == "turned":
        i = int(rng.choice(keys))
        out[i] = laid[i].rotated(1)
        return out if out[i] != laid[i] else None
    a, b = (int(k) for k in rng.choice(keys, 2, replace=False))
    if laid[a].pattern() == laid[b].pattern():
        return None
    out[a], out[b] = laid[b], laid[a]
    return out


def main() -> int:
    ap = tuning_looks.parser(__doc__)
    ap.set_defaults(looks="drawn,mottled,curved,seas,reeds", seeds="2026,7,11")
    ap.add_argument("--mixes", default="", help="mix seeds whose six mixed looks to add")
    ap.add_argument("--slips", type=int, default=10, help="slips of each kind per photo")
    args = ap.parse_args()
    chosen, seeds = tuning_looks.chosen(ap, args)
    chosen += _mixes(args.mixes)
    cv2.setNumThreads(1)
    th = Thresholds()
    print(f"look          layout          layouts  {'refused':17s}(at the bend voted)")
    for look in chosen:
        asked: Counter[str] = Counter()
        refused: Counter[str] = Counter()
        voted: Counter[str] = Counter()
        for seed in seeds:
            for size, game in SIZES.items():
                board = GAME_BOARDS[game]
                rng = np.random.default_rng([seed, size, 99])
                for photo, layout in looks.teach_photos(look, size, size, seed, game):
                    laid = {board.index(sq): p for sq, p in layout.items()
                            if isinstance(p, Tile)}
                    if len(laid) < 2:
                        continue
                    grey = grey_frame(photo)
                    assert grey is not None
                    _, top, paths = board_paths(grey, board)
                    judged = [("right", laid)]
                    for kind in KINDS[1:]:
                        judged += [(kind, s) for _ in range(args.slips)
                                   if (s := _slipped(rng, laid, kind)) is not None]
                    for kind, named in judged:
                        asked[kind] += 1
                        refused[kind] += bool(layout_slips(top, board, paths, named, th)[0])
                        voted[kind] += bool(slips(top, board, paths, named, paths.bend, th))
        for kind in KINDS:
            n = max(asked[kind], 1)
            print(f"{look:13s} {kind:15s} {asked[kind]:8d}  {refused[kind]:5d} "
                  f"({100 * refused[kind] / n:5.1f}%)  {voted[kind]:5d} "
                  f"({100 * voted[kind] / n:5.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
