"""Cubulus's kernels compiled and run as Python are one source, with the same answers either way.

With Numba installed, the alpha-beta search (:mod:`tabletop.games.cubulus.search`), the proofs
(:mod:`~tabletop.games.cubulus.proof_numbers`, :mod:`~tabletop.games.cubulus.solver`) and the batch of games run
as machine code (:func:`tabletop.core.compiling.compiled`); where it is missing, or with ``TABLETOP_COMPILE=0``,
the same functions run as Python. These tests run both and compare: in this process on random positions of two-
and three-player play with every rule option (the Python is the kernel as written, the machine code what
``compiled`` makes of it), for every depth and budget — the same scores, results, lines and counts of work, so
the same positions were searched in the same order; in a fresh process with compiling switched off, the whole
stack (every level's move, the proofs, a batch of games); and in fresh processes loading the cached machine code.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import compiling
from tabletop.games.cubulus import CubulusState, batch, expert, proof_numbers, solver
from tabletop.games.cubulus.expert import LEVELS, CubulusExpert, Level
from tests.environment import thorough

from .helpers import BLUE, RED, positions, random_play, two_players
from .test_expert import board_position
from .test_solver import LOSS_IN_2, LOSS_IN_4, WIN_IN_3, WIN_IN_5

ROOT = Path(__file__).parents[3]
needs_numba = pytest.mark.skipif(not compiling.COMPILING, reason="Numba is not installed: nothing is compiled")


@contextmanager
def as_python() -> Iterator[None]:
    """Run what is inside as Python: every caller's ``compiled`` gives the kernel itself."""
    with pytest.MonkeyPatch.context() as patch:
        for module in (expert, proof_numbers, solver, batch):
            patch.setattr(module, "compiled", lambda fn: fn)
            if hasattr(module, "ints"):
                patch.setattr(module, "ints", list)
        yield


def answers(state: CubulusState, level: Level, seat: int, max_nodes: int, max_plies: int,
            threats_only: bool) -> list[Any]:
    """What the kernels say of ``state``: the root scores, and both proofs for the seat to move and for
    ``seat``'s loss."""
    legal = list(state.legal_actions())
    return [list(CubulusExpert.root_scores(state, legal, level).items()),  # in the order easy draws its noise in
            proof_numbers.proved_outcome(state, max_nodes, max_plies, threats_only),
            proof_numbers.proved_loss(state, seat, max_nodes, max_plies, threats_only),
            solver.forced_outcome(state, max_nodes, max_plies, threats_only),
            solver.forced_loss(state, seat, max_nodes, max_plies - 2, threats_only)]


def both_ways(*args: Any) -> list[Any]:
    """:func:`answers` compiled and as Python, which must be equal; the answers."""
    machine = answers(*args)
    with as_python():
        assert answers(*args) == machine
    return machine


@needs_numba
@settings(max_examples=40, deadline=None)
@given(state=positions(), max_depth=st.integers(1, 8), max_nodes=st.integers(50, 3_000), noise=st.booleans(),
       extend=st.booleans(), seat=st.integers(0, 2), proof_nodes=st.integers(100, 1_500),
       max_plies=st.integers(3, 9), threats_only=st.booleans())
def test_the_same_answers_on_random_positions(state: CubulusState, max_depth: int, max_nodes: int, noise: bool,
                                              extend: bool, seat: int, proof_nodes: int, max_plies: int,
                                              threats_only: bool) -> None:
    """U10–U16: the same score for every root move from the deepest iteration the budget finished (and where
    it ran out mid-iteration the same moves keep their deeper scores), and the same results, lines, lengths
    and positions spent by every proof."""
    if state.is_terminal:
        return
    level = Level(max_depth=max_depth, max_nodes=max_nodes, noise=300 if noise else 0, extend=extend)
    both_ways(state, level, seat % state.game.num_players, proof_nodes, max_plies, threats_only)


KNOWN = [(WIN_IN_3, BLUE, False), (WIN_IN_3, BLUE, True), (WIN_IN_5, RED, True), (LOSS_IN_2, RED, False),
         (LOSS_IN_2, RED, True), (LOSS_IN_4, BLUE, True)]
"""Positions with a forced result of two to seven plies (:mod:`.test_solver`), the seat to move, and whether to
search threats only: each is proved within the budget of :func:`test_the_levels_and_the_proofs_agree`."""
PROVED_SEEDS = [1, 9, 20, 25, 40, 41, 45, 55]
"""Random games (:func:`.helpers.random_play`) whose positions have a forced result the proofs must work for."""


LEVEL_SEEDS = range(8)
"""Random games (:func:`.helpers.random_play`, two players on even seeds, three on odd, ``5 * seed`` plies in)
whose positions every named level searches both ways."""
EVERYDAY_LEVEL_SEEDS = (0, 3, 4, 5, 6, 7)
"""Those searched every day: still the opening to the end of play, two and three players. Seeds 1 and 2 (5 and
10 plies in) are two thirds of the test's time, the hard level's 160,000 positions searched as Python: they run
with ``HYPOTHESIS_PROFILE=thorough`` (and the random positions of every depth and budget are searched every day
by :func:`test_the_same_answers_on_random_positions`)."""


@needs_numba
def test_the_levels_and_the_proofs_agree() -> None:
    """Every named level's budgets on positions from the opening to the end of play, two and three players;
    and wins and losses actually proved, of two plies or more, with their lines (not only ``unknown``), the
    loss asked of the seat that loses."""
    for seed in LEVEL_SEEDS if thorough() else EVERYDAY_LEVEL_SEEDS:
        state = random_play(seed, 2 + seed % 2, 5 * seed)
        if not state.is_terminal:
            for name in ("easy", "normal", "hard"):
                both_ways(state, dataclasses.replace(LEVELS[name], solve_nodes=0), state.to_move, 2_000, 9, True)
    states = [(board_position(two_players(), text, to_move=seat), threats) for text, seat, threats in KNOWN]
    states += [(random_play(seed, 2 + seed % 2, 10 + seed % 25), True) for seed in PROVED_SEEDS]
    proved = 0
    for state, threats_only in states:
        outcome = proof_numbers.proved_outcome(state, 3_000, 9, threats_only)
        loser = state.to_move if outcome.result == "loss" else (state.to_move + 1) % state.game.num_players
        assert both_ways(state, LEVELS["easy"], loser, 3_000, 9, threats_only)[1] == outcome
        proved += outcome.result != "unknown" and outcome.plies >= 2 and outcome.nodes > 0
    assert proved >= len(states) - 2


PLAY = """
import dataclasses, json, sys
import numpy as np
from tabletop.core import compiling
from tabletop.games.cubulus import Cubulus
from tabletop.games.cubulus.expert import LEVELS, CubulusExpert
from tabletop.games.cubulus.proof_numbers import proved_outcome
from tabletop.games.cubulus.solver import losing_moves
from tests.games.cubulus.helpers import random_play
import random
found = {"compiling": compiling.COMPILING, "moves": [], "proofs": []}
hard = dataclasses.replace(LEVELS["hard"], max_nodes=8_000, solve_nodes=2_000)
for seed in range(6):
    state = random_play(seed, 2 + seed % 2, 6 + 7 * seed)
    if state.is_terminal:
        continue
    legal = list(state.legal_actions())
    found["moves"].append([str(CubulusExpert(level).play(state, legal, random.Random(seed)))
                           for level in ("easy", "normal", hard)])
    outcome = proved_outcome(state, 2_000, 9)
    found["proofs"].append([outcome.result, [str(a) for a in outcome.line], outcome.nodes,
                            sorted(str(a) for a in losing_moves(state, 1_500, 4))])
game = Cubulus(players=3, move_cap=30)
batch, rng = game.batch(6), np.random.default_rng(1)
every = np.ones(6, dtype=np.bool_)
batch.reset(every, rng)
seen, weights = 0.0, np.arange(1, 1 + batch.encoding.observation_size)
for _ in range(40):
    masks = batch.legal_masks()
    over = batch.terminal()
    if over.any():
        batch.reset(over, rng)
        masks = batch.legal_masks()
    batch.apply(np.array([rng.choice(np.flatnonzero(mask)) for mask in masks]), every, rng)
    seen += float((batch.observe(np.zeros(6, dtype=np.int64)) * weights).sum())
found["batch"] = seen
print(json.dumps(found))
"""
"""A script that plays every level, proves, and steps a batch of games, printing what it found."""


def run_play(compile_: bool) -> dict[str, Any]:
    """:data:`PLAY` in a fresh process, compiling or not."""
    env = {**os.environ, "TABLETOP_COMPILE": "1" if compile_ else "0", "PYTHONPATH": str(ROOT / "src")}
    run = subprocess.run([sys.executable, "-c", PLAY], capture_output=True, text=True, timeout=600, cwd=ROOT,
                         env=env, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    found: dict[str, Any] = json.loads(run.stdout)
    return found


@needs_numba
def test_python_in_a_fresh_process_plays_and_proves_as_machine_code() -> None:
    """The environment switch: with ``TABLETOP_COMPILE=0`` nothing is compiled, and every level chooses the
    same moves, the proofs prove the same, and a batch of games steps and observes the same as compiled; a
    second compiled process loads the cached machine code (no compiling) and agrees too."""
    plain, machine, again = run_play(False), run_play(True), run_play(True)
    assert not plain.pop("compiling") and machine.pop("compiling") and again.pop("compiling")
    assert plain == machine == again
    assert len(plain["moves"]) >= 4


@needs_numba
def test_each_kernel_is_compiled_once() -> None:
    """Machine code for one set of argument types per kernel: the constants a kernel passes another are
    typed plainly, so no kernel is compiled again per constant (which Numba's cache then fails to load)."""
    state = random_play(3, 3, 14)
    CubulusExpert(dataclasses.replace(LEVELS["normal"], solve_nodes=1_000, solve_proof_numbers=True)).play(
        state, list(state.legal_actions()), __import__("random").Random(0))
    solver.losing_moves(state, 500, 3)
    game_batch = state.game.batch(2)
    game_batch.reset(np.ones(2, dtype=np.bool_), np.random.default_rng(0))
    game_batch.observe(np.zeros(2, dtype=np.int64))
    machine = {fn: code for fn, code in compiling._MACHINE.items()  # what compiled() made of Cubulus's kernels
               if fn.__module__.startswith("tabletop.games.cubulus")}
    assert machine and all(len(code.signatures) <= 1 for code in machine.values()), {
        fn.__qualname__: code.signatures for fn, code in machine.items() if len(code.signatures) > 1}


def test_the_cache_is_dropped_when_a_source_changes(tmp_path: Path) -> None:
    """A compiled kernel holds the kernels it calls and the tables it reads, from other modules and packages: a
    change to any source of the folders a module's kernels reach drops that module's cached machine code (and
    only its) before it is loaded."""
    rules, other = tmp_path / "rules", tmp_path / "other"
    rules.mkdir()
    other.mkdir()
    (rules / "kernel.py").write_text("X = 1\n")
    (other / "tables.py").write_text("Y = 2\n")
    cache = rules / "__pycache__"
    cache.mkdir()

    def cached() -> set[str]:
        """What is in the cache after a fresh process's first look at it."""
        compiling._STAMPED.discard(rules / "kernel.py")
        compiling._forget_stale_machine_code(rules / "kernel.py", {rules, other}, None)
        return {path.name for path in cache.iterdir() if not path.name.endswith(".sha256")}

    def fill() -> None:
        for name in ("kernel.f-1.py311.nbi", "kernel.f-1.py311.1.nbc", "state.g-1.py311.nbi"):
            (cache / name).write_text("machine code")

    fill()
    assert cached() == {"state.g-1.py311.nbi"}  # no stamp yet: of unknown age
    fill()
    assert cached() == {"kernel.f-1.py311.nbi", "kernel.f-1.py311.1.nbc", "state.g-1.py311.nbi"}  # the same sources
    (other / "tables.py").write_text("Y = 3\n")  # a table another package holds
    assert cached() == {"state.g-1.py311.nbi"}
