"""The scoring kernel: C4 card values, C11 pegging combinations, C13 the show, C19 spoken counts,
C20 known hands; and its two forms agreeing: the count form (tables, card indices, 0-based ranks)
gives the explained form's total for every rank pattern, random hands and random series."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import TabletopError
from tabletop.core.cards import DECK, Card, parse_cards
from tabletop.games.cribbage.scoring import (
    flush,
    nobs,
    pegging_points,
    pegging_score,
    say,
    score_hand,
    show_points,
    suit_points,
    value,
)


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
        score_hand((*hand("5H 5C 5S"), Card(5, 0)), Card.parse("2D"), crib=True)
    assert score_hand(hand("5H 5C 5S JD"), Card(5, 1)).total == 29  # a card built anew counts as itself


@pytest.mark.parametrize(("cards", "starter", "code"), [
    ("", "5D", "show_size"),
    ("5H 5C 5S", "5D", "show_size"),
    ("5H 5C 5S JD 2C", "5D", "show_size"),
    ("5H 5C 5S JD", None, "no_starter"),
])
def test_c13_a_show_no_deal_can_produce_is_refused(cards: str, starter: str | None, code: str) -> None:
    """C13: the show counts four cards with the starter as the fifth; 0, 3 or 5 cards, or no starter,
    are refused with a code a program can read (the referee's reproductions, #41 item 2)."""
    with pytest.raises(TabletopError) as refused:
        score_hand(hand(cards) if cards else (), Card.parse(starter) if starter else None)
    assert refused.value.code == code


def test_c13_a_card_must_be_a_card() -> None:
    with pytest.raises(TabletopError, match="'5H' is not a card") as refused:
        score_hand(("5H", *hand("5C 5S JD")), Card.parse("5D"))  # type: ignore[arg-type]
    assert refused.value.code == "not_a_card"
    with pytest.raises(TabletopError) as refused:
        pegging_score(["5H"])  # type: ignore[list-item]
    assert refused.value.code == "not_a_card"


@pytest.mark.parametrize(("series", "code"), [
    ("5H 5H", "card_twice"),  # scored as a pair before
    ("KH QH JH TH", "count_over_31"),  # a count of 40, scored as a run of four before
    ("", "empty_series"),
])
def test_c8_c10_a_play_no_series_can_hold_is_refused(series: str, code: str) -> None:
    """C8, C10, C11: a series has distinct cards and a count of at most 31 (#41 item 2)."""
    cards = [Card.parse(text) for text in series.split()]  # parse_cards itself refuses a repeated card
    with pytest.raises(TabletopError) as refused:
        pegging_score(cards)
    assert refused.value.code == code


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


# --- the count form agrees with the explained form ------------------------------------------------


def test_show_points_for_every_rank_pattern() -> None:
    """All 6,175 patterns of five ranks (each card of a rank in a different suit), hand and crib."""
    for ranks in combinations_with_replacement(range(1, 14), 5):
        if ranks[0] == ranks[4]:
            continue
        suits = [ranks[:i].count(r) for i, r in enumerate(ranks)]  # 0 for a rank's first card, 1 for its second…
        cards = [DECK[(r - 1) * 4 + s] for r, s in zip(ranks, suits, strict=True)]
        for starter in (0, 4):  # the lowest and the highest rank as the starter
            hand = [c for i, c in enumerate(cards) if i != starter]
            indices = [c.index for c in hand]
            for crib in (False, True):
                assert show_points(indices, cards[starter].index, crib) == score_hand(hand, cards[starter], crib).total


def test_show_points_with_flushes_and_nobs() -> None:
    """Random hands, plus the flushes (C13: four in hand, five in the crib) and nobs."""
    rng = random.Random(13)
    for _ in range(3000):
        *hand, starter = rng.sample(DECK, 5)
        for crib in (False, True):
            assert show_points([c.index for c in hand], starter.index, crib) == score_hand(hand, starter, crib).total
    hearts = parse_cards(["2H", "4H", "6H", "JH"])
    for text, hand_points, crib_points in (("8S", 4, 0), ("8H", 5 + 1, 5 + 1), ("8C", 4, 0)):
        card = Card.parse(text)
        indices = [c.index for c in hearts]
        assert show_points(indices, card.index) == score_hand(hearts, card).total == hand_points
        assert show_points(indices, card.index, crib=True) == score_hand(hearts, card, crib=True).total == crib_points
    five_fives = [Card.parse(c).index for c in ("5H", "5C", "5S", "JD")]
    assert show_points(five_fives, Card.parse("5D").index) == 29


def test_pegging_points_match_the_readable_kernel() -> None:
    """Random legal series (count at most 31): fifteens, 31s, pairs royal, the longest run."""
    rng = random.Random(31)
    checked = 0
    for _ in range(3000):
        pack = list(DECK)
        rng.shuffle(pack)
        series: list[Card] = []
        count = 0
        for card in pack:
            if count + value(card) > 31:
                continue
            series.append(card)
            count += value(card)
            assert pegging_points([c.rank - 1 for c in series], count) == pegging_score(series).total
            checked += 1
            if rng.random() < 0.2:
                break
    assert checked > 10_000
    runs = parse_cards(["3C", "5D", "4S", "7H", "6C"])
    assert pegging_points([c.rank - 1 for c in runs], 25) == pegging_score(runs).total == 5
    royal = parse_cards(["7C", "7D", "7S", "7H"])
    assert pegging_points([c.rank - 1 for c in royal], 28) == pegging_score(royal).total == 12


@settings(max_examples=300, deadline=None)
@given(st.permutations(DECK).map(lambda cards: cards[:5]), st.booleans())
def test_c13_show_points_is_the_itemised_total(deal: list[Card], crib: bool) -> None:
    """C13: the look-up and the itemised show agree on any hand and starter, hand or crib; its flush
    and nobs part is the explained flush and nobs."""
    hand, starter = deal[:4], deal[4]
    indices = [c.index for c in hand]
    explained = score_hand(hand, starter, crib)
    assert show_points(indices, starter.index, crib) == explained.total
    suited = sum(c.points for c in flush(hand, starter, crib) + nobs(hand, starter))
    assert suit_points(indices, starter.suit, crib) == suited


@st.composite
def series_of_play(draw: st.DrawFn) -> list[Card]:
    """The cards of one series of the play (C8): a count never past 31, ranks repeated at will."""
    cards = draw(st.permutations(DECK))
    length = draw(st.integers(1, 13))
    series: list[Card] = []
    for card in cards:
        if sum(value(c) for c in series) + value(card) <= 31:
            series.append(card)
        if len(series) == length:
            break
    return series


@settings(max_examples=300, deadline=None)
@given(series_of_play())
def test_c10_c11_pegging_score_itemises_pegging_points(series: list[Card]) -> None:
    """C10, C11: the itemised pegging score totals the kernel's points, each combination made of the
    last cards of the series, a pair's of cards alike and a run's of consecutive ranks."""
    count = sum(value(c) for c in series)
    score = pegging_score(series)
    assert score.total == pegging_points([c.rank - 1 for c in series], count) == pegging_points(
        [c.rank for c in series], count)
    for combo in score.combinations:
        assert tuple(series[-len(combo.cards):]) == combo.cards
        ranks = sorted(c.rank for c in combo.cards)
        if "pair" in combo.kind:
            assert len(set(ranks)) == 1
        elif combo.kind == "run":
            assert ranks == list(range(ranks[0], ranks[0] + len(ranks))) and len(ranks) >= 3
