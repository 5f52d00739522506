"""The battle board: twelve columns with the formations and their ships, then the step of
the round: movement, the fire plan, the declared fire with its exact odds and the dice, and
the damage that the end of the round applies to every ship at once."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.tsushima import range_between
from companion.tsushima.battle import COLUMNS

from .common import (
    RESULT_RGBA,
    SIDE_RGBA,
    DeskScreen,
    desk,
    hits_marks,
    make,
    odds_text,
    series_text,
    u,
)
from .dice_entry import TsuDiceEntry


def stage_of(e: Any) -> str:
    if e is None:
        return "none"
    if e.over:
        return "over"
    if e.stage == "move":
        return "move"
    if not e.declared:
        return "plan"
    return "rolls"


class BattleScreen(DeskScreen):
    board_lines = NumericProperty(0)
    """Text lines in the fullest column (formation names and ships), for the board height."""
    board_blocks = NumericProperty(0)
    stage = StringProperty("none")
    stage_line = StringProperty("")
    ranges_text = StringProperty("")
    may_flee = BooleanProperty(False)
    flight_due = BooleanProperty(False)
    flee_label = StringProperty("Flee")
    may_flee_merchants = BooleanProperty(False)
    flee_merchants_label = StringProperty("Merchants flee")

    _rows_key: Any = None
    _fire_rows: list[Any]
    _pending_label: Any = None
    _last_label: Any = None

    def refresh(self, d: Any) -> None:
        e = d.engagement
        self.stage = stage_of(e)
        self.may_flee = d.may_flee()
        self.flight_due = d.flight_die_needed() and d.flight_die is None
        self.flee_label = "Flee: yes" if d.flee else "Flee"
        self.may_flee_merchants = d.may_flee_merchants()
        self.flee_merchants_label = ("Merchants flee: yes" if d.flee_merchants
                                     else "Merchants flee")
        self._board(d)
        box = self.ids.actions
        key = None
        if self.stage == "rolls":
            key = (id(e.declared[0].shot), e.firing_rounds, tuple(str(x.order) for x in e.declared))
        if key is not None and key == self._rows_key and box.children:
            # only dice and results changed: fill them in (rebuilding every row is slow)
            self._show_rolls(d)
            return
        self._rows_key = key
        box.clear_widgets()
        if e is None:
            self.stage_line = "No battle on the board: set one up on the fleets screen."
            self.ranges_text = ""
            return
        self.stage_line = e.describe()[-1].replace("Next: ", "")
        self.ranges_text = "Range (columns between): " + ", ".join(
            f"{a}-{b} {r}" for a, b, r in d.ranges()
        ) if d.ranges() else ""
        if self.stage == "move":
            self._moves(d, box)
        elif self.stage == "plan":
            self._plan(d, box)
        elif self.stage == "rolls":
            self._declared(d, box)
        self._last_label = Factory.TsuText(color=(0.8, 0.9, 1, 1), font_size=u(14))
        box.add_widget(self._last_label)
        self._show_last(d)

    def _show_last(self, d: Any) -> None:
        self._last_label.text = "[b]Last step:[/b] " + "  ".join(d.results) if d.results else ""

    # ---------------------------------------------------------------- the board
    def _board(self, d: Any) -> None:
        grid = self.ids.board
        grid.clear_widgets()
        e = d.engagement
        cols = e.columns() if e is not None else {c: [] for c in range(1, COLUMNS + 1)}
        fullest = max(cols.values(), key=lambda fs: sum(1 + len(e.live(f)) for f in fs))
        self.board_lines = sum(1 + len(e.live(f)) for f in fullest) if e is not None else 0
        self.board_blocks = len(fullest)
        for c in range(1, COLUMNS + 1):
            # a column holding counters is wider, so ship names stay readable
            col = make("TsuColumn", odd=bool(c % 2), size_hint_x=2.3 if cols[c] else 1)
            col.add_widget(Factory.TsuShipLine(text=f"[b]{c}[/b]", halign="center",
                                               color=(0.7, 0.75, 0.85, 1)))
            for f in cols[c]:
                col.add_widget(self._formation(e, f))
            col.add_widget(Factory.Widget())
            grid.add_widget(col)

    def _formation(self, e: Any, f: Any) -> Any:
        box = make("TsuFormation", rgba=SIDE_RGBA[f.side])
        tag = " flees" if f.fleeing else ""
        box.add_widget(Factory.TsuShipLine(text=f"[b]{f.ident}{tag}[/b]"))
        for ident in e.live(f):
            ship = e.ship(ident)
            marks = hits_marks(ship)
            pending = e.pending_hits().get(ident)
            extra = f" [color=ffd24d]+{pending}[/color]" if pending else ""
            box.add_widget(Factory.TsuShipLine(
                text=f"{ident} [b][color=ffb84d]{marks}[/color][/b]{extra}"))
        return box

    # ---------------------------------------------------------------- movement
    def _moves(self, d: Any, box: Any) -> None:
        e = d.engagement
        box.add_widget(Factory.TsuText(
            text=f"[b]{e.mover.adjective} movement round.[/b] + moves towards column 12, "
                 "- towards column 1. Then Move (or Hold)."
                 + (" [b]Fleeing:[/b] roll the flight die first (1-3: three columns)."
                    if d.flight_die_needed() and d.flight_die is None else "")
                 + (f" Flight die {d.flight_die}." if d.flight_die is not None else "")))
        for f in d.movers():
            planned = d.moves.get(f.ident, 0)
            row = Factory.TsuMoveRow()
            row.ids.what.text = (
                f"[b]{f.ident}[/b] ({f.kind.value}) column {f.column}: "
                f"{', '.join(e.live(f))}; up to {d.move_limit(f)} column(s)")
            row.ids.delta.text = (f"to {f.column + planned} ({planned:+d})" if planned
                                  else "holds")
            row.ids.minus.bind(on_release=lambda _b, k=f.ident: desk().nudge(k, -1))
            row.ids.plus.bind(on_release=lambda _b, k=f.ident: desk().nudge(k, 1))
            row.formation = f.ident
            box.add_widget(row)
        for ident in d.detachable():
            ship = e.ship(ident)
            row = make("TsuPlanRow", rgba=SIDE_RGBA[ship.side])
            left = ident in d.detach
            row.ids.what.text = (f"[b]{ident}[/b] ({ship.hits} hit{'s' * (ship.hits > 1)}) "
                                 f"of {e.formation_of(ident).ident}")
            row.ids.target.text = "Left behind" if left else "Leave behind"
            row.ids.target.background_color = (0.85, 0.65, 0.1, 1) if left else (
                0.18, 0.21, 0.27, 1)
            row.ids.target.bind(on_release=lambda _b, k=ident: desk().toggle_detach(k))
            row.ids.drop.opacity, row.ids.drop.disabled = 0, True
            row.detach = ident
            box.add_widget(row)

    # ---------------------------------------------------------------- fire plan
    def _plan(self, d: Any, box: Any) -> None:
        e = d.engagement
        box.add_widget(Factory.TsuText(
            text="[b]Fire plan for this round[/b] (both navies fire). Touch a target to "
                 "change it; Declare fixes the plan and shows the odds."))
        for boat, targets in d.torpedo_boats().items():  # offered first: easily missed
            row = make("TsuPlanRow", rgba=SIDE_RGBA[e.ship(boat).side])
            salvos = e.ship(boat).torpedo_salvos
            row.ids.what.text = f"[b]{boat}[/b] torpedoes, {salvos} salvo{'s' * (salvos > 1)}"
            row.ids.target.text = f"Torpedo attack ({len(targets)} in reach)"
            row.ids.target.bind(on_release=lambda _b, k=boat: desk().add_torpedo(k))
            row.ids.drop.opacity, row.ids.drop.disabled = 0, True
            row.boat = boat
            box.add_widget(row)
        for screener, screened in d.screen_options():
            row = make("TsuPlanRow", rgba=SIDE_RGBA[e.formation(screener).side])
            row.ids.what.text = f"[b]{screener}[/b] may screen {screened} (-2 to fire both ways)"
            row.ids.target.text = f"Screen {screened}"
            row.ids.target.bind(
                on_release=lambda _b, a=screener, b=screened: desk().screen_formation(a, b))
            row.ids.drop.opacity, row.ids.drop.disabled = 0, True
            row.screen = (screener, screened)
            box.add_widget(row)
        if not d.plan:
            box.add_widget(Factory.TsuText(text="No ship has a target in reach."))
        for i, o in enumerate(d.plan):
            firer = e.ship(o.firer)
            gun = firer.counter.gun(o.weapon) if o.weapon != "torpedo" else None
            rng = range_between(e.formation_of(o.firer).column, e.formation_of(o.target).column)
            row = make("TsuPlanRow", rgba=SIDE_RGBA[firer.side])
            row.ids.what.text = f"[b]{o.firer}[/b] {o.weapon} {gun or ''}"
            row.ids.target.text = f"at {o.target} (range {rng})"
            row.ids.target.bind(on_release=lambda _b, n=i: desk().retarget(n))
            row.ids.drop.bind(on_release=lambda _b, n=i: desk().drop_order(n))
            if o.weapon == "torpedo":  # the boat's salvos shared among its targets
                row.counted = True
                row.ids.count.text = d.torpedo_count_label(i)
                row.ids.count.bind(on_release=lambda _b, n=i: desk().cycle_torpedo_salvos(n))
            box.add_widget(row)

    # ---------------------------------------------------------------- declared fire
    def _declared(self, d: Any, box: Any) -> None:
        e = d.engagement
        self._fire_rows = []
        for i, dec in enumerate(e.declared):
            s = dec.shot
            firer = e.ship(s.firer)
            row = make("TsuFireRow", rgba=SIDE_RGBA[firer.side])
            salvos = f"{s.salvos} salvo{'s' if s.salvos != 1 else ''}"
            row.ids.head.text = (f"[b]{i + 1}. {s.firer} {s.weapon} -> {s.target}[/b]: {salvos},"
                                 f" modifier {s.total_modifier:+d}")
            if s.weapon == "torpedo":
                how = "torpedo attack: " + (", ".join(f"{k} {v:+d}" for k, v in s.modifiers)
                                            or "same column")
            else:
                rng = s.factor - s.effective
                how = (f"gun {s.factor} - range {rng} = effective {s.effective}; "
                       + ", ".join(f"{k} {v:+d}" for k, v in s.modifiers))
            row.ids.how.text = how
            row.ids.odds.text = "Each salvo: " + odds_text(s.odds)
            row.ids.series.text = series_text(s.series_odds, s.salvos)
            row.ids.roll.bind(on_release=lambda _b, n=i: desk().roll(n))
            row.ids.enter.bind(on_release=lambda _b, n=i: self.enter_dice(n))
            row.index = i
            self._fire_rows.append(row)
            box.add_widget(row)
        self._pending_label = Factory.TsuText(color=(1, 0.85, 0.4, 1))
        box.add_widget(self._pending_label)
        self._show_rolls(d)

    def _show_rolls(self, d: Any) -> None:
        """The dice and results of each declared fire, and the hits pending."""
        e = d.engagement
        for i, (row, dec) in enumerate(zip(self._fire_rows, e.declared, strict=True)):
            if dec.rolls is None:
                continue
            faces = d.faces.get(i)
            rolled = (", ".join(f"{g}+{b}={g + b}" for g, b in faces) if faces
                      else ", ".join(map(str, dec.rolls)))
            worst = max(dec.results, key=lambda r: r.hits)
            row.ids.result.text = (
                f"[b]Rolled {rolled} -> {', '.join(r.phrase for r in dec.results)}[/b]"
                f" ({d.dice_source.get(i, 'entered')} dice)")
            row.ids.result.color = RESULT_RGBA[worst]
            row.ids.buttons.opacity = 0
            row.ids.buttons.disabled = True
            row.ids.buttons.width = 0
        lines = []
        for ident, n in d.pending().items():
            after = e.ship(ident).with_hits(n)
            lines.append(f"{ident} +{n}: {after.status()}")
        self._pending_label.text = (
            "[b]At the end of the round (all at once):[/b] " + "; ".join(lines) if lines else "")
        if self._last_label is not None:
            self._show_last(d)

    def enter_dice(self, index: int) -> TsuDiceEntry:
        d = desk()
        dec = d.engagement.declared[index]
        labels = []
        for n in range(1, dec.shot.salvos + 1):
            labels += [f"salvo {n}, first die", f"salvo {n}, second die"]
        popup = TsuDiceEntry(
            title=f"{dec.order.firer} {dec.order.weapon} at {dec.order.target}: "
                  f"enter the two dice of each salvo",
            labels=labels,
        )
        popup.on_done = lambda faces: d.enter(
            index, [(faces[k], faces[k + 1]) for k in range(0, len(faces), 2)])
        popup.open()
        return popup

    def finish(self) -> None:
        if desk().finish_battle():
            self.go("tsushima-fleets")

    def fleets(self) -> None:
        self.go("tsushima-fleets")

