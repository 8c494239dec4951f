"""The cribbage scoring kernel: hands and crib in the show (C13), cards in the play (C10–C12).

One readable implementation serves the rules engine, the bots, the analysis tools and the CLI.
Every score comes itemised — each fifteen, pair, run, flush and nobs with its cards — and can be
said aloud the way players count (C19): "fifteen two, fifteen four, and a pair is six".
Fast paths elsewhere (analysis tables, vectorised counts) are tested against this module.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise

from tabletop.core.cards import Card
from tabletop.core.errors import TabletopError

PAIR_POINTS = {2: 2, 3: 6, 4: 12}
"""C11: a pair, three of a kind ("pair royal"), four of a kind ("double pair royal")."""


def value(card: Card) -> int:
    """C4: ace 1, two to ten face value, jack/queen/king 10."""
    return min(card.rank, 10)


@dataclass(frozen=True, slots=True)
class Combination:
    """One scoring combination: what it is, the cards that make it, and its points."""

    kind: str  #: fifteen, pair, pair royal, double pair royal, run, flush, nobs, heels, thirty-one, go
    cards: tuple[Card, ...]
    points: int

    def __str__(self) -> str:
        return f"{self.kind} {' '.join(str(c) for c in self.cards)} = {self.points}".replace("  ", " ")


@dataclass(frozen=True, slots=True)
class Score:
    """A total with the combinations that make it up."""

    combinations: tuple[Combination, ...] = ()

    @property
    def total(self) -> int:
        """The points of all the combinations."""
        return sum(c.points for c in self.combinations)

    def spoken(self) -> str:
        """The count as players say it (C19), e.g. "fifteen two, fifteen four, and a pair is six".

        A hand worth nothing is, by tradition, "nineteen".
        """
        if not self.combinations:
            return "nineteen (nothing)"
        words: list[str] = []
        running = 0
        for combo in self.combinations:
            running += combo.points
            words.append(_phrase(combo, running))
        if len(words) > 1:
            words[-1] = "and " + words[-1]
        return ", ".join(words)

    def to_data(self) -> dict[str, object]:
        """JSON-ready: total, spoken count and each combination with its cards."""
        return {
            "total": self.total,
            "spoken": self.spoken(),
            "combinations": [
                {"kind": c.kind, "cards": [str(card) for card in c.cards], "points": c.points}
                for c in self.combinations
            ],
        }


_NUMBERS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "  # noqa: SIM905
            "fifteen sixteen seventeen eighteen nineteen twenty").split()


def say(number: int) -> str:
    """A number in words, as counted aloud (up to 31).

    >>> say(24)
    'twenty-four'
    """
    if number <= 20:
        return _NUMBERS[number]
    tens, units = divmod(number, 10)
    word = {2: "twenty", 3: "thirty"}[tens]
    return word if not units else f"{word}-{_NUMBERS[units]}"


def _phrase(combo: Combination, running: int) -> str:
    total = say(running)
    match combo.kind:
        case "fifteen":
            return f"fifteen {total}"
        case "pair":
            return f"a pair is {total}"
        case "pair royal":
            return f"a pair royal is {total}"
        case "double pair royal":
            return f"a double pair royal is {total}"
        case "run":
            return f"a run of {say(len(combo.cards))} is {total}"
        case "flush":
            return f"a flush of {say(len(combo.cards))} is {total}"
        case "nobs":
            return f"one for his nob is {total}"
        case "heels":
            return f"two for his heels is {total}"
        case "thirty-one":
            return f"thirty-one for two is {total}"
        case "go":
            return f"one for the go is {total}"
        case "last card":
            return f"one for last card is {total}"
    return f"{combo.kind} is {total}"


def fifteens(cards: Sequence[Card]) -> list[Combination]:
    """C13: every set of cards whose values add to 15, two points each."""
    values = [value(c) for c in cards]
    return [
        Combination("fifteen", subset, 2)
        for size in range(2, len(cards) + 1)
        for subset, worth in zip(combinations(cards, size), combinations(values, size), strict=True)
        if sum(worth) == 15
    ]


def pairs(cards: Sequence[Card]) -> list[Combination]:
    """C13: every pair of cards of the same rank, two points each (three alike make three pairs)."""
    return [Combination("pair", (a, b), 2) for a, b in combinations(cards, 2) if a.rank == b.rank]


def runs(cards: Sequence[Card]) -> list[Combination]:
    """C13: every distinct run of three or more consecutive ranks (ace low, no wrap, C4)."""
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(card.rank, []).append(card)
    found: list[Combination] = []
    rank = 1
    while rank <= 13:
        if rank not in by_rank:
            rank += 1
            continue
        end = rank
        while end + 1 in by_rank:
            end += 1
        if end - rank + 1 >= 3:
            groups = [by_rank[r] for r in range(rank, end + 1)]
            for choice in _product(groups):
                found.append(Combination("run", choice, len(choice)))
        rank = end + 1
    return found


def _product(groups: list[list[Card]]) -> list[tuple[Card, ...]]:
    result: list[tuple[Card, ...]] = [()]
    for group in groups:
        result = [(*prefix, card) for prefix in result for card in group]
    return result


def flush(hand: Sequence[Card], starter: Card | None, crib: bool) -> list[Combination]:
    """C13: four cards of the hand of one suit score 4, five with the starter;
    in the crib only a five-card flush counts."""
    if len(hand) < 4 or len({c.suit for c in hand}) != 1:
        return []
    if starter is not None and starter.suit == hand[0].suit:
        return [Combination("flush", (*hand, starter), len(hand) + 1)]
    if crib:
        return []
    return [Combination("flush", tuple(hand), len(hand))]


def nobs(hand: Sequence[Card], starter: Card | None) -> list[Combination]:
    """C13: the jack of the starter's suit in the hand or crib: one ("one for his nob")."""
    if starter is None:
        return []
    return [Combination("nobs", (c,), 1) for c in hand if c.rank == 11 and c.suit == starter.suit]


def score_hand(hand: Sequence[Card], starter: Card | None, crib: bool = False) -> Score:
    """The show (C13): a hand or crib of four with the starter as the fifth card, itemised.

    >>> from tabletop.core.cards import parse_cards
    >>> five_fives = parse_cards("5H 5C 5S JD".split())
    >>> score_hand(five_fives, Card.parse("5D")).total
    29

    Raises:
        TabletopError: when a card is given twice (in the hand twice, or in the hand and as the
            starter): a pack has one of each card, and a repeated card would count pairs that no
            deal can hold.
    """
    cards = [*hand, starter] if starter is not None else list(hand)
    if len(set(cards)) != len(cards):
        raise TabletopError(_twice(hand, starter))
    combos = fifteens(cards) + pairs(cards) + runs(cards) + flush(hand, starter, crib) + nobs(hand, starter)
    return Score(tuple(combos))


def _twice(hand: Sequence[Card], starter: Card | None) -> str:
    """Which card is given twice, and where."""
    if starter is not None and starter in hand:
        return (f"{starter} is in the hand and is also the starter; a pack has one of each card, "
                "so the starter must be a card the hand does not hold")
    twice = next(card for card in hand if list(hand).count(card) > 1)
    return f"{twice} appears twice in the hand; a pack has one of each card, so the cards must all differ"


def hand_total(hand: Sequence[Card], starter: Card | None, crib: bool = False) -> int:
    """The show's total for a hand (same as ``score_hand(...).total``)."""
    return score_hand(hand, starter, crib).total


def pegging_score(series: Sequence[Card]) -> Score:
    """C10–C11: what the last card of ``series`` (the cards played since the count was reset)
    scores: 15 or 31 for two, pairs 2/6/12, the longest run of the last k cards in any order.

    Go and last card (C9, C12) are not included: they depend on the other players.

    >>> from tabletop.core.cards import parse_cards
    >>> pegging_score(parse_cards(["4C", "6D", "5S"])).total  # fifteen two and a run of three
    5
    """
    combos: list[Combination] = []
    count = sum(value(c) for c in series)
    if count == 15:
        combos.append(Combination("fifteen", tuple(series), 2))
    elif count == 31:
        combos.append(Combination("thirty-one", tuple(series), 2))
    last = series[-1]
    alike = 1
    while alike < len(series) and series[-1 - alike].rank == last.rank:
        alike += 1
    if alike >= 2:
        kind = {2: "pair", 3: "pair royal", 4: "double pair royal"}[alike]
        combos.append(Combination(kind, tuple(series[-alike:]), PAIR_POINTS[alike]))
    for length in range(len(series), 2, -1):
        ranks = sorted(c.rank for c in series[-length:])
        if all(b == a + 1 for a, b in pairwise(ranks)):
            combos.append(Combination("run", tuple(series[-length:]), length))
            break
    return Score(tuple(combos))


def rank_counts(cards: Sequence[Card]) -> Counter[int]:
    """How many cards of each rank: the pattern that fifteens, pairs and runs depend on."""
    return Counter(c.rank for c in cards)
