"""Asking to see the hand: a placement that sinks the player's own ship waits for it.

Laying a tile that sinks your own ship is allowed only when nothing else in the hand
does better, so such a placement waits (:class:`~ui.table_state.Pending`) until the rest
of the hand is shown: laid on empty squares for the camera, picked on the screen and laid
on the simulated table for its camera, or picked on the screen by touch.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.board import Square
from companion.tsuro.tiles import Tile

from .camera import CameraFault
from .table_state import Pending, n_tiles, sentence
from .tile_verdict import TileVerdict


class HandRequests(TileVerdict):
    def show_hand(self, tiles: Sequence[Tile]) -> bool:
        """The player shows the rest of their hand for a self-eliminating placement."""

        def act() -> None:
            pending = self._pending_hand(tiles)
            self._place(pending.square, pending.tile, hand=[pending.tile, *tiles])

        return self._act("show_hand", act)

    def choose_hand(self, tiles: Sequence[Tile]) -> bool:
        """Hand tiles picked on screen: laid on the simulated table for the camera to read,
        or entered by touch."""

        def act() -> None:
            pending = self._pending_hand(tiles)
            cam = self.camera
            if self.hand_entry == "sim" and cam is not None:
                self._clear_sim_hand()
                self._sim_hand = cam.lay_hand(tiles, self._free_squares())
                if self._read_hand():
                    return
                if not self.camera_ok:  # the camera failed: the tiles picked are the hand
                    self._clear_sim_hand()
                    self._place(pending.square, pending.tile, hand=[pending.tile, *tiles])
                return
            self._place(pending.square, pending.tile, hand=[pending.tile, *tiles])

        return self._act("choose_hand", act)

    def read_hand(self) -> bool:
        """The camera reads the hand laid on empty squares (the Confirm button does too)."""

        def act() -> None:
            self._read_hand()

        return self._act("read_hand", act)

    @property
    def hand_entry(self) -> str:
        """How a hand is shown now: ``camera`` (laid on empty squares), ``sim`` (picked on
        screen, laid on the simulated table, read by its camera) or ``touch``."""
        if self.camera is None or not self.camera_ok or self.touch_entry:
            return "touch"
        return "sim" if self.camera.simulated else "camera"

    @property
    def hand_wanted(self) -> int:
        """How many more tiles of the active player's hand a pending ruling needs to see."""
        snap = self.snapshot
        seat = snap.active if snap.active is not None else 0
        return max(0, (snap.hands[seat] if seat < len(snap.hands) else 3) - 1)

    def _free_squares(self) -> list[Square]:
        """Squares empty in the record where a hand may be laid to be read."""
        board = self.snapshot.board
        target = self.pending.square if self.pending else board.target
        return [Square(r, c) for r in range(1, board.rows + 1) for c in range(1, board.cols + 1)
                if board.content(Square(r, c)) == "empty" and Square(r, c) != target]

    def _pending_hand(self, rest: Sequence[Tile]) -> Pending:
        """The placement waiting for a hand, once the hand shown is a possible one."""
        if self.pending is None:
            raise ValueError("No placement is waiting for a hand.")
        problem = self.game.hand_problem([self.pending.tile, *rest])
        if problem:
            raise ValueError(f"That cannot be your hand: {sentence(problem)} Show it again.")
        return self.pending

    def _clear_sim_hand(self) -> None:
        if self.camera is not None:
            self.camera.take_off(self._sim_hand)
        self._sim_hand = []

    def _read_hand(self) -> bool:
        """Read the rest of the hand from tiles laid on empty squares, any way round;
        True once ruled.

        Only the tiles' patterns matter for the ruling, so the hand can lie anywhere
        empty; afterwards the instructions say where the tiles go, and the camera
        checks they left the board.
        """
        if self.pending is None:
            raise ValueError("No placement is waiting for a hand.")
        if self.camera is None or not self.camera_ok:
            raise ValueError("No camera: pick the rest of your hand on the screen.")
        wanted = self.hand_wanted
        try:
            seen = self.camera.read(self.snapshot.board)
        except CameraFault as exc:
            self._camera_failed(exc, "pick the rest of your hand on the screen")
            return False
        free = self._free_squares()
        unsure = [sq for sq in free if seen.get(sq) and seen[sq].content == "unknown"]
        laid = [(sq, seen[sq].tile) for sq in free
                if sq in seen and seen[sq].content == "tile" and seen[sq].tile is not None]
        self._show("waiting")
        if unsure:
            self.message = (f"The camera cannot make out {', '.join(map(str, unsure[:3]))}: "
                            "straighten the tiles, or pick your hand on the screen.")
            return False
        if len(laid) != wanted:
            more = wanted - len(laid)
            self.message = (
                f"The camera sees {n_tiles(len(laid))} on empty squares and needs "
                f"{n_tiles(wanted)}: " + (
                    f"lay {n_tiles(more)} more" if more > 0 else f"take {n_tiles(-more)} away")
                + ", any way round, and press Confirm (or pick them on the screen).")
            return False
        pending = self.pending
        hand = [pending.tile, *(t for _, t in laid if t is not None)]
        problem = self.game.hand_problem(hand)
        if problem:
            self.message = f"That cannot be your hand: {sentence(problem)}"
            return False
        seat = self.snapshot.active
        where = ", ".join(str(sq) for sq, _ in laid)
        self._place(pending.square, pending.tile, hand=hand, source="camera")
        self._sim_hand = []
        if self.verdict is not None and self.verdict.legal:
            kept = seat is not None and self.game.view().ships[seat].alive
            # a lost ship's hand goes where the instructions say; a kept one goes back
            take = (f"Take your hand back from {where}." if kept else
                    f"Take the tiles you showed (on {where}) off the board.")
            self.instructions = [take, *self.instructions]
            self.checking = True
            self.message = "The camera read your hand."
            return True
        self._sim_hand = [sq for sq, _ in laid]
        self._clear_sim_hand()  # the simulated player takes the hand back at once
        self.message = f"Take the tile back and lay another; take your hand back from {where}."
        return True
