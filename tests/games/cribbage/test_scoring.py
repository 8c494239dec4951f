"""The scoring kernel: C4 card values, C11 pegging combinations, C13 the show, C19 spoken counts,
C20 known hands."""

from __future__ import annotations

import pytest

from tabletop.core import TabletopError
from tabletop.core.cards import Card, parse_cards
from tabletop.games.cribbage.scoring import pegging_score, say, score_hand, value


def hand(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def show(cards: str, starter: str, crib: bool = False) -> int:
    return score_hand(hand(cards), Card.parse(starter), crib).total


def test_c4_card_values() -> None:
    """C4: ace 1, 2–10 face value, J/Q/K 10."""
    assert [value(Card.parse(t)) for t in ["AS", "2S", "9S", "TS", "JS", "QS", "KS"]] == [1, 2, 9, 10, 10, 10, 10]


def test_c4_ace_is_low_and_runs_do_not_wrap() -> None:
    """C4: A-K-Q is not a run; A-2-3 is."""
    assert pegging_score(hand("QH KD AS")).total == 0
    assert pegging_score(hand("2H 3D AS")).total == 3
    assert show("QH KD AS 5C", "9D") == 6  # fifteens K+5, Q+5, A+5+9; no Q-K-A run


def test_c20_the_29_hand() -> None:
    """C20: J + three 5s with the fourth 5, of the jack's suit, as starter scores 29."""
    assert show("5H 5C 5S JD", "5D") == 29
    assert show("5H 5D 5S JC", "5C") == 29
    assert show("5H 5C 5S JH", "5D") == 28  # the jack's suit is not the starter's: no nobs


def test_c13_a_card_given_twice_is_refused() -> None:
    """C13 (a pack has one of each card): the starter repeated in the hand would count a pair no
    deal can hold (5H in hand and as the starter gave 28); it is a clear error instead."""
    with pytest.raises(TabletopError, match="5H is in the hand and is also the starter; a pack has one of each"):
        score_hand(hand("5H 5C 5S JD"), Card(5, 2))
    with pytest.raises(ValueError, match="5H appears twice in the hand"):
        score_hand((Card(5, 2), Card.parse("5H"), Card.parse("5C"), Card.parse("JD")), Card.parse("5S"))
    with pytest.raises(TabletopError, match="appears twice"):
        score_hand((*hand("5H 5C 5S"), Card(5, 0)), None, crib=True)
    assert score_hand(hand("5H 5C 5S JD"), Card(5, 1)).total == 29  # a card built anew counts as itself


@pytest.mark.parametrize(
    ("cards", "starter", "total"),
    [
        ("3H 4H 4C 5D", "6S", 14),  # double run of four (8) + pair (2) + two fifteens (4)
        ("7C 8D 8H 9S", "AC", 12),  # two fifteens, pair, double run of three
        ("5C 5D 5H TS", "TD", 22),  # 5+T six ways 12, 5+5+5 2, pair royal 6, pair of tens 2
        ("AH 2H 3H 4H", "9C", 12),  # run of four 4, fifteens (2+4+9, A+2+3+9) 4, flush 4
        ("2C 4D 6H 8S", "TC", 0),
        ("4C 4D 5H 6S", "5C", 24),  # four fifteens 8, two pairs 4, four runs of three 12
        ("JH QH KH AH", "TH", 10),  # run T-J-Q-K 4, five-card flush 5, nobs 1
    ],
)
def test_c13_known_hands(cards: str, starter: str, total: int) -> None:
    """C13: fifteens 2 each, pairs 2 each, every distinct run, flush, nobs — hands with known totals."""
    assert show(cards, starter) == total


def test_c13_flush_in_hand_and_crib() -> None:
    """C13: a 4-card hand flush counts 4 (5 with the starter); the crib needs all five."""
    assert show("2H 6H 8H QH", "3C") == 4 + 2  # flush 4, fifteen 2+Q+3
    breakdown = score_hand(hand("2H 6H 8H QH"), Card.parse("3C"))
    assert [c.kind for c in breakdown.combinations].count("flush") == 1
    crib = score_hand(hand("2H 6H 8H QH"), Card.parse("3C"), crib=True)
    assert "flush" not in [c.kind for c in crib.combinations]
    assert [c.points for c in score_hand(hand("2H 6H 8H QH"), Card.parse("3H"), crib=True).combinations
            if c.kind == "flush"] == [5]


def test_c13_nobs() -> None:
    """C13: the jack of the starter's suit in hand (or crib) scores one; the starter jack does not."""
    assert show("JS AC 3D 7H", "KS") == 1
    assert show("JS AC 3D 7H", "KS", crib=True) == 1
    assert show("JS AC 3D 7H", "KD") == 0
    assert show("AC 3D 7H KS", "JS") == 0  # a jack starter is "his heels" (C7), not nobs


def test_c13_itemised_breakdown_names_the_cards() -> None:
    """Every combination comes with its cards."""
    score = score_hand(hand("5H 5C JD 4S"), Card.parse("6D"))
    kinds = sorted((c.kind, tuple(str(x) for x in c.cards)) for c in score.combinations)
    assert ("pair", ("5H", "5C")) in kinds
    assert ("fifteen", ("5H", "JD")) in kinds
    assert ("run", ("4S", "5H", "6D")) in kinds and ("run", ("4S", "5C", "6D")) in kinds
    assert score.total == sum(c.points for c in score.combinations)


def test_c11_pegging_combinations() -> None:
    """C11: fifteen 2, thirty-one 2, pair 2, pair royal 6, double pair royal 12, runs in any order."""
    assert pegging_score(hand("7H 8D")).total == 2
    assert pegging_score(hand("TH TD JC AS")).total == 2  # 31 (pair broken by JC)
    assert pegging_score(hand("3H 3D")).total == 2
    assert pegging_score(hand("3H 3D 3C")).total == 6
    assert pegging_score(hand("3H 3D 3C 3S")).total == 12
    assert pegging_score(hand("5H 3D 4C")).total == 3
    assert pegging_score(hand("2H 5H 3D 4C")).total == 4
    assert pegging_score(hand("2H 5H 3D 4C 6S")).total == 5  # run of five (count 20)
    assert pegging_score(hand("AH 2D 3C 4S 5H")).total == 5 + 2  # run of five and fifteen
    assert pegging_score(hand("3D 4C 4H")).total == 2  # a pair; 3-4-4 is no run
    assert pegging_score(hand("6H 4C 5D 4S")).total == 0  # the last three are 4 5 4: no run, no pair


def test_c19_spoken_count() -> None:
    """C19: "fifteen two, fifteen four, and a pair is six" style, running totals in words."""
    score = score_hand(hand("5H 5C 9D 2S"), Card.parse("KC"))
    assert score.spoken() == "fifteen two, fifteen four, and a pair is six"
    assert score_hand(hand("2C 4D 6H 8S"), Card.parse("TC")).spoken() == "nineteen (nothing)"
    assert say(29) == "twenty-nine" and say(15) == "fifteen"
    data = score.to_data()
    assert data["total"] == 6 and data["spoken"] == score.spoken()
