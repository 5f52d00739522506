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
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from companion.games import SEAS, table_games

APP_DIR = "table-companion"
ETC_PATH = Path("/etc") / APP_DIR / "config.toml"
ENV_VAR = "COMPANION_CONFIG"

GAMES = tuple(g.key for g in table_games())
DEFAULT_GAME = SEAS.key
COLOURS = ("red", "blue", "green", "yellow", "black", "white", "purple", "orange")
CAMERA_KINDS = ("auto", "sim", "picamera", "none")
FACTORIES = ("auto", "mock", "lgpio", "rpigpio", "pigpio", "native")
MAX_BCM = 27

Pin = int | None
"""A BCM GPIO number, or ``None`` for a part that is not fitted."""


class ConfigError(ValueError):
    """A configuration file that cannot be read or holds a bad value."""


@dataclass(frozen=True, slots=True)
class CameraConfig:
    source: str = "auto"
    """``auto`` (the Pi camera on a Pi, else simulated), ``sim``, ``picamera``, ``usb:N``,
    ``file:PATH`` (an image or a folder of them) or ``none`` (entry by touch only)."""
    profile: str = ""
    """The directory of a taught profile (``companion vision teach``); empty: built-in."""


@dataclass(frozen=True, slots=True)
class DisplayConfig:
    size: str = "auto"
    """``auto`` (the screen's own size) or ``WIDTHxHEIGHT`` such as ``800x480``."""
    fullscreen: bool = False
    show_odds: bool = False
    """Show each ship's danger odds on the table screen (off by default)."""
    show_advice: bool = False
    """Show the advisor's ranked placements on the table screen (off by default: a
    learning aid, which shows the active hand's tiles and weighs the choice for the player)."""
    dice_animation_ms: int = 600


@dataclass(frozen=True, slots=True)
class GameConfig:
    default: str = DEFAULT_GAME
    players: tuple[str, ...] = ("red", "blue", "green")
    """The ship colours of the last game, offered first on the start screen."""
    options: tuple[str, ...] = ()
    """Names of rule options switched on by default."""


@dataclass(frozen=True, slots=True)
class PinConfig:
    roll: Pin = 17
    confirm: Pin = 27
    undo: Pin = 22
    status_green: Pin = 5
    status_red: Pin = 6
    status_amber: Pin = 13
    turn: tuple[int, ...] = ()
    """Optional turn lights, one per seat in seat order."""

    def assigned(self) -> list[tuple[str, int]]:
        """Every fitted part with its pin, turn lights as ``turn[i]``."""
        out = [(f.name, getattr(self, f.name)) for f in fields(self) if f.name != "turn"]
        out = [(name, pin) for name, pin in out if pin is not None]
        return out + [(f"turn[{i}]", pin) for i, pin in enumerate(self.turn)]


@dataclass(frozen=True, slots=True)
class GpioConfig:
    factory: str = "auto"
    """``auto`` (real pins on a Pi, mock pins and an on-screen panel elsewhere), ``mock``,
    or a gpiozero pin library: ``lgpio``, ``rpigpio``, ``pigpio``, ``native``."""
    bounce_ms: int = 20
    """Electrical debounce handed to gpiozero."""
    repeat_ms: int = 400
    """Two presses of one button closer than this are one action."""
    pins: PinConfig = field(default_factory=PinConfig)


@dataclass(frozen=True, slots=True)
class DataConfig:
    dir: str = ""
    """Where game records and the owner's edited data (the daikaiju deck) live; empty: the
    platform data directory (``$XDG_DATA_HOME/table-companion``)."""


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


# ---------------------------------------------------------------------------- validation


@dataclass(frozen=True, slots=True)
class _Spec:
    check: Callable[[Any, str, str], Any]


def _fail(source: str, key: str, what: str, value: Any) -> ConfigError:
    return ConfigError(f"{source}: {key} must be {what}, got {value!r}")


def _text(choices: tuple[str, ...] | None = None, pattern: str | None = None) -> _Spec:
    def check(value: Any, key: str, source: str) -> str:
        what = "a string"
        if choices:
            what = "one of " + ", ".join(f'"{c}"' for c in choices)
            if pattern:
                what += f" or {pattern}"
        if not isinstance(value, str):
            raise _fail(source, key, what, value)
        if choices and value not in choices and not (pattern and _PATTERNS[pattern](value)):
            raise _fail(source, key, what, value)
        return value

    return _Spec(check)


def _is_size(text: str) -> bool:
    m = re.fullmatch(r"(\d{3,4})x(\d{3,4})", text)
    return m is not None and int(m.group(1)) >= 320 and int(m.group(2)) >= 240


_PATTERNS: dict[str, Callable[[str], bool]] = {
    '"usb:N" or "file:PATH"': lambda s: (
        bool(re.fullmatch(r"usb:\d+", s)) or (s.startswith("file:") and len(s) > 5)
    ),
    '"WIDTHxHEIGHT" (at least 320x240)': _is_size,
}


def _boolean(value: Any, key: str, source: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(source, key, "true or false", value)
    return value


def _int_range(lo: int, hi: int) -> _Spec:
    def check(value: Any, key: str, source: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise _fail(source, key, f"a whole number {lo}-{hi}", value)
        return value

    return _Spec(check)


def _pin(value: Any, key: str, source: str) -> Pin:
    if value in ("none", False):
        return None
    if isinstance(value, str) and re.fullmatch(r"(GPIO)?\d+", value.strip()):
        value = int(value.strip().removeprefix("GPIO"))
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_BCM:
        raise _fail(source, key, f'a BCM GPIO number 0-{MAX_BCM} or "none"', value)
    return value


def _pins(value: Any, key: str, source: str) -> tuple[int, ...]:
    if not isinstance(value, list | tuple) or len(value) > len(COLOURS):
        raise _fail(source, key, f"a list of at most {len(COLOURS)} GPIO numbers", value)
    out = []
    for i, v in enumerate(value):
        p = _pin(v, f"{key}[{i}]", source)
        if p is None:
            raise _fail(source, f"{key}[{i}]", f"a BCM GPIO number 0-{MAX_BCM}", v)
        out.append(p)
    return tuple(out)


def _names(choices: tuple[str, ...] | None, lo: int, hi: int) -> _Spec:
    def check(value: Any, key: str, source: str) -> tuple[str, ...]:
        what = f"a list of {lo}-{hi} " + (
            "names from " + ", ".join(choices) if choices else "names"
        )
        if not isinstance(value, list | tuple) or not lo <= len(value) <= hi:
            raise _fail(source, key, what, value)
        for v in value:
            if not isinstance(v, str) or (choices and v not in choices):
                raise _fail(source, key, what, value)
        if len(set(value)) != len(value):
            raise ConfigError(f"{source}: {key} names something twice: {list(value)!r}")
        return tuple(value)

    return _Spec(check)


_SCHEMA: dict[str, _Spec] = {
    "camera.source": _text(CAMERA_KINDS, '"usb:N" or "file:PATH"'),
    "camera.profile": _text(),
    "display.size": _text(("auto",), '"WIDTHxHEIGHT" (at least 320x240)'),
    "display.fullscreen": _Spec(_boolean),
    "display.show_odds": _Spec(_boolean),
    "display.show_advice": _Spec(_boolean),
    "display.dice_animation_ms": _int_range(0, 5000),
    "game.default": _text(GAMES),
    "game.players": _names(COLOURS, 2, 8),
    "game.options": _names(None, 0, 32),
    "gpio.factory": _text(FACTORIES),
    "gpio.bounce_ms": _int_range(0, 1000),
    "gpio.repeat_ms": _int_range(0, 5000),
    **{f"gpio.pins.{f.name}": _Spec(_pin) for f in fields(PinConfig) if f.name != "turn"},
    "gpio.pins.turn": _Spec(_pins),
    "data.dir": _text(),
}

KEYS: tuple[str, ...] = tuple(_SCHEMA)
"""Every dotted key the file may hold."""


def _spec(key: str) -> _Spec:
    try:
        return _SCHEMA[key]
    except KeyError:
        known = ", ".join(KEYS)
        raise ConfigError(f"{key!r} is not a setting; the settings are: {known}") from None


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


def _flatten(table: Mapping[str, Any], source: str, prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in table.items():
        key = prefix + name
        if isinstance(value, dict):
            if not any(k.startswith(key + ".") for k in KEYS):
                raise ConfigError(f"{source}: [{key}] is not a section of the settings")
            out.update(_flatten(value, source, key + "."))
        elif key in _SCHEMA:
            out[key] = _SCHEMA[key].check(value, key, source)
        else:
            section = prefix.rstrip(".")
            known = [k.removeprefix(prefix) for k in KEYS if k.startswith(prefix)]
            where = f"in [{section}]" if section else "at the top"
            raise ConfigError(
                f"{source}: {name!r} is not a setting {where}; "
                f"known: {', '.join(k for k in known if '.' not in k)}"
            )
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


def _parse(text: str, source: str) -> dict[str, Any]:
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{source}: not valid TOML: {exc}") from None
    return _flatten(table, source)


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
