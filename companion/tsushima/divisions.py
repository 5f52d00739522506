"""Divisions: who may sail together, and how fast.

>>> from .data import default_data
>>> d = default_data()
>>> ships = [Ship(n, d.counter(n)) for n in ("Mikasa", "Asahi", "Fuso")]
>>> check_division(ships, "battle"), division_speed(ships)
('battle', 3)
>>> check_division(ships[:2], "battle")
Traceback (most recent call last):
...
companion.tsushima.errors.TsushimaError: a battle division needs 3-6 ships, not 2 (fewer only when the port holds no more of the type)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from .errors import TsushimaError
from .units import Ship, ShipType

DivisionKind = Literal["battle", "cruiser"]
MIN_SHIPS, MAX_SHIPS = 3, 6
ALLOWED = {"battle": (ShipType.B,), "cruiser": (ShipType.A, ShipType.C)}


def check_division(ships: Sequence[Ship], kind: str, short_allowed: bool = False) -> DivisionKind:
    """Refuse a division of the wrong size or type; return its kind.

    ``short_allowed`` says the port held only one or two ships of the type.
    """
    if kind not in ALLOWED:
        raise TsushimaError(f"division kind {kind!r} is neither battle nor cruiser")
    for ship in ships:
        if ship.type.small_craft or ship.type is ShipType.M:
            raise TsushimaError(f"{ship.ident} is a {ship.type.label}: it sails outside divisions")
        if ship.type not in ALLOWED[kind]:
            allowed = "type B" if kind == "battle" else "types A and C"
            raise TsushimaError(
                f"{ship.ident} (type {ship.type}) cannot join a {kind} division; only {allowed}"
            )
    sides = {s.navy for s in ships}
    if len(sides) > 1:
        raise TsushimaError("a division cannot mix the two navies")
    if len({s.ident for s in ships}) != len(ships):
        raise TsushimaError("a ship is listed twice in the division")
    n = len(ships)
    if n > MAX_SHIPS or n == 0 or (n < MIN_SHIPS and not short_allowed):
        raise TsushimaError(
            f"a {kind} division needs {MIN_SHIPS}-{MAX_SHIPS} ships, not {n}"
            + (" (fewer only when the port holds no more of the type)" if 0 < n < MIN_SHIPS else "")
        )
    return "battle" if kind == "battle" else "cruiser"


def division_speed(ships: Sequence[Ship]) -> int:
    """A division moves at the map speed of its slowest ship (damage included)."""
    return min(s.movement for s in ships if not s.sunk)


def split_evenly(ships: Sequence[Ship]) -> list[list[Ship]]:
    """Cut a column of like ships into as few divisions as the size limit allows, near equal.

    >>> [len(g) for g in split_evenly(list(range(15)))]  # type: ignore[arg-type]
    [5, 5, 5]
    """
    n = len(ships)
    if n == 0:
        return []
    k = -(-n // MAX_SHIPS)
    sizes = [n // k + (1 if i < n % k else 0) for i in range(k)]
    out, start = [], 0
    for size in sizes:
        out.append(list(ships[start : start + size]))
        start += size
    return out
