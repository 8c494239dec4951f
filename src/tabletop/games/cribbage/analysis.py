"""Cribbage analysis: fast hand totals, the exact distribution of hand scores, and discard advice.

Everything here is a fast path to what :mod:`tabletop.games.cribbage.scoring` says readably, and is
tested to agree with it: totals come from the rank-pattern tables of
:mod:`tabletop.games.cribbage.crib_tables` plus flush and nobs (C13). :func:`hand_distribution`
counts all 12,994,800 (hand, starter) deals exactly by rank multiset, counting the suit choices
combinatorially instead of visiting deals. :func:`discard_analysis` weighs every way to throw to the
crib: the kept hand's exact expectation over the unseen starters, and the crib's expectation from
the shipped tables (or exactly, given the thrower's whole hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from tabletop.core.cards import DECK, Card
from tabletop.core.errors import TabletopError
from tabletop.games.cribbage.crib_tables import JACK, crib_tally, expected_crib, pattern_bytes, pattern_table

DEALS = 12_994_800
"""(4-card hand, starter) deals: C(52, 4) × 48 (C20)."""

CribModel = Literal["table", "exact"]
"""How :func:`discard_analysis` values the crib: the shipped tables, or exactly given the whole hand."""

_OFFSET4 = 1 + 13 + 13**2 + 13**3  # turns 1-based ranks into the index of 0-based ones
_OFFSET5 = _OFFSET4 + 13**4


def fast_hand_total(hand: Sequence[Card], starter: Card | None, crib: bool = False) -> int:
    """The show's total of four cards (C13) by table look-up; equal to ``scoring.hand_total``.

    The five cards must differ. :func:`~tabletop.games.cribbage.scoring.score_hand` refuses a
    repeated card; this fast path trusts its caller, because checking would cost more than the
    look-up itself.

    >>> from tabletop.core.cards import parse_cards
    >>> fast_hand_total(parse_cards("5H 5C 5S JD".split()), Card.parse("5D"))
    29
    """
    if len(hand) != 4:
        raise TabletopError(f"{len(hand)} cards: a hand or crib in the show has 4")
    a, b, c, d = hand
    index = ((a.rank * 13 + b.rank) * 13 + c.rank) * 13 + d.rank
    if starter is None:
        points = pattern_bytes(4)[index - _OFFSET4]
    else:
        points = pattern_bytes(5)[index * 13 + starter.rank - _OFFSET5]
    suit = a.suit
    if b.suit == suit and c.suit == suit and d.suit == suit:
        if starter is not None and starter.suit == suit:
            points += 5
        elif not crib:
            points += 4
    if starter is not None:
        for card in hand:
            if card.rank == JACK + 1 and card.suit == starter.suit:
                points += 1
    return points


def hand_totals(hands: ArrayLike, starters: ArrayLike, crib: bool = False) -> NDArray[np.int64]:
    """Vectorised show totals: ``hands`` an N × 4 array of card indices, ``starters`` N card indices."""
    cards = np.asarray(hands, dtype=np.int64)
    cut = np.asarray(starters, dtype=np.int64)
    ranks, suits = cards // 4, cards % 4
    cut_rank, cut_suit = cut // 4, cut % 4
    points = pattern_table(5)[ranks[:, 0], ranks[:, 1], ranks[:, 2], ranks[:, 3], cut_rank].astype(np.int64)
    four = (suits == suits[:, :1]).all(axis=1)
    five = four & (cut_suit == suits[:, 0])
    points += np.where(five, 5, 0 if crib else 4 * four)
    points += ((ranks == JACK) & (suits == cut_suit[:, None])).any(axis=1)
    return points


def hand_distribution(crib: bool = False) -> dict[int, int]:
    """How many of the 12,994,800 (hand, starter) deals score each total 0–29 (C20): exact counts."""
    return dict(enumerate(distribution_counts(crib)))


@cache
def distribution_counts(crib: bool = False) -> tuple[int, ...]:
    """The deals scoring 0, 1, … 29, computed once.

    Each 4-rank multiset of the hand and rank of the starter is one row; the number of ways to
    choose suits for it is counted, and among them those making a flush (4 or 5 cards) or nobs.
    """
    hands = np.array(list(combinations_with_replacement(range(13), 4)), dtype=np.int64)  # 1,820 rank multisets
    held = np.zeros((len(hands), 13), dtype=np.int64)  # cards of each rank in the hand
    for column in range(4):
        held[np.arange(len(hands)), hands[:, column]] += 1
    choose4 = np.array([1, 4, 6, 4, 1], dtype=np.int64)  # C(4, k)
    choose3 = np.array([1, 3, 3, 1, 0], dtype=np.int64)  # C(3, k)
    suit_ways = choose4[held].prod(axis=1)  # suit choices for the hand's cards
    cut = np.arange(13)
    same = held[:, cut]  # hand cards of the starter's rank, per (hand, starter rank)
    deals = suit_ways[:, None] * (4 - same)
    points = pattern_table(5)[hands[:, 0, None], hands[:, 1, None], hands[:, 2, None], hands[:, 3, None], cut]
    distinct = np.all(held <= 1, axis=1, keepdims=True)  # four different ranks: a flush is possible
    jacks = held[:, JACK][:, None]
    five_flush = 4 * (distinct & (same == 0))  # one per suit
    four_flush = 12 * distinct  # four suits for the hand, three for the starter
    # Nobs: a hand jack's suit is the starter's; the starter's rank then has C(3, k) choices for the hand.
    nobs = (suit_ways[:, None] // choose4[same]) * choose3[same] * jacks * (cut != JACK)
    nobs_flush = five_flush * (jacks > 0)
    bonus_counts = [(6, nobs_flush), (5, five_flush - nobs_flush), (1, nobs - nobs_flush)]
    if not crib:
        bonus_counts.append((4, four_flush))
    plain = deals - sum(count for _, count in bonus_counts)
    totals = np.zeros(47, dtype=np.int64)  # patterns of five alike (up to 40 points) have no deals
    for bonus, count in [(0, plain), *bonus_counts]:
        np.add.at(totals, (points + bonus).ravel(), np.broadcast_to(count, points.shape).ravel())
    return tuple(int(count) for count in totals[:30])


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One way to throw cards to the crib, with what it is worth on average."""

    discard: tuple[Card, ...]  #: the cards thrown to the crib
    keep: tuple[Card, ...]  #: the four cards kept
    hand: float  #: expected points of the kept hand over the unseen starters (exact)
    hand_min: int  #: the least the kept hand can score
    hand_max: int  #: the most the kept hand can score
    crib: float  #: expected points of the crib (the dealer's)
    net: float  #: hand + crib for the dealer, hand − crib for the others

    def __str__(self) -> str:
        return (f"throw {' '.join(map(str, self.discard))}, keep {' '.join(map(str, self.keep))}: "
                f"hand {self.hand:.2f} ({self.hand_min}–{self.hand_max}), crib {self.crib:.2f}, net {self.net:+.2f}")

    def to_data(self) -> dict[str, object]:
        """JSON-ready: the cards as text and the figures."""
        return {
            "discard": [str(card) for card in self.discard],
            "keep": [str(card) for card in self.keep],
            "hand": self.hand,
            "hand_min": self.hand_min,
            "hand_max": self.hand_max,
            "crib": self.crib,
            "net": self.net,
        }


def discard_analysis(cards: Sequence[Card], dealer: bool, crib_model: CribModel = "table") -> list[DiscardOption]:
    """Every way to throw 2 of 6 cards (or 1 of 5, with 3–4 players) to the crib, best net first.

    ``dealer``: the crib is the player's own (or their partner's), so it adds to the net; else it
    subtracts. ``crib_model``: "table" uses the shipped tables (only the thrown cards count as seen);
    "exact" also takes the kept cards out of the unseen ones.

    Raises:
        TabletopError: not 5 or 6 cards, or a card given twice.
    """
    cards = tuple(cards)
    if len(cards) not in (5, 6):
        raise TabletopError(f"{len(cards)} cards: a discard analysis takes 6 (two players throw 2) "
                            "or 5 (three or four players throw 1)")
    if len(set(cards)) != len(cards):
        twice = next(card for card in cards if cards.count(card) > 1)
        raise TabletopError(f"{twice} appears twice; a pack has one of each card")
    starters = [card for card in DECK if card not in cards]
    table = pattern_bytes(5)
    options = []
    for discard in combinations(cards, len(cards) - 4):
        keep = tuple(card for card in cards if card not in discard)
        index = (((keep[0].rank - 1) * 13 + keep[1].rank - 1) * 13 + keep[2].rank - 1) * 13 + keep[3].rank - 1
        by_rank = table[index * 13:index * 13 + 13]  # fifteens, pairs and runs, by the starter's rank
        by_suit = [0] * 4  # flush and nobs, by the starter's suit
        if len({card.suit for card in keep}) == 1:
            by_suit = [4] * 4
            by_suit[keep[0].suit] = 5
        for card in keep:
            if card.rank == JACK + 1:
                by_suit[card.suit] += 1
        values = [by_rank[starter.rank - 1] + by_suit[starter.suit] for starter in starters]
        hand = sum(values) / len(starters)
        crib = expected_crib(discard) if crib_model == "table" else crib_tally(discard, keep).mean
        options.append(DiscardOption(discard, keep, hand, min(values), max(values), crib,
                                     hand + crib if dealer else hand - crib))
    options.sort(key=lambda option: (-option.net, -option.hand, [card.index for card in option.discard]))
    return options
