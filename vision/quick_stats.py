"""numpy's medians, percentiles and short-axis reductions, the same values for a fraction
of the cost.

A read of a board takes some forty medians of a few dozen values; numpy's own spends about
twenty microseconds on each in checks and dispatch (its partition takes two). This one takes
the same partition (the same ``kth``, so the same values picked, zeros' signs and all) and
the same mean of the middle one or two, in the same type: the same answer bit for bit
(tests/vision/test_vision_speed_exact_stats.py). Likewise a mean or maximum over a last
axis of two to five values, which numpy reduces several times slower than it adds slices.
"""

from __future__ import annotations

from typing import Any

import numpy as np

_KINDS = "fiu"  # floats and integers; anything else goes to numpy


def median(values: Any, axis: int | None = None) -> Any:
    """``np.median(values, axis=axis)``, NaNs and all (a NaN anywhere along the axis makes
    the median NaN)."""
    a = np.asarray(values)
    kind = a.dtype.kind
    if kind not in _KINDS or a.size == 0 or a.ndim == 0 or a.dtype.itemsize < 4:
        return np.median(a, axis=axis)
    size = a.size if axis is None else a.shape[axis]
    half = size // 2
    kth = [half - 1, half] if size % 2 == 0 else [half]
    if kind == "f":
        kth.append(-1)  # the NaN check, as numpy partitions for it
    part = np.partition(a, kth, axis=axis)
    lead: tuple[slice, ...] = () if axis is None else (slice(None),) * (axis % a.ndim)
    scalar = part.ndim == 1  # one median: a numpy scalar, as numpy's

    def at(i: int) -> Any:
        got = part[(*lead, i)]  # type: ignore[arg-type]  # (slices and an index)
        if kind == "f":
            return got
        return np.float64(got) if scalar else got.astype(np.float64)

    # the mean of the middle one or two in their type, as numpy's (halving is exact)
    result = (at(half - 1) + at(half)) / 2 if size % 2 == 0 else at(half)
    if kind == "f":
        last = part[(*lead, -1)]  # type: ignore[arg-type]
        nan = last != last
        if scalar:
            return last if nan else result
        if nan.any():
            return np.where(nan, last, result)
    return result


def percentile(values: Any, q: float) -> Any:
    """``np.percentile(values, q)`` over all the values, for a plain number ``q`` (the
    linear method: between the two order statistics round ``(n - 1) q / 100``, in the
    values' type, as numpy weighs them)."""
    a = np.asarray(values)
    if (a.dtype.kind != "f" or a.dtype.itemsize < 4 or a.size == 0
            or type(q) not in (int, float) or not 0 <= q <= 100):
        return np.percentile(a, q)
    flat = a.ravel()
    n = flat.size
    virtual = (n - 1) * np.true_divide(q, 100)
    below = float(np.floor(virtual))
    lo, hi = (-1, -1) if virtual >= n - 1 else (int(below), int(below) + 1)
    # numpy's kth: these, sorted, once each (np.unique's own cost is ten times the sort's)
    part = np.partition(flat, np.array(sorted({0, -1, lo, hi}), np.intp))
    last = part[-1]
    if last != last:  # a NaN among them
        return last
    t = float(virtual - below) if lo >= 0 else float(virtual - (n - 1))
    low, high = part[lo], part[hi]
    diff = high - low
    return high - diff * (1 - t) if t >= 0.5 else low + diff * t


def last_mean(a: np.ndarray) -> np.ndarray:
    """``a.mean(axis=-1)`` of a float array with a short last axis: numpy adds a short axis
    one value after another, so this is the same sum, and the same division."""
    total = a[..., 0].copy()
    for k in range(1, a.shape[-1]):
        total += a[..., k]
    return np.asarray(total / a.shape[-1])


def last_max(a: np.ndarray) -> np.ndarray:
    """``a.max(axis=-1)`` over a short last axis, slice by slice."""
    out = a[..., 0].copy()
    for k in range(1, a.shape[-1]):
        np.maximum(out, a[..., k], out=out)
    return np.asarray(out)
