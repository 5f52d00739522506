"""Rigadoon pieces through the camera: ships of the two fleets and chests, one per square.

The board is found by its four markers (docs/contracts.md 3) and warped to a top-down
view; each square is then judged by two samples: a disc at its centre, where a piece
stands, and the median of four patches near its corners, which no piece covers. A centre
that looks like its corners is an empty square (whatever the printed terrain's colour);
a centre near a fleet's colour is a ship, near the chest colour a chest; anything else is
``unknown``. This is :mod:`vision.ships`' idea (colour against what lies beneath) put on
squares. Masts are not read: the companion keeps them and the table confirms them by touch.

The simulated table (:class:`SimRigadoonTable`) draws the board, its ships and chests from
a game state and photographs them with :mod:`vision.simulate`'s camera, for the app off a
Raspberry Pi, the tests and ``companion screenshots``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import cv2
import numpy as np

from .board_finder import BoardFinder
from .errors import BadImage, BoardNotFound, NoFrame
from .simulate import SHIP_COLOURS, Scene, _photograph, render_top_down

if TYPE_CHECKING:
    from companion.rigadoon.board import Board
    from companion.rigadoon.state import State

ROWS = COLS = 9
PX = 32
"""Top-down pixels per square for sampling."""
FLEETS = ("blue", "green")
PIECE_BGR: dict[str, tuple[int, int, int]] = {
    "blue": SHIP_COLOURS["blue"],
    "green": SHIP_COLOURS["green"],
    "chest": (20, 140, 215),
}
"""Colours of the simulated pieces (BGR); the real set's can be passed to the reader."""
TERRAIN_BGR = {
    "open": (150, 120, 85),
    "shallows": (160, 200, 205),
    "island": (85, 125, 150),
    "maelstrom": (105, 70, 80),
}
EMPTY_DISTANCE = 14.0
"""Largest colour difference between a square's centre and its corners when it is empty."""
PIECE_DISTANCE = 34.0
"""Largest distance from a piece colour for the centre to count as that piece."""
_WEIGHT = np.array([0.5, 1.0, 1.0], np.float32)  # light changes L far more than a and b


@dataclass(frozen=True, slots=True)
class Seen:
    """What one square holds: ``ship`` (with ``fleet``), ``chest``, ``empty`` or ``unknown``."""

    content: str
    fleet: str = ""
    confidence: float = 1.0

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"content": self.content}
        if self.content == "ship":
            out["fleet"] = self.fleet
        out["confidence"] = round(float(self.confidence), 3)
        return out

    def words(self) -> str:
        if self.content == "ship":
            return f"a {self.fleet} ship"
        return {"chest": "a chest", "empty": "nothing"}.get(self.content, "something unclear")


@dataclass
class RigadoonReading:
    markers: int
    squares: dict[str, Seen] = field(default_factory=dict)
    """By square name (``r1c1``), every square of the board."""

    def to_json(self) -> dict[str, object]:
        order = sorted(self.squares, key=_square_key)
        return {
            "rows": ROWS,
            "cols": COLS,
            "markers": self.markers,
            "squares": {name: self.squares[name].to_json() for name in order},
        }


def _square_key(name: str) -> tuple[int, int]:
    r, _, c = name[1:].partition("c")
    return int(r), int(c)


def _lab(bgr: tuple[int, int, int]) -> np.ndarray:
    px = np.array([[bgr]], np.uint8)
    return np.asarray(cv2.cvtColor(px, cv2.COLOR_BGR2LAB)[0, 0], np.float32)


class RigadoonReader:
    """Reads ships and chests square by square from camera frames."""

    def __init__(self, colours: Mapping[str, tuple[int, int, int]] | None = None) -> None:
        bgr = dict(PIECE_BGR)
        bgr.update(colours or {})
        self.names = list(bgr)
        self.refs = np.stack([_lab(bgr[n]) for n in self.names])
        self.finder = BoardFinder(ROWS, COLS)

    def read(self, frame: np.ndarray) -> RigadoonReading:
        """Every square's piece; raises :class:`BoardNotFound` without the markers."""
        pose = self.finder.find(frame)
        top = self._top_down(frame, pose.homography)
        centre, corners = self._samples(top)
        out = RigadoonReading(pose.markers)
        for i in range(ROWS * COLS):
            name = f"r{i // COLS + 1}c{i % COLS + 1}"
            out.squares[name] = self._judge(centre[i], corners[i])
        return out

    def _top_down(self, frame: np.ndarray, homography: np.ndarray) -> np.ndarray:
        to_top = np.diag([float(PX), float(PX), 1.0])
        m = homography @ np.linalg.inv(to_top)
        warped = cv2.warpPerspective(frame, m, (COLS * PX, ROWS * PX),
                                     flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP)
        return np.asarray(warped)

    def _samples(self, top: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        lab = cv2.cvtColor(top, cv2.COLOR_BGR2LAB).astype(np.float32)
        r = max(2, int(PX * 0.14))
        k = max(1, int(PX * 0.05))
        centre = np.empty((ROWS * COLS, 3), np.float32)
        corners = np.empty((ROWS * COLS, 3), np.float32)
        off = int(PX * 0.36)
        for i in range(ROWS * COLS):
            cy, cx = (i // COLS) * PX + PX // 2, (i % COLS) * PX + PX // 2
            centre[i] = lab[cy - r:cy + r + 1, cx - r:cx + r + 1].reshape(-1, 3).mean(axis=0)
            patches = [
                lab[cy + dy - k:cy + dy + k + 1, cx + dx - k:cx + dx + k + 1]
                .reshape(-1, 3).mean(axis=0)
                for dy in (-off, off) for dx in (-off, off)
            ]
            # the median of the four: a printed symbol in one corner does not count
            corners[i] = np.median(np.stack(patches), axis=0)
        return centre, corners

    def _judge(self, centre: np.ndarray, corners: np.ndarray) -> Seen:
        empty = float(np.linalg.norm((centre - corners) * _WEIGHT))
        d = np.linalg.norm((self.refs - centre) * _WEIGHT, axis=1)
        best = int(d.argmin())
        if empty <= EMPTY_DISTANCE and empty < float(d[best]):
            return Seen("empty", confidence=1.0 - empty / (2 * EMPTY_DISTANCE))
        if float(d[best]) <= PIECE_DISTANCE:
            name = self.names[best]
            conf = 1.0 - float(d[best]) / (2 * PIECE_DISTANCE)
            if name in FLEETS:
                return Seen("ship", name, conf)
            return Seen("chest", confidence=conf)
        return Seen("unknown", confidence=0.3)


# ---- what the board should show, and the check --------------------------------------


def expected(state: State) -> dict[str, Seen]:
    """What each square should show after the instructions: a ship hides the chest it
    stands on (aground in the Shallows, in port on an island)."""
    b = state.board
    out = {b.name(sq): Seen("empty") for sq in range(b.size)}
    for sq in state.chests:
        out[b.name(sq)] = Seen("chest")
    for ship, sq in enumerate(state.ships):
        out[b.name(sq)] = Seen("ship", FLEETS[ship // 4])
    return out


def piece_names(state: State) -> dict[str, str]:
    """The piece that should stand on each occupied square, in the instructions' words."""
    b = state.board
    out = {b.name(sq): "a chest" for sq in state.chests}
    for ship, sq in enumerate(state.ships):
        out[b.name(sq)] = f"{FLEETS[ship // 4]} ship {ship % 4 + 1}"
    return out


def check(reading: RigadoonReading, state: State) -> list[str]:
    """Each square where the table differs from the state, named; empty when all agree.

    A square the camera cannot read is named too: the players look at it."""
    want = expected(state)
    names = piece_names(state)
    problems = []
    for name in sorted(want, key=_square_key):
        w, seen = want[name], reading.squares.get(name, Seen("unknown"))
        if seen.content == w.content and seen.fleet == w.fleet:
            continue
        if seen.content == "unknown":
            problems.append(f"{name}: the camera cannot tell what is there "
                            f"(should be {names.get(name, 'empty')})")
        elif w.content == "empty":
            problems.append(f"{name}: {seen.words()} is there; the square should be empty")
        else:
            problems.append(f"{name}: {names[name]} should be there, the camera sees "
                            f"{seen.words()}")
    return problems


# ---- the simulated table -------------------------------------------------------------


class SimRigadoonTable:
    """A drawn Rigadoon board with pieces, photographed by the simulated camera.

    ``pieces`` maps square names to ``blue``, ``green`` (a ship of that fleet) or
    ``chest``; :meth:`carry_out` lays them as a state says (the players doing what the
    instructions ask)."""

    simulated = True

    def __init__(self, board: Board, scene: Scene | None = None,
                 size: tuple[int, int] = (1280, 960), px: int = 128) -> None:
        self.board = board
        self.size = size
        """The photo's size; ``px`` the drawing's pixels per square (memory: the app)."""
        self.px = px
        self.scene = scene or Scene(tilt_deg=12, tilt_dir_deg=30, turn_deg=3, blur=0.6,
                                    noise=2.0, light=0.2, jpeg=90, seed=7)
        self.pieces: dict[str, str] = {}

    def carry_out(self, state: State) -> None:
        self.pieces = {n: ("chest" if s.content == "chest" else s.fleet)
                       for n, s in expected(state).items() if s.content != "empty"}

    def move(self, frm: str, to: str) -> None:
        """Put the piece of ``frm`` on ``to`` (a slip of the hand, for tests and demos)."""
        self.pieces[to] = self.pieces.pop(frm)

    def top_down(self, px: int = 0) -> tuple[np.ndarray, np.ndarray]:
        px = px or self.px
        img, to_img = render_top_down(ROWS, COLS, {}, px=px, scene=self.scene)
        b = self.board

        def at(x: float, y: float) -> tuple[int, int]:
            p = to_img @ np.array([x, y, 1.0])
            return round(float(p[0])), round(float(p[1]))

        line = max(1, px // 32)
        for sq in range(b.size):
            r, c = divmod(sq, b.cols)
            cv2.rectangle(img, at(c + 0.02, r + 0.02), at(c + 0.98, r + 0.98),
                          TERRAIN_BGR[b.terrain[sq]], -1)
        for isl in b.islands:
            r, c = divmod(isl.square, b.cols)
            cv2.putText(img, isl.name[0].upper(), at(c + 0.06, r + 0.3),
                        cv2.FONT_HERSHEY_SIMPLEX, px / 110, (30, 30, 30), line, cv2.LINE_AA)
            r, c = divmod(isl.exit, b.cols)
            cv2.putText(img, isl.name[0].upper(), at(c + 0.06, r + 0.3),
                        cv2.FONT_HERSHEY_SIMPLEX, px / 110, (230, 230, 230), line, cv2.LINE_AA)
        for name, what in self.pieces.items():
            r, c = _square_key(name)
            x, y = c - 0.5, r - 0.5
            if what == "chest":
                cv2.rectangle(img, at(x - 0.25, y - 0.22), at(x + 0.25, y + 0.22),
                              (15, 40, 70), -1)
                cv2.rectangle(img, at(x - 0.22, y - 0.19), at(x + 0.22, y + 0.19),
                              PIECE_BGR["chest"], -1)
            else:
                cv2.circle(img, at(x, y), int(px * 0.32), (25, 25, 25), -1, cv2.LINE_AA)
                cv2.circle(img, at(x, y), int(px * 0.29), PIECE_BGR[what], -1, cv2.LINE_AA)
        return img, to_img

    def photo(self, size: tuple[int, int] | None = None) -> np.ndarray:
        size = size or self.size
        top, to_img = self.top_down()
        centre = to_img @ np.array([COLS / 2, ROWS / 2, 1.0])
        holder = [top]
        del top
        shot, _h = _photograph(holder, self.scene, size, (float(centre[0]), float(centre[1])))
        return shot


# ---- ``companion vision read --game rigadoon`` ---------------------------------------


def cmd_read(args: argparse.Namespace) -> int:
    """The Rigadoon branch of ``vision read`` (exit codes of docs/contracts.md 4)."""
    from .sources import load_image

    try:
        frame = load_image(args.image)
    except BadImage as exc:
        print(f"companion vision: {exc}", file=sys.stderr)
        return 2
    except NoFrame as exc:
        print(f"companion vision: board not found in {args.image}: {exc}", file=sys.stderr)
        return 3
    try:
        reading = RigadoonReader().read(frame)
    except BoardNotFound as exc:
        print(f"companion vision: board not found in {args.image}: {exc}", file=sys.stderr)
        return 3
    if args.json:
        print(json.dumps(reading.to_json()))
        return 0
    print(f"9x9 Rigadoon board, {reading.markers} of 4 markers")
    marks = {"ship": "", "chest": "$", "empty": ".", "unknown": "?"}
    for r in range(1, ROWS + 1):
        cells = []
        for c in range(1, COLS + 1):
            s = reading.squares[f"r{r}c{c}"]
            cells.append(f"{s.fleet[0] if s.content == 'ship' else marks[s.content]:>2}")
        print(" ".join(cells))
    return 0
