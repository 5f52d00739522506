"""The one TOML configuration file: where it is read from, validation, writing back."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.core import config as cfg
from companion.core.config import Config, ConfigError, load, loads


def test_defaults_when_no_file(tmp_path: Path) -> None:
    loaded = load(tmp_path / "absent.toml", etc_path=tmp_path / "no-etc.toml")
    assert loaded.config == Config()
    assert loaded.fixed == frozenset()
    assert loaded.config.display.show_odds is False  # odds are off by default


def test_user_path_follows_xdg_and_home(tmp_path: Path) -> None:
    assert cfg.user_path({"XDG_CONFIG_HOME": str(tmp_path)}) == (
        tmp_path / "table-companion" / "config.toml"
    )
    assert cfg.user_path({"HOME": "/home/pi"}) == Path(
        "/home/pi/.config/table-companion/config.toml"
    )
    assert cfg.user_path({"COMPANION_CONFIG": "/t/c.toml", "XDG_CONFIG_HOME": "/x"}) == Path(
        "/t/c.toml"
    )


def test_env_var_reads_only_that_file(tmp_path: Path) -> None:
    f = tmp_path / "c.toml"
    f.write_text('[camera]\nsource = "sim"\n')
    loaded = load(env={"COMPANION_CONFIG": str(f)})
    assert loaded.config.camera.source == "sim"
    assert loaded.etc_path is None


def test_etc_overrides_user_key_by_key(tmp_path: Path) -> None:
    user = tmp_path / "user.toml"
    etc = tmp_path / "etc.toml"
    user.write_text("[gpio.pins]\nroll = 4\nundo = 23\n[display]\nshow_odds = true\n")
    etc.write_text("[gpio.pins]\nroll = 18\n")
    loaded = load(user, etc_path=etc)
    assert loaded.config.gpio.pins.roll == 18
    assert loaded.config.gpio.pins.undo == 23
    assert loaded.config.display.show_odds is True
    assert loaded.fixed == {"gpio.pins.roll"}
    with pytest.raises(ConfigError, match=r"gpio.pins.roll is fixed by .*etc.toml"):
        loaded.with_value("gpio.pins.roll", 19)


def test_save_round_trip_leaves_fixed_keys_out(tmp_path: Path) -> None:
    user = tmp_path / "sub" / "user.toml"
    etc = tmp_path / "etc.toml"
    etc.write_text('[camera]\nsource = "usb:1"\n')
    loaded = load(user, etc_path=etc).with_value("display.show_odds", True)
    loaded = loaded.with_value("gpio.pins.turn", [12, 16, 20])
    loaded = loaded.with_value("gpio.pins.status_amber", "none")
    loaded.save()
    text = user.read_text()
    assert "source" not in text  # the override's key is not copied into the owner's file
    again = load(user, etc_path=etc)
    assert again.config == loaded.config
    assert again.config.gpio.pins.turn == (12, 16, 20)
    assert again.config.gpio.pins.status_amber is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[gpio.pins]\nroll = 40\n", r"gpio.pins.roll must be a BCM GPIO number 0-27"),
        (
            "[gpio.pins]\nroll = 27\n",
            r"GPIO27 is given to both gpio.pins.roll and gpio.pins.conf",
        ),
        ("[gpio.pins]\nturn = [5]\n", r"GPIO5 is given to both gpio.pins.status_green and "),
        ("[gpio]\nbounce_ms = -1\n", r"gpio.bounce_ms must be a whole number 0-1000, got -1"),
        ('[gpio]\nfactory = "wiringpi"\n', r'gpio.factory must be one of "auto", "mock"'),
        ('[camera]\nsource = "usb:x"\n', r'camera.source must be one of .* or "usb:N"'),
        ('[camera]\nsoruce = "sim"\n', r"'soruce' is not a setting in \[camera\]; known: source"),
        ('[cameras]\nsource = "sim"\n', r"\[cameras\] is not a section"),
        ('[display]\nsize = "800by480"\n', r"display.size must be"),
        ('[display]\nshow_odds = "yes"\n', r"display.show_odds must be true or false"),
        ('[game]\nplayers = ["red"]\n', r"game.players must be a list of 2-8 names"),
        ('[game]\nplayers = ["red", "red"]\n', r"game.players names something twice"),
        ('[game]\ndefault = "chess"\n', r'game.default must be one of "tsuro"'),
        ("[display\n", r"not valid TOML"),
        ("odds = true\n", r"'odds' is not a setting at the top"),
    ],
)
def test_bad_values_give_one_clear_message(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message) as info:
        loads(text, source="c.toml")
    assert str(info.value).startswith("c.toml: ")
    assert "\n" not in str(info.value)


def test_bad_file_names_the_file(tmp_path: Path) -> None:
    f = tmp_path / "broken.toml"
    f.write_text("[gpio.pins]\nconfirm = 'GPIO99'\n")
    with pytest.raises(ConfigError, match=r"broken.toml: gpio.pins.confirm"):
        load(f, etc_path=None)


def test_pin_spellings() -> None:
    c = loads('[gpio.pins]\nroll = "GPIO4"\nundo = "none"\nconfirm = false\n')
    assert (c.gpio.pins.roll, c.gpio.pins.undo, c.gpio.pins.confirm) == (4, None, None)
    assert ("roll", 4) in c.gpio.pins.assigned()
    assert all(name != "undo" for name, _ in c.gpio.pins.assigned())


def test_every_key_round_trips_through_get_and_with_value() -> None:
    c = Config()
    for key in cfg.KEYS:
        assert c.with_value(key, c.get(key)) == c
    with pytest.raises(ConfigError, match="is not a setting"):
        c.get("display.colour")


def test_config_module_loads_no_ui_or_pin_libraries() -> None:
    code = (
        "import sys, companion.core.config; "
        "bad = [m for m in ('kivy', 'gpiozero', 'cv2') if m in sys.modules]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
