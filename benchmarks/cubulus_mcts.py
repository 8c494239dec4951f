"""MCTS with random rollouts for two-player Cubulus, compiled: the benchmarks' opponent, ~50× sooner.

The same search as :class:`tabletop.agents.MCTSAgent` with :func:`cubulus_expert.kernel_rollout`
(UCT with exploration 1.4 over each hole as its own action, one untried action expanded per
iteration in the order the state lists its legal actions, a uniformly random playout to the end,
returns +1/−1/0, the most-visited action chosen, ties to the higher total and then to the earlier
action) — on the board masks in machine code (:mod:`tabletop.games.cubulus.compiled.kernel`), under
the same rules: U10–U12, U15's wins, U16's repetition (kept as in :class:`CubulusState`: the
positions since the last insert, a third occurrence draws) and move cap. Only the random numbers
differ (NumPy's generator inside the compiled code, seeded from the agent's ``rng``), so its games
are as reproducible by seed as the other's, though not the same games.

Measured against the expert, it is the opponent the issue names (MCTS with 10,000 rollouts a move)
at a fraction of the time, so that a change to the expert can be judged on hundreds of games;
:func:`check_compiled_mcts` compares its legal moves and outcomes with the states' over random games.

    .venv/bin/python benchmarks/cubulus_expert.py --level hard --opponent compiled --games 200 --jobs 2
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
from numba import njit

from tabletop.core import Decision
from tabletop.games.cubulus import Cubulus, CubulusState, Phase
from tabletop.games.cubulus.actions import INSERTS, PASS, SHIFTS, CubulusAction
from tabletop.games.cubulus.compiled.kernel import (
    BALLS,
    LINE_A,
    N_HOLES,
    insert,
    null_line,
    popcount,
    shift,
    winner_after,
)

_PASS = 108
_MAX_MOVES = 2 * N_HOLES + 1
_HISTORY = 512  # positions since the last insert a path or playout may meet before it draws (U16)


@njit(cache=True)
def _legal(m0: int, m1: int, m2: int, seat: int, b0: int, b1: int, b2: int, allow_null: bool,
           out: np.ndarray) -> int:
    """The legal codes in the state's order (inserts by hole, then shifts by hole, U10–U12), or a pass."""
    occ = m0 | m1 | m2
    hand = popcount(m0 if seat == 0 else m1 if seat == 1 else m2) < BALLS
    n = 0
    if hand:
        for hole in range(N_HOLES):
            line = LINE_A[hole]
            if occ & line != line:
                out[n] = hole
                n += 1
    diff = (b0 ^ m0) | (b1 ^ m1) | (b2 ^ m2) if b0 >= 0 else 0
    for hole in range(N_HOLES):
        line = LINE_A[hole]
        if occ & line != line:
            continue
        if not allow_null and null_line(m0, m1, m2, hole):
            continue
        if b0 >= 0 and not diff & ~line:
            s0, s1, s2 = shift(m0, m1, m2, hole)
            if s0 == b0 and s1 == b1 and s2 == b2:
                continue
        out[n] = 54 + hole
        n += 1
    if n == 0:
        out[0] = _PASS
        n = 1
    return n


@njit(cache=True)
def _key(m0: int, m1: int, m2: int, seat: int) -> tuple[int, int]:
    """U16's position (board and seat to move) as two ints."""
    return m0 | m1 << 27, m2 | seat << 27


@njit(cache=True)
def _index(keys: np.ndarray, count: int, k0: int, k1: int) -> int:
    for i in range(count):
        if keys[i, 0] == k0 and keys[i, 1] == k1:
            return i
    return -1


@njit(cache=True)
def _step(m0: int, m1: int, m2: int, seat: int, b0: int, b1: int, b2: int, moves: int, code: int,
          seen: np.ndarray, n_seen: int, repeated: np.ndarray, n_repeated: int, no_undo: bool,
          repetition: bool, cap: int) -> tuple[int, int, int, int, int, int, int, int, int, int, int, int]:
    """One move, as :meth:`CubulusState.apply` makes it: the position after, the histories' new
    lengths and the outcome: −1 play on, else seat 0's return (+1, −1, or 0 for a draw)."""
    if code == _PASS:
        a0, a1, a2 = m0, m1, m2
    elif code < 54:
        a0, a1, a2 = insert(m0, m1, m2, seat, code)
    else:
        a0, a1, a2 = shift(m0, m1, m2, code - 54)
    moves += 1
    if code != _PASS:
        won = winner_after(m0, m1, m2, a0, a1, a2, 2, seat)
        if won >= 0:
            return a0, a1, a2, seat, b0, b1, b2, moves, n_seen, n_repeated, 1 if won == 0 else -1, 1
    nxt = 1 - seat
    k0, k1 = _key(a0, a1, a2, nxt)
    if code < 54:
        b0 = b1 = b2 = -1
        n_seen, n_repeated = 0, 0
        if repetition:
            seen[0, 0], seen[0, 1] = k0, k1
            n_seen = 1
    else:
        if code != _PASS:
            if no_undo:
                b0, b1, b2 = m0, m1, m2
            else:
                b0 = b1 = b2 = -1
        if repetition:
            if _index(repeated, n_repeated, k0, k1) >= 0:
                return a0, a1, a2, nxt, b0, b1, b2, moves, n_seen, n_repeated, 0, 1
            if _index(seen, n_seen, k0, k1) >= 0:
                if n_repeated < _HISTORY:
                    repeated[n_repeated, 0], repeated[n_repeated, 1] = k0, k1
                    n_repeated += 1
            elif n_seen < _HISTORY:
                seen[n_seen, 0], seen[n_seen, 1] = k0, k1
                n_seen += 1
    if moves >= cap:
        return a0, a1, a2, nxt, b0, b1, b2, moves, n_seen, n_repeated, 0, 1
    return a0, a1, a2, nxt, b0, b1, b2, moves, n_seen, n_repeated, 0, 0


@njit(cache=True)
def _playout(m0: int, m1: int, m2: int, seat: int, b0: int, b1: int, b2: int, moves: int,
             seen: np.ndarray, n_seen: int, repeated: np.ndarray, n_repeated: int, allow_null: bool,
             no_undo: bool, repetition: bool, cap: int, codes: np.ndarray) -> float:
    """Uniformly random legal moves to the end (as ``kernel_rollout``): seat 0's return."""
    while True:
        n = _legal(m0, m1, m2, seat, b0, b1, b2, allow_null, codes)
        code = codes[np.random.randint(n)]
        m0, m1, m2, seat, b0, b1, b2, moves, n_seen, n_repeated, value, over = _step(
            m0, m1, m2, seat, b0, b1, b2, moves, code, seen, n_seen, repeated, n_repeated, no_undo, repetition, cap)
        if over:
            return float(value)


@njit(cache=True)
def _search(m0: int, m1: int, m2: int, seat: int, b0: int, b1: int, b2: int, moves: int,
            root_seen: np.ndarray, root_repeated: np.ndarray, allow_null: bool, no_undo: bool,
            repetition: bool, cap: int, simulations: int, exploration: float, seed: int) -> np.ndarray:
    """UCT from the position: the root's legal codes, each with its visits and total (for the mover)."""
    np.random.seed(seed)
    size = simulations + 2
    visits = np.zeros(size, np.int64)
    total = np.zeros(size, np.float64)
    available = np.zeros(size, np.int64)
    player = np.zeros(size, np.int64)
    state = np.zeros((size, 8), np.int64)  # m0 m1 m2 seat b0 b1 b2 moves
    outcome = np.zeros(size, np.int64)  # 0 play on, 1 over
    value = np.zeros(size, np.float64)  # seat 0's return when over
    first = np.full(size, -1, np.int64)  # where the node's children begin in ``slots``
    count = np.zeros(size, np.int64)
    slots = np.full(size * _MAX_MOVES, -1, np.int64)
    slot_code = np.zeros(size * _MAX_MOVES, np.int64)
    state[0, 0], state[0, 1], state[0, 2], state[0, 3] = m0, m1, m2, seat
    state[0, 4], state[0, 5], state[0, 6], state[0, 7] = b0, b1, b2, moves
    player[0] = -1
    nodes, used = 1, 0
    codes = np.zeros(_MAX_MOVES, np.int64)
    seen = np.zeros((_HISTORY, 2), np.int64)
    repeated = np.zeros((_HISTORY, 2), np.int64)
    path = np.zeros(size, np.int64)
    for _ in range(simulations):
        n_seen = root_seen.shape[0]
        n_repeated = root_repeated.shape[0]
        seen[:n_seen] = root_seen
        repeated[:n_repeated] = root_repeated
        node, depth = 0, 0
        path[0] = 0
        result = 0.0
        while True:
            if outcome[node]:
                result = value[node]
                break
            s = state[node]
            if first[node] < 0:  # the node's legal moves, in order, as empty slots
                n = _legal(s[0], s[1], s[2], s[3], s[4], s[5], s[6], allow_null, codes)
                first[node], count[node] = used, n
                slot_code[used:used + n] = codes[:n]
                used += n
            start, n = first[node], count[node]
            chosen = -1
            expanded = False
            for i in range(n):
                child = slots[start + i]
                if child < 0:  # expand one untried action, then play it out
                    child = nodes
                    nodes += 1
                    slots[start + i] = child
                    available[child] = 1
                    player[child] = s[3]
                    r = _step(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], slot_code[start + i],
                              seen, n_seen, repeated, n_repeated, no_undo, repetition, cap)
                    for j in range(8):
                        state[child, j] = r[j]
                    n_seen, n_repeated = r[8], r[9]
                    outcome[child], value[child] = r[11], float(r[10])
                    chosen, expanded = child, True
                    break
                available[child] += 1
            if expanded:
                depth += 1
                path[depth] = chosen
                if outcome[chosen]:
                    result = value[chosen]
                else:
                    c = state[chosen]
                    result = _playout(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], seen, n_seen, repeated,
                                      n_repeated, allow_null, no_undo, repetition, cap, codes)
                break
            best, best_score = -1, -1e300
            for i in range(n):
                child = slots[start + i]
                score = total[child] / visits[child] + exploration * math.sqrt(
                    math.log(max(available[child], 1)) / visits[child])
                if score > best_score:
                    best, best_score = i, score
            child = slots[start + best]
            if not outcome[child]:  # walk the histories along (U16), as the state does
                r = _step(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], slot_code[start + best],
                          seen, n_seen, repeated, n_repeated, no_undo, repetition, cap)
                n_seen, n_repeated = r[8], r[9]
            node = child
            depth += 1
            path[depth] = node
        for d in range(depth + 1):
            node = path[d]
            visits[node] += 1
            if player[node] >= 0:
                total[node] += result if player[node] == 0 else -result
    start, n = first[0], count[0]
    table = np.zeros((n, 3), np.float64)
    for i in range(n):
        child = slots[start + i]
        table[i, 0] = slot_code[start + i]
        if child >= 0:
            table[i, 1] = visits[child]
            table[i, 2] = total[child]
    return table


def _keys(positions: frozenset[int]) -> np.ndarray:
    """U16's positions (:func:`.board.position_key`) as rows of :func:`_key`'s two ints."""
    rows = [(key & (1 << 54) - 1, key >> 54) for key in positions]
    return np.array(rows, dtype=np.int64).reshape(len(rows), 2)


def action_of(code: int) -> CubulusAction:
    return PASS if code == _PASS else INSERTS[code] if code < 54 else SHIFTS[code - 54]


def root_table(state: CubulusState, simulations: int, exploration: float, seed: int) -> np.ndarray:
    """The compiled search from a play position: rows (code, visits, total)."""
    game = state.game
    board, banned = state.board, state.banned
    b0, b1, b2 = banned if banned is not None else (-1, -1, -1)
    return _search(board[0], board[1], board[2], state.to_move, b0, b1, b2, state.moves, _keys(state.seen),
                   _keys(state.repeated), game.allow_null_shift, game.no_undo, game.repetition_draw,
                   game.move_cap, simulations, exploration, seed)


class CompiledMCTS:
    """The benchmarks' MCTS opponent for two-player Cubulus, compiled (see the module docstring);
    the neutral set-up (U13) it places at random, as the generic agent's search does in effect."""

    def __init__(self, simulations: int = 10_000, exploration: float = 1.4, name: str | None = None) -> None:
        self.simulations = simulations
        self.exploration = exploration
        self.name = name or f"mcts{simulations}c"

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        """The most-visited root action (ties: the higher total, then the earlier action)."""
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        game = decision.game
        assert isinstance(game, Cubulus) and game.num_players == 2
        state = game.state_from_view(decision.view, rng)
        assert isinstance(state, CubulusState)
        if state.phase is not Phase.PLAY:
            return legal[rng.randrange(len(legal))]
        table = root_table(state, self.simulations, self.exploration, rng.getrandbits(62))
        best = max(range(len(table)), key=lambda i: (table[i, 1], table[i, 2], -i))
        action = action_of(int(table[best, 0]))
        assert action in legal, (action, legal)
        return action


def check_compiled_mcts(games: int = 20) -> None:
    """Random games: at every play position the compiled code lists the states' legal actions in the
    same order, and makes each of them as the state does (the board, the seat, the ban, the end)."""
    import tabletop

    game = tabletop.load("cubulus", players=2)
    assert isinstance(game, Cubulus)
    codes = np.zeros(_MAX_MOVES, np.int64)
    seen = np.zeros((_HISTORY, 2), np.int64)
    repeated = np.zeros((_HISTORY, 2), np.int64)
    for seed in range(games):
        rng = random.Random(seed)
        state = game.initial_state()
        while not state.is_terminal:
            legal = state.legal_actions()
            action = state.sample_chance(rng) if state.is_chance else legal[rng.randrange(len(legal))]
            if isinstance(state, CubulusState) and state.phase is Phase.PLAY:
                board, banned = state.board, state.banned
                b0, b1, b2 = banned if banned is not None else (-1, -1, -1)
                n = _legal(board[0], board[1], board[2], state.to_move, b0, b1, b2, game.allow_null_shift, codes)
                assert [action_of(int(c)) for c in codes[:n]] == list(legal), (state, codes[:n])
                n_seen, n_repeated = len(state.seen), len(state.repeated)
                seen[:n_seen], repeated[:n_repeated] = _keys(state.seen), _keys(state.repeated)
                code = [action_of(int(c)) for c in codes[:n]].index(action)
                r = _step(board[0], board[1], board[2], state.to_move, b0, b1, b2, state.moves, int(codes[code]),
                          seen, n_seen, repeated, n_repeated, game.no_undo, game.repetition_draw, game.move_cap)
                after = state.apply(action)
                assert isinstance(after, CubulusState)
                assert (r[0], r[1], r[2]) == after.board, (state, action)
                assert bool(r[11]) == after.is_terminal, (state, action)
                if after.is_terminal:
                    assert math.isclose(r[10], after.returns()[0]), (state, action)
                else:
                    assert r[3] == after.to_move and r[7] == after.moves
                    assert (None if r[4] < 0 else (r[4], r[5], r[6])) == after.banned, (state, action)
                    assert r[8] == len(after.seen) and r[9] == len(after.repeated), (state, action)
                state = after
                continue
            state = state.apply(action)
