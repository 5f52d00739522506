"""The pieces of Veterans of the Seas on the board: the gold and blue tsunami, the uzushio
and the mystic portal tiles (issue 13; their ``content`` values are in docs/contracts.md 4).

Each is read by its look on top of the board reader: a square's top-down colour patch,
pooled small, is compared with a look of each piece facing each way (its structure by
correlation, its colour by chromaticity, so the gold and the blue tsunami differ). The
looks are the project's own drawings (the simulated camera draws them too) until the owner
teaches the camera their pieces from photos laid out as the teach plan says
(``tsunami:gold:north``, ``uzushio:east``, ``portal`` in LAYOUT.json), like the daikaiju;
the taught looks are kept in the profile as ``veterans.npz``. A square is called only when
its best look is good enough, of the right colour and clearly ahead of every other piece;
otherwise the board reader's own answer stands.

>>> label(VetPiece("tsunami", "gold", Side.EAST)), label(VetPiece("portal"))
('tsunami:gold:east', 'portal')
>>> parse("uzushio:south")
VetPiece(kind='uzushio', arrow=None, facing=<Side.SOUTH: 2>, tile=None)
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from companion.core.board import BoardError, BoardProfile, Side, Square

from .errors import UNREADABLE, LayoutError, ProfileError
from .geometry import MarkerLayout
from .reading import BoardReading, Content, SquareReading, VetPiece
from .veterans_draw import BUILTIN_PALETTE as BUILTIN_PALETTE
from .veterans_draw import OWNER_PALETTE as OWNER_PALETTE
from .veterans_draw import Palette as Palette
from .veterans_draw import draw as draw

KINDS = ("tsunami", "uzushio", "portal")
ARROWS = ("gold", "blue")
VET_FILE = "veterans.npz"
LEAST = 0.62  # the correlation a look needs to be called (Looks.least)
LOOK = 16  # a look is the square pooled to LOOK x LOOK pixels, three channels
_INSET = 0.1  # the rim of a square left out: a piece laid askew, the grid lines
PIECES = (VetPiece("tsunami", "gold"), VetPiece("tsunami", "blue"), VetPiece("uzushio"),
          VetPiece("portal"))
"""One of each piece the camera learns (the two portal tiles look alike)."""


# ---- the layout's words for the pieces ----------------------------------------------


def label(piece: VetPiece) -> str:
    """The piece as LAYOUT.json and the looks name it."""
    if piece.kind == "portal":
        return "portal"
    head = f"tsunami:{piece.arrow}" if piece.kind == "tsunami" else piece.kind
    return f"{head}:{piece.facing.word}"


def is_value(value: object) -> bool:
    """Whether a LAYOUT.json value names a Veterans piece (not a tile, daikaiju or null)."""
    return isinstance(value, str) and value.split(":")[0] in KINDS


def parse(text: str) -> VetPiece:
    """``tsunami:gold[:FACING]``, ``uzushio[:FACING]`` or ``portal``; facing north unless
    given. A bad value is a :class:`LayoutError` naming it."""
    words = text.split(":")
    kind = words[0]
    try:
        if kind == "portal" and len(words) == 1:
            return VetPiece("portal")
        if kind == "tsunami" and len(words) in (2, 3) and words[1] in ARROWS:
            return VetPiece("tsunami", words[1], Side.parse(words[2]) if len(words) == 3
                            else Side.NORTH)
        if kind == "uzushio" and len(words) in (1, 2):
            return VetPiece("uzushio", facing=Side.parse(words[1]) if len(words) == 2
                            else Side.NORTH)
    except BoardError as exc:
        raise LayoutError(f"{text!r}: {exc}") from None
    raise LayoutError(f"{text!r} is not a Veterans piece: tsunami:gold or tsunami:blue "
                      f"(with :north, :east ...), uzushio[:FACING] or portal")


# ---- looks ----------------------------------------------------------------------------


def _vector(patch: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A square's look: its structure (zero-mean, unit length) and its chromaticity."""
    h, w = patch.shape[:2]
    dy, dx = int(h * _INSET), int(w * _INSET)
    inner = np.asarray(patch[dy:h - dy, dx:w - dx], np.float32)
    small = cv2.resize(inner, (LOOK, LOOK), interpolation=cv2.INTER_AREA).astype(np.float32)
    chroma = small.reshape(-1, 3).sum(axis=0)
    chroma = chroma / max(float(chroma.sum()), 1.0)
    flat = (small - small.mean(axis=(0, 1))).ravel()
    return flat / max(float(np.linalg.norm(flat)), 1e-6), chroma


def _vectors(top: np.ndarray, rows: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_vector` of every square at once (one resize of the squares' insides laid
    side by side: 49 small resizes cost a millisecond and a half): (n, DIM), (n, 3)."""
    px = top.shape[0] // rows
    d = int(px * _INSET)
    inner = top[:rows * px, :cols * px].reshape(rows, px, cols, px, 3)[:, d:px - d, :, d:px - d]
    side = px - 2 * d
    small = cv2.resize(inner.reshape(rows * side, cols * side, 3).astype(np.float32),
                       (cols * LOOK, rows * LOOK), interpolation=cv2.INTER_AREA)
    each = np.ascontiguousarray(small.reshape(rows, LOOK, cols, LOOK, 3).swapaxes(1, 2))
    each = each.reshape(rows * cols, LOOK * LOOK, 3)
    sums = each.sum(axis=1)
    chroma = sums / np.maximum(sums.sum(axis=1, keepdims=True), 1.0)
    flat = (each - (sums / (LOOK * LOOK))[:, None, :]).reshape(rows * cols, -1)
    norm = np.sqrt(np.einsum("ij,ij->i", flat, flat))[:, None]
    return flat / np.maximum(norm, 1e-6), chroma


@dataclass(frozen=True)
class Looks:
    """Each piece's look facing each way: ``labels`` (as :func:`label` names them), the
    structure ``vectors`` (n, LOOK*LOOK*3) and the ``chroma`` (n, 3)."""

    labels: tuple[str, ...]
    vectors: np.ndarray
    chroma: np.ndarray
    source: str = "built-in"
    least: float = LEAST
    """The correlation a look needs to be called. At 0.58 a hand over a square (skin is
    near the gold tsunami's colour) or a mottled brown tile reached it now and then (0.588
    at most on 160 Seas photos of the looks drawn, curved, mottled and seas, a hand in every
    fourth, and 60 of the veterans bench); the simulated pieces there, glare and hands
    included, scored above 0.64 or below 0.58 (214 of 215 above 0.64)."""
    margin: float = 0.08
    """How far it must lead the best look of another piece."""
    colour: float = 0.12
    """How far its chromaticity may stray from the look's."""

    def save(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        meta = {"source": self.source, "least": self.least, "margin": self.margin,
                "colour": self.colour, "look": LOOK}
        np.savez_compressed(directory / VET_FILE, labels=np.array(self.labels),
                            vectors=self.vectors.astype(np.float32),
                            chroma=self.chroma.astype(np.float32),
                            meta=np.array(json.dumps(meta)))

    @classmethod
    def load(cls, directory: Path) -> Looks:
        path = directory / VET_FILE
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                if meta.get("look") != LOOK:
                    raise ProfileError(f"{path} was made by another version of the reader; "
                                       f"teach the Veterans pieces again")
                return cls(tuple(str(x) for x in data["labels"]),
                           data["vectors"].astype(np.float32), data["chroma"].astype(np.float32),
                           # a set taught with the old line keeps the new one
                           str(meta["source"]), max(float(meta["least"]), LEAST),
                           float(meta["margin"]),
                           float(meta["colour"]))
        except UNREADABLE as exc:
            if isinstance(exc, ProfileError):
                raise
            raise ProfileError(f"{path} is unreadable: {exc}") from None


def _turnings(piece: VetPiece, patch: np.ndarray) -> list[tuple[str, np.ndarray]]:
    """The piece's look facing each way, from one patch of it (the portal has one look)."""
    if piece.kind == "portal":
        return [(label(piece), patch)]
    out = []
    for side in Side:
        turns = (int(side) - int(piece.facing)) % 4
        out.append((label(VetPiece(piece.kind, piece.arrow, side)),
                    np.ascontiguousarray(np.rot90(patch, k=-turns))))
    return out


def _looks(samples: Sequence[tuple[VetPiece, np.ndarray]], source: str) -> Looks:
    by_label: dict[str, list[tuple[np.ndarray, np.ndarray]]] = {}
    for piece, patch in samples:
        for name, turned in _turnings(piece, patch):
            by_label.setdefault(name, []).append(_vector(turned))
    labels = tuple(sorted(by_label))
    vectors, chroma = [], []
    for name in labels:
        vs = np.mean([v for v, _ in by_label[name]], axis=0)
        vectors.append(vs / max(float(np.linalg.norm(vs)), 1e-6))
        chroma.append(np.mean([c for _, c in by_label[name]], axis=0))
    return Looks(labels, np.array(vectors, np.float32), np.array(chroma, np.float32), source)


@lru_cache(maxsize=1)
def builtin() -> Looks:
    """The looks of the project's own drawing of the pieces."""
    from .read_features import PX

    return _looks([(p, draw(p, PX)) for p in PIECES], "built-in")


# ---- reading ------------------------------------------------------------------------


class Reader:
    """Finds the Veterans pieces on a board reading's squares (``amend``)."""

    def __init__(self, looks: Looks) -> None:
        self.looks = looks
        self._kinds = [_kind(name) for name in looks.labels]

    def calls(self, top: np.ndarray, rows: int, cols: int,
              squares: Sequence[int] | None = None) -> dict[int, tuple[str, float]]:
        """Square index -> (look, confidence) for each square (of ``squares``; all when
        None) showing a piece surely."""
        if top.ndim != 3 or not self.looks.labels:
            return {}
        if squares is None:
            vs, cs = _vectors(top, rows, cols)
            which = list(range(rows * cols))
        else:  # a re-read: only the squares read again (a few small resizes)
            px = top.shape[0] // rows
            which = list(squares)
            if not which:
                return {}
            looks = [_vector(top[i // cols * px:(i // cols + 1) * px,
                                 i % cols * px:(i % cols + 1) * px]) for i in which]
            vs = np.array([v for v, _ in looks]).reshape(len(which), -1)
            cs = np.array([c for _, c in looks]).reshape(len(which), 3)
        corr = vs @ self.looks.vectors.T
        stray = np.abs(cs[:, None, :] - self.looks.chroma[None, :, :]).max(axis=2)
        corr = np.where(stray <= self.looks.colour, corr, -1.0)
        kinds = np.array(self._kinds)
        out = {}
        # most squares show no piece at all: only those whose best look reaches the line
        for k in np.flatnonzero(corr.max(axis=1) >= self.looks.least):
            i = which[int(k)]
            best = int(np.argmax(corr[k]))
            first = float(corr[k, best])
            other = corr[k, kinds != kinds[best]]
            lead = first - float(other.max(initial=-1.0))
            if lead < self.looks.margin:
                continue
            conf = min(0.99, 0.5 + 0.5 * min(1.0, (first - self.looks.least) / 0.3)
                       * min(1.0, lead / (2 * self.looks.margin)))
            same = corr[k, (kinds == kinds[best])]
            facing_clear = len(same) < 2 or first - float(np.sort(same)[-2]) >= 0.02
            out[i] = (self.looks.labels[best] if facing_clear else kinds[best], conf)
        return out

    def amend(self, top: np.ndarray, reading: BoardReading,
              squares: Sequence[int] | None = None) -> None:
        """Put the pieces found in ``top`` (the board seen from above, in colour, as the
        board reader warped it) into ``reading``; only on ``squares`` when given (a re-read
        keeps what the squares that looked as before held)."""
        for i, (name, conf) in self.calls(top, reading.rows, reading.cols, squares).items():
            sq = Square(i // reading.cols + 1, i % reading.cols + 1)
            reading.squares[sq] = square_reading(name, conf, reading.squares.get(sq))


def _kind(name: str) -> str:
    """The piece a look shows, whichever way it faces (the two tsunami are two pieces)."""
    words = name.split(":")
    return ":".join(words[:2]) if words[0] == "tsunami" else words[0]


def square_reading(name: str, confidence: float, before: SquareReading | None
                   ) -> SquareReading:
    """A look's name as what the square holds (a portal keeps the tile the board reader
    saw on its face, if any: a portal that carries a path)."""
    words = name.split(":")
    facing = Side.parse(words[-1]) if words[-1] in {s.word for s in Side} else None
    if words[0] == "tsunami":
        return SquareReading(Content.TSUNAMI, confidence, facing=facing, arrow=words[1])
    if words[0] == "uzushio":
        return SquareReading(Content.UZUSHIO, confidence, facing=facing)
    tile = before.tile if before is not None and before.content is Content.TILE else None
    return SquareReading(Content.TILE, confidence, tile=tile, portal=True)


def carried(piece: VetPiece, confidence: float) -> SquareReading:
    """A square known to hold ``piece`` that looks as it did: what it still holds."""
    if piece.kind == "portal":
        return SquareReading(Content.TILE, confidence, tile=piece.tile, portal=True,
                             changed=False)
    content = Content.TSUNAMI if piece.kind == "tsunami" else Content.UZUSHIO
    return SquareReading(content, confidence, facing=piece.facing, arrow=piece.arrow,
                         changed=False)


def _has_veterans(game: str | None) -> bool:
    """Whether the game's registry entry offers the expansion (its pieces can be on the board)."""
    from companion.games import UnknownGame, game_info

    try:
        return game is not None and any(o.name == "veterans" for o in game_info(game).options)
    except UnknownGame:
        return False


def in_play(game: str | None, options: Collection[str] | None = None) -> bool:
    """Whether the pieces of Veterans of the Seas can be on the board: the game offers the
    expansion and, when its options are known, it is played with it (``None``: not told,
    as ``companion vision read --game`` is, so every piece the game's box may hold)."""
    return _has_veterans(game) and (options is None or "veterans" in options)


def reader_for(game: str | None, profile: Path | None = None,
               options: Collection[str] | None = None) -> Reader | None:
    """The reader of the Veterans pieces for a game played with them (:func:`in_play`): the
    owner's taught looks when the profile holds them, else the built-in ones; None for other
    games and for a game whose ``options`` leave the expansion out."""
    if not in_play(game, options):
        return None
    if profile is not None and (profile / VET_FILE).is_file():
        return Reader(Looks.load(profile))
    return Reader(builtin())


# ---- teaching -------------------------------------------------------------------------


def teach(layout_path: Path, board: BoardProfile, profile_dir: Path,
          marker_layout: MarkerLayout | None = None) -> int:
    """Learn the looks of the Veterans pieces a LAYOUT.json names (``tsunami:gold:east``,
    ``uzushio``, ``portal``) from its photos and keep them in the profile; returns how many
    squares were learned from (0: the layout names none, and nothing is written)."""
    from .board_finder import BoardFinder
    from .features import warp_top_down
    from .read_features import PX
    from .sources import load_image

    data = json.loads(layout_path.read_text(encoding="utf-8"))
    samples: list[tuple[VetPiece, np.ndarray]] = []
    for entry in data.get("images", []):
        wanted = {name: parse(v) for name, v in dict(entry.get("squares", {})).items()
                  if is_value(v)}
        if not wanted:
            continue
        frame = load_image(layout_path.parent / str(entry["path"]))
        grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
        pose = BoardFinder(board.rows, board.cols, marker_layout).find(grey)
        colour = frame if frame.ndim == 3 else cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
        top = warp_top_down(colour, pose.homography, board.rows, board.cols, PX)
        for name, piece in wanted.items():
            sq = board.square(name)
            r, c = sq.row - 1, sq.col - 1
            samples.append((piece, np.asarray(top[r * PX:(r + 1) * PX, c * PX:(c + 1) * PX])))
    if samples:
        _looks(samples, "taught").save(profile_dir)
    return len(samples)
