"""Daikaiju tiles as editable data.

Each tile has a rotation number, a gold or blue arrow, and for each die face 1-5 either a
move relative to the way the tile faces or a quarter turn. The printed arrows are not in
the rulebook text, so the shipped deck is a default that the owner checks and edits.

>>> deck = load_deck()
>>> len(deck.cards), deck.default
(10, True)
>>> [c.id for c in deck.movement_order(["2B", "1B", "2G"])]
['1B', '2G', '2B']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .locations import owner_file, read_data

DECK_FILE = "daikaiju.json"
MOVES = {"forward": 0, "right": 1, "back": 2, "left": 3}
TURNS = {"clockwise": 1, "counterclockwise": -1}


class DeckError(ValueError):
    """A daikaiju data file that cannot describe a real deck."""


@dataclass(frozen=True, slots=True)
class DaikaijuCard:
    id: str
    rotation: int
    gold: bool
    turn: int
    faces: tuple[str, ...]
    """``faces[f - 1]`` is what die face ``f`` does: a key of MOVES, or ``rotate``."""

    def action(self, face: int) -> str:
        return self.faces[face - 1]

    @property
    def colour(self) -> str:
        return "gold" if self.gold else "blue"


@dataclass(frozen=True, slots=True)
class DaikaijuDeck:
    cards: tuple[DaikaijuCard, ...]
    default: bool
    source: str

    def card(self, card_id: str) -> DaikaijuCard:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise DeckError(f"there is no daikaiju tile {card_id!r}; tiles are {self.ids()}")

    def ids(self) -> str:
        return ", ".join(c.id for c in self.cards)

    def movement_order(self, ids: Iterable[str]) -> list[DaikaijuCard]:
        """Lowest rotation number first; on a tie the gold arrow moves before the blue."""
        return sorted((self.card(i) for i in ids), key=lambda c: (c.rotation, not c.gold, c.id))


def parse_deck(doc: Any, source: str) -> DaikaijuDeck:
    def bad(why: str) -> DeckError:
        return DeckError(f"{source}: {why}")

    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        raise bad("expected an object with a list 'cards'")
    cards: list[DaikaijuCard] = []
    for n, raw in enumerate(doc["cards"], 1):
        if not isinstance(raw, dict):
            raise bad(f"card {n} is not an object")
        cid = raw.get("id")
        if not isinstance(cid, str) or not cid:
            raise bad(f"card {n} has no id")
        rotation = raw.get("rotation")
        if not isinstance(rotation, int) or isinstance(rotation, bool) or rotation < 1:
            raise bad(f"card {cid}: rotation must be a whole number from 1")
        if raw.get("arrow") not in ("gold", "blue"):
            raise bad(f"card {cid}: arrow must be 'gold' or 'blue'")
        turn = raw.get("turn", "clockwise")
        if turn not in TURNS:
            raise bad(f"card {cid}: turn must be 'clockwise' or 'counterclockwise'")
        faces = raw.get("faces")
        if not isinstance(faces, dict) or sorted(faces) != ["1", "2", "3", "4", "5"]:
            raise bad(f"card {cid}: faces must give each of 1-5 exactly once")
        acts = tuple(faces[str(f)] for f in range(1, 6))
        for f, act in enumerate(acts, 1):
            if act not in MOVES and act != "rotate":
                raise bad(
                    f"card {cid}: face {f} says {act!r}; use forward, right, back, left or rotate"
                )
        cards.append(DaikaijuCard(cid, rotation, raw["arrow"] == "gold", TURNS[turn], acts))
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        raise bad("two cards share an id")
    if not cards:
        raise bad("the deck has no cards")
    return DaikaijuDeck(tuple(cards), bool(doc.get("default", False)), source)


def load_deck(path: str | Path | None = None) -> DaikaijuDeck:
    """The deck from ``path``, else the owner's edited copy, else the shipped default."""
    if path is None and owner_file(DECK_FILE) is None:
        return _shipped_deck()
    return parse_deck(*read_data(DECK_FILE, path, DeckError, "daikaiju deck"))


@cache
def _shipped_deck() -> DaikaijuDeck:
    # Every new game asks for the deck; the shipped one never changes.
    return parse_deck(*read_data(DECK_FILE, None, DeckError, "daikaiju deck"))
