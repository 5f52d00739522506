"""The record in plain words: each step still standing, named for the referee, with what the
desk said when it was applied (replayed from the start, so the words are the step's own)."""

from __future__ import annotations

from collections.abc import Sequence

from .game import Campaign, apply
from .record import Entry

TITLES = {
    "place": "Move", "hits": "Hits", "next": "Next segment", "to-terminal": "To the terminal "
    "phase", "terminal": "Terminal phase", "italy": "Cruisers in Italy", "declare-over":
    "Russia ends the war", "aground": "Running aground", "mine": "Mined hex entered",
    "lay-mine": "Mine laid", "sweep": "Sweep", "flying-base": "Flying base", "blockships":
    "Block ships", "clear-block": "Clearing the channel", "land-plan": "Land campaign plan",
    "land-switch": "Plan changed", "land-need": "Next shiploads", "land-turn": "Shiploads",
    "town-raid": "Town raid", "scuttle": "Scuttling", "capture": "Capture", "merchant-callup":
    "Merchant call-up", "battle-start": "Battle set up", "battle-scenario": "Scenario battle",
    "move": "Battle move", "screen": "Screen", "declare": "Fire declared", "roll": "Fire rolled",
    "end-round": "End of round", "finish": "Battle finished", "spot": "Search",
    "spot-zone": "Zone search", "port-attack": "Port attack",
}
UNCOUNTED = "(not counted: recorded before moves were counted)"


def uncounted(e: Entry) -> bool:
    """A map move written before moves were counted: it stands on the players' word."""
    return e.step == "place" and "points" not in e.args


def plain_lines(start: Campaign, entries: Sequence[Entry]) -> list[str]:
    """One line per step (``entries`` are those still standing), numbered from 1."""
    out: list[str] = []
    c = start
    for i, e in enumerate(entries, 1):
        c, said = apply(c, e.step, e.args)
        title = TITLES.get(e.step, e.step.replace("-", " ").capitalize())
        if e.step == "place":
            title += f" {e.args.get('ship')} to {e.args.get('location')}"
        text = " ".join(said) or "done."
        out.append(f"{i}. {title}: {text}" + (f" {UNCOUNTED}" if uncounted(e) else ""))
    return out
