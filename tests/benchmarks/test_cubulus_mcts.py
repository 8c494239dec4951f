"""The compiled MCTS opponent of the Cubulus benchmarks plays by the game's rules (U10–U16), finds a
win in one, and is reproducible by seed (issue #20: the opponent the expert is measured against)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop
from tabletop.core import Decision
from tabletop.games.cubulus import Cubulus

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

from cubulus_mcts import CompiledMCTS, check_compiled_mcts  # noqa: E402


@pytest.fixture(scope="module")
def game() -> Cubulus:
    loaded = tabletop.load("cubulus", players=2, first="0")
    assert isinstance(loaded, Cubulus)
    return loaded


def test_legal_moves_and_their_results_are_the_states_own() -> None:
    """U10–U12 (the moves, in the state's order), U15 (the win) and U16 (repetition, the cap) over
    random games: the compiled code agrees with :class:`CubulusState` at every play position."""
    check_compiled_mcts(games=4)


def test_a_square_in_one_is_found_and_the_search_is_reproducible(game: Cubulus) -> None:
    # colour 0 holds 000, 010, 100 of the small square on the bottom face (U2); 110 is empty, so
    # inserting through D110 completes it (U10, U15)
    state = game.position({"000": 0, "010": 0, "100": 0, "001": 1, "011": 1, "222": 1}, to_move=0, moves=6)
    decision = Decision(game, 0, state.view(0), tuple(state.legal_actions()), ())
    agent = CompiledMCTS(simulations=400)
    chosen = [agent.choose(decision, random.Random(seed)) for seed in (1, 1, 2)]
    assert all(state.apply(action).winner == 0 for action in chosen), chosen
    assert chosen[0] == chosen[1]


def test_the_benchmark_plays_against_it_and_says_so() -> None:
    run = subprocess.run([sys.executable, str(BENCHMARKS / "cubulus_expert.py"), "--games", "2", "--rollouts",
                          "200", "--rollout", "compiled", "--level", "easy"],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert "vs MCTS (200 random rollouts, compiled), 2 games" in run.stdout
