"""The configuration's sections as values: ``[camera]``, ``[display]``, ``[game]``,
``[gpio]`` with ``[gpio.pins]``, and ``[data]``, each field with its default.

:mod:`companion.core.config` puts them together as one :class:`~companion.core.config.Config`
and reads and writes them; :mod:`companion.core.config_checks` says what each key accepts.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from companion.games import SEAS

DEFAULT_GAME = SEAS.key

Pin = int | None
"""A BCM GPIO number, or ``None`` for a part that is not fitted."""


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
