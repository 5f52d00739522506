"""Random campaigns on the desk: whatever the referee tries, a refused step changes nothing,
the record always replays to the campaign in hand, and an undo gives back the campaign as it
was before the step."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.tsushima import Side, TsushimaError
from companion.tsushima.desk import Desk
from companion.tsushima.desk.record import load

PLACES = ("sea", "Sasebo", "Kure", "Vladivostok", "Port Arthur", "China Sea", "0712", "0713")


def attempt(desk: Desk, data: st.DataObject) -> None:
    draw = data.draw
    f = desk.fleet
    ships = [b.ship.ident for b in f.berths]
    kind = draw(st.sampled_from(("next", "place", "hits", "terminal", "battle", "aground")))
    if kind == "next":
        desk.next()
    elif kind == "place":
        desk.place(draw(st.sampled_from(ships)), draw(st.sampled_from(PLACES)))
    elif kind == "hits":
        desk.hits(draw(st.sampled_from(ships)), draw(st.integers(1, 2)))
    elif kind == "terminal":
        if not f.time.terminal:
            desk.to_terminal()
        else:
            desk.terminal()
    elif kind == "aground":
        desk.aground(draw(st.lists(st.sampled_from(ships), min_size=1, max_size=3,
                                   unique=True)), draw(st.integers(1, 6)),
                     [draw(st.integers(1, 6)) for _ in range(3)], draw(st.integers(1, 6)))
    elif desk.battle is None:
        jp, ru = desk.available(Side.JAPAN), desk.available(Side.RUSSIA)
        desk.battle_start([(Side.JAPAN, jp[:1], 4), (Side.RUSSIA, ru[:1], 7)])
    else:
        if desk.battle.stage == "move":
            desk.move({})
        else:
            desk.declare(desk.default_orders())
            for i, d in enumerate(desk.battle.declared, 1):
                desk.roll(i, [draw(st.integers(2, 12)) for _ in range(d.shot.salvos)])
            desk.end_round()
            desk.finish()


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(("round-island", "tsushima", "war-at-sea")), st.data())
def test_refusals_replays_and_undo(key: str, data: st.DataObject) -> None:
    desk = Desk.new(key, clock=lambda: "test")
    for _ in range(25):
        before, entries = desk.campaign, len(desk.entries)
        try:
            attempt(desk, data)
        except TsushimaError:
            # a refusal in the middle of a multi-step attempt keeps what went before it
            assert len(desk.entries) >= entries
            if len(desk.entries) == entries:
                assert desk.campaign == before
        header, recorded = load(desk.text())
        assert Desk(header, recorded).campaign == desk.campaign
        if len(desk.entries) == entries + 1 and data.draw(st.booleans()):
            desk.undo()
            assert desk.campaign == before
        if desk.fleet.over:
            break
