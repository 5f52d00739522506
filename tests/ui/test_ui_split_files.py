"""The path games' turn logic and cameras, split in files one can read in one sitting: each
stays within the house's length, and the parts that hold no screen load no Kivy, no
OpenCV and no numpy (the app starts, and the command line runs, without them)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "ui"

SPLIT = (
    "controller.py", "table_state.py", "board_check.py", "tile_verdict.py", "hand_requests.py",
    "camera.py", "sim_camera.py", "vision_camera.py", "vision_terms.py", "camera_open.py",
    "board_compare.py", "app_context.py",
)
"""The files the table controller, the camera module and the app's context were split into."""

MAX_LINES = 400


def test_each_part_of_the_split_is_short_enough_to_read_in_one_sitting() -> None:
    long = {name: n for name in SPLIT
            if (n := len((UI / name).read_text().splitlines())) > MAX_LINES}
    assert long == {}, f"over {MAX_LINES} lines: {long}"


def test_the_turn_logic_and_the_cameras_load_no_screen_or_image_library() -> None:
    modules = [f"ui.{name.removesuffix('.py')}" for name in SPLIT]
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in "
        "('kivy', 'cv2', 'numpy', 'vision'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=UI.parent)
    assert out.stdout.strip() == "", f"loaded: {out.stdout}"

