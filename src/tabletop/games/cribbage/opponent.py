"""A model of a good cribbage opponent, to weigh the hands it may hold by what it has been seen to do.

Two players. The opponent was dealt six cards: those it has played this deal (public, in order), the
ones still in its hand and the two it threw to the crib (both hidden until the show). A *candidate*
deals the unseen cards into the last two groups; the model says how likely the opponent's observed
actions are in it, under a good player with noise:

- its throw: a softmax over the 15 ways to throw two of its six cards, of each throw's expected
  value as the expert reckons it (C5, C13: the kept hand over the starters it has not seen, plus its
  own crib's expectation or minus ours, from the shipped crib tables), at ``discard_temperature``;
- each card it played (C8–C11): a softmax over the ranks it could play, of the points the card pegs
  at once minus ``danger`` times the points an unknown reply pegs on average, at ``play_temperature``;
- each go (C9): certain when none of its cards fit, impossible when one does.

Only the seat's view is read: its own cards, the piles and counts, never the state. The plays are
rebuilt from the piles (:func:`play_history`): with two players a pile's next card is played when
it fits and a go said when it does not, so the order of the play follows from the piles alone.
:func:`weigh_worlds` draws candidates, weighs them and resamples, so that the pegging search runs
in the worlds a good opponent would be in. The temperatures are fitted by maximum likelihood on the
expert's own decisions (``benchmarks/cribbage_opponent_fit.py``; docs/cribbage.md gives the figures).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray

from tabletop.core.cards import Card
from tabletop.games.cribbage.crib_tables import expected_crib
from tabletop.games.cribbage.pegging import play_points
from tabletop.games.cribbage.scoring import RANK_VALUE
from tabletop.games.cribbage.show import pattern_table

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True, slots=True)
class OpponentModel:
    """How the opponent is taken to play: softmax temperatures (points) and the work of weighing."""

    discard_temperature: float = 0.4  #: noise of its throw to the crib (expected points)
    play_temperature: float = 0.5  #: noise of its cards in the play (points)
    danger: float = 2.0  #: how much it fears the points an unknown reply pegs (0: greedy)
    candidates: int = 240  #: deals of its hidden cards drawn before weighing
    #: also in discarding: value the crib with the opponent throwing as this model does, not at random
    #: (:func:`crib_shift`); off by default, as its effect on strength is not measured yet
    crib: bool = False
    crib_samples: int = 1000  #: the opponent's six cards drawn to estimate :func:`crib_shift`


@dataclass(frozen=True, slots=True)
class Step:
    """One action of the play rebuilt from the piles: a card (0-based ``rank``) or a go (None)."""

    seat: int
    rank: int | None
    count: int  #: the count before it
    series: tuple[int, ...]  #: the series before it
    played: int  #: cards of the seat's pile played before it


def play_history(piles: Sequence[Sequence[int]], sizes: Sequence[int], dealer: int, seat: int, now: int,
                 passed_now: int) -> list[Step] | None:
    """The two-player play so far (C8–C12), from each seat's pile of ranks in order, the cards each
    still holds, and the count and the seats that said go (a bit each) as ``seat`` is to move;
    None when the piles cannot be put in order that way (then they say nothing).

    >>> [(s.seat, s.rank, s.count) for s in play_history([[9, 9], [4]], [2, 3], 1, 1, 25, 0)]
    [(0, 9, 0), (1, 4, 10), (0, 9, 15)]
    """
    n = 2
    pos = [0, 0]
    series: tuple[int, ...] = ()
    count, passed, last = 0, 0, -1
    mover = (dealer + 1) % n
    steps: list[Step] = []

    def holds(s: int) -> bool:
        return len(piles[s]) - pos[s] + sizes[s] > 0

    def next_actor(s: int, include_self: bool) -> int:
        for k in range(1, n + 1 if include_self else n):
            t = (s + k) % n
            if holds(t) and not passed >> t & 1:
                return t
        return -1

    def lead_after(s: int) -> int:
        return next((t for t in ((s + k) % n for k in range(1, n + 1)) if holds(t)), -1)

    for _ in range(40):
        if pos[0] == len(piles[0]) and pos[1] == len(piles[1]) and (mover, count, passed) == (seat, now, passed_now):
            return steps
        if mover < 0:
            return None
        pile = piles[mover]
        if pos[mover] < len(pile) and count + RANK_VALUE[pile[pos[mover]]] <= 31:
            rank = pile[pos[mover]]
            steps.append(Step(mover, rank, count, series, pos[mover]))
            pos[mover] += 1
            count += RANK_VALUE[rank]
            series = (*series, rank)
            last = mover
            nxt = -1 if count == 31 else next_actor(mover, True)
        else:
            if not holds(mover):
                return None
            steps.append(Step(mover, None, count, series, pos[mover]))
            passed |= 1 << mover
            nxt = next_actor(mover, False)
        if nxt < 0:  # C9, C10, C12: the count resets, left of the last card leads
            count, series, passed = 0, (), 0
            nxt = lead_after(last)
        mover = nxt
    return None


@cache
def _crib_table() -> NDArray[np.float64]:
    """Expected crib points of two thrown ranks, unsuited and suited (the shipped tables, C13)."""
    table = np.zeros((13, 13, 2))
    for a in range(13):
        for b in range(13):
            plain = expected_crib((Card(a + 1, 0), Card(b + 1, 1)))
            table[a, b] = (plain, plain if a == b else expected_crib((Card(a + 1, 0), Card(b + 1, 0))))
    table.flags.writeable = False
    return table


_THROWS = tuple(combinations(range(6), 2))
_KEEPS = np.array([[i for i in range(6) if i not in throw] for throw in _THROWS])
_THROWN = np.array(_THROWS)
_ACTUAL = _THROWS.index((4, 5))


def throw_values(cards: NDArray[np.int64], dealer: bool) -> NDArray[np.float64]:
    """Each of the 15 throws' expected value to its thrower (hand ± crib, C5, C13), for an N × 6
    array of card indices: N × 15, in the order of ``combinations(range(6), 2)``."""
    ranks, suits = cards >> 2, cards & 3
    held = np.zeros((len(cards), 13), dtype=np.int64)
    np.add.at(held, (np.arange(len(cards))[:, None], ranks), 1)
    starters = (4 - held) / (52 - 6)  # each starter rank's chance
    keep = ranks[:, _KEEPS]  # N × 15 × 4
    points = pattern_table(5)[keep[..., 0, None], keep[..., 1, None], keep[..., 2, None], keep[..., 3, None],
                              np.arange(13)]  # N × 15 × 13
    hand = (points * starters[:, None, :]).sum(axis=2)
    thrown, thrown_suits = ranks[:, _THROWN], suits[:, _THROWN]
    crib = _crib_table()[thrown[..., 0], thrown[..., 1], (thrown_suits[..., 0] == thrown_suits[..., 1]).astype(int)]
    result: NDArray[np.float64] = hand + crib if dealer else hand - crib
    return result


def _softmax(values: NDArray[np.float64]) -> NDArray[np.float64]:
    top = values.max(axis=1, keepdims=True)
    weights = np.exp(values - top)
    result: NDArray[np.float64] = weights / weights.sum(axis=1, keepdims=True)
    return result


def crib_shift(cards: Sequence[Card], own_crib: bool, model: OpponentModel,
               rng: random.Random) -> dict[frozenset[Card], float]:
    """For each throw of two of the seat's six cards (two players, C5), how much more the crib is worth
    on average (C13, fifteens, pairs and runs) when the opponent throws as ``model``'s good player
    than when it throws at random: the model's throws and random ones from the same sampled hands,
    so that most of the sampling noise cancels; the starter is any other card."""
    if len(cards) != 6:
        return {}
    mine = [card.index for card in cards]
    unseen = [i for i in range(52) if i not in set(mine)]
    hands = np.array([rng.sample(unseen, 6) for _ in range(model.crib_samples)], dtype=np.int64)
    chance = _softmax(throw_values(hands, not own_crib) / model.discard_temperature)
    thrown = hands[:, _THROWN] >> 2  # M × 15 × 2 ranks
    shift = np.zeros((13, 13))
    np.add.at(shift, (thrown[..., 0], thrown[..., 1]), (chance - 1 / len(_THROWS)) / len(hands))
    held = np.bincount(np.array(mine) >> 2, minlength=13)
    left = 4 - held
    ranks = np.arange(13)
    starters = (left[None, None, :] - (ranks[:, None, None] == ranks) - (ranks[None, :, None] == ranks)) / (52 - 8)
    weighted = shift[..., None] * np.clip(starters, 0, None)
    table = pattern_table(5)
    result = {}
    for i, j in _THROWS:
        x, y = mine[i] >> 2, mine[j] >> 2
        result[frozenset((cards[i], cards[j]))] = float((table[x, y] * weighted).sum())
    return result


def discard_log_likelihood(cards: NDArray[np.int64], dealer: bool, temperature: float) -> NDArray[np.float64]:
    """log P(the opponent threw its last two cards | all six), per row of an N × 6 array of card indices."""
    scaled = throw_values(cards, dealer) / temperature
    top = scaled.max(axis=1, keepdims=True)
    result: NDArray[np.float64] = scaled[:, _ACTUAL] - (top[:, 0] + np.log(np.exp(scaled - top).sum(axis=1)))
    return result


_DANGER: dict[tuple[tuple[int, ...], int], float] = {}


def reply_points(series: tuple[int, ...], count: int) -> float:
    """The points an unknown card pegs at once after ``series`` (C10, C11), each rank equally likely."""
    key = (series, count)
    found = _DANGER.get(key)
    if found is None:
        if len(_DANGER) > 200_000:
            _DANGER.clear()
        fits = [r for r in range(13) if count + RANK_VALUE[r] <= 31]
        total = sum(play_points((*series, r), count + RANK_VALUE[r]) for r in fits)
        found = _DANGER[key] = total / 13
    return found


def play_log_likelihood(hand: Sequence[int], step: Step, model: OpponentModel) -> float:
    """log P(the opponent did ``step`` | it held the ranks ``hand``): a softmax over its playable ranks
    of points now minus ``danger`` × a reply's points (C10, C11); a go is certain or impossible (C9)."""
    fits = sorted({r for r in hand if step.count + RANK_VALUE[r] <= 31})
    if step.rank is None:
        return 0.0 if not fits else -math.inf
    if step.rank not in fits:
        return -math.inf
    if len(fits) == 1:
        return 0.0
    values = []
    for r in fits:
        count = step.count + RANK_VALUE[r]
        series = (*step.series, r)
        now = play_points(series, count) if step.series else 0
        values.append((now - model.danger * reply_points(series if count < 31 else (), count % 31))
                      / model.play_temperature)
    top = max(values)
    return values[fits.index(step.rank)] - top - math.log(sum(math.exp(v - top) for v in values))


def weigh_worlds(view: Mapping[str, Any], unseen: Sequence[int], draws: int, model: OpponentModel,
                 rng: random.Random, key: Callable[[list[int]], K]) -> list[tuple[K, float]]:
    """Worlds for the two-player seat of ``view``: ``model.candidates`` deals of the opponent's hidden
    cards (its hand, then its two crib cards, drawn from ``unseen``), weighed by how likely its throw
    and its play so far are under ``model``, and ``draws`` of them resampled in proportion (all of
    them, by weight, when ``key`` gives at most ``draws`` different worlds). Each world is
    ``key(cards)`` and its weight; equal keys are merged."""
    seat = int(view["seat"])
    other = 1 - seat
    dealer = int(view["dealer"])
    left = int(view["hand_sizes"][other])
    piles = [[Card.parse(text).index for text in pile] for pile in view["piles"]]
    rank_piles = [[c >> 2 for c in pile] for pile in piles]
    sizes = [int(s) for s in view["hand_sizes"]]
    passed = sum(1 << int(s) for s in view["passed"])
    history = play_history(rank_piles, sizes, dealer, seat, int(view["count"]), passed)
    steps = [s for s in history or () if s.seat == other]
    drawn = [rng.sample(unseen, left + 2) for _ in range(model.candidates)]
    six = np.array([piles[other] + cards for cards in drawn], dtype=np.int64)
    logs = discard_log_likelihood(six, other == dealer, model.discard_temperature)
    memo: dict[tuple[int, ...], float] = {}
    weights: dict[K, float] = {}
    for i, cards in enumerate(drawn):
        hidden = tuple(sorted(c >> 2 for c in cards[:left]))
        plays = memo.get(hidden)
        if plays is None:
            plays = memo[hidden] = sum(
                play_log_likelihood(rank_piles[other][s.played:] + list(hidden), s, model) for s in steps)
        if plays > -math.inf:
            world = key(cards)
            weights[world] = weights.get(world, 0.0) + math.exp(float(logs[i]) + plays)
    if not weights:  # nothing fits what was seen (a model too strict): every draw alike
        for cards in drawn:
            world = key(cards)
            weights[world] = weights.get(world, 0.0) + 1.0
    worlds = list(weights.items())
    if len(worlds) <= draws:
        return worlds
    return resample(worlds, draws, rng)


def resample(worlds: Sequence[tuple[K, float]], draws: int, rng: random.Random) -> list[tuple[K, float]]:
    """``draws`` systematic draws in proportion to the weights, equal worlds merged (counts as weights)."""
    total = sum(w for _, w in worlds)
    step = total / draws
    point = rng.random() * step
    chosen: dict[K, float] = {}
    running, taken = 0.0, 0
    for world, w in worlds:
        running += w
        while point < running and taken < draws:
            chosen[world] = chosen.get(world, 0.0) + 1.0
            point += step
            taken += 1
    return list(chosen.items())
