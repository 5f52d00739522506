"""The mixed looks of benchmarks/vision_mixes.py: drawn from the tuning looks' parts only,
never from held-out's, within the ranges the brief of issue 9 sets."""

from __future__ import annotations

import dataclasses

import numpy as np
from vision_helpers import mixes_module

from vision import looks


def test_mixes_take_nothing_of_held_out_and_keep_to_their_ranges() -> None:
    vm = mixes_module()
    held = looks.spec(looks.HELD_OUT)
    held_values = {v for f in dataclasses.fields(held) if f.name != "name"
                   for v in [getattr(held, f.name)] if isinstance(v, tuple)}
    rng = np.random.default_rng(5)
    for k in range(60):
        mix = vm.mix(rng, f"mix-test-{k}")
        assert mix.texture in ("mottle", "water") and mix.board in (
            "plain", "phoenix", "waves", "reeds")
        assert 0.024 <= mix.path_width <= 0.06 and 0.4 <= mix.path_alpha <= 0.85
        assert 0.2 <= mix.bend <= 0.6 and 0.0 <= mix.wobble <= 0.015
        assert 0.0 <= mix.bridges <= 1.0 and 0.0 <= mix.glow <= 0.25
        assert 0.94 <= mix.size <= 0.965 and mix.style is None
        colours = {mix.tile, mix.path, mix.edge, mix.kaiju, mix.kaiju_body, mix.board_colour,
                   mix.grid, mix.frame}
        assert not colours & held_values
        # the paths show on the tiles at least as in the faintest tuning look, near enough
        assert abs(np.mean(mix.path) - np.mean(mix.tile)) * mix.path_alpha >= vm._CONTRAST


def test_thin_mixes_take_nothing_of_held_out_and_keep_to_thin_paths() -> None:
    vm = mixes_module()
    held = looks.spec(looks.HELD_OUT)
    specs = vm.mixes(3, 40, thin=True)
    assert [s.name for s in specs[:2]] == ["thin-3-0", "thin-3-1"]
    assert specs == vm.mixes(3, 40, vm.MIXABLE, thin=True)  # any mixable art by default
    for mix in specs:
        assert mix.texture != held.texture and mix.board != held.board
        assert mix.board in vm.MIXABLE
        assert 0.024 <= mix.path_width <= 0.032 and 0.4 <= mix.path_alpha <= 0.6
        assert 0.2 <= mix.bend <= 0.45 and mix.glow == 0.0
        assert abs(np.mean(mix.path) - np.mean(mix.tile)) * mix.path_alpha >= vm._CONTRAST
