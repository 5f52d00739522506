"""The companion's one configuration file, in TOML.

Where it is read from, later files winning key by key:

1. the built-in defaults below;
2. the owner's file in the platform configuration directory,
   ``$XDG_CONFIG_HOME/table-companion/config.toml`` (``~/.config/...`` when unset); the
   settings screen writes here;
3. ``/etc/table-companion/config.toml``, the system override: a key set there wins and the
   settings screen shows it as fixed.

Tests (and anyone else) may name one file with ``COMPANION_CONFIG``; then only that file
is read on top of the defaults.

Every key, its default and what it accepts:

>>> print(dumps(Config()), end="")
[camera]
source = "auto"
profile = ""
<BLANKLINE>
[display]
size = "auto"
fullscreen = false
show_odds = false
show_advice = false
dice_animation_ms = 600
<BLANKLINE>
[game]
default = "tsuro-of-the-seas"
players = ["red", "blue", "green"]
options = []
<BLANKLINE>
[gpio]
factory = "auto"
bounce_ms = 20
repeat_ms = 400
<BLANKLINE>
[gpio.pins]
roll = 17
confirm = 27
undo = 22
status_green = 5
status_red = 6
status_amber = 13
turn = []
<BLANKLINE>
[data]
dir = ""

A mistake is refused with one message naming the file, the key and what is allowed:

>>> loads('[gpio.pins]\\nroll = 40\\n', source="my.toml")
Traceback (most recent call last):
...
companion.core.config.ConfigError: my.toml: gpio.pins.roll must be a BCM GPIO number 0-27 or "none", \
got 40
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

# the keys, their checks and the sections, named here as before they had modules of their
# own (callers import them from this module)
from companion.core.config_checks import COLOURS as COLOURS
from companion.core.config_checks import GAMES as GAMES
from companion.core.config_checks import KEYS as KEYS
from companion.core.config_checks import ConfigError as ConfigError
from companion.core.config_checks import _parse, _spec
from companion.core.config_sections import DEFAULT_GAME as DEFAULT_GAME
from companion.core.config_sections import CameraConfig as CameraConfig
from companion.core.config_sections import DataConfig as DataConfig
from companion.core.config_sections import DisplayConfig as DisplayConfig
from companion.core.config_sections import GameConfig as GameConfig
from companion.core.config_sections import GpioConfig as GpioConfig
from companion.core.config_sections import PinConfig as PinConfig

APP_DIR = "table-companion"
ETC_PATH = Path("/etc") / APP_DIR / "config.toml"
ENV_VAR = "COMPANION_CONFIG"


@dataclass(frozen=True, slots=True)
class Config:
    camera: CameraConfig = field(default_factory=CameraConfig)
    display: DisplayConfig = field(default_factory=DisplayConfig)
    game: GameConfig = field(default_factory=GameConfig)
    gpio: GpioConfig = field(default_factory=GpioConfig)
    data: DataConfig = field(default_factory=DataConfig)

    def get(self, key: str) -> Any:
        """A value by its dotted key.

        >>> Config().get("gpio.pins.confirm")
        27
        """
        _spec(key)
        node: Any = self
        for part in key.split("."):
            node = getattr(node, part)
        return node

    def with_value(self, key: str, value: Any) -> Config:
        """A copy with one key changed, validated like a file.

        >>> Config().with_value("gpio.pins.roll", "18").gpio.pins.roll
        18
        >>> Config().with_value("gpio.pins.roll", 27)
        Traceback (most recent call last):
        ...
        companion.core.config.ConfigError: settings: GPIO27 is given to both gpio.pins.roll and \
gpio.pins.confirm
        """
        flat = to_flat(self)
        flat[key] = _spec(key).check(value, key, "settings")
        return _build(flat, "settings")


def to_flat(config: Config) -> dict[str, Any]:
    """Every key with its value.

    >>> to_flat(Config())["display.show_odds"]
    False
    """
    out: dict[str, Any] = {}
    for key in KEYS:
        node: Any = config
        for part in key.split("."):
            node = getattr(node, part)
        out[key] = node
    return out


def _build(flat: Mapping[str, Any], source: str) -> Config:
    values = {**to_flat(Config()), **flat}
    pins = PinConfig(
        **{k.removeprefix("gpio.pins."): v for k, v in values.items() if k.startswith("gpio.pins.")}
    )
    seen: dict[int, str] = {}
    for name, pin in pins.assigned():
        key = f"gpio.pins.{name}"
        if pin in seen:
            raise ConfigError(f"{source}: GPIO{pin} is given to both {seen[pin]} and {key}")
        seen[pin] = key

    def section(cls: Any, prefix: str) -> Any:
        names = {f.name for f in fields(cls)}
        return cls(
            **{
                k.removeprefix(prefix): v
                for k, v in values.items()
                if k.startswith(prefix) and k.removeprefix(prefix) in names
            }
        )

    gpio = replace(section(GpioConfig, "gpio."), pins=pins)
    return Config(
        camera=section(CameraConfig, "camera."),
        display=section(DisplayConfig, "display."),
        game=section(GameConfig, "game."),
        gpio=gpio,
        data=section(DataConfig, "data."),
    )


def loads(text: str, source: str = "<config>") -> Config:
    """A configuration from TOML text on top of the defaults."""
    return _build(_parse(text, source), source)


# -------------------------------------------------------------------------------- files


def user_path(env: Mapping[str, str] | None = None) -> Path:
    """The owner's file: ``COMPANION_CONFIG`` if set, else the platform config directory.

    >>> user_path({"XDG_CONFIG_HOME": "/x"}).as_posix()
    '/x/table-companion/config.toml'
    """
    env = os.environ if env is None else env
    if env.get(ENV_VAR):
        return Path(env[ENV_VAR])
    base = env.get("XDG_CONFIG_HOME") or str(Path(env.get("HOME") or Path.home()) / ".config")
    return Path(base) / APP_DIR / "config.toml"


@dataclass(frozen=True, slots=True)
class Loaded:
    """A configuration with where it came from."""

    config: Config
    path: Path
    """The owner's file, written by the settings screen (it may not exist yet)."""
    etc_path: Path | None = None
    fixed: frozenset[str] = frozenset()
    """Keys set by the system override, which the settings screen cannot change."""

    def with_value(self, key: str, value: Any) -> Loaded:
        if key in self.fixed:
            raise ConfigError(f"{key} is fixed by {self.etc_path}; change it there")
        return replace(self, config=self.config.with_value(key, value))

    def save(self) -> None:
        """Write the owner's file: every key except those the override fixes."""
        flat = {k: v for k, v in to_flat(self.config).items() if k not in self.fixed}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".toml.tmp")
        tmp.write_text(_dump_flat(flat), encoding="utf-8")
        os.replace(tmp, self.path)


def _read(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot be read: {exc}") from None
    return _parse(text, str(path))


def load(
    path: Path | None = None,
    etc_path: Path | None = ETC_PATH,
    env: Mapping[str, str] | None = None,
) -> Loaded:
    """Read the defaults, the owner's file and the system override.

    With ``COMPANION_CONFIG`` set (or ``path`` given with ``etc_path=None``) only that
    file is read. A missing file is no error; a bad one raises :class:`ConfigError`.
    """
    env = os.environ if env is None else env
    if path is None:
        path = user_path(env)
        if env.get(ENV_VAR):
            etc_path = None
    flat = _read(path)
    fixed: dict[str, Any] = _read(etc_path) if etc_path is not None else {}
    source = f"{path}" + (f" + {etc_path}" if fixed else "")
    config = _build({**flat, **fixed}, source)
    return Loaded(config, path, etc_path if fixed else None, frozenset(fixed))


# ------------------------------------------------------------------------------ writing


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return '"none"'
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def _dump_flat(flat: Mapping[str, Any]) -> str:
    sections: dict[str, list[str]] = {}
    for key, value in flat.items():
        section, _, name = key.rpartition(".")
        sections.setdefault(section, []).append(f"{name} = {_toml_value(value)}")
    return "\n".join(f"[{s}]\n" + "\n".join(lines) + "\n" for s, lines in sections.items())


def dumps(config: Config) -> str:
    """The whole configuration as TOML; :func:`loads` reads it back unchanged.

    >>> loads(dumps(Config())) == Config()
    True
    """
    return _dump_flat(to_flat(config))


if __name__ == "__main__":  # pragma: no cover - `python -m companion.core.config` prints the defaults
    print(dumps(Config()), end="")
