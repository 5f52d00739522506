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
from dataclasses import dataclass, replace

import numpy as np

from companion.core.board import BoardProfile, Square
from companion.tsuro.tiles import Tile

from . import read_channel, read_known, read_paths
from . import read_twins_later as twins_later
from .board_finder import BoardFinder, BoardPose
from .board_twins import thin_twins
from .errors import BoardNotFound
from .features import patches, warp_top_down
from .full_bare import frame_calls
from .geometry import MarkerLayout
from .inventory import box_counts, settle
from .paths_claims import no_art, overclaimed, unclaim
from .paths_decide import PATH_SETTLE, TILE_ENDS, Later, path_calls, shows_tile
from .paths_kaiju import daikaiju
from .paths_self import self_taught
from .paths_twins import Lean
from .paths_whole_late import late_whole
from .read_again import Candidates, finer_look
from .read_combine import (
    JOINT_MARGIN,
    PATH_LABELS,
    PLAIN_BARE,
    agree,
    cannot_fit,
    fits,
    foreign_at_a_glance,
    is_tile,
    open_tile,
    second_opinion,
    taught_fits,
)
from .read_decide import (
    EMPTY,
    Call,
    Thresholds,
    reading_of,
)
from .read_drawn import drawn_calls
from .read_features import PX, Prepared, plainness, prepare
from .read_fine import View
from .read_frame import as_image, changed_squares, not_found
from .read_gates import colour_gate, hand_gate
from .read_plain import odd_squares
from .read_pose import PoseKeeper, small_grey
from .read_taught import Scored, TaughtModel
from .read_taught_call import bare_possible, names_piece, own_look, taught_calls
from .reading import (
    BoardReading,
    Content,
    Piece,
)
from .taught_glare import GLARE_BARE, smooth_bare
from .taught_hand import hand_check
from .taught_kaiju import kaiju_again
from .taught_large import Frame
from .taught_rescue import rescue
from .taught_twin_pixels import decide_twins
from .taught_twin_pixels import warm as warm_twins
from .templates import TemplateSet, builtin
from .twins_box import box_twins
from .twins_pair import Where, settle_pairs
from .veterans import in_play as vet_in_play
from .veterans import reader_for as vet_reader_for

__all__ = ["TAUGHT", "BoardReader", "Thresholds"]

TAUGHT = Thresholds()
"""Kept for callers of the first reader: one set of lines serves both readers now."""


@dataclass(frozen=True)
class Again:
    """What a first pass of :meth:`BoardReader._calls` over a view worked out, for a second
    pass over the same view: the crops, their plainness, the paths' line response, the
    taught scores and calls when made, and whether the taught set was known foreign at a
    glance (then the second pass reads as untaught)."""

    prep: Prepared
    every: np.ndarray
    lines: read_paths.Lines
    taught: Scored | None = None
    mine: list[Call] | None = None
    glanced: bool = False


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
            warm_twins(self.model.fine)
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
        self._channel = read_channel.GREY  # the view the paths are followed in (full reads)
        self._grey_polarity = 0  # ... and their polarity in grey, when that is another view
        self._bend = read_paths.DEFAULT_BEND  # the board's bend of paths, found on full reads
        self._fits = True  # whether the taught looks fit the board (set by full reads)
        # patterns the paths call beyond the box on this board, found by full reads: art,
        # not tiles (vision.paths_claims); a re-read of a few squares cannot tell
        self._art: set[str] = set()
        # whether the tiles' printed rim reads as U-turns along every side on this board
        # (vision.read_paths.rim_seen), found by full reads with a taught set that fits
        self._edge = False
        self._drawn_fits = False  # whether the built-in drawing fits it
        self._last_patches: np.ndarray | None = None
        self._last_reading: BoardReading | None = None
        self._poses = PoseKeeper(self.finder)
        # squares to settle on both readers' evidence and the box: their joint evidence
        self._open: dict[int, tuple[np.ndarray, frozenset[str]]] = {}
        # built in: near twins left open, their leans and path evidence (vision.twins_box)
        self._twins: dict[int, tuple[Lean, np.ndarray]] = {}
        self._twin_where: dict[int, Where] = {}  # ... and where their tiles lie (twins_pair)
        # built in: the paths' view of the squares read and those no tile may be called on
        # (a hand, odd colours), for the tiles drawn whole last (vision.paths_whole_late)
        self._late: tuple[read_paths.Lines, read_paths.PathScores, set[int]] | None = None
        self._yardstick: float | None = None  # ... and the board's own tiles' fit
        # pairs of points that are no evidence on this board (the rim read as U-turns,
        # vision.read_paths.rim_pairs), found by full reads and kept for re-reads
        self._rim: np.ndarray | None = None
        self._candidates = Candidates()  # for the finer look at open squares
        self._evidence: dict[int, np.ndarray] = {}  # both readers' joint evidence, per square
        # the frame read and its homography: open squares are judged at its own scale
        self._frame: tuple[np.ndarray, np.ndarray] | None = None

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
        image = as_image(frame)
        if image is None:
            return self._not_found("the frame is empty or not an image", 0)
        try:
            pose, _ = self._pose(image)
        except BoardNotFound as exc:
            self._last_patches = None
            return self._not_found(str(exc), len(self.finder.last_detections))
        top = warp_top_down(image, pose.homography, self.rows, self.cols, PX)
        self._frame = image, pose.homography
        grey = small_grey(top)
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
        kept = {sq: read_known.carried(sq, known, previous)
                   for i, sq in enumerate(self._squares) if i not in todo_set}
        legal_sets = {sq: {t.notation() for t in tiles} for sq, tiles in (legal or {}).items()}
        if todo:
            self._open, self._candidates, self._evidence, self._twins = {}, Candidates(), {}, {}
            calls = self._calls(top, grey, raw, np.array(todo), legal_sets)
            fixed = {self._index[sq]: read_known.label_of(r) for sq, r in kept.items()
                     if r.content is Content.TILE}
            before = calls
            taught = self.model is not None and self._fits
            art: set[str] = set()
            if not taught and self.counts is not None:
                # a pattern called far beyond the box is board art (vision.paths_claims)
                art = overclaimed(calls, self.counts, fixed)
                calls, self._open = unclaim(calls, self._open, self.counts, fixed)
            calls = settle(calls, self.counts, fixed, self._open, PATH_LABELS,
                           JOINT_MARGIN if taught else PATH_SETTLE)
            if not taught:  # near twins of which the box leaves one (vision.twins_box)
                calls = box_twins(calls, self._twins, self.counts, fixed,
                                  {i: legal_sets.get(self._squares[i]) for i in self._twins},
                                  self.thresholds.path_margin)
                # two of them between the same twins, one copy of each left (twins_pair)
                calls = settle_pairs(calls, self._twins, self._twin_where, self._frame,
                                     self.cols, self.counts, fixed,
                                     {i: legal_sets.get(self._squares[i]) for i in self._twins},
                                     self.thresholds.path_margin)
                if self._late is not None:  # what is still open: the tiles drawn whole
                    allowed = {i: legal_sets.get(self._squares[i]) for i in calls}
                    calls, self._yardstick = late_whole(
                        calls, *self._late, self.counts, fixed, allowed, self._yardstick,
                        top, self.cols, art, len(todo) >= 12)
                    # still open: asked by how the board's own sure tiles look
                    calls = self_taught(calls, self._late[1], self._late[2], self.counts, fixed,
                                        allowed, top, self.cols, self.thresholds.path_margin,
                                        art, len(todo) >= 12)
            self._late = None  # (the board's line response: not kept between reads)
            boxed = calls
            if self.model is not None and self.model.fine is not None and self._fits:
                # one finer view for both (a square's crop is band-passed once), cut from
                # the grey view already made
                view = View(grey, self.cols)
                calls = finer_look(self.model.fine, view, self.cols, self._candidates, before,
                                   calls, self.counts, fixed)
                # a daikaiju left open (it is taught where its square is, vision.taught_kaiju)
                calls = kaiju_again(self.model.fine, view, self._candidates, calls, before)
                # where both readers together and the finer look agree (vision.taught_rescue)
                calls = rescue(self.model.fine, view, self.cols, self._evidence, PATH_LABELS,
                               calls, self.counts, fixed)
                # near twins still open: on the pixels where they differ
                # (vision.taught_twin_pixels)
                calls = decide_twins(self.model.fine, view, self._candidates, before, boxed,
                                     calls, self.counts, fixed, self.templates.large,
                                     Frame(image, pose.homography, self.cols))
                # no tile called where a hand may lie: a quarter not of the tiles' colour
                # that the finer look does not find the tile in (vision.taught_hand)
                calls = hand_check(self.model.fine, view, top, self.rows, self.cols, calls,
                                   before, self._last_reading, self._squares)
            for i, call in calls.items():
                sq = self._squares[i]
                reading.squares[sq] = reading_of(call, legal_sets.get(sq) if legal else None)
        for sq in self._squares:
            if sq not in reading.squares:
                reading.squares[sq] = kept[sq]
        if self.veterans is not None:  # on a re-read, only where squares were read again
            self.veterans.amend(top, reading,  # type: ignore[attr-defined]
                                None if len(todo) == len(self._squares) else todo)
        if known is not None:
            reading.observations = read_known.observe(reading, known, legal)
        if self.ships is not None:
            reading.ships = self.ships.find(frame, pose.homography)  # type: ignore[attr-defined]
        self._last_patches = raw
        self._last_reading = reading
        return reading

    def forget(self) -> None:
        """Drop what was seen last: the next read reads every square."""
        self._last_patches = None
        self._last_reading = None
        self._rim, self._yardstick, self._late = None, None, None
        self._edge = False

    # -- reading squares ------------------------------------------------------------------

    def _calls(self, top: np.ndarray, grey: np.ndarray, raw: np.ndarray, idx: np.ndarray,
               legal: Mapping[Square, set[str]],
               again: Again | None = None) -> dict[int, Call]:
        """Every square of ``idx`` decided; ``again`` is what a first pass over the same view
        worked out (:class:`Again`), when the paths are read again: the taught looks turned
        out not to fit the board (or were known foreign at a glance), or the board's rim
        read as U-turns (:func:`vision.read_paths.rim_pairs`)."""
        th = self.thresholds
        full = len(idx) >= 12
        if full and again is None:
            self._rim = None  # the board's rim is judged afresh on every full read
        # The board's bend of paths as taught (one edition prints all its tiles alike): a full
        # read need not vote on it again, unless the taught looks do not fit this board
        # (another edition's art). The polarity is still chosen here: on a bare board with
        # art, the taught one (the tiles' paths) shows the art's lines as path ends.
        bend = self._taught_bend()
        kept = self._polarity, self._bend
        # the line response and where the tiles lie do not hang on the bend: filtered once
        # (a second pass asks with the polarity the first was asked with: ``kept``)
        if full and again is None and self.model is None:
            # the view the paths show best in (vision.read_channel), kept for re-reads; a
            # taught read follows them in grey
            choice = read_channel.choose(top, grey, self.rows, self.cols, idx)
            if choice.name != self._channel:
                self._channel, self._polarity = choice.name, 0  # (each view has its own)
            self._grey_polarity = choice.grey_polarity
            lines = read_paths.realigned(choice.lines, self._polarity)
            paths_view = choice.view
        else:
            paths_view = (grey if self.model is not None
                          else read_channel.view(top, grey, self._channel))
            lines = (again.lines if again is not None
                     else read_paths.lines(paths_view, self.rows, self.cols, idx, self._polarity))
        # followed in colour: the checks that look at grey or the photo take grey's polarity
        coloured = self._channel != read_channel.GREY
        if again is None:
            prep = prepare(top, self.rows, self.cols, grey)
            every = plainness(prep)  # the path reader compares every square's; worked out once
        else:
            prep, every = again.prep, again.every
        detail = every[idx]
        wanted = [legal.get(self._squares[int(i)]) for i in idx]
        # Read with taught looks that fit, the paths' word is heeded on tiles only: the checks
        # that call a square bare are left out (the same tiles are called), and made after
        # all only if the taught looks turn out not to fit (test_vision_taught_speed_lazy).
        lazy = self.model is not None and again is None and self._fits  # (as last read)
        early = None
        if lazy and full and bend is not None and self.model is not None:
            # Another edition's set at a glance: no square looks like its own taught bare
            # look, so the pieces need not be scored to know it (a stand-in for cannot_fit's
            # verdict, the same on every read measured: read_combine.foreign_at_a_glance)
            own = self.model.own_scores(prep, idx, lines.off)
            if foreign_at_a_glance(bare_possible(self.model, own, detail, idx), lines.ends,
                                   TILE_ENDS):
                self._fits = False
                # (found again on the full read a fitting set next gets)
                self._art, self._edge = set(), False
                return self._calls(top, grey, raw, idx, legal,
                                   Again(prep, every, lines, glanced=True))
            # The taught reader first (where the tiles lie does not hang on the bend): when
            # what it calls alone rules out a fit, another edition's set costs no paths
            # read at its bend (vision.read_combine.cannot_fit; the same verdict, sooner).
            early = self._taught(self.model, prep, idx, lines.off, detail, wanted)
            if cannot_fit(early[1], len(idx)):
                self._fits = False
                return self._calls(top, grey, raw, idx, legal, Again(prep, every, lines, *early))
        paths = read_paths.score(paths_view, self.rows, self.cols, idx, self._polarity,
                                 bend if bend is not None and full else -1 if full else self._bend,
                                 lines, self._rim)
        if full:
            self._polarity, self._bend = paths.polarity, paths.bend
        grey_polarity = (self._grey_polarity or paths.polarity) if coloured else paths.polarity
        last = self._last_reading
        bare_before = None if last is None else np.array(
            [last.squares[sq].content is Content.EMPTY for sq in self._squares])
        leans: dict[int, Lean] = {}  # near twins left open (vision.twins_box)
        later: list[Later] = []  # near twins settled only if heeded (vision.read_twins_later)
        built_in = path_calls(paths, prep.colour, wanted, bare_before, th, self.cols, every, top,
                              np.zeros(len(idx), bool) if lazy else None, twin_leans=leans,
                              later=later)
        built_in = twins_later.for_probe(later, built_in) if full else built_in
        if full and (self.model is None or not self._fits):
            # A pattern of U-turns called beyond the box: the tiles' printed edge and the gap
            # between them (vision.paths_claims). Read again with no side's U-turn as
            # evidence, the bend voted again without them.
            rim = read_paths.rim_pairs(overclaimed(dict(enumerate(built_in)), self.counts))
            if not rim.any() and self._rim is None and read_paths.rim_seen(paths, TILE_ENDS):
                # (a second pass keeps the rim it was asked with: no need to look again)
                rim = read_paths.side_pairs()  # a U-turn along every side of the tiles
            if rim.any() and (self._rim is None or (rim & ~self._rim).any()):
                self._rim = rim
                self._polarity, self._bend = kept
                return self._calls(top, grey, raw, idx, legal, Again(
                    prep, every, lines, *((again.taught, again.mine) if again is not None
                                          else (None, None)),
                    glanced=again is not None and again.glanced))
        if full and sum(is_tile(c) for c in built_in) < read_paths.PROBE // 3:
            # too few tiles to have voted: the bend and the paths' polarity were chosen on
            # noise (a bare board), and a re-read of the first tiles laid must not inherit them
            self._bend = bend if bend is not None else read_paths.DEFAULT_BEND
            self._polarity = 0
            self._channel = read_channel.GREY
        # (a set known foreign at a glance has no taught scores: read as if untaught)
        model = self.model if again is None or not again.glanced else None
        taught, mine = None, []
        heeded = built_in  # what the taught reading hears from the paths (less board art)
        if model is not None:
            if (again is not None and again.taught is not None and again.mine is not None
                    and again.taught.offsets is not None
                    and np.array_equal(again.taught.offsets, paths.offsets)):
                taught, mine = again.taught, again.mine  # the tiles lie where they lay
            elif early is not None:  # scored where the paths place the tiles: the same
                taught, mine = early
            else:
                taught, mine = self._taught(model, prep, idx, paths.offsets, detail, wanted)
            if full:  # board art: a pattern the paths claim beyond the box
                self._art = overclaimed(dict(enumerate(built_in)), self.counts)
                self._edge = read_paths.rim_seen(paths, TILE_ENDS)
            # Does what was taught fit this board at all (another edition's art does not)? It
            # fits when it names the tiles the paths name, less the board's art.
            built_in = twins_later.for_taught(later, built_in, mine, paths, idx, self._fits,
                                              model, th, bool(self._art))
            heeded = no_art(built_in, self.counts, self._art)
            self._fits = taught_fits(mine, heeded, len(idx), self._fits)
            if bend is not None and full and not self._fits:
                # read with another edition's bend: the paths vote on their own after all
                self._polarity, self._bend = kept
                return self._calls(top, grey, raw, idx, legal,
                                   Again(prep, every, lines, taught, mine))
        if lazy and not self._fits:
            leans = {}
            built_in = path_calls(paths, prep.colour, wanted, bare_before, th, self.cols, every,
                                  top, twin_leans=leans)
        # the paths call a square bare only in the board's colour, near no hand
        paths_bare = np.array([c.label == EMPTY for c in built_in])
        if model is None or taught is None or not self._fits:
            # Pieces drawn as the project draws them: the drawing leads, as a taught set would.
            drawn = drawn_calls(raw[idx])
            if self._rim is not None:
                # the rim reads as U-turns here (vision.read_paths.rim_pairs): our drawing's
                # tiles are no second opinion on such a board (its kissing tiles read as
                # crossings on mixed looks), its daikaiju still are
                drawn = [Call(None, d.confidence) if is_tile(d) else d for d in drawn]
            self._drawn_fits = fits(drawn, built_in, len(idx), self._drawn_fits, 0.8)
            built_in = [daikaiju(d, paths, k,
                                 second_opinion(d, p, paths.tile[k], self._drawn_fits,
                                                coloured))
                        for k, (d, p) in enumerate(zip(drawn, built_in, strict=True))]
            in_grey = replace(paths, polarity=grey_polarity) if coloured else paths
            if self._frame is not None:  # bare or a tile in doubt: the frame's own scale
                built_in = frame_calls(*self._frame, top, self.cols, idx, in_grey, built_in)
            # Near twins on boards of thin paths (vision.board_twins). Where the rim reads
            # as U-turns the kissing tiles leaned to their crossing twins (mixes seeds 1, 2,
            # 6: of the calls the thin boards' rule made on such boards, 42 right and 19
            # wrong): there only on a clearer lean that the paths' own best agrees with
            built_in = thin_twins(in_grey, built_in, leans, top, self.cols, wanted, th,
                                  rim=self._rim is not None)
        calls = dict(zip((int(i) for i in idx), built_in, strict=True))
        if model is None or not self._fits:
            # A square whose path ends show a tile but whose pairing was not clear is settled
            # with the box in mind (a near twin may be used up elsewhere).
            self._twins = {int(idx[k]): (lean, paths.tile[k]) for k, lean in leans.items()}
            self._twin_where = {int(idx[k]): (paths.offsets[k], grey_polarity, paths.bend)
                                for k in leans}
            for k, i in enumerate(idx):
                if calls[int(i)].twins and self.counts is None:
                    continue  # between near twins only the box may settle it
                if is_tile(calls[int(i)]) or (calls[int(i)].label is None and shows_tile(paths, k)):
                    self._open[int(i)] = (paths.tile[k] / th.path_margin,
                                          frozenset({PATH_LABELS[int(paths.tile[k].argmax())]}))
        if model is not None and taught is not None and self._fits:
            # paths misled by the board's art (a pattern claimed beyond the box) or by the
            # tiles' rim (a U-turn along every side) have no say in what settles an open
            # square: with the rim, they vetoed the taught tile for one with U-turns along
            # its sides (mix 10-1 of benchmarks/vision_mixes.py --taught)
            joint = self._joint(model, taught.pieces,
                                paths.tile * (not self._art and not self._edge))
            self._evidence.update(zip((int(i) for i in idx), joint, strict=True))
            taught_names = set(model.names)
            for k, i in enumerate(idx):
                own_bare = bool(model.empty_detail[i] >= 0 and not model.plain()[i]) or (
                    own_look(float(taught.empty[k]), float(taught.pieces[k].max()), th))
                calls[int(i)] = agree(mine[k], heeded[k], paths.tile[k],
                                      float(paths.rim[k]), joint[k], own_bare, th, taught_names)
                if is_tile(calls[int(i)]) or (
                        calls[int(i)].label is None
                        and open_tile(mine[k], paths.tile[k], float(paths.rim[k]), th)):
                    best = mine[k].label if mine[k].label is not None else mine[k].second
                    firsts = frozenset({best or "", PATH_LABELS[int(paths.tile[k].argmax())]})
                    self._open[int(i)] = (joint[k], firsts)
                if int(i) in self._open or (calls[int(i)].label is None
                                            and names_piece(mine[k].second)):
                    # the finer look may settle it (vision.read_again): its best candidates
                    self._candidates.add(int(i), model.names, taught.pieces[k], PATH_LABELS,
                                         joint[k])
            if full:
                self._glare(model, taught, mine, paths, grey, idx, calls)
        colour = prep.colour[idx]
        self._late = None
        if model is None or not self._fits:
            like = colour_gate(calls, idx, colour)
            unlike = set() if like is None else {int(i) for i in idx[~like]}
            self._late = (lines, paths, unlike)
        elif self._open:
            hand_gate(top, self.rows, self.cols, idx, calls, self._open, self._last_reading,
                      self._squares)
        # A hand or a sheet of paper has no paths either (vision.read_plain)
        bare = np.array([calls[int(i)].label == EMPTY for i in idx])
        fit = model if model is not None and self._fits else None
        odd = odd_squares(colour, detail, bare, None if fit is None else fit.plain()[idx],
                          paths_bare, th.plain,
                          None if fit is None or fit.empty_colour is None
                          else fit.empty_colour[idx])
        for k in (int(x) for x in np.flatnonzero(odd)):
            calls[int(idx[k])] = Call(None, 0.2)
            if self._late is not None:
                self._late[2].add(int(idx[k]))
        return calls

    def _glare(self, model: TaughtModel, taught: Scored, mine: list[Call],
               paths: read_paths.PathScores, grey: np.ndarray, idx: np.ndarray,
               calls: dict[int, Call]) -> None:
        """Bare squares taught plain, left open under a glare spot, called bare in ``calls``
        (:mod:`vision.taught_glare`): no taught piece reaches its calling line there, the
        paths see nothing, and the square's finest detail is the bare squares'."""
        th = self.thresholds
        plain = model.plain()
        asked = [k for k, i in enumerate(int(x) for x in idx)
                 if calls[i].label is None and plain[i] and mine[k].label is None
                 and float(taught.pieces[k].max()) < model.least
                 and float(paths.tile[k].max()) < PLAIN_BARE * th.path_empty
                 and float(paths.rim[k]) < th.path_rim]
        if not asked:
            return
        bare = np.array([i for i in (int(x) for x in idx)
                         if calls[i].label == EMPTY and plain[i]])
        smooth = smooth_bare(grey, self.cols, idx[asked], bare)
        for k in (asked[j] for j in np.flatnonzero(smooth)):
            calls[int(idx[k])] = Call(EMPTY, GLARE_BARE)

    def _taught(self, model: TaughtModel, prep: Prepared, idx: np.ndarray, offsets: np.ndarray,
                detail: np.ndarray, wanted: list[set[str] | None]) -> tuple[Scored, list[Call]]:
        """The taught reader's scores and calls on squares ``idx``, tiles placed at ``offsets``."""
        taught = model.score(prep, idx, offsets, detail)
        return taught, taught_calls(model, self.thresholds, taught.pieces, taught.empty, detail,
                                    idx, wanted)

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

    def _pose(self, image: np.ndarray) -> tuple[BoardPose, np.ndarray | None]:
        """The board's place, and the grey frame if the markers had to be searched for."""
        return self._poses.pose(image)

    def _changed(self, raw: np.ndarray) -> np.ndarray:
        last = None if self._last_reading is None else self._last_patches
        return changed_squares(raw, last, self.thresholds.changed)

    def _not_found(self, why: str, markers: int) -> BoardReading:
        return not_found(self.rows, self.cols, self._squares, why, markers)
