"""Exact Beetle odds, checked against independent computations.

Two independent checks: an exact rational DP over the *joint* chain of two players (a different
algorithm from the per-player sums under test), and Monte-Carlo play through the real rules with
a Hoeffding tolerance that a correct implementation exceeds with probability below 1e-6.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from functools import cache

import pytest

from tabletop.games.beetle import ROLL, Beetle, PartsTable, preset
from tabletop.games.beetle.odds import (
    expected_rolls,
    finish_time,
    race,
    rolloff_chances,
    turn_order_odds,
    win_probabilities,
)

SMALL = PartsTable.from_data({"name": "small", "parts": [
    {"name": "body", "face": 1, "count": 1},
    {"name": "head", "face": 2, "count": 1, "requires": ["body"]},
    {"name": "leg", "face": 3, "count": 2, "requires": ["body"]},
    {"name": "eye", "face": 2, "count": 1, "requires": ["head"]},
]})


def joint_first_player_wins(table: PartsTable) -> Fraction:
    """P(the first of two players finishes first), exactly, by DP over both sheets at once."""

    def step(sheet: tuple[int, ...], face: int) -> tuple[int, ...]:
        part = table.drawable(sheet, face)
        return sheet if part is None else (*sheet[:part], sheet[part] + 1, *sheet[part + 1:])

    @cache
    def value(a: tuple[int, ...], b: tuple[int, ...]) -> Fraction:
        # V0 = A0 + qa·V1 and V1 = A1 + qb·V0, where A are the terms in which the roller draws
        qa = qb = Fraction(0)
        a0 = a1 = Fraction(0)
        for face in range(1, 7):
            a2 = step(a, face)
            if a2 == a:
                qa += Fraction(1, 6)
            else:
                a0 += Fraction(1, 6) * (1 if table.is_complete(a2) else value_second(a2, b))
            b2 = step(b, face)
            if b2 == b:
                qb += Fraction(1, 6)
            elif not table.is_complete(b2):
                a1 += Fraction(1, 6) * value(a, b2)
        return (a0 + qa * a1) / (1 - qa * qb)

    @cache
    def value_second(a: tuple[int, ...], b: tuple[int, ...]) -> Fraction:
        # the second player is to roll: they win at once if they complete
        total = Fraction(0)
        for face in range(1, 7):
            b2 = step(b, face)
            if b2 == b:
                continue
            if not table.is_complete(b2):
                total += Fraction(1, 6) * value(a, b2)
        stay = sum(Fraction(1, 6) for f in range(1, 7) if step(b, f) == b)
        return total + stay * value(a, b)

    return value(table.empty, table.empty)


@pytest.mark.parametrize("table", [SMALL, preset("four-legs")], ids=lambda t: t.name)
def test_two_player_odds_match_an_exact_joint_chain(table: PartsTable) -> None:
    """The per-player method agrees with an exact rational DP over the joint chain."""
    exact = joint_first_player_wins(table)
    odds = turn_order_odds(table, 2)
    assert odds.win[0] == pytest.approx(float(exact), abs=1e-12)
    assert odds.win[1] == pytest.approx(float(1 - exact), abs=1e-12)


def test_expected_rolls_is_an_exact_fraction() -> None:
    """One-player mean rolls: exact, and equal to the mean of the computed distribution."""
    mean = expected_rolls(preset("classic"))
    assert mean == Fraction(176184353, 3981312)
    dist = finish_time(preset("classic"))
    assert sum(t * p for t, p in enumerate(dist.pmf)) == pytest.approx(float(mean), rel=1e-12)
    assert sum(dist.pmf) == pytest.approx(1.0, abs=1e-12)


def test_small_table_expected_rolls_by_hand() -> None:
    """A one-part table: finishing needs a 1 — a geometric wait with mean exactly 6."""
    one = PartsTable.from_data({"parts": [{"name": "body", "face": 1, "count": 1}]})
    assert expected_rolls(one) == 6
    assert finish_time(one).pmf[1] == pytest.approx(1 / 6)
    assert finish_time(one).percentile(0.5) == 4  # 1 − (5/6)^4 ≥ 0.5 > 1 − (5/6)^3


@pytest.mark.parametrize("players", [1, 2, 3, 5, 8])
def test_probabilities_are_distributions(players: int) -> None:
    """Win probabilities sum to 1; each place row and column sums to 1; first mover is favoured."""
    odds = turn_order_odds(preset("classic"), players, play_on=True)
    assert sum(odds.win) == pytest.approx(1.0, abs=1e-12)
    for k in range(players):
        assert sum(odds.places[k]) == pytest.approx(1.0, abs=1e-12)
        assert sum(row[k] for row in odds.places) == pytest.approx(1.0, abs=1e-12)
    assert list(odds.win) == sorted(odds.win, reverse=True)
    assert sum(odds.rounds.pmf) == pytest.approx(1.0, abs=1e-12)


def hoeffding(n: int, failure: float = 1e-6, events: int = 1) -> float:
    """A tolerance a correct frequency over ``n`` trials exceeds with probability < ``failure``."""
    return math.sqrt(math.log(2 * events / failure) / (2 * n))


def simulate(game: Beetle, n: int, seed: int) -> list[tuple[int, int]]:
    """Play ``n`` games through the rules; for each, (turn position of the winner, rounds played)."""
    rng = random.Random(seed)
    results = []
    for _ in range(n):
        state = game.initial_state()
        while state.phase.value == "roll-off":
            state = state.apply(state.sample_chance(rng) if state.is_chance else ROLL)
        starter, rolls = state.seat, 0
        while not state.is_terminal:
            if state.is_chance:
                rolls += 1
                state = state.apply(state.sample_chance(rng))
            else:
                state = state.apply(ROLL)
        winner = state.finished[0]
        results.append(((winner - starter) % game.num_players, -(-rolls // game.num_players)))
    return results


def test_odds_agree_with_play_through_the_rules() -> None:
    """Monte Carlo through the real engine: win frequency by position and the rounds' median."""
    n = 6000
    game = Beetle(players=2, variant="four-legs")
    odds = turn_order_odds(game.table, 2)
    results = simulate(game, n, seed=2026)
    tolerance = hoeffding(n, events=2)
    first_wins = sum(1 for position, _ in results if position == 0) / n
    assert abs(first_wins - odds.win[0]) < tolerance
    median = odds.rounds.percentile(0.5)
    by_median = sum(1 for _, rounds in results if rounds <= median) / n
    exact = sum(odds.rounds.pmf[: median + 1])
    assert abs(by_median - exact) < tolerance


def test_rolloff_chances() -> None:
    """B6: a 6 already rolled wins against one other unless they tie (then 50/50)."""
    assert rolloff_chances(2, [6]) == (Fraction(11, 12), Fraction(1, 12))
    assert rolloff_chances(3, [1, 1]) == (Fraction(1, 18), Fraction(1, 18), Fraction(8, 9))
    assert sum(rolloff_chances(4, [3])) == 1


def test_live_odds_at_the_start_are_fair() -> None:
    """Before the roll-off every seat has the same chance, 1/n."""
    for players in (2, 3, 6):
        game = Beetle(players=players)
        assert win_probabilities(game.initial_state()) == pytest.approx([1 / players] * players)


def test_live_odds_mid_game_agree_with_play() -> None:
    """From a mid-game position (seat 2 ahead), exact odds match Monte Carlo from that position."""
    game = Beetle(players=2, variant="four-legs")
    state = game.initial_state()
    for text in ["roll", "6", "roll", "1", "roll", "1", "roll", "5", "roll", "3", "roll", "1"]:
        state = state.apply_text(text)
    exact = win_probabilities(state)
    assert sum(exact) == pytest.approx(1.0)
    rng = random.Random(11)
    n = 5000
    wins = 0
    for _ in range(n):
        s = state
        while not s.is_terminal:
            s = s.apply(s.sample_chance(rng) if s.is_chance else ROLL)
        wins += s.finished[0] == 0
    assert abs(wins / n - exact[0]) < hoeffding(n)


def test_race_from_a_finished_sheet() -> None:
    """A player whose sheet is already complete needs 0 more rolls."""
    table = preset("classic")
    odds = race(table, [table.full, table.empty])
    assert odds.win == pytest.approx((1.0, 0.0))


def test_oversized_tables_are_refused_clearly() -> None:
    """A custom table too large for an exact chain gets a clear error, not a hang."""
    from tabletop.games.beetle import odds

    big = PartsTable.from_data({"parts": [{"name": f"p{i}", "face": 1 + i % 6, "count": 20} for i in range(12)]})
    with pytest.raises(ValueError, match="too large"):
        odds.Chain(big)
