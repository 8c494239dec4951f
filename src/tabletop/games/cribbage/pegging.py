"""Pegging search for the cribbage expert: the rest of the play (C8–C12) solved in sampled worlds.

Only ranks matter in the play (C11 scores fifteens, 31, pairs and runs, never suits), so a position
here is each seat's remaining ranks, the count, the ranks of the current series, whose turn it is,
who has said go and who played last. :func:`pegging_values` takes the worlds a seat may be in (the
other hands drawn from the cards it has not seen), solves the rest of the play exactly in each by
minimax — the seat's side maximising its points minus the others' — and averages, per rank the seat
could play now ("perfect-information Monte Carlo"). Worlds with the same ranks are solved once and
weighted; :func:`rank_patterns` lists them exactly when there are few. With three or four players
the search is cut ``depth`` plies ahead. In a race to the target (C14), a world also carries the
show in counting order (C13) and the search scores who reaches the target first instead of points.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement

from tabletop.games.cribbage.scoring import RANK_VALUE, pegging_points

BIG = 10_000
"""More than any margin of points in one play."""

WIN = 1000.0
"""The value of reaching the target first, far above any difference in points."""

PEGGING_REACH = 20
"""Points a side is taken to be able to peg at most in one play, when deciding whether a world is a race."""

Hands = tuple[tuple[int, ...], ...]
"""Each seat's remaining 0-based ranks, sorted."""


@dataclass(frozen=True, slots=True)
class World:
    """One deal the seat might be in: every seat's remaining ranks, how likely, and (in a race)
    the show to follow, as (side, points) in counting order (C13)."""

    hands: Hands
    weight: float = 1.0
    show: tuple[tuple[int, int], ...] = ()


_POINTS: dict[tuple[tuple[int, ...], int], int] = {}


def play_points(series: tuple[int, ...], count: int) -> int:
    """What the last rank of ``series`` pegs (C10, C11): :func:`.scoring.pegging_points`, remembered,
    since a search meets the same series again and again.

    >>> play_points((3, 5, 4), 15)  # 4, 6, 5: fifteen two and a run of three
    5
    """
    key = (series, count)
    found = _POINTS.get(key)
    if found is None:
        if len(_POINTS) > 1_000_000:
            _POINTS.clear()
        found = _POINTS[key] = pegging_points(series, count)
    return found


class _Search:
    """Minimax over one world. Without ``needs`` a node's value is the root's future points margin
    (additive, so positions are shared whatever was pegged before); with ``needs`` it is the race's
    outcome, and the points pegged so far (``gained``, per side) are part of the position."""

    def __init__(self, root: int, sides: Sequence[int], depth: int, needs: tuple[int, ...] | None,
                 show: tuple[tuple[int, int], ...]) -> None:
        self.n = len(sides)
        self.sides = sides
        self.root_side = sides[root]
        others = len(set(sides)) - 1
        self.side_weight = tuple(1.0 if side == self.root_side else -1.0 / others for side in range(others + 1))
        self.depth = depth
        self.needs = needs
        self.show = show
        self.memo: dict[tuple[object, ...], float] = {}

    def value(self, hands: Hands, count: int, series: tuple[int, ...], to_move: int, passed: int,
              last: int, depth: int, gained: tuple[int, ...]) -> float:
        """The root's value of the rest of the play from here, each side playing its best."""
        if depth <= 0:
            return self.end(gained)
        key = (hands, count, series, to_move, passed, last, depth, gained)
        found = self.memo.get(key)
        if found is not None:
            return found
        hand = hands[to_move]
        maximise = self.sides[to_move] == self.root_side
        best = -math.inf if maximise else math.inf
        tried = -1
        for i, rank in enumerate(hand):
            if rank == tried or count + RANK_VALUE[rank] > 31:
                continue
            tried = rank
            v = self.after_play(hands, count, series, to_move, passed, depth, gained, i)
            if (v > best) if maximise else (v < best):
                best = v
        if tried < 0:  # no card fits: go (C9)
            best = self.after_go(hands, count, series, to_move, passed, last, depth, gained)
        self.memo[key] = best
        return best

    def end(self, gained: tuple[int, ...]) -> float:
        """The value once the play is over (or the search cut off): nothing more, or the race's show."""
        if self.needs is None:
            return 0.0
        totals = list(gained)
        for side, points in self.show:  # C13 counting order; C14 stops at the first to reach the target
            totals[side] += points
            if totals[side] >= self.needs[side]:
                return WIN if side == self.root_side else -WIN
        return sum(self.side_weight[side] * t for side, t in enumerate(totals))

    def peg(self, seat: int, points: int, gained: tuple[int, ...]) -> tuple[float, tuple[int, ...], bool]:
        """Peg ``points`` for ``seat``: (value now, points gained after, whether the game is won)."""
        side = self.sides[seat]
        if self.needs is None:
            return self.side_weight[side] * points, gained, False
        if not points:
            return 0.0, gained, False
        after = tuple(g + points if s == side else g for s, g in enumerate(gained))
        if after[side] >= self.needs[side]:
            return (WIN if side == self.root_side else -WIN), after, True
        return 0.0, after, False

    def after_play(self, hands: Hands, count: int, series: tuple[int, ...], seat: int, passed: int,
                   depth: int, gained: tuple[int, ...], i: int) -> float:
        """The seat plays its ``i``-th rank: C10, C11 points, then the turn passes or the count resets."""
        hand = hands[seat]
        rank = hand[i]
        hands = tuple(h[:i] + h[i + 1:] if s == seat else h for s, h in enumerate(hands))
        count += RANK_VALUE[rank]
        series = (*series, rank)
        now, gained, won = self.peg(seat, play_points(series, count) if len(series) > 1 else 0, gained)
        if won:
            return now
        if count == 31:
            return now + self.reset(hands, seat, depth, gained)
        nxt = self.next_actor(hands, seat, passed, True)
        if nxt < 0:
            return now + self.go_point(hands, seat, depth, gained)
        return now + self.value(hands, count, series, nxt, passed, seat, depth - 1, gained)

    def after_go(self, hands: Hands, count: int, series: tuple[int, ...], seat: int, passed: int, last: int,
                 depth: int, gained: tuple[int, ...]) -> float:
        """C9: the seat says go; play goes on with whoever can, else the last player pegs one."""
        passed |= 1 << seat
        nxt = self.next_actor(hands, seat, passed, False)
        if nxt < 0:
            return self.go_point(hands, last, depth, gained)
        return self.value(hands, count, series, nxt, passed, last, depth - 1, gained)

    def go_point(self, hands: Hands, last: int, depth: int, gained: tuple[int, ...]) -> float:
        """C9, C12: one for the go or the last card, then the count resets."""
        now, gained, won = self.peg(last, 1, gained)
        return now if won else now + self.reset(hands, last, depth, gained)

    def reset(self, hands: Hands, last: int, depth: int, gained: tuple[int, ...]) -> float:
        """The count goes back to 0 and the seat left of the last card leads, or the play is over."""
        for k in range(1, self.n + 1):
            s = (last + k) % self.n
            if hands[s]:
                return self.value(hands, 0, (), s, 0, last, depth - 1, gained)
        return self.end(gained)

    def next_actor(self, hands: Hands, seat: int, passed: int, include_self: bool) -> int:
        """The next seat clockwise that holds cards and has not said go (−1 when none)."""
        for k in range(1, self.n + 1 if include_self else self.n):
            s = (seat + k) % self.n
            if hands[s] and not passed >> s & 1:
                return s
        return -1


_UNKNOWN = (-BIG, BIG)


def _tail(series: tuple[int, ...]) -> tuple[int, ...]:
    """The part of ``series`` that later cards can still score with (C11): the block of equal ranks
    at its end when it ends in a pair, else its longest suffix of different ranks (a run cannot
    reach past a repeated rank). Positions with the same tail and count play out alike.

    >>> _tail((4, 9, 2, 9, 5)), _tail((4, 9, 9))
    ((2, 9, 5), (9, 9))
    """
    n = len(series)
    if n < 2:
        return series
    last = series[-1]
    if series[-2] == last:
        k = 2
        while k < n and series[-1 - k] == last:
            k += 1
        return series[-k:]
    seen = 0
    for i in range(n - 1, -1, -1):
        bit = 1 << series[i]
        if seen & bit:
            return series[i + 1:]
        seen |= bit
    return series


class _Duel:
    """The two-player play without a race, as negamax with alpha-beta: a node is worth the points
    margin of the seat to move over the rest of the play. Its positions hold no seat numbers, so
    one memo (of bounds) serves every world of a decision."""

    def __init__(self) -> None:
        self.memo: dict[tuple[object, ...], tuple[int, int]] = {}

    def node(self, a: tuple[int, ...], b: tuple[int, ...], count: int, series: tuple[int, ...], b_passed: bool,
             a_last: bool, alpha: int, beta: int) -> int:
        """The mover holds ``a``, the other ``b``; ``b_passed``: the other said go; ``a_last``: the mover
        played last. Exact when the value lies strictly between ``alpha`` and ``beta``, else a bound."""
        key = (a, b, count, _tail(series), b_passed, a_last)
        low, high = self.memo.get(key, _UNKNOWN)
        if low >= beta:
            return low
        if high <= alpha or low == high:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        best = -BIG
        tried = -1
        for i, rank in enumerate(a):
            if rank == tried:
                continue
            total = count + RANK_VALUE[rank]
            if total > 31:
                break  # ranks are sorted, so the rest are too big as well
            tried = rank
            v = self.play(a[:i] + a[i + 1:], b, total, (*series, rank), b_passed, max(alpha, best), beta)
            if v > best:
                best = v
                if best >= beta:
                    break
        if tried < 0:  # C9: go
            if b and not b_passed:
                best = -self.node(b, a, count, series, True, not a_last, -beta, -alpha)
            elif a_last:
                best = 1 + self.reset(a, b, alpha - 1, beta - 1)
            else:
                best = -1 - self.reset(b, a, -beta - 1, -alpha - 1)
        if best <= alpha:
            self.memo[key] = (low, best)
        elif best >= beta:
            self.memo[key] = (best, high)
        else:
            self.memo[key] = (best, best)
        return best

    def play(self, a: tuple[int, ...], b: tuple[int, ...], count: int, series: tuple[int, ...],
             b_passed: bool, alpha: int = -BIG, beta: int = BIG) -> int:
        """The mover has just played the last rank of ``series`` and holds ``a``: its margin from here."""
        points = play_points(series, count) if len(series) > 1 else 0
        if count == 31:  # C10: 31 for two, the count resets
            return points + self.reset(a, b, alpha - points, beta - points)
        if b and not b_passed:
            return points - self.node(b, a, count, series, False, False, points - beta, points - alpha)
        if a:
            return points + self.node(a, b, count, series, b_passed, True, alpha - points, beta - points)
        points += 1  # C9, C12: nobody can go on: one for the go or the last card
        return points + self.reset(a, b, alpha - points, beta - points)

    def reset(self, a: tuple[int, ...], b: tuple[int, ...], alpha: int, beta: int) -> int:
        """The count resets after the mover's card: the other leads if they hold cards (C9)."""
        if b:
            return -self.node(b, a, 0, (), False, False, -beta, -alpha)
        if a:
            return self.node(a, b, 0, (), False, True, alpha, beta)
        return 0


def duel_values(worlds: Sequence[World], count: int, series: tuple[int, ...], seat: int, other_passed: bool,
                deadline: float | None = None) -> dict[int, float]:
    """Two players, no race: :func:`pegging_values` by a faster solver, the same numbers."""
    duel = _Duel()
    totals: dict[int, float] = {}
    weight_sum = 0.0
    for world in worlds:
        a, b = world.hands[seat], world.hands[1 - seat]
        tried = -1
        for i, rank in enumerate(a):
            if rank == tried or count + RANK_VALUE[rank] > 31:
                continue
            tried = rank
            v = duel.play(a[:i] + a[i + 1:], b, count + RANK_VALUE[rank], (*series, rank), other_passed)
            totals[rank] = totals.get(rank, 0.0) + world.weight * v
        weight_sum += world.weight
        if deadline is not None and time.perf_counter() > deadline:
            break
    return {rank: total / weight_sum for rank, total in totals.items()}


def pegging_values(worlds: Sequence[World], count: int, series: tuple[int, ...], seat: int, passed: int,
                   last: int, sides: Sequence[int], depth: int = 64,
                   needs: tuple[int, ...] | None = None, deadline: float | None = None) -> dict[int, float]:
    """For each rank ``seat`` may play now, its weighted mean value over ``worlds``.

    Every world gives ``seat`` its own hand. The value is the future points of the seat's side minus
    the others' (their mean with three sides), every side playing its best in the world; with
    ``needs`` (points each side still needs), ±:data:`WIN` for the side that reaches it first.
    After ``deadline`` (a :func:`time.perf_counter` time) no more worlds are solved.
    """
    totals: dict[int, float] = {}
    weight_sum = 0.0
    gained = (0,) * len(needs) if needs is not None else ()
    for world in worlds:
        search = _Search(seat, sides, depth, needs, world.show)
        tried = -1
        for i, rank in enumerate(world.hands[seat]):
            if rank == tried or count + RANK_VALUE[rank] > 31:
                continue
            tried = rank
            v = search.after_play(world.hands, count, series, seat, passed, depth, gained, i)
            totals[rank] = totals.get(rank, 0.0) + world.weight * v
        weight_sum += world.weight
        if deadline is not None and time.perf_counter() > deadline:
            break
    return {rank: total / weight_sum for rank, total in totals.items()}


def rank_patterns(unseen: Sequence[int], size: int, limit: int) -> list[tuple[tuple[int, ...], int]] | None:
    """Every multiset of ``size`` ranks a hand dealt from the ``unseen`` card indices can hold, with
    its number of deals (so their weights are exact probabilities); None when more than ``limit``.

    >>> rank_patterns([0, 1, 4], 2, 10)  # two aces and a two: AA once, A2 twice
    [((0, 0), 1), ((0, 1), 2)]
    """
    available = Counter(c >> 2 for c in unseen)
    ranks = sorted(available)
    if math.comb(len(ranks) + size - 1, size) > 4 * limit:  # far too many: do not even list them
        return None
    found = []
    for pattern in combinations_with_replacement(ranks, size):
        ways = 1
        for rank, k in Counter(pattern).items():
            ways *= math.comb(available[rank], k)
        if ways:
            found.append((pattern, ways))
    return found if len(found) <= limit else None


def race_values(worlds: Sequence[World], count: int, series: tuple[int, ...], seat: int, passed: int, last: int,
                needs: tuple[int, int], deadline: float | None = None) -> dict[int, float]:
    """Two players near the target (C14): :func:`pegging_values` with ``needs``, but worlds in which
    neither side can get home this deal (its show plus :data:`PEGGING_REACH`) are solved by the
    faster points margin, plus the show's margin, which is what the race gives them too."""
    calm: list[World] = []
    racing: list[World] = []
    for world in worlds:
        shown = [0, 0]
        for side, points in world.show:
            shown[side] += points
        close = any(needs[side] <= shown[side] + PEGGING_REACH for side in (0, 1))
        (racing if close else calm).append(world)
    parts: list[tuple[dict[int, float], float]] = []
    if racing:
        parts.append((pegging_values(racing, count, series, seat, passed, last, (0, 1), needs=needs,
                                     deadline=deadline), sum(w.weight for w in racing)))
    if calm:
        weight = sum(w.weight for w in calm)
        margin = sum(w.weight * sum(p if side == seat else -p for side, p in w.show) for w in calm) / weight
        duel = duel_values(calm, count, series, seat, bool(passed), deadline)
        parts.append(({rank: v + margin for rank, v in duel.items()}, weight))
    total = sum(weight for _, weight in parts)
    return {rank: sum(values[rank] * weight for values, weight in parts) / total for rank in parts[0][0]}
