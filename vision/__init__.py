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

from .errors import (
    BadImage,
    BoardNotFound,
    CameraError,
    CameraUnavailable,
    LayoutError,
    NoFrame,
    ProfileError,
    VisionError,
)
from .profile import load_layout, load_ship_colours, load_templates
from .reading import BoardReading, Content, Daikaiju, Observation, Piece, SquareReading
from .recognise import BoardReader, Thresholds
from .ships import ShipFinder
from .sources import (
    FrameSource,
    ImageSource,
    PiCameraSource,
    SimulatedSource,
    VideoCaptureSource,
    open_source,
)

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
