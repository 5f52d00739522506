"""The taught read's seventh round of cuts (issue 9) gives the same answers: the taught calls
of a read's squares are worked out together (:func:`vision.read_taught_call.taught_calls`)
and are, square by square and field by field, the calls :func:`taught_call` makes one square
at a time: on full reads and re-reads of several looks, taught on the same look and on
another, with and without legal moves asked about."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from vision_helpers import LOOKS, read_frames, tile_laid

from vision import read_taught_call, recognise
from vision.read_decide import Call
from vision.templates import TemplateSet


def _one_by_one(args: tuple[Any, ...]) -> list[Call]:
    model, th, pieces, own, detail, idx, legal = args
    return [read_taught_call.taught_call(model, th, pieces[k], float(own[k]), float(detail[k]),
                                         int(i), legal[k]) for k, i in enumerate(idx)]


@pytest.mark.parametrize("look", LOOKS)
def test_every_square_is_called_as_one_by_one(look: str, profiles: dict[str, TemplateSet],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[Any, ...]] = []
    original = read_taught_call.taught_calls

    def grab(*args: Any) -> list[Call]:
        asked.append(args)
        return original(*args)

    monkeypatch.setattr(recognise, "taught_calls", grab)
    other = LOOKS[(LOOKS.index(look) + 1) % len(LOOKS)]
    frames = [f for seed, hand in ((3, False), (8, True)) for f in tile_laid(look, seed, hand)]
    for templates in (profiles[look], profiles[other]):
        read_frames(templates, frames)
    assert len(asked) >= 4
    together = plain = one = 0
    for args in asked:
        model, th, pieces, own, detail, idx, legal = args
        # and once more with legal moves asked about on every other square (the tiles the
        # taught looks name first there, and one they do not)
        names = list(model.names)
        legal_too = [None if k % 2 else {names[int(np.argmax(pieces[k]))], names[k % len(names)]}
                     for k in range(len(idx))]
        for ask in (legal, legal_too):
            case = (model, th, pieces, own, detail, idx, ask)
            got, want = original(*case), _one_by_one(case)
            assert got == want, [(int(idx[k]), a, b) for k, (a, b)
                                 in enumerate(zip(got, want, strict=True)) if a != b]
            free = np.array([not lg for lg in ask], bool)
            art = (model.empty_detail[idx] >= 0) & ~model.plain()[idx]
            together += int((free & art).sum())
            plain += int((free & ~art).sum())
            one += int((~free).sum())
    # every way of calling was exercised: bare squares with art called together, plain ones
    # (curved's board is plain, as taught there) with their picks worked out together,
    # squares with legal moves one by one
    assert together + plain >= 30 and one >= 30, (together, plain, one)
    assert plain >= 30 or look != "curved", plain
