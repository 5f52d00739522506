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


def test_mixes_of_a_texture_named_draw_it_and_the_rest_as_before() -> None:
    vm = mixes_module()
    assert looks.spec(looks.HELD_OUT).texture not in vm.TEXTURES
    for thin in (False, True):
        plain = vm.mixes(2, 6, thin=thin)
        grained = vm.mixes(2, 6, thin=thin, textures=("fibre",))
        assert {s.texture for s in grained} == {"fibre"}
        assert {s.texture for s in plain} <= {"mottle", "water"}
        # the texture alone differs: the same colours, paths and board art
        assert [dataclasses.replace(s, texture="fibre") for s in plain] == grained


def test_a_fibre_tile_is_grained_one_way() -> None:
    # fine streaks along one direction: the texture changes much faster across the grain
    # than along it, and each tile's grain runs its own way
    from vision.look_pieces import LookSpec, _texture
    spec = LookSpec("fibre-test", texture="fibre", tile=(120.0, 120.0, 120.0))
    ways = []
    for seed in range(6):
        img = _texture(spec, np.random.default_rng(seed), 96, spec.tile).mean(axis=2)
        gy, gx = np.gradient(img)
        structure = np.array([[np.mean(gx * gx), np.mean(gx * gy)],
                              [np.mean(gx * gy), np.mean(gy * gy)]])
        low, high = np.linalg.eigvalsh(structure)
        assert high > 3 * low
        ways.append(np.linalg.eigh(structure)[1][:, 1])
    assert max(abs(float(np.dot(ways[0], w))) for w in ways[1:]) < 0.99
