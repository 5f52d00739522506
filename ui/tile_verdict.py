"""The verdict on a tile laid in front of the active ship, and on a ship out of a portal.

A placement comes from the camera (Confirm reads the square in front of the active
ship) or from the screen (the tile picked, with its rotation). The Session rules on it:
legal (it is recorded and its instructions follow), illegal (take it back), or legal only
if nothing else in the hand does better, in which case the placement waits for the hand
(:mod:`ui.hand_requests`).
"""

from __future__ import annotations

from companion.core.board import Point, Square
from companion.tsuro.tiles import Tile

from .board_check import BoardCheck
from .camera import CameraFault
from .model import Verdict
from .table_state import Pending, sentence


class TileVerdict(BoardCheck):
    def _target(self) -> Square:
        if self.session is None:
            raise ValueError("Start or resume a game first.")
        if self.session.awaiting() != "place":
            raise ValueError(self.session.prompt())
        square = self.snapshot.board.target
        if square is None:
            raise ValueError("There is no square in front of the active ship.")
        return square

    def _read_placement(self) -> None:
        """Confirm with a tile to place: the camera reads the square in front of the
        active ship, or the players are asked to pick the tile on the screen."""
        square = self._target()
        assert self.session is not None  # _target refuses without a game
        if self.camera is None or not self.camera_ok or self.touch_entry:
            self.message = f"Pick the tile on {square} on the screen, with its rotation."
            self.touch_entry = True
            return
        # the reader matches what it sees on the square against these placements first
        legal = {square: [p.tile for p in self.session.possible_placements()]}
        try:
            seen = self.camera.read(self.snapshot.board, legal).get(square)
        except CameraFault as exc:
            self._camera_failed(exc)
            return
        if seen is None or seen.content == "unknown":
            self.message = f"The camera cannot read {square}: pick the tile on screen."
            self._show("waiting")
            return
        if seen.portal and f"portal {square}" in self.session.choices():
            self._enter(f"portal {square}")  # a mystic portal laid instead of a wake tile
            return
        if seen.content != "tile" or seen.tile is None:
            self.message = f"No wake tile seen on {square}: lay it there and press Confirm."
            self._show("waiting")
            return
        self._rule(square, seen.tile, source="camera")

    def _rule(self, square: Square, tile: Tile, source: str) -> None:
        verdict = self.game.check(square, tile)
        if verdict.needs_hand:
            self.pending = Pending(square, tile)
            self.verdict = Verdict(
                False, sentence(verdict.reason), square, tile, needs_hand=True
            )
            self.message = ""
            self._show("waiting")
            return
        if not verdict.legal:
            self.verdict = Verdict(False, "Not allowed: " + sentence(verdict.reason), square, tile)
            self.message = "Take the tile back and lay another."
            self._show("illegal")
            return
        self._place(square, tile, hand=None, source=source)

    def _place(self, square: Square, tile: Tile, hand: list[Tile] | None,
               source: str = "touch") -> None:
        try:
            out = self.game.place(tile, hand=hand)
        except ValueError as exc:
            self.pending = None
            self.verdict = Verdict(False, "Not allowed: " + sentence(str(exc)), square, tile)
            self.message = "Take the tile back and lay another."
            self._show("illegal")
            return
        self.pending = None
        self.verdict = Verdict(True, f"Legal: the tile on {square} stands.", square, tile)
        self._instructions(out, keep_verdict=True)
        if self.camera is not None:
            self.camera.placed()
        self._show("legal")

    def _land_at(self, point: Point) -> None:
        """A ship out of a portal: the point touched; a tile from the hand is picked next
        when the square is empty."""
        points, needs_tile = self.game.landing()
        if str(point) not in points:
            raise ValueError(f"The ship cannot start at {point}: touch one of "
                             f"{', '.join(points)}.")
        if not needs_tile:
            self.landing = None
            self._enter(f"land {point}")
            return
        self.landing = point
        self.message = (f"Pick the tile from your hand laid on {point.square}, as it lies; "
                        f"the ship starts at {point}.")

    def _land_seen(self, point: Point) -> None:
        """A ship out of a portal onto an empty square: the camera reads the tile its owner
        laid there from the hand."""
        assert self.camera is not None
        try:
            seen = self.camera.read(self.snapshot.board).get(point.square)
        except CameraFault as exc:
            self._camera_failed(exc)
            return
        if seen is None or seen.content != "tile" or seen.tile is None:
            self.message = (f"No wake tile seen on {point.square}: lay the tile from your hand "
                            "there and press Confirm (or pick it on screen).")
            return
        self.landing = None
        self._enter(f"land {point} {seen.tile.notation()}")
