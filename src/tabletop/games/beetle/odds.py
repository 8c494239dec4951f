"""Exact odds for Beetle: who wins, in which place, and how long it takes.

Each player's sheet is a Markov chain of its own (a roll draws a part or loses the turn), and the
players' chains are independent; only the order in which they roll links them. So the exact
distribution of ``T`` — the number of rolls one player needs to finish from a given sheet — is
computed once per sheet by iterating that chain, and every joint question (who finishes first,
the finishing order, the number of rounds) is an exact sum over ``t`` of products of those
distributions. The sums are carried until every player's remaining probability is below
``TAIL`` (far below a float's resolution), so the figures are exact to double precision;
``error_bound`` reports the mass left out. The mean of ``T`` is exact as a fraction.

The roll-off that picks the starter (B6) draws no parts, so live odds during it are a mixture,
over the seats that may yet start, of the race from each: the chance of each starter has a closed
form (a tie re-rolls among only the tied, a fair contest of its own), so the cost does not grow
with the 6^n ways the roll-off can go.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from math import comb

import numpy as np

from tabletop.core import Player
from tabletop.games.beetle.parts import PartsTable
from tabletop.games.beetle.phases import Phase
from tabletop.games.beetle.state import BeetleState

TAIL = 1e-18
"""Sums stop once every player's chance of still not having finished is below this."""

MAX_STATES = 250_000
"""Largest per-player chain analysed; bigger custom tables are refused with a clear error."""

_MAX_ROLLS = 1_000_000


class Chain:
    """One player's sheet as a Markov chain: every reachable sheet and its moves on each face."""

    def __init__(self, table: PartsTable) -> None:
        self.table = table
        self.sheets: list[tuple[int, ...]] = [table.empty]
        self.index: dict[tuple[int, ...], int] = {table.empty: 0}
        moves: list[tuple[int, int]] = []  # (from, to) for every face that draws a part
        frontier = [table.empty]
        while frontier:
            nxt = []
            for sheet in frontier:
                src = self.index[sheet]
                for face in range(1, 7):
                    part = table.drawable(sheet, face)
                    if part is None:
                        continue
                    after = (*sheet[:part], sheet[part] + 1, *sheet[part + 1:])
                    if after not in self.index:
                        if len(self.sheets) >= MAX_STATES:
                            raise ValueError(
                                f"parts table {table.name!r} has more than {MAX_STATES} possible "
                                "sheets; too large for exact odds"
                            )
                        self.index[after] = len(self.sheets)
                        self.sheets.append(after)
                        nxt.append(after)
                    moves.append((src, self.index[after]))
            frontier = nxt
        self.finished = self.index[table.full]
        self.src = np.array([m[0] for m in moves], dtype=np.int64)
        self.dst = np.array([m[1] for m in moves], dtype=np.int64)
        advancing = np.bincount(self.src, minlength=len(self.sheets))
        self.stay = (6 - advancing) / 6.0  #: chance a roll draws nothing, per sheet

    def finish_pmf(self, start: tuple[int, ...]) -> np.ndarray:
        """``pmf[t]`` = P(the player finishes on exactly their t-th roll from ``start``)."""
        if start not in self.index:
            raise ValueError(f"sheet {start} cannot arise with parts table {self.table.name!r}")
        p = np.zeros(len(self.sheets))
        p[self.index[start]] = 1.0
        pmf = [0.0]
        if self.index[start] == self.finished:
            return np.array([1.0])
        p[self.finished] = 0.0
        remaining = 1.0
        while remaining > TAIL and len(pmf) < _MAX_ROLLS:
            moved = np.bincount(self.dst, weights=p[self.src] / 6.0, minlength=len(p))
            p = p * self.stay + moved
            pmf.append(float(p[self.finished]))
            p[self.finished] = 0.0
            remaining = float(p.sum())
        return np.array(pmf)

    def mean_rolls(self, start: tuple[int, ...]) -> Fraction:
        """E[T] from ``start``, exactly: E[s] = (1 + Σ E[s']/6) / (1 − stay(s)), finished first."""
        successors: list[list[int]] = [[] for _ in self.sheets]
        for a, b in zip(self.src.tolist(), self.dst.tolist(), strict=True):
            successors[a].append(b)
        expected = [Fraction(0)] * len(self.sheets)
        order = sorted(range(len(self.sheets)), key=lambda i: -sum(self.sheets[i]))
        for i in order:
            if i == self.finished:
                continue
            moves = successors[i]
            expected[i] = (1 + sum((expected[j] for j in moves), Fraction(0)) / 6) / Fraction(len(moves), 6)
        return expected[self.index[start]]


@lru_cache(maxsize=32)
def chain(table: PartsTable) -> Chain:
    """The (cached) chain of ``table``."""
    return Chain(table)


@dataclass(frozen=True)
class Distribution:
    """A distribution over 0, 1, 2, … (rolls or rounds) with its summaries."""

    pmf: tuple[float, ...]
    mean: float

    def percentile(self, q: float) -> int:
        """The smallest n with P(X ≤ n) ≥ q."""
        for n, cdf in enumerate(accumulate(self.pmf)):
            if cdf >= q - 1e-12:
                return n
        return len(self.pmf) - 1

    def summary(self) -> dict[str, float | int]:
        """Mean, median and the 5/25/75/95 % points."""
        return {
            "mean": self.mean,
            "p5": self.percentile(0.05),
            "p25": self.percentile(0.25),
            "median": self.percentile(0.5),
            "p75": self.percentile(0.75),
            "p95": self.percentile(0.95),
        }


@dataclass(frozen=True)
class Odds:
    """Exact odds, by position in ``order`` (the players still racing, next to roll first).

    ``win[k]``: P(player ``order[k]`` is the first to finish); ``places[k][r]``: P(they finish
    r-th among those in ``order``); ``rounds``: rounds of play still to come (a round is one roll
    each, starting with ``order[0]``) until the game ends.
    """

    order: tuple[int, ...]
    win: tuple[float, ...]
    places: tuple[tuple[float, ...], ...]
    rounds: Distribution
    error_bound: float


def finish_time(table: PartsTable, sheet: tuple[int, ...] | None = None) -> Distribution:
    """The distribution of rolls one player needs to finish from ``sheet`` (blank by default)."""
    sheet = table.empty if sheet is None else sheet
    c = chain(table)
    return Distribution(tuple(c.finish_pmf(sheet).tolist()), float(c.mean_rolls(sheet)))


def expected_rolls(table: PartsTable, sheet: tuple[int, ...] | None = None) -> Fraction:
    """E[rolls to finish] from ``sheet``, as an exact fraction."""
    return chain(table).mean_rolls(table.empty if sheet is None else sheet)


def race(
    table: PartsTable, sheets: Sequence[tuple[int, ...]], play_on: bool = False
) -> Odds:
    """Odds for players with ``sheets`` who roll in that order, the first of them next."""
    c = chain(table)
    by_sheet = {sheet: c.finish_pmf(sheet) for sheet in set(sheets)}  # alike sheets (a fresh game) once
    pmfs = [by_sheet[sheet] for sheet in sheets]
    m = len(pmfs)
    horizon = max(len(p) for p in pmfs) + 1
    pmf = np.zeros((m, horizon))
    for k, p in enumerate(pmfs):
        pmf[k, : len(p)] = p
    cdf = np.cumsum(pmf, axis=1)  # cdf[k, t] = P(T_k ≤ t)
    survive = np.clip(1.0 - cdf, 0.0, 1.0)  # P(T_k > t)
    before = np.hstack([np.ones((m, 1)), survive[:, :-1]])  # before[k, t] = P(T_k ≥ t)
    win = np.zeros(m)
    places = np.zeros((m, m))
    for k in range(m):
        # chance that each other player has finished before k's t-th roll, for every t
        ahead = [1.0 - survive[j] if j < k else 1.0 - before[j] for j in range(m) if j != k]
        counts = np.zeros((m, horizon))
        counts[0] = 1.0
        for q in ahead:  # Poisson-binomial over the others
            counts[1:] = counts[1:] * (1 - q) + counts[:-1] * q
            counts[0] = counts[0] * (1 - q)
        places[k] = (counts * pmf[k]).sum(axis=1)
        win[k] = places[k, 0]
    need = m - 1 if play_on and m > 1 else min(1, m)
    finished = np.zeros((m + 1, horizon))
    finished[0] = 1.0
    for k in range(m):
        finished[1:] = finished[1:] * survive[k] + finished[:-1] * cdf[k]
        finished[0] = finished[0] * survive[k]
    done_by = finished[need:].sum(axis=0)  # P(game over by the end of round t)
    rounds_pmf = np.diff(np.concatenate([[0.0], done_by]))
    rounds = Distribution(tuple(rounds_pmf.tolist()), float((1.0 - done_by).sum()))
    return Odds(
        tuple(range(m)),
        tuple(win.tolist()),
        tuple(tuple(row.tolist()) for row in places),
        rounds,
        m * TAIL,
    )


def turn_order_odds(table: PartsTable, players: int, play_on: bool = False) -> Odds:
    """Odds at the start of play, by position in turn order after the roll-off (B6)."""
    return race(table, [table.empty] * players, play_on)


def rolloff_chances(contenders: int, rolled: Sequence[int] = ()) -> tuple[Fraction, ...]:
    """P(each contender wins the roll-off), given the faces already rolled this round (B6).

    A tie for the highest face sends only the tied players to a fresh roll-off among themselves
    (B6), and a fresh roll-off is fair: its players are interchangeable and it ends with certainty
    (a round ties all k with chance 6^(1−k) < 1), so each of k tied players starts with chance 1/k.
    Only this round's faces therefore matter. If ``c`` contenders share the best face ``b`` so far
    and ``m`` are still to roll, each of those ``c`` starts when nobody beats ``b`` and ``t`` of the
    ``m`` tie it, with chance Σₜ C(m, t)·(1/6)ᵗ·((b − 1)/6)^(m − t) / (c + t); a contender below
    ``b`` cannot start; the ``m`` yet to roll are interchangeable and share the rest equally. Exact
    (fractions), in O(contenders) steps rather than 6^m orders of play.

    >>> rolloff_chances(3)
    (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3))
    >>> rolloff_chances(2, [6])
    (Fraction(11, 12), Fraction(1, 12))
    >>> rolloff_chances(3, [4, 6])
    (Fraction(0, 1), Fraction(11, 12), Fraction(1, 12))

    Raises:
        ValueError: for no contenders, more faces than contenders, or a face outside 1–6.
    """
    if contenders < 1 or len(rolled) > contenders or any(not 1 <= face <= 6 for face in rolled):
        raise ValueError(
            f"a roll-off needs 1 or more contenders and at most that many faces of 1–6; "
            f"got {contenders} contender(s) and faces {list(rolled)}"
        )
    if not rolled:
        return (Fraction(1, contenders),) * contenders
    best = max(rolled)
    leaders = sum(1 for face in rolled if face == best)
    waiting = contenders - len(rolled)
    tie, below = Fraction(1, 6), Fraction(best - 1, 6)
    leader = sum(
        (comb(waiting, t) * tie**t * below ** (waiting - t) / (leaders + t) for t in range(waiting + 1)),
        Fraction(0),
    )
    rest = (1 - leaders * leader) / waiting if waiting else Fraction(0)
    return (*(leader if face == best else Fraction(0) for face in rolled), *(rest,) * waiting)


def start_chances(state: BeetleState) -> dict[Player, Fraction]:
    """P(each seat is the one to start play), for the seats that still can (B6, B11).

    During the roll-off that is :func:`rolloff_chances`; once play has begun, it is the seat to roll.
    """
    if state.phase is Phase.ROLL_OFF:
        chances = rolloff_chances(len(state.contenders), state.rolloff)
        return {seat: p for seat, p in zip(state.contenders, chances, strict=True) if p}
    return {state.seat: Fraction(1)}


def win_probabilities(state: BeetleState) -> tuple[float, ...]:
    """P(each seat wins) from ``state``, exactly: the live odds a table shows.

    Given the seat that starts, play runs clockwise from it over every seat (B6), so each seat's
    chance is that of its position in a :func:`race` from there. The roll-off draws no parts (its
    rolls only choose the starter, B11), so during it the answer is the mixture of those races over
    the starting seats, weighted by :func:`start_chances` — at most n races, and only one when the
    sheets are all alike, as they are until play begins.
    """
    n = len(state.sheets)
    if state.finished:  # the game is over, or with play-on the winner is known
        return tuple(1.0 if s == state.finished[0] else 0.0 for s in range(n))
    table = state.game.table
    play_on = bool(state.game.options["play_on"])
    races: dict[tuple[tuple[int, ...], ...], tuple[float, ...]] = {}
    result = [0.0] * n
    for starter, chance in start_chances(state).items():
        order = [(starter + k) % n for k in range(n)]
        sheets = tuple(state.sheets[s] for s in order)
        if sheets not in races:
            races[sheets] = race(table, sheets, play_on).win
        for k, seat in enumerate(order):
            result[seat] += float(chance) * races[sheets][k]
    return tuple(result)
