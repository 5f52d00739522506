"""The victory verdict of any scenario, read from the campaign record alone."""

from __future__ import annotations

from ..fleet import INTERNED
from ..units import Ship, Side
from ..victory import Outcome, chemulpo, port_arthur, round_island, tsushima, war_at_sea
from .game import Campaign

HOME = "Vladivostok"


def _ships(c: Campaign, side: Side) -> list[Ship]:
    """Every ship of a navy as it stands, the battle board's damage included."""
    on_board = {s.ident: s for s in c.battle.ships} if c.battle is not None else {}
    return [
        on_board.get(b.ship.ident, b.ship) for b in c.fleet.berths if b.ship.side is side
    ]


def _at(c: Campaign, side: Side, place: str) -> list[str]:
    return [b.ship.ident for b in c.fleet.berths if b.ship.side is side and b.location == place]


def verdict(c: Campaign) -> Outcome:
    """Who wins under the scenario's victory rule if the game ended as it stands."""
    rule = c.scenario.victory
    russian, japanese = _ships(c, Side.RUSSIA), _ships(c, Side.JAPAN)
    if rule == "port_arthur":
        return port_arthur(russian, japanese)
    if rule == "chemulpo":
        variag = next(s for s in russian if s.ident == "Variag")
        exits = c.exits + (c.battle.exits if c.battle is not None else ())
        return chemulpo(variag, japanese, ("Variag", 1) in exits, c.chemulpo_loss)
    in_port = set(_at(c, Side.RUSSIA, HOME))
    arrived = [s for s in russian if s.ident in in_port and not s.sunk]
    if rule == "round_island":
        # ships that began the scenario in Vladivostok were not brought there
        began = {
            s.ident
            for p in c.scenario.placements[Side.RUSSIA]
            if p.place == HOME
            for s in p.ships
        }
        return round_island(
            [s for s in arrived if s.ident not in began],
            russian,
            _at(c, Side.RUSSIA, INTERNED),
        )
    if rule == "tsushima":
        return tsushima(arrived, russian, japanese)
    return war_at_sea(russian, japanese, c.scuttled)
