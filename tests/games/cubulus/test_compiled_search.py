"""The compiled alpha-beta search (:mod:`tabletop.games.cubulus.compiled.search`) is the expert's Python
search (:class:`tabletop.games.cubulus.expert._Search`) run faster: on random positions of random legal
play, with two and three players and every rule option, it scores every root move the same for every
depth and work budget — so a level gives the same move either way."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.cubulus import CubulusState
from tabletop.games.cubulus.compiled import search as compiled
from tabletop.games.cubulus.expert import LEVELS, CubulusExpert, Level

from .test_compiled_proof import positions, random_play

ROOT = Path(__file__).parents[3]


def same_scores(state: CubulusState, level: Level) -> dict[object, int]:
    """The Python and the compiled search score every legal action alike; the scores."""
    legal = list(state.legal_actions())
    python = CubulusExpert.root_scores(state, legal, level)
    assert CubulusExpert.root_scores(state, legal, dataclasses.replace(level, compiled=True)) == python
    return python  # type: ignore[return-value]


@settings(max_examples=60, deadline=None)
@given(state=positions(), max_depth=st.integers(1, 8), max_nodes=st.integers(50, 4_000), noise=st.booleans(),
       extend=st.booleans())
def test_the_same_scores_on_random_positions(state: CubulusState, max_depth: int, max_nodes: int, noise: bool,
                                             extend: bool) -> None:
    """U10–U16: the same score for every root move, from the deepest iteration the budget finished —
    and where it ran out mid-iteration, the same moves keep their deeper scores (so the same positions
    were searched in the same order and counted alike)."""
    if state.is_terminal:
        return
    same_scores(state, Level(max_depth=max_depth, max_nodes=max_nodes, noise=300 if noise else 0, extend=extend))


def test_the_levels_score_alike() -> None:
    """Every named level, on positions from the opening to the end of play, two and three players:
    the same scores (the budgets the bots play with, not only small ones)."""
    rng = random.Random(7)
    checked = 0
    for seed in range(12):
        state = random_play(seed, 2 + seed % 2, rng.randrange(0, 40))
        if state.is_terminal:
            continue
        for name in ("easy", "normal", "hard"):
            same_scores(state, dataclasses.replace(LEVELS[name], solve_nodes=0))
        checked += 1
    assert checked >= 10


def test_the_cached_machine_code_runs_in_a_new_process() -> None:
    """Numba caches the compiled search on disk; a new process loads it and gets the same scores. (A
    second compiled version of :func:`compiled._node`, for a constant argument, made the cache load
    into a crash: hence one version only.)"""
    state = random_play(1, 2, 12)
    level = dataclasses.replace(LEVELS["normal"], compiled=True)
    here = CubulusExpert.root_scores(state, list(state.legal_actions()), level)
    assert len(compiled._node.signatures) <= 1
    script = (
        "import dataclasses, json; from tabletop.games.cubulus.expert import LEVELS, CubulusExpert;"
        "from tests.games.cubulus.test_compiled_proof import random_play;"
        "state = random_play(1, 2, 12); level = dataclasses.replace(LEVELS['normal'], compiled=True);"
        "print(json.dumps(list(CubulusExpert.root_scores(state, list(state.legal_actions()), level).values())))"
    )
    for _ in range(2):  # the first may compile and store; the second loads what was stored
        run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                             cwd=ROOT, check=False)
        assert run.returncode == 0, run.stderr[-2000:]
        assert json.loads(run.stdout) == list(here.values())
