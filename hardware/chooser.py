"""Every choice the rules offer, made with the three buttons alone.

While the table controller offers choices (Veterans of the Seas: fire a taihou, lay a
portal, say what was drawn, move the uzushio, a Phoenix reroll; where a ship comes out of a
portal; which start mark a ship takes; the elimination bonus), **Roll steps** to the next
one and **Confirm takes** the one shown: on the screen (the table screen frames it) and
on the status light, which
shows green while an offered choice is the one Confirm will take and the controller's
own colour (amber: waiting) while it is the game's ordinary step (roll the dice, lay a
tile). With nothing offered the buttons keep their plain meaning, and Undo always undoes.

Nothing here knows a rule: the options are the controller's offered choices and points,
and each is taken through one of the controller's intents (``choose``, ``start_at``,
``roll``, ``confirm``, ``enter_text``), which ask the Session.

>>> taken = []
>>> offer = lambda: [Option("Roll the dice", lambda: taken.append("roll"), "roll", True),
...                  Option("Phoenix: red rerolls", lambda: taken.append("phoenix red"),
...                         "phoenix red")]
>>> chooser = ButtonChooser(offer, {"roll": lambda: "rolled", "confirm": lambda: "confirmed",
...                                 "undo": lambda: "undone"})
>>> chooser.highlight().label   # the game's ordinary step is shown first
'Roll the dice'
>>> chooser.press("roll"); chooser.highlight().label
'Phoenix: red rerolls'
>>> chooser.press("confirm"); taken
['phoenix red']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class Option:
    """One thing Confirm can do now: its words, how to take it, and a key that names it
    (the choice's notation, or the ordinary step's name)."""

    label: str
    take: Callable[[], object]
    key: str
    ordinary: bool = False
    """The game's own next step (roll, lay a tile), not one of the offered choices."""


class Light(Protocol):
    def show(self, state: str) -> None: ...


class ButtonChooser:
    """Roll steps through the options, Confirm takes the one shown.

    ``offer`` lists the options now (empty: the buttons keep their plain meaning, given in
    ``plain`` by role); ``light`` gives the status light to show the choice on, if any.
    """

    def __init__(self, offer: Callable[[], Sequence[Option]],
                 plain: Mapping[str, Callable[[], object]],
                 light: Callable[[], Light | None] = lambda: None) -> None:
        self._offer = offer
        self._plain = dict(plain)
        self._light = light
        self._keys: tuple[str, ...] = ()
        self._index: int | None = None
        self.listeners: list[Callable[[], None]] = []
        """Told when the option shown changes (the screen frames it)."""

    def options(self) -> list[Option]:
        options = list(self._offer())
        keys = tuple(o.key for o in options)
        if keys != self._keys:  # another step of the game: start again from its own step
            self._keys = keys
            self._index = next((k for k, o in enumerate(options) if o.ordinary), None)
        return options

    def highlight(self) -> Option | None:
        """The option Confirm takes now (None: Confirm keeps its plain meaning)."""
        options = self.options()
        if self._index is None or self._index >= len(options):
            return None
        return options[self._index]

    def press(self, role: str) -> object:
        """A button pressed: step, take, or the button's plain action."""
        options = [] if role == "undo" else self.options()
        if not options:
            return self._plain[role]()
        if role == "roll":
            self._index = 0 if self._index is None else (self._index + 1) % len(options)
            self.show()
            return None
        shown = self.highlight()
        if role == "confirm" and shown is not None:
            self._keys, self._index = (), None  # what follows is a fresh set of options
            return shown.take()
        return self._plain[role]()

    def show(self) -> None:
        """Light green while an offered choice is the one Confirm takes."""
        shown = self.highlight()
        light = self._light()
        if light is not None and shown is not None and not shown.ordinary:
            light.show("legal")
        for listener in list(self.listeners):
            listener()


def controller_options(c: Any) -> list[Option]:
    """The options a :class:`ui.controller.TableController` offers now, read off the state
    it shows: the expansion's choices (``c.choices``), the points a ship may come out of a
    portal at or start from, and the game's ordinary step beside them. Empty while the
    controller waits for something Confirm itself does (instructions to check, a hand to
    show, a portal tile to read) or offers nothing to choose."""
    session = getattr(c, "session", None)
    if session is None or c.checking or c.pending is not None or c.landing is not None:
        return []
    awaiting = c.snapshot.awaiting
    out = [Option(ch.label, _call(c.choose, ch.notation), ch.notation) for ch in c.choices]
    points: list[str] = []
    if awaiting == "land":
        points = list(session.landing()[0])
    elif awaiting in ("start", "relocate"):
        points = [str(p) for p in c.snapshot.board.start_marks]
    verb = "Come out at" if awaiting == "land" else "Start at"
    out += [Option(f"{verb} {p}", _start(c, p), f"point {p}") for p in points]
    if awaiting == "bonus":  # the elimination bonus: keep the hand, or swap (or keep two)
        out += [Option(_bonus_label(n), _call(c.enter_text, n), n) for n in session.choices()
                if n.split()[0] in ("bonus", "keep")]
    if not out:
        return []
    ordinary = {"roll": ("Roll the dice", c.roll), "die": ("Roll the die", c.roll),
                "place": ("Lay a wake tile (Confirm reads it)", c.confirm)}
    if awaiting in ordinary and not points:
        label, act = ordinary[awaiting]
        out.insert(0, Option(label, act, awaiting, ordinary=True))
    return out


def _bonus_label(notation: str) -> str:
    """The words for one choice of the elimination bonus.

    >>> _bonus_label("bonus none"), _bonus_label("bonus give ? ? take ? ?")
    ('Keep your hand', 'Swap 2 tiles')
    >>> _bonus_label("bonus give 10325476 take ?"), _bonus_label("keep ? 52167034")
    ('Give 10325476, take ?', 'Keep ? 52167034')
    """
    words = notation.split()
    if notation == "bonus none":
        return "Keep your hand"
    if words[0] == "keep":
        return "Keep " + " ".join(words[1:])
    give = words[2:words.index("take")]
    take = words[words.index("take") + 1:]
    if set(give) | set(take) == {"?"}:
        return f"Swap {len(give)} tile{'s' if len(give) > 1 else ''}"
    return f"Give {' '.join(give)}, take {' '.join(take)}"


def _call(fn: Callable[[str], object], arg: str) -> Callable[[], object]:
    return lambda: fn(arg)


def _start(c: Any, point: str) -> Callable[[], object]:
    from companion.core.board import Point

    return lambda: c.start_at(Point.parse(point))
