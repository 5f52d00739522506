"""Reading the physical board through the camera (issue 3, docs/contracts.md 3-4).

The app's entry points::

    from vision import open_source, BoardReader
    source, note = open_source(None, board)        # Pi camera, webcam, else simulated
    reader = BoardReader(board, templates=load_templates(profile_dir))
    reading = reader.read(source.read(), known=board_state, legal=legal_placements)

``reading.found``, ``reading.squares[sq]`` (a :class:`SquareReading`),
``reading.observations`` (changes against ``known``, each saying whether it fits a legal
move) and ``reading.ships``.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

# Names are imported on first use: `companion --help` loads the command line of this package
# (vision.cli), which must not pull in numpy or OpenCV (issue 10).
_WHERE = {
    **dict.fromkeys(("BadImage", "BoardNotFound", "CameraError", "CameraUnavailable",
                     "LayoutError", "NoFrame", "ProfileError", "VisionError"), "errors"),
    **dict.fromkeys(("load_layout", "load_ship_colours", "load_templates"), "profile"),
    **dict.fromkeys(("BoardReading", "Content", "Daikaiju", "Observation", "Piece",
                     "SquareReading"), "reading"),
    **dict.fromkeys(("BoardReader", "Thresholds"), "recognise"),
    "ShipFinder": "ships",
    **dict.fromkeys(("FrameSource", "ImageSource", "PiCameraSource", "SimulatedSource",
                     "VideoCaptureSource", "open_source"), "sources"),
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BadImage",
    "BoardNotFound",
    "BoardReader",
    "BoardReading",
    "CameraError",
    "CameraUnavailable",
    "Content",
    "Daikaiju",
    "FrameSource",
    "ImageSource",
    "LayoutError",
    "NoFrame",
    "Observation",
    "PiCameraSource",
    "Piece",
    "ProfileError",
    "ShipFinder",
    "SimulatedSource",
    "SquareReading",
    "Thresholds",
    "VideoCaptureSource",
    "VisionError",
    "load_layout",
    "load_ship_colours",
    "load_templates",
    "open_source",
]
