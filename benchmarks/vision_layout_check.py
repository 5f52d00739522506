"""How well teaching catches a layout that names a tile the photo does not show, and that it
never refuses a right one (issue 9, bad input; ``vision.teach.paths_against``).

Prints figures, asserts nothing:

    .venv/bin/python benchmarks/vision_layout_check.py --looks drawn,mottled,curved,seas,reeds \\
        --seeds 2026,7,11

For every teach photo of each look, seed and board size (6x6 Tsuro, 7x7 Tsuro of the Seas),
every tile square is judged three ways: with the layout's own tile (a refusal there is a
right layout refused), with that tile turned a quarter (where that is another tile), and
with a tile of another pattern drawn at random (two tiles swapped, a slip of the pen). The
paths are read as ``vision.teach.learn`` reads them, and a near twin shown is spared as
there (``vision.teach.plainly_wrong``; the last column without that), and so is a U-turn
along a side that the paths no longer show with the sides' U-turns left out
(``vision.teach.rim_spared``; the middle column without that). Never run it on
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

from companion.core.board import GAME_BOARDS  # noqa: E402
from companion.tsuro.tiles import Tile  # noqa: E402
from vision import looks, read_paths  # noqa: E402
from vision.board_finder import BoardFinder  # noqa: E402
from vision.features import warp_top_down  # noqa: E402
from vision.read_combine import PATH_LABELS  # noqa: E402
from vision.read_decide import Thresholds  # noqa: E402
from vision.read_features import PX  # noqa: E402
from vision.read_frame import grey_frame  # noqa: E402
from vision.teach import paths_against, plainly_wrong, rim_spared  # noqa: E402

SIZES = {6: "tsuro", 7: "tsuro-of-the-seas"}
KINDS = ("right", "turned", "other")


def main() -> int:
    ap = tuning_looks.parser(__doc__)
    ap.set_defaults(looks="drawn,mottled,curved,seas,reeds", seeds="2026,7,11")
    args = ap.parse_args()
    chosen, seeds = tuning_looks.chosen(ap, args)
    cv2.setNumThreads(1)
    th = Thresholds()
    print(f"look      layout tile      squares  {'refused':16s}{'(rim unchecked)':16s}"
          "(paths alone)")
    for look in chosen:
        asked: Counter[str] = Counter()
        refused: Counter[str] = Counter()
        paths_only: Counter[str] = Counter()  # before near twins were spared (session 12)
        rim_only: Counter[str] = Counter()  # before the rim's U-turns were spared (session 17)
        for seed in seeds:
            for size, game in SIZES.items():
                rng = np.random.default_rng([seed, size])
                for photo, layout in looks.teach_photos(look, size, size, seed, game):
                    grey = grey_frame(photo)
                    assert grey is not None
                    pose = BoardFinder(size, size).find(grey)
                    top = warp_top_down(grey, pose.homography, size, size, PX)
                    paths = read_paths.score(top, size, size)
                    evidence = paths.tile
                    doubted: dict[str, dict[int, tuple[Tile, str]]] = {k: {} for k in KINDS}
                    for sq, piece in layout.items():
                        if not isinstance(piece, Tile):
                            continue
                        ev = evidence[GAME_BOARDS[game].index(sq)]
                        other = Tile.parse(PATH_LABELS[int(rng.integers(0, len(PATH_LABELS)))])
                        named = {"right": piece, "turned": piece.rotated(1),
                                 "other": other}
                        for kind, tile in named.items():
                            if kind == "turned" and tile == piece:
                                continue
                            if kind == "other" and tile.pattern() == piece.pattern():
                                continue
                            asked[kind] += 1
                            shown = paths_against(tile, ev, th)
                            listed = {p.notation() for p in layout.values()
                                      if isinstance(p, Tile)} - {piece.notation()}
                            if shown is not None and plainly_wrong(
                                    tile, shown, listed | {tile.notation()}):
                                doubted[kind][GAME_BOARDS[game].index(sq)] = tile, shown
                            paths_only[kind] += shown is not None
                    for kind, held in doubted.items():
                        spared = rim_spared(top, GAME_BOARDS[game], paths, held, th)
                        refused[kind] += len(held) - len(spared)
                        rim_only[kind] += len(held)
        for kind in KINDS:
            n = asked[kind]
            print(f"{look:9s} {kind:15s} {n:8d}  {refused[kind]:5d} "
                  f"({100 * refused[kind] / max(n, 1):5.1f}%)  {rim_only[kind]:5d} "
                  f"({100 * rim_only[kind] / max(n, 1):5.1f}%)  {paths_only[kind]:5d} "
                  f"({100 * paths_only[kind] / max(n, 1):5.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
