"""The endgame solver (issue #20): forced wins and losses it reports are real, it finds the short
ones plain minimax finds, and the hard level plays a forced win out and avoids a forced loss."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tabletop.core import TabletopError
from tabletop.games.cubulus import CubulusState, Phase
from tabletop.games.cubulus.expert import CubulusExpert
from tabletop.games.cubulus.solver import forced_loss, forced_outcome, losing_moves

from .helpers import BLUE, RED, after, two_players
from .test_expert import board_position, decide

WIN_IN_3 = ".....22.12201121.22..02201."
"""Blue to move wins in 3 plies (insert D020, then a square whatever red does)."""
WIN_IN_5 = "00212.0..1101..22222..21210"
"""Red to move wins in 5 plies (insert L002 …): found by the solver, checked by plain minimax below."""
LOSS_IN_2 = "2.01.22201.212001.2121211.."
"""Red to move loses in 2 plies: whatever red plays, blue completes a square."""
LOSS_IN_4 = "2.2020011..0.202.202010212."
"""Blue to move loses in 4 plies."""
THREAT_WIN_IN_7 = "2..0220102.21220.12..1.20.1"
"""Blue to move wins in 7 plies by threats (from a game of the expert's): 1,793 positions for threat-space
search, 4,984 for the full proof search."""


def forces_win(state: CubulusState, seat: int, plies: int) -> bool:
    """Plain minimax over the rules' own states: ``seat`` wins within ``plies`` whatever the others do."""
    if state.is_terminal:
        return state.winner == seat
    if plies == 0:
        return False
    outcomes = (forces_win(state.apply(action), seat, plies - 1) for action in state.legal_actions())
    return any(outcomes) if state.current_player == seat else all(outcomes)


# --- known positions ----------------------------------------------------------------------------


def test_a_threat_is_a_win_in_one() -> None:
    """U10, U15: red holds three balls of a small square and a ball in hand: a win in one ply."""
    state = two_players().position({"000": RED, "001": RED, "100": RED, "220": BLUE})
    outcome = forced_outcome(state)
    assert (outcome.result, outcome.plies) == ("win", 1)
    assert after(state, str(outcome.line[0])).winner == RED


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_forced_win_in_three_is_found_and_played(level: str) -> None:
    """U10–U15: the solver proves blue's win in three plies, and after the level's move (normal's search
    sees it too) plain minimax confirms that every red reply leaves blue a square."""
    state = board_position(two_players(), WIN_IN_3, to_move=BLUE)
    outcome = forced_outcome(state)
    assert (outcome.result, outcome.plies) == ("win", 3)
    move = decide(state, CubulusExpert(level))
    assert forces_win(state.apply(move), BLUE, 2)


def test_finds_a_forced_win_in_five_plies() -> None:
    """U10–U15: a win in five plies (not fewer), the line ending in red's square; plain minimax agrees
    that the first move wins within four more plies."""
    state = board_position(two_players(), WIN_IN_5)
    outcome = forced_outcome(state, max_nodes=10_000, max_plies=5)
    assert (outcome.result, outcome.plies, len(outcome.line)) == ("win", 5, 5)
    end = after(state, *map(str, outcome.line))
    assert end.is_terminal and end.winner == RED
    assert forced_outcome(state, max_nodes=10_000, max_plies=4).result == "unknown"
    first = state.apply(outcome.line[0])
    assert not forces_win(first, BLUE, 3)  # blue has no way out through a win of its own


def test_detects_a_forced_loss_in_two_plies() -> None:
    """U15: every red move leaves blue a square; plain minimax agrees, and every move is listed as losing."""
    state = board_position(two_players(), LOSS_IN_2)
    outcome = forced_outcome(state)
    assert (outcome.result, outcome.plies) == ("loss", 2)
    assert forces_win(state, BLUE, 2)
    assert set(losing_moves(state)) == set(state.legal_actions())


def test_detects_a_forced_loss_in_four_plies() -> None:
    """A longer forced loss: the line is the longest defence and ends in red's square."""
    state = board_position(two_players(), LOSS_IN_4, to_move=BLUE)
    outcome = forced_outcome(state, max_nodes=10_000)
    assert (outcome.result, outcome.plies) == ("loss", 4)
    end = after(state, *map(str, outcome.line))
    assert end.is_terminal and end.winner == RED


def test_unknown_within_a_small_budget_and_the_same_answer_twice() -> None:
    """The budget is work, never time: a budget too small proves nothing, and an answer repeats."""
    state = board_position(two_players(), WIN_IN_5)
    assert forced_outcome(state, max_nodes=50).result == "unknown"
    assert forced_outcome(state, max_nodes=1_000) == forced_outcome(state, max_nodes=1_000)


def test_a_finished_game_and_the_set_up() -> None:
    """A game over reports its result; the neutral set-up (U13) is refused with a clear error."""
    state = two_players().position({"000": RED, "001": RED, "100": RED})
    won = after(state, "insert F101")
    assert won.is_terminal and won.to_move == RED  # once over, the last to move
    assert forced_outcome(won).result == "win"
    setup = two_players().initial_state()
    assert setup.phase is Phase.SETUP
    with pytest.raises(ValueError, match="position in play"):
        forced_outcome(setup)
    with pytest.raises(ValueError, match="position in play"):
        losing_moves(setup)


# --- agreement with plain minimax ---------------------------------------------------------------


@st.composite
def endgames(draw: st.DrawFn) -> CubulusState:
    """A two-player position with a crowded cube (few moves each), the seat to move drawn."""
    cells = list(range(27))
    random.Random(draw(st.integers(0, 2**32))).shuffle(cells)
    red, blue, neutral = draw(st.integers(6, 9)), draw(st.integers(6, 9)), draw(st.integers(5, 9))
    colours = [RED] * red + [BLUE] * blue + [2] * neutral
    board = {f"{c // 9}{c // 3 % 3}{c % 3}": colour for c, colour in zip(cells, colours, strict=False)}
    try:
        return two_players().position(board, to_move=draw(st.sampled_from([RED, BLUE])))
    except TabletopError:  # a square is already made
        assume(False)
        raise


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(state=endgames(), plies=st.integers(1, 2))
def test_agrees_with_minimax_on_crowded_cubes(state: CubulusState, plies: int) -> None:
    """U10–U16: within one or two plies the solver proves exactly what exhaustive minimax proves,
    for a win and for a loss (a fresh history: no repetition is possible so soon)."""
    seat = state.to_move
    for attacker in (seat, 1 - seat):
        proof = forced_loss(state, 1 - attacker, max_nodes=10**6, max_plies=plies)
        assert (proof.result == "loss") == forces_win(state, attacker, plies)


@pytest.mark.parametrize("threats_only", [False, True])
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(state=endgames())
def test_what_it_proves_in_three_plies_is_true(state: CubulusState, threats_only: bool) -> None:
    """A win or loss reported within three plies holds against every defence (plain minimax), also
    when the attackers try threats only (the defence is never restricted)."""
    outcome = forced_outcome(state, max_nodes=3_000, max_plies=3, threats_only=threats_only)
    seat = state.to_move
    if outcome.result == "win":
        assert forces_win(state, seat, outcome.plies)
    elif outcome.result == "loss":
        assert forces_win(state, 1 - seat, outcome.plies)
    else:
        assert outcome.result == "unknown" and not forces_win(state, seat, 1)


def test_threat_space_search_proves_a_deeper_loss_for_the_same_work() -> None:
    """U15: blue forces a square in 7 plies by threats, each blue move leaving a square to make at once.
    Threat-space search proves it within 2,500 positions, where the full search does not; the line,
    played through the rules' own states, ends with blue's square."""
    state = board_position(two_players(), THREAT_WIN_IN_7, to_move=BLUE)
    assert forced_loss(state, RED, max_nodes=2_500, max_plies=7).result == "unknown"
    proof = forced_loss(state, RED, max_nodes=2_500, max_plies=7, threats_only=True)
    assert proof.result == "loss" and proof.plies == 7 and proof.nodes < 2_500
    assert len(proof.line) == 7
    for action in proof.line:
        state = state.apply(action)
    assert state.is_terminal and state.winner == BLUE
    assert forced_outcome(board_position(two_players(), THREAT_WIN_IN_7, to_move=BLUE), 2_500, 7,
                          threats_only=True).result == "win"


# --- the hard level ------------------------------------------------------------------------------


def test_hard_plays_the_forced_win() -> None:
    """Red has a win in five plies: hard's move keeps it a forced win (blue's best defence still loses)."""
    state = board_position(two_players(), WIN_IN_5)
    move = decide(state, CubulusExpert("hard"))
    assert forced_loss(state.apply(move), BLUE, max_nodes=10_000, max_plies=4).result == "loss"


def test_hard_avoids_a_move_that_loses_by_force() -> None:
    """Blue, to move in a lost position, plays the longest defence: not a move losing at once."""
    state = board_position(two_players(), LOSS_IN_4, to_move=BLUE)
    move = decide(state, CubulusExpert("hard"))
    quick = set(losing_moves(state, max_plies=2))  # losing within three plies of this position
    assert move not in quick
