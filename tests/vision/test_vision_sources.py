"""Camera sources: every failure is a typed CameraError, and the app can fall back."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.core.board import GAME_BOARDS, Square
from companion.tsuro.tiles import all_oriented
from vision.errors import BadImage, CameraError, CameraUnavailable, NoFrame
from vision.recognise import BoardReader
from vision.sources import (
    ImageSource,
    PiCameraSource,
    SimulatedSource,
    VideoCaptureSource,
    check_frame,
    load_image,
    open_source,
)

TSURO = GAME_BOARDS["tsuro"]


def test_the_pi_camera_is_absent_here_and_says_so() -> None:
    with pytest.raises(CameraUnavailable, match="picamera2"):
        PiCameraSource()


def test_an_unplugged_webcam_is_a_camera_error() -> None:
    with pytest.raises(CameraUnavailable, match="could not be opened"):
        VideoCaptureSource(97)


def test_a_folder_of_images_is_read_in_order_then_runs_out(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    for k in range(2):
        img = (rng.integers(0, 50, (64, 64, 3)) + 100 * k).astype(np.uint8)
        cv2.imwrite(str(tmp_path / f"frame-{k}.png"), img)
    (tmp_path / "notes.txt").write_text("not an image")
    source = ImageSource(tmp_path)
    a, b = source.read(), source.read()
    assert a.mean() + 50 < b.mean()
    with pytest.raises(NoFrame, match="no more images"):
        source.read()


def test_bad_image_files_are_refused_clearly(tmp_path: Path) -> None:
    empty = tmp_path / "empty.png"
    empty.write_bytes(b"")
    garbage = tmp_path / "garbage.jpg"
    garbage.write_bytes(b"\x89PNG not really" * 10)
    with pytest.raises(BadImage, match="empty"):
        load_image(empty)
    with pytest.raises(BadImage, match="not an image"):
        load_image(garbage)
    with pytest.raises(BadImage, match="no such"):
        load_image(tmp_path / "missing.png")
    with pytest.raises(CameraUnavailable):
        ImageSource(tmp_path / "nowhere")
    assert issubclass(BadImage, CameraError) and issubclass(CameraError, ValueError)


@pytest.mark.parametrize("frame,error", [
    (None, NoFrame),
    (np.zeros((0, 0, 3), np.uint8), NoFrame),
    (np.full((480, 640, 3), 7, np.uint8), NoFrame),  # lens covered
    (np.zeros((480, 640, 3), np.float32), BadImage),
    (np.zeros((8, 8, 3), np.uint8), BadImage),
])
def test_garbage_frames_are_typed_errors(frame: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        check_frame(frame, "test camera")


def test_the_app_falls_back_to_the_simulated_camera() -> None:
    state = {Square(1, 1): all_oriented()[5]}
    source, note = open_source("video:97", TSURO, state=state)
    assert isinstance(source, SimulatedSource)
    assert "simulated" in note and "could not be opened" in note
    reading = BoardReader(TSURO).read(source.read())
    assert reading.squares[Square(1, 1)].tile == all_oriented()[5]
    with pytest.raises(CameraUnavailable):
        open_source("picamera", TSURO, fallback=False)


def test_the_simulated_camera_follows_a_live_game() -> None:
    state: dict[Square, object] = {}
    source = SimulatedSource(TSURO, state=lambda: state)  # type: ignore[arg-type,return-value]
    reader = BoardReader(TSURO)
    assert reader.read(source.read()).board()[Square(3, 3)] is None
    state[Square(3, 3)] = all_oriented()[9]
    assert reader.read(source.read()).board()[Square(3, 3)] == all_oriented()[9]
