"""Keep the app's native heap from holding on to the camera's big temporaries.

Every camera read (and the simulated camera's rendering) makes arrays of several MB and
drops them at once. glibc serves allocations above ``M_MMAP_THRESHOLD`` with ``mmap`` and
gives them back to the system when freed, but the threshold is *dynamic*: after the first
big array is freed it rises to that array's size (up to 32 MB), so later arrays come from
the heap, whose free space stays in the process (tens of MB of RSS, fragmented by the
small objects allocated in between). Fixing the threshold (as
``MALLOC_MMAP_THRESHOLD_=131072`` in the environment would) keeps big arrays in ``mmap``.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging
import sys
from typing import Any

log = logging.getLogger(__name__)

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 128 * 1024
TRIM_THRESHOLD = 1024 * 1024

_done = False


def tune_malloc() -> bool:
    """Fix glibc's mmap threshold for this process (once; a no-op off glibc)."""
    global _done
    if _done:
        return True
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # not glibc (musl has no mallopt)
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    ok = bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(
        mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD)
    )
    _done = ok
    log.debug("malloc tuning: %s", "done" if ok else "refused")
    return ok


_trim: Any = None


def release_free_memory() -> None:
    """Give the heap's free pages back to the system (after a camera read's big arrays).

    ``malloc_trim`` also releases free pages in the middle of the heap, which the
    automatic trim (only the top of the heap) cannot; it takes about a millisecond."""
    global _trim
    if _trim is None:
        _trim = False
        if sys.platform.startswith("linux"):
            try:
                libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
                _trim = libc.malloc_trim
                _trim.argtypes = [ctypes.c_size_t]
                _trim.restype = ctypes.c_int
            except (OSError, AttributeError):
                _trim = False
    if _trim:
        _trim(0)


def clear_canvas(canvas: Any) -> None:
    """Empty a canvas that is about to be drawn afresh, and free what it held soon after.

    Kivy's vertex instructions (lines wider than one pixel, ellipses) sit in reference
    cycles, so the old ones wait for Python's cyclic collector, which counts objects, not
    the native memory of their vertex buffers: with a board redrawn after every action the
    app grew by megabytes a redraw (120 redraws: 213 to 579 MB headless). They survive
    into the oldest generation, so only a full collection frees them; it takes tens of
    milliseconds, so it runs once, half a second after a burst of redraws, when the
    screen has already answered the player."""
    canvas.clear()
    _collect_soon()


_collector: Any = None


def _collect_soon() -> None:
    global _collector
    if _collector is None:
        from kivy.clock import Clock

        def collect(_dt: float) -> None:
            gc.collect()
            release_free_memory()

        _collector = Clock.create_trigger(collect, 0.5)
    _collector()
