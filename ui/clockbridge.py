"""Hand calls from other threads (GPIO edges, camera frames) to the Kivy UI thread.

gpiozero calls ``when_pressed`` on its own thread on a real Pi; widgets may only be
touched on the thread that runs the Kivy clock. :meth:`ClockBridge.post` queues the call
and wakes the clock; the queue is drained on the next frame, in order.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from queue import Empty, SimpleQueue
from typing import Any

log = logging.getLogger(__name__)


class ClockBridge:
    def __init__(self) -> None:
        from kivy.clock import Clock

        self._queue: SimpleQueue[tuple[Callable[..., Any], tuple[Any, ...]]] = SimpleQueue()
        self._trigger = Clock.create_trigger(self._drain, 0)
        # a slow safety net, in case a wake-up from another thread is ever missed
        self._net = Clock.schedule_interval(self._drain, 0.25)

    def post(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(*args)`` on the UI thread at the next frame. Safe from any thread."""
        self._queue.put((fn, args))
        self._trigger()

    def bind(self, fn: Callable[..., Any]) -> Callable[..., None]:
        """A callback for another thread that runs ``fn`` on the UI thread."""
        return lambda *args: self.post(fn)

    def drain(self) -> int:
        return self._drain(0.0)

    def _drain(self, _dt: float) -> int:
        n = 0
        while True:
            try:
                fn, args = self._queue.get_nowait()
            except Empty:
                return n
            n += 1
            try:
                fn(*args)
            except Exception:  # a failing callback must not stop the others
                log.exception("a posted call failed")

    def close(self) -> None:
        self._net.cancel()
        self._trigger.cancel()
