"""The looks the reader compares squares with.

A :class:`TemplateSet` holds, for every label (an oriented tile, ``daikaiju:<facing>``), one
or more normalised patches, plus how much contrast separates an empty square from a piece.
The built-in set is drawn from the tile definitions; ``teach`` makes one from photos of the
owner's own pieces and saves it in the profile directory.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

from companion.core.board import Side
from companion.tsuro.tiles import PATTERNS, Tile, all_oriented

from .drawing import BUILTIN, Style, draw_daikaiju, draw_tile
from .errors import UNREADABLE, ProfileError
from .features import PX, jittered_patch, normalise, patches, rotate_patch
from .taught_large import SOURCE as LARGE_SOURCE
from .taught_large import LargeLooks, large_arrays
from .taught_twins import apply_twins, twin_pairs

if TYPE_CHECKING:
    from .read_fine import FineModel
    from .read_taught import TaughtModel

DAIKAIJU = "daikaiju"
TEMPLATES_FILE = "templates.npz"
FORMAT = 2  # issue 9: per-square bare looks, shifted crops, calibrated calling line


def daikaiju_label(facing: Side) -> str:
    return f"{DAIKAIJU}:{facing.word}"


def all_labels() -> tuple[str, ...]:
    return tuple(t.notation() for t in all_oriented()) + tuple(daikaiju_label(s) for s in Side)


@dataclass
class TemplateSet:
    labels: list[str]  # one per row of ``vectors``; a label may repeat
    vectors: np.ndarray  # (n, GRID*GRID) float32, unit length, zero mean
    empty_contrast: float  # contrast below this reads as empty
    source: str = "built-in"
    model: TaughtModel | None = None  # what ``teach`` learned (vision.read_taught)
    game: str | None = None  # the game whose set was taught (None: not recorded)
    # the taught tiles at the photo's own scale (vision.taught_large); None in a profile
    # taught before they were kept, which reads as it did
    large: LargeLooks | None = None

    def save(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        m = self.model
        if m is None:
            raise ProfileError("only taught templates are saved in a profile")
        arrays: dict[str, Any] = dict(
            vectors=m.vectors.astype(np.float32),
            labels=np.array(m.labels),
            empty=m.empty.astype(np.float32),
            empty_detail=m.empty_detail.astype(np.float32),
            common=m.common.astype(np.float32),
            look_least=(m.look_least if m.look_least is not None
                        else np.full(len(m.names), m.least)).astype(np.float32),
            meta=np.array(json.dumps({
                "format": FORMAT, "rows": m.rows, "cols": m.cols, "source": self.source,
                "piece_detail": m.piece_detail, "least": m.least, "margin": m.margin,
                "game": self.game, "bend": m.bend})),
        )
        if m.empty_colour is not None:
            arrays["empty_colour"] = m.empty_colour.astype(np.float32)
        arrays.update(_fine_arrays(m))
        arrays["twins"] = twin_pairs(m)
        arrays.update(large_arrays(self.large))
        np.savez_compressed(directory / TEMPLATES_FILE, **arrays)

    @classmethod
    def load(cls, directory: Path) -> TemplateSet:
        path = directory / TEMPLATES_FILE
        if not path.is_file():
            raise ProfileError(f"{directory}: no {TEMPLATES_FILE}: teach the camera first "
                               f"(how: companion vision teach --help)")
        from .read_features import DIM
        from .read_taught import TaughtModel

        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                if meta.get("format") != FORMAT:
                    raise ProfileError(f"{path} was made by an older version of the reader; "
                                       f"teach the camera again (how: companion vision teach --help)")
                vectors = data["vectors"].astype(np.float32)
                labels = [str(x) for x in data["labels"]]
                empty = data["empty"].astype(np.float32)
                empty_detail = data["empty_detail"].astype(np.float32)
                rows, cols = int(meta["rows"]), int(meta["cols"])
                model = TaughtModel(rows, cols, labels, vectors, empty, empty_detail,
                                    float(meta["piece_detail"]),
                                    data["common"].astype(np.float32), float(meta["least"]),
                                    float(meta["margin"]), data["look_least"].astype(np.float32),
                                    _fine_model(data), _bend(meta.get("bend")))
                if "empty_colour" in data:  # kept since session 12
                    model.empty_colour = data["empty_colour"].astype(np.float32)
                    if model.empty_colour.shape != (rows * cols, 3):
                        raise ProfileError(f"{path} is damaged: bare colours of shape "
                                           f"{model.empty_colour.shape}")
                if "twins" in data:  # a profile taught before near twins were kept has none
                    apply_twins(model, _twins(data["twins"], len(model.names)))
                game = meta.get("game")
                large = _large(data)
        except UNREADABLE as exc:
            if isinstance(exc, ProfileError):
                raise
            raise ProfileError(f"{path} is unreadable: {exc}") from None
        if (len(labels) != len(vectors) or vectors.ndim != 2 or vectors.shape[1] != DIM
                or empty.shape != (rows * cols, DIM) or empty_detail.shape != (rows * cols,)):
            raise ProfileError(f"{path} is damaged: {len(labels)} labels, {len(vectors)} looks")
        return cls(labels, vectors, model.piece_detail, str(meta.get("source", "taught")),
                   model, game if isinstance(game, str) else None, large)


def _large(data: Mapping[str, np.ndarray]) -> LargeLooks | None:
    """A profile's crops at the photo's own scale; None for a profile taught without
    them (the reader then does without, as it did)."""
    if "large_labels" not in data or "large_crops" not in data:
        return None
    labels = [str(x) for x in data["large_labels"]]
    crops = data["large_crops"].astype(np.float32)
    if crops.shape != (len(labels), LARGE_SOURCE, LARGE_SOURCE):
        raise ProfileError(f"large crops of shape {crops.shape} for {len(labels)} labels")
    return LargeLooks(labels, crops, _turned)


def _twins(pairs: np.ndarray, names: int) -> np.ndarray:
    """A profile's pairs of near twins (vision.taught_twins), checked against its looks."""
    pairs = np.asarray(pairs).astype(np.int64).reshape(-1, 2)
    if len(pairs) and (pairs.min() < 0 or pairs.max() >= names):
        raise ProfileError(f"near twins {pairs.tolist()[:3]} outside {names} looks")
    return pairs


def _bend(value: object) -> int | None:
    """A profile's bend of paths (an index in ``read_paths.BENDS``); None when absent (a
    profile taught before it was kept) or out of range."""
    from .read_paths import BENDS

    return value if isinstance(value, int) and 0 <= value < len(BENDS) else None


def _fine_arrays(m: TaughtModel) -> dict[str, np.ndarray]:
    """The full-size crops of a taught model as saved: each taught showing once, in the
    orientation it was taught (the quarter turns are made again on loading)."""
    if m.fine is None:
        return {}
    return {"fine_labels": np.array(m.fine.taught_labels),
            "fine_crops": m.fine.taught_crops.astype(np.float16)}


def _fine_model(data: Mapping[str, np.ndarray]) -> FineModel | None:
    """The full-size crops of a profile; None for a profile taught without them (the
    second, finer look is then skipped)."""
    from .read_fine import SOURCE, FineModel

    if "fine_labels" not in data or "fine_crops" not in data:
        return None
    labels = [str(x) for x in data["fine_labels"]]
    crops = data["fine_crops"].astype(np.float32)
    if crops.shape != (len(labels), SOURCE, SOURCE):
        raise ProfileError(f"full-size crops of shape {crops.shape} for {len(labels)} labels")
    return FineModel.from_samples(list(zip(labels, crops, strict=True)), _turned)


def square_image(art: np.ndarray | None, px: int = PX, board: tuple[int, int, int] = (104, 96, 74),
                 inset: float = 0.94, context: int = 0) -> np.ndarray:
    """One square seen from above: the board, and the piece laid on it (grey), with
    ``context`` squares of bare board around it."""
    up = 4
    big = px * up
    side = big * (1 + 2 * context)
    canvas = np.empty((side, side, 3), np.uint8)
    canvas[:] = board
    if art is not None:
        n = int(big * inset)
        o = context * big + (big - n) // 2
        canvas[o : o + n, o : o + n] = cv2.resize(art, (n, n), interpolation=cv2.INTER_AREA)
    small = cv2.resize(canvas, (side // up, side // up), interpolation=cv2.INTER_AREA)
    return cv2.cvtColor(small, cv2.COLOR_BGR2GRAY).astype(np.float32)


def piece_art(label: str, size: int, style: Style) -> np.ndarray:
    if label.startswith(DAIKAIJU):
        return draw_daikaiju(Side.parse(label.split(":")[1]), size, style)
    return draw_tile(Tile.parse(label), size, style)


@cache
def builtin() -> TemplateSet:
    """Templates drawn from the tile definitions in the built-in style."""
    return drawn(BUILTIN)


def drawn(style: Style, source: str = "built-in") -> TemplateSet:
    """Every oriented tile and daikaiju facing, drawn in ``style``. Each piece is drawn once
    and turned: the jitter is the same in every direction, so the turned look is exact."""
    looks: dict[str, np.ndarray] = {}
    bases = [p.notation() for p in PATTERNS] + [daikaiju_label(Side.NORTH)]
    for base in bases:
        look = jittered_patch(square_image(piece_art(base, PX * 4, style), context=1), PX, PX)
        for k in range(4):
            looks.setdefault(_turned(base, k), rotate_patch(look, k))
    labels = list(all_labels())
    vecs, contrast = normalise(np.stack([looks[lb] for lb in labels]))
    empty = normalise(patches(square_image(None), 1, 1))[1][0]
    # Halfway (in log terms) between a bare square and the plainest piece.
    threshold = float(np.sqrt(max(empty, 0.01) * contrast.min()))
    return TemplateSet(labels, vecs, threshold, source)


def _turned(label: str, k: int) -> str:
    if label.startswith(DAIKAIJU):
        return daikaiju_label(Side.parse(label.split(":")[1]).turned(k))
    return Tile.parse(label).rotated(k).notation()
