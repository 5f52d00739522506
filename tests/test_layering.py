"""The rules core imports no camera, screen or pin library (the inward-arrows rule)."""

import pkgutil
import subprocess
import sys

import companion

FORBIDDEN = ("cv2", "kivy", "gpiozero", "picamera2", "vision", "ui", "hardware", "numpy")


def test_importing_every_companion_module_loads_no_outer_library():
    modules = sorted(m.name for m in pkgutil.walk_packages(companion.__path__, "companion."))
    assert "companion.state" in modules and len(modules) > 15
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "from companion.cli import build_parser\n"
        f"bad = sorted(n for n in sys.modules if n.split('.')[0] in {FORBIDDEN!r})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"companion pulled in: {out.stdout}"


def test_the_check_would_catch_a_forbidden_import():
    code = "import sys, json\nimport numpy\nprint([n for n in sys.modules if n == 'numpy'])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "numpy" in out.stdout
