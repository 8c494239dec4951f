"""Cubulus statistics of a seat in a finished game (issue 46 item 4): wins by the order played (U4, U13), and the
forced wins the proof search finds and the move played kept or missed (U10–U15) — a win in one taken, the same
win in one missed where the other side then wins at once — and over random legal play every count defined and
consistent."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import Ending, Record
from tabletop.games.cubulus import CubulusState

from .helpers import BLUE, RED, three_players, two_players
from .test_solver import forces_win

PREFIX = ["place 020", "place 100", "place 112", "place 000", "place 022", "place 102", "place 200", "place 221",
          "place 001", "insert D210", "insert U222", "insert F000", "insert U022", "insert F201", "insert U202",
          "insert R211"]
"""Red (seat 0) starts, blue (seat 1) placed the neutral balls (U13); after these, blue to move can make its square
at once with ``insert L002`` (U10, U15)."""
TAKEN, MISSED = "insert L002", "shift U022"
"""Blue's winning insert, and a shift after which red makes its own square at once (``shift R200``)."""


def statistics(actions: list[str], seat: int, ending: Ending | None = None) -> dict[str, float]:
    game = two_players()
    found = game.seat_statistics(Record("cubulus", dict(game.options), tuple(actions), ending=ending), seat)
    assert found is not None and found.complete
    return dict(found.totals)


def replayed(actions: list[str]) -> CubulusState:
    state = two_players().initial_state()
    for text in actions:
        state = state.apply_text(text)
    return state


def test_a_forced_win_taken_counts_and_one_missed_counts_as_missed() -> None:
    """U15: blue has a win in one (plain minimax says so); taking it adds a forced win and no miss and wins the game
    as the second player; the shift instead leaves red a square at once — no forced win remains — and is a miss."""
    before = replayed(PREFIX)
    assert before.to_move == BLUE and forces_win(before, BLUE, 1)
    after = before.apply_text(MISSED)
    assert any((made := after.apply(action)).is_terminal and made.winner == RED for action in after.legal_actions())
    base = statistics(PREFIX, BLUE)
    taken, missed = statistics([*PREFIX, TAKEN], BLUE), statistics([*PREFIX, MISSED], BLUE)
    assert (taken["forced_wins"] - base["forced_wins"], taken["missed_wins"] - base["missed_wins"]) == (1, 0)
    assert (missed["forced_wins"] - base["forced_wins"], missed["missed_wins"] - base["missed_wins"]) == (1, 1)
    assert missed["games_missed"] == 1
    assert (taken["games_second"], taken["won_second"], taken["games_first"]) == (1, 1, 0)
    lost = statistics([*PREFIX, TAKEN], RED)
    assert (lost["games_first"], lost["won_first"]) == (1, 0)


def test_a_resignation_is_a_win_for_the_other_side_by_the_order_played() -> None:
    """The record's ending decides a game resigned (U4: red played first and resigned, blue second wins)."""
    ending = Ending.parse("resigned 0")
    assert statistics(PREFIX[:12], BLUE, ending)["won_second"] == 1
    assert statistics(PREFIX[:12], RED, ending)["won_first"] == 0


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3]))
def test_random_games_give_consistent_counts(seed: int, players: int) -> None:
    """Random legal play (U9–U16): each seat played one game in one order, won it at most once (one winner, U15),
    missed no more forced wins than it had, and a game with a miss counts once."""
    game = two_players() if players == 2 else three_players()
    state: Any = game.initial_state()
    rng, actions = random.Random(seed), []
    while not state.is_terminal:
        action = state.sample_chance(rng) if state.is_chance else rng.choice(list(state.legal_actions()))
        actions.append(str(action))
        state = state.apply(action)
    record = Record("cubulus", dict(game.options), tuple(actions))
    wins = 0.0
    for seat in range(players):
        found = game.seat_statistics(record, seat)
        assert found is not None
        totals = found.totals
        assert all(value >= 0 for value in totals.values())
        assert totals["games"] == 1 == sum(totals[f"games_{order}"] for order in ("first", "second", "third"))
        assert 0 <= totals["missed_wins"] <= totals["forced_wins"]
        assert totals["games_missed"] == (1 if totals["missed_wins"] else 0)
        wins += sum(totals[f"won_{order}"] for order in ("first", "second", "third"))
    assert wins == (0 if state.winner is None else 1)
