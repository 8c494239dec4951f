"""MCTS with random rollouts for two-player Cubulus, compiled: the benchmarks' opponent, ~50× sooner.

The same search as :class:`tabletop.agents.MCTSAgent` with :func:`cubulus_expert.kernel_rollout`
(UCT with exploration 1.4 over each hole as its own action, one untried action expanded per
iteration in the order the state lists its legal actions, a uniformly random playout to the end,
returns +1/−1/0, the most-visited action chosen, ties to the higher total and then to the earlier
action) — on the board masks in machine code, on the game's own kernel (:mod:`tabletop.games.cubulus.kernel`,
compiled with it by :func:`tabletop.core.compiling.compiled`), under the same rules: U10–U12, U15's wins,
U16's repetition (kept as in :class:`CubulusState`: the positions since the last insert, a third occurrence
draws) and move cap. Only the random numbers
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

from tabletop.core import Decision
from tabletop.core.compiling import compiled, ints, kernel, zeros
from tabletop.games.cubulus import Cubulus, CubulusState, Phase
from tabletop.games.cubulus.actions import INSERTS, PASS, SHIFTS, CubulusAction
from tabletop.games.cubulus.board import Board
from tabletop.games.cubulus.kernel import (
    HOLE_COUNT,
    MAX_MOVES,
    NO_BAN,
    PASS_CODE,
    banned_after,
    hole_codes,
    legal_holes,
    play,
    window_key,
    window_keys,
    winner_after,
)

_HISTORY = 512  # positions since the last insert a path or playout may meet before it draws (U16)


@kernel
def _legal(board: Board, seat: int, banned: Board, allow_null: bool, out: list[int]) -> int:
    """The legal codes in the state's order (each hole its own insert, then the shifts, U10–U12), or a pass."""
    inserts, shifts = legal_holes(board, seat, banned, allow_null)
    n = hole_codes(inserts, shifts, out)
    if n == 0:
        out[0] = PASS_CODE
        n = 1
    return n


@kernel
def _index(keys: np.ndarray, count: int, key: int) -> int:
    for i in range(count):
        if keys[i] == key:
            return i
    return -1


@kernel
def _step(board: Board, seat: int, banned: Board, moves: int, code: int, seen: np.ndarray, n_seen: int,
          repeated: np.ndarray, n_repeated: int, no_undo: bool, repetition: bool,
          cap: int) -> tuple[Board, int, Board, int, int, int, int, int]:
    """One move, as :meth:`CubulusState.apply` makes it: the position after (board, seat, ban, moves), the
    histories' new lengths and the outcome: whether the game is over and seat 0's return (+1, −1, or 0)."""
    after = play(board, seat, code)
    moves += 1
    if code != PASS_CODE:
        won = winner_after(board, after, 2, seat, code % HOLE_COUNT)
        if won >= 0:
            return after, seat, banned, moves, n_seen, n_repeated, 1 if won == 0 else -1, 1
    nxt = 1 - seat
    key = window_key(after, nxt)
    banned = banned_after(code, board, banned, no_undo)
    if code < HOLE_COUNT:
        n_seen, n_repeated = 0, 0
        if repetition:
            seen[0] = key
            n_seen = 1
    elif repetition:
        if _index(repeated, n_repeated, key) >= 0:
            return after, nxt, banned, moves, n_seen, n_repeated, 0, 1
        if _index(seen, n_seen, key) >= 0:
            if n_repeated < _HISTORY:
                repeated[n_repeated] = key
                n_repeated += 1
        elif n_seen < _HISTORY:
            seen[n_seen] = key
            n_seen += 1
    if moves >= cap:
        return after, nxt, banned, moves, n_seen, n_repeated, 0, 1
    return after, nxt, banned, moves, n_seen, n_repeated, 0, 0


@kernel
def _playout(board: Board, seat: int, banned: Board, moves: int, seen: np.ndarray, n_seen: int, repeated: np.ndarray,
             n_repeated: int, allow_null: bool, no_undo: bool, repetition: bool, cap: int, codes: list[int]) -> float:
    """Uniformly random legal moves to the end (as ``kernel_rollout``): seat 0's return."""
    while True:
        n = _legal(board, seat, banned, allow_null, codes)
        code = codes[np.random.randint(n)]
        board, seat, banned, moves, n_seen, n_repeated, value, over = _step(
            board, seat, banned, moves, code, seen, n_seen, repeated, n_repeated, no_undo, repetition, cap)
        if over:
            return float(value)


@kernel
def _position(state: np.ndarray, node: int) -> tuple[Board, int, Board, int]:
    """Node ``node``'s position: its board, the seat to move, the banned board (U12) and the moves made."""
    row = state[node]
    return ((int(row[0]), int(row[1]), int(row[2])), int(row[3]), (int(row[4]), int(row[5]), int(row[6])),
            int(row[7]))


@kernel
def _search(board: Board, seat: int, banned: Board, moves: int, root_seen: np.ndarray, root_repeated: np.ndarray,
            allow_null: bool, no_undo: bool, repetition: bool, cap: int, simulations: int, exploration: float,
            seed: int) -> np.ndarray:
    """UCT from the position: the root's legal codes, each with its visits and total (for the mover)."""
    np.random.seed(seed)
    size = simulations + 2
    visits = np.zeros(size, np.int64)
    total = np.zeros(size, np.float64)
    available = np.zeros(size, np.int64)
    player = np.zeros(size, np.int64)
    state = np.zeros((size, 8), np.int64)  # board, seat, banned board, moves
    outcome = np.zeros(size, np.int64)  # 0 play on, 1 over
    value = np.zeros(size, np.float64)  # seat 0's return when over
    first = np.full(size, -1, np.int64)  # where the node's children begin in ``slots``
    count = np.zeros(size, np.int64)
    slots = np.full(size * MAX_MOVES, -1, np.int64)
    slot_code = np.zeros(size * MAX_MOVES, np.int64)
    state[0, 0], state[0, 1], state[0, 2], state[0, 3] = board[0], board[1], board[2], seat
    state[0, 4], state[0, 5], state[0, 6], state[0, 7] = banned[0], banned[1], banned[2], moves
    player[0] = -1
    nodes, used = 1, 0
    codes = zeros(MAX_MOVES)
    seen = np.zeros(_HISTORY, np.int64)
    repeated = np.zeros(_HISTORY, np.int64)
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
            here, to_move, ban, made = _position(state, node)
            if first[node] < 0:  # the node's legal moves, in order, as empty slots
                n = _legal(here, to_move, ban, allow_null, codes)
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
                    player[child] = to_move
                    after, nxt, next_ban, next_made, n_seen, n_repeated, result_value, over = _step(
                        here, to_move, ban, made, slot_code[start + i], seen, n_seen, repeated, n_repeated, no_undo,
                        repetition, cap)
                    state[child, 0], state[child, 1], state[child, 2] = after
                    state[child, 3], state[child, 7] = nxt, next_made
                    state[child, 4], state[child, 5], state[child, 6] = next_ban
                    outcome[child], value[child] = over, float(result_value)
                    chosen, expanded = child, True
                    break
                available[child] += 1
            if expanded:
                depth += 1
                path[depth] = chosen
                if outcome[chosen]:
                    result = value[chosen]
                else:
                    after, nxt, next_ban, next_made = _position(state, chosen)
                    result = _playout(after, nxt, next_ban, next_made, seen, n_seen, repeated, n_repeated, allow_null,
                                      no_undo, repetition, cap, codes)
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
                stepped = _step(here, to_move, ban, made, slot_code[start + best], seen, n_seen, repeated, n_repeated,
                                no_undo, repetition, cap)
                n_seen, n_repeated = stepped[4], stepped[5]
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
    """U16's positions (:func:`.board.position_key`) as window keys (:func:`.kernel.window_key`)."""
    return np.array(window_keys(positions), dtype=np.int64)


def action_of(code: int) -> CubulusAction:
    return PASS if code == PASS_CODE else INSERTS[code] if code < HOLE_COUNT else SHIFTS[code - HOLE_COUNT]


def root_table(state: CubulusState, simulations: int, exploration: float, seed: int) -> np.ndarray:
    """The compiled search from a play position: rows (code, visits, total)."""
    game = state.game
    return compiled(_search)(state.board, state.to_move, state.banned or NO_BAN, state.moves, _keys(state.seen),
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
    codes = ints([0] * MAX_MOVES)
    seen = np.zeros(_HISTORY, np.int64)
    repeated = np.zeros(_HISTORY, np.int64)
    legal_codes, step = compiled(_legal), compiled(_step)
    for seed in range(games):
        rng = random.Random(seed)
        state = game.initial_state()
        while not state.is_terminal:
            legal = state.legal_actions()
            action = state.sample_chance(rng) if state.is_chance else legal[rng.randrange(len(legal))]
            if isinstance(state, CubulusState) and state.phase is Phase.PLAY:
                banned = state.banned or NO_BAN
                n = legal_codes(state.board, state.to_move, banned, game.allow_null_shift, codes)
                assert [action_of(int(c)) for c in codes[:n]] == list(legal), (state, codes[:n])
                n_seen, n_repeated = len(state.seen), len(state.repeated)
                seen[:n_seen], repeated[:n_repeated] = _keys(state.seen), _keys(state.repeated)
                code = [action_of(int(c)) for c in codes[:n]].index(action)
                board, seat, ban, moves, n_seen, n_repeated, value, over = step(
                    state.board, state.to_move, banned, state.moves, int(codes[code]), seen, n_seen, repeated,
                    n_repeated, game.no_undo, game.repetition_draw, game.move_cap)
                after = state.apply(action)
                assert isinstance(after, CubulusState)
                assert tuple(board) == after.board, (state, action)
                assert bool(over) == after.is_terminal, (state, action)
                if after.is_terminal:
                    assert math.isclose(value, after.returns()[0]), (state, action)
                else:
                    assert seat == after.to_move and moves == after.moves
                    assert (None if ban[0] < 0 else tuple(ban)) == after.banned, (state, action)
                    assert n_seen == len(after.seen) and n_repeated == len(after.repeated), (state, action)
                state = after
                continue
            state = state.apply(action)
