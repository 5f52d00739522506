"""Reading the squares of a board from a camera frame (issue 9).

The frame is warped to a top-down grid. Every square is read by the built-in reader
(:mod:`vision.read_paths`: which of the eight rim points the paths join) and, with a taught
profile, first by the taught one (:mod:`vision.read_taught`: the owner's own pieces and each
square's own bare look, a small search over position). A look is called only when it is good
enough and clearly ahead of the next (:mod:`vision.read_decide`); with a taught profile the
taught reading leads and the path reader only joins in (:mod:`vision.read_combine`). Then
the box is respected (:mod:`vision.inventory`: in Tsuro every tile exists once), and squares
the taught reader left open are settled on both readers' evidence with the patterns the box
has no copy left of struck out.

With the game in mind, :meth:`BoardReader.read` takes what the companion knows and the legal
placements: squares that look as they did are not read again, legal placements are preferred,
and a new tile that fits no legal placement is reported as such.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import cv2
import numpy as np

from companion.core.board import BoardProfile, Square
from companion.tsuro.tiles import Tile

from . import read_paths
from .board_finder import FOUND, NOT_FOUND, BoardFinder, BoardPose
from .errors import BadImage, BoardNotFound
from .features import patches, warp_top_down
from .geometry import MarkerLayout
from .inventory import box_counts, settle
from .paths_decide import PATH_SETTLE, path_calls, shows_tile
from .paths_kaiju import daikaiju
from .read_again import Candidates, finer_look
from .read_combine import (
    JOINT_MARGIN,
    PATH_LABELS,
    agree,
    fits,
    is_tile,
    open_tile,
    own_line,
    second_opinion,
    taught_fits,
)
from .read_decide import (
    EMPTY,
    Call,
    Thresholds,
    confidence,
    odd_plain,
    pick,
    reading_of,
    tile_coloured,
)
from .read_drawn import drawn_calls
from .read_features import PX, Prepared, plainness, prepare
from .read_fine import View
from .read_taught import BARE_LIKE, Scored, TaughtModel
from .reading import (
    BoardReading,
    Content,
    Daikaiju,
    Observation,
    Piece,
    SquareReading,
    VetPiece,
)
from .taught_rescue import rescue
from .templates import TemplateSet, builtin
from .veterans import carried as vet_carried
from .veterans import in_play as vet_in_play
from .veterans import reader_for as vet_reader_for

__all__ = ["TAUGHT", "BoardReader", "Thresholds"]

TAUGHT = Thresholds()
"""Kept for callers of the first reader: one set of lines serves both readers now."""



class BoardReader:
    """Reads one board profile frame after frame; keeps what it saw last to re-read fast."""

    def __init__(
        self,
        profile: BoardProfile,
        templates: TemplateSet | None = None,
        layout: MarkerLayout | None = None,
        thresholds: Thresholds | None = None,
        ships: object | None = None,
        game: str | None = None,
        veterans: object | None = None,
        options: Collection[str] | None = None,
    ) -> None:
        self.profile = profile
        self.rows, self.cols = profile.rows, profile.cols
        self.templates = templates or builtin()
        model = self.templates.model
        self.model: TaughtModel | None = (
            model if model is not None and (model.rows, model.cols) == (self.rows, self.cols)
            else None)
        if self.model is not None and self.model.fine is not None:
            # the finer look's likenesses, once per profile (vision.read_fine.FineModel.warm)
            self.model.fine.warm()
        self.finder = BoardFinder(self.rows, self.cols, layout)
        self.thresholds = thresholds or Thresholds()
        self.ships = ships  # a vision.ships.ShipFinder, when ships are to be read
        # Veterans of the Seas' pieces (vision.veterans.Reader): the built-in looks for the
        # Seas, the owner's taught ones when given; never looked for in a game whose
        # ``options`` (its rule options, when known) leave the expansion out
        self.veterans = (None if options is not None and not vet_in_play(game, options)
                         else veterans if veterans is not None else vet_reader_for(game))
        # The box as evidence only when the game is named: a board photographed for a test
        # may hold what no box does.
        self.counts = box_counts(game) if game is not None else None
        self._squares = profile.squares()
        self._index = {sq: i for i, sq in enumerate(self._squares)}
        self._where: np.ndarray | None = None  # each path label's column among taught looks
        self._polarity = 0
        self._bend = read_paths.DEFAULT_BEND  # the board's bend of paths, found on full reads
        self._fits = True  # whether the taught looks fit the board (set by full reads)
        self._drawn_fits = False  # whether the built-in drawing fits it
        self._last_patches: np.ndarray | None = None
        self._last_reading: BoardReading | None = None
        self._last_pose: BoardPose | None = None
        self._marker_looks: dict[int, np.ndarray] = {}
        self._windows_pose: BoardPose | None = None  # the pose _windows were placed by
        self._windows: dict[tuple[int, ...], tuple[tuple[int, int, int, int], np.ndarray]] = {}
        # squares to settle on both readers' evidence and the box: their joint evidence
        self._open: dict[int, tuple[np.ndarray, frozenset[str]]] = {}
        self._candidates = Candidates()  # for the finer look at open squares
        self._evidence: dict[int, np.ndarray] = {}  # both readers' joint evidence, per square

    # -- the public entry points ------------------------------------------------------

    def read(
        self,
        frame: np.ndarray,
        known: Mapping[Square, Piece] | None = None,
        legal: Mapping[Square, Sequence[Tile]] | None = None,
    ) -> BoardReading:
        """Read the board in ``frame``.

        ``known`` is the board as the companion holds it (squares left out are read afresh);
        ``legal`` lists, per square, the oriented tiles a legal move may put there. Returns a
        :class:`BoardReading` whose ``status`` is ``not found`` when the markers were not
        seen; it never raises for a bad frame.
        """
        image = _image(frame)
        if image is None:
            return self._not_found("the frame is empty or not an image", 0)
        try:
            pose, _ = self._pose(image)
        except BoardNotFound as exc:
            self._last_patches = None
            return self._not_found(str(exc), len(self.finder.last_detections))
        top = warp_top_down(image, pose.homography, self.rows, self.cols, PX)
        grey = _small_grey(top)
        raw = patches(grey, self.rows, self.cols)
        changed = self._changed(raw)
        previous = self._last_reading
        reading = BoardReading(self.rows, self.cols, pose.markers, pose.status)
        # Read again: what changed (a hand that moved away changes its squares back), and what
        # was unclear last time where legal placements now help.
        todo = [i for i, sq in enumerate(self._squares)
                if changed[i] or previous is None
                or (previous.squares[sq].content is Content.UNKNOWN and legal is not None
                    and sq in legal)]
        todo_set = set(todo)
        carried = {sq: self._carried(sq, known, previous)
                   for i, sq in enumerate(self._squares) if i not in todo_set}
        legal_sets = {sq: {t.notation() for t in tiles} for sq, tiles in (legal or {}).items()}
        if todo:
            self._open, self._candidates, self._evidence = {}, Candidates(), {}
            calls = self._calls(top, grey, raw, np.array(todo), legal_sets)
            fixed = {self._index[sq]: _label(r) for sq, r in carried.items()
                     if r.content is Content.TILE}
            before = calls
            taught = self.model is not None and self._fits
            calls = settle(calls, self.counts, fixed, self._open, PATH_LABELS,
                           JOINT_MARGIN if taught else PATH_SETTLE)
            if self.model is not None and self.model.fine is not None and self._fits:
                # one finer view for both (a square's crop is band-passed once), cut from
                # the grey view already made
                view = View(grey, self.cols)
                calls = finer_look(self.model.fine, view, self.cols, self._candidates, before,
                                   calls, self.counts, fixed)
                # where both readers together and the finer look agree (vision.taught_rescue)
                calls = rescue(self.model.fine, view, self.cols, self._evidence, PATH_LABELS,
                               calls, self.counts, fixed)
            for i, call in calls.items():
                sq = self._squares[i]
                reading.squares[sq] = reading_of(call, legal_sets.get(sq) if legal else None)
        for sq in self._squares:
            if sq not in reading.squares:
                reading.squares[sq] = carried[sq]
        if self.veterans is not None:  # on a re-read, only where squares were read again
            self.veterans.amend(top, reading,  # type: ignore[attr-defined]
                                None if len(todo) == len(self._squares) else todo)
        if known is not None:
            reading.observations = self._observe(reading, known, legal)
        if self.ships is not None:
            reading.ships = self.ships.find(frame, pose.homography)  # type: ignore[attr-defined]
        self._last_patches = raw
        self._last_reading = reading
        return reading

    def forget(self) -> None:
        """Drop what was seen last: the next read reads every square."""
        self._last_patches = None
        self._last_reading = None

    # -- reading squares ------------------------------------------------------------------

    def _calls(self, top: np.ndarray, grey: np.ndarray, raw: np.ndarray, idx: np.ndarray,
               legal: Mapping[Square, set[str]],
               again: tuple[Prepared, np.ndarray, Scored, list[Call]] | None = None
               ) -> dict[int, Call]:
        """Every square of ``idx`` decided; ``again`` is what a first pass over the same view
        worked out (the crops, their plainness, the taught scores and calls), when the taught
        looks turned out not to fit the board and the paths are read again."""
        th = self.thresholds
        full = len(idx) >= 12
        # The board's bend of paths as taught (one edition prints all its tiles alike): a full
        # read need not vote on it again, unless the taught looks do not fit this board
        # (another edition's art). The polarity is still chosen here: on a bare board with
        # art, the taught one (the tiles' paths) shows the art's lines as path ends.
        bend = self._taught_bend()
        kept = self._polarity, self._bend
        paths = read_paths.score(grey, self.rows, self.cols, idx, self._polarity,
                                 bend if bend is not None and full else -1 if full else self._bend)
        if full:
            self._polarity, self._bend = paths.polarity, paths.bend
        if again is None:
            prep = prepare(top, self.rows, self.cols, grey)
            every = plainness(prep)  # the path reader compares every square's; worked out once
        else:
            prep, every = again[0], again[1]
        detail = every[idx]
        last = self._last_reading
        bare_before = None if last is None else np.array(
            [last.squares[sq].content is Content.EMPTY for sq in self._squares])
        built_in = path_calls(paths, prep.colour, [legal.get(self._squares[int(i)]) for i in idx],
                              bare_before, th, self.cols, every, top)
        if full and sum(is_tile(c) for c in built_in) < read_paths.PROBE // 3:
            # too few tiles to have voted: the bend and the paths' polarity were chosen on
            # noise (a bare board), and a re-read of the first tiles laid must not inherit them
            self._bend = bend if bend is not None else read_paths.DEFAULT_BEND
            self._polarity = 0
        # the paths call a square bare only in the board's colour, near no hand
        paths_bare = np.array([c.label == EMPTY for c in built_in])
        model = self.model
        taught, mine = None, []
        if model is not None:
            if (again is not None and again[2].offsets is not None
                    and np.array_equal(again[2].offsets, paths.offsets)):
                taught, mine = again[2], again[3]  # the tiles lie where they lay: the same
            else:
                taught = model.score(prep, idx, paths.offsets, detail)
                mine = [self._taught_call(model, taught.pieces[k], float(taught.empty[k]),
                                          float(detail[k]), int(i),
                                          legal.get(self._squares[int(i)]))
                        for k, i in enumerate(idx)]
            # Does what was taught fit this board at all (another edition's art does not)? It
            # fits when it names the tiles the paths name.
            self._fits = taught_fits(mine, built_in, len(idx), self._fits)
            if bend is not None and full and not self._fits:
                # read with another edition's bend: the paths vote on their own after all
                self._polarity, self._bend = kept
                return self._calls(top, grey, raw, idx, legal, (prep, every, taught, mine))
        if model is None or taught is None or not self._fits:
            # Pieces drawn as the project draws them: the drawing leads, as a taught set would.
            drawn = drawn_calls(raw[idx])
            self._drawn_fits = fits(drawn, built_in, len(idx), self._drawn_fits, 0.8)
            built_in = [daikaiju(d, paths, k,
                                 second_opinion(d, p, paths.tile[k], self._drawn_fits))
                        for k, (d, p) in enumerate(zip(drawn, built_in, strict=True))]
        calls = dict(zip((int(i) for i in idx), built_in, strict=True))
        if model is None or not self._fits:
            # A square whose path ends show a tile but whose pairing was not clear is settled
            # with the box in mind (a near twin may be used up elsewhere).
            for k, i in enumerate(idx):
                if calls[int(i)].twins and self.counts is None:
                    continue  # between near twins only the box may settle it
                if is_tile(calls[int(i)]) or (calls[int(i)].label is None and shows_tile(paths, k)):
                    self._open[int(i)] = (paths.tile[k] / th.path_margin,
                                          frozenset({PATH_LABELS[int(paths.tile[k].argmax())]}))
        if model is not None and taught is not None and self._fits:
            joint = self._joint(model, taught.pieces, paths.tile)
            self._evidence.update(zip((int(i) for i in idx), joint, strict=True))
            taught_names = set(model.names)
            for k, i in enumerate(idx):
                calls[int(i)] = agree(mine[k], built_in[k], paths.tile[k],
                                      float(paths.rim[k]), joint[k],
                                      bool(model.empty_detail[i] >= 0
                                           and not model.plain()[i]), th, taught_names)
                if is_tile(calls[int(i)]) or (
                        calls[int(i)].label is None
                        and open_tile(mine[k], paths.tile[k], float(paths.rim[k]), th)):
                    best = mine[k].label if mine[k].label is not None else mine[k].second
                    firsts = frozenset({best or "", PATH_LABELS[int(paths.tile[k].argmax())]})
                    self._open[int(i)] = (joint[k], firsts)
                if int(i) in self._open or (calls[int(i)].label is None
                                            and is_tile(Call(mine[k].second, 0.0))):
                    # the finer look may settle it (vision.read_again): its best candidates
                    self._candidates.add(int(i), model.names, taught.pieces[k], PATH_LABELS,
                                         joint[k])
        colour = prep.colour[idx]
        if model is None or not self._fits:
            self._colour_gate(calls, idx, colour)
        elif self._open:
            self._hand_gate(top, idx, calls)
        # A hand or a sheet of paper has no paths either: plain where the bare squares are
        # not, or plain but of another colour.
        bare = np.array([calls[int(i)].label == EMPTY for i in idx])
        if model is not None and self._fits:
            # A square with art was matched to its own bare look (a hand is not); among the
            # plain ones, one of another colour is odd.
            plain = bare & model.plain()[idx]
            odd = plain & odd_plain(colour, detail, plain, np.inf, glare=True)
        else:
            piece_line = float(np.median(detail[~bare])) if (~bare).any() else 1.0
            odd = odd_plain(colour, detail, bare, 0.35 * piece_line)
            if bare.any() and float(np.median(detail[bare])) >= th.plain:
                odd &= ~paths_bare  # on a board with art, plain parts of it are no hand
        for k in (int(x) for x in np.flatnonzero(odd)):
            calls[int(idx[k])] = Call(None, 0.2)
        return calls

    def _taught_bend(self) -> int | None:
        """The taught bend of paths, while the taught looks fit the board."""
        model = self.model
        return None if model is None or not self._fits else model.bend

    def _joint(self, model: TaughtModel, taught: np.ndarray, paths: np.ndarray) -> np.ndarray:
        """Both readers' evidence for every oriented tile, each in units of its own calling
        margin, added: (n, 105); a tile never taught counts its path evidence only."""
        th = self.thresholds
        if self._where is None:
            at = {lb: k for k, lb in enumerate(model.names)}
            self._where = np.array([at.get(lb, -1) for lb in PATH_LABELS])
        where = self._where
        mine = np.where(where >= 0, taught[:, np.maximum(where, 0)], 0.0)
        return np.asarray(mine / th.margin + paths / th.path_margin)

    def _hand_gate(self, top: np.ndarray, idx: np.ndarray, calls: dict[int, Call]) -> None:
        """Squares left open are settled on evidence alone only when every quarter of them
        has the colour of the tiles read surely: a hand or a sleeve over part of a square
        shows stray lines, not a tile, and its colour is not a tile's."""
        if top.ndim != 3 or all(is_tile(calls[i]) for i in self._open):
            return  # only squares not called a tile are ever let go below
        quarters = cv2.resize(top, (self.cols * 2, self.rows * 2), interpolation=cv2.INTER_AREA)
        q = np.asarray(quarters, np.float32).reshape(self.rows, 2, self.cols, 2, 3)
        q = q.transpose(0, 2, 1, 3, 4).reshape(self.rows * self.cols * 4, 3)
        sure = np.zeros(self.rows * self.cols, bool)
        last = self._last_reading
        if last is not None:  # a re-read: the tiles read before count too
            sure[:] = [last.squares[sq].content is Content.TILE for sq in self._squares]
        for i in idx:
            sure[int(i)] = is_tile(calls[int(i)]) and calls[int(i)].lead >= 2.0
        sure4 = np.repeat(sure, 4)
        if sure4.sum() < 16:
            like = np.zeros(len(q), bool)
        else:
            chroma = q / (q.sum(axis=1, keepdims=True) + 1.0)
            dist = np.abs(chroma - np.median(chroma[sure4], axis=0)).max(axis=1)
            # the farthest a surely read tile's quarter strays, with room to spare
            like = dist < max(1.5 * float(np.percentile(dist[sure4], 99)), 0.03)
        for i in list(self._open):
            if not is_tile(calls[i]) and not bool(like[4 * i:4 * i + 4].all()):
                del self._open[i]

    def _colour_gate(self, calls: dict[int, Call], idx: np.ndarray, colour: np.ndarray) -> None:
        """Read without teaching, a tile must have the colour of the tiles read surely: board
        art can look like paths."""
        sure = np.array([is_tile(calls[int(i)]) and calls[int(i)].lead >= 2.0 for i in idx])
        like = tile_coloured(colour, sure)
        if like is None:
            return
        for k, i in enumerate(idx):
            call = calls[int(i)]
            if is_tile(call) and not like[k]:
                calls[int(i)] = Call(None, 0.3)

    def _taught_call(self, model: TaughtModel, pieces: np.ndarray, own: float, detail: float,
                     i: int, legal: set[str] | None) -> Call:
        """The taught reading of square ``i``."""
        th = self.thresholds
        labels = list(model.names)
        bare_detail = float(model.empty_detail[i])
        distance = model.distance
        if bare_detail >= 0 and not bool(model.plain()[i]):
            labels.append(EMPTY)
            scores = np.append(pieces, own)
            distance = model.with_empty()
        else:
            scores = pieces
            # A plain bare square: its correlation means nothing; its plainness does, unless
            # a piece is plain there too and clearly matched.
            ref = bare_detail if bare_detail >= 0 else _median_plain(model)
            if bare_detail >= 0 and own >= BARE_LIKE and own - float(pieces.max()) >= 2 * th.margin:
                # faint art, but its own: no taught piece looks this much like the bare square
                # it lay on (teaching refuses one that does)
                return Call(EMPTY, confidence(own, (own - float(pieces.max())) / th.margin,
                                              BARE_LIKE), 9.0)
            if ref is not None:
                call = own_line(model, pick(labels, scores, model.least, th.margin, legal,
                                             th.legal_margin, distance), scores, labels)
                line = float(np.sqrt(max(ref, 0.003) * model.piece_detail))
                if call.label is not None and detail >= line / 2:
                    return call
                if detail < line / 1.3:
                    return Call(EMPTY, confidence(np.log(line / max(detail, 1e-4)), 2.0, 0.26),
                                9.0)
                if detail < line * 1.3:  # the best look kept for the finer look
                    return Call(None, 0.3, 0.0, call.label or call.second)
        call = pick(labels, scores, model.least, th.margin, legal, th.legal_margin, distance)
        return own_line(model, call, scores, labels)

    # -- finding the board, fast when nothing moved ------------------------------------

    def _pose(self, image: np.ndarray) -> tuple[BoardPose, np.ndarray | None]:
        """The board's place, and the grey frame if the markers had to be searched for."""
        last = self._last_pose
        if last is not None and self._markers_unmoved(image, last):
            return last, None
        grey = _small_grey(image)
        pose = self.finder.find(grey)
        if pose.status == FOUND:
            self._remember_markers(grey, pose)
        self._last_pose = pose if pose.status == FOUND else self._last_pose
        return pose, grey

    def _marker_patch(self, grey: np.ndarray, pose: BoardPose, marker_id: int) -> np.ndarray:
        s = 16
        (x0, y0, x1, y1), warp = self._marker_window(pose, marker_id, grey.shape[:2])
        patch = cv2.warpPerspective(grey[y0:y1, x0:x1], warp, (s, s),
                                    flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                    borderMode=cv2.BORDER_REPLICATE)
        v = _small_grey(patch).astype(np.float32).ravel()
        v -= v.mean()
        return v / max(float(np.linalg.norm(v)), 1e-6)

    def _marker_window(self, pose: BoardPose, marker_id: int, shape: tuple[int, ...]
                       ) -> tuple[tuple[int, int, int, int], np.ndarray]:
        """The part of the frame (x0, y0, x1, y1) holding a marker where ``pose`` puts it,
        and the warp from there to its 16 x 16 look; kept for the pose (every re-read checks
        the same places)."""
        if self._windows_pose is not pose:
            self._windows_pose, self._windows = pose, {}
        key = (marker_id, *shape)
        if key not in self._windows:
            corners = self.finder.layout.array(marker_id).astype(np.float64)
            s = 16
            box = np.array([[0, 0], [s, 0], [s, s], [0, s]], np.float64)
            to_grid = cv2.getPerspectiveTransform(box.astype(np.float32),
                                                  corners.astype(np.float32))
            m = pose.homography @ to_grid
            # Only the marker's part of the frame: warping reads far fewer pixels.
            at = cv2.perspectiveTransform(box[None], m)[0]
            h, w = shape[:2]
            x0, y0 = (max(0, int(v) - 2) for v in at.min(axis=0))
            x1, y1 = (int(v) + 3 for v in at.max(axis=0))
            x1, y1 = min(w, max(x1, x0 + 1)), min(h, max(y1, y0 + 1))
            shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64)
            self._windows[key] = ((x0, y0, x1, y1), shift @ m)
        return self._windows[key]

    def _remember_markers(self, grey: np.ndarray, pose: BoardPose) -> None:
        self._marker_looks = {i: self._marker_patch(grey, pose, i)
                              for i in self.finder.last_detections}

    def _markers_unmoved(self, grey: np.ndarray, pose: BoardPose) -> bool:
        """All remembered markers still look the same where the last fit puts them."""
        if len(self._marker_looks) < 3:
            return False
        for i, look in self._marker_looks.items():
            if float(look @ self._marker_patch(grey, pose, i)) < 0.9:
                return False
        return True

    def _changed(self, raw: np.ndarray) -> np.ndarray:
        if self._last_patches is None or self._last_reading is None:
            return np.ones(len(raw), bool)
        diff = np.abs(raw - self._last_patches).mean(axis=(1, 2))
        bright = np.maximum(raw.mean(axis=(1, 2)), 1.0)
        return np.asarray((diff / bright) > self.thresholds.changed)

    def _carried(self, sq: Square, known: Mapping[Square, Piece] | None,
                 previous: BoardReading | None) -> SquareReading:
        before = previous.squares[sq] if previous is not None else None
        conf = before.confidence if before is not None else 0.9
        if known is not None and sq in known:
            piece = known[sq]
            if piece is None:
                return SquareReading(Content.EMPTY, conf, changed=False)
            if isinstance(piece, Daikaiju):
                return SquareReading(Content.DAIKAIJU, conf, facing=piece.facing, changed=False)
            if isinstance(piece, VetPiece):
                return vet_carried(piece, conf)
            return SquareReading(Content.TILE, conf, tile=piece, changed=False)
        assert before is not None
        return SquareReading(before.content, before.confidence, before.tile, before.facing,
                             changed=False)

    def _observe(self, reading: BoardReading, known: Mapping[Square, Piece],
                 legal: Mapping[Square, Sequence[Tile]] | None) -> list[Observation]:
        out = []
        for sq, r in reading.squares.items():
            if not r.changed or r.content is Content.UNKNOWN:
                continue
            before = known.get(sq)
            if r.piece() == before:
                continue
            fits: bool | None = None
            if legal is not None:
                fits = r.content is Content.TILE and r.tile in tuple(legal.get(sq, ()))
            out.append(Observation(sq, before, r, fits))
        return out

    def _not_found(self, why: str, markers: int) -> BoardReading:
        reading = BoardReading(self.rows, self.cols, markers, NOT_FOUND)
        reading.squares = {sq: SquareReading(Content.UNKNOWN, 0.0) for sq in self._squares}
        reading.reason = why
        return reading


def _small_grey(img: np.ndarray) -> np.ndarray:
    return img if img.ndim == 2 else cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)


def _image(frame: object) -> np.ndarray | None:
    """The frame as uint8 grey or BGR, or None when it is no image at all."""
    if not isinstance(frame, np.ndarray) or frame.size == 0:
        return None
    img: np.ndarray = frame
    if img.dtype != np.uint8:
        if not np.issubdtype(img.dtype, np.number):
            return None
        img = np.clip(np.nan_to_num(img), 0, 255).astype(np.uint8)
    if img.ndim == 3 and img.shape[2] == 4:
        return np.asarray(cv2.cvtColor(img, cv2.COLOR_BGRA2BGR))
    if img.ndim == 3 and img.shape[2] == 1:
        return np.ascontiguousarray(img[:, :, 0])
    if img.ndim == 2 or (img.ndim == 3 and img.shape[2] == 3):
        return img
    return None


def _grey(frame: np.ndarray | None) -> np.ndarray | None:
    if frame is None or not isinstance(frame, np.ndarray) or frame.size == 0:
        return None
    if frame.dtype != np.uint8:
        if not np.issubdtype(frame.dtype, np.number):
            return None
        frame = np.clip(frame, 0, 255).astype(np.uint8)
    if frame.ndim == 2:
        return frame
    if frame.ndim == 3 and frame.shape[2] == 3:
        return cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    if frame.ndim == 3 and frame.shape[2] == 4:
        return cv2.cvtColor(frame, cv2.COLOR_BGRA2GRAY)
    raise BadImage(f"a frame of shape {frame.shape} is not a grey or colour image")


def _label(r: SquareReading) -> str:
    piece = r.piece()
    return piece.notation() if isinstance(piece, Tile) else EMPTY


def _median_plain(model: TaughtModel) -> float | None:
    """The detail of a typical taught bare square when most of them are plain."""
    taught = model.empty_detail >= 0
    if not taught.any() or model.plain()[taught].mean() < 0.5:
        return None
    return float(np.median(model.empty_detail[taught]))

