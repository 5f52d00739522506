"""Regenerate the saved frames under tests/vision/frames (run by hand, not by pytest).

    .venv/bin/python tests/vision/make_vision_frames.py

The owner's set is drawn in vision.drawing.OWNER: dark tiles, pale angular paths, grain;
nothing like the built-in templates, so reading it needs `companion vision teach`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.core.board import GAME_BOARDS, Side, Square
from companion.tsuro.tiles import PATTERNS, Tile
from vision.drawing import OWNER
from vision.reading import Daikaiju
from vision.simulate import Scene, random_state, render_photo

HERE = Path(__file__).resolve().parent / "frames"
SIZE = (1024, 768)


def _name(piece: Tile | Daikaiju | None) -> str | None:
    if piece is None:
        return None
    if isinstance(piece, Daikaiju):
        return "daikaiju" if piece.facing is Side.NORTH else f"daikaiju:{piece.facing.word}"
    return piece.notation()


def _save(name: str, frame: np.ndarray) -> None:
    cv2.imwrite(str(HERE / name), frame, [cv2.IMWRITE_JPEG_QUALITY, 80])


def main() -> None:
    HERE.mkdir(exist_ok=True)
    board = GAME_BOARDS["tsuro"]
    rng = np.random.default_rng(2026)
    squares = board.squares()
    # Photo 1: the 35 patterns, each in some orientation, and one bare square.
    teach1: dict[Square, Tile | Daikaiju | None] = {
        sq: PATTERNS[i].rotated(int(rng.integers(0, 4))) for i, sq in enumerate(squares[:35])
    }
    teach1[squares[35]] = None
    # Photo 2: a daikaiju and a few bare squares, from another angle.
    teach2: dict[Square, Tile | Daikaiju | None] = {squares[0]: Daikaiju(Side.NORTH)}
    teach2.update({squares[i]: None for i in (1, 2, 9, 20, 33)})
    scene1 = Scene(tilt_deg=12, tilt_dir_deg=30, turn_deg=4, blur=0.8, noise=3, light=0.25,
                   jpeg=None, seed=101)
    scene2 = Scene(tilt_deg=18, tilt_dir_deg=250, turn_deg=-6, blur=0.7, noise=3, jpeg=None,
                   seed=102)
    _save("owner-teach-1.jpg", render_photo(6, 6, teach1, scene1, style=OWNER, size=SIZE))
    _save("owner-teach-2.jpg", render_photo(6, 6, teach2, scene2, style=OWNER, size=SIZE))
    layout = {"images": [
        {"path": "owner-teach-1.jpg", "squares": {k.name(): _name(v) for k, v in teach1.items()}},
        {"path": "owner-teach-2.jpg", "squares": {k.name(): _name(v) for k, v in teach2.items()}},
    ]}
    (HERE / "owner-layout.json").write_text(json.dumps(layout, indent=1) + "\n")

    # A game in progress with the owner's set, seen at an angle, tiles laid by hand.
    play = random_state(6, 6, rng, fill=0.7, daikaiju=0.05)
    scene3 = Scene(tilt_deg=22, tilt_dir_deg=140, turn_deg=-35, blur=1.0, noise=4, light=0.35,
                   cast=(0.95, 1.0, 1.08), askew_deg=3, askew_shift=0.02, jpeg=None, seed=103)
    _save("owner-play.jpg", render_photo(6, 6, play, scene3, style=OWNER, size=SIZE))
    (HERE / "owner-play.expected.json").write_text(
        json.dumps({k.name(): _name(v) for k, v in play.items()}, indent=1) + "\n")

    # The built-in look on a 7x7 Seas board, steeply tilted.
    seas = GAME_BOARDS["tsuro-of-the-seas"]
    state = random_state(seas.rows, seas.cols, rng, fill=0.6, daikaiju=0.05)
    scene4 = Scene(tilt_deg=28, tilt_dir_deg=300, turn_deg=60, blur=1.1, noise=4, light=0.4,
                   askew_deg=3, askew_shift=0.02, jpeg=None, seed=104)
    _save("seas-tilted.jpg", render_photo(7, 7, state, scene4, size=(1280, 960)))
    (HERE / "seas-tilted.expected.json").write_text(
        json.dumps({k.name(): _name(v) for k, v in state.items()}, indent=1) + "\n")


if __name__ == "__main__":
    main()
