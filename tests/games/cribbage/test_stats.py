"""Cribbage statistics of a seat in a finished game (issue 46 item 4): a hand-made deal whose every point is known
— the 29 hand (C13, C20), a crib of 8, the dealer's pegging (C8–C12) — the discards rated exactly against the
best throw (C5: 0 for the best, the analysis's own difference for a worse one), skunks by C18's lines, and over
random legal play every figure defined, every loss non-negative and every average within what a deal can score."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import Record
from tabletop.core.cards import Card
from tabletop.core.statistics import added
from tabletop.games.cribbage.analysis import discard_analysis
from tabletop.games.cribbage.pegboard import skunk_value

from .helpers import cut_for, deal

PONE, DEALER = "5H 5C 5S JD 2C 3C", "AH 4D 7S 9C TS QH"
"""Seat 1, the pone, keeps the 29 hand's four cards (with the 5D starter); seat 0 deals and throws TS QH."""
ONE_DEAL = [*cut_for(0, 2), *deal([DEALER, PONE], dealer=0), "discard 2C 3C", "discard TS QH", "starter 5D",
            "5H", "AH", "5C", "4D", "5S", "7S", "go", "go", "JD", "9C", "count", "count", "count"]
"""The pone leads 5H; the dealer's 4D makes fifteen (2, C11), its 7S the last card before a go (1, C9), its 9C
the last card of the play (1, C12); then the pone's hand (29), the dealer's (AH 4D 7S 9C + 5D: one fifteen, 2)
and the crib (2C 3C TS QH + 5D: four fifteens, 8) are counted (C13) and seat 1 deals next."""


def statistics(actions: list[str], seat: int, **options: Any) -> dict[str, float]:
    game = tabletop.load("cribbage", **options)
    found = game.seat_statistics(Record("cribbage", dict(game.options), tuple(actions)), seat)
    assert found is not None and found.complete
    return dict(found.totals)


def net(hand: str, throw: set[str], dealer: bool) -> tuple[float, float]:
    """The best throw's net and ``throw``'s, by the analysis module (C5, the crib exactly given the hand)."""
    options = discard_analysis([Card.parse(c) for c in hand.split()], dealer, "exact")
    chosen = next(option for option in options if {str(card) for card in option.discard} == throw)
    return options[0].net, chosen.net


def test_a_known_deal_gives_its_hand_crib_and_pegging_as_pone_and_as_dealer() -> None:
    """C6: seat 0 cut low and deals; C13: the pone's 29 hand, the dealer's hand of 2 and crib of 8; C8–C12: the
    dealer pegs 2 + 1 + 1 and the pone nothing; one deal each, as dealer and as pone."""
    dealer, pone = statistics(ONE_DEAL, 0), statistics(ONE_DEAL, 1)
    assert (dealer["deals_as_dealer"], dealer["deals_as_pone"], pone["deals_as_pone"], pone["deals_as_dealer"]) == (
        1, 0, 1, 0)
    assert (dealer["hand_points_as_dealer"], dealer["crib_points"], dealer["pegging_points_as_dealer"]) == (2, 8, 4)
    assert (pone["hand_points_as_pone"], pone["pegging_points_as_pone"], pone["crib_points"]) == (29, 0, 0)
    assert dealer["games"] == pone["games"] == 0  # (no game of the match is over)


def test_discards_lose_nothing_when_best_and_the_exact_difference_when_worse() -> None:
    """C5: the pone's 2C 3C is the best throw (its net, hand less the dealer's crib, is the highest), so it loses
    0; the dealer's TS QH loses exactly the best throw's net less its own (the analysis module's figures)."""
    best, chosen = net(PONE, {"2C", "3C"}, dealer=False)
    assert best == chosen
    pone = statistics(ONE_DEAL, 1)
    assert (pone["discards"], pone["best_discards"], pone["discard_points_lost"]) == (1, 1, 0)
    best, chosen = net(DEALER, {"TS", "QH"}, dealer=True)
    dealer = statistics(ONE_DEAL, 0)
    assert (dealer["discards"], dealer["best_discards"]) == (1, 0)
    assert dealer["discard_points_lost"] == pytest.approx(best - chosen, abs=1e-9) and best - chosen > 3.8


def test_a_deal_cut_short_counts_its_discard_but_no_deal() -> None:
    """A game resigned (or won, C14) before the crib is counted leaves that deal out of the per-deal figures."""
    shown = ONE_DEAL.index("count")
    short = statistics(ONE_DEAL[:shown + 2], 0)  # the hands counted, not the crib
    assert short["deals_as_dealer"] == 0 and short["hand_points_as_dealer"] == 0 and short["discards"] == 1


def test_c18_skunk_lines_scale_with_the_target() -> None:
    """C18: under 91 of 121 a skunk, under 61 a double; under 31 of 61 a skunk, and no double in a short game."""
    assert [skunk_value(121, score) for score in (91, 90, 61, 60, 0)] == [1, 2, 2, 3, 3]
    assert [skunk_value(61, score) for score in (31, 30, 0)] == [1, 2, 2]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]), skunk=st.booleans())
def test_random_games_give_defined_bounded_statistics(seed: int, players: int, skunk: bool) -> None:
    """Random legal play to the short target: every total is finite and non-negative; each discard loses 0 or
    more, never more than a hand and a crib can be worth; per deal a hand or crib scores at most 29 (C20), the
    pegging at most what a play can peg; each game over is a skunk at most once, by the line the table's own
    scoring uses when it counts skunks (C18)."""
    game = tabletop.load("cribbage", players=players, target=31, skunk=skunk)
    state: Any = game.initial_state()
    rng, actions = random.Random(seed), []
    while not state.is_terminal:
        action = state.sample_chance(rng) if state.is_chance else rng.choice(list(state.legal_actions()))
        actions.append(str(action))
        state = state.apply(action)
    record = Record("cribbage", dict(game.options), tuple(actions))
    seats = [game.seat_statistics(record, seat) for seat in range(players)]
    result = state.result()
    for found in seats:
        assert found is not None and found.complete
        totals = found.totals
        assert all(value >= 0 and value == value for value in totals.values()), totals
        figures = {figure.name: figure.value(totals) for figure in game.spec.statistics}
        assert totals["discards"] >= totals["deals_as_pone"] + totals["deals_as_dealer"] >= 0
        assert totals["best_discards"] <= totals["discards"]
        assert figures["discard_loss"] is None or 0 <= figures["discard_loss"] <= 2 * 29
        for name in ("hand_as_pone", "hand_as_dealer", "crib"):
            assert figures[name] is None or 0 <= figures[name] <= 29
        assert totals["games"] == 1 and totals["skunks"] + totals["skunked"] <= 1 and totals["double_skunks"] == 0
        assert figures["best_discards"] is None or 0 <= figures["best_discards"] <= 1
    together = added(*(found.totals for found in seats if found is not None))
    assert together["skunks"] == (1 if skunk_value(31, sorted(result.params["scores"])[-2]) >= 2 else 0) * len(
        [s for s in range(players) if game.side_of(s) == game.side_of(result.params["members"][0])])
    if skunk:  # the table counted it: its game's value is the same line's
        assert result.params["match_points"][game.side_of(result.params["members"][0])] == skunk_value(
            31, sorted(result.params["scores"])[-2])
