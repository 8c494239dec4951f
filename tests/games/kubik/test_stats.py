"""Kubik statistics of a seat in a finished game (issue 46 item 4): a scorekeeper game whose every throw and
interception is known (K7, K9, K13–K15, K19); a throw chosen on the grid against the winning policy (K6: the best
throw loses nothing, a worse one the difference of the solved table's chances to win); and over random legal play
every count and share defined and every loss a chance between 0 and 1."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import Record
from tabletop.games.kubik import Kubik
from tabletop.games.kubik.actions import ThrowChoice
from tabletop.games.kubik.valuation import Candidates, winning_table, winning_values

from .games import kubik, manual, play

FIELD = ["first A", "intercept B1", "throw", "cross", "strike", "hit 5", "pass", "throw", "out 4", "pass", "throw",
         "miss", "intercept A1", "throw", "cross", "strike", "miss", "out 3"]
"""A1's throw crosses and B1, standing, hits it (K14); B1 knocks the cube out (K7); A1 misses (K9); A1 stands, B1's
throw crosses, A1 strikes and misses (K15) and the throw ends out (K19)."""


def statistics(game: Kubik, actions: list[str], seat: int) -> dict[str, float]:
    found = game.seat_statistics(Record("kubik", dict(game.options), tuple(actions)), seat)
    assert found is not None and found.complete
    return dict(found.totals)


def test_a_scorekeeper_game_counts_throws_outs_misses_and_interceptions() -> None:
    """K6–K9, K13–K15, K19: each seat's throws and what they did, its stands, its strikes and hits; a real field's
    throws (K20) have no choice to rate."""
    game = manual(players=2, interception=True)
    a1, b1 = statistics(game, FIELD, 0), statistics(game, FIELD, 1)
    assert {k: a1[k] for k in ("throws", "outs", "ins", "misses", "stands", "intercepts", "intercept_hits")} == {
        "throws": 2, "outs": 0, "ins": 0, "misses": 1, "stands": 1, "intercepts": 1, "intercept_hits": 0}
    assert {k: b1[k] for k in ("throws", "outs", "ins", "misses", "stands", "intercepts", "intercept_hits")} == {
        "throws": 2, "outs": 2, "ins": 0, "misses": 0, "stands": 1, "intercepts": 1, "intercept_hits": 1}
    assert a1["rated_throws"] == b1["rated_throws"] == 0


@pytest.mark.parametrize("pick", ["best", "worst"])
def test_a_grid_throw_loses_its_chance_to_win_against_the_winning_policy(pick: str) -> None:
    """K6: A1's first throw, valued by the solved table the hard bot plays by: the best throw loses 0, the worst
    the best's chance to win less its own."""
    game = kubik(players=2, throws="calibrated")
    solution = winning_table(game)
    assert solution is not None  # (the default field, target and skill: the shipped table)
    state = play(game.initial_state(), "first A")
    legal = [a for a in state.legal_actions() if isinstance(a, ThrowChoice) and a.throw]
    values = np.asarray(winning_values(game, state, solution, Candidates.of([a.throw for a in legal if a.throw])))
    index = int(values.argmax() if pick == "best" else values.argmin())
    after = state.apply(legal[index])
    outcome = after.sample_chance(random.Random(1))
    totals = statistics(game, ["first A", str(legal[index]), str(outcome)], 0)
    assert totals["rated_throws"] == 1 and totals["throws"] == 1
    assert totals["chance_lost"] == pytest.approx(values.max() - values[index], abs=1e-12)
    assert (totals["chance_lost"] == 0) == (pick == "best") and totals["chance_lost"] < 1


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32), interception=st.booleans())
def test_random_games_give_defined_bounded_statistics(seed: int, interception: bool) -> None:
    """Random legal play on the calibrated model (K20b): counts add up (each throw ends once: out, in or missed,
    or is intercepted, K7, K9, K14), shares lie in [0, 1], the chance lost per rated throw too; with interception
    no table is at hand and no throw is rated."""
    game = kubik(players=2, throws="calibrated", interception=interception)
    state: Any = game.initial_state()
    rng, actions = random.Random(seed), []
    while not state.is_terminal:
        action = state.sample_chance(rng) if state.is_chance else rng.choice(list(state.legal_actions()))
        actions.append(str(action))
        state = state.apply(action)
    record = Record("kubik", dict(game.options), tuple(actions))
    hits = 0.0
    for seat in range(2):
        found = game.seat_statistics(record, seat, seconds=0.2)
        assert found is not None
        totals = found.totals
        assert all(value >= 0 for value in totals.values())
        assert totals["outs"] + totals["ins"] + totals["misses"] <= totals["throws"]
        assert totals["intercept_hits"] <= totals["intercepts"] <= totals["stands"]
        assert totals["rated_throws"] <= totals["throws"]
        for figure in game.spec.statistics:
            value = figure.value(totals)
            assert value is None or (figure.unit not in ("share", "chance") or 0 <= value <= 1), figure
        hits += totals["intercept_hits"]
        assert interception or totals["stands"] == 0
        if interception:
            assert totals["rated_throws"] == 0
        else:  # (the default set-up's table ships: every throw is rated, or the budget says it stopped)
            assert totals["rated_throws"] == totals["throws"] or not found.complete
    assert hits == sum(text.startswith("hit ") for text in actions)
