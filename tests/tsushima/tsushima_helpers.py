"""What the Tsushima command-line tests share: one ``companion tsushima`` command run
through the real entry point."""

from __future__ import annotations

import pytest

from companion.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``companion tsushima ARGV...``: its exit status, what it printed, its errors."""
    try:
        code = main(["tsushima", *argv])
    except SystemExit as exc:  # argparse refusals
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err
