"""Which stage of the built-in reader made each square's call: the stages
``vision.recognise`` runs (and the steps of ``vision.paths_decide.path_calls``) wrapped, each
call's label kept after every stage. For measuring scripts only (benchmarks/vision_mixes.py):
the wrappers hand on every argument and answer unchanged.

Stages in the order they run: ``pick`` (the paths' pairing, faint ends, the second look),
``whole`` (a tile drawn whole), ``bare`` (the bare checks), ``twins`` (near twins at 48 px),
``probe`` (near twins settled for the bend's vote), ``drawn`` (the project's drawing and
the daikaiju), ``frame`` (bare or a tile at the frame's scale), ``thin`` (near twins on a
board of thin paths), ``colour`` (the tiles' colour gate), ``box`` (the inventory),
``box-twins`` and ``pairs`` (near twins settled with the box), ``late`` (the tiles drawn
whole, last) and ``self`` (the board taught to itself).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from vision import paths_decide, read_twins_later, recognise
from vision.read_decide import Call

Labels = dict[int, str | None]


class Trace:
    """The labels after each stage of the reads since :meth:`clear`."""

    def __init__(self) -> None:
        self.snaps: list[tuple[str, Labels]] = []
        self.idx = np.zeros(0, int)

    def clear(self) -> None:
        self.snaps = []

    def listed(self, stage: str, calls: Sequence[Call], idx: np.ndarray | None = None) -> None:
        where = self.idx if idx is None else idx
        self.snaps.append((stage, {int(where[k]): c.label for k, c in enumerate(calls)}))

    def by_position(self, stage: str, calls: Mapping[int, Call]) -> None:
        self.snaps.append((stage, {int(self.idx[k]): c.label for k, c in calls.items()}))

    def by_square(self, stage: str, calls: Mapping[int, Call]) -> None:
        self.snaps.append((stage, {int(i): c.label for i, c in calls.items()}))

    def maker(self, square: int) -> str:
        """The stage after which ``square`` last changed its label."""
        label: str | None = None
        made = "none"
        for stage, labels in self.snaps:
            if square in labels and (labels[square] != label or made == "none"):
                label, made = labels[square], stage
        return made


def install() -> Trace:
    """Wrap the stages (for this process) and return the trace they write to."""
    trace = Trace()

    def wrap(module: Any, name: str, after: Callable[..., None]) -> None:
        inner = getattr(module, name)

        def wrapped(*args: Any, **kwargs: Any) -> Any:
            out = inner(*args, **kwargs)
            after(out, *args)
            return out

        setattr(module, name, wrapped)

    inner_paths: Callable[..., list[Call]] = getattr(recognise, "path_calls")  # noqa: B009

    def path_calls(paths: Any, *args: Any, **kwargs: Any) -> list[Call]:
        trace.idx = np.asarray(paths.squares)
        return inner_paths(paths, *args, **kwargs)

    setattr(recognise, "path_calls", path_calls)  # noqa: B010
    wrap(paths_decide, "bare_candidates", lambda out, *a: trace.listed("pick", a[5]))
    wrap(paths_decide, "whole_tiles", lambda out, *a: trace.by_position("whole", out[0]))
    wrap(paths_decide, "bare_calls", lambda out, *a: trace.by_position("bare", out))
    wrap(paths_decide, "settle_twins", lambda out, *a: trace.listed("twins", out))
    wrap(read_twins_later, "for_probe", lambda out, *a: trace.listed("probe", out))
    inner_frame: Callable[..., list[Call]] = getattr(recognise, "frame_calls")  # noqa: B009

    def frame_calls(image: Any, hom: Any, top: Any, cols: int, idx: np.ndarray, paths: Any,
                    calls: list[Call]) -> list[Call]:
        trace.listed("drawn", calls, idx)
        out = inner_frame(image, hom, top, cols, idx, paths, calls)
        trace.listed("frame", out, idx)
        return out

    setattr(recognise, "frame_calls", frame_calls)  # noqa: B010
    wrap(recognise, "thin_twins", lambda out, *a: trace.listed("thin", out))
    wrap(recognise, "colour_gate", lambda out, *a: trace.by_square("colour", a[0]))
    wrap(recognise, "settle", lambda out, *a: trace.by_square("box", out))
    wrap(recognise, "box_twins", lambda out, *a: trace.by_square("box-twins", out))
    wrap(recognise, "settle_pairs", lambda out, *a: trace.by_square("pairs", out))
    wrap(recognise, "late_whole", lambda out, *a: trace.by_square("late", out[0]))
    wrap(recognise, "self_taught", lambda out, *a: trace.by_square("self", out))
    return trace

