"""Cribbage analysis: fast totals, the exact score distribution (C20), crib tables and discard advice.

Every fast path is checked against the readable kernel in ``scoring.py`` or against an independent
computation: the pattern tables over every rank multiset, the fast totals on random deals, the
distribution against a card-by-card enumeration of all 12,994,800 deals and the published counts,
the crib expectations against brute force over the deals of the model.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.cards import DECK, Card, parse_cards
from tabletop.core.errors import TabletopError
from tabletop.games.cribbage import crib_tables
from tabletop.games.cribbage.analysis import (
    DEALS,
    discard_analysis,
    fast_hand_total,
    hand_distribution,
    hand_totals,
)
from tabletop.games.cribbage.crib_tables import (
    TABLES_FILE,
    Tally,
    build_tables,
    crib_tally,
    discard_key,
    expected_crib,
    read_tables,
)
from tabletop.games.cribbage.scoring import fifteens, pairs, pattern_table, runs, score_hand

# Published counts of hand scores over all (hand, starter) deals (e.g. Wikipedia, "Cribbage statistics").
PUBLISHED_HAND_COUNTS = {
    0: 1_009_008, 1: 99_792, 2: 2_813_796, 3: 505_008, 4: 2_855_676, 5: 697_508, 6: 1_800_268, 7: 751_324,
    8: 1_137_236, 9: 361_224, 10: 388_740, 11: 51_680, 12: 317_340, 13: 19_656, 14: 90_100, 15: 9_168,
    16: 58_248, 17: 11_196, 18: 2_708, 19: 0, 20: 8_068, 21: 2_496, 22: 444, 23: 356, 24: 3_680, 25: 0,
    26: 0, 27: 0, 28: 76, 29: 4,
}


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def card_set(ranks: tuple[int, ...]) -> list[Card]:
    """Cards with these 0-based ranks, suits assigned in turn so that no card repeats."""
    seen: Counter[int] = Counter()
    found = []
    for rank in ranks:
        found.append(Card.from_index(rank * 4 + seen[rank]))
        seen[rank] += 1
    return found


# --- rank-pattern tables -------------------------------------------------------------------------

@pytest.mark.parametrize("size", [4, 5])
def test_pattern_tables_match_the_readable_kernel_for_every_multiset(size: int) -> None:
    table = pattern_table(size)
    checked = 0
    for ranks in combinations_with_replacement(range(13), size):
        if max(Counter(ranks).values()) > 4:
            continue
        hand = card_set(ranks)
        expected = sum(c.points for c in fifteens(hand) + pairs(hand) + runs(hand))
        assert table[ranks] == expected, ranks
        checked += 1
    assert checked == {4: 1_820, 5: 6_175}[size]


@pytest.mark.parametrize("size", [4, 5])
def test_pattern_tables_do_not_depend_on_card_order(size: int) -> None:
    table = pattern_table(size)
    swap = (1, 0, *range(2, size))  # a transposition and a cycle generate every permutation
    cycle = (*range(1, size), 0)
    assert np.array_equal(table, table.transpose(swap))
    assert np.array_equal(table, table.transpose(cycle))


# --- fast totals ----------------------------------------------------------------------------------

@settings(max_examples=400, deadline=None)
@given(st.permutations(DECK).map(lambda deck: deck[:5]), st.booleans())
def test_fast_hand_total_equals_the_readable_kernel(deal: list[Card], crib: bool) -> None:
    assert fast_hand_total(deal[:4], deal[4], crib) == score_hand(deal[:4], deal[4], crib).total


@pytest.mark.parametrize("crib", [False, True])
def test_vectorised_totals_equal_the_readable_kernel(crib: bool) -> None:
    rng = random.Random(20)
    deals = [rng.sample(DECK, 5) for _ in range(3_000)]
    deals += [[*hand, starter] for hand in [cards("5H 5C 5S JD"), cards("2H 4H 6H JH"), cards("3S 4S 5S 6S")]
              for starter in DECK if starter not in hand]
    indices = np.array([[card.index for card in deal] for deal in deals])
    fast = hand_totals(indices[:, :4], indices[:, 4], crib)
    assert fast.tolist() == [score_hand(deal[:4], deal[4], crib).total for deal in deals]


def test_fast_hand_total_wants_four_cards() -> None:
    with pytest.raises(TabletopError, match="a hand or crib in the show has 4"):
        fast_hand_total(cards("5H 5C 5S"), Card.parse("5D"))


# --- C13: flush and nobs --------------------------------------------------------------------------

def test_c13_four_card_flush_scores_in_the_hand_but_not_in_the_crib() -> None:
    hand, starter = cards("2H 4H 8H QH"), Card.parse("KS")  # nothing but the flush
    assert fast_hand_total(hand, starter) == score_hand(hand, starter).total == 4
    assert fast_hand_total(hand, starter, crib=True) == score_hand(hand, starter, crib=True).total == 0


def test_c13_five_card_flush_scores_five_in_hand_and_crib() -> None:
    hand, starter = cards("2H 4H 8H QH"), Card.parse("KH")
    assert fast_hand_total(hand, starter) == fast_hand_total(hand, starter, crib=True) == 5


def test_c13_flush_difference_over_all_deals() -> None:
    # Only the four-card flushes differ: 4 suits × C(13, 4) hands × 39 starters of another suit, 4 points each.
    hand, crib = hand_distribution(False), hand_distribution(True)
    assert sum(points * (hand[points] - crib[points]) for points in range(30)) == 4 * 4 * 715 * 39


def test_c13_nobs_is_the_jack_of_the_starters_suit_in_hand() -> None:
    assert fast_hand_total(cards("JD 2C 4H 8S"), Card.parse("KD")) == 1
    assert fast_hand_total(cards("JD 2C 4H 8S"), Card.parse("KC")) == 0
    assert fast_hand_total(cards("KD 2C 4H 8S"), Card.parse("JD")) == 0  # a jack starter is heels, not nobs
    assert fast_hand_total(cards("JD 2C 4H 8S"), Card.parse("KD"), crib=True) == 1


# --- C20: the distribution ------------------------------------------------------------------------

@pytest.mark.parametrize("crib", [False, True])
def test_c20_distribution_facts(crib: bool) -> None:
    counts = hand_distribution(crib)
    assert sorted(counts) == list(range(30))
    assert sum(counts.values()) == DEALS == 12_994_800
    assert [points for points, count in counts.items() if count == 0] == [19, 25, 26, 27]
    assert counts[29] == 4 and counts[0] == (1_022_208 if crib else 1_009_008)


def test_c20_hand_distribution_matches_the_published_counts() -> None:
    counts = hand_distribution(False)
    assert counts == PUBLISHED_HAND_COUNTS
    assert round(sum(p * c for p, c in counts.items()) / DEALS, 4) == 4.7692  # the well-known mean


def test_c20_the_only_29_is_the_jack_and_three_fives_with_the_fourth_five_of_the_jacks_suit() -> None:
    fives = [card for card in DECK if card.rank == 5]
    for starter in fives:
        jack = Card.from_index(10 * 4 + starter.suit)
        hand = [jack, *(card for card in fives if card != starter)]
        assert score_hand(hand, starter).total == fast_hand_total(hand, starter) == 29
    assert fast_hand_total(cards("5H 5C 5S JH"), Card.parse("5D")) == 28  # the wrong jack


@pytest.mark.parametrize("crib", [False, True])
def test_distribution_equals_card_by_card_enumeration_of_every_deal(crib: bool) -> None:
    """An independent count: every 4-card hand with every starter, scored by the vectorised totals.

    Starters of one suit stand for all four (relabelling the suits maps their deals one to one).
    """
    hands = np.array(list(combinations(range(52), 4)), dtype=np.int64)
    totals = np.zeros(30, dtype=np.int64)
    for starter in range(0, 52, 4):
        rows = hands[~(hands == starter).any(axis=1)]
        totals += 4 * np.bincount(hand_totals(rows, np.full(len(rows), starter), crib), minlength=30)
    assert totals.sum() == DEALS
    assert hand_distribution(crib) == dict(enumerate(totals.tolist()))


# --- crib expectations ----------------------------------------------------------------------------

def brute_crib(known: tuple[Card, ...], seen: tuple[Card, ...] = ()) -> Tally:
    """The crib's total points over every deal of the model, each scored by the readable kernel."""
    unseen = [card for card in DECK if card not in known and card not in seen]
    points = deals = 0
    for rest in combinations(unseen, 4 - len(known)):
        crib = (*known, *rest)
        for starter in unseen:
            if starter not in rest:
                points += score_hand(crib, starter, crib=True).total
                deals += 1
    return Tally(points, deals)


def test_a_shipped_crib_table_entry_equals_brute_force() -> None:
    known = cards("5S JS")  # suited with a jack: fifteens, flushes and nobs all play
    assert crib_tables.crib_tables()["5Js"] == brute_crib(known) == crib_tally(known)


@pytest.mark.parametrize("seed", range(6))
def test_crib_tally_equals_brute_force_with_cards_seen(seed: int) -> None:
    rng = random.Random(seed)
    pack = list(DECK)
    rng.shuffle(pack)
    size = 1 + seed % 3  # one, two or three known crib cards
    jacks = [card for card in pack if card.rank == 11]
    known = tuple(jacks[:1] + [card for card in pack if card.rank != 11][:size - 1])
    others = [card for card in pack if card not in known]
    seen = tuple(others[:52 - size - {1: 17, 2: 26, 3: 40}[size]])
    assert crib_tally(known, seen) == brute_crib(known, seen)


def test_crib_tally_counts_flushes_and_nobs_with_cards_seen() -> None:
    known = cards("5S JS")
    seen = tuple(card for card in DECK if card.suit != 3)[:24]  # leaves 13 hearts, diamonds and clubs, 11 spades
    assert crib_tally(known, seen) == brute_crib(known, seen)


def test_crib_tables_agree_with_the_crib_distribution() -> None:
    """Every crib deal holds 6 pairs and 4 single cards, so the tables must sum to the distribution."""
    tables = crib_tables.crib_tables()
    crib_points = sum(points * count for points, count in hand_distribution(True).items())
    pair_sum = sum(tables[discard_key(pair)].points for pair in combinations(DECK, 2))
    assert pair_sum == 6 * crib_points and tables["AA"].deals * 1326 == 6 * DEALS
    assert sum(tables[discard_key((card,))].points for card in DECK) == 4 * crib_points


def test_one_card_tables_average_the_two_card_tables() -> None:
    tables = crib_tables.crib_tables()
    for card in DECK[::4]:
        pairs_points = sum(tables[discard_key((card, other))].points for other in DECK if other != card)
        assert 3 * tables[discard_key((card,))].points == pairs_points  # 51 × 58,800 = 3 × 999,600 deals


def test_the_shipped_tables_are_what_the_rebuild_makes() -> None:
    data = json.loads(TABLES_FILE.read_text(encoding="utf-8"))
    assert data == build_tables()
    assert len(data["pairs"]["entries"]) == 169 and len(data["singles"]["entries"]) == 13
    for section in ("pairs", "singles"):
        for entry in data[section]["entries"].values():
            assert entry["mean"] == round(entry["points"] / data[section]["deals"], 4)


def test_rebuilding_writes_a_file_that_reads_back(tmp_path: Path) -> None:
    path = crib_tables.write_tables(tmp_path / "tables.json")
    assert read_tables(path) == crib_tables.crib_tables()
    assert path.read_text(encoding="utf-8") == TABLES_FILE.read_text(encoding="utf-8")


def test_a_broken_tables_file_says_how_to_rebuild_it(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"pairs": {"deals": 1, "entries": {}}, "singles": {"deals": 1, "entries": {}}}')
    lacking = r"lack AA, A2, A2s, A3, A3s, … \(182 in all\); rebuild them with `tabletop cribbage tables`"
    with pytest.raises(TabletopError, match=lacking):
        read_tables(broken)
    with pytest.raises(TabletopError, match="cannot read the crib tables"):
        read_tables(tmp_path / "missing.json")


def test_discard_keys() -> None:
    assert discard_key(cards("JS 5S")) == discard_key(cards("5D JD")) == "5Js"
    assert discard_key(cards("JS 5H")) == "5J" and discard_key(cards("TC TD")) == "TT"
    assert discard_key(cards("KH")) == "K"
    assert expected_crib(cards("5H 5S")) > expected_crib(cards("TC KD"))
    with pytest.raises(TabletopError):
        discard_key(cards("5H 6H 7H"))
    with pytest.raises(TabletopError, match="twice"):
        crib_tally(cards("5H"), cards("5H"))


# --- discard analysis -----------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "dealer"), [("5H 5C 5S JD 4C 6D", True), ("2H 4H 6H 8H JH KC", False),
                                              ("AC 2D 3H 9S TC QD", True), ("5H 5C JD 4C 6D", False)])
def test_discard_analysis_equals_the_readable_kernel(text: str, dealer: bool) -> None:
    hand = cards(text)
    options = discard_analysis(hand, dealer)
    assert len(options) == (15 if len(hand) == 6 else 5)
    assert [o.net for o in options] == sorted((o.net for o in options), reverse=True)
    starters = [card for card in DECK if card not in hand]
    for option in options:
        assert sorted(option.keep + option.discard) == sorted(hand)
        values = [score_hand(option.keep, starter).total for starter in starters]
        assert option.hand == sum(values) / len(starters)
        assert (option.hand_min, option.hand_max) == (min(values), max(values))
        assert option.crib == expected_crib(option.discard)
        assert option.net == (option.hand + option.crib if dealer else option.hand - option.crib)


def test_exact_crib_model_takes_the_kept_cards_out() -> None:
    hand = cards("5H 5C 5S JD 4C 6D")
    for option in discard_analysis(hand, True, "exact"):
        assert option.crib == crib_tally(option.discard, option.keep).mean
    best = discard_analysis(hand, True)[0]
    assert {str(card) for card in best.discard} in ({"5C", "JD"}, {"5H", "JD"}, {"5S", "JD"})


def test_the_pone_keeps_the_29_hand_ready() -> None:
    best = discard_analysis(cards("5H 5C 5S JD 4C 6D"), dealer=False)[0]
    assert set(best.discard) == set(cards("4C 6D")) and best.hand_max == 29
    assert "throw 4C 6D, keep 5H 5C 5S JD" in str(best)
    assert best.to_data()["discard"] == ["4C", "6D"]


@pytest.mark.parametrize(("text", "message"), [("5H 5C 5S JD", "4 cards"), ("5H 5C 5S JD 4C 6D 7D", "7 cards"),
                                               ("5H 5C 5S JD 4C 5H", "5H appears twice")])
def test_discard_analysis_rejects_bad_hands(text: str, message: str) -> None:
    with pytest.raises(TabletopError, match=message):
        discard_analysis([Card.parse(word) for word in text.split()], True)


def test_c13_the_fast_total_refuses_a_show_no_deal_can_produce() -> None:
    """#41 item 2: the fast path refuses what score_hand refuses, with the same codes."""
    five, jd, fh = Card.parse("5C"), Card.parse("JD"), Card.parse("5H")
    for hand, starter, code in [((five, five, jd, fh), Card.parse("5D"), "card_twice"),
                                ((five, Card.parse("5S"), jd, fh), fh, "card_twice"),
                                ((five, jd, fh), Card.parse("5D"), "show_size"),
                                ((five, Card.parse("5S"), jd, fh), None, "no_starter")]:
        with pytest.raises(TabletopError) as refused:
            fast_hand_total(hand, starter)  # type: ignore[arg-type]
        assert refused.value.code == code
