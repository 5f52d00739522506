"""scripts/venv.sh: a .venv without pip is repaired, or the missing package is named.

The venv's python and the system python3 are stand-ins that log their calls, so the test
needs neither the network nor a real venv.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "venv.sh"

VENV_PYTHON = """#!/bin/sh
echo "venv-python $*" >> "{log}"
case "$*" in
  "-m pip --version") [ -f "{venv}/pip-ok" ] ;;
  "-m ensurepip --upgrade") [ "{ensurepip}" = yes ] && touch "{venv}/pip-ok" ;;
  *) exit 0 ;;
esac
"""

SYSTEM_PYTHON = """#!/bin/sh
echo "python3 $*" >> "{log}"
exit 1
"""


def _run(tmp_path: Path, ensurepip: bool) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    venv, log, bin_ = tmp_path / "venv", tmp_path / "log", tmp_path / "bin"
    (venv / "bin").mkdir(parents=True)
    bin_.mkdir()
    python = venv / "bin" / "python"
    python.write_text(VENV_PYTHON.format(log=log, venv=venv, ensurepip="yes" if ensurepip else "no"))
    (bin_ / "python3").write_text(SYSTEM_PYTHON.format(log=log))
    for p in (python, bin_ / "python3"):
        p.chmod(0o755)
    digest = hashlib.sha1((ROOT / "pyproject.toml").read_bytes()).hexdigest()[:12]
    (venv / f".installed-{digest}").touch()  # installed once, before pip went missing
    env = {**os.environ, "COMPANION_VENV": str(venv), "PATH": f"{bin_}:{os.environ['PATH']}"}
    result = subprocess.run(
        ["bash", "-c", f"set -euo pipefail; source {SCRIPT}; echo sourced"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False, timeout=60,
    )
    calls = log.read_text().splitlines() if log.exists() else []
    return result, calls


def test_a_venv_without_pip_is_repaired_and_reinstalled(tmp_path: Path) -> None:
    result, calls = _run(tmp_path, ensurepip=True)
    assert result.returncode == 0 and "sourced" in result.stdout, result.stderr
    assert "has no pip" in result.stderr and "repairing" in result.stderr
    assert "venv-python -m ensurepip --upgrade" in calls
    assert any(c.startswith("venv-python -m pip install --quiet -e") for c in calls)


def test_without_python3_venv_the_package_to_install_is_named(tmp_path: Path) -> None:
    result, calls = _run(tmp_path, ensurepip=False)
    assert result.returncode == 1 and "sourced" not in result.stdout
    assert "sudo apt install python3-venv" in result.stderr
    assert "Traceback" not in result.stderr
    assert any(c.startswith("python3 -m venv --clear") for c in calls)


def test_the_licence_is_an_spdx_string() -> None:
    """setuptools stops reading ``project.license`` as a table in 2027: the SPDX form,
    with no licence classifier beside it (setuptools refuses the two together)."""
    import re
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert isinstance(project["license"], str)
    assert re.fullmatch(r"[A-Za-z0-9.+-]+( (AND|OR|WITH) [A-Za-z0-9.+-]+)*", project["license"])
    assert not any(c.startswith("License ::") for c in project.get("classifiers", []))


def test_the_readme_names_python3_venv_before_the_two_commands() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "python3-venv" in readme
    assert readme.index("python3-venv") < readme.index("./run-app")
