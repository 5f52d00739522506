"""The whole suite: the test modules' rewritten asserts are kept between runs.

pytest rewrites the asserts of every test module it imports and keeps the result beside the
module (``__pycache__``, as Python keeps bytecode), but not where Python is told to write no
bytecode (``PYTHONDONTWRITEBYTECODE``, set on this team's machines). Then every run, and each
of its workers, rewrote all ~190 modules again: about 3.3 s of CPU a process, of 5.3 s to
collect the suite. The flag is lifted while the test modules are collected only; the
project's own modules are compiled at set-up (scripts/venv.sh).
"""

from __future__ import annotations

import sys

import pytest

_DONT_WRITE = sys.dont_write_bytecode
sys.dont_write_bytecode = False


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    sys.dont_write_bytecode = _DONT_WRITE


# Run the slowest folders first: two workers share the queue (--dist worksteal), and the
# run ends when the last test does; a long screen test started last left one worker running
# alone for its whole length while the other had finished.
_FIRST = ("tests/ui/test_ui_app.py", "tests/ui/", "tests/vision/", "tests/veterans/")


def _rank(item: pytest.Item) -> int:
    path = item.nodeid.split("::", 1)[0]
    return next((i for i, prefix in enumerate(_FIRST) if path.startswith(prefix)), len(_FIRST))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_rank)  # stable: a module's tests stay together, in their order
