"""Instructions for the physical pieces, confirmed by the camera or by the players."""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen
from kivy.utils import escape_markup

from companion.core.instruction import Instruction
from companion.tsuro.veterans.describe import CHECK

TITLES = {
    "tsunami-placed": "Tsunami",
    "tsunami-moved": "Tsunami",
    "tsunami-gone": "Tsunami",
    "tsunami-roll": "Tsunami roll",
    "daikaiju-tucked": "Taihou fired",
    "taihou-removed": "Taihou",
    "portal-placed": "Mystic portal",
    "portal-roll": "Through the portal",
    "portal-gone": "Mystic portal",
    "daikaiju-anew": "Mystic portal",
    "phoenix": "Phoenix",
    "drew": "Drawn",
}
"""A heading for each kind of instruction Veterans of the Seas and the Phoenix add."""


def line_markup(line: str) -> str:
    """One instruction as the screen shows it: a heading for the expansion's kinds (by the
    instruction's ``kind``, never by its words) and the engine's default flag picked out.

    >>> line_markup(Instruction("Take the mystic portal at r2c3 out of the game "
    ...                         "(default: check against your sheet).", "portal-gone"))
    '• [b][color=c9a0ff]Mystic portal:[/color][/b] Take the mystic portal at r2c3 out of \
the game [color=ffc850](default: check against your sheet)[/color].'
    """
    text = escape_markup(str(line)).replace(
        escape_markup(CHECK), f"[color=ffc850]{escape_markup(CHECK)}[/color]")
    title = ""
    if isinstance(line, Instruction):
        title = TITLES.get(line.kind, "")
        if not title and any(p.startswith("daikaiju UZ") for p in line.pieces):
            title = "Uzushio"
    return f"• [b][color=c9a0ff]{title}:[/color][/b] {text}" if title else f"• {text}"


class InstructionsScreen(Screen):
    lines = StringProperty("")
    message = StringProperty("")
    picture = ObjectProperty(None, allownone=True)
    camera = BooleanProperty(False)

    def update(self, c: Any) -> None:
        self.lines = "\n\n".join(line_markup(line) for line in c.instructions)
        self.message = c.message
        self.picture = c.snapshot.board
        self.camera = c.camera is not None and c.camera_ok
