"""Cribbage actions and their notation: what players do and what chance deals.

| text | who | meaning |
|---|---|---|
| ``cut 7D`` | chance | a card cut for the first deal (C6) |
| ``deal 5H`` | chance | the next card dealt (C5) |
| ``starter JC`` | chance | the starter cut and turned (C7) |
| ``discard 5H 6D`` | player | the card(s) laid away to the crib (C5) |
| ``5H`` (or ``play 5H``) | player | a card played in the pegging (C8) |
| ``go`` | player | cannot play without passing 31 (C9) |
| ``count`` / ``count 12`` | player | count a hand or the crib (C13); with muggins, the points declared (C17) |
| ``claim 2`` | player | with muggins: the points declared for a card just played (C17) |
| ``muggins`` / ``pass`` | player | with muggins: take the points an opponent missed, or let them go (C17) |
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

from tabletop.core.cards import DECK, Card, parse_cards
from tabletop.core.errors import NotationError
from tabletop.core.game import notation_error


@dataclass(frozen=True, slots=True)
class _CardEvent:
    """A chance event that turns up one card, written ``<word> <card>``."""

    card: Card
    word: ClassVar[str] = ""

    def __str__(self) -> str:
        return f"{self.word} {self.card}"


@dataclass(frozen=True, slots=True)
class Cut(_CardEvent):
    """Chance: a card cut for the deal."""

    word: ClassVar[str] = "cut"


@dataclass(frozen=True, slots=True)
class Deal(_CardEvent):
    """Chance: the next card off the pack."""

    word: ClassVar[str] = "deal"


@dataclass(frozen=True, slots=True)
class Starter(_CardEvent):
    """Chance: the starter."""

    word: ClassVar[str] = "starter"


@dataclass(frozen=True, slots=True)
class Discard:
    """Lay away cards to the crib; the cards are kept in index order so equal discards are equal."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "discard " + " ".join(str(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card in the pegging."""

    card: Card

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True, slots=True)
class Go:
    """Say "go": no card can be played without passing 31."""

    def __str__(self) -> str:
        return "go"


@dataclass(frozen=True, slots=True)
class Count:
    """Count a hand or the crib; ``declared`` is the points claimed (muggins) or None (counted for you)."""

    declared: int | None = None

    def __str__(self) -> str:
        return "count" if self.declared is None else f"count {self.declared}"


@dataclass(frozen=True, slots=True)
class Claim:
    """Muggins: the points declared for the card just played."""

    declared: int

    def __str__(self) -> str:
        return f"claim {self.declared}"


@dataclass(frozen=True, slots=True)
class Muggins:
    """Muggins: take the points the opponent missed."""

    def __str__(self) -> str:
        return "muggins"


@dataclass(frozen=True, slots=True)
class Pass:
    """Muggins: leave the missed points."""

    def __str__(self) -> str:
        return "pass"


CribbageAction = Cut | Deal | Starter | Discard | Play | Go | Count | Claim | Muggins | Pass
GO, MUGGINS, PASS, COUNT = Go(), Muggins(), Pass(), Count()
MAX_DECLARED = 31

_EXPECTED = ("a card to play (5H), go, discard 5H 6D, count [N], claim N, muggins, pass, "
             "or chance: cut 7D, deal 5H, starter JC")


# Every action a state offers is one of these, made once: a playout step builds no action objects, and the
# kernel's moves (.moves.MOVES) are found by their identity; parse_action hands them out too.
CUTS = tuple(Cut(card) for card in DECK)  #: by card index
DEALS = tuple(Deal(card) for card in DECK)  #: by card index
STARTERS = tuple(Starter(card) for card in DECK)  #: by card index
PLAYS = tuple(Play(card) for card in DECK)  #: by card index
CLAIMS = tuple(Claim(n) for n in range(MAX_DECLARED + 1))
COUNTS = tuple(Count(n) for n in range(30))  #: with muggins: a hand or crib is worth 0–29
SINGLE_DISCARDS = tuple(Discard((card,)) for card in DECK)  #: three or four players: one card laid away, by index


def _pairs() -> dict[int, Discard]:
    pairs = {}
    for low, high in combinations(DECK, 2):  # DECK is in index order
        pairs[low.index * 52 + high.index] = pairs[high.index * 52 + low.index] = Discard((low, high))
    return pairs


PAIR_DISCARDS = _pairs()
"""Two players: the discard of the cards with indices ``a`` and ``b``, at ``a * 52 + b`` and ``b * 52 + a``."""


def discard(cards: tuple[Card, ...] | list[Card]) -> Discard:
    """The discard of ``cards`` in canonical (index) order."""
    ordered = tuple(sorted(cards, key=lambda c: c.index))
    if len(ordered) == 1:
        return SINGLE_DISCARDS[ordered[0].index]
    if len(ordered) == 2 and ordered[0] != ordered[1]:
        return PAIR_DISCARDS[ordered[0].index * 52 + ordered[1].index]
    return Discard(ordered)


def discards(hand: tuple[Card, ...], size: int) -> tuple[Discard, ...]:
    """Every way to lay away ``size`` cards of ``hand`` (C5), in the order of
    ``itertools.combinations`` over the hand, each discard in canonical order."""
    return tuple(discard(cards) for cards in combinations(hand, size))


def parse_action(text: str) -> CribbageAction:
    """Read an action in cribbage notation (case-insensitive)."""
    words = text.split()
    if not words:
        raise notation_error(text, _EXPECTED)
    head = words[0].lower()
    try:
        match head, len(words):
            case "go", 1:
                return GO
            case "muggins", 1:
                return MUGGINS
            case "pass", 1:
                return PASS
            case "count", 1:
                return COUNT
            case "count", 2:
                points = _points(words[1])
                return COUNTS[points] if points < len(COUNTS) else Count(points)
            case "claim", 2:
                return CLAIMS[_points(words[1])]
            case "cut", 2:
                return CUTS[Card.parse(words[1]).index]
            case "deal", 2:
                return DEALS[Card.parse(words[1]).index]
            case "starter", 2:
                return STARTERS[Card.parse(words[1]).index]
            case "play", 2:
                return PLAYS[Card.parse(words[1]).index]
            case "discard", n if n >= 2:
                return discard(list(parse_cards(words[1:])))
            case _, 1:
                try:
                    return PLAYS[Card.parse(words[0]).index]
                except NotationError:
                    raise notation_error(text, _EXPECTED) from None
    except NotationError as error:
        if "expected" in str(error):
            raise
        raise NotationError(f"{text!r}: {error}", params={"text": text}) from None
    raise notation_error(text, _EXPECTED)


def _points(word: str) -> int:
    if not word.isdigit() or int(word) > MAX_DECLARED:
        raise NotationError(f"{word!r} is not a number of points 0–{MAX_DECLARED}", params={"text": word})
    return int(word)
