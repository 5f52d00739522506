"""``companion vision ...``: teach, read, markers and calibrate (docs/contracts.md 4).

Exit codes: 0 done; 1 teach or calibrate failed (one line on stderr); 2 bad arguments
(argparse's own errors too); 3 board not found (``read``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.core.board import GAME_BOARDS, BoardError, BoardProfile, Point
from companion.games import game_info

# Only the handlers import the camera code (numpy, OpenCV): `companion --help` stays light.
from .errors import BadImage, BoardNotFound, NoFrame, ProfileError, VisionError

if TYPE_CHECKING:
    import numpy as np

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_NOT_FOUND = 0, 1, 2, 3


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("vision", help="read the physical board through the camera",
                                   description="Read the physical board through the camera.")
    sub = parser.add_subparsers(dest="vision_command", metavar="ACTION", required=True)
    games = sorted(GAME_BOARDS)

    teach = sub.add_parser("teach", help="learn the look of your own pieces from photos")
    teach.add_argument("--game", required=True, choices=games)
    teach.add_argument("--profile", required=True, type=Path, metavar="DIR")
    teach.add_argument("--layout", required=True, type=Path, metavar="LAYOUT.json")
    teach.set_defaults(func=cmd_teach)

    read = sub.add_parser("read", help="read a photo of the board")
    read.add_argument("--game", required=True, choices=games)
    read.add_argument("--profile", type=Path, metavar="DIR")
    read.add_argument("--ships", action="store_true", help="also look for ship pieces")
    read.add_argument("--json", action="store_true", help="print the contract's JSON object")
    read.add_argument("image", type=Path, metavar="IMAGE")
    read.set_defaults(func=cmd_read)

    markers = sub.add_parser("markers", help="write a printable sheet of the four markers")
    markers.add_argument("--out", required=True, type=Path, metavar="FILE",
                         help="a .pdf (A4) or .png (with its DPI recorded)")
    markers.add_argument("--square-mm", type=float, default=50.0,
                         help="side of one board square in mm (default 50)")
    markers.add_argument("--dpi", type=int, default=300)
    markers.set_defaults(func=cmd_markers)

    cal = sub.add_parser("calibrate", help="measure where the markers lie on your real board, "
                         "and the colours of your ships")
    cal.add_argument("--game", required=True, choices=games)
    cal.add_argument("--profile", required=True, type=Path, metavar="DIR")
    cal.add_argument("--corners", metavar="X,Y;X,Y;X,Y;X,Y",
                     help="pixel positions in IMAGE of the grid's outer corners: top-left, "
                          "top-right, bottom-right, bottom-left")
    cal.add_argument("--ship", action="append", default=[], metavar="POINT=COLOUR",
                     help="a ship standing in IMAGE, e.g. r1c3:0=red (repeat)")
    cal.add_argument("image", type=Path, metavar="IMAGE")
    cal.set_defaults(func=cmd_calibrate)


def _fail(code: int, message: str) -> int:
    print(f"companion vision: {message}", file=sys.stderr)
    return code


def _board(game: str) -> BoardProfile:
    return GAME_BOARDS[game]


def cmd_teach(args: argparse.Namespace) -> int:
    from .profile import load_layout
    from .teach import summary, teach

    board = _board(args.game)
    try:
        layout = load_layout(args.profile if args.profile.is_dir() else None, board)
        templates, lesson = teach(args.layout, board, args.profile, layout, args.game)
    except BoardNotFound as exc:
        return _fail(EXIT_FAILED, f"markers not found in a teaching photo: {exc}")
    except (VisionError, OSError) as exc:
        return _fail(EXIT_FAILED, str(exc))
    print(summary(templates, lesson))
    return EXIT_OK


def cmd_read(args: argparse.Namespace) -> int:
    from .profile import load_layout, load_ship_colours, load_templates
    from .recognise import BoardReader
    from .ships import ShipFinder
    from .sources import load_image
    from .veterans import reader_for as vet_reader_for

    own = game_info(args.game).camera_reader
    if own:  # pieces other than path tiles (Rigadoon's ships and chests): the game's reader
        module, _, func = own.partition(":")
        read_own: Callable[[argparse.Namespace], int] = getattr(
            importlib.import_module(module), func)
        return read_own(args)
    board = _board(args.game)
    try:
        templates = load_templates(args.profile)
        layout = load_layout(args.profile, board)
        colours = load_ship_colours(args.profile)
        frame = load_image(args.image)
    except (ProfileError, BadImage) as exc:
        return _fail(EXIT_USAGE, str(exc))
    except NoFrame as exc:  # a readable picture with nothing in it: no board to find
        return _fail(EXIT_NOT_FOUND, f"board not found in {args.image}: {exc}")
    ships = ShipFinder(board, colours) if args.ships or colours else None
    # Veterans of the Seas' pieces: the owner's taught looks if the profile has them. The
    # command line is not told the game's options (docs/contracts.md 4 reads the pieces for
    # every --game tsuro-of-the-seas), so options=None: whatever the game's box may hold.
    try:
        veterans = vet_reader_for(args.game, args.profile, options=None)
    except ProfileError as exc:
        return _fail(EXIT_USAGE, str(exc))
    reader = BoardReader(board, templates, layout, ships=ships, game=args.game,
                         veterans=veterans)
    reading = reader.read(frame)
    if not reading.found:
        return _fail(EXIT_NOT_FOUND, f"board not found in {args.image}: {reading.reason}")
    if args.json:
        print(json.dumps(reading.to_json()))
    else:
        print(_text(reading))
    return EXIT_OK


def _text(reading: Any) -> str:
    from .reading import Content

    lines = [f"{reading.rows}x{reading.cols} board, {reading.markers} of 4 markers "
             f"({reading.status})"]
    for r in range(1, reading.rows + 1):
        cells = []
        for sq, sr in sorted(reading.squares.items()):
            if sq.row != r:
                continue
            if sr.content is Content.TILE and sr.portal:
                cells.append(" portal ")
            elif sr.content is Content.TILE:
                cells.append(sr.tile.notation())
            elif sr.content is Content.DAIKAIJU:
                cells.append(f"kaiju-{sr.facing.word[0].upper()}  ")
            elif sr.content is Content.EMPTY:
                cells.append("   .    ")
            elif sr.content in (Content.TSUNAMI, Content.UZUSHIO):
                name = f"ts{(sr.arrow or '?')[0]}" if sr.content is Content.TSUNAMI else "uzu"
                way = sr.facing.word[0].upper() if sr.facing else "?"
                cells.append(f"{name}-{way}".ljust(8))
            else:
                cells.append("   ?    ")
        lines.append(" ".join(cells))
    for pt, colour in sorted(reading.ships.items()):
        lines.append(f"ship {colour} at {pt}")
    return "\n".join(lines)


def cmd_markers(args: argparse.Namespace) -> int:
    from .marker_sheet import write_sheet

    try:
        write_sheet(args.out, args.square_mm, args.dpi)
    except VisionError as exc:
        return _fail(EXIT_USAGE, str(exc))
    except OSError as exc:
        return _fail(EXIT_FAILED, f"{args.out}: {exc.strerror}")
    print(f"wrote {args.out}: markers {args.square_mm / 2:.1f} mm square; print at 100% and "
          f"lay each with its crossed corner on the grid's outer corner")
    return EXIT_OK


def parse_corners(text: str) -> np.ndarray:
    import numpy as np

    try:
        pts = [tuple(float(v) for v in part.split(",")) for part in text.split(";")]
    except ValueError:
        pts = []
    if len(pts) != 4 or any(len(p) != 2 for p in pts):
        raise ValueError(f"--corners {text!r}: give four X,Y pairs separated by ';'")
    return np.array(pts, np.float64)


def cmd_calibrate(args: argparse.Namespace) -> int:
    from .calibrate import measure_marker_layout, measure_ship_colours, save_calibration
    from .sources import load_image

    board = _board(args.game)
    if not args.corners and not args.ship:
        return _fail(EXIT_USAGE, "calibrate needs --corners and/or --ship")
    try:
        frame = load_image(args.image)
        ships = {}
        for item in args.ship:
            point, sep, colour = item.partition("=")
            if not sep or not colour:
                raise ValueError(f"--ship {item!r}: write it like r1c3:0=red")
            ships[Point.parse(point)] = colour.strip()
        corners = parse_corners(args.corners) if args.corners else None
    except (BadImage, BoardError, ValueError) as exc:
        return _fail(EXIT_USAGE, str(exc))
    notes = []
    try:
        if corners is not None:
            layout = measure_marker_layout(frame, board, corners)
            save_calibration(args.profile, board, layout=layout)
            notes.append(f"marker offsets saved to {args.profile / 'markers.json'}")
        if ships:
            colours = measure_ship_colours(frame, board, args.profile, ships)
            save_calibration(args.profile, board, colours=colours, measured=ships.values())
            notes.append(f"ship colours {', '.join(sorted(set(ships.values())))} saved")
    except BoardNotFound as exc:
        return _fail(EXIT_FAILED, f"board not found: {exc}")
    except (VisionError, OSError) as exc:
        return _fail(EXIT_FAILED, str(exc))
    print("; ".join(notes))
    return EXIT_OK
