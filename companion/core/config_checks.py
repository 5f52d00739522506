"""What each key of the configuration accepts, and the checks that refuse anything else
with one message naming the file, the key and what is allowed."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from companion.core.config_sections import Pin, PinConfig
from companion.games import table_games

GAMES = tuple(g.key for g in table_games())
COLOURS = ("red", "blue", "green", "yellow", "black", "white", "purple", "orange")
CAMERA_KINDS = ("auto", "sim", "picamera", "none")
FACTORIES = ("auto", "mock", "lgpio", "rpigpio", "pigpio", "native")
MAX_BCM = 27


class ConfigError(ValueError):
    """A configuration file that cannot be read or holds a bad value."""

    # named by its public home, as before the checks had a module of their own: tracebacks
    # (and the doctests that show them) say companion.core.config.ConfigError
    __module__ = "companion.core.config"


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


def _parse(text: str, source: str) -> dict[str, Any]:
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{source}: not valid TOML: {exc}") from None
    return _flatten(table, source)
