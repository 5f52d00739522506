"""The built-in reader on looks no rule was chosen on: new looks mixed from the tuning looks'
parts (issue 9). Prints figures, asserts nothing, changes nothing in the reader:

    .venv/bin/python benchmarks/vision_mixes.py --mixes 10 --boards 20 --seed 1

From ``--seed``, ``--mixes`` new looks (:class:`vision.look_pieces.LookSpec`) are drawn:
texture ``mottle`` or ``water``; tile, path, board, grid, frame, edge and daikaiju colours
taken from or between two of the tuning looks' (a little beyond either end); path width,
strength, bend, wobble, bridges, glow, spread and tile size over ranges a little wider than
the tuning looks'; board art ``plain``, ``phoenix``, ``waves`` or ``reeds`` (with ``--art``,
those named, among them the further boards of :mod:`vision.look_boards`). Never the
``speckle`` texture or the ``mandala`` board, and nothing of ``held-out``: its parts are
scored only. A mix whose paths would hardly show on its tiles is drawn again.

With ``--thin`` the mixes are of the kind the built-in reader does worst on
(:data:`THIN`: thin faint paths, 0.024-0.032 of a square, on textured tiles over any
board but ``held-out``'s), named ``thin-{seed}-{k}``.

With ``--textures`` the tiles print one of the texture families named (``fibre``: a
wood-like grain, fine streaks one way across each tile), the rest of each mix drawn as
without it.

With ``--taught`` each mix is instead taught from its own teaching photos, as an owner
teaches the camera their own set (the benchmark's ``same`` reading), and read so: how the
taught reader does on pieces it was never tuned on. Whole boards are counted too.

Each mix is photographed as ``benchmarks/vision.py`` photographs a look (random positions,
a hand over a corner in every 4th photo, 6x6 Tsuro and 7x7 Tsuro of the Seas) and read
built-in with the game named. Per mix and size: squares right, unknown and confidently
wrong (a square under the hand read unknown counts right), and how many of the squares left
unknown are truly bare and truly a tile (``open b/t``); then every confident wrong by
the stage of the reader that made the call (the first stage after which the square held
the wrong answer for good: traced by wrapping the stages ``vision.recognise`` calls), what
the truth was and what was called (``tile``, ``bare``, ``daikaiju``; ``twin`` for a near
twin of the truth, ``hand`` when under the hand).
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"

import argparse  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from dataclasses import dataclass, replace  # noqa: E402
from typing import Any  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import mix_trace  # noqa: E402  (beside this script)

from companion.core.board import GAME_BOARDS, BoardProfile  # noqa: E402
from companion.tsuro.tiles import Tile  # noqa: E402
from vision import looks  # noqa: E402
from vision.errors import VisionError  # noqa: E402
from vision.look_files import write_teach_set  # noqa: E402
from vision.look_pieces import LookSpec  # noqa: E402
from vision.paths_twins import twins  # noqa: E402
from vision.profile import load_templates  # noqa: E402
from vision.reading import Content, Daikaiju  # noqa: E402
from vision.recognise import BoardReader  # noqa: E402
from vision.teach import teach  # noqa: E402
from vision.templates import TemplateSet  # noqa: E402

SIZES = {6: "tsuro", 7: "tsuro-of-the-seas"}
BGR = tuple[float, float, float]
SOURCES = tuple(lk for lk in looks.LOOKS if lk != looks.HELD_OUT)
_BEYOND = 0.15  # how far past either tuning colour a mix may go
_CONTRAST = 38.0  # least path-over-tile brightness (times the paths' alpha) of a mix:
# the faintest tuning look's is about 46


def colours() -> dict[str, list[BGR]]:
    """Every tuning look's colour of each part (a drawn look's style gives its tiles')."""
    out: dict[str, list[BGR]] = {k: [] for k in ("tile", "path", "board_colour", "grid",
                                                  "frame", "edge", "kaiju", "kaiju_body")}
    for name in SOURCES:
        s = looks.spec(name)
        own = {k: getattr(s, k) for k in out}
        if s.style is not None:  # its pieces' own colours, not the LookSpec's defaults
            own["tile"], own["path"] = s.style.tile, s.style.path
        for k, value in own.items():
            if value is not None:
                out[k].append((float(value[0]), float(value[1]), float(value[2])))
    return out


def _between(rng: np.random.Generator, options: list[BGR]) -> BGR:
    a, b = (options[int(i)] for i in rng.choice(len(options), 2, replace=len(options) < 2))
    t = float(rng.uniform(-_BEYOND, 1 + _BEYOND))
    mixed = np.clip(np.asarray(a) + t * (np.asarray(b) - np.asarray(a)), 0, 255)
    return (float(mixed[0]), float(mixed[1]), float(mixed[2]))


ARTS = ("plain", "phoenix", "waves", "reeds")
# every board a look may print but held-out's (scored only)
MIXABLE = tuple(b for b in looks.BOARDS if b != looks.spec(looks.HELD_OUT).board)


@dataclass(frozen=True)
class Ranges:
    """Where a mix's path strength, width, bend, wobble and bridges are drawn from, and
    whether it may glow."""

    alpha: tuple[float, float]
    width: tuple[float, float]
    bend: tuple[float, float]
    wobble: tuple[float, float]
    bridges: tuple[float, float]
    glow: bool
    textures: tuple[str, ...] = ("mottle", "water")


# every texture a mix may print but held-out's (scored only)
TEXTURES = tuple(t for t in ("mottle", "water", "fibre") if t != looks.spec(looks.HELD_OUT).texture)
MIXED = Ranges((0.4, 0.85), (0.024, 0.06), (0.2, 0.6), (0.0, 0.015), (0.0, 1.0), True)
THIN = Ranges((0.4, 0.6), (0.024, 0.032), (0.2, 0.45), (0.0, 0.01), (0.3, 1.0), False)
"""Thin faint paths on textured tiles: the kind of set the built-in reader does worst on."""


def mix(rng: np.random.Generator, name: str, arts: tuple[str, ...] = ARTS,
        ranges: Ranges = MIXED) -> LookSpec:
    """One new look from the tuning looks' parts, its board printed with one of ``arts``,
    its paths drawn within ``ranges``."""
    parts = colours()
    while True:
        tile, path = _between(rng, parts["tile"]), _between(rng, parts["path"])
        alpha = float(rng.uniform(*ranges.alpha))
        if abs(np.mean(path) - np.mean(tile)) * alpha >= _CONTRAST:
            break
    return LookSpec(
        name, texture=_texture(str(rng.choice(["mottle", "water"])), ranges.textures), tile=tile,
        tile_spread=float(rng.uniform(6.0, 11.0)), path=path,
        path_width=float(rng.uniform(*ranges.width)), path_alpha=alpha,
        bend=float(rng.uniform(*ranges.bend)), wobble=float(rng.uniform(*ranges.wobble)),
        bridges=float(rng.uniform(*ranges.bridges)),
        glow=float(rng.uniform(0.0, 0.25)) if ranges.glow and rng.random() < 0.5 else 0.0,
        edge=_between(rng, parts["edge"]), kaiju=_between(rng, parts["kaiju"]),
        kaiju_body=_between(rng, parts["kaiju_body"]),
        board=str(rng.choice(list(arts))),
        board_colour=_between(rng, parts["board_colour"]), grid=_between(rng, parts["grid"]),
        frame=_between(rng, parts["frame"]), size=float(rng.uniform(0.94, 0.965)))


def _texture(drawn: str, textures: tuple[str, ...]) -> str:
    """The texture of ``textures`` for one drawn as ever between mottle and water (so the
    rest of a mix is drawn the same whatever the textures)."""
    if drawn in textures:
        return drawn
    return textures[("mottle", "water").index(drawn) % len(textures)]


def mixes(seed: int, count: int, arts: tuple[str, ...] | None = None, prefix: str | None = None,
          thin: bool = False, textures: tuple[str, ...] | None = None) -> list[LookSpec]:
    """The first ``count`` mixed looks of ``seed``, named ``{prefix}-{seed}-{k}`` (not
    registered): the draw every script and test that names a mix by its seed repeats.
    ``thin``: looks of thin faint paths (:data:`THIN`; prefix ``thin``, any mixable art
    unless ``arts`` says), else prefix ``mix`` and ``ARTS``. ``textures``: the tiles' texture
    families drawn from (else mottle and water; the draw of the rest is the same)."""
    if thin:
        rng = np.random.default_rng([seed, 777])
        ranges = THIN if textures is None else replace(THIN, textures=textures)
        return [mix(rng, f"{prefix or 'thin'}-{seed}-{k}", arts or MIXABLE, ranges)
                for k in range(count)]
    rng = np.random.default_rng([seed, 4242])
    ranges = MIXED if textures is None else replace(MIXED, textures=textures)
    return [mix(rng, f"{prefix or 'mix'}-{seed}-{k}", arts or ARTS, ranges)
            for k in range(count)]


def describe(s: LookSpec) -> str:
    def c(v: BGR | None) -> str:
        return "-" if v is None else "/".join(f"{x:.0f}" for x in v)
    return (f"{s.texture} tile {c(s.tile)} path {c(s.path)} w {s.path_width:.3f} "
            f"a {s.path_alpha:.2f} bend {s.bend:.2f} wob {s.wobble:.3f} br {s.bridges:.2f} "
            f"glow {s.glow:.2f} board {s.board} {c(s.board_colour)} size {s.size:.3f}")


@dataclass
class Row:
    right: int = 0
    unknown: int = 0
    wrong: int = 0
    squares: int = 0
    boards: int = 0
    whole: int = 0
    refused: str = ""  # why teaching refused the mix's own layout (read built-in then)
    open_bare: int = 0  # of ``unknown``: squares truly bare
    open_tile: int = 0  # ... and truly a tile (the rest are daikaiju)


def _kind(piece: object) -> str:
    return "bare" if piece is None else "daikaiju" if isinstance(piece, Daikaiju) else "tile"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mixes", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1, help="draws the mixes")
    ap.add_argument("--photos", type=int, default=2026, help="seeds the photos")
    ap.add_argument("--boards", type=int, default=20, help="photos per mix and size")
    ap.add_argument("--verbose", action="store_true", help="list every confident wrong")
    ap.add_argument("--art", default=None,
                    help=f"board art to draw from, comma separated: {', '.join(MIXABLE)}")
    ap.add_argument("--textures", default=None,
                    help=f"tile textures to draw from, comma separated: {', '.join(TEXTURES)}"
                         " (default mottle,water)")
    ap.add_argument("--thin", action="store_true",
                    help="mix looks of thin faint paths (vision_mixes.THIN) instead")
    ap.add_argument("--taught", action="store_true",
                    help="teach each mix from its own teaching photos, then read")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    arts = tuple(args.art.split(",")) if args.art is not None else None
    unknown = [a for a in arts or () if a not in MIXABLE]
    if unknown:
        ap.error(f"no board art a mix may print called {unknown[0]!r}: one of "
                 f"{', '.join(MIXABLE)}")
    textures = tuple(args.textures.split(",")) if args.textures is not None else None
    odd = [t for t in textures or () if t not in TEXTURES]
    if odd:
        ap.error(f"no tile texture a mix may print called {odd[0]!r}: one of "
                 f"{', '.join(TEXTURES)}")
    specs = mixes(args.seed, args.mixes, arts, thin=args.thin, textures=textures)
    for s in specs:
        looks.register(s)
    trace = mix_trace.install()
    built_in = load_templates(None)
    rows: dict[tuple[str, int], Row] = {}
    by_stage: Counter[str] = Counter()
    by_what: Counter[str] = Counter()
    lines: list[str] = []
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mixes-") as tmp:
        _read_mixes(specs, args, built_in, Path(tmp), rows, by_stage, by_what, lines, trace)
    elapsed = time.perf_counter() - start
    _report(specs, rows, by_stage, by_what, lines if args.verbose else [], args, elapsed)
    return 0


def _read_mixes(specs: list[LookSpec], args: argparse.Namespace, built_in: TemplateSet,
                work: Path, rows: dict[tuple[str, int], Row], by_stage: Counter[str],
                by_what: Counter[str], lines: list[str], trace: Any) -> None:
    """Read every mix's photos into ``rows`` (and the confident wrongs' tallies)."""
    for k, s in enumerate(specs):
        for size, game in SIZES.items():
            board = GAME_BOARDS[game]
            order = board.squares()
            row = rows.setdefault((s.name, size), Row())
            templates = built_in
            if args.taught:
                try:
                    templates = _taught(s.name, board, game, args.photos, work)
                except VisionError as exc:  # the owner is told why and reads built-in
                    row.refused = str(exc)
            for b in range(args.boards):
                prng = np.random.default_rng([args.photos, 100 + k, size, b])
                position = looks.random_position(prng, size, size, game,
                                                 float(prng.uniform(0.2, 0.9)))
                photo, covered = looks.board_photo(s.name, size, size, position,
                                                   int(prng.integers(0, 2**31)),
                                                   hand=b % 4 == 3, game=game)
                trace.clear()
                reading = BoardReader(board, templates, game=game,
                                      options=frozenset()).read(photo)
                row.boards += 1
                before = row.right
                for i, sq in enumerate(order):
                    truth, got = position[sq], reading.squares[sq]
                    unknown = got.content is Content.UNKNOWN or not reading.found
                    right = not unknown and got.piece() == truth
                    row.squares += 1
                    if right or (sq in covered and unknown):
                        row.right += 1
                    elif unknown:
                        row.unknown += 1
                        row.open_bare += truth is None
                        row.open_tile += isinstance(truth, Tile)
                    else:
                        row.wrong += 1
                        called = got.piece()
                        what = f"{_kind(truth)}->{_kind(called)}"
                        if isinstance(truth, Tile) and isinstance(called, Tile) and twins(
                                truth.notation(), called.notation()):
                            what += " twin"
                        stage = trace.maker(i)
                        hand = " hand" if sq in covered else ""
                        by_stage[stage] += 1
                        by_what[f"{stage:12} {what}{hand}"] += 1
                        lines.append(f"  {s.name} {size}x{size} photo {b} {sq.name()}: "
                                     f"{what}{hand} by {stage} (conf {got.confidence:.2f}) "
                                     f"{_name(truth)} read {_name(called)}")
                row.whole += row.right - before == len(order)


def _taught(look: str, board: BoardProfile, game: str, seed: int, work: Path) -> TemplateSet:
    """The mix taught from its own teaching photos, as an owner would (PNGs, layout, teach)."""
    where = work / f"{look}-{game}"
    teach(write_teach_set(look, board.rows, board.cols, game, where, seed), board,
          where / "profile")
    return load_templates(where / "profile")


def _name(piece: object) -> str:
    if piece is None:
        return "bare"
    if isinstance(piece, Tile):
        return piece.notation()
    return str(piece)


def _report(specs: list[LookSpec], rows: dict[tuple[str, int], Row], by_stage: Counter[str],
            by_what: Counter[str], lines: list[str], args: argparse.Namespace,
            elapsed: float) -> None:
    how = "taught (each mix on its own set)" if args.taught else "built-in"
    print(f"{how} reading of {len(specs)} mixed looks (seed {args.seed}), {args.boards} "
          f"photos per mix and size, photo seed {args.photos}")
    print(f"{'mix':10} {'size':4} {'per sq':>8} {'unknown':>8} {'wrong':>7} {'boards':>7} "
          f"{'open b/t':>9}  look")
    total = Row()
    for s in specs:
        for size in SIZES:
            r = rows[(s.name, size)]
            n = r.squares or 1
            print(f"{s.name:10} {size}x{size:<2} {r.right / n:8.3%} {r.unknown / n:8.3%} "
                  f"{r.wrong / n:7.3%} {r.whole / max(r.boards, 1):7.1%} "
                  f"{r.open_bare:4}/{r.open_tile:<4}  "
                  f"{describe(s) if size == 6 else ''}"
                  f"{' TEACHING REFUSED, read built-in: ' + r.refused[:90] if r.refused else ''}")
            total.right += r.right
            total.unknown += r.unknown
            total.wrong += r.wrong
            total.squares += r.squares
            total.boards += r.boards
            total.whole += r.whole
            total.open_bare += r.open_bare
            total.open_tile += r.open_tile
    n = total.squares or 1
    print(f"{'all':10} {'':4} {total.right / n:8.3%} {total.unknown / n:8.3%} "
          f"{total.wrong / n:7.3%} {total.whole / max(total.boards, 1):7.1%} "
          f"{total.open_bare:4}/{total.open_tile:<4}  ({total.squares} squares)")
    print("\nconfident wrongs by the stage that made the call:")
    for stage, count in by_stage.most_common():
        print(f"  {stage:12} {count}")
    print("... and by what was called:")
    for what, count in by_what.most_common():
        print(f"  {what:40} {count}")
    for line in lines:
        print(line)
    print(f"{elapsed:.0f} s in all")


if __name__ == "__main__":
    sys.exit(main())
