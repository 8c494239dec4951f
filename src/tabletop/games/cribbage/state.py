"""The cribbage position as the game interface shows it: actions and cards in, views and events out, the
rules on the kernel underneath (:mod:`.kernel`).

A :class:`CribbageState` holds a kernel :class:`~.kernel.Table` (cards as ints) and shows it as the position
the rules describe: its fields are the pack, hands, crib, piles and scores as :class:`Card` tuples and plain
values. A state made by a transition fills those fields only when someone reads them (``__getattr__``
decodes a field from the table once), because a playout reads none of them; a state made from its fields
(``CribbageState(...)``, :func:`dataclasses.replace`, a test's chosen position) encodes them into a table.

:meth:`CribbageState.apply` is the fast path of every playout, rollout and learning step: an action the
state offered is found by identity (:data:`.moves.MOVES`), checked once against the kernel's phase and its
cards, and handed to the kernel without another check; anything else goes through the core's checks, which
say what was wrong and what is allowed. The actions a state offers are the game's interned action objects,
listed once per state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import tabletop.games.cribbage.actions as act
import tabletop.games.cribbage.events as events_of
import tabletop.games.cribbage.kernel as k
from tabletop.core import CHANCE, TERMINAL, Event, IllegalActionError, Player, State, View, event
from tabletop.core.cards import DECK, Card
from tabletop.games.cribbage.actions import CribbageAction
from tabletop.games.cribbage.moves import CHANCE_ACTIONS, MOVES, Move, move_of, offered
from tabletop.games.cribbage.phases import GameResult, Pegs, Pending, Phase, ScoreEvent
from tabletop.games.cribbage.render import describe, render_state
from tabletop.games.cribbage.views import public_view, view

if TYPE_CHECKING:
    from tabletop.games.cribbage.game import Cribbage


class _OnTable(State[CribbageAction]):
    """The slots a cribbage state keeps beside its fields: its kernel position, whether chance acts or the match
    is over (the base's properties kept as values: a playout reads both every step) and, once asked, its legal
    actions.

    (mypy does not see a base's slots on a ``slots=True`` dataclass, hence the ``type: ignore[misc]`` where
    :class:`CribbageState` sets them.)
    """

    __slots__ = ("is_chance", "is_terminal", "offered", "table")

    table: k.Table
    offered: tuple[CribbageAction, ...] | None
    is_chance: bool
    is_terminal: bool


@dataclass(slots=True, eq=False)
class CribbageState(_OnTable):
    """A cribbage position. Hidden parts (hands, discards, the rest of the pack) only leave through
    :meth:`view`; the pack has no order until chance deals from it.

    Never changed once handed out; compared and hashed by its kernel position.
    """

    game: Cribbage
    phase: Phase
    dealer: int
    to_move: int
    deck: tuple[Card, ...]  #: the cards not yet dealt, in index order
    hands: tuple[tuple[Card, ...], ...]  #: what each seat holds now
    kept: tuple[tuple[Card, ...], ...]  #: each seat's hand for the show (after discarding)
    discards: tuple[tuple[Card, ...], ...]  #: what each seat laid away to the crib
    crib: tuple[Card, ...]
    dealt: int  #: cards dealt so far this hand
    starter: Card | None
    count: int  #: the running total in the pegging
    series: tuple[Card, ...]  #: cards played since the count was last reset
    piles: tuple[tuple[Card, ...], ...]  #: each seat's face-up cards this hand (C8)
    passed: frozenset[int]  #: seats that said go in this series
    last_player: int | None  #: who played the last card of the series
    scores: tuple[int, ...]  #: per side
    pegs: tuple[Pegs, ...]  #: per side (C2)
    show_step: int  #: 0…players−1: the hands in counting order; players: the crib
    cutters: tuple[int, ...]  #: seats cutting for the deal this round (C6)
    cuts: tuple[Card, ...]  #: their cuts so far, in order
    pending: Pending | None  #: a muggins claim under way (C17)
    match_points: tuple[int, ...]  #: per side (C16, C18)
    results: tuple[GameResult, ...]  #: the finished games of the match

    def __post_init__(self) -> None:
        table = self.table = _encode(self)  # type: ignore[misc]
        self.offered = None  # type: ignore[misc]
        self.is_chance, self.is_terminal = k.IS_CHANCE[table.phase], table.phase == k.OVER  # type: ignore[misc]

    def __getattr__(self, name: str) -> Any:
        """A field of a state made by a transition, decoded from its table on first use."""
        decode = _DECODE.get(name)
        if decode is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        value = decode(self.table)
        object.__setattr__(self, name, value)
        return value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CribbageState) and self.table.key() == other.table.key()

    def __hash__(self) -> int:
        return hash(self.table.key())

    # --- the interface -----------------------------------------------------------------------

    @property
    def current_player(self) -> Player:
        table = self.table
        phase = table.phase
        if k.IS_CHANCE[phase]:
            return CHANCE
        return TERMINAL if phase == k.OVER else table.to_move

    def legal_actions(self) -> Sequence[CribbageAction]:
        found = self.offered
        if found is None:
            found = self.offered = offered(self.table)  # type: ignore[misc]
        return found

    def is_legal(self, action: CribbageAction) -> bool:
        move = MOVES.get(id(action)) or move_of(action)
        table = self.table
        return move is not None and move[0] == table.phase and k.is_legal(table, move[1])

    def _apply_if_legal(self, action: CribbageAction) -> CribbageState | None:
        """The move decoded once for the check and the step (the core's ``apply`` refuses a None)."""
        phase, move = _MOVE(id(action)) or move_of(action) or _NO_MOVE
        table = self.table
        # a card from the pack (k.is_legal's first case, inline: chance is half the steps of a playout)
        if phase != table.phase or not (table.pack_mask >> move & 1 if _IS_CHANCE[phase] else _LEGAL(table, move)):
            return None
        after = _SUCCESSOR(table)  # k.step and _state, unrolled: the hot path of every playout
        _RULES[phase](after, move)
        state = _NEW(CribbageState)
        phase = after.phase
        state.game, state.table, state.offered = self.game, after, None  # type: ignore[misc]
        state.is_chance, state.is_terminal = _IS_CHANCE[phase], phase == _OVER  # type: ignore[misc]
        return state

    def _apply(self, action: CribbageAction) -> CribbageState:
        move = MOVES.get(id(action)) or move_of(action)
        assert move is not None
        return _state(self.game, k.step(self.table, move[1]))

    def chance_outcomes(self) -> Sequence[tuple[CribbageAction, Fraction]]:
        if not self.is_chance:
            raise IllegalActionError(f"no card is being cut or dealt: this is the {self.phase.value} phase",
                                     code="not_chance", params={"phase": self.phase.value})
        probability = Fraction(1, len(self.table.pack))
        return tuple((a, probability) for a in self.legal_actions())

    def sample_chance(self, rng: random.Random) -> CribbageAction:
        table = self.table
        outcomes = CHANCE_ACTIONS[table.phase]
        if outcomes is None:
            raise IllegalActionError(f"no card is being cut or dealt: this is the {self.phase.value} phase",
                                     code="not_chance", params={"phase": self.phase.value})
        return outcomes[rng.choice(table.pack)]  # the same draw as pack[rng.randrange(len(pack))]

    def seat_points(self) -> tuple[float, ...]:
        """Each seat's side's points in the game being played (the front peg, C3)."""
        game, scores = self.game, self.table.scores
        return tuple(float(scores[game.side_of(seat)]) for seat in range(game.num_players))

    def returns(self) -> tuple[float, ...]:
        """Match result: the winning side's seats +1 (shared among tied sides), the others −1 (shared)."""
        game, table = self.game, self.table
        n = game.num_players
        if table.phase != k.OVER:
            return (0.0,) * n
        top = k.match_leaders(table.match_points, table.results)
        rest = game.sides - len(top)
        if rest == 0:
            return (0.0,) * n
        per_side = [1 / len(top) if side in top else -1 / rest for side in range(game.sides)]
        return tuple(per_side[game.side_of(seat)] for seat in range(n))

    @property
    def scored(self) -> tuple[ScoreEvent, ...]:
        """Points pegged by the last action, itemised where they were counted for the player."""
        return events_of.scored(self.table)

    def events(self) -> Sequence[Event]:
        """What the last action did: the action (a dealt card and a discard only whole for their
        seat, a twin without the cards for the others), then the points, games and deals it caused."""
        return events_of.events(self.table)

    def result(self) -> Event | None:
        """The match's result (C16): ``game_won`` by a side — a seat, or with four players the
        partnership 0 (seats 0 & 2) or 1 (seats 1 & 3) — ``game_shared`` by sides level on match
        points and games won, ``game_drawn`` when every side is level. With the match points, the
        games won and the last game's scores."""
        table, game = self.table, self.game
        if table.phase != k.OVER:
            return None
        top = k.match_leaders(table.match_points, table.results)
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
                table = self.table
                recipient = (table.dealer + 1 + table.dealt) % self.game.num_players \
                    if table.dealt < self.game.to_hands else None
                return str(action) if recipient == player else "deal"
            case act.Discard(cards):
                return str(action) if self.table.to_move == player else "discard " + " ".join("?" for _ in cards)
        return str(action)

    def describe(self, action: CribbageAction) -> str:
        return describe(self, action)

    def render(self, player: Player | None = None) -> str:
        return render_state(self, player)

    def __str__(self) -> str:
        return self.render()

    # --- helpers for views, renderers and bots ----------------------------------------------

    def show_seat(self) -> int | None:
        """In the show: the seat counting now, or None when it is the crib."""
        n, table = self.game.num_players, self.table
        return None if table.show_step >= n else (table.dealer + 1 + table.show_step) % n


_NEW = object.__new__
_MOVE, _IS_CHANCE, _LEGAL, _SUCCESSOR, _RULES, _OVER = MOVES.get, k.IS_CHANCE, k.is_legal, k.successor, k.RULES, k.OVER
"""What :meth:`CribbageState.apply` reads on every step, bound once: a global name costs less than a module's
attribute (6–10% of an ``apply``, in paired runs over random play)."""
_NO_MOVE: Move = (-1, None)
"""What :meth:`CribbageState.apply` reads for something that is no cribbage action: a phase no position is in."""


def _state(game: Cribbage, table: k.Table) -> CribbageState:
    """The interface over ``table``: its fields are decoded when read."""
    state = _NEW(CribbageState)
    phase = table.phase
    state.game, state.table, state.offered = game, table, None  # type: ignore[misc]
    state.is_chance, state.is_terminal = k.IS_CHANCE[phase], phase == k.OVER  # type: ignore[misc]
    return state


def from_table(table: k.Table) -> CribbageState:
    """The state showing a kernel position (a new game, a world sampled from a view)."""
    return _state(table.game, table)


def _ints(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(c.index for c in cards)


def _encode(state: CribbageState) -> k.Table:
    """The kernel position of a state built from its fields."""
    t = _NEW(k.Table)
    t.game, t.phase, t.dealer, t.to_move = state.game, k.PHASES.index(state.phase), state.dealer, state.to_move
    t.pack = tuple(sorted(_ints(state.deck)))
    t.pack_mask = sum(1 << c for c in t.pack)
    t.hands = tuple(_ints(h) for h in state.hands)
    t.kept = tuple(_ints(h) for h in state.kept)
    t.discards = tuple(_ints(h) for h in state.discards)
    t.crib, t.dealt, t.count, t.series = _ints(state.crib), state.dealt, state.count, _ints(state.series)
    t.starter = -1 if state.starter is None else state.starter.index
    t.piles = tuple(_ints(p) for p in state.piles)
    t.passed, t.last_player, t.scores = frozenset(state.passed), state.last_player, tuple(state.scores)
    t.rears = tuple(p.rear for p in state.pegs)
    t.show_step, t.cutters, t.cuts, t.pending = state.show_step, tuple(state.cutters), _ints(state.cuts), state.pending
    t.match_points, t.results = tuple(state.match_points), tuple(state.results)
    t.told, t.ended_game = (), False
    return t


def _cards(cards: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(DECK[c] for c in cards)


_DECODE: dict[str, Any] = {
    "phase": lambda t: k.PHASES[t.phase],
    "dealer": lambda t: t.dealer,
    "to_move": lambda t: t.to_move,
    "deck": lambda t: _cards(t.pack),
    "hands": lambda t: tuple(_cards(h) for h in t.hands),
    "kept": lambda t: tuple(_cards(h) for h in t.kept),
    "discards": lambda t: tuple(_cards(h) for h in t.discards),
    "crib": lambda t: _cards(t.crib),
    "dealt": lambda t: t.dealt,
    "starter": lambda t: DECK[t.starter] if t.starter >= 0 else None,
    "count": lambda t: t.count,
    "series": lambda t: _cards(t.series),
    "piles": lambda t: tuple(_cards(p) for p in t.piles),
    "passed": lambda t: t.passed,
    "last_player": lambda t: t.last_player,
    "scores": lambda t: t.scores,
    "pegs": lambda t: tuple(Pegs(front, rear) for front, rear in zip(t.scores, t.rears, strict=True)),
    "show_step": lambda t: t.show_step,
    "cutters": lambda t: t.cutters,
    "cuts": lambda t: _cards(t.cuts),
    "pending": lambda t: t.pending,
    "match_points": lambda t: t.match_points,
    "results": lambda t: t.results,
}
"""How each field is read from the kernel position."""
