"""Shared helpers for the camera tests: boards drawn by the simulated camera."""

from __future__ import annotations

import contextlib
import importlib.util
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import cv2
import numpy as np
import pytest

from companion.core.board import GAME_BOARDS, Side, Square
from companion.tsuro.tiles import Tile
from vision import looks
from vision.look_files import write_teach_set
from vision.look_pieces import LookSpec
from vision.profile import load_templates
from vision.read_features import PX
from vision.read_paths import BENDS, DEFAULT_BEND, bezier
from vision.reading import BoardReading, Content, Daikaiju, VetPiece
from vision.recognise import BoardReader
from vision.teach import teach
from vision.templates import TemplateSet

Piece = Tile | Daikaiju | None
BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def draw_paths(canvas: np.ndarray, label: str, r: float, c: float, width: int) -> None:
    """Tile ``label``'s four paths at the default bend, ``width`` pixels wide, on ``canvas``
    (4 pixels to a top-down one) over square (``r``, ``c``) of a grid; a point paired with
    itself draws nothing."""
    for i, ch in enumerate(label):
        if i < int(ch):
            curve = bezier(i, int(ch), BENDS[DEFAULT_BEND], np.linspace(0, 1, 120)[:, None])
            pts = (curve + np.array([c, r])) * PX * 4
            cv2.polylines(canvas, [np.rint(pts).astype(np.int32)], False, 1.0, width)


def mixes_module() -> ModuleType:
    """benchmarks/vision_mixes.py, which draws the mixed looks (no package: loaded by path)."""
    if "vision_mixes" in sys.modules:
        return sys.modules["vision_mixes"]
    if str(BENCH) not in sys.path:
        sys.path.append(str(BENCH))  # after the package: benchmarks/vision.py is no package
    spec = importlib.util.spec_from_file_location("vision_mixes", BENCH / "vision_mixes.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["vision_mixes"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


PALE_EDGED = LookSpec(  # mix seed 1, look 0 of benchmarks/vision_mixes.py (rounded)
    "pale-edged", texture="water", tile=(150.0, 199.0, 229.0), tile_spread=10.5,
    path=(97.0, 107.0, 119.0), path_width=0.036, path_alpha=0.76, bend=0.43, wobble=0.012,
    bridges=0.88, glow=0.18, edge=(111.0, 70.0, 20.0), kaiju=(50.0, 85.0, 45.0),
    kaiju_body=(151.0, 191.0, 200.0), board="reeds", board_colour=(90.0, 95.0, 76.0),
    grid=(65.0, 106.0, 139.0), frame=(40.0, 55.0, 50.0), size=0.942)
"""Pale tiles with darker paths, whose printed edge and the gap round each piece the paths
read as four U-turns on most squares."""


def pale_edged() -> str:
    """:data:`PALE_EDGED`, registered for photographing; its name."""
    with contextlib.suppress(looks.LookError):  # registered already in this run
        looks.register(PALE_EDGED)
    return PALE_EDGED.name


def mixed_look(seed: int, k: int, arts: tuple[str, ...] | None = None) -> LookSpec:
    """Look ``k`` of the mixed looks of ``seed``, drawn and named as
    benchmarks/vision_mixes.py draws them (its photos then match the benchmark's),
    registered for photographing. With ``arts`` (its ``--art``), named ``xim-...``: the
    pieces' and board's seeds hang only on the letters of the name and its length
    (``look_pieces._seed``), so the photos are still the benchmark's, and the name is not
    taken by the mix of the same seed drawn with the four boards."""
    vm = mixes_module()
    look = (vm.mixes(seed, k + 1) if arts is None else vm.mixes(seed, k + 1, arts, "xim"))[k]
    with contextlib.suppress(looks.LookError):  # registered already in this run
        looks.register(look)
    return look  # type: ignore[no-any-return]


def taught_set(look: str, size: int, game: str, seed: int = 2026) -> TemplateSet:
    """``look`` taught for ``game`` on a ``size`` board from its teaching photos of ``seed``
    (every piece of the box laid out, then the empty board), as an owner teaches it and as
    benchmarks/vision_mixes.py --taught does."""
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        teach(write_teach_set(look, size, size, game, where, seed), GAME_BOARDS[game],
              where / "profile")
        return load_templates(where / "profile")


def mix_photo(look: str, k: int, size: int, game: str, b: int
              ) -> tuple[np.ndarray, dict[Square, Piece], set[Square]]:
    """Photo ``b`` of mix ``k`` (named ``look``) at ``size`` as benchmarks/vision_mixes.py
    draws it (a hand over a corner in every 4th): the frame, the true board, the squares
    under the hand."""
    return _photographed(look, size, game, b, np.random.default_rng([2026, 100 + k, size, b]))


def look_photo(look: str, size: int, b: int, seed: int = 2026
               ) -> tuple[np.ndarray, dict[Square, Piece], set[Square]]:
    """Photo ``b`` of a look of :data:`vision.looks.LOOKS` at ``size`` (6: Tsuro, 7: Tsuro of
    the Seas) as benchmarks/vision.py draws it for photo seed ``seed``: the frame, the true
    board, the squares under the hand."""
    game = "tsuro" if size == 6 else "tsuro-of-the-seas"
    rng = np.random.default_rng([seed, looks.LOOKS.index(look), size, b])
    return _photographed(look, size, game, b, rng)


def _photographed(look: str, size: int, game: str, b: int, rng: np.random.Generator
                  ) -> tuple[np.ndarray, dict[Square, Piece], set[Square]]:
    """A random position drawn from ``rng`` and photographed, as both benchmarks do."""
    position = looks.random_position(rng, size, size, game, float(rng.uniform(0.2, 0.9)))
    photo, covered = looks.board_photo(look, size, size, position, int(rng.integers(0, 2**31)),
                                       hand=b % 4 == 3, game=game)
    return photo, dict(position), set(covered)


def score(reading: BoardReading, truth: Mapping[Square, Piece]) -> tuple[int, int, list[str]]:
    """(right, unknown, wrong descriptions) of a reading against the true board."""
    right = unknown = 0
    wrong: list[str] = []
    for sq, piece in truth.items():
        got = reading.squares[sq]
        if got.content is Content.UNKNOWN:
            unknown += 1
        elif got.piece() == piece:
            right += 1
        else:
            wrong.append(f"{sq}: {piece} read as {got.to_json()}")
    return right, unknown, wrong


def spread(tiles: list[Tile | Daikaiju | None], squares: tuple[Square, ...]
           ) -> list[dict[Square, Piece]]:
    """Lay the pieces out over as many boards as it takes."""
    boards: list[dict[Square, Piece]] = []
    for start in range(0, len(tiles), len(squares)):
        chunk = tiles[start : start + len(squares)]
        board: dict[Square, Piece] = {sq: None for sq in squares}
        board.update(dict(zip(squares, chunk, strict=False)))
        boards.append(board)
    return boards


def blank(h: int = 480, w: int = 640, value: int = 128) -> np.ndarray:
    return np.full((h, w, 3), value, np.uint8)


VET_AT = {VetPiece("tsunami", "gold", Side.EAST): Square(2, 3),
          VetPiece("tsunami", "blue", Side.SOUTH): Square(4, 6),
          VetPiece("uzushio", facing=Side.WEST): Square(6, 2),
          VetPiece("portal"): Square(5, 4)}
"""Where the Veterans tests lay one of each piece on the Seas board."""


Frame = tuple[np.ndarray, dict[Square, Any] | None, dict[Square, list[Tile]] | None]
"""A photo to read, with the ``known`` board and ``legal`` tiles a re-read is given."""


LOOKS = ("mottled", "curved", "seas", "reeds")
"""The looks the speed tests read, each taught (the ``profiles`` fixture of conftest.py)."""


def three_readings(look: str, profiles: Mapping[str, TemplateSet]) -> dict[str, TemplateSet]:
    """The benchmark's three readings of ``look``: taught on it, on the next of
    :data:`LOOKS`, and not taught."""
    other = LOOKS[(LOOKS.index(look) + 1) % len(LOOKS)]
    return {"same": profiles[look], "other": profiles[other], "built-in": load_templates(None)}


def taught_looks(tmp_path_factory: pytest.TempPathFactory, taught: Path,
                 names: Sequence[str], seed: int) -> dict[str, TemplateSet]:
    """Each look of ``names`` taught for Tsuro with photos of ``seed`` (mottled: the set of
    the ``taught`` fixture the other tests share)."""
    out = {"mottled": load_templates(taught)}
    for look in names:
        if look == "mottled":
            continue
        where = tmp_path_factory.mktemp(look)
        layout = write_teach_set(look, 6, 6, "tsuro", where, seed)
        teach(layout, GAME_BOARDS["tsuro"], where / "profile")
        out[look] = load_templates(Path(where / "profile"))
    return out


def tile_laid(look: str, seed: int, hand: bool) -> list[Frame]:
    """A photo of a Tsuro board, and the next one after a tile is laid on a bare square."""
    rng = np.random.default_rng(seed)
    truth = looks.random_position(rng, 6, 6, "tsuro", 0.6)
    photo, _ = looks.board_photo(look, 6, 6, truth, seed=seed, hand=hand, game="tsuro")
    bare = [sq for sq, v in truth.items() if v is None]
    used = {v.pattern() for v in truth.values() if isinstance(v, Tile)}
    spare = [p for p in looks.inventory("tsuro") if isinstance(p, Tile) and p not in used]
    after = dict(truth)
    after[bare[0]] = spare[0].rotated(1)
    later, _ = looks.board_photo(look, 6, 6, after, seed=seed, frame=1, game="tsuro")
    return [(photo, None, None), (later, truth, {bare[0]: list(spare[0].rotations())})]


def read_frames(templates: TemplateSet, frames: list[Frame]) -> list[BoardReading]:
    """The frames read one after another by one Tsuro reader."""
    reader = BoardReader(GAME_BOARDS["tsuro"], templates, game="tsuro")
    return [reader.read(photo, known=known, legal=legal) for photo, known, legal in frames]


def differing(a: BoardReading, b: BoardReading) -> list[str]:
    """The squares two readings read otherwise (content, tile, facing or confidence)."""
    def key(r: BoardReading, sq: Square) -> tuple[Any, ...]:
        got = r.squares[sq]
        return got.content, got.tile, got.facing, got.confidence
    return [sq.name() for sq in a.squares if key(a, sq) != key(b, sq)]
