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

import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from companion.core.locations import owner_file, read_data

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

    def turning_faces(self) -> tuple[int, ...]:
        """The die faces on which this tile turns instead of moving."""
        return tuple(f for f, act in enumerate(self.faces, 1) if act == "rotate")

    @property
    def colour(self) -> str:
        return "gold" if self.gold else "blue"


@dataclass(frozen=True, slots=True)
class DaikaijuDeck:
    cards: tuple[DaikaijuCard, ...]
    default: bool
    source: str
    # each card by id, and its place in the movement order: asked on every daikaiju phase
    _by_id: dict[str, tuple[tuple[int, bool, str], DaikaijuCard]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        for c in self.cards:
            self._by_id[c.id] = ((c.rotation, not c.gold, c.id), c)

    def card(self, card_id: str) -> DaikaijuCard:
        found = self._by_id.get(card_id)
        if found is not None:
            return found[1]
        raise DeckError(f"there is no daikaiju tile {card_id!r}; tiles are {self.ids()}")

    def ids(self) -> str:
        return ", ".join(c.id for c in self.cards)

    def mismatches(self) -> list[str]:
        """Tiles whose rotation number is not the face they turn on.

        000 numbers each tile's turn in the phase by the number printed beside its curved
        arrow, that is, beside the face on which it turns: the two should agree. A deck
        that disagrees still plays (records replay as they were played); the owner is
        told where.

        >>> load_deck().mismatches()
        []
        """
        out = []
        for c in self.cards:
            turns = c.turning_faces()
            if turns != (c.rotation,):
                on = " and ".join(str(f) for f in turns) or "no face"
                out.append(f"daikaiju {c.id} has rotation number {c.rotation} but turns on {on}")
        return out

    def movement_order(self, ids: Iterable[str]) -> list[DaikaijuCard]:
        """Lowest rotation number first; on a tie the gold arrow moves before the blue."""
        by_id, wanted = self._by_id, list(ids)
        for i in wanted:
            if i not in by_id:
                self.card(i)  # names the unknown tile
        return [c for _, c in sorted(by_id[i] for i in wanted)]


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
    deck = parse_deck(*read_data(DECK_FILE, path, DeckError, "daikaiju deck"))
    for note in deck.mismatches():
        warnings.warn(f"{deck.source}: {note}", DeckWarning, stacklevel=2)
    return deck


class DeckWarning(UserWarning):
    """An owner's daikaiju file that plays, but disagrees with itself (see ``mismatches``)."""


@cache
def _shipped_deck() -> DaikaijuDeck:
    # Every new game asks for the deck; the shipped one never changes.
    return parse_deck(*read_data(DECK_FILE, None, DeckError, "daikaiju deck"))
