"""Exact Beetle odds, checked against independent computations.

Three independent checks: an exact rational DP over the *joint* chain of two players (a different
algorithm from the per-player sums under test); Monte-Carlo play through the real rules with
a Hoeffding tolerance that a correct implementation exceeds with probability below 1e-6; and, for
the roll-off (B6), a brute-force enumeration of every way it can go, played through the rules.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.beetle import FACES, PRESETS, ROLL, Beetle, BeetleState, PartsTable, Phase, preset
from tabletop.games.beetle.odds import (
    expected_rolls,
    finish_time,
    race,
    rolloff_chances,
    start_chances,
    turn_order_odds,
    win_probabilities,
)

SMALL = PartsTable.from_data({"name": "small", "parts": [
    {"name": "body", "face": 1, "count": 1},
    {"name": "head", "face": 2, "count": 1, "requires": ["body"]},
    {"name": "leg", "face": 3, "count": 2, "requires": ["body"]},
    {"name": "eye", "face": 2, "count": 1, "requires": ["head"]},
]})


@cache
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
    n = 3000
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


# --- the roll-off (B6, B11): the closed form against brute force through the rules ---------------


@cache
def enumerated_starts(state: BeetleState) -> dict[int, Fraction]:
    """P(each seat starts play), by playing every way the rest of the roll-off can go through the rules.

    Brute force: the 6^m orders of the m rolls left in this round, each played by ``apply``. A round
    that ties every contender starts the same roll-off again (the same state), which is summed as a
    geometric series — the fairness of a re-roll is computed here, not assumed.
    """
    if state.phase is not Phase.ROLL_OFF:
        return {state.seat: Fraction(1)}
    starts: dict[int, Fraction] = {}
    again = Fraction(0)

    def walk(s: BeetleState, p: Fraction) -> None:
        nonlocal again
        for face in FACES:
            after = (s if s.rolled else s.apply(ROLL)).apply(face)
            q = p / 6
            if after.phase is Phase.ROLL_OFF and after.rolloff:  # this round goes on
                walk(after, q)
            elif after == state:  # everybody tied: the same roll-off from the top
                again += q
            else:
                for seat, r in enumerated_starts(after).items():
                    starts[seat] = starts.get(seat, Fraction(0)) + q * r

    walk(state, Fraction(1))
    return {seat: p / (1 - again) for seat, p in starts.items()}


def enumerated_win(state: BeetleState) -> tuple[float, ...]:
    """P(each seat wins): the race from every possible starter, weighted by :func:`enumerated_starts`."""
    n = len(state.sheets)
    result = [0.0] * n
    for starter, chance in enumerated_starts(state).items():
        order = [(starter + k) % n for k in range(n)]
        win = race(state.game.table, [state.sheets[s] for s in order]).win
        for k, seat in enumerate(order):
            result[seat] += float(chance) * win[k]
    return tuple(result)


def rolled_off(game: Beetle, faces: list[int], in_the_air: bool = False) -> BeetleState:
    """The state after roll-off rolls of ``faces`` (and one more die thrown, if ``in_the_air``)."""
    state = game.initial_state()
    for face in faces:
        state = state.apply(ROLL).apply(FACES[face - 1])
    return state.apply(ROLL) if in_the_air else state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_b6_start_chances_equal_enumeration_at_every_stage_of_a_round(players: int) -> None:
    """B6: after any faces of a first round (none up to all but one), the closed form is exact."""
    game = Beetle(players=players)
    for rolled in range(players):
        for faces in itertools.product(range(1, 7), repeat=rolled):
            state = rolled_off(game, list(faces))
            assert state.phase is Phase.ROLL_OFF
            assert start_chances(state) == enumerated_starts(state), faces


@pytest.mark.parametrize("variant", sorted(PRESETS))
@pytest.mark.parametrize("play_on", [False, True])
@pytest.mark.parametrize(
    ("players", "faces"),
    [
        (2, []), (2, [6]), (2, [1]), (2, [3, 3]), (2, [3, 3, 5]),
        (3, []), (3, [2]), (3, [5, 5]), (3, [4, 6, 6]), (3, [4, 6, 6, 2]),
        (4, []), (4, [6, 1]), (4, [2, 2, 2]), (4, [5, 1, 5, 5]), (4, [5, 1, 5, 5, 3, 3]),
    ],
)
def test_b6_live_odds_in_the_roll_off_equal_enumeration(
    variant: str, play_on: bool, players: int, faces: list[int]
) -> None:
    """B6/B11: first rounds, partial rounds and re-roll-offs among the tied, for every preset."""
    game = Beetle(players=players, variant=variant, play_on=play_on)
    for in_the_air in (False, True):
        state = rolled_off(game, faces, in_the_air)
        assert state.phase is Phase.ROLL_OFF
        fast = win_probabilities(state)
        assert fast == pytest.approx(enumerated_win(state), abs=1e-12)
        assert sum(fast) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("table", [SMALL, preset("four-legs")], ids=lambda t: t.name)
def test_b6_two_player_roll_off_odds_match_the_joint_chain(table: PartsTable) -> None:
    """B6: with two players the roll-off odds mix the joint chain's exact answer by who starts."""
    first = float(joint_first_player_wins(table))
    game = Beetle(players=2, parts=table)
    for faces, seat0_starts in (([], 0.5), ([4], 7 / 12), ([1], 1 / 12), ([2, 2], 0.5)):
        win = win_probabilities(rolled_off(game, faces))
        expected = seat0_starts * first + (1 - seat0_starts) * (1 - first)
        assert win == pytest.approx((expected, 1 - expected), abs=1e-12)


@given(
    players=st.integers(2, 5),
    variant=st.sampled_from(sorted(PRESETS)),
    play_on=st.booleans(),
    faces=st.lists(st.integers(1, 6), max_size=10),
    in_the_air=st.booleans(),
)
@settings(max_examples=40, deadline=None)
def test_b6_random_roll_off_positions_equal_enumeration(
    players: int, variant: str, play_on: bool, faces: list[int], in_the_air: bool
) -> None:
    """B6: at a random point of a random roll-off (the last one before play), fast = brute force."""
    game = Beetle(players=players, variant=variant, play_on=play_on)
    state = game.initial_state()
    for face in faces:
        after = state.apply(ROLL).apply(FACES[face - 1])
        if after.phase is not Phase.ROLL_OFF:
            break
        state = after
    if in_the_air:
        state = state.apply(ROLL)
    assert start_chances(state) == enumerated_starts(state)
    fast = win_probabilities(state)
    assert fast == pytest.approx(enumerated_win(state), abs=1e-12)
    assert sum(fast) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("variant", sorted(PRESETS))
@pytest.mark.parametrize("play_on", [False, True])
def test_b6_eight_player_roll_off_is_answered(variant: str, play_on: bool) -> None:
    """B6/B9: eight players (the most), at the start, late in a round, and in a re-roll-off among ties."""
    game = Beetle(players=8, variant=variant, play_on=play_on)
    start = win_probabilities(game.initial_state())
    assert start == pytest.approx([1 / 8] * 8, abs=1e-12)
    for faces in ([3, 5, 2, 5, 1, 4], [6, 2, 6, 1, 6, 3, 4, 5], [6, 2, 6, 1, 6, 3, 4, 5, 2]):
        state = rolled_off(game, faces)
        assert state.phase is Phase.ROLL_OFF
        win = win_probabilities(state)
        assert win == pytest.approx(enumerated_win(state), abs=1e-12)
        assert sum(win) == pytest.approx(1.0, abs=1e-12)
    reroll = rolled_off(game, [6, 2, 6, 1, 6, 3, 4, 5])
    assert reroll.contenders == (0, 2, 4)
    assert start_chances(reroll) == dict.fromkeys((0, 2, 4), Fraction(1, 3))


def test_rolloff_chances_refuses_impossible_rounds() -> None:
    """B6: faces are 1–6 and each contender rolls once a round; anything else is a clear error."""
    for contenders, rolled in ((0, []), (2, [3, 4, 5]), (3, [0]), (3, [7])):
        with pytest.raises(ValueError, match="contender"):
            rolloff_chances(contenders, rolled)
