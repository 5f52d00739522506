"""Repairs in the terminal phase, within each port's capacity (Table 5).

>>> from .data import default_data
>>> d = default_data()
>>> repair_odds()
{'no repair': Fraction(1, 3), 'one hit repaired': Fraction(1, 2), 'all hits repaired': Fraction(1, 6)}
>>> mikasa = Ship("Mikasa", d.counter("Mikasa"), hits=2)
>>> resolve_repair(mikasa, 6).hits, resolve_repair(mikasa, 4).hits, resolve_repair(mikasa, 2).hits
(0, 1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from .data import Port
from .dice import check_die
from .errors import TsushimaError
from .units import Ship, ShipType, Side

FAIL = (1, 2)
ONE = (3, 4, 5)
ALL = (6,)


def repair_odds(captured: bool = False) -> dict[str, Fraction]:
    if captured:
        return {"no repair": Fraction(5, 6), "one hit repaired": Fraction(1, 6)}
    return {
        "no repair": Fraction(1, 3),
        "one hit repaired": Fraction(1, 2),
        "all hits repaired": Fraction(1, 6),
    }


def check_repairs(ships: Sequence[Ship], port: Port, side: Side, used: int = 0) -> None:
    """Refuse a repair list the port cannot take; nothing is changed."""
    if port.owner is not side:
        raise TsushimaError(f"{port.name} is not a {side.adjective} port")
    if port.repair == 0:
        raise TsushimaError(f"{port.name} has no repair facilities")
    if used + len(ships) > port.repair:
        raise TsushimaError(
            f"{port.name} can take {port.repair} repair attempt(s) per turn; "
            f"{used + len(ships)} asked"
        )
    seen: set[str] = set()
    for ship in ships:
        if ship.ident in seen:
            raise TsushimaError(f"{ship.ident}: only one hit per ship may be repaired per turn")
        seen.add(ship.ident)
        if ship.side is not side and not ship.captured:
            raise TsushimaError(f"{ship.ident} is not a {side.adjective} ship")
        if ship.type in (ShipType.D, ShipType.T):
            raise TsushimaError(f"{ship.ident}: destroyers and torpedo boats cannot be repaired")
        if ship.type is ShipType.M:
            raise TsushimaError(f"{ship.ident}: merchants cannot be repaired")
        if ship.sunk:
            raise TsushimaError(f"{ship.ident} is sunk")
        if ship.hits == 0:
            raise TsushimaError(f"{ship.ident} has no hits to repair")
        if ship.captured and port.country != side.value:
            raise TsushimaError(
                f"{ship.ident} is a captured ship: it is repaired only in a port "
                f"of {side.adjective} home waters"
            )


def resolve_repair(ship: Ship, die: int) -> Ship:
    """The ship after one repair attempt with ``die``."""
    face = check_die(die, "repair die")
    if ship.captured:
        return ship.repaired(1) if face == 6 else ship
    if face in ALL:
        return ship.repaired(ship.hits)
    if face in ONE:
        return ship.repaired(1)
    return ship
