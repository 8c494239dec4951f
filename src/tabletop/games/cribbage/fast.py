"""A fast random-playout engine for whole cribbage games, for rollouts, statistics and benchmarks.

The readable engine (:mod:`.state`) builds a new immutable state, validates every action and
itemises every score: right for play, records and bots, but ~100 games/s. This module plays the
same game — the cut for the first deal (C6), the deal from the dealer's left (C5), random
discards, the pegging with go, 31, fifteens, pairs and runs (C8–C12), his heels (C7), the show in
counting order with nobs and the crib's five-card flush (C13), the game ending the moment a side
reaches the target (C14), partnerships (C15) — with every player choosing uniformly among the
legal actions, on plain ints (a card is its :attr:`Card.index`), in one function and one loop.
Its points come from the count form of the scoring kernel (:mod:`.scoring`), the same rules the
readable engine scores with. It writes down every action in the game's notation, so each game it
plays is a :class:`~tabletop.core.record.Record` that the readable engine replays;
``test_fast.py`` replays thousands of them and compares the scores after every hand and the
winner. The readable engine stays the reference for the flow of play: a rule of the play changes
there first, then here.

Only the default match (one game, no muggins, no skunks) is played; the target (C3) is free.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from tabletop.core.cards import DECK
from tabletop.core.record import Record
from tabletop.games.cribbage.game import SPEC, Cribbage
from tabletop.games.cribbage.scoring import CARD_VALUE, JACK, RANK, pegging_points, show_points

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
            playable = hand if count <= 21 else [c for c in hand if count + CARD_VALUE[c] <= 31]  # a card is 10 at most
            if playable:
                card = playable[int(rand() * len(playable))]
                add(_NAME[card])
                hand.remove(card)
                series.append(RANK[card])
                count += CARD_VALUE[card]
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
            points = show_points(cards4, starter, k == n)
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
