"""A fast random-playout engine for whole cribbage games, for rollouts, statistics and benchmarks.

The readable engine (:mod:`.rules`) builds a new immutable state, validates every action and
itemises every score: right for play, records and bots, but ~100 games/s. This module plays the
same game — the cut for the first deal (C6), the deal from the dealer's left (C5), random
discards, the pegging with go, 31, fifteens, pairs and runs (C8–C12), his heels (C7), the show in
counting order with nobs and the crib's five-card flush (C13), the game ending the moment a side
reaches the target (C14), partnerships (C15) — with every player choosing uniformly among the
legal actions, on plain ints (a card is its :attr:`Card.index`) with precomputed tables, in one
function and one loop. It writes down every action in the game's notation, so each game it plays
is a :class:`~tabletop.core.record.Record` that the readable engine replays; ``test_fast.py``
replays thousands of them and compares the scores after every hand and the winner. The readable
engine stays the reference: a rule changes there first, then here.

Only the default match (one game, no muggins, no skunks) is played; the target (C3) is free.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement

from tabletop.core.cards import DECK
from tabletop.core.record import Record
from tabletop.games.cribbage.rules import SPEC, Cribbage

JACK = 10
"""The jack's 0-based rank (heels C7, nobs C13)."""

RANK = tuple(i >> 2 for i in range(52))
"""A card's 0-based rank (ace 0 … king 12) by card index."""

VALUE = tuple(min(r + 1, 10) for r in RANK)
"""A card's counting value (C4) by card index."""

_RANK_CODE = tuple(1 << (3 * r) for r in RANK)
"""Three bits per rank: the sum over some cards counts each rank (at most 4), a key for their rank pattern."""

_NAME = tuple(str(card) for card in DECK)
_CUT = tuple(f"cut {name}" for name in _NAME)
_DEAL = tuple(f"deal {name}" for name in _NAME)
_STARTER = tuple(f"starter {name}" for name in _NAME)
_PAIRS = tuple(combinations(range(6), 2))
"""The 15 ways to lay away two of six cards (two players, C5), as positions in the hand."""


@dataclass(frozen=True, slots=True)
class FastGame:
    """A game played by :func:`random_game`: its actions in notation and the scores along the way."""

    players: int
    target: int
    actions: tuple[str, ...]
    scores: tuple[int, ...]  #: per side at the end; the winner's is the target (C3: the last hole)
    winner: int  #: the side that reached the target
    hand_scores: tuple[tuple[int, ...], ...]  #: per side after each hand whose show was counted to the end

    @property
    def options(self) -> dict[str, object]:
        """The game's complete options, as the readable engine resolves them."""
        return dict(Cribbage(players=self.players, target=self.target).options)

    def record(self) -> Record:
        """The game as a record: ``tabletop.replay(game.record())`` replays it in the readable engine."""
        return Record(SPEC.name, self.options, self.actions)


def _pattern_points(ranks: Sequence[int]) -> int:
    """Fifteens, pairs and runs (C13) of five cards, which depend only on their 0-based ranks."""
    values = [min(r + 1, 10) for r in ranks]
    fifteens = sum(2 for size in range(2, 6) for subset in combinations(values, size) if sum(subset) == 15)
    counts = [ranks.count(r) for r in range(13)]
    pairs = sum(c * (c - 1) for c in counts)  # C(c, 2) pairs of two points each
    runs, start = 0, 0
    while start < 13:
        end = start
        while end < 13 and counts[end]:
            end += 1
        if end - start >= 3:  # a maximal run of distinct ranks: its length times the ways to pick it
            ways = 1
            for c in counts[start:end]:
                ways *= c
            runs += (end - start) * ways
        start = end + 1
    return fifteens + pairs + runs


@cache
def pattern_points() -> dict[int, int]:
    """Fifteens + pairs + runs for every pattern of five ranks, keyed by the sum of their ``_RANK_CODE``."""
    table = {}
    for ranks in combinations_with_replacement(range(13), 5):
        if ranks[0] != ranks[4]:  # five alike is not a hand
            table[sum(1 << (3 * r) for r in ranks)] = _pattern_points(ranks)
    return table


def show_points(hand: Sequence[int], starter: int, crib: bool = False) -> int:
    """The show (C13) of four card indices with the starter: equal to ``score_hand(...).total``."""
    a, b, c, d = hand
    points = pattern_points()[_RANK_CODE[a] + _RANK_CODE[b] + _RANK_CODE[c] + _RANK_CODE[d] + _RANK_CODE[starter]]
    suit = a & 3
    if b & 3 == suit and c & 3 == suit and d & 3 == suit:
        if starter & 3 == suit:
            points += 5
        elif not crib:
            points += 4
    if JACK * 4 + (starter & 3) in hand:
        points += 1
    return points


def pegging_points(series: Sequence[int], count: int) -> int:
    """What the last card of ``series`` (0-based ranks since the count was reset) pegs (C10, C11).

    Equal to ``pegging_score(...).total``: 15 or 31 for two, pairs 2/6/12, the longest run of the
    last cards in any order. Go and last card are not included.
    """
    points = 2 if count == 15 or count == 31 else 0
    n = len(series)
    last = series[-1]
    if n >= 2 and series[-2] == last:  # a pair ends every run, so pairs and runs exclude each other
        if n >= 3 and series[-3] == last:
            points += 12 if n >= 4 and series[-4] == last else 6
        else:
            points += 2
        return points
    low = high = last
    seen = 1 << last
    best = 0
    for i in range(n - 2, -1, -1):  # grow the window backwards; a repeated rank ends every longer run
        rank = series[i]
        bit = 1 << rank
        if seen & bit:
            break
        seen |= bit
        if rank < low:
            low = rank
        elif rank > high:
            high = rank
        if high - low == n - 1 - i and n - i >= 3:
            best = n - i
    return points + best


def _draw(rand: Callable[[], float], count: int) -> list[int]:
    """``count`` different cards from a full pack, uniformly (a partial Fisher–Yates shuffle).

    ``int(rand() * k)`` is uniform to within 2**-53, which a playout can afford and ``Random.sample``
    (exact, but five times slower here) need not be.
    """
    pack = list(range(52))
    for i in range(count):
        j = i + int(rand() * (52 - i))
        pack[i], pack[j] = pack[j], pack[i]
    return pack[:count]


def random_game(rng: random.Random, players: int = 2, target: int = 121) -> FastGame:
    """Play a whole game with uniformly random legal actions: the readable engine's rules, fast.

    >>> game = random_game(random.Random(1))
    >>> game.scores[game.winner], game.actions[:3]
    (121, ('cut 2H', 'cut QC', 'deal TS'))

    Raises:
        ValueError: for a player count or target the game does not allow.
    """
    if not 2 <= players <= 4 or not 31 <= target <= 181:
        raise ValueError(f"players must be 2–4 (got {players}) and target 31–181 (got {target})")
    pattern = pattern_points()
    rand = rng.random
    n = players
    sides = 2 if n == 4 else n
    hand_size = 6 if n == 2 else 5
    to_crib = 1 if n == 3 else 0
    actions: list[str] = []
    add = actions.append
    scores = [0] * sides
    hand_scores: list[tuple[int, ...]] = []

    # C6: everyone cuts; the lowest card deals; those tied for lowest cut again from a full pack
    cutters = list(range(n))
    while True:
        cuts = _draw(rand, len(cutters))
        for card in cuts:
            add(_CUT[card])
        low = min(RANK[c] for c in cuts)
        cutters = [s for s, c in zip(cutters, cuts, strict=True) if RANK[c] == low]
        if len(cutters) == 1:
            dealer = cutters[0]
            break

    while True:
        # C5: deal from the dealer's left, one card at a time; with three, one card to the crib
        cards = _draw(rand, n * hand_size + to_crib + 1)
        hands: list[list[int]] = [[] for _ in range(n)]
        for k in range(n * hand_size):
            card = cards[k]
            hands[(dealer + 1 + k) % n].append(card)
            add(_DEAL[card])
        crib = cards[n * hand_size:n * hand_size + to_crib]
        if to_crib:
            add(_DEAL[crib[0]])
        for k in range(n):  # discards, from the dealer's left
            hand = hands[(dealer + 1 + k) % n]
            if n == 2:
                i, j = _PAIRS[int(rand() * 15)]
                x, y = hand[i], hand[j]
                if x > y:
                    x, y = y, x
                add(f"discard {_NAME[x]} {_NAME[y]}")
                crib += (x, y)
                hand.remove(x)
                hand.remove(y)
            else:
                x = hand.pop(int(rand() * hand_size))
                add(f"discard {_NAME[x]}")
                crib.append(x)
        kept = [tuple(h) for h in hands]
        starter = cards[-1]
        add(_STARTER[starter])
        if RANK[starter] == JACK:  # C7: his heels
            side = dealer % sides
            scores[side] += 2
            if scores[side] >= target:
                scores[side] = target
                break

        # C8–C12: the play
        won = False
        to_move = (dealer + 1) % n
        count = 0
        series: list[int] = []
        passed = [False] * n
        last = -1
        while True:
            hand = hands[to_move]
            playable = hand if count <= 21 else [c for c in hand if count + VALUE[c] <= 31]  # a card counts 10 at most
            if playable:
                card = playable[int(rand() * len(playable))]
                add(_NAME[card])
                hand.remove(card)
                series.append(RANK[card])
                count += VALUE[card]
                last = to_move
                points = pegging_points(series, count) if len(series) > 1 else 0  # one card makes nothing
                if points:
                    side = to_move % sides
                    scores[side] += points
                    if scores[side] >= target:
                        won = True
                        break
                nxt = -1
                if count != 31:  # C9: the next seat that holds cards and has not said go, this one too
                    for k in range(1, n + 1):
                        s = (to_move + k) % n
                        if hands[s] and not passed[s]:
                            nxt = s
                            break
                    if nxt < 0:  # nobody can go on: one for the go or the last card
                        side = last % sides
                        scores[side] += 1
                        if scores[side] >= target:
                            won = True
                            break
            else:
                add("go")
                passed[to_move] = True
                nxt = -1
                for k in range(1, n):
                    s = (to_move + k) % n
                    if hands[s] and not passed[s]:
                        nxt = s
                        break
                if nxt < 0:
                    side = last % sides
                    scores[side] += 1
                    if scores[side] >= target:
                        won = True
                        break
            if nxt >= 0:
                to_move = nxt
                continue
            # C9, C10: the count resets; the seat left of the last card leads with whoever holds cards
            count = 0
            series = []
            passed = [False] * n
            for k in range(1, n + 1):
                s = (last + k) % n
                if hands[s]:
                    to_move = s
                    break
            else:
                break
        if won:
            scores[side] = target
            break

        # C13: the show from the dealer's left, the dealer last, then the crib; C14 stops it at the target
        for k in range(n + 1):
            if k < n:
                seat = (dealer + 1 + k) % n
                cards4 = kept[seat]
            else:
                seat = dealer
                cards4 = tuple(crib)
            a, b, c, d = cards4
            points = pattern[_RANK_CODE[a] + _RANK_CODE[b] + _RANK_CODE[c] + _RANK_CODE[d] + _RANK_CODE[starter]]
            suit = a & 3
            if b & 3 == suit and c & 3 == suit and d & 3 == suit:
                if starter & 3 == suit:
                    points += 5
                elif k < n:
                    points += 4
            if JACK * 4 + (starter & 3) in cards4:
                points += 1
            add("count")
            side = seat % sides
            scores[side] += points
            if scores[side] >= target:
                won = True
                break
        if won:
            scores[side] = target
            break
        hand_scores.append(tuple(scores))
        dealer = (dealer + 1) % n

    return FastGame(players, target, tuple(actions), tuple(scores), side, tuple(hand_scores))


def random_games(count: int, rng: random.Random, players: int = 2, target: int = 121) -> list[FastGame]:
    """``count`` games from one generator."""
    return [random_game(rng, players, target) for _ in range(count)]
