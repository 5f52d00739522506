"""What the advisor answers for one placement: the chance the ship survives the round
after it, exact or sampled with its 95% interval."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from companion.tsuro.actions import Place


@dataclass(frozen=True, slots=True)
class Advice:
    """One placement and the chance the ship survives the round after it."""

    place: Place
    survival: Fraction
    """Exact, or the mean of the sampled rounds' estimates."""
    error: float
    """Half-width of the 95% interval, as a probability; 0.0 when exact."""
    samples: int
    """Rounds sampled; 0 when exact."""

    @property
    def exact(self) -> bool:
        return self.samples == 0

    def describe(self) -> str:
        """One line, e.g. ``place r2c3 52167034: survives 97.2% (+/- 1.1, 95%, 180 rounds)``."""
        pct = f"{float(self.survival) * 100:.1f}%"
        how = "exact" if self.exact else f"+/- {self.error * 100:.1f}, 95%, {self.samples} rounds"
        return f"{self.place.notation()}: survives {pct} ({how})"
