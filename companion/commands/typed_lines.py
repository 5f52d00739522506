"""The ``play`` prompts' input: shared by the path games' and Rigadoon's, so that both
show the same prompt and leave the same way at the end of input."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator


def typed_lines(more: Callable[[], bool] = lambda: True) -> Iterator[str]:
    """Each line typed at a ``> `` prompt while ``more()`` holds, with what follows a ``#``
    left out ('moves' writes its notes there, so a line pasted whole from it works).
    At the end of input (Ctrl-D) a newline, so that the shell's prompt starts a line."""
    while more():
        sys.stdout.write("> ")  # shown before the wait: the player sees it is their turn
        sys.stdout.flush()
        raw = sys.stdin.readline()
        if not raw:
            print()
            return
        yield raw.split("#", 1)[0].strip()
