"""The campaign's side procedures: the land campaign and the fall of Port Arthur, the
cruisers in Italy, town raids, block ships, scuttling and merchant replacements.

>>> lc = LandCampaign("B")
>>> for _ in range(6):
...     lc = lc.record_turn(delivered=8)
>>> lc.rolling, lc.points
(True, 0)
>>> lc = lc.record_turn(delivered=8, die=6)
>>> lc.points, lc.fallen
(6, False)
>>> italy(3, 5)
ItalianCruisers(side=<Side.JAPAN: 'japan'>, ships=('Nisshin', 'Kasuga'), zones=2, interned=False)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .dice import chance, check_die
from .errors import TsushimaError
from .units import Ship, Side

PLANS = {
    # plan: (destination, loads per turn, successful turns before rolling, points to fall)
    "A": ("Fusan", 15, 6, 28),
    "B": ("Chemulpo", 8, 6, 19),
    "C": ("Yin-Kou", 8, 3, 14),
}
EASIER = {"C": ("B", "A"), "B": ("A",), "A": ()}
TABLE_6A = {
    1: Side.RUSSIA,
    2: Side.RUSSIA,
    3: Side.JAPAN,
    4: Side.JAPAN,
    5: Side.JAPAN,
    6: Side.JAPAN,
}
TABLE_6B = {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2}
CRUISERS = {Side.JAPAN: ("Nisshin", "Kasuga"), Side.RUSSIA: ("Nevelskoi", "Amurski")}


@dataclass(frozen=True)
class LandCampaign:
    """Japan's invasion plan and its progress towards the fall of Port Arthur.

    Plan C first needs one delivery of 8 loads to Yin-Kou; afterwards each turn's need is a
    die (rolled in the terminal phase before the turn) plus one.
    """

    plan: str = "B"
    turns_met: int = 0
    points: int = 0
    opened: bool = False  # plan C's first 8-load landing made
    need: int | None = None  # plan C: loads needed this turn once rolled
    fallen: bool = False
    began_rolling: bool = False  # Japan reached the rolling stage under this or a former plan

    def __post_init__(self) -> None:
        if self.plan not in PLANS:
            raise TsushimaError(f"plan {self.plan!r} is not A, B or C")

    @property
    def destination(self) -> str:
        return PLANS[self.plan][0]

    @property
    def rolling(self) -> bool:
        return self.turns_met >= PLANS[self.plan][2]

    def loads_needed(self) -> int | None:
        if self.plan != "C":
            return PLANS[self.plan][1]
        if not self.opened:
            return PLANS["C"][1]
        return self.need

    def roll_need(self, die: int) -> LandCampaign:
        """Plan C: the terminal-phase die that sets next turn's loads (die plus one)."""
        if self.plan != "C" or not self.opened:
            raise TsushimaError("only plan C, after its first landing, rolls for its loads")
        return dataclasses.replace(self, need=check_die(die) + 1)

    def record_turn(self, delivered: int, die: int | None = None) -> LandCampaign:
        """End of a turn: ``delivered`` loads reached the destination; ``die`` is the roll
        towards the fall once the required turns are met (and this turn's need is met)."""
        if self.fallen:
            raise TsushimaError("Port Arthur has already fallen")
        if delivered < 0:
            raise TsushimaError("loads delivered cannot be negative")
        need = self.loads_needed()
        if need is None:
            raise TsushimaError("plan C: roll this turn's loads first")
        if delivered < need:
            if die is not None:
                raise TsushimaError(f"{delivered} of {need} loads: the turn is lost, no roll")
            return dataclasses.replace(self, need=None if self.plan == "C" else self.need)
        if self.plan == "C" and not self.opened:
            if die is not None:
                raise TsushimaError("the opening landing earns no roll")
            return dataclasses.replace(self, opened=True)
        was_rolling = self.rolling
        if was_rolling:
            if die is None:
                raise TsushimaError("the requirement was met: roll the die towards the fall")
            points = self.points + check_die(die)
            return dataclasses.replace(
                self, points=points, need=None, fallen=points >= PLANS[self.plan][3]
            )
        if die is not None:
            raise TsushimaError(f"no roll until {PLANS[self.plan][2]} turns have been met")
        return dataclasses.replace(self, turns_met=self.turns_met + 1, need=None)

    def switch(self, plan: str) -> LandCampaign:
        """Fall back to an easier plan: met turns carry over, points are lost."""
        if plan not in EASIER[self.plan]:
            raise TsushimaError(
                f"plan {self.plan} may only give way to an easier plan "
                f"({', '.join(EASIER[self.plan]) or 'none'})"
            )
        # the stage once reached stays reached: what it released is not taken back
        began = self.began_rolling or self.rolling
        return LandCampaign(plan, self.turns_met, 0, False, None, False, began)

    def town_raid(self, die: int) -> LandCampaign:
        """A Russian shelling: a 5 or 6 costs a point while Japan is rolling for the fall."""
        if check_die(die) >= 5 and self.rolling and not self.fallen:
            return dataclasses.replace(self, points=max(0, self.points - 1))
        return self

    def describe(self) -> str:
        dest, _, turns, goal = PLANS[self.plan]
        need = self.loads_needed()
        status = (
            f"Plan {self.plan} to {dest}: {self.turns_met} of {turns} turns met, "
            f"{self.points} of {goal} points"
        )
        if self.fallen:
            return status + "; Port Arthur has fallen."
        return status + (
            f"; {need} loads needed this turn." if need is not None else "; roll this turn's loads."
        )


def town_raid_odds() -> Fraction:
    return chance([5, 6])


@dataclass(frozen=True)
class ItalianCruisers:
    side: Side
    ships: tuple[str, ...]
    zones: int
    interned: bool


def italy_odds() -> dict[Side, Fraction]:
    return {Side.RUSSIA: chance([1, 2]), Side.JAPAN: chance([3, 4, 5, 6])}


def italy(die_6a: int, die_6b: int) -> ItalianCruisers:
    """Table 6A gives the cruisers a navy; Table 6B how many zones they sail before war."""
    side = TABLE_6A[check_die(die_6a, "Table 6A die")]
    zones = TABLE_6B[check_die(die_6b, "Table 6B die")]
    return ItalianCruisers(side, CRUISERS[side], zones, zones == 0)


def blockship_odds(ships: int) -> Fraction:
    """Chance that at least one of ``ships`` block ships sinks in the channel."""
    return 1 - Fraction(5, 6) ** ships


def resolve_blockships(dice: Sequence[int]) -> bool:
    return any(check_die(d, "block ship die") == 6 for d in dice)


def scuttle_odds() -> Fraction:
    return chance([1, 2, 3])


def resolve_scuttle(die: int) -> bool:
    return check_die(die, "scuttle die") <= 3


def merchants_due(losses: int, replaced: int) -> int:
    """New merchants owed: one per two lost, less those already called up.

    >>> merchants_due(5, 1)
    1
    """
    return max(0, losses // 2 - replaced)


def baltic_release(lc: LandCampaign) -> tuple[str, ...]:
    """Baltic squadrons Russia may move: the first once Japan rolls towards the fall, the
    second once Port Arthur has fallen. (Russia's Italian cruisers are always free.)

    >>> baltic_release(LandCampaign("B", turns_met=6))
    ('First Baltic Squadron',)
    """
    out: list[str] = []
    if lc.rolling or lc.began_rolling or lc.fallen:
        out.append("First Baltic Squadron")
    if lc.fallen:
        out.append("Second Baltic Squadron")
    return tuple(out)


def capture(ship: Ship) -> Ship:
    """A ship taken in a fallen port: marked with two hits at least, repairable only at home.

    >>> from .data import default_data
    >>> c = capture(Ship("Retvizan", default_data().counter("Retvizan")))
    >>> c.hits, c.captured
    (2, True)
    """
    if ship.sunk:
        raise TsushimaError(f"{ship.ident} is sunk and cannot be captured")
    return dataclasses.replace(ship, hits=max(2, ship.hits), captured=True)
