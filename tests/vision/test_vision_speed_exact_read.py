"""A read cut down further (issue 9, speed) gives the same answers: the marker corners fitted
with contiguous maps and no stacks, the outline checks and the bits read with fewer numpy
calls, the line filter's brightness floor sought only when it can bind, the drawing's leads
worked out for all squares at once, and the small medians, percentiles and means of
vision.quick_stats and friends. Each fast way is checked against the slow way it replaced,
and a reader given every slow way back reads every square the same, confidence and all."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.core.board import GAME_BOARDS
from companion.tsuro.tiles import Tile
from vision import (
    features,
    full_bare,
    looks,
    marker_fit,
    markers,
    paths_bare_look,
    read_decide,
    read_drawn,
    read_features,
    read_lines,
    read_paths,
    read_plain,
    read_rim,
    recognise,
)
from vision.marker_fit import _NEXT, _STEPS, _TS, PREV
from vision.markers import _CELL, MarkerDetector
from vision.profile import load_templates
from vision.read_decide import EMPTY, Call, confidence
from vision.recognise import BoardReader

TSURO = GAME_BOARDS["tsuro"]


def _photo(seed: int, look: str = "mottled") -> np.ndarray:
    truth = looks.random_position(np.random.default_rng(seed), 6, 6, "tsuro", 0.7)
    photo, _ = looks.board_photo(look, 6, 6, truth, seed=seed)
    return photo


# -- the slow ways, as they were ---------------------------------------------------------


def _slow_fit_round(grey: np.ndarray, q: np.ndarray) -> np.ndarray:
    m, a, b = len(q), q, q[:, _NEXT]
    d = b - a
    length = np.maximum(np.linalg.norm(d, axis=2), 1e-3)
    d = d / length[..., None]
    n = np.stack([-d[..., 1], d[..., 0]], axis=2)
    reach = np.clip(length.min(axis=1) / 8, 2.0, 5.0)
    offs = reach[:, None] * _STEPS[None, :]
    base = a[:, :, None, :] + _TS[None, None, :, None] * (b - a)[:, :, None, :]
    pts = base[:, :, :, None, :] + offs[:, None, None, :, None] * n[:, :, None, None, :]
    flat = pts.reshape(-1, len(_STEPS), 2)
    prof = cv2.remap(grey, flat[..., 0], flat[..., 1], cv2.INTER_LINEAR).astype(np.float32)
    grad = np.maximum(prof[:, :-1] - prof[:, 1:], 0.0)
    j = np.clip(np.argmax(grad, axis=1), 1, grad.shape[1] - 2)
    rows = np.arange(len(grad))
    g0, g1, g2 = grad[rows, j - 1], grad[rows, j], grad[rows, j + 1]
    denom = g0 - 2 * g1 + g2
    flat_top = np.abs(denom) > 1e-6
    safe = np.where(flat_top, denom, 1.0)
    sub = np.clip(np.where(flat_top, 0.5 * (g0 - g2) / safe, 0.0), -0.5, 0.5)
    frac = (j + 0.5 + sub) / (len(_STEPS) - 1)
    t = (-1.0 + 2.0 * frac).reshape(m, 4, len(_TS)) * reach[:, None, None]
    edge = base + t[..., None] * n[:, :, None, :]
    g1 = g1.reshape(m, 4, len(_TS))
    w = (g1 > 0.4 * g1.max(axis=2, keepdims=True)).astype(np.float32)
    wsum = np.maximum(w.sum(axis=2), 1e-6)
    c = (edge * w[..., None]).sum(axis=2) / wsum[..., None]
    e = (edge - c[:, :, None, :]) * np.sqrt(w)[..., None]
    ex, ey = e[..., 0], e[..., 1]
    theta = 0.5 * np.arctan2(2 * (ex * ey).sum(axis=2), (ex ** 2).sum(axis=2)
                             - (ey ** 2).sum(axis=2))
    v = np.stack([np.cos(theta), np.sin(theta)], axis=2)
    p1, r1 = c[:, PREV], v[:, PREV]
    den = r1[..., 0] * v[..., 1] - r1[..., 1] * v[..., 0]
    diff = c - p1
    tt = (diff[..., 0] * v[..., 1] - diff[..., 1] * v[..., 0]) / np.where(
        np.abs(den) > 1e-9, den, np.nan)
    out = p1 + tt[..., None] * r1
    out[(wsum < 4).any(axis=1)] = np.nan
    return np.asarray(out, np.float32)


def _slow_uneven(corners: list[list[int]]) -> bool:
    c = np.asarray(corners, np.float32)
    sides = np.linalg.norm(c - c[PREV], axis=1)
    return bool(sides.min() < 0.5 * sides.max())


def _slow_cells(bw: np.ndarray) -> tuple[np.ndarray, int]:
    cells = bw.reshape(6, _CELL, 6, _CELL)[:, 1:3, :, 1:3].sum(axis=(1, 3)) > 2
    ring = np.concatenate([cells[0], cells[5], cells[1:5, 0], cells[1:5, 5]])
    return cells, int(ring.sum())


def _slow_floor(grey_top: np.ndarray) -> float:
    """The line filter's floor on the spread, as it was worked out (both terms, numpy's)."""
    g = cv2.GaussianBlur(grey_top.astype(np.float32), (0, 0), read_lines.HESSIAN)
    dxx = cv2.Sobel(g, cv2.CV_32F, 2, 0, ksize=3, scale=-1)
    dyy = cv2.Sobel(g, cv2.CV_32F, 0, 2, ksize=3, scale=-1)
    h, w = g.shape
    small = cv2.resize(cv2.magnitude(dxx, dyy) ** 2, (max(1, w // 8), max(1, h // 8)),
                       interpolation=cv2.INTER_AREA)
    small = np.sqrt(cv2.GaussianBlur(small, (0, 0), read_lines.PX / 24))
    return max(0.5 * float(np.percentile(small, 75)),
               read_lines.FLOOR * float(np.median(g[::4, ::4])))


def _slow_drawn_calls(raw: np.ndarray) -> list[Call]:
    templates = read_drawn.builtin()
    vecs, contrast = features.normalise(raw)
    sims = vecs @ templates.vectors.T
    order = np.argsort(-sims, axis=1)
    dist = read_drawn._distances()
    out = []
    for k in range(len(raw)):
        ratio = float(contrast[k]) / templates.empty_contrast
        if ratio < 1.0 / read_drawn.EMPTY_BAND:
            out.append(Call(EMPTY, min(0.99, 0.5 + 0.5 * float(np.log(1 / ratio) / np.log(4))),
                            9.0))
            continue
        if ratio < read_drawn.EMPTY_BAND:
            out.append(Call(None, 0.3))
            continue
        best = int(order[k, 0])
        first = float(sims[k, best])
        lead = (first - sims[k]) / dist[best]
        lead[best] = np.inf
        ok = float(lead.min()) / read_drawn.MARGIN
        conf = confidence(first, ok, read_drawn.LEAST)
        if first < read_drawn.LEAST or ok < 1.0:
            out.append(Call(None, min(conf, 0.49), ok, templates.labels[best]))
        else:
            out.append(Call(templates.labels[best], conf, ok,
                            templates.labels[int(order[k, 1])]))
    return out


def _slow_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every fast way of this round swapped back for numpy's and OpenCV's own."""
    def area(top: np.ndarray, rows: int, cols: int) -> np.ndarray:
        return np.asarray(cv2.resize(top, (cols, rows), interpolation=cv2.INTER_AREA))

    def windows(img: np.ndarray, k: int) -> np.ndarray:
        return np.lib.stride_tricks.sliding_window_view(img, (k, k))

    swaps: list[tuple[object, str, Callable[..., object]]] = [
        (marker_fit, "_fit_round", _slow_fit_round),
        (markers, "_centre", lambda q: q.mean(axis=0)),
        (markers, "_span", lambda d: float(np.abs(d).max())),
        (markers, "_uneven", _slow_uneven),
        (read_rim, "last_mean", lambda a: a.mean(axis=-1)),
        (read_paths, "last_mean", lambda a: a.mean(axis=-1)),
        (read_paths, "last_max", lambda a: a.max(axis=-1)),
        (read_features, "square_means", area),
        (read_features, "windows", windows),
        (read_paths, "windows", windows),
        (read_decide, "_tile", Tile.parse),
        (features, "_top_to_grid", lambda px: np.linalg.inv(features.grid_to_top(px))),
        (recognise, "drawn_calls", _slow_drawn_calls),
    ]
    for module in (read_paths, read_lines, full_bare, read_features, read_plain, read_decide,
                   paths_bare_look):
        swaps.append((module, "median", np.median))
    for module in (read_lines, full_bare):
        swaps.append((module, "percentile", np.percentile))
    for where, name, slow in swaps:
        monkeypatch.setattr(where, name, slow)


# -- the checks ---------------------------------------------------------------------------


def test_the_corner_fit_is_that_of_the_slow_sums() -> None:
    """Markers of several sizes, their corners off by up to two pixels each way."""
    rng = np.random.default_rng(8)
    for side in (24, 40, 70):
        pad = side // 2
        img = np.full((side + 2 * pad, side + 2 * pad), 255, np.uint8)
        img[pad:pad + side, pad:pad + side] = markers.marker_image(2, side)
        img = cv2.GaussianBlur(img, (0, 0), 1.2)
        true = np.array([[pad, pad], [pad + side, pad], [pad + side, pad + side],
                         [pad, pad + side]], np.float32)
        for _ in range(20):
            quads = (true + rng.uniform(-2, 2, (3, 4, 2))).astype(np.float32)
            fast, slow = marker_fit._fit_round(img, quads), _slow_fit_round(img, quads)
            assert np.array_equal(fast, slow, equal_nan=True)


def test_the_outline_checks_are_those_of_numpy() -> None:
    rng = np.random.default_rng(9)
    for _ in range(3000):
        quad = rng.integers(0, 300, (4, 2))
        if rng.random() < 0.5:  # near squares, where the side test decides
            quad = np.array([[0, 0], [40, 0], [40, 40], [0, 40]]) + rng.integers(-12, 12, (4, 2))
        corners = quad.tolist()
        assert markers._uneven(corners) == _slow_uneven(corners)
        q = (quad / 0.5).astype(np.float32)
        assert np.array_equal(markers._centre(q), q.mean(axis=0))
        d = q[0] - q[2]
        assert markers._span(d) == float(np.abs(d).max())


def test_the_bits_are_read_as_by_the_slow_sums(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cells and the ring of every quad read on a photo, as the slow sums read them."""
    grey = cv2.cvtColor(_photo(3), cv2.COLOR_BGR2GRAY)
    seen: list[np.ndarray] = []
    real = cv2.threshold

    def kept(src: np.ndarray, *args: object) -> tuple[float, np.ndarray]:
        out = real(src, *args)  # type: ignore[call-overload]
        if src.shape == (6 * _CELL, 6 * _CELL):
            seen.append(out[1])
        return out  # type: ignore[no-any-return]

    monkeypatch.setattr(markers.cv2, "threshold", kept)
    assert len(MarkerDetector().detect(grey)) == 4
    assert seen
    for bw in seen:
        cells, ring = _slow_cells(bw)
        fast = (bw[1::_CELL, 1::_CELL] + bw[1::_CELL, 2::_CELL] + bw[2::_CELL, 1::_CELL]
                + bw[2::_CELL, 2::_CELL]) > 2
        assert np.array_equal(fast, cells)
        assert np.count_nonzero(fast) - np.count_nonzero(fast[1:5, 1:5]) == ring


@pytest.mark.parametrize("plain", [False, True])
def test_the_line_filters_floor_is_the_one_of_both_terms(plain: bool) -> None:
    """On a board (the spread binds: the median is not sought) and on a plain grey sheet
    (the brightness binds: it is), the filter is the one of the floor worked out whole."""
    pose, _ = BoardReader(TSURO)._pose(_photo(4))
    top = cv2.cvtColor(features.warp_top_down(_photo(4), pose.homography, 6, 6, 48),
                       cv2.COLOR_BGR2GRAY)
    if plain:
        noise = np.random.default_rng(1).normal(0, 0.4, top.shape)
        top = np.clip(150 + noise, 0, 255).astype(np.uint8)
    got = read_lines.line_response(top)
    floor = _slow_floor(top)
    g = cv2.GaussianBlur(top.astype(np.float32), (0, 0), read_lines.HESSIAN)
    spread_binds = floor > read_lines.FLOOR * float(np.median(g[::4, ::4]))
    assert spread_binds != plain
    # the planes, divided by the local spread under that floor
    dxx = cv2.Sobel(g, cv2.CV_32F, 2, 0, ksize=3, scale=-1)
    dyy = cv2.Sobel(g, cv2.CV_32F, 0, 2, ksize=3, scale=-1)
    h, w = g.shape
    small = cv2.resize(cv2.magnitude(dxx, dyy) ** 2, (w // 8, h // 8),
                       interpolation=cv2.INTER_AREA)
    small = np.maximum(np.sqrt(cv2.GaussianBlur(small, (0, 0), read_lines.PX / 24)),
                       floor) + 0.5
    inverse = cv2.resize(1.0 / small, (w, h), interpolation=cv2.INTER_LINEAR)
    assert np.array_equal(got[0], dxx * inverse)


def test_the_drawings_calls_are_those_square_by_square() -> None:
    pose, _ = BoardReader(TSURO)._pose(_photo(5, "drawn"))
    top = features.warp_top_down(_photo(5, "drawn"), pose.homography, 6, 6, 48)
    raw = features.patches(cv2.cvtColor(top, cv2.COLOR_BGR2GRAY), 6, 6)
    assert read_drawn.drawn_calls(raw) == _slow_drawn_calls(raw)


def test_a_reader_given_the_slow_ways_back_reads_every_square_the_same(
        taught: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole boards, taught and built-in, a full read and a re-read: the same answer and the
    same confidence (unrounded) on every square, and the same homography."""
    templates = load_templates(taught)
    photos = [_photo(seed, look) for seed, look in ((61, "mottled"), (62, "seas"),
                                                    (63, "drawn"))]

    def readings() -> list[object]:
        out: list[object] = []
        for tpl in (templates, None):
            for p in photos:
                reader = BoardReader(TSURO, tpl, game="tsuro")
                for frame in (p, cv2.GaussianBlur(p, (3, 3), 0.6)):
                    got = reader.read(frame)
                    out.append({sq.name(): (r.to_json(), float(r.confidence))
                                for sq, r in got.squares.items()})
                    out.append(None if reader._frame is None else reader._frame[1].tolist())
        return out

    fast = readings()
    _slow_ways(monkeypatch)
    assert readings() == fast


def test_the_boards_place_scores_and_crops_are_those_of_the_slow_ways(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Bit for bit: the markers' corners, the path scores (bend voted) and the prepared view
    of three boards."""
    photos = [_photo(seed, look) for seed, look in ((64, "curved"), (65, "reeds"),
                                                    (66, "mottled"))]

    def worked_out() -> list[np.ndarray]:
        out: list[np.ndarray] = []
        for p in photos:
            grey = cv2.cvtColor(p, cv2.COLOR_BGR2GRAY)
            found = MarkerDetector().detect(grey)
            out += [found[i].corners for i in sorted(found)]
            pose, _ = BoardReader(TSURO)._pose(p)
            top = features.warp_top_down(p, pose.homography, 6, 6, 48)
            grey_top = cv2.cvtColor(top, cv2.COLOR_BGR2GRAY)
            paths = read_paths.score(grey_top, 6, 6)
            out += [paths.tile, paths.offsets, paths.rim, np.asarray(paths.bend)]
            prep = read_features.prepare(top, 6, 6, grey_top)
            out += [prep.detail, prep.colour, read_features.plainness(prep)]
        return out

    fast = worked_out()
    _slow_ways(monkeypatch)
    slow = worked_out()
    assert len(fast) == len(slow)
    for a, b in zip(fast, slow, strict=True):
        assert np.array_equal(a, b, equal_nan=True)
