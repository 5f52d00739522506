"""`companion --help` loads every command group; the camera's must not pull in numpy or
OpenCV (issue 10 item 9): its handlers import them when they run."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
from companion.cli import build_parser
parser = build_parser()
parser.format_help()
heavy = sorted(m for m in ("numpy", "cv2") if m in sys.modules)
print(",".join(heavy) or "light")
"""


def test_help_does_not_import_numpy_or_cv2() -> None:
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "light"


def test_vision_package_names_still_resolve() -> None:
    import vision

    assert vision.BoardReader.__name__ == "BoardReader"
    assert issubclass(vision.BoardNotFound, ValueError)
