"""Test looks on disk: teaching photos with their LAYOUT.json (docs/contracts.md section 4)
and game photos with the truth beside them, for ``companion vision teach`` and ``read``.

    .venv/bin/python -m vision.look_files mottled tsuro /tmp/mottled --photos 5
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2
import numpy as np

from companion.core.board import GAME_BOARDS

from . import looks
from .reading import Daikaiju
from .teach_plan import layout_value


def write_teach_set(look: str, rows: int, cols: int, game: str, directory: Path, seed: int,
                    *, box: int = 0) -> Path:
    """Write the look's teaching photos and their LAYOUT.json; returns the layout's path."""
    directory.mkdir(parents=True, exist_ok=True)
    entries = []
    for n, (photo, layout) in enumerate(looks.teach_photos(look, rows, cols, seed, game,
                                                           box=box), start=1):
        name = f"teach-{n}.png"
        if not cv2.imwrite(str(directory / name), photo):
            raise OSError(f"{directory / name}: could not write the photo")
        entries.append({"path": name,
                        "squares": {sq.name(): layout_value(p) for sq, p in layout.items()}})
    path = directory / "layout.json"
    path.write_text(json.dumps({"images": entries}, indent=1) + "\n", encoding="utf-8")
    return path


def write_game_photo(look: str, rows: int, cols: int, game: str, directory: Path, seed: int,
                     *, hand: bool = False, box: int = 0, fill: float = 0.6) -> Path:
    """Write one photo of a random position and ``<name>.truth.json`` beside it: each
    square's content as ``vision read --json`` would say it, ``covered`` under a hand."""
    rng = np.random.default_rng([seed, 4])
    position = looks.random_position(rng, rows, cols, game, fill)
    photo, covered = looks.board_photo(look, rows, cols, position, seed, hand=hand, box=box,
                                       game=game)
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{look}-{rows}x{cols}-{seed}.png"
    if not cv2.imwrite(str(path), photo):
        raise OSError(f"{path}: could not write the photo")
    truth = {"rows": rows, "cols": cols, "look": look,
             "squares": {sq.name(): _truth(position.get(sq), sq in covered)
                         for sq in sorted(position)}}
    path.with_suffix(".truth.json").write_text(json.dumps(truth, indent=1) + "\n",
                                               encoding="utf-8")
    return path


def _truth(piece: looks.Piece, covered: bool) -> dict[str, object]:
    out: dict[str, object]
    if piece is None:
        out = {"content": "empty"}
    elif isinstance(piece, Daikaiju):
        out = {"content": "daikaiju", "facing": piece.facing.word}
    else:
        out = {"content": "tile", "tile": piece.notation()}
    if covered:
        out["covered"] = True
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("look", choices=looks.LOOKS)
    ap.add_argument("game", choices=looks.GAMES)
    ap.add_argument("directory", type=Path)
    ap.add_argument("--photos", type=int, default=3, help="game photos besides the teach set")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    size = GAME_BOARDS[args.game].rows  # the game's own board: Tsuro 6x6, the Seas 7x7
    print(write_teach_set(args.look, size, size, args.game, args.directory / "teach", args.seed))
    for n in range(args.photos):
        print(write_game_photo(args.look, size, size, args.game, args.directory,
                               args.seed * 1000 + n, hand=n % 4 == 3))
    return 0


if __name__ == "__main__":
    sys.exit(main())

