"""The instructions queue: what the players must do with the pieces, and the camera's
check that the table matches the record again.

The rules' sentences for the physical pieces (move the daikaiju, take a tile off) stop
the game until they are carried out; the players say so (the Done button, or Confirm),
and the camera compares the table with the record unless they chose to carry on without
it. After an undo, or after the board was used for something else (camera setup), the
same comparison lists what to put back.
"""

from __future__ import annotations

from .board_compare import differences, ship_differences
from .camera import CameraFault
from .table_state import TableState


class BoardCheck(TableState):
    def instructions_done(self, trust: bool = False) -> bool:
        """The players say the pieces were moved; the camera checks unless trusted."""

        def act() -> None:
            if trust:
                self.checking = False
                self.instructions = []
                self.message = "Carried on without the camera's check."
                return
            self._done_checked()

        return self._act("instructions_done", act)

    def check_board(self) -> bool:
        """The board was used for something else (camera setup): compare it with the
        record again and list what to put back."""

        def act() -> None:
            self.message = ""
            self._after_undo()
            if not self.checking:
                self.message = "The board matches the record." if (
                    self.camera is not None and self.camera_ok) else self.message.strip()

        return self._act("check_board", act)

    def _done_checked(self) -> None:
        # Confirm while instructions are shown: the same as the Done button.
        if self.camera is not None:
            self.camera.follow(self.snapshot.board)  # simulated players do as told
        if self.camera is not None and self.camera_ok:
            wrong = self._table_differences()
            if wrong is None:
                return
            if wrong:
                self.message = "Not yet: " + "; ".join(wrong[:3]) + "."
                return
        self.checking = False
        self.instructions = []
        self.message = "The board matches the record."

    def _after_undo(self) -> None:
        """After an undo the pieces must match the record again."""
        cam = self.camera
        if cam is not None and cam.follow(self.snapshot.board):
            return  # the simulated players put it back
        if cam is None or not self.camera_ok:
            self.message += " Put the pieces back as the board on screen shows."
            return
        wrong = self._table_differences()
        if wrong:
            self.instructions = [f"Put the board back: {w}." for w in wrong]
            self.checking = True

    def _table_differences(self) -> list[str] | None:
        """Where the pieces on the table differ from the record, in words; None when the
        camera failed (and the table was told)."""
        assert self.camera is not None
        board = self.snapshot.board
        try:
            seen = self.camera.read(board)
        except CameraFault as exc:
            self._camera_failed(exc)
            return None
        return differences(board, seen, seen.keys()) + ship_differences(
            board, self.camera.ships_seen, self.camera.ship_colours, self._piece)
