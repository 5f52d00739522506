"""Camera sources behind one interface: ``read()`` gives the next frame as BGR uint8.

A source that cannot give frames raises a :class:`~vision.errors.CameraError` subclass
saying what is wrong; the app then goes on with entry by touch or the simulated camera
(:func:`open_source` with ``fallback=True``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol

import cv2
import numpy as np

from companion.core.board import BoardProfile, Point, Square

from .drawing import BUILTIN, Style
from .errors import BadImage, BlankFrame, CameraError, CameraUnavailable, NoFrame
from .simulate import Scene, StateValue, render_photo

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")


class FrameSource(Protocol):
    name: str

    def read(self) -> np.ndarray: ...

    def close(self) -> None: ...


class _Closing:
    name = "source"

    def close(self) -> None:  # pragma: no cover - overridden where there is something to free
        pass

    def __enter__(self) -> Any:
        return self

    def __exit__(self, t: type[BaseException] | None, v: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def check_frame(frame: object, where: str) -> np.ndarray:
    """The frame as BGR uint8, or a :class:`CameraError` saying why it is unusable."""
    if frame is None or not isinstance(frame, np.ndarray) or frame.size == 0:
        raise NoFrame(f"{where}: no frame came back")
    if frame.dtype != np.uint8:
        raise BadImage(f"{where}: frame of type {frame.dtype}, expected 8-bit pixels")
    if frame.ndim == 2:
        frame = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    elif frame.ndim == 3 and frame.shape[2] == 4:
        frame = cv2.cvtColor(frame, cv2.COLOR_BGRA2BGR)
    elif not (frame.ndim == 3 and frame.shape[2] == 3):
        raise BadImage(f"{where}: frame of shape {frame.shape} is not an image")
    if min(frame.shape[:2]) < 32:
        raise BadImage(f"{where}: a {frame.shape[1]}x{frame.shape[0]} frame is too small")
    # A uniform frame is a covered lens or a dead sensor, not a board.
    if float(frame[::7, ::7].std()) < 1.0:
        raise BlankFrame(f"{where}: the frame is blank (lens covered or camera not ready?)")
    return frame


def load_image(path: Path) -> np.ndarray:
    """Read an image file as BGR, or raise :class:`BadImage` saying why not."""
    if not path.is_file():
        raise BadImage(f"{path}: no such image file")
    data = np.fromfile(str(path), np.uint8)
    if data.size == 0:
        raise BadImage(f"{path}: the file is empty")
    img = cv2.imdecode(data, cv2.IMREAD_COLOR)
    if img is None:
        raise BadImage(f"{path}: not an image OpenCV can read")
    return check_frame(img, str(path))


class PiCameraSource(_Closing):
    """The Raspberry Pi camera through picamera2, capturing continuously into numpy."""

    def __init__(self, size: tuple[int, int] = (1280, 960)) -> None:
        self.name = "picamera2"
        try:
            from picamera2 import Picamera2  # type: ignore[import-not-found]
        except ImportError as exc:
            raise CameraUnavailable(
                "picamera2 is not installed (it comes with Raspberry Pi OS: "
                "apt install python3-picamera2)"
            ) from exc
        try:
            self._cam = Picamera2()
            # "RGB888" in libcamera terms is BGR byte order in numpy, as OpenCV wants.
            config = self._cam.create_video_configuration(
                main={"size": size, "format": "RGB888"}, buffer_count=4)
            self._cam.configure(config)
            self._cam.start()
        except Exception as exc:  # the library raises bare RuntimeErrors for a missing camera
            raise CameraUnavailable(f"the Pi camera did not start: {exc}") from exc

    def read(self) -> np.ndarray:
        try:
            frame = self._cam.capture_array("main")
        except Exception as exc:
            raise NoFrame(f"the Pi camera gave no frame: {exc}") from exc
        return check_frame(frame, self.name)

    def close(self) -> None:
        try:
            self._cam.stop()
            self._cam.close()
        except Exception:  # closing a camera that already went away is not an error
            pass


class VideoCaptureSource(_Closing):
    """Any OpenCV ``VideoCapture`` device (a USB webcam: ``0``) or stream URL."""

    def __init__(self, device: int | str = 0, size: tuple[int, int] | None = (1280, 960),
                 retries: int = 3) -> None:
        self.name = f"video:{device}"
        self._cap = cv2.VideoCapture(device)
        if not self._cap.isOpened():
            raise CameraUnavailable(f"camera {device!r} could not be opened (unplugged?)")
        if size:
            self._cap.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
            self._cap.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
        self._retries = retries

    def read(self) -> np.ndarray:
        for _ in range(self._retries):
            ok, frame = self._cap.read()
            if ok and frame is not None:
                return check_frame(frame, self.name)
        raise NoFrame(f"{self.name}: no frames (unplugged or in use by another program?)")

    def close(self) -> None:
        self._cap.release()


class ImageSource(_Closing):
    """An image file, or a folder of them read in name order (``loop`` to start over)."""

    def __init__(self, path: Path | str, loop: bool = False) -> None:
        self.path = Path(path)
        self.name = str(self.path)
        if self.path.is_dir():
            self._files = sorted(p for p in self.path.iterdir()
                                 if p.suffix.lower() in IMAGE_SUFFIXES)
            if not self._files:
                raise CameraUnavailable(f"{self.path}: no image files in this folder")
        elif self.path.is_file():
            self._files = [self.path]
        else:
            raise CameraUnavailable(f"{self.path}: no such file or folder")
        self._loop = loop or self.path.is_file()
        self._next = 0

    def read(self) -> np.ndarray:
        if self._next >= len(self._files):
            if not self._loop:
                raise NoFrame(f"{self.path}: no more images")
            self._next = 0
        path = self._files[self._next]
        self._next += 1
        return load_image(path)


class SimulatedSource(_Closing):
    """A camera that photographs a board state drawn by :mod:`vision.simulate`.

    ``state`` is a mapping or a callable returning one (so it can follow a running game);
    ``scene`` sets the camera angle and the photo defects.
    """

    def __init__(
        self,
        profile: BoardProfile,
        state: Mapping[Square, StateValue] | Callable[[], Mapping[Square, StateValue]] = {},  # noqa: B006
        scene: Scene | None = None,
        ships: Mapping[Point, str] | Callable[[], Mapping[Point, str]] | None = None,
        style: Style = BUILTIN,
        size: tuple[int, int] = (1280, 960),
    ) -> None:
        self.name = "simulated"
        self.profile = profile
        self.state = state
        self.ships = ships
        self.scene = scene or Scene(tilt_deg=12, tilt_dir_deg=80, turn_deg=3, blur=0.6,
                                    noise=2.0, light=0.2, jpeg=90)
        self.style = style
        self.size = size
        self._lock = threading.Lock()

    def read(self) -> np.ndarray:
        state = self.state() if callable(self.state) else self.state
        ships = self.ships() if callable(self.ships) else self.ships
        with self._lock:
            return render_photo(self.profile.rows, self.profile.cols, state, self.scene, ships,
                                self.style, self.size)


def open_source(spec: str | None, profile: BoardProfile, fallback: bool = True,
                **simulated: Any) -> tuple[FrameSource, str]:
    """Open the camera named by ``spec`` (``picamera``, ``video:N``, a number, a file or a
    folder; ``None`` tries the Pi camera then webcam 0). Returns the source and a note for
    the player; with ``fallback`` a camera that fails gives the simulated camera instead of
    raising."""
    attempts: list[Callable[[], FrameSource]]
    if spec is None or spec == "auto":
        attempts = [PiCameraSource, lambda: VideoCaptureSource(0)]
    elif spec in ("picamera", "picamera2"):
        attempts = [PiCameraSource]
    elif spec == "simulated":
        return SimulatedSource(profile, **simulated), "simulated camera"
    elif spec.startswith("video:") or spec.isdigit():
        dev = spec.removeprefix("video:")
        attempts = [lambda: VideoCaptureSource(int(dev) if dev.isdigit() else dev)]
    else:
        attempts = [lambda: ImageSource(spec)]
    problems = []
    for attempt in attempts:
        try:
            source = attempt()
            source.read()  # a camera that opens but gives nothing is no camera
            return source, f"camera: {source.name}"
        except CameraError as exc:
            problems.append(str(exc))
    if not fallback:
        raise CameraUnavailable("; ".join(problems))
    return SimulatedSource(profile, **simulated), "simulated camera (" + "; ".join(problems) + ")"
