"""One game at the table: the state, its record in the store, and the dice.

Screens, buttons and the command line all go through a :class:`Session`. Every action is
checked by the rules, committed to the record, and only then becomes the current state.
Steps that need no one's choice (dealing hidden tiles, turning up a daikaiju tile and its
facing) are taken by the companion itself and recorded with the source ``auto``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from companion.core.board import Side, Square
from companion.core.dice import DiceService
from companion.core.instruction import routine
from companion.core.records import Entry, RecordError, check_players, live_entries, now
from companion.core.store import RecordStore, StoreError
from companion.tsuro.actions import (
    Action,
    ActionError,
    Die,
    Draw,
    DrawDaikaiju,
    Facing,
    Place,
    Roll,
    parse_action,
)
from companion.tsuro.describe import instructions, piece, prompt
from companion.tsuro.game import Game
from companion.tsuro.piles import UNKNOWN
from companion.tsuro.placement import FINE, SELF_LOST
from companion.tsuro.record import Header, TileMode, load_game, replay
from companion.tsuro.state import CHANCE, Phase, State, pattern_number, shown_hand_problem, why_not
from companion.tsuro.tiles import PATTERNS, Tile
from companion.tsuro.view import AWAITING, TableView, table_view

DICE_PHASES = frozenset(
    {
        Phase.TURN_ROLL,
        Phase.DAIKAIJU_ROLL,
        Phase.DAIKAIJU_DIE,
        Phase.TSUNAMI_DIE,
        Phase.UZUSHIO_DIE,
        Phase.PORTAL_ROLL,
    }
)
_SINGLE_DIE = frozenset({Phase.DAIKAIJU_DIE, Phase.TSUNAMI_DIE, Phase.UZUSHIO_DIE})


class SessionError(ValueError):
    """A request the session cannot carry out now."""


@dataclass(frozen=True, slots=True)
class Verdict:
    legal: bool
    reason: str
    """Empty when legal; otherwise why not, in a sentence for the table."""
    self_eliminating: bool = False
    needs_hand: bool = False
    """The ruling depends on the rest of the hand: ask the player to show it."""
    lost: tuple[str, ...] = ()


class Session:
    def __init__(
        self,
        store: RecordStore,
        game_id: int,
        header: Header,
        entries: list[Entry],
        state: State,
        dice: DiceService | None = None,
    ) -> None:
        self.store = store
        self.game_id = game_id
        self.header = header
        self.entries = entries
        self._state = state
        self.dice = dice or DiceService()
        self.last_instructions: list[str] = []
        self.missed: list[str] = []
        """What the table was never told: steps a crash cut short, taken on resuming."""

    # ---- opening -----------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        store: RecordStore,
        game: str,
        players: Sequence[str],
        options: Iterable[str] = (),
        dice: DiceService | None = None,
        tiles: TileMode = "hidden",
    ) -> Session:
        try:
            check_players(list(players))
        except ValueError as exc:
            raise SessionError(str(exc)) from None
        header = Header.for_game(Game.create(game, list(players), list(options)), tiles)
        game_id = store.create(header)
        s = cls(store, game_id, header, [], replay(header, []), dice)
        s.last_instructions = s.settle()
        return s

    @classmethod
    def resume(
        cls,
        store: RecordStore,
        game_id: int,
        dice: DiceService | None = None,
        make_current: bool = True,
        loaded: tuple[Header, list[Entry]] | None = None,
    ) -> Session:
        """Open a stored game (the current one from now on unless ``make_current`` is
        false); steps a crash cut short are taken now and kept in ``missed``. ``loaded``:
        the game's record, when the caller has just read it (it is not read twice)."""
        header, entries = loaded if loaded is not None else load_game(store, game_id)
        try:
            state = replay(header, entries)
        except RecordError as exc:
            raise StoreError(f"game {game_id} cannot be replayed: {exc}") from None
        s = cls(store, game_id, header, entries, state, dice)
        if make_current:
            store.set_current(game_id)
        s.missed = s.last_instructions = s.settle()
        return s

    # ---- reading -----------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self._state

    @property
    def game(self) -> Game:
        return self._state.game

    def awaiting(self) -> str:
        return AWAITING[self._state.phase]

    def prompt(self) -> str:
        return prompt(self._state)

    def acting_seat(self) -> int:
        s = self._state
        if s.phase is Phase.DRAW or s.phase is Phase.TAIHOU_KEEP:
            return s.drawer
        if s.vet is not None and s.phase is Phase.TSUNAMI_DIE and s.vet.rolls:
            return s.vet.rolls[0]  # each ship's owner rolls against the tsunami
        if s.vet is not None and s.vet.portal is not None and s.vet.portal.queue:
            return s.vet.portal.queue[0]
        if s.vet is not None and s.phase is Phase.TAIHOU_SAVE:
            return s.vet.saving[0][0]
        return s.active

    def view(self) -> TableView:
        return table_view(self._state)

    def hand(self, seat: int | None = None) -> list[str | None]:
        """The tiles the companion knows in a hand (None for a tile it has not seen)."""
        seat = self._state.active if seat is None else seat
        return [PATTERNS[t].notation() if t != UNKNOWN else None for t in self._state.hands[seat]]

    def history(self) -> list[str]:
        names = self.game.players
        out = []
        for e in self.entries:
            who = names[e.by] if e.by is not None and 0 <= e.by < len(names) else "table"
            out.append(f"{e.seq}. {who}: {e.action} ({e.source})")
        return out

    def hand_problem(self, hand: Sequence[Tile | str]) -> str | None:
        """Why ``hand`` (the laid tile and the rest, as shown) cannot be the active
        player's, or None when it can be; nothing is recorded."""
        tiles = [Tile.parse(h) if isinstance(h, str) else h for h in hand]
        return shown_hand_problem(self._state, tiles)

    def check(self, square: Square | str, tile: Tile | str) -> Verdict:
        """The ruling on laying ``tile`` (as it lies) on ``square``, without recording it."""
        s = self._state
        sq = Square.parse(square) if isinstance(square, str) else square
        t = Tile.parse(tile) if isinstance(tile, str) else tile
        if s.phase is not Phase.PLACE:
            return Verdict(False, f"no tile can be laid now: the game waits for {s.expecting()}")
        front = s.grid.square(s.front_square(s.active))
        if sq != front:
            return Verdict(
                False,
                f"the tile must go on {front}, in front of the active {piece(s)}, not on {sq}",
            )
        hand = s.hands[s.active]
        pattern = pattern_number(t)
        if pattern not in hand and (UNKNOWN not in hand or pattern not in s.pile.unseen):
            return Verdict(
                False, f"tile {t.pattern()} is not in the {self.game.players[s.active]} hand"
            )
        move = s.movement(Place(sq, t))
        lost = tuple(self.game.players[x] for x in move.lost_seats())
        own = move.rank != FINE and s.active in move.lost_seats()
        if move.rank == FINE:
            return Verdict(True, "", lost=lost)
        what = why_not(SELF_LOST if own else move.rank)
        if UNKNOWN in hand:
            return Verdict(
                False, what + ": show your whole hand so the companion can rule", own, True, lost
            )
        if move.rank == s.best_rank(hand):
            return Verdict(True, what + ", but no tile in the hand does better", own, False, lost)
        return Verdict(
            False, what + " and another placement from your hand does not", own, False, lost
        )

    def possible_placements(self) -> list[Place]:
        """Every tile the active player could be laying now, in every rotation.

        With a hidden hand that is any tile the companion has not seen elsewhere; the
        camera matches what it sees against these first.
        """
        s = self._state
        if s.phase is not Phase.PLACE:
            return []
        hand = list(s.hands[s.active])
        if UNKNOWN in hand:
            hand += list(s.pile.unseen)
        return s.pseudo_legal_placements(hand)

    def choices(self) -> list[str]:
        """The decisions the rules list now, in notation, for screens to offer as
        buttons: the legal actions (with a hidden hand no placement or landing is listed:
        those are ruled on when laid) and, with the expansion, each Phoenix discard; a
        hidden draw that may be a special tile lists ``draw ?`` and each kind still in
        the pile. Nothing is recorded."""
        from companion.tsuro.veterans.pieces import KINDS, phoenix_choices

        s = self._state
        out = [] if s.current_player == CHANCE else [a.notation() for a in s.legal_actions()]
        if s.vet is not None:
            if s.phase is Phase.DRAW and any(s.vet.pile) and self.header.tiles == "hidden":
                out += ["draw ?"] if s.pile.size else []
                out += [f"draw {KINDS[k]}" for k, n in enumerate(s.vet.pile) if n]
            out += [a.notation() for a in phoenix_choices(s)]
        return out

    def landing(self) -> tuple[list[str], bool]:
        """While a ship comes out of a mystic portal: the points it may start from, and
        whether it lays a tile from its hand there (a hidden hand lists no ``land``
        choices, so screens ask here); ``([], False)`` at any other time."""
        from companion.tsuro.veterans.portal import free_starts

        s = self._state
        step = s.vet.portal if s.vet is not None else None
        if s.phase is not Phase.PORTAL_LAND or step is None or step.target < 0:
            return [], False
        seat = step.queue[0]
        others = [p for i, p in enumerate(s.ships) if p >= 0 and i != seat]
        starts = free_starts(step.target, step.used, others)
        return [s.grid.point(p).name() for p in starts], s.board[step.target] < 0

    def odds(self) -> dict[str, Fraction]:
        """Each ship's exact chance of being lost in the next daikaiju phase."""
        from companion.tsuro.odds import danger  # only the commands that print odds

        return {self.game.players[k]: v for k, v in danger(self._state).items()}

    def placement_odds(self) -> list[tuple[Place, Fraction]]:
        """For each legal placement of the active player, the chance their ship is then lost."""
        from companion.tsuro.odds import placement_risks

        return placement_risks(self._state)

    # ---- acting ------------------------------------------------------------------------

    def _commit(self, action: Action, source: str, by: int | None) -> list[str]:
        new = self._state.apply(action)  # refuses before anything is written
        entry = Entry(len(self.entries) + 1, action.notation(), by, source, now())
        self.store.append(self.game_id, entry, finished=new.is_terminal())
        self.entries.append(entry)
        self._state = new
        return instructions(new)

    def settle(self) -> list[str]:
        """Take every step that needs no choice and no dice: hidden draws, daikaiju tiles."""
        out: list[str] = []
        while True:
            s = self._state
            if s.current_player != CHANCE or s.phase in DICE_PHASES:
                return out
            action: Action
            if s.phase in (Phase.DEAL, Phase.DRAW):
                if s.phase is Phase.DRAW and s.vet is not None and any(s.vet.pile) and (
                    self.header.tiles == "hidden"
                ):
                    return out  # a taihou, portal or Phoenix drawn is announced: ask
                if self.header.tiles == "hidden":
                    action = Draw(None)
                else:
                    outs = s.chance_outcomes()
                    action = self.dice.pick([a for a, _ in outs], [float(p) for _, p in outs])
            elif s.phase is Phase.DAIKAIJU_DRAW:
                outs = s.chance_outcomes()
                action = self.dice.pick([a for a, _ in outs])
                assert isinstance(action, DrawDaikaiju)
            else:
                action = Facing(self.dice.pick(list(Side)))
            out += self._commit(action, "auto", self.acting_seat())

    def roll(self) -> list[str]:
        """Roll the dice the game waits for, virtually; then take the steps that follow."""
        s = self._state
        if s.phase not in DICE_PHASES:
            raise SessionError(f"no dice to roll now: the game waits for {s.expecting()}")
        action: Die | Roll = (
            Die(self.dice.d6()) if s.phase in _SINGLE_DIE else Roll(*self.dice.gold_blue())
        )
        said = routine(
            f"The single die shows {action.face}."
            if isinstance(action, Die)
            else f"Gold {action.gold}, blue {action.blue}: {action.total}.",
            "rolled",
        )
        out = [said, *self._commit(action, "virtual", self.acting_seat())]
        out += self.settle()
        self.last_instructions = out
        return out

    def enter(self, text: str, source: str = "physical") -> list[str]:
        """Apply one action written in record notation (dice entered from real dice, etc.)."""
        action = parse_action(text)
        src = source if isinstance(action, (Roll, Die)) else "player"
        out = self._commit(action, src, self.acting_seat())
        out += self.settle()
        self.last_instructions = out
        return out

    def place(self, tile: Tile | str, hand: Sequence[Tile | str] | None = None) -> list[str]:
        """Lay ``tile`` (as it lies) on the square in front of the active ship."""
        s = self._state
        if s.phase is not Phase.PLACE:
            raise SessionError(f"no tile can be laid now: the game waits for {s.expecting()}")
        t = Tile.parse(tile) if isinstance(tile, str) else tile
        shown = (
            None
            if hand is None
            else tuple(Tile.parse(h) if isinstance(h, str) else h for h in hand)
        )
        place = Place(s.grid.square(s.front_square(s.active)), t, shown)
        out = self._commit(place, "player", s.active)
        out += self.settle()
        self.last_instructions = out
        return out

    def undo(self) -> list[str]:
        """Take back the last decision or roll (and the steps the companion took after it)."""
        if not any(self.entries[i].source != "auto" for i in live_entries(self.entries)):
            raise SessionError("there is nothing to undo")
        entry = Entry(len(self.entries) + 1, "undo", self.acting_seat(), "player", now())
        state = replay(self.header, [*self.entries, entry])
        self.store.append(self.game_id, entry, finished=state.is_terminal())
        self.entries.append(entry)
        self._state = state
        self.last_instructions = [routine(f"Undone. {self.prompt()}", "undone")]
        return self.last_instructions


__all__ = ["ActionError", "Session", "SessionError", "TableView", "Verdict"]
