"""Cribbage scoring: hands and crib in the show (C13), cards in the play (C10–C12), as players count them.

The scoring rules in two forms that serve everyone — the rules kernel (which pegs with the count form and
itemises with the explained one only when events are asked for), the bots, the analysis tools and the CLI.
The *explained* form, here, itemises every score — each fifteen, pair, run, flush and nobs with its cards — and
says it aloud the way players count (C19): "fifteen two, fifteen four, and a pair is six". The *count* form
gives only totals, on card indices and 0-based ranks, for hot paths; it lives in the kernel
(:func:`.show.show_points`: one look-up in a table of fifteens, pairs and runs by rank pattern,
:func:`.show.pattern_table`, plus flush and nobs, :func:`.show.suit_points`; :func:`.play.pegging_points`
for the play, which :func:`pegging_score` itemises, so the two cannot disagree), and :func:`show_points`,
:func:`suit_points` and :func:`pegging_points` here call it with tuples. ``tests/games/cribbage/test_scoring.py``
checks the show's two forms against each other for every rank pattern and random hands.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

import tabletop.games.cribbage.play as play
import tabletop.games.cribbage.show as show
from tabletop.core.cards import Card
from tabletop.core.errors import TabletopError
from tabletop.games.cribbage.layout import CARD_VALUE
from tabletop.games.cribbage.show import pattern_table

PAIR_POINTS = {2: 2, 3: 6, 4: 12}
"""C11: a pair, three of a kind ("pair royal"), four of a kind ("double pair royal")."""


def value(card: Card) -> int:
    """C4: ace 1, two to ten face value, jack/queen/king 10 (:data:`.layout.CARD_VALUE`)."""
    return CARD_VALUE[card.index]


RANK_VALUE = CARD_VALUE[::4]
"""A 0-based rank's counting value (C4)."""

RANK = tuple(index >> 2 for index in range(52))
"""A card's 0-based rank by card index (``Card.index`` is rank-major: four suits a rank)."""


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
        TabletopError: for a show no deal can produce (C13): not four cards (``show_size``), no
            starter (``no_starter``: it is the fifth card of every hand and the crib), something
            that is not a card (``not_a_card``), or a card given twice, in the hand or as the
            starter too (``card_twice``: a pack has one of each, and a repeated card would count
            pairs no deal can hold).
    """
    _all_cards(hand)
    if len(hand) != 4:
        raise TabletopError(f"{len(hand)} cards given: a hand or crib in the show has 4, with the starter as a fifth",
                            code="show_size", params={"cards": len(hand)})
    if starter is None:
        raise TabletopError("no starter: the show counts the starter as a fifth card of every hand and the crib",
                            code="no_starter")
    _all_cards([starter])
    cards = [*hand, starter]
    if len(set(cards)) != len(cards):
        raise TabletopError(_twice(hand, starter), code="card_twice")
    combos = fifteens(cards) + pairs(cards) + runs(cards) + flush(hand, starter, crib) + nobs(hand, starter)
    return Score(tuple(combos))


def _all_cards(cards: Sequence[object]) -> None:
    """Raise ``not_a_card`` unless every item is a :class:`Card` (a string like "5H" is not: parse it)."""
    for item in cards:
        if not isinstance(item, Card):
            raise TabletopError(f"{item!r} is not a card: parse it with Card.parse or parse_cards",
                                code="not_a_card", params={"given": repr(item)[:40]})


def _twice(hand: Sequence[Card], starter: Card | None) -> str:
    """Which card is given twice, and where."""
    if starter is not None and starter in hand:
        return (f"{starter} is in the hand and is also the starter; a pack has one of each card, "
                "so the starter must be a card the hand does not hold")
    twice = next(card for card in hand if list(hand).count(card) > 1)
    return f"{twice} appears twice in the hand; a pack has one of each card, so the cards must all differ"


def pegging_score(series: Sequence[Card]) -> Score:
    """C10–C11: what the last card of ``series`` (the cards played since the count was reset)
    scores: 15 or 31 for two, pairs 2/6/12, the longest run of the last k cards in any order.

    Go and last card (C9, C12) are not included: they depend on the other players. The points are
    :func:`pegging_points`'s, itemised: the total is the kernel's by construction.

    >>> from tabletop.core.cards import parse_cards
    >>> pegging_score(parse_cards(["4C", "6D", "5S"])).total  # fifteen two and a run of three
    5

    Raises:
        TabletopError: for a series no play can make (C10): empty (``empty_series``), not cards
            (``not_a_card``), a card played twice (``card_twice``), or a count past 31
            (``count_over_31``: a card that would pass 31 cannot be played, C8).
    """
    _all_cards(series)
    if not series:
        raise TabletopError("no cards played: the play scores the last card of a series", code="empty_series")
    if len(set(series)) != len(series):
        twice = next(card for card in series if list(series).count(card) > 1)
        raise TabletopError(f"{twice} is played twice; a pack has one of each card", code="card_twice",
                            params={"card": str(twice)})
    count = sum(value(c) for c in series)
    if count > 31:
        raise TabletopError(f"{series[-1]} would make the count {count}: the count may not pass 31",
                            code="count_over_31", params={"card": str(series[-1]), "total": count})
    points = pegging_points([c.rank for c in series], count)
    combos: list[Combination] = []
    if count in (15, 31):
        combos.append(Combination("fifteen" if count == 15 else "thirty-one", tuple(series), 2))
        points -= 2
    if points and series[-2].rank == series[-1].rank:  # a pair ends the series, so no run does (C11)
        alike = _ALIKE[points]
        combos.append(Combination(_PAIR_KINDS[alike], tuple(series[-alike:]), points))
    elif points:
        combos.append(Combination("run", tuple(series[-points:]), points))
    return Score(tuple(combos))


_PAIR_KINDS = {2: "pair", 3: "pair royal", 4: "double pair royal"}
_ALIKE = {points: alike for alike, points in PAIR_POINTS.items()}
"""The cards alike that make a pair's points (C11)."""


def pegging_points(ranks: Sequence[int], count: int) -> int:
    """What the last card of a series pegs (C10, C11), from the ranks played since the count was
    reset (any numbering in rank order: 0-based or ``Card.rank``) and the count after it: the
    kernel's :func:`.play.pegging_points`.

    15 or 31 for two, pairs 2/6/12, the longest run of the last cards in any order. Go and last card
    are not included.

    >>> pegging_points((3, 5, 4), 15)  # 4, 6, 5: fifteen two and a run of three
    5
    """
    return int(play.pegging_points(array("h", ranks), 0, len(ranks), count, 0))


# --- the show's count form ---------------------------------------------------------------------


@cache
def pattern_bytes(size: int) -> bytes:
    """:func:`.show.pattern_table` flattened to bytes, for the fastest scalar look-ups."""
    return pattern_table(size).tobytes()


def suit_points(hand: Sequence[int], starter_suit: int | None, crib: bool = False) -> int:
    """Flush and nobs (C13) of four card indices, given only the starter's suit (None: no starter),
    which is all they depend on: the kernel's :func:`.show.suit_points`.

    >>> suit_points((40, 4, 8, 12), 0)  # J♣ 2♣ 3♣ 4♣, a club turned: a flush of five and nobs
    6
    """
    a, b, c, d = hand
    return int(show.suit_points(a, b, c, d, -1 if starter_suit is None else starter_suit, int(crib)))


def show_points(hand: Sequence[int], starter: int | None, crib: bool = False) -> int:
    """The show (C13) of four card indices with the starter's: ``score_hand(...).total``, by look-up:
    the kernel's :func:`.show.show_points`.

    The cards must differ: :func:`score_hand` refuses a repeated card, this fast path trusts its
    caller, because checking would cost more than the look-up itself.

    >>> show_points((17, 18, 19, 40), 16)  # 5♦ 5♥ 5♠ J♣, the 5♣ turned: 29
    29
    """
    show.tables()
    a, b, c, d = hand
    return int(show.show_points(a, b, c, d, -1 if starter is None else starter, int(crib)))
