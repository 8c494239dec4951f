"""Playing cards: a 52-card pack as immutable values with a text form that round-trips.

Ranks are 1 (ace) … 13 (king); suits are clubs, diamonds, hearts, spades. A card is written
rank then suit: ``AS``, ``5H``, ``TD`` (``10D`` is read too), ``KC``; suits may also be ``♣♦♥♠``;
reading ignores case. Cards are values: two cards are the same card when rank and suit agree,
however they were made (``Card(13, 2) == Card.parse("KH")``), so code compares them with ``==``
and ``in``, never ``is``. :meth:`Card.parse` and :meth:`Card.from_index` hand out the instances
of :data:`DECK`, but nothing relies on that.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tabletop.core.errors import NotationError, TabletopError

RANKS = "A23456789TJQK"
SUITS = "CDHS"
_SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king")
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card. Order is by rank, then suit (clubs < diamonds < hearts < spades)."""

    rank: int  #: 1 = ace … 11 = jack, 12 = queen, 13 = king
    suit: int  #: 0 clubs, 1 diamonds, 2 hearts, 3 spades

    def __post_init__(self) -> None:
        """A card made by hand must be one of the 52: a bad rank would index another card's tables.

        Raises:
            TabletopError: saying which ranks and suits exist.
        """
        rank, suit = self.rank, self.suit
        if not (isinstance(rank, int) and isinstance(suit, int) and 1 <= rank <= 13 and 0 <= suit <= 3):
            raise TabletopError(f"Card({rank!r}, {suit!r}) is not a card; rank is 1 (ace) … 13 (king) "
                                "and suit 0 (clubs), 1 (diamonds), 2 (hearts) or 3 (spades)")

    @property
    def index(self) -> int:
        """0–51: a compact number for bitmasks and arrays (rank-major)."""
        return (self.rank - 1) * 4 + self.suit

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + SUITS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def symbol(self) -> str:
        """``5♥``: the card with its suit symbol, for display."""
        return ("10" if self.rank == 10 else RANKS[self.rank - 1]) + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """``five of hearts``."""
        return f"{RANK_NAMES[self.rank - 1]} of {SUIT_NAMES[self.suit]}"

    @staticmethod
    def parse(text: str) -> Card:
        """The card written ``text``.

        >>> Card.parse("10h") == Card.parse("TH") == Card.parse("T♥") == Card(10, 2)
        True

        Raises:
            NotationError: saying what a card looks like.
        """
        word = text.strip().upper()
        rank_text, suit_text = word[:-1], word[-1:]
        suit_text = _SUIT_SYMBOLS.get(suit_text, suit_text)
        if rank_text == "10":
            rank_text = "T"
        if len(rank_text) != 1 or rank_text not in RANKS or not suit_text or suit_text not in SUITS:
            raise NotationError(
                f"{text!r} is not a card; a card is a rank A 2-9 T J Q K (or 10) and a suit C D H S "
                "(or ♣♦♥♠), e.g. 5H, TD, 10S, K♣", params={"text": text}
            )
        return DECK[(RANKS.index(rank_text)) * 4 + SUITS.index(suit_text)]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with :attr:`index` ``index``."""
        return DECK[index]


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in range(1, 14) for suit in range(4))
"""The 52 cards in index order (a fresh, unshuffled pack)."""


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """Several cards; raises NotationError on the first bad one or on a repeated card."""
    cards = tuple(Card.parse(text) for text in texts)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise NotationError(f"{card} appears twice; a pack has one of each card", params={"text": str(card)})
        seen.add(card)
    return cards


def mask(cards: Iterable[Card]) -> int:
    """The cards as a 52-bit mask (bit ``card.index``)."""
    bits = 0
    for card in cards:
        bits |= 1 << card.index
    return bits


def cards_in(bits: int) -> tuple[Card, ...]:
    """The cards of a 52-bit mask, in index order."""
    return tuple(card for card in DECK if bits >> card.index & 1)
