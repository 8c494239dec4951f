"""A kernel position read as named values, and named values written as a position.

The kernel keeps a position as one array of ints, slot by slot (:mod:`.layout`), because that is what it steps
fast. What reads a position at leisure — views, events, the encoding's vectors, renderers, tests — reads a
:class:`Table` instead: the same position with a name for each part (the pack, each hand as a tuple of card
ints in the order dealt, the scores, a :class:`.phases.Pending` muggins claim, the :class:`.phases.GameResult`
of each game…) and what the last action did as short tuples (:data:`Told`), decoded once when first asked.
:func:`position_of` writes a table back as a position (a test's chosen position, a world sampled from a view).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import tabletop.games.cribbage.kernel as kernel
import tabletop.games.cribbage.pegboard as pegboard
from tabletop.games.cribbage.layout import (
    COUNT,
    CRIB,
    CRIB_N,
    CUTS,
    CUTS_N,
    CUTTERS,
    CUTTERS_N,
    DEALER,
    DEALT,
    ENDED,
    FOR_PLAY,
    FULL,
    HANDS,
    HELD,
    KEPT,
    KEPT_N,
    LAID,
    LAID_N,
    LAST,
    MATCH,
    MAX_GAMES,
    MAX_HAND,
    MAX_LAID,
    MAX_SEATS,
    MAX_SERIES,
    P_ACTUAL,
    P_CLAIMANTS,
    P_CLAIMANTS_N,
    P_DECLARED,
    P_RESUME,
    P_SEAT,
    P_WHAT,
    PACK,
    PACK_N,
    PASSED,
    PENDING,
    PHASE,
    PILE_N,
    PILES,
    PLAYERS,
    REARS,
    RESULT,
    RESULTS,
    RESULTS_N,
    SCORES,
    SERIES,
    SERIES_N,
    SHOW_STEP,
    SIDES,
    STARTER_CARD,
    TO_MOVE,
    TOLD,
    TOLD_CLAIMS,
    TOLD_COUNTS,
    TOLD_CRIB_DEALT,
    TOLD_CUT,
    TOLD_CUT_TIE,
    TOLD_DEALER,
    TOLD_DEALT,
    TOLD_DISCARDS,
    TOLD_GO,
    TOLD_MATCH_OVER,
    TOLD_MUGGINS,
    TOLD_N,
    TOLD_PASSES,
    TOLD_PEGS,
    TOLD_PLAYS,
    TOLD_STARTER,
    TOLD_WINS_GAME,
    Position,
)
from tabletop.games.cribbage.phases import GameResult, Pending, Phase

if TYPE_CHECKING:
    from tabletop.games.cribbage.game import Cribbage

Told = tuple[Any, ...]
"""Something an action did: its kind, then its values (see :func:`told_of` for each kind)."""

PHASES = tuple(Phase)
"""The phases by their kernel number."""
WHAT = ("pegging", "hand", "crib")
"""A muggins claim's ``what`` by its kernel number."""
WHY = ("pegging", "go", "last card", "heels", "hand", "crib", "muggins")
"""What points were pegged for, by the kernel's ``FOR_*`` number (:class:`.phases.ScoreEvent`'s kinds)."""
DEALS = ("cut", "loser", "left")
"""Why a seat deals, by the kernel's ``DEALS_*`` number."""


class Table:
    """One cribbage position with a name for each part (card ints; see the module doc). Read-only by convention."""

    __slots__ = ("count", "crib", "cuts", "cutters", "dealer", "dealt", "discards", "ended_game", "game", "hands",
                 "kept", "last_player", "match_points", "pack", "pack_mask", "passed", "pending", "phase", "piles",
                 "rears", "results", "scores", "series", "show_step", "starter", "to_move", "told")

    game: Cribbage
    phase: int  #: a position in :data:`PHASES`
    dealer: int
    to_move: int
    pack: tuple[int, ...]  #: the cards not yet dealt, in index order
    pack_mask: int  #: bit ``card`` set for each card in ``pack``
    hands: tuple[tuple[int, ...], ...]  #: what each seat holds now, in the order dealt
    kept: tuple[tuple[int, ...], ...]  #: each seat's hand for the show (after laying away)
    discards: tuple[tuple[int, ...], ...]  #: what each seat laid away to the crib
    crib: tuple[int, ...]
    dealt: int  #: cards dealt so far this hand
    starter: int  #: −1 before it is turned
    count: int  #: the running total in the pegging
    series: tuple[int, ...]  #: cards played since the count was last reset
    piles: tuple[tuple[int, ...], ...]  #: each seat's face-up cards this hand (C8)
    passed: frozenset[int]  #: seats that said go in this series
    last_player: int | None  #: who played the last card of the series
    scores: tuple[int, ...]  #: per side: the front peg (C2)
    rears: tuple[int, ...]  #: per side: the rear peg, the score before the last points (C2)
    show_step: int  #: 0…players−1: the hands in counting order; players: the crib
    cutters: tuple[int, ...]  #: seats cutting for the deal this round (C6)
    cuts: tuple[int, ...]  #: their cuts so far, in order
    pending: Pending | None  #: a muggins claim under way (C17)
    match_points: tuple[int, ...]  #: per side (C16, C18)
    results: tuple[GameResult, ...]  #: the finished games of the match
    told: tuple[Told, ...]  #: what the last action did
    ended_game: bool  #: the last action won a game (C14): nothing more is pegged in it

    def key(self) -> tuple[Any, ...]:
        """Everything that makes the position (not what the last action did): equal positions, equal keys."""
        return (self.game, self.phase, self.dealer, self.to_move, self.pack_mask, self.hands, self.kept,
                self.discards, self.crib, self.dealt, self.starter, self.count, self.series, self.piles,
                self.passed, self.last_player, self.scores, self.rears, self.show_step, self.cutters, self.cuts,
                self.pending, self.match_points, self.results)


def _run(p: Position, start: int, length: int) -> tuple[int, ...]:
    return tuple(p[start:start + length])


def table_of(game: Cribbage, p: Position) -> Table:
    """The position ``p`` of ``game`` with its parts named."""
    t = object.__new__(Table)
    n, sides = p[PLAYERS], p[SIDES]
    t.game, t.phase, t.dealer, t.to_move = game, p[PHASE], p[DEALER], p[TO_MOVE]
    mask = t.pack_mask = pack_mask(p)
    t.pack = tuple(c for c in range(52) if mask >> c & 1)
    t.hands = tuple(_run(p, HANDS + MAX_HAND * s, p[HELD + s]) for s in range(n))
    t.kept = tuple(_run(p, KEPT + 4 * s, p[KEPT_N + s]) for s in range(n))
    t.discards = tuple(_run(p, LAID + MAX_LAID * s, p[LAID_N + s]) for s in range(n))
    t.crib, t.dealt, t.starter, t.count = _run(p, CRIB, p[CRIB_N]), p[DEALT], p[STARTER_CARD], p[COUNT]
    t.series = _run(p, SERIES, p[SERIES_N])
    t.piles = tuple(_run(p, PILES + 4 * s, p[PILE_N + s]) for s in range(n))
    t.passed = frozenset(s for s in range(n) if p[PASSED] >> s & 1)
    t.last_player = p[LAST] if p[LAST] >= 0 else None
    t.scores, t.rears = _run(p, SCORES, sides), _run(p, REARS, sides)
    t.show_step = p[SHOW_STEP]
    t.cutters, t.cuts = _run(p, CUTTERS, p[CUTTERS_N]), _run(p, CUTS, p[CUTS_N])
    t.pending = None if not p[PENDING] else Pending(
        p[P_SEAT], p[P_ACTUAL], p[P_DECLARED], _run(p, P_CLAIMANTS, p[P_CLAIMANTS_N]),
        PHASES[p[P_RESUME]], WHAT[p[P_WHAT]])
    t.match_points = _run(p, MATCH, sides)
    t.results = tuple(GameResult(p[at], _run(p, at + 2, sides), p[at + 1])
                      for at in range(RESULTS, RESULTS + RESULT * p[RESULTS_N], RESULT))
    t.told, t.ended_game = told_of(p), bool(p[ENDED])
    return t


def told_of(p: Position) -> tuple[Told, ...]:
    """What the last action did, from the position's told slots, as tuples of a kind and its values:

    ``("cut", seat, card)``, ``("cut_tie", seats, rank)``, ``("dealer", seat, why)``, ``("dealt", seat, card)``,
    ``("crib_dealt",)``, ``("discards", seat, cards)``, ``("starter", card)``, ``("plays", seat, card, count)``,
    ``("go", seat)``, ``("passes", seat)``, ``("pegs", seat, side, points, why, score, itemise)`` — ``itemise``
    None, ``(series,)`` or ``(cards, starter, crib)`` —, ``("counts", seat, what, cards, starter, declared)``,
    ``("claims", seat, declared)``, ``("muggins", seat, of, what)``,
    ``("wins_game", side, scores, value, number, games, match_points)``, ``("match_over", sides, match_points)``.
    """
    told: list[Told] = []
    at, end = TOLD, TOLD + p[TOLD_N]
    sides = p[SIDES]
    while at < end:
        kind, length = p[at], p[at + 1]
        v = p[at + 2:at + 2 + length]
        at += 2 + length
        if kind == TOLD_DEALT:
            told.append(("dealt", v[0], v[1]))
        elif kind == TOLD_PLAYS:
            told.append(("plays", v[0], v[1], v[2]))
        elif kind == TOLD_PEGS:
            itemise: tuple[Any, ...] | None = None
            if v[5] and v[3] == FOR_PLAY:
                itemise = (tuple(v[6:6 + v[5]]),)
            elif v[5]:
                itemise = (tuple(v[6:10]), v[10], bool(v[11]))
            told.append(("pegs", v[0], v[1], v[2], WHY[v[3]], v[4], itemise))
        elif kind == TOLD_GO:
            told.append(("go", v[0]))
        elif kind == TOLD_PASSES:
            told.append(("passes", v[0]))
        elif kind == TOLD_CRIB_DEALT:
            told.append(("crib_dealt",))
        elif kind == TOLD_DISCARDS:
            told.append(("discards", v[0], tuple(v[1:])))
        elif kind == TOLD_STARTER:
            told.append(("starter", v[0]))
        elif kind == TOLD_COUNTS:
            told.append(("counts", v[0], WHAT[v[1]], tuple(v[4:8]), v[3], v[2]))
        elif kind == TOLD_CUT:
            told.append(("cut", v[0], v[1]))
        elif kind == TOLD_CUT_TIE:
            told.append(("cut_tie", tuple(v[1:]), v[0]))
        elif kind == TOLD_DEALER:
            told.append(("dealer", v[0], DEALS[v[1]]))
        elif kind == TOLD_CLAIMS:
            told.append(("claims", v[0], v[1]))
        elif kind == TOLD_MUGGINS:
            told.append(("muggins", v[0], v[1], WHAT[v[2]]))
        elif kind == TOLD_WINS_GAME:
            told.append(("wins_game", v[0], tuple(v[4:4 + sides]), v[1], v[2], v[3], tuple(v[4 + sides:4 + 2 * sides])))
        elif kind == TOLD_MATCH_OVER:
            told.append(("match_over", tuple(s for s in range(sides) if v[0] >> s & 1), tuple(v[1:1 + sides])))
        else:
            raise AssertionError(f"the kernel wrote down kind {kind}, which has no meaning")
    return tuple(told)


def pack_mask(p: Position) -> int:
    """The cards not dealt as one 52-bit mask (bit ``c`` for card ``c``)."""
    return p[PACK] | p[PACK + 1] << 13 | p[PACK + 2] << 26 | p[PACK + 3] << 39


def leaders(p: Position) -> tuple[int, ...]:
    """The sides with the most match points; among several, those with most games won (C16)."""
    top = pegboard.match_leaders(p)
    return tuple(side for side in range(p[SIDES]) if top >> side & 1)


def position_of(game: Cribbage, t: Table) -> Position:
    """The kernel position of ``t`` (its ``told`` and ``ended_game`` are not written: a position only).

    Raises:
        ValueError: for parts the position has no room for (more cards in a hand than dealt, more games than a
            match has…).
    """
    options = game.options
    p = kernel.new_position(game.players, game.target, game.muggins, options["skunk"], options["games"],
                            options["stop_at_majority"])
    n = game.players
    p[PHASE], p[DEALER], p[TO_MOVE], p[PACK_N] = t.phase, t.dealer, t.to_move, t.pack_mask.bit_count()
    for quarter in range(4):
        p[PACK + quarter] = t.pack_mask >> 13 * quarter & FULL
    p[DEALT], p[STARTER_CARD], p[COUNT], p[SHOW_STEP] = t.dealt, t.starter, t.count, t.show_step
    p[LAST] = -1 if t.last_player is None else t.last_player
    p[PASSED] = sum(1 << s for s in t.passed)
    for seat in range(n):
        _write(p, HELD + seat, HANDS + MAX_HAND * seat, MAX_HAND, t.hands[seat])
        _write(p, KEPT_N + seat, KEPT + 4 * seat, 4, t.kept[seat])
        _write(p, LAID_N + seat, LAID + MAX_LAID * seat, MAX_LAID, t.discards[seat])
        _write(p, PILE_N + seat, PILES + 4 * seat, 4, t.piles[seat])
    _write(p, CRIB_N, CRIB, 4, t.crib)
    _write(p, SERIES_N, SERIES, MAX_SERIES, t.series)
    for side in range(game.sides):
        p[SCORES + side], p[REARS + side], p[MATCH + side] = t.scores[side], t.rears[side], t.match_points[side]
    _write(p, CUTTERS_N, CUTTERS, MAX_SEATS, t.cutters)
    for slot in range(CUTTERS + len(t.cutters), CUTTERS + MAX_SEATS):
        p[slot] = 0
    _write(p, CUTS_N, CUTS, MAX_SEATS, t.cuts)
    pending = t.pending
    if pending is not None:
        p[PENDING], p[P_SEAT], p[P_ACTUAL], p[P_DECLARED] = 1, pending.seat, pending.actual, pending.declared
        p[P_RESUME], p[P_WHAT] = PHASES.index(pending.resume), WHAT.index(pending.what)
        _write(p, P_CLAIMANTS_N, P_CLAIMANTS, MAX_SEATS - 1, pending.claimants)
    if len(t.results) > MAX_GAMES:
        raise ValueError(f"{len(t.results)} games played: a match has at most {MAX_GAMES}")
    p[RESULTS_N] = len(t.results)
    for number, result in enumerate(t.results):
        at = RESULTS + RESULT * number
        p[at], p[at + 1] = result.winner, result.value
        for side, score in enumerate(result.scores):
            p[at + 2 + side] = score
    return p


def _write(p: Position, length: int, start: int, room: int, values: tuple[int, ...]) -> None:
    if len(values) > room:
        raise ValueError(f"{len(values)} values where a position has room for {room}")
    p[length] = len(values)
    for i, value in enumerate(values):
        p[start + i] = value
