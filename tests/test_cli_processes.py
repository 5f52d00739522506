"""Issue 11: the command line as a real process, where the in-process tests cannot see:
Python's own flush at exit into a closed pipe (``companion history | head``) and the
SIGINT of Ctrl-C at the ``companion play`` prompt. Each ends quietly, no traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

COMPANION = Path(sys.executable).with_name("companion")


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    env = {**os.environ, "COMPANION_DATA_DIR": str(tmp_path / "data"), "COMPANION_DICE_SEED": "3"}
    subprocess.run([str(COMPANION), "new", "tsuro", "--players", "red,blue"], env=env,
                   check=True, capture_output=True, timeout=120)
    return env


def test_a_reader_that_has_gone_ends_the_command_quietly(env: dict[str, str]) -> None:
    read, write = os.pipe()
    os.close(read)  # `| head` has read its lines and gone: every write meets a closed pipe
    try:
        result = subprocess.run([str(COMPANION), "history"], env=env, stdout=write,
                                stderr=subprocess.PIPE, timeout=120, check=False)
    finally:
        os.close(write)
    assert result.returncode == 141
    assert result.stderr == b"", result.stderr.decode()


def test_ctrl_c_at_the_play_prompt_leaves_quietly(env: dict[str, str]) -> None:
    # A shell that starts the suite in the background (`./run-tests &`, as CI may) hands
    # its children SIGINT ignored, and Python then never turns Ctrl-C into an exception:
    # the player at a terminal has it, so the test gives the command the default back.
    proc = subprocess.Popen([str(COMPANION), "play"], env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdout is not None and proc.stderr is not None
    seen = b""
    while not seen.endswith(b"> "):  # the prompt is up: the command waits for a line
        chunk = proc.stdout.read1(4096)
        assert chunk, seen.decode()
        seen += chunk
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0
    assert b"the game is saved" in out and b"Traceback" not in err, err.decode()
