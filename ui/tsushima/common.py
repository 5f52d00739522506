"""What the Tsushima screens share: the desk they show, the provisional-data banner, and
the wording of odds and ship states (presentation only; the numbers come from the rules)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen

from companion.tsushima import Result, Ship, Side

JAPAN_RGBA = [0.62, 0.13, 0.13, 1]
RUSSIA_RGBA = [0.14, 0.28, 0.62, 1]
SIDE_RGBA = {Side.JAPAN: JAPAN_RGBA, Side.RUSSIA: RUSSIA_RGBA}
RESULT_RGBA = {
    Result.NO_EFFECT: [0.75, 0.75, 0.75, 1],
    Result.ONE_HIT: [1, 0.8, 0.3, 1],
    Result.TWO_HITS: [1, 0.55, 0.2, 1],
    Result.SUNK: [1, 0.35, 0.35, 1],
}


def make(name: str, **props: Any) -> Any:
    """A widget of a kv dynamic class, with its kv-declared properties set after the rules
    have created them (they cannot be passed to the constructor)."""
    widget = getattr(Factory, name)()
    for key, value in props.items():
        setattr(widget, key, value)
    return widget


def desk() -> Any:
    return App.get_running_app().tsushima


def u(v: float) -> float:
    app = App.get_running_app()
    return v * (app.u if app else 1)


def pct(p: Fraction) -> str:
    """A chance as players read it, exact fraction after: ``42% (5/12)``."""
    if p == 0:
        return "0%"
    if p == 1:
        return "certain"
    value = float(p) * 100
    shown = f"{value:.0f}%" if value >= 1 else f"{value:.1f}%"
    return f"{shown} ({p.numerator}/{p.denominator})"


def odds_text(odds: Mapping[Result, Fraction]) -> str:
    return " · ".join(f"{r.phrase} {pct(p)}" for r, p in odds.items() if p)


def series_text(series: Mapping[int, Fraction], salvos: int) -> str:
    parts = []
    for n, p in series.items():
        if p:
            label = "sunk" if n >= 3 else f"{n} hit" + ("s" if n != 1 else "")
            parts.append(f"{label} {float(p):.0%}")
    return f"all {salvos} salvos: " + ", ".join(parts) if salvos > 1 else ""


def hits_marks(ship: Ship) -> str:
    if ship.sunk:
        return "SUNK"
    return "X" * ship.hits


def short_banner(warnings: list[str]) -> str:
    """One line naming what is provisional; the full texts are a touch away."""
    if not warnings:
        return ""
    names = []
    for w in warnings:
        if "Gunfire Table" in w and "Gunfire Table" not in names:
            names.append("Gunfire Table")
        elif "Torpedo Table" in w and "Torpedo Table" not in names:
            names.append("Torpedo Table")
        elif w.startswith("Gun factors"):
            names.append("gun factors")
        elif "zone" in w:
            names.append("zone chain")
        elif w not in names:
            names.append(w.split(":")[0][:40])
    return ("PROVISIONAL: " + ", ".join(names) + " not yet confirmed from the printed game;"
            " results may differ. Touch for details.")


class DeskScreen(Screen):
    """A Tsushima screen: ``update`` (called by the app with its table controller, which is
    not ours) redraws from the desk."""

    banner = StringProperty("")
    message = StringProperty("")
    refused = StringProperty("")
    results = StringProperty("")
    clock_line = StringProperty("")

    def update(self, _c: Any = None, **_kw: Any) -> None:
        d = desk()
        self.banner = short_banner(d.warnings)
        self.refused = d.message if d.refused else ""
        self.message = "" if d.refused else d.message
        self.results = "\n".join(d.results)
        title = d.scenario.title.removeprefix("The Battle of ").removeprefix("The ")
        self.clock_line = f"{title} · {d.fleet.time.describe()}" if d.fleet else title
        self.refresh(d)
        from .map_file import ask_if_needed  # the pop-up's module draws on this one

        ask_if_needed(d)

    def refresh(self, d: Any) -> None:  # pragma: no cover - each screen draws its own
        pass

    def show_warnings(self) -> None:
        popup = Factory.TsuWarnings()
        popup.text = "\n\n".join(desk().warnings)
        popup.open()

    @staticmethod
    def go(name: str) -> None:
        App.get_running_app().show(name)
