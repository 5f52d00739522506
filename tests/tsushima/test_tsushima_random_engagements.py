"""Random engagements keep the invariants: at most three hits, salvos never under their
floor, and damage simultaneous within a firing round."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.tsushima import (
    FireOrder,
    FormationSpec,
    Ship,
    Side,
    TsushimaError,
    default_data,
    start_engagement,
)
from companion.tsushima.battle import HOME_EDGE, Engagement, Kind
from companion.tsushima.units import GUN_SLOTS, ShipType

D = default_data()
JAPAN = [
    ("battle", ("Mikasa", "Asahi", "Hatsuse")),
    ("battle", ("Shikishima", "Fuji", "Yashima")),
    ("cruiser", ("Idzumo", "Iwate", "Tokiwa", "Asama")),
    ("cruiser", ("Chitose", "Kasagi", "Takasago")),
]
RUSSIA = [
    ("battle", ("Retvizan", "Tsarevitch", "Pobieda")),
    ("battle", ("Peresviet", "Poltava", "Sevastopol", "Petropavlovsk")),
    ("cruiser", ("Bayan", "Askold", "Diana", "Pallada")),
    ("cruiser", ("Gromoboi", "Rossia", "Rurik")),
]
SMALL = {
    "JD1": D.counter("Destroyer", Side.JAPAN),
    "JT1": D.counter("Torpedo Boat", Side.JAPAN),
    "RD1": D.counter("Destroyer", Side.RUSSIA),
}


@st.composite
def engagements(draw: st.DrawFn) -> Engagement:
    specs: list[FormationSpec] = []
    for pool, low, high in ((JAPAN, 1, 6), (RUSSIA, 6, 12)):
        chosen = draw(
            st.lists(st.sampled_from(range(len(pool))), min_size=1, max_size=3, unique=True)
        )
        for i in sorted(chosen):  # battle divisions are placed before cruiser divisions
            kind, members = pool[i]
            specs.append(FormationSpec(kind, members, draw(st.integers(low, high))))
    ships = {}
    for ident, counter in SMALL.items():
        if draw(st.booleans()):
            ships[ident] = Ship(ident, counter)
            specs.append(FormationSpec("small", (ident,), draw(st.integers(3, 9))))
    return start_engagement(specs, draw(st.sampled_from(list(Side))), D, ships=ships)


def check_floors(e: Engagement) -> None:
    for s in e.ships:
        assert 0 <= s.hits <= s.hit_limit <= 3
        if s.sunk or s.type is ShipType.K:
            continue
        for slot in GUN_SLOTS:
            if s.counter.gun(slot) is not None:
                assert s.salvos(slot) >= 1
                assert s.salvos(slot, fleeing=True) >= 1 or D.special(s.counter.name).get(
                    "no_primary_in_flight"
                )
        if s.counter.torpedo_salvos:
            assert s.torpedo_salvos >= 1


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(e=engagements(), data=st.data())
def test_random_engagements_keep_the_invariants(e: Engagement, data: st.DataObject) -> None:
    for _ in range(data.draw(st.integers(1, 8))):
        if e.over:
            break
        side = e.mover
        fleeing = e.flight_successes(side) is not None
        flee = not fleeing and data.draw(st.integers(0, 5)) == 0
        die = data.draw(st.integers(1, 6)) if fleeing else None  # not in the first round
        moves = {}
        away = 1 if HOME_EDGE[side] == 12 else -1
        for f in e.formations:
            if flee or f.side is not side or f.kind is Kind.COAST or not e.live(f):
                continue
            lim = e.max_columns(f)
            if f.fleeing:
                moves[f.ident] = away * data.draw(st.integers(0, lim))
            else:
                moves[f.ident] = data.draw(st.integers(-lim, lim))
        e = e.move(moves, flight_die=die, flee=flee)
        if e.over:
            break
        start = e.ships
        orders = list(e.default_orders())
        for s in e.on_board():
            if s.counter.torpedo_salvos and data.draw(st.booleans()):
                enemies = [
                    t
                    for t in e.on_board(s.side.enemy)
                    if abs(e.formation_of(t.ident).column - e.formation_of(s.ident).column) <= 1
                ]
                if enemies and s.ident not in e.torpedoes_used:
                    orders.append(FireOrder(s.ident, "torpedo", enemies[0].ident))
        try:
            e = e.declare(orders)
        except TsushimaError:
            e = e.declare(list(e.default_orders()))
        for i, d in enumerate(e.declared):
            assert not e.ship(d.order.firer).sunk
            assert d.shot.salvos >= 1
            totals = data.draw(
                st.lists(st.integers(2, 12), min_size=d.shot.salvos, max_size=d.shot.salvos)
            )
            e = e.roll(i, totals)
            assert e.ships == start  # nothing takes effect mid-round
        pending = e.pending_hits()
        e = e.end_fire_round()
        for before in start:
            after = e.ship(before.ident)
            expected = min(before.hit_limit, before.hits + pending.get(before.ident, 0))
            assert after.hits == expected
        check_floors(e)
