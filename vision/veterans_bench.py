"""How often the simulated camera reads each piece of Veterans of the Seas right, unknown
or wrong (the figures in docs/vision.md). Run: ``python -m vision.veterans_bench [BOARDS]``.

Each board is a random Seas board (tiles, a few daikaiju) with the gold and the blue
tsunami, the uzushio (each facing a random way) and a portal on random squares, shot by a
random scene of :class:`vision.simulate.Scene` (tilt, turn, blur, noise, light, colour
cast, JPEG); it is read by the board reader with the built-in looks (again with glare on
two of the pieces and a hand in every other photo), and again in the
owner's style (:data:`vision.drawing.OWNER`) with looks taught from the teach plan's
sheets. A piece is right when its kind (and a tsunami's arrow) is right; its facing is
counted apart. Every other square called one of the pieces is a false alarm.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

import numpy as np

from companion.core.board import GAME_BOARDS, Side, Square
from companion.games import SEAS as SEAS_GAME
from companion.tsuro.tiles import Tile

from .drawing import BUILTIN, OWNER, Style
from .reading import Content, VetPiece
from .recognise import BoardReader
from .simulate import Scene, random_state, render_photo
from .teach_plan import TeachAlbum, teach_sheets
from .veterans import PIECES, Reader, reader_for
from .veterans import teach as teach_veterans

SEAS = SEAS_GAME.key
BOARD = GAME_BOARDS[SEAS]
NAMES = ("tsunami:gold", "tsunami:blue", "uzushio", "portal")


def _name(p: VetPiece) -> str:
    return f"tsunami:{p.arrow}" if p.kind == "tsunami" else p.kind


def measure(boards: int, seed: int, style: Style = BUILTIN, veterans: Reader | None = None,
            hard: bool = False) -> dict[str, Counter[str]]:
    """Counts by piece (and ``facing``, ``others``) over ``boards`` random boards; ``hard``
    puts glare on two of the pieces and two other squares, and a hand in every other
    photo."""
    rng = np.random.default_rng(seed)
    out: dict[str, Counter[str]] = {k: Counter() for k in (*NAMES, "facing", "others")}
    for n in range(boards):
        state: dict[Square, object] = dict(random_state(BOARD.rows, BOARD.cols, rng))
        squares = list(BOARD.squares())
        rng.shuffle(squares)
        placed = {}
        for p, sq in zip(PIECES, squares, strict=False):
            facing = Side(int(rng.integers(4))) if p.kind != "portal" else Side.NORTH
            placed[sq] = VetPiece(p.kind, p.arrow, facing)
        state.update(placed)
        scene = Scene.random(rng)
        if hard:
            scene = replace(scene, glare=[*list(placed)[:2], *squares[4:6]], hand=bool(n % 2))
        frame = render_photo(BOARD.rows, BOARD.cols, state, scene,  # type: ignore[arg-type]
                             style=style)
        reading = BoardReader(BOARD, game=SEAS, veterans=veterans,  # played with them
                              options=frozenset({"veterans"})).read(frame)
        for sq, got in reading.squares.items():
            piece = got.piece()
            if sq not in placed:
                alarm = got.content in (Content.TSUNAMI, Content.UZUSHIO) or got.portal
                out["others"]["false alarm" if alarm else "not called"] += 1
                continue
            want = placed[sq]
            tally = out[_name(want)]
            if got.content is Content.UNKNOWN:
                tally["unknown"] += 1
            elif isinstance(piece, VetPiece) and _name(piece) == _name(want):
                tally["right"] += 1
                if want.kind != "portal":
                    out["facing"]["right" if got.facing == want.facing else
                                  "unknown" if got.facing is None else "wrong"] += 1
            else:
                tally["wrong"] += 1
    return out


def taught_owner_set(directory: Path) -> Reader:
    """The owner's pieces, laid out and photographed as the teach plan says, then learned."""
    sheets = teach_sheets(BOARD, [Tile.parse("10325476")], 0, PIECES)
    album = TeachAlbum(directory, BOARD)
    for n, sheet in enumerate(sheets):
        album.add(render_photo(BOARD.rows, BOARD.cols, sheet, Scene(tilt_deg=8, seed=n),
                               style=OWNER), sheet)
    teach_veterans(album.layout_path, BOARD, directory)
    reader = reader_for(SEAS, directory)
    assert reader is not None
    return reader


def _line(title: str, counts: dict[str, Counter[str]]) -> str:
    parts = []
    for name in (*NAMES, "facing"):
        c = counts[name]
        parts.append(f"{name} {c['right']}/{c['unknown']}/{c['wrong']}")
    o = counts["others"]
    return (f"{title}: right/unknown/wrong " + ", ".join(parts)
            + f"; other squares called a piece {o['false alarm']} of {o.total()}")


def main(argv: list[str]) -> int:
    boards = int(argv[0]) if argv else 100
    t0 = time.perf_counter()
    print(_line(f"built-in looks, {boards} boards", measure(boards, 1)))
    print(_line(f"built-in looks, glare and hands, {boards} boards",
                measure(boards, 3, hard=True)))
    with tempfile.TemporaryDirectory() as tmp:
        reader = taught_owner_set(Path(tmp))
        print(_line(f"owner's set taught, {boards} boards",
                    measure(boards, 2, OWNER, reader)))
        print(_line(f"owner's set with the built-in looks, {boards} boards",
                    measure(boards, 2, OWNER)))
    print(f"{time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
