"""Victory for each scenario, from the final state of the ships.

A sunk ship counts the three hits that sank it; a sunk merchant its one.

>>> from .units import Counter, Gun, ShipType
>>> b = Counter("X", Side.RUSSIA, ShipType.B, 9, 5, 8, Gun(5, 2), Gun(3, 3))
>>> tsushima(arrived=[Ship("X", b)], russian=[Ship("X", b, hits=1)], japanese=[]).points
{<Side.RUSSIA: 'russia'>: 3, <Side.JAPAN: 'japan'>: 1}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .errors import TsushimaError
from .units import Ship, ShipType, Side

TYPE_POINTS = {ShipType.A: 2, ShipType.B: 3, ShipType.C: 1}


@dataclass(frozen=True)
class Outcome:
    winner: Side | None
    level: str  # "decisive", "marginal", "win" or "inconclusive"
    points: dict[Side, int]
    explanation: str

    def sentence(self) -> str:
        if self.winner is None:
            return f"Inconclusive: {self.explanation}"
        level = "" if self.level == "win" else f" {self.level}"  # a plain win needs no word
        return f"{self.winner.adjective}{level} victory: {self.explanation}"


def hits_on(ships: Iterable[Ship]) -> int:
    return sum(s.hits for s in ships)


def _most(points: dict[Side, int], decisive: Callable[[int, int], bool], why: str) -> Outcome:
    r, j = points[Side.RUSSIA], points[Side.JAPAN]
    if r == j:
        return Outcome(None, "inconclusive", points, f"{why}; points are level at {r}")
    win = Side.RUSSIA if r > j else Side.JAPAN
    hi, lo = max(r, j), min(r, j)
    level = "decisive" if decisive(hi, lo) else "win"
    return Outcome(win, level, points, f"{why}; {hi} point{'s' * (hi != 1)} to {lo}")


def port_arthur(russian: Iterable[Ship], japanese: Iterable[Ship]) -> Outcome:
    """Japan needs ten hits or more while taking fewer than half that; Russia needs more
    hits given than taken.

    >>> from .units import Counter, Gun
    >>> c = Counter("Y", Side.RUSSIA, ShipType.B, 9, 5, 8, Gun(5, 2), Gun(3, 3))
    >>> port_arthur([Ship("Y", c, hits=3)] * 3 + [Ship("Z", c, hits=1)], []).winner
    <Side.JAPAN: 'japan'>
    """
    on_r, on_j = hits_on(russian), hits_on(japanese)
    pts = {Side.RUSSIA: on_j, Side.JAPAN: on_r}
    if on_r >= 10 and 2 * on_j < on_r:
        return Outcome(Side.JAPAN, "win", pts, f"{on_r} hits inflicted, {on_j} received")
    if on_j > on_r:
        return Outcome(Side.RUSSIA, "win", pts, f"{on_j} hits inflicted, {on_r} received")
    return Outcome(None, "inconclusive", pts, f"Japan inflicted {on_r} hits and took {on_j}")


CHEMULPO_LOSS = ("hit", "sunk")


def chemulpo(
    variag: Ship, japanese: Iterable[Ship], variag_exited_column_1: bool, loss: str = "hit"
) -> Outcome:
    """The Variag scenario. Russia's decisive conditions are checked first, then Japan's
    clean kill, then Russia's marginal hit.

    ``loss`` reads Japan's "no loss": ``hit`` (the default) counts any hit on a Japanese ship
    as a loss, which keeps Japan's win and Russia's marginal win from both holding at once;
    ``sunk`` counts only ships sunk (torpedo boats aside, as for Russia's decisive win), so
    Japan wins by sinking the Variag even after taking hits.

    >>> from .units import Counter, Gun
    >>> v = Ship("Variag", Counter("Variag", Side.RUSSIA, ShipType.C, 8, 6, 4), hits=3)
    >>> j = [Ship("Asama", Counter("Asama", Side.JAPAN, ShipType.A, 8, 5, 5), hits=1)]
    >>> chemulpo(v, j, False).winner, chemulpo(v, j, False, loss="sunk").winner
    (<Side.RUSSIA: 'russia'>, <Side.JAPAN: 'japan'>)
    """
    if loss not in CHEMULPO_LOSS:
        raise TsushimaError(f"chemulpo loss {loss!r} is not one of {', '.join(CHEMULPO_LOSS)}")
    jap = list(japanese)
    pts = {Side.RUSSIA: hits_on(jap), Side.JAPAN: variag.hits}
    lost = [s for s in jap if s.sunk and s.type is not ShipType.T]
    if variag_exited_column_1:
        return Outcome(Side.RUSSIA, "decisive", pts, "the Variag broke out past column 1")
    if lost:
        return Outcome(Side.RUSSIA, "decisive", pts, f"{lost[0].ident} was sunk")
    if variag.sunk and (loss == "sunk" or not any(s.hits for s in jap)):
        return Outcome(Side.JAPAN, "win", pts, "the Variag was destroyed at no loss")
    if any(s.hits for s in jap):
        return Outcome(Side.RUSSIA, "marginal", pts, "a Japanese ship was hit")
    return Outcome(None, "inconclusive", pts, "the Variag is neither sunk nor away")


def _arrival_points(arrived: Iterable[Ship]) -> int:
    return sum(TYPE_POINTS.get(s.type, 0) for s in arrived if not s.sunk)


def round_island(
    arrived: Iterable[Ship], russian: Iterable[Ship], interned: Iterable[str] = ()
) -> Outcome:
    """Russia scores ships brought into Vladivostok; Japan one point per unrepaired hit, or
    one point for an interned ship in place of its hits. Decisive at half as much again."""
    gone = set(interned)
    jp = sum(1 if s.ident in gone else s.hits for s in russian) + len(
        gone - {s.ident for s in russian}
    )
    pts = {Side.RUSSIA: _arrival_points(arrived), Side.JAPAN: jp}
    return _most(pts, lambda hi, lo: 2 * hi >= 3 * lo and hi > lo, "ships home against hits")


def tsushima(arrived: Iterable[Ship], russian: Iterable[Ship], japanese: Iterable[Ship]) -> Outcome:
    """Russia scores ships in Vladivostok at the end; Japan scores hits given less hits taken."""
    pts = {Side.RUSSIA: _arrival_points(arrived), Side.JAPAN: hits_on(russian) - hits_on(japanese)}
    return _most(pts, lambda hi, lo: False, "ships in Vladivostok against net hits")


def war_at_sea(
    russian: Iterable[Ship], japanese: Iterable[Ship], scuttled: Iterable[str] = ()
) -> Outcome:
    """Each side scores the enemy's unrepaired hits weighted by type (a sunk ship is three
    hits); a scuttled ship scores one point. Decisive at more than double."""
    sc = set(scuttled)

    def score(ships: Iterable[Ship]) -> int:
        return sum(1 if s.ident in sc else s.hits * TYPE_POINTS.get(s.type, 0) for s in ships)

    pts = {Side.RUSSIA: score(japanese), Side.JAPAN: score(russian)}
    return _most(pts, lambda hi, lo: hi > 2 * lo, "weighted hits on the enemy")


VICTORY_RULES = {
    "port_arthur": port_arthur,
    "chemulpo": chemulpo,
    "round_island": round_island,
    "tsushima": tsushima,
    "war_at_sea": war_at_sea,
}
