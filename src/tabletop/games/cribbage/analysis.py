"""Cribbage analysis: fast hand totals, the exact distribution of hand scores, and discard advice.

Everything here is built on the count form of the scoring kernel (:mod:`.scoring`): totals are its
rank-pattern tables plus its flush and nobs (C13). :func:`hand_distribution`
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
from tabletop.games.cribbage.crib_tables import crib_tally, expected_crib
from tabletop.games.cribbage.layout import JACK
from tabletop.games.cribbage.scoring import pattern_bytes, score_hand, show_points, suit_points
from tabletop.games.cribbage.show import pattern_table

DEALS = 12_994_800
"""(4-card hand, starter) deals: C(52, 4) × 48 (C20)."""

CribModel = Literal["table", "exact"]
"""How :func:`discard_analysis` values the crib: the shipped tables, or exactly given the whole hand."""

_SUIT_PLACES = np.array([4**6, 4**5, 4**4, 4**3], dtype=np.int64)
_JACK_PLACES = np.array([32, 16, 8, 4], dtype=np.int64)  # below the suits, above the starter's suit


@cache
def _suit_table(crib: bool) -> NDArray[np.int64]:
    """:func:`.scoring.suit_points` for every suit of four cards, which of them are jacks and the
    starter's suit, flattened (the key of :func:`hand_totals`): the kernel's flush and nobs as a table."""
    table = np.zeros(4**4 * 2**4 * 4, dtype=np.int64)
    for suits in np.ndindex(4, 4, 4, 4):
        for jacks in np.ndindex(2, 2, 2, 2):
            hand = [(JACK if jack else 0) * 4 + suit for suit, jack in zip(suits, jacks, strict=True)]
            key = int(np.dot(suits, _SUIT_PLACES) + np.dot(jacks, _JACK_PLACES))
            for starter_suit in range(4):
                table[key + starter_suit] = suit_points(hand, starter_suit, crib)
    table.flags.writeable = False
    return table


def fast_hand_total(hand: Sequence[Card], starter: Card, crib: bool = False) -> int:
    """The show's total of four cards (C13): :func:`.scoring.show_points` for cards; equal to
    ``scoring.score_hand(...).total``.

    Like :func:`~tabletop.games.cribbage.scoring.score_hand` it refuses a show no deal can
    produce: not four cards, no starter, a card given twice (the codes of ``score_hand``).

    >>> from tabletop.core.cards import parse_cards
    >>> fast_hand_total(parse_cards("5H 5C 5S JD".split()), Card.parse("5D"))
    29
    """
    if len(hand) != 4:
        raise TabletopError(f"{len(hand)} cards: a hand or crib in the show has 4", code="show_size",
                            params={"cards": len(hand)})
    if starter is None:
        raise TabletopError("no starter: the show counts the starter as a fifth card", code="no_starter")
    a, b, c, d = hand  # card indices (rank-major), inline: Card.index is a property
    cut = (starter.rank - 1) * 4 + starter.suit
    held = ((a.rank - 1) * 4 + a.suit, (b.rank - 1) * 4 + b.suit, (c.rank - 1) * 4 + c.suit, (d.rank - 1) * 4 + d.suit)
    if len({*held, cut}) != 5:  # a repeated card would count a pair no deal holds
        return score_hand(hand, starter, crib).total  # which raises, saying which card and where
    return show_points(held, cut, crib)


def hand_totals(hands: ArrayLike, starters: ArrayLike, crib: bool = False) -> NDArray[np.int64]:
    """Vectorised show totals: ``hands`` an N × 4 array of card indices, ``starters`` N card indices."""
    cards = np.asarray(hands, dtype=np.int64)
    cut = np.asarray(starters, dtype=np.int64)
    ranks, suits = cards // 4, cards % 4
    cut_rank, cut_suit = cut // 4, cut % 4
    points = pattern_table(5)[ranks[:, 0], ranks[:, 1], ranks[:, 2], ranks[:, 3], cut_rank].astype(np.int64)
    points += _suit_table(crib)[suits @ _SUIT_PLACES + (ranks == JACK) @ _JACK_PLACES + cut_suit]
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
        indices = [card.index for card in keep]
        by_suit = [suit_points(indices, suit) for suit in range(4)]  # flush and nobs, by the starter's suit
        values = [by_rank[starter.rank - 1] + by_suit[starter.suit] for starter in starters]
        hand = sum(values) / len(starters)
        crib = expected_crib(discard) if crib_model == "table" else crib_tally(discard, keep).mean
        options.append(DiscardOption(discard, keep, hand, min(values), max(values), crib,
                                     hand + crib if dealer else hand - crib))
    options.sort(key=lambda option: (-option.net, -option.hand, [card.index for card in option.discard]))
    return options
