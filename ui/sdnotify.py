"""The systemd notify protocol, in a few lines: datagrams to ``$NOTIFY_SOCKET``.

Under ``Type=notify`` the app sends ``READY=1`` once its first frame is drawn, then
``WATCHDOG=1`` from the Kivy clock at half the unit's ``WatchdogSec``; a frozen screen
stops the clock, the pings stop, and systemd restarts the app. Outside systemd (no
``NOTIFY_SOCKET``) every call does nothing.

>>> Notifier({}).notify("READY=1")
False
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Mapping

log = logging.getLogger(__name__)


class Notifier:
    def __init__(self, env: Mapping[str, str] | None = None) -> None:
        env = os.environ if env is None else env
        address = env.get("NOTIFY_SOCKET", "")
        if address.startswith("@"):  # an abstract socket
            address = "\0" + address[1:]
        self.address = address
        self.watchdog_usec = _int(env.get("WATCHDOG_USEC"))
        pid = _int(env.get("WATCHDOG_PID"))
        if pid and pid != os.getpid():  # the watchdog is meant for another process
            self.watchdog_usec = 0
        self._sock: socket.socket | None = None

    @property
    def enabled(self) -> bool:
        return bool(self.address)

    @property
    def watchdog_interval(self) -> float | None:
        """Seconds between pings (half the watchdog timeout), or None without a watchdog."""
        return self.watchdog_usec / 2e6 if self.watchdog_usec else None

    def notify(self, *lines: str) -> bool:
        if not self.address:
            return False
        try:
            if self._sock is None:
                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
            self._sock.sendto("\n".join(lines).encode(), self.address)
            return True
        except OSError as exc:
            log.warning("cannot notify systemd at %r: %s", self.address, exc)
            return False

    def ready(self, status: str = "") -> bool:
        return self.notify("READY=1", *([f"STATUS={status}"] if status else []))

    def watchdog(self) -> bool:
        return self.notify("WATCHDOG=1")

    def status(self, text: str) -> bool:
        return self.notify(f"STATUS={text}")

    def stopping(self) -> bool:
        return self.notify("STOPPING=1")

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None


def _int(text: str | None) -> int:
    try:
        return int(text or 0)
    except ValueError:
        return 0
