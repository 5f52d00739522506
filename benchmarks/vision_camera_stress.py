"""The taught reader under harsher cameras and tables than ``benchmarks/vision.py`` draws:
how it fails when a real photo is worse than the simulator's (issue 9).

Prints figures, asserts nothing:

    .venv/bin/python benchmarks/vision_camera_stress.py --looks mottled,reeds --boards 12

Each look is taught from its own teaching photos (seed 2026, as the benchmark's ``same``),
then photos of random positions (no hand) are read under each condition: ``base`` (the
benchmark's own camera), ``tilt35`` (camera tilted up to 35 degrees, not 25), ``slip``
(tiles turned 2-5 degrees and slipped up to 0.09 of a square), ``blur2`` (twice the
blur: up to 2.8 px), ``far`` (the camera 1.45 times as far: markers of about 20 px),
``noise2`` (twice the sensor noise) and ``jpeg`` (JPEG quality 0.55 times the usual, at
least 20), ``light2`` (the light across the board 1.7 times as uneven, at most 1),
``cast2`` (each colour channel's gain twice as far from 1: a lamp's warm light), ``dim``
(half the exposure) and ``big3`` (the photo scaled up three times: a frame of another size
than the teaching photos, no finer detail). The camera is changed by wrapping ``vision.looks._scene`` for the run (the
looks draw what they always drew). ``not found``: photos whose board was not placed
(their squares count as unknown). Never run it on ``held-out``.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"

import cv2  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tuning_looks  # noqa: E402  (beside this script)

from companion.core.board import GAME_BOARDS  # noqa: E402
from vision import looks  # noqa: E402
from vision.look_files import write_teach_set  # noqa: E402
from vision.looks import Disorder  # noqa: E402
from vision.profile import load_templates  # noqa: E402
from vision.recognise import BoardReader  # noqa: E402
from vision.simulate import Scene  # noqa: E402
from vision.teach import teach  # noqa: E402

SIZES = {6: "tsuro", 7: "tsuro-of-the-seas"}
Change = Callable[[Scene], Scene]


def _times(field: str, by: float) -> Change:
    return lambda s: dataclasses.replace(s, **{field: getattr(s, field) * by})


def _gains(s: Scene, f: Callable[[float], float]) -> tuple[float, float, float]:
    b, g, r = s.cast
    return f(b), f(g), f(r)


CONDITIONS: dict[str, tuple[Change | None, Disorder]] = {
    "base": (None, looks.DISORDER),
    "tilt35": (None, Disorder(tilt_deg=35.0)),
    "slip": (None, Disorder(turn_deg=(2.0, 5.0), slip=0.09)),
    "blur2": (_times("blur", 2.0), looks.DISORDER),
    "far": (_times("distance", 1.45), looks.DISORDER),
    "noise2": (_times("noise", 2.0), looks.DISORDER),
    "jpeg": (lambda s: dataclasses.replace(s, jpeg=max(20, int(s.jpeg * 0.55))), looks.DISORDER),
    "light2": (lambda s: dataclasses.replace(s, light=min(1.0, s.light * 1.7)), looks.DISORDER),
    "cast2": (lambda s: dataclasses.replace(s, cast=_gains(s, lambda c: 1.0 + 2.0 * (c - 1.0))),
              looks.DISORDER),
    "dim": (lambda s: dataclasses.replace(s, cast=_gains(s, lambda c: 0.5 * c)), looks.DISORDER),
}
# conditions of the photo itself, after it is taken: ``big3`` the photo scaled up three
# times (taught from the usual photos)
PHOTOS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "big3": lambda p: cv2.resize(p, None, fx=3.0, fy=3.0, interpolation=cv2.INTER_CUBIC),
}


def main() -> int:
    ap = tuning_looks.parser(__doc__)
    ap.set_defaults(looks="mottled,reeds", seeds="2026", boards=12)
    ap.add_argument("--conditions", default=",".join([*CONDITIONS, *PHOTOS]))
    args = ap.parse_args()
    chosen, seeds = tuning_looks.chosen(ap, args)
    conditions = [c.strip() for c in args.conditions.split(",") if c.strip()]
    for c in conditions:
        if c not in CONDITIONS and c not in PHOTOS:
            ap.error(f"--conditions: choose from {', '.join([*CONDITIONS, *PHOTOS])}")
    cv2.setNumThreads(1)
    plain = looks._scene
    print("look     size  seed  condition  per sq  unknown   wrong  boards  not found")
    with tempfile.TemporaryDirectory() as tmp:
        for look in chosen:
            for seed in seeds:
                for size, game in SIZES.items():
                    board = GAME_BOARDS[game]
                    where = Path(tmp) / f"{look}-{size}-{seed}"
                    teach(write_teach_set(look, size, size, game, where, seed), board,
                          where / "profile", game=game)
                    taught = load_templates(where / "profile")
                    for name in conditions:
                        change, disorder = CONDITIONS.get(name, (None, looks.DISORDER))
                        if change is not None:
                            looks._scene = (lambda s, f, d, c=change: c(plain(s, f, d)))
                        try:
                            row = _read(look, size, game, seed, args.boards, taught, disorder,
                                        PHOTOS.get(name))
                        finally:
                            looks._scene = plain
                        print(f"{look:8s} {size}x{size}  {seed:4d}  {name:9s} {row}")
    return 0


def _read(look: str, size: int, game: str, seed: int, boards: int, taught: object,
          disorder: Disorder, after: Callable[[np.ndarray], np.ndarray] | None = None) -> str:
    board = GAME_BOARDS[game]
    right = unknown = wrong = whole = lost = 0
    for b in range(boards):
        rng = np.random.default_rng([seed, looks.LOOKS.index(look), size, b])
        position = looks.random_position(rng, size, size, game, float(rng.uniform(0.2, 0.9)))
        photo, _ = looks.board_photo(look, size, size, position, int(rng.integers(0, 2**31)),
                                     game=game, disorder=disorder)
        if after is not None:
            photo = after(photo)
        reading = BoardReader(board, taught, game=game,  # type: ignore[arg-type]
                              options=frozenset()).read(photo)
        lost += not reading.found
        counts = tuning_looks.counted(reading, position)
        right, unknown, wrong = right + counts[0], unknown + counts[1], wrong + counts[2]
        whole += counts[3]
    n = boards * size * size
    return (f"{100 * right / n:7.3f}% {100 * unknown / n:7.3f}% {100 * wrong / n:6.3f}% "
            f"{100 * whole / boards:6.1f}%  {lost}")


if __name__ == "__main__":
    sys.exit(main())
