"""Proof-number search (issue #20): what it proves holds against every defence (plain minimax), it
proves a seven-ply threat win whose line plays out to the win through the rules' own states, and the
same position and budget give the same answer."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from tabletop.games.cubulus import CubulusState
from tabletop.games.cubulus.proof_numbers import proved_loss, proved_outcome

from .helpers import BLUE, RED, two_players
from .test_expert import board_position
from .test_solver import LOSS_IN_2, LOSS_IN_4, THREAT_WIN_IN_7, WIN_IN_3, endgames, forces_win


@pytest.mark.parametrize("threats_only", [False, True])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(state=endgames())
def test_what_it_proves_in_three_plies_is_true(state: CubulusState, threats_only: bool) -> None:
    """U10–U16: a win or loss proved within three plies holds against every defence (plain minimax);
    without the threat restriction, it proves every win in three plies that minimax finds."""
    seat = state.to_move
    for attacker in (seat, 1 - seat):
        proof = proved_loss(state, 1 - attacker, 10**6, 3, threats_only)
        assert proof.nodes < 10**6  # settled, not stopped by the budget
        if proof.result == "loss":
            assert forces_win(state, attacker, proof.plies)
        elif not threats_only:
            assert not forces_win(state, attacker, 3)


def test_known_wins_and_losses() -> None:
    """Blue wins in 3 (U15); red loses in 2 whatever it plays; blue loses in 4."""
    assert proved_outcome(board_position(two_players(), WIN_IN_3, to_move=BLUE), 5_000, 5).result == "win"
    red = proved_outcome(board_position(two_players(), LOSS_IN_2), 5_000, 4)
    assert red.result == "loss" and red.plies == 2
    assert proved_outcome(board_position(two_players(), LOSS_IN_4, to_move=BLUE), 20_000, 5).result == "loss"


def test_the_seven_ply_threat_win_is_proved_and_its_line_wins() -> None:
    """U15: blue's seven-ply threat win is proved (within 6,000 positions made, each counted, where the
    depth-first search counts the positions it visits); its line, played through the states, ends with
    blue's square."""
    state = board_position(two_players(), THREAT_WIN_IN_7, to_move=BLUE)
    proof = proved_loss(state, RED, 6_000, 7)
    assert proof.result == "loss" and proof.plies >= 7 and proof.nodes <= 6_000
    assert proved_outcome(state, 12_000, 7).result == "win"
    for action in proof.line:
        state = state.apply(action)
    assert state.is_terminal and state.winner == BLUE


def test_a_budget_gives_the_same_answer_twice_and_unknown_when_too_small() -> None:
    state = board_position(two_players(), THREAT_WIN_IN_7, to_move=BLUE)
    assert proved_loss(state, RED, 50, 7).result == "unknown"
    assert proved_loss(state, RED, 3_000, 9) == proved_loss(state, RED, 3_000, 9)


def test_the_set_up_is_refused() -> None:
    setup = two_players().initial_state()
    with pytest.raises(ValueError, match="position in play"):
        proved_outcome(setup, 100, 3)


def test_a_line_with_no_threat_left_ends_the_search_within_its_budget() -> None:
    """A position where the attackers soon run out of threats (from a game of the expert's): nodes left
    with no threat to make are disproved and their parents learn it, so the search ends within its
    budget (it once spun on such a node forever)."""
    state = board_position(two_players(), "1..2.22..2.21220.02..1.20.1", to_move=RED)
    outcome = proved_outcome(state, 6_000, 11)
    assert outcome.result in ("win", "loss", "unknown") and outcome.nodes <= 6_000 + 200
