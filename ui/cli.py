"""The ``companion app`` and ``companion screenshots`` commands.

Kivy is imported only inside the handlers, so ``companion --help`` never opens a window.
"""

from __future__ import annotations

import argparse
import logging
import os
import re
import sys
from pathlib import Path
from typing import Any, ClassVar

log = logging.getLogger("ui")


def _size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d{3,4})x(\d{3,4})", text)
    if not m:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size: write it like 800x480")
    return int(m.group(1)), int(m.group(2))


def _camera(text: str) -> str:
    if text in ("sim", "picamera", "none", "auto") or re.fullmatch(r"usb:\d+", text) or (
        text.startswith("file:") and len(text) > 5
    ):
        return text
    raise argparse.ArgumentTypeError(
        f"{text!r} is not a camera: use sim, picamera, usb:N, file:PATH, none or auto"
    )


def register(subparsers: Any) -> None:
    app = subparsers.add_parser(
        "app",
        help="start the table app (touchscreen, buttons, camera)",
        description="Start the table app. Off a Raspberry Pi it uses mock GPIO pins with an "
        "on-screen panel and the simulated camera, and says so.",
    )
    app.add_argument("--size", type=_size, help="window size, 800x480 or 1280x720")
    app.add_argument("--camera", type=_camera, help="sim, picamera, usb:N, file:PATH or none")
    app.add_argument("--gpio", choices=("auto", "mock", "lgpio", "rpigpio", "pigpio", "native"),
                     help="pin library (default from the config file)")
    app.add_argument("--fullscreen", action="store_true", help="fill the screen (the Pi unit)")
    app.add_argument("--config", type=Path, help="read this config file only")
    app.set_defaults(func=run_app)

    shots = subparsers.add_parser(
        "screenshots",
        help="render every screen at 800x480 and 1280x720 as PNG (headless)",
    )
    shots.add_argument("--out", type=Path, required=True, help="directory for the PNG files")
    shots.add_argument("--tables-only", action="store_true",
                       help="only the path games' screens, not those other games bring")
    shots.set_defaults(func=run_screenshots)


def _logging() -> None:
    if not logging.getLogger().handlers:
        logging.basicConfig(
            level=logging.INFO,
            stream=sys.stderr,
            format="%(levelname)s %(name)s: %(message)s",
        )


class KivyNoise(logging.Filter):
    """Kivy's tracebacks for optional pieces a kiosk does without (libmtdev, the xclip or
    xsel clipboard helpers) become one line each that says what they mean."""

    LINES: ClassVar[dict[str, str]] = {
        "MTDev is not supported": "Kivy: libmtdev is not installed; touch input comes "
        "through SDL instead (apt install libmtdev1 only for a multitouch device SDL misses)",
        "valuable Cutbuffer provider": "Kivy: no xclip or xsel; copy and paste work inside "
        "the app only (apt install xclip for the desktop clipboard)",
    }

    def filter(self, record: logging.LogRecord) -> bool:
        text = str(record.msg)
        for key, line in self.LINES.items():
            if key in text:
                record.msg, record.args = line, ()
                record.exc_info = record.exc_text = None
                record.levelno, record.levelname = logging.INFO, "INFO"
        return True


def quiet_kivy_noise() -> None:
    """Install :class:`KivyNoise` on Kivy's logger, before Kivy looks for those pieces."""
    from kivy.logger import Logger

    if not any(isinstance(f, KivyNoise) for f in Logger.filters):
        Logger.addFilter(KivyNoise())


def run_app(args: argparse.Namespace) -> int:
    _logging()
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_LOG_MODE", "MIXED")
    quiet_kivy_noise()
    from companion.core import config as cfg

    try:
        loaded = cfg.load(args.config, etc_path=None) if args.config else cfg.load()
    except cfg.ConfigError as exc:
        print(f"companion app: {exc}", file=sys.stderr)
        return 2
    config = loaded.config
    from hardware.pins import is_raspberry_pi

    on_pi = is_raspberry_pi()
    size = args.size
    if size is None and config.display.size != "auto":
        size = _size(config.display.size)
    if size is None and not on_pi:
        size = (800, 480)
    fullscreen = args.fullscreen or config.display.fullscreen
    from .harness import prepare_kivy

    prepare_kivy(size, fullscreen)
    if args.gpio:
        loaded = loaded.with_value("gpio.factory", args.gpio)
    from .app import CompanionApp
    from .app_context import build_context

    try:
        ctx = build_context(loaded, camera=args.camera)
    except Exception as exc:  # the store or the pins cannot be opened at all
        log.exception("cannot start")
        print(f"companion app: cannot start: {exc}", file=sys.stderr)
        return 1
    if ctx.simulated:
        log.warning("SIMULATION: %s", " | ".join(ctx.notes))
    try:
        CompanionApp(ctx).run()
    finally:
        ctx.close()
    return 0


def run_screenshots(args: argparse.Namespace) -> int:
    _logging()
    os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_LOG_MODE", "MIXED")
    quiet_kivy_noise()
    from .screenshots import blank, render_all

    args.out.mkdir(parents=True, exist_ok=True)
    written = render_all(args.out, games=not args.tables_only)
    empty = [p for p in written if blank(p)]
    for p in written:
        print(p)
    if empty:
        print(f"companion screenshots: blank pictures: {', '.join(map(str, empty))}",
              file=sys.stderr)
        return 1
    return 0
