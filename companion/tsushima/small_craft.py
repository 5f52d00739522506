"""Names of the numbered counters: destroyers, torpedo boats and merchants (``JD2``, ``RT1``).

A navy's small craft share one counter each on the sheet, numbered in a fleet as ``JD1``,
``JD2`` ...; the scenarios number them as they place them and a custom battle set-up reads
them back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import TsushimaError
from .units import Counter, ShipType, Side

if TYPE_CHECKING:
    from .dataset import DataSet

SMALL_KEYS = {"destroyers": ShipType.D, "torpedo_boats": ShipType.T, "merchants": ShipType.M}
SMALL_PREFIX = {ShipType.D: "D", ShipType.T: "T", ShipType.M: "M"}
SIDE_PREFIX = {Side.RUSSIA: "R", Side.JAPAN: "J"}


def small_craft_ident(side: Side, kind: ShipType, number: int) -> str:
    """Name of the ``number``-th small-craft counter of a navy, e.g. ``JD2``.

    >>> small_craft_ident(Side.RUSSIA, ShipType.T, 1)
    'RT1'
    """
    return f"{SIDE_PREFIX[side]}{SMALL_PREFIX[kind]}{number}"


def parse_small_craft(ident: str, data: DataSet) -> tuple[str, Counter] | None:
    """The counter behind a numbered small-craft name (``JD2``, ``rt1``), or ``None`` when the
    text is not such a name. A number beyond the counter sheet is refused.

    >>> from .data import default_data
    >>> name, counter = parse_small_craft("jd2", default_data())
    >>> name, counter.name, counter.count
    ('JD2', 'Destroyer', 6)
    """
    text = ident.strip().upper()
    if len(text) < 3 or not text[2:].isdigit():
        return None
    sides = {v: k for k, v in SIDE_PREFIX.items()}
    kinds = {v: k for k, v in SMALL_PREFIX.items()}
    if text[0] not in sides or text[1] not in kinds:
        return None
    side, kind, number = sides[text[0]], kinds[text[1]], int(text[2:])
    found = next((c for c in data.counters if c.nation is side and c.type is kind), None)
    if found is None or not 1 <= number <= found.count:
        limit = found.count if found else 0
        raise TsushimaError(
            f"{text}: the {side.adjective} counter sheet holds {limit} {kind.label} counter(s)"
        )
    return small_craft_ident(side, kind, number), found
