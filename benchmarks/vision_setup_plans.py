"""How well the app's camera setup teaches Tsuro of the Seas, plan by plan (issue 9, item 5).

Two plans of teaching photos, as the camera setup lays them out (``ui.teach_sheets``):

- ``one-each``: every pattern once (of a tile the box holds twice, one piece), then the bare
  board (the setup's plan before the whole box was taught);
- ``whole-box``: every piece of the box once: the same first sheet, then one of "the other
  piece" of each doubled tile, then the bare board (the setup's plan now).

Each plan's photos are drawn in a look of :mod:`vision.looks`, taught with ``vision teach``
and then read against simulated Seas games (random positions from the whole box). The looks
draw each of a doubled tile's two pieces with its own texture; which piece lies on a square
follows from the square there, so here a teaching sheet's squares are drawn with the piece
the plan names (the first piece, or the other one where the plan says so), as an owner
following the sheet would lay them.

    .venv/bin/python benchmarks/vision_setup_plans.py --looks mottled seas --boards 20
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402
import tuning_looks  # noqa: E402  (beside this script)

from companion.core.board import GAME_BOARDS, Square  # noqa: E402
from ui.teach_sheets import box_photos, two_photos  # noqa: E402
from vision import looks  # noqa: E402
from vision.profile import load_templates  # noqa: E402
from vision.recognise import BoardReader  # noqa: E402
from vision.teach import teach  # noqa: E402
from vision.teach_plan import game_patterns, layout_value, other_pieces  # noqa: E402

GAME = "tsuro-of-the-seas"
BOARD = GAME_BOARDS[GAME]
DAIKAIJU = 2  # tile plans compared alike; daikaiju counts: benchmarks/vision_setup_daikaiju.py


def plans() -> dict[str, list[dict[Square, Any]]]:
    patterns = game_patterns(GAME)
    one = two_photos(BOARD, patterns, DAIKAIJU)
    whole = box_photos(BOARD, patterns, DAIKAIJU)
    assert one is not None and whole is not None
    return {"one-each": one, "whole-box": whole}


@contextmanager
def laid_as_named(others: frozenset[Square]) -> Iterator[None]:
    """The look draws the other piece of its tile on ``others``, the first piece elsewhere."""
    drawn = looks._copy_of

    def copy_of(tile: Any, sq: Square, game: str | None = None) -> int:
        return 1 if sq in others else 0

    looks._copy_of = copy_of
    try:
        yield
    finally:
        looks._copy_of = drawn


def taught(look: str, sheets: list[dict[Square, Any]], where: Path, seed: int) -> Any:
    where.mkdir(parents=True, exist_ok=True)
    others = other_pieces(sheets, game_patterns(GAME))
    entries = []
    for n, (sheet, named) in enumerate(zip(sheets, others, strict=True), start=1):
        with laid_as_named(named):
            photo, _ = looks.board_photo(look, BOARD.rows, BOARD.cols, sheet, seed * 16 + n,
                                         game=GAME)
        cv2.imwrite(str(where / f"teach-{n}.png"), photo)
        entries.append({"path": f"teach-{n}.png",
                        "squares": {sq.name(): layout_value(p) for sq, p in sheet.items()}})
    layout = where / "layout.json"
    layout.write_text(json.dumps({"images": entries}), encoding="utf-8")
    _, lesson = teach(layout, BOARD, where / "profile", game=GAME)
    return load_templates(where / "profile"), lesson


def score(look: str, templates: Any, boards: int, seed: int) -> Mapping[str, float]:
    reader = BoardReader(BOARD, templates, game=GAME, options=frozenset())
    right = unknown = wrong = whole = squares = 0
    for b in range(boards):
        rng = np.random.default_rng([seed, 9, b])
        position = looks.random_position(rng, BOARD.rows, BOARD.cols, GAME,
                                          float(rng.uniform(0.4, 0.9)))
        photo, _ = looks.board_photo(look, BOARD.rows, BOARD.cols, position,
                                     int(rng.integers(0, 2**31)), game=GAME)
        reading = reader.read(photo)
        counts = tuning_looks.counted(reading, position)
        right, unknown, wrong = right + counts[0], unknown + counts[1], wrong + counts[2]
        whole += counts[3]
        squares += len(position)
    return {"right": right / squares, "unknown": unknown / squares, "wrong": wrong / squares,
            "whole": whole / boards}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--looks", nargs="+", default=["mottled", "seas"])
    parser.add_argument("--boards", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2026, help="of the games read")
    parser.add_argument("--teach-seeds", type=int, nargs="+", default=[2026, 7, 11],
                        help="one lesson per seed (the photos' light and angle differ)")
    args = parser.parse_args(argv)
    print("look      plan      lesson  per square  unknown  wrong  whole boards  read back")
    with tempfile.TemporaryDirectory() as tmp:
        for look in args.looks:
            for name, sheets in plans().items():
                sums = {"right": 0.0, "unknown": 0.0, "wrong": 0.0, "whole": 0.0}
                for teach_seed in args.teach_seeds:
                    where = Path(tmp) / look / name / str(teach_seed)
                    templates, lesson = taught(look, sheets, where, teach_seed)
                    got = score(look, templates, args.boards, args.seed)
                    for key in sums:
                        sums[key] += got[key] / len(args.teach_seeds)
                    print(_row(look, name, str(teach_seed), got, lesson.read_back), flush=True)
                print(_row(look, name, "mean", sums, None), flush=True)
    return 0


def _row(look: str, name: str, lesson: str, got: Mapping[str, float], back: Any) -> str:
    return (f"{look:9} {name:9} {lesson:6}  {got['right']:9.2%}  {got['unknown']:6.2%}  "
            f"{got['wrong']:5.2%}  {got['whole']:11.0%}  {back or ''}")


if __name__ == "__main__":
    raise SystemExit(main())
