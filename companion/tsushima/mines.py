"""Mines: where they may be laid, the roll on entering a mined hex, and sweeping.

>>> entry_odds()[0], entry_odds()[2]
(Fraction(8, 9), Fraction(1, 18))
>>> resolve_entry(6, 4)
3
>>> sweep_odds(6)
Fraction(665, 729)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .dice import check_die
from .errors import TsushimaError

TRIGGER = 6
DAMAGE = {1: 1, 2: 2, 3: 2, 4: 3, 5: 0, 6: 0}  # 3 = sunk, 0 = minor damage, no hit
LAY_RANGE = 9
SWEEP_SHIPS = 6
SWEEP_FACES = (5, 6)


def entry_odds() -> dict[int, Fraction]:
    """Hits taken by one ship entering a mined hex (3 = sunk).

    >>> sum(entry_odds().values())
    Fraction(1, 1)
    """
    out = {0: Fraction(5, 6), 1: Fraction(0), 2: Fraction(0), 3: Fraction(0)}
    for hits in DAMAGE.values():
        out[hits] += Fraction(1, 36)
    return out


def resolve_entry(die: int, damage_die: int | None = None) -> int:
    """Hits from the entry die and, after a 6, the damage die."""
    if check_die(die, "mine die") != TRIGGER:
        if damage_die is not None:
            raise TsushimaError("the damage die is rolled only after a 6")
        return 0
    if damage_die is None:
        raise TsushimaError("a 6 on entering a mined hex needs the damage die")
    return DAMAGE[check_die(damage_die, "damage die")]


@dataclass(frozen=True)
class MineField:
    """Mines on the map (hex labels chosen by the players) and mines still in hand."""

    hexes: frozenset[str] = frozenset()
    in_hand: int = 0

    def lay(
        self, hex_label: str, partial_sea: bool, hexes_to_friendly_port: int, terminal_phase: bool
    ) -> MineField:
        if not terminal_phase:
            raise TsushimaError("mines are laid only in the terminal phase")
        if self.in_hand <= 0:
            raise TsushimaError("no mine counters left to lay")
        if not partial_sea:
            raise TsushimaError(f"{hex_label} is open sea: mines go only in partial sea hexes")
        if hexes_to_friendly_port > LAY_RANGE:
            raise TsushimaError(
                f"{hex_label} is {hexes_to_friendly_port} hexes from a friendly "
                f"port; at most {LAY_RANGE}"
            )
        if hexes_to_friendly_port < 0:
            raise TsushimaError("distance to port cannot be negative")
        if hex_label in self.hexes:
            raise TsushimaError(f"{hex_label} already holds a mine")
        return MineField(self.hexes | {hex_label}, self.in_hand - 1)

    def swept(self, hex_label: str) -> MineField:
        if hex_label not in self.hexes:
            raise TsushimaError(f"no mine in {hex_label}")
        return MineField(self.hexes - {hex_label}, self.in_hand)


def sweep_odds(ships: int) -> Fraction:
    """Chance that a sweeping fleet clears the mine (each ship rolls; any 5-6 clears)."""
    if ships < SWEEP_SHIPS:
        raise TsushimaError(f"sweeping needs at least {SWEEP_SHIPS} ships in the hex, not {ships}")
    return 1 - Fraction(2, 3) ** ships


def resolve_sweep(ships: int, dice: Sequence[int]) -> bool:
    if ships < SWEEP_SHIPS:
        raise TsushimaError(f"sweeping needs at least {SWEEP_SHIPS} ships in the hex, not {ships}")
    if len(dice) != ships:
        raise TsushimaError(f"each of the {ships} ships rolls one sweep die; {len(dice)} given")
    return any(check_die(d, "sweep die") in SWEEP_FACES for d in dice)
