"""Tsushima rules-core figures on one core: a whole battle-board engagement, the odds
behind a firing round, and replaying a whole War at Sea campaign record.

Run: .venv/bin/python benchmarks/tsushima.py [--battles N] [--turns N]
Targets (Raspberry Pi 4): declaring a full Port Arthur firing round with all its odds under
50 ms; a whole 20-round random engagement under 1 s; reading and replaying a 23-turn
campaign record (what every ``tsushima game`` command and every undo does) under 1 s;
laying a mine with "within 9 hexes" counted on a full owner's map file under 50 ms.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import time

from companion.tsushima import Engagement, ShipType, Side, default_data, engagement_for
from companion.tsushima.battle import Kind
from companion.tsushima.data import DataSet
from companion.tsushima.desk import Desk
from companion.tsushima.desk.record import load
from companion.tsushima.hexmap import HexFacts, HexMap


def random_battle(rng: random.Random, rounds: int = 20) -> Engagement:
    e: Engagement = engagement_for("port-arthur")
    for _ in range(rounds):
        if e.over:
            break
        moves = {
            f.ident: rng.randint(-e.max_columns(f), e.max_columns(f))
            for f in e.formations
            if f.side is e.mover and f.kind is not Kind.COAST and e.live(f)
        }
        # port battles let only the defender leave: keep everyone on the board
        moves = {k: v for k, v in moves.items() if 1 <= e.formation(k).column + v <= 12}
        e = e.move(moves)
        e = e.declare(list(e.default_orders()))
        for i, d in enumerate(e.declared):
            e = e.roll(i, [rng.randint(1, 6) + rng.randint(1, 6) for _ in range(d.shot.salvos)])
        e = e.end_fire_round()
    return e


def on_map(desk: Desk, where: str) -> bool:
    """Not in a strategic zone (a ship there would need the terminal phase to reach the map)."""
    port = desk.data.ports.get(where)
    return where not in desk.data.zones and (port is None or port.zone is None)


def pick(desk: Desk, side: Side, at: str | None = None) -> list[str]:
    """Three ships of one division kind that may still fight (recorded ``at`` a place when
    given): battleships, else cruisers."""
    for kinds in ((ShipType.B,), (ShipType.A, ShipType.C)):
        found = [i for i in desk.available(side) if desk.fleet.berth(i).ship.type in kinds
                 and at in (None, desk.fleet.berth(i).location)
                 and on_map(desk, desk.fleet.berth(i).location)]
        if found:
            return found[:3]
    return []


def near_ports() -> DataSet:
    """Moves are counted on the map: a made-up map, for timing only, with the map's ports
    around one hex (at most two hexes apart)."""
    ring = ("1010", "1011", "1009", "1110", "1111", "0910", "0911", "1012", "1008", "1210",
            "0810")
    names = [p for p in default_data().ports if default_data().ports[p].zone is None]
    return dataclasses.replace(
        default_data(), hexmap=HexMap("odd-q", dict(zip(names, ring, strict=False)), {})
    )


def campaign(rng: random.Random, turns: int) -> Desk:
    """A War at Sea record: each turn a battle of two divisions fought for five rounds,
    the land campaign's shiploads, and the terminal phase."""
    desk = Desk.new("war-at-sea", near_ports(), clock=lambda: "bench")
    desk.italy(3, 4)
    desk.land_plan("B")
    for _ in range(turns):
        if desk.fleet.over:
            break
        jp, ru = pick(desk, Side.JAPAN), pick(desk, Side.RUSSIA, "Port Arthur")
        if not jp or not ru:
            break
        for ship in jp:  # ships fight only where they meet: Japan sails to Port Arthur
            if desk.fleet.berth(ship).location != "Port Arthur":
                desk.place(ship, "Port Arthur")
        desk.battle_start([(Side.JAPAN, jp, 4), (Side.RUSSIA, ru, 7)])
        for _ in range(5):
            if desk.battle is None or desk.battle.over:
                break
            desk.move({})
            desk.declare(desk.default_orders())
            for i, d in enumerate(desk.battle.declared, 1):
                desk.roll(i, [rng.randint(1, 6) + rng.randint(1, 6) for _ in range(d.shot.salvos)])
            desk.end_round()
        desk.finish()
        desk.to_terminal()
        land = desk.campaign.land
        if land is not None and not land.fallen:
            desk.land_turn(8, rng.randint(1, 6) if land.rolling else None)
        repairs = {
            b.ship.ident: rng.randint(1, 6)
            for b in desk.fleet.berths
            if b.location in ("Sasebo",) and b.ship.hits and not b.ship.sunk
        }
        desk.terminal(dict(list(repairs.items())[:4]))
    return desk


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--battles", type=int, default=20)
    ap.add_argument("--turns", type=int, default=23)
    args = ap.parse_args()
    rng = random.Random(1905)
    e = engagement_for("port-arthur").move({"JB1": 2, "JC1": 2, "JC2": 2})
    times = []
    for _ in range(20):
        t = time.perf_counter()
        d = e.declare(list(e.default_orders()))
        for x in d.declared:
            _ = x.shot.odds, x.shot.series_odds
        times.append(time.perf_counter() - t)
    print(f"declare + odds, Port Arthur round: median {statistics.median(times) * 1e3:.1f} ms")
    times = []
    for _ in range(args.battles):
        t = time.perf_counter()
        random_battle(rng)
        times.append(time.perf_counter() - t)
    print(f"20-round random engagement: median {statistics.median(times) * 1e3:.0f} ms")
    desk = campaign(rng, args.turns)
    text = desk.text()
    times = []
    for _ in range(3):
        t = time.perf_counter()
        Desk(*load(text))
        times.append(time.perf_counter() - t)
    print(
        f"campaign record replay ({len(desk.entries)} steps, {desk.fleet.time}): "
        f"median {statistics.median(times) * 1e3:.0f} ms"
    )
    times = []
    for _ in range(3):  # the app's record view replays the record for each step's words
        t = time.perf_counter()
        desk.history_lines()
        times.append(time.perf_counter() - t)
    print(f"record in plain words ({len(desk.entries)} steps): "
          f"median {statistics.median(times) * 1e3:.0f} ms")
    mine_on_map()


def mine_on_map() -> None:
    """A Russian mine laid in Round Island's terminal phase, its partial sea and distance
    to the nearest friendly port read from a map file holding every hex of a 40 x 40 map."""
    hexes = {f"{c:02d}{r:02d}": HexFacts(True, "none") for c in range(1, 41) for r in range(1, 41)}
    ports = {p: f"{3 + 3 * i:02d}{5 + 2 * i:02d}" for i, p in enumerate(default_data().ports)
             if default_data().ports[p].zone is None}
    data = dataclasses.replace(default_data(), hexmap=HexMap("odd-q", ports, hexes))
    desk = Desk.new("round-island", data)
    desk.to_terminal()
    times = []
    for _ in range(20):
        t = time.perf_counter()
        desk.lay_mine_on_map(Side.RUSSIA, "0408")
        times.append(time.perf_counter() - t)
        desk.undo()
    print(f"mine laid, 'within 9 hexes' counted on a {len(hexes)}-hex map file: "
          f"median {statistics.median(times) * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
