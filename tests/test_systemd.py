"""The boot unit, the Pi install script and the systemd notify protocol."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
from pathlib import Path

import pytest

from ui.sdnotify import Notifier

ROOT = Path(__file__).resolve().parents[1]
UNIT = ROOT / "systemd" / "table-companion.service"
DROPIN = ROOT / "systemd" / "table-companion.service.d" / "strict.conf"
INSTALL = ROOT / "systemd" / "install-pi.sh"
EXEC = "@PREFIX@/venv/bin/companion"
MAX_EXPOSURE = 2.5


def parse_unit(text: str) -> dict[str, dict[str, list[str]]]:
    """A unit file as {section: {key: [values in order]}} (keys may repeat)."""
    out: dict[str, dict[str, list[str]]] = {}
    section = None
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            assert line.endswith("]"), f"line {n}: {raw!r}"
            section = line[1:-1]
            out.setdefault(section, {})
            continue
        assert section is not None and "=" in line, f"line {n} is not key=value: {raw!r}"
        key, _, value = line.partition("=")
        out[section].setdefault(key.strip(), []).append(value.strip())
    return out


@pytest.fixture(scope="module")
def unit() -> dict[str, dict[str, list[str]]]:
    return parse_unit(UNIT.read_text())


def one(unit: dict[str, dict[str, list[str]]], section: str, key: str) -> str:
    values = unit[section].get(key)
    assert values and len(values) == 1, f"{section}.{key} = {values}"
    return values[0]


def render(prefix: str) -> str:
    """The unit as the installer writes it, for ``prefix``."""
    env = {**os.environ, "PREFIX": prefix}
    return subprocess.run(
        ["bash", str(INSTALL), "--print-unit"], capture_output=True, text=True, check=True,
        env=env,
    ).stdout


def test_the_installer_takes_the_prefix_from_one_place() -> None:
    assert "/opt/table-companion" not in "".join(
        line for line in UNIT.read_text().splitlines(keepends=True) if not line.startswith("#")
    )
    unit = parse_unit(render("/srv/tc"))
    assert one(unit, "Service", "ExecStart") == "/srv/tc/venv/bin/companion app --fullscreen"
    assert one(unit, "Unit", "Documentation") == "file:///srv/tc/docs/app.md"
    default = parse_unit(render("/opt/table-companion"))
    assert one(default, "Service", "ExecStart").startswith("/opt/table-companion/venv/bin/")


def test_unit_is_notify_with_watchdog_and_restart(unit: dict[str, dict[str, list[str]]]) -> None:
    assert set(unit) == {"Unit", "Service", "Install"}
    assert one(unit, "Service", "Type") == "notify"
    assert int(one(unit, "Service", "WatchdogSec")) >= 5
    assert one(unit, "Service", "Restart") == "on-failure"
    assert one(unit, "Service", "ExecStart").startswith(EXEC + " app")
    assert one(unit, "Install", "WantedBy") == "multi-user.target"


def test_unit_runs_as_dedicated_user_with_device_groups(
    unit: dict[str, dict[str, list[str]]],
) -> None:
    assert one(unit, "Service", "User") == "companion"
    groups = one(unit, "Service", "SupplementaryGroups").split()
    assert set(groups) == {"video", "gpio", "input", "render"}


def test_unit_is_hardened(unit: dict[str, dict[str, list[str]]]) -> None:
    s = unit["Service"]
    assert s["NoNewPrivileges"] == ["yes"]
    assert s["ProtectSystem"] == ["strict"]
    assert s["ProtectHome"] == ["yes"]
    assert s["PrivateTmp"] == ["yes"]
    assert s["ReadWritePaths"] == ["/var/lib/table-companion"]
    # the data and config directories the app uses lie inside the writable path
    env = dict(v.split("=", 1) for v in s["Environment"])
    for key in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "KIVY_HOME"):
        assert env[key].startswith("/var/lib/table-companion"), key
    assert "PrivateDevices" not in s  # it would hide /dev/dri, /dev/gpiochip*, the camera
    assert s["CapabilityBoundingSet"] == [""] and s["IPAddressDeny"] == ["any"]
    assert s["ProtectProc"] == ["invisible"] and s["UMask"] == ["0077"]
    assert s["RestrictAddressFamilies"] == ["AF_UNIX AF_NETLINK"]


def test_the_strict_dropin_opens_exactly_the_devices_the_app_needs() -> None:
    d = parse_unit(DROPIN.read_text())
    assert set(d) == {"Service"}
    s = d["Service"]
    assert s["DevicePolicy"] == ["closed"]
    kinds = {v.split()[0] for v in s["DeviceAllow"]}
    assert kinds == {f"char-{k}" for k in (
        "drm", "input", "video4linux", "media", "dma_heap", "vchiq", "gpiochip", "tty")}
    assert s["PrivateNetwork"] == ["yes"]
    assert s["RestrictAddressFamilies"] == ["", "AF_UNIX"]  # reset, then local sockets only
    assert "@system-service" in s["SystemCallFilter"]
    assert "ProcSubset" not in s  # it would hide /proc/device-tree, where the Pi is found


def test_unit_draws_through_kms_without_x(unit: dict[str, dict[str, list[str]]]) -> None:
    env = dict(v.split("=", 1) for v in unit["Service"]["Environment"])
    assert env["SDL_VIDEODRIVER"] == "kmsdrm"
    assert "DISPLAY" not in env
    text = UNIT.read_text()
    assert "graphical.target" not in text and "xserver" not in text.lower()


def _verify(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["systemd-analyze", "verify", "--man=no", str(path)],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


def _unit_with_exec(tmp_path: Path, text: str) -> Path:
    """The unit with ExecStart pointing at an executable that exists here."""
    fake = tmp_path / "companion"
    fake.write_text("#!/bin/sh\nexit 0\n")
    fake.chmod(0o755)
    out = tmp_path / "table-companion.service"
    out.write_text(text.replace(EXEC, str(fake)))
    return out


needs_analyze = pytest.mark.skipif(
    shutil.which("systemd-analyze") is None,
    reason="systemd-analyze is not installed here; the unit is still checked by parsing above",
)


@needs_analyze
def test_systemd_analyze_verify_passes(tmp_path: Path) -> None:
    result = _verify(_unit_with_exec(tmp_path, UNIT.read_text()))
    # verify exits 0 on unknown keys and bad values too: any message at all is a failure
    assert result.returncode == 0 and result.stderr.strip() == "", result.stderr


def _installed(tmp_path: Path, strict: bool) -> Path:
    """The unit as installed under a prefix that exists here, with the drop-in beside it."""
    prefix = tmp_path / "prefix"
    exe = prefix / "venv" / "bin" / "companion"
    exe.parent.mkdir(parents=True)
    exe.write_text("#!/bin/sh\nexit 0\n")
    exe.chmod(0o755)
    unit = tmp_path / "table-companion.service"
    unit.write_text(render(str(prefix)))
    if strict:
        (tmp_path / "table-companion.service.d").mkdir()
        shutil.copy(DROPIN, tmp_path / "table-companion.service.d" / "strict.conf")
    return unit


def _exposure(unit: Path) -> float:
    out = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", "--no-pager", str(unit)],
        capture_output=True, text=True, check=False, timeout=60,
    ).stdout
    line = next(x for x in out.splitlines() if "Overall exposure level" in x)
    return float(line.split(":")[1].split()[0])


@needs_analyze
def test_the_unit_with_its_dropin_rates_2_5_or_lower(tmp_path: Path) -> None:
    unit = _installed(tmp_path, strict=True)
    assert _verify(unit).stderr.strip() == ""  # the drop-in itself has no unknown key
    exposure = _exposure(unit)
    print("exposure with the drop-in:", exposure)
    assert exposure <= MAX_EXPOSURE


@needs_analyze
def test_the_exposure_check_can_fail(tmp_path: Path) -> None:
    """Without the drop-in the same measure is higher: the figure above is the drop-in's."""
    exposure = _exposure(_installed(tmp_path, strict=False))
    print("exposure without the drop-in:", exposure)
    assert MAX_EXPOSURE < exposure < 5.6


@needs_analyze
def test_systemd_analyze_catches_a_typo(tmp_path: Path) -> None:
    """The verify check above can fail: a misspelt key is reported."""
    bad = UNIT.read_text().replace("WatchdogSec=", "WatchdgSec=")
    result = _verify(_unit_with_exec(tmp_path, bad))
    assert "WatchdgSec" in result.stderr


def test_install_script_dry_run() -> None:
    assert subprocess.run(["bash", "-n", str(INSTALL)], check=False).returncode == 0
    env = {**os.environ, "DRY_RUN": "1"}
    out = subprocess.run(
        ["bash", str(INSTALL), "--no-desktop"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout
    commands = [line[2:] for line in out.splitlines() if line.startswith("+ ")]
    joined = "\n".join(commands)
    assert "python3-picamera2" in joined
    assert "python3 -m venv --system-site-packages /opt/table-companion/venv" in commands
    assert f"/opt/table-companion/venv/bin/pip install {ROOT}" in commands
    assert "usermod -a -G video,gpio,input,render companion" in commands
    assert any(c.startswith("install -D -m 0644") and c.endswith("/strict.conf") for c in commands)
    assert "systemctl enable table-companion.service" in commands
    assert "systemctl set-default multi-user.target" in commands
    # the venv comes before pip, pip before the unit is enabled
    order = [joined.index(s) for s in ("-m venv", "pip install /", "systemctl enable")]
    assert order == sorted(order)


def test_install_without_groups_runs_no_empty_usermod(tmp_path: Path) -> None:
    fake = tmp_path / "getent"
    fake.write_text("#!/bin/sh\nexit 2\n")  # no group exists here
    fake.chmod(0o755)
    env = {**os.environ, "DRY_RUN": "1", "ASSUME_GROUPS": "0",
           "PATH": f"{tmp_path}:{os.environ['PATH']}"}
    result = subprocess.run(
        ["bash", str(INSTALL), "--no-start", "--no-strict"], capture_output=True, text=True,
        check=True, env=env,
    )
    commands = [line[2:] for line in result.stdout.splitlines() if line.startswith("+ ")]
    assert not any(c.startswith("usermod") for c in commands)
    assert "none of the groups video gpio input render exists here" in result.stderr
    # --no-strict leaves the drop-in out (and takes away one left from before)
    assert any(c.startswith("rm -f") and c.endswith("/strict.conf") for c in commands)
    assert not any(c.startswith("install -D") for c in commands)


def test_install_script_help_is_its_header_comment() -> None:
    out = subprocess.run(["bash", str(INSTALL), "--help"], capture_output=True, text=True,
                         check=True).stdout
    assert out.startswith("Install the table companion") and "--no-strict" in out
    assert "set -euo" not in out and "SRC=" not in out  # the comment, none of the code


def test_install_script_refuses_unknown_options() -> None:
    result = subprocess.run(
        ["bash", str(INSTALL), "--frobnicate"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 2 and "unknown option --frobnicate" in result.stderr


def test_notify_protocol_over_a_real_socket(tmp_path: Path) -> None:
    path = tmp_path / "notify"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(str(path))
    server.settimeout(2)
    try:
        n = Notifier({"NOTIFY_SOCKET": str(path), "WATCHDOG_USEC": "20000000"})
        assert n.enabled and n.watchdog_interval == 10.0
        assert n.ready("first frame drawn")
        assert server.recv(256) == b"READY=1\nSTATUS=first frame drawn"
        assert n.watchdog()
        assert server.recv(256) == b"WATCHDOG=1"
        n.close()
    finally:
        server.close()


def test_notify_abstract_socket_and_foreign_watchdog_pid() -> None:
    n = Notifier({"NOTIFY_SOCKET": "@tc-test", "WATCHDOG_USEC": "1000", "WATCHDOG_PID": "1"})
    assert n.address == "\0tc-test"
    assert n.watchdog_interval is None  # the watchdog belongs to pid 1, not to us
    assert not Notifier({}).enabled
