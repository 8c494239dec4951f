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


def discard(cards: tuple[Card, ...] | list[Card]) -> Discard:
    """The discard of ``cards`` in canonical (index) order."""
    return Discard(tuple(sorted(cards, key=lambda c: c.index)))


# Every action a state offers is one of these, made once: a playout step builds no action objects.
CUTS = tuple(Cut(card) for card in DECK)  #: by card index
DEALS = tuple(Deal(card) for card in DECK)  #: by card index
STARTERS = tuple(Starter(card) for card in DECK)  #: by card index
PLAYS = tuple(Play(card) for card in DECK)  #: by card index
CLAIMS = tuple(Claim(n) for n in range(MAX_DECLARED + 1))
COUNTS = tuple(Count(n) for n in range(30))  #: with muggins: a hand or crib is worth 0–29


def discards(hand: tuple[Card, ...], size: int) -> tuple[Discard, ...]:
    """Every way to lay away ``size`` cards of ``hand`` (C5), in the order of
    ``itertools.combinations`` over the hand, each discard in canonical order."""
    if size == 2:  # two players: 15 pairs, each put in order without a sort
        return tuple(Discard((a, b) if a.index < b.index else (b, a)) for a, b in combinations(hand, 2))
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
                return Count(_points(words[1]))
            case "claim", 2:
                return Claim(_points(words[1]))
            case "cut", 2:
                return Cut(Card.parse(words[1]))
            case "deal", 2:
                return Deal(Card.parse(words[1]))
            case "starter", 2:
                return Starter(Card.parse(words[1]))
            case "play", 2:
                return Play(Card.parse(words[1]))
            case "discard", n if n >= 2:
                return discard(list(parse_cards(words[1:])))
            case _, 1:
                try:
                    return Play(Card.parse(words[0]))
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
