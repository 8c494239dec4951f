"""The cribbage position as the game interface shows it: actions and cards in, views and events out, the
rules on the kernel underneath (:mod:`.kernel`).

A :class:`CribbageState` holds a kernel position (one array of ints) and shows it as the position the rules
describe: its properties are the pack, hands, crib, piles and scores as :class:`Card` tuples and plain values,
read from the position when asked (a playout asks none of them). A state is built from those parts with
``CribbageState(game, phase=..., hands=..., ...)`` (a test's chosen position) and changed into another with
:meth:`CribbageState.replace`.

:meth:`CribbageState.apply` is the fast path of every playout, rollout and learning step: an action the state
offered is found by identity (:data:`.moves.MOVES`) as a move of a phase, and the kernel checks it and moves a
copy of the position on in one call (machine code where Numba is installed); anything it refuses goes
through the core's checks, which say what was wrong and what is allowed. The actions a state offers are the
game's interned action objects, listed once per state.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import tabletop.games.cribbage.actions as act
import tabletop.games.cribbage.events as events_of
import tabletop.games.cribbage.kernel as kernel
import tabletop.games.cribbage.pegboard as pegboard
from tabletop.core import CHANCE, TERMINAL, Event, IllegalActionError, Player, State, View, event
from tabletop.core.cards import DECK, Card
from tabletop.core.compiling import entry
from tabletop.games.cribbage.actions import CribbageAction
from tabletop.games.cribbage.layout import (
    COUNT,
    DEALER,
    DEALT,
    IS_CHANCE,
    NO_CODE,
    OVER,
    PACK,
    PACK_N,
    PHASE,
    SCORES,
    SHOW_STEP,
    STARTER_CARD,
    TO_MOVE,
    Position,
)
from tabletop.games.cribbage.moves import CHANCE_ACTIONS, MOVES, move_of, offered, select_table
from tabletop.games.cribbage.phases import GameResult, Pegs, Pending, Phase, ScoreEvent
from tabletop.games.cribbage.positions import PHASES, Table, Told, leaders, position_of, table_of, told_of
from tabletop.games.cribbage.render import describe, render_state
from tabletop.games.cribbage.views import public_view, view

if TYPE_CHECKING:
    from tabletop.games.cribbage.game import Cribbage

FIELDS = ("phase", "dealer", "to_move", "deck", "hands", "kept", "discards", "crib", "dealt", "starter", "count",
          "series", "piles", "passed", "last_player", "scores", "pegs", "show_step", "cutters", "cuts", "pending",
          "match_points", "results")
"""The parts a state is built from (:class:`CribbageState`'s keyword arguments), each a property of it."""


class CribbageState(State[CribbageAction]):
    """A cribbage position. Hidden parts (hands, discards, the rest of the pack) only leave through
    :meth:`view`; the pack has no order until chance deals from it.

    Never changed once handed out; compared and hashed by its kernel position.
    """

    __slots__ = ("_table", "game", "is_chance", "is_terminal", "offered", "position")

    game: Cribbage
    position: Position  #: the kernel's position
    offered: tuple[CribbageAction, ...] | None  #: the legal actions, once asked
    is_chance: bool  #: kept as a value, not the base's property: a playout reads it every step
    is_terminal: bool
    _table: Table  #: the position with its parts named, once asked

    def __init__(self, game: Cribbage, *, phase: Phase, dealer: int, to_move: int, deck: tuple[Card, ...],
                 hands: tuple[tuple[Card, ...], ...], kept: tuple[tuple[Card, ...], ...],
                 discards: tuple[tuple[Card, ...], ...], crib: tuple[Card, ...], dealt: int, starter: Card | None,
                 count: int, series: tuple[Card, ...], piles: tuple[tuple[Card, ...], ...], passed: frozenset[int],
                 last_player: int | None, scores: tuple[int, ...], pegs: tuple[Pegs, ...], show_step: int,
                 cutters: tuple[int, ...], cuts: tuple[Card, ...], pending: Pending | None,
                 match_points: tuple[int, ...], results: tuple[GameResult, ...]) -> None:
        """The position with these parts (each as the property of the same name shows it).

        Raises:
            ValueError: for parts no position has room for (seven cards in a hand, ten games in a match…).
        """
        t = object.__new__(Table)
        t.phase, t.dealer, t.to_move = PHASES.index(phase), dealer, to_move
        t.pack_mask = sum(1 << c.index for c in deck)
        t.hands, t.kept, t.discards = (tuple(_ints(h) for h in part) for part in (hands, kept, discards))
        t.crib, t.dealt, t.starter, t.count = _ints(crib), dealt, -1 if starter is None else starter.index, count
        t.series, t.piles, t.passed, t.last_player = _ints(series), tuple(_ints(p) for p in piles), passed, last_player
        t.scores, t.rears, t.show_step = tuple(scores), tuple(p.rear for p in pegs), show_step
        t.cutters, t.cuts, t.pending = tuple(cutters), _ints(cuts), pending
        t.match_points, t.results = tuple(match_points), tuple(results)
        _start()
        _fill(self, game, position_of(game, t))

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled as its game and slots: a process unpickling it starts the kernel and gets its kind of position
        return from_position, (self.game, list(self.position))

    def replace(self, **parts: Any) -> CribbageState:
        """This position with some of its parts (:data:`FIELDS`) replaced: ``state.replace(scores=(29, 0))``."""
        return CribbageState(self.game, **{**{name: getattr(self, name) for name in FIELDS}, **parts})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CribbageState) and self.table.key() == other.table.key()

    def __hash__(self) -> int:
        return hash(self.table.key())

    def __repr__(self) -> str:
        return f"<CribbageState {self.phase.value}, {self.game!r}>"

    # --- the interface -----------------------------------------------------------------------

    @property
    def current_player(self) -> Player:
        p = self.position
        phase = p[PHASE]
        if _IS_CHANCE[phase]:
            return CHANCE
        return TERMINAL if phase == _OVER else p[TO_MOVE]

    def legal_actions(self) -> Sequence[CribbageAction]:
        found = self.offered
        if found is None:
            found = self.offered = offered(self.position)
        return found

    def is_legal(self, action: CribbageAction) -> bool:
        code = _MOVE(id(action)) or move_of(action)
        return code is not None and bool(kernel.is_legal(self.position, code & 15, (code >> 4) - 4))

    def _apply_if_legal(self, action: CribbageAction) -> CribbageState | None:
        """The kernel checks the move and steps a copy of the position in one call (the core's ``apply`` refuses a
        None): the hot path of every playout."""
        after = self.position[:]
        phase = _STEP(after, _MOVE(id(action)) or move_of(action) or _NO_CODE)
        if phase < 0:
            return None
        state = _NEW(CribbageState)  # _fill, inline: one slot a statement (a tuple to unpack costs more)
        state.game = self.game
        state.position = after
        state.offered = None
        state.is_chance = _IS_CHANCE[phase]
        state.is_terminal = phase == _OVER
        return state

    def _apply(self, action: CribbageAction) -> CribbageState:
        after = self._apply_if_legal(action)
        assert after is not None, f"{action} is not legal here"
        return after

    def chance_outcomes(self) -> Sequence[tuple[CribbageAction, Fraction]]:
        if not self.is_chance:
            raise IllegalActionError(f"no card is being cut or dealt: this is the {self.phase.value} phase",
                                     code="not_chance", params={"phase": self.phase.value})
        probability = Fraction(1, self.position[PACK_N])
        return tuple((a, probability) for a in self.legal_actions())

    def sample_chance(self, rng: random.Random) -> CribbageAction:
        p = self.position
        outcomes = CHANCE_ACTIONS[p[_PHASE]]
        if outcomes is None:
            raise IllegalActionError(f"no card is being cut or dealt: this is the {self.phase.value} phase",
                                     code="not_chance", params={"phase": self.phase.value})
        # the same draw as rng.choice of the pack's cards in index order, without listing them: the place, then
        # the card there, found thirteen cards (a slot of the pack) at a time
        index = rng.choice(_RANGES[p[_PACK_N]])
        for quarter in _QUARTERS:
            cards = _SELECT[p[quarter]]
            if index < len(cards):
                return outcomes[cards[index] + 13 * (quarter - _PACK)]
            index -= len(cards)
        raise AssertionError("a card beyond the pack was drawn")

    def seat_points(self) -> tuple[float, ...]:
        """Each seat's side's points in the game being played (the front peg, C3)."""
        game, p = self.game, self.position
        return tuple(float(p[SCORES + game.side_of(seat)]) for seat in range(game.num_players))

    def returns(self) -> tuple[float, ...]:
        """Match result: the winning side's seats +1 (shared among tied sides), the others −1 (shared)."""
        out = array("d", bytes(8 * self.game.num_players))
        pegboard.outcome(self.position, out)
        return tuple(out)

    @property
    def scored(self) -> tuple[ScoreEvent, ...]:
        """Points pegged by the last action, itemised where they were counted for the player."""
        return events_of.scored(self.told)

    def events(self) -> Sequence[Event]:
        """What the last action did: the action (a dealt card and a discard only whole for their
        seat, a twin without the cards for the others), then the points, games and deals it caused."""
        return events_of.events(self.game, self.told, lambda: self.table)

    def result(self) -> Event | None:
        """The match's result (C16): ``game_won`` by a side — a seat, or with four players the
        partnership 0 (seats 0 & 2) or 1 (seats 1 & 3) — ``game_shared`` by sides level on match
        points and games won, ``game_drawn`` when every side is level. With the match points, the
        games won and the last game's scores."""
        p, game = self.position, self.game
        if p[PHASE] != OVER:
            return None
        table = self.table
        top = leaders(p)
        params: dict[str, Any] = {"match_points": list(table.match_points), "games_won": events_of.games_won(table),
                                  "scores": list(table.results[-1].scores if table.results else table.scores)}
        if len(top) == 1:
            return event("game_won", side=top[0], members=events_of.members(game, top[0]), **params)
        if len(top) == game.sides:
            return event("game_drawn", **params)
        return event("game_shared", members=[s for side in top for s in events_of.members(game, side)], **params)

    def view(self, player: Player) -> View:
        return view(self, player)

    def public_view(self) -> View:
        return public_view(self)

    def observation(self, action: CribbageAction, player: Player) -> str | None:
        """Cards dealt to others and others' discards are hidden; the rest is public."""
        match action:
            case act.Deal():
                p, game = self.position, self.game
                recipient = (p[DEALER] + 1 + p[DEALT]) % game.num_players if p[DEALT] < game.to_hands else None
                return str(action) if recipient == player else "deal"
            case act.Discard(cards):
                return str(action) if self.position[TO_MOVE] == player else "discard " + " ".join("?" for _ in cards)
        return str(action)

    def describe(self, action: CribbageAction) -> str:
        return describe(self, action)

    def render(self, player: Player | None = None) -> str:
        return render_state(self, player)

    def __str__(self) -> str:
        return self.render()

    # --- the position's parts ------------------------------------------------------------------

    @property
    def table(self) -> Table:
        """The position with its parts named (card ints), decoded once (a playout never asks: the slot is not
        even set until then)."""
        try:
            return self._table
        except AttributeError:
            found = self._table = table_of(self.game, self.position)
            return found

    @property
    def told(self) -> tuple[Told, ...]:
        """What the last action did, as the kernel noted it (read without decoding the rest of the position)."""
        try:
            return self._table.told
        except AttributeError:
            return told_of(self.position)

    @property
    def phase(self) -> Phase:
        return PHASES[self.position[PHASE]]

    @property
    def dealer(self) -> int:
        return self.position[DEALER]

    @property
    def to_move(self) -> int:
        """The seat to act next (or last to act, in a chance phase)."""
        return self.position[TO_MOVE]

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards not yet dealt, in index order."""
        return _cards(self.table.pack)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """What each seat holds now, in the order dealt."""
        return tuple(_cards(h) for h in self.table.hands)

    @property
    def kept(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand for the show (after laying away)."""
        return tuple(_cards(h) for h in self.table.kept)

    @property
    def discards(self) -> tuple[tuple[Card, ...], ...]:
        """What each seat laid away to the crib."""
        return tuple(_cards(h) for h in self.table.discards)

    @property
    def crib(self) -> tuple[Card, ...]:
        return _cards(self.table.crib)

    @property
    def dealt(self) -> int:
        """Cards dealt so far this hand."""
        return self.position[DEALT]

    @property
    def starter(self) -> Card | None:
        starter = self.position[STARTER_CARD]
        return DECK[starter] if starter >= 0 else None

    @property
    def count(self) -> int:
        """The running total in the pegging."""
        return self.position[COUNT]

    @property
    def series(self) -> tuple[Card, ...]:
        """Cards played since the count was last reset."""
        return _cards(self.table.series)

    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's face-up cards this hand (C8)."""
        return tuple(_cards(p) for p in self.table.piles)

    @property
    def passed(self) -> frozenset[int]:
        """Seats that said go in this series."""
        return self.table.passed

    @property
    def last_player(self) -> int | None:
        """Who played the last card of the series."""
        return self.table.last_player

    @property
    def scores(self) -> tuple[int, ...]:
        """Per side."""
        return self.table.scores

    @property
    def pegs(self) -> tuple[Pegs, ...]:
        """Per side (C2)."""
        t = self.table
        return tuple(Pegs(front, rear) for front, rear in zip(t.scores, t.rears, strict=True))

    @property
    def show_step(self) -> int:
        """0…players−1: the hands in counting order; players: the crib."""
        return self.position[SHOW_STEP]

    @property
    def cutters(self) -> tuple[int, ...]:
        """Seats cutting for the deal this round (C6)."""
        return self.table.cutters

    @property
    def cuts(self) -> tuple[Card, ...]:
        """Their cuts so far, in order."""
        return _cards(self.table.cuts)

    @property
    def pending(self) -> Pending | None:
        """A muggins claim under way (C17)."""
        return self.table.pending

    @property
    def match_points(self) -> tuple[int, ...]:
        """Per side (C16, C18)."""
        return self.table.match_points

    @property
    def results(self) -> tuple[GameResult, ...]:
        """The finished games of the match."""
        return self.table.results

    # --- helpers for views, renderers and bots ----------------------------------------------

    def show_seat(self) -> int | None:
        """In the show: the seat counting now, or None when it is the crib."""
        n, p = self.game.num_players, self.position
        return None if p[SHOW_STEP] >= n else (p[DEALER] + 1 + p[SHOW_STEP]) % n


_NEW = object.__new__
_MOVE, _IS_CHANCE, _OVER, _PHASE, _PACK_N, _PACK = MOVES.get, IS_CHANCE, OVER, PHASE, PACK_N, PACK
_SELECT: tuple[tuple[int, ...], ...] = ()  # (select_table(), bound by _start)
_QUARTERS = tuple(range(PACK, PACK + 4))
"""What :meth:`CribbageState.apply` and :meth:`~CribbageState.sample_chance` read on every step, bound once: a
global name costs less than a module's attribute."""
_STEP = kernel.step
"""The kernel's step, bound again by :func:`_start` once the kernel is compiled."""
_STARTED = False
_START_POSITION: Position = []  # (a position of the kernel's kind, made by _start)
_NO_CODE = NO_CODE
"""What :meth:`CribbageState.apply` reads for something that is no cribbage action: a phase no position is in."""
_RANGES = tuple(range(n) for n in range(53))
"""``range(n)`` for each size of pack: ``rng.choice`` of one draws the place of a card as of the pack itself."""


def _start() -> None:
    """Compile the kernel (where Numba is installed) before the first position, and bind its step here (its
    machine code for a position and a move, without Numba's dispatch on types: apply passes nothing else)."""
    global _STEP, _STARTED, _SELECT, _START_POSITION
    if not _STARTED:
        kernel.start()
        _START_POSITION = kernel.new_position(2, 121, False, False, 1, False)
        _STEP = entry(kernel.step, _START_POSITION, 0)
        _SELECT = select_table()
        _STARTED = True


def _fill(state: CribbageState, game: Cribbage, position: Position) -> None:
    phase = position[PHASE]
    state.game, state.position, state.offered = game, position, None
    state.is_chance, state.is_terminal = _IS_CHANCE[phase], phase == _OVER


def from_position(game: Cribbage, position: Position) -> CribbageState:
    """The state showing a kernel position (a new game, a world sampled from a view, an unpickled state)."""
    _start()
    state = _NEW(CribbageState)
    _fill(state, game, position if type(position) is type(_START_POSITION) else kernel.as_position(position))
    return state


def initial_state(game: Cribbage) -> CribbageState:
    """Everyone cuts for the first deal (C6)."""
    options = game.options
    return from_position(game, kernel.new_position(game.players, game.target, game.muggins, options["skunk"],
                                                   options["games"], options["stop_at_majority"]))


def from_table(game: Cribbage, table: Table) -> CribbageState:
    """The state of a position given by its named parts (a world sampled from a view)."""
    return from_position(game, position_of(game, table))


def _ints(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(c.index for c in cards)


def _cards(cards: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(DECK[c] for c in cards)
