"""The camera setup's daikaiju: taught two of the box's tiles, or all ten (issue 9, item 5).

The setup lays the Seas box on its sheets (``ui.teach_sheets.box_photos``), the daikaiju
facing north; this teaches it twice per look, with 2 and with 10 daikaiju on the sheets,
and reads the same simulated Seas games with each lesson: the daikaiju squares (right,
unknown, wrong), all squares, and the time of a full read by a fresh reader (wall and CPU,
medians; the two lessons' readers take turns on each photo, so a busy machine weighs on
both alike). The simulator does not print the ten tiles' own arrows and numbers: the
styled looks (``drawn``) draw every daikaiju alike, the textured ones four copies chosen by
square, so this measures what ten taught pieces cost and whether they read as well, not
how much they help with real tiles.

    .venv/bin/python benchmarks/vision_setup_daikaiju.py --looks drawn mottled --boards 20
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"  # one core, as benchmarks/vision.py times a read

import argparse  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from vision_setup_plans import BOARD, GAME, taught  # noqa: E402

from companion.core.board import Side  # noqa: E402
from ui.teach_sheets import box_photos  # noqa: E402
from vision import looks  # noqa: E402
from vision.reading import Content, Daikaiju  # noqa: E402
from vision.recognise import BoardReader  # noqa: E402
from vision.teach_plan import game_patterns  # noqa: E402

COUNTS = (2, 10)
KAIJU = 6
"""Daikaiju added to each game read (the box's random positions hold few)."""


def position(seed: int, b: int) -> dict[Any, Any]:
    rng = np.random.default_rng([seed, 19, b])
    out = looks.random_position(rng, BOARD.rows, BOARD.cols, GAME, float(rng.uniform(0.4, 0.8)))
    empty = [sq for sq, p in out.items() if p is None]
    for k in rng.choice(len(empty), min(KAIJU, len(empty)), replace=False):
        out[empty[int(k)]] = Daikaiju(Side(int(rng.integers(0, 4))))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--looks", nargs="+", default=["drawn", "mottled", "seas"])
    parser.add_argument("--boards", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3, help="timed reads of each photo")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    patterns = game_patterns(GAME)
    print("look      daikaiju  kaiju right/unknown/wrong  squares right  wrong  "
          "full read ms (wall, cpu)  templates")
    with tempfile.TemporaryDirectory() as tmp:
        for look in args.looks:
            lessons = {}
            for n in COUNTS:
                sheets = box_photos(BOARD, patterns, n)
                assert sheets is not None
                lessons[n] = taught(look, sheets, Path(tmp) / look / str(n), args.seed)[0]
            tally = {n: [0, 0, 0, 0, 0, 0] for n in COUNTS}  # k right/unknown/wrong, sq
            wall: dict[int, list[float]] = {n: [] for n in COUNTS}
            cpu: dict[int, list[float]] = {n: [] for n in COUNTS}
            for b in range(args.boards):
                truth = position(args.seed, b)
                photo, _ = looks.board_photo(look, BOARD.rows, BOARD.cols, truth,
                                             args.seed * 1000 + b, game=GAME)
                for r in range(args.repeat):
                    for n in COUNTS if r % 2 == 0 else COUNTS[::-1]:
                        reader = BoardReader(BOARD, lessons[n], game=GAME, options=frozenset())
                        c0, t0 = time.process_time(), time.perf_counter()
                        reading = reader.read(photo)
                        if b:  # the first photo warms the caches up: not timed
                            wall[n].append((time.perf_counter() - t0) * 1000)
                            cpu[n].append((time.process_time() - c0) * 1000)
                        if r:
                            continue
                        t = tally[n]
                        for sq, want in truth.items():
                            got = reading.squares[sq]
                            unknown = got.content is Content.UNKNOWN
                            right = not unknown and got.piece() == want
                            t[3] += 1
                            t[4] += right
                            t[5] += not (right or unknown)
                            if isinstance(want, Daikaiju):
                                t[0 if right else 1 if unknown else 2] += 1
            for n in COUNTS:
                t = tally[n]
                print(f"{look:9} {n:8}  {t[0]:5} / {t[1]:3} / {t[2]:3}          "
                      f"{t[4] / t[3]:9.2%}  {t[5] / t[3]:6.2%}  "
                      f"{statistics.median(wall[n]):7.2f}, {statistics.median(cpu[n]):7.2f}"
                      f"           {len(lessons[n].labels)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
