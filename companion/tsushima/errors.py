"""The one exception family of the Tsushima rules core."""

from __future__ import annotations


class TsushimaError(ValueError):
    """A request the rules refuse; the message names exactly what was wrong."""


class DataFileError(TsushimaError):
    """A data file that cannot describe a possible game."""
