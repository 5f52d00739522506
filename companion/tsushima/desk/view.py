"""The campaign in readable lines, for the command line and the screens alike."""

from __future__ import annotations

from ..units import Side
from .game import Campaign
from .verdict import verdict


def status_lines(c: Campaign, navy: Side | None = None) -> list[str]:
    """Where the game stands: the calendar, the ships, the board and the side records."""
    f = c.fleet
    lines = [f"{c.scenario.title}: {f.time.describe()}."]
    last = f.last_turn()
    if last is not None:
        lines.append(f"{f.length_rule()}.")
    if f.over:
        lines.append("The game is over. " + verdict(c).sentence())
    lines += f.roster(navy)
    if c.battle is not None:
        lines.append("Battle board:")
        lines += [f"  {ln}" for ln in c.battle.describe()]
    if c.land is not None:
        lines.append(c.land.describe())
    if f.fall_turn is not None and c.scenario.raw.get("ends_after_port_arthur_falls"):
        lines.append("Port Arthur has fallen: it is Japan's port.")
    if c.blocked:
        lines.append("A block ship lies in the Port Arthur channel.")
    for side in Side:
        mines = [h for h, s in c.mines if s is side]
        hand = c.mines_in_hand(side)
        if mines or hand:
            lines.append(
                f"{side.adjective} mines: {', '.join(mines) or 'none laid'}; {hand} in hand."
            )
    if c.flying_bases or c.flying_bases_in_hand():
        lines.append(
            f"Flying bases: {', '.join(c.flying_bases) or 'none placed'}; "
            f"{c.flying_bases_in_hand()} in hand."
        )
    if f.italy is not None:
        lines.append(
            f"The cruisers in Italy are {f.italy[0].adjective} (Table 6B: {f.italy[1]} zone(s))."
        )
    marks = c.current_marks()
    if marks.torpedoes:
        lines.append(f"Torpedo attacks made this phase: {', '.join(marks.torpedoes)}.")
    if marks.aground:
        lines.append(f"Rolled for running aground this phase: {', '.join(marks.aground)}.")
    return lines
