"""The expert's alpha-beta search compiled: a port of :class:`..expert._Search` and
:meth:`..expert.CubulusExpert.root_scores`, kept in step with them line for line.

It visits the same positions in the same order and counts the same work, so it returns the same
scores for the same position and level (``tests/games/cubulus/test_compiled_search.py`` compares
them). The search's state — the transposition table, killer and history tables, the work counter —
is passed as arguments rather than held by a class, since Numba caches plain functions only. A
board is three masks ``m0, m1, m2``; "no banned board" is a first mask of :data:`.kernel.NO_BAN`.
A position (for U16's repetition) is the pair ``(m0 | m1 << 27, m2 | seat << 27)``; the positions met
since the last insert on the line searched are a stretch ``path[base:top]`` of one stack, not a set
(Numba's sets slow to a crawl after many additions and removals).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from numba import njit, types
from numba.typed import Dict

from tabletop.games.cubulus.actions import CubulusAction, Insert, Pass, Shift
from tabletop.games.cubulus.board import insert as board_insert
from tabletop.games.cubulus.board import position_key
from tabletop.games.cubulus.board import shift as board_shift
from tabletop.games.cubulus.compiled.kernel import (
    BALLS,
    NO_BAN,
    PASS,
    colour_terms,
    insert,
    move_holes,
    null_line,
    popcount,
    shift,
    threat_cells,
    threat_value,
    winner_after,
)
from tabletop.games.cubulus.solver import code_of
from tabletop.games.cubulus.solver import winner_after as py_winner_after
from tabletop.games.cubulus.state import CubulusState

WIN: int = 1_000_000
TEMPO: int = 15
CHECK_EVERY: int = 256
EXACT, LOWER, UPPER = 0, 1, 2
# the configuration array
SEATS, ALLOW_NULL, NO_UNDO, MOVE_CAP, ROOT, MAX_NODES, EXTEND = range(7)
# the counters array
NODES, NEXT_CHECK, EXTENDING, BEST_MOVE, TOP = range(5)
MAX_MOVES: int = 109
PATH_ROOM: int = 256
"""Room for the positions of one line of play beyond the game's own (a line is never 256 plies)."""
_KEY = types.UniTuple(types.int64, 4)  # type: ignore[no-untyped-call]
_int64: Callable[[int], int] = np.int64  # type: ignore[assignment]
"""A plain int64 of a constant, for :func:`_node`'s arguments (see there)."""


class OutOfBudget(Exception):
    """The work budget ran out mid-iteration."""


@njit(cache=True, inline="always")
def _seen_key(m0: int, m1: int, m2: int, seat: int) -> tuple[int, int]:
    return m0 | m1 << 27, m2 | seat << 27


@njit(cache=True)
def _met(path: np.ndarray, base: int, top: int, key0: int, key1: int) -> bool:
    """The position was met since the last insert: it is in ``path[base:top]`` (a short stretch)."""
    for i in range(base, top):  # noqa: SIM110 (a loop compiles; any() over a generator may not)
        if path[i, 0] == key0 and path[i, 1] == key1:
            return True
    return False


@njit(cache=True, inline="always")
def _table_key(m0: int, m1: int, m2: int, seat: int, b0: int, b1: int, b2: int) -> tuple[int, int, int, int]:
    if b0 == NO_BAN:
        return m0 | m1 << 27, m2 | seat << 27, 0, 0
    return m0 | m1 << 27, m2 | seat << 27 | 1 << 29, b0 | b1 << 27, b2


@njit(cache=True)
def _count(cfg: np.ndarray, ctr: np.ndarray) -> None:
    """One position visited; past each :data:`CHECK_EVERY`, stop once the budget is spent."""
    ctr[NODES] += 1
    if ctr[NODES] >= ctr[NEXT_CHECK]:
        ctr[NEXT_CHECK] += CHECK_EVERY
        if ctr[NODES] >= cfg[MAX_NODES]:
            raise OutOfBudget()


@njit(cache=True)
def judge(m0: int, m1: int, m2: int, seat: int, cfg: np.ndarray) -> tuple[int, bool]:
    """:meth:`.._Search.judge`: the static score for the root seat and whether another seat threatens."""
    seats, root = cfg[SEATS], cfg[ROOT]
    occ = m0 | m1 | m2
    values = np.zeros(3, np.int64)
    win_now = threatened = False
    for colour in range(seats):
        mine = m0 if colour == 0 else m1 if colour == 1 else m2
        value, threats = colour_terms(mine, occ & ~mine)
        if threats and popcount(mine) < BALLS:
            if colour == seat:
                win_now = True
            else:
                threatened = True
            value += threat_value(threats)
        values[colour] = value
    if win_now:
        return (WIN - 1 if seat == root else -(WIN - 1)), False
    others = -(1 << 40)
    for colour in range(seats):
        if colour != root and values[colour] > others:
            others = values[colour]
    return values[root] - others + (TEMPO if seat == root else -TEMPO), threatened


@njit(cache=True)
def children(m0: int, m1: int, m2: int, seat: int, b0: int, b1: int, b2: int, cfg: np.ndarray, ctr: np.ndarray,
             codes: np.ndarray, boards: np.ndarray, winners: np.ndarray) -> int:
    """:meth:`.._Search.children` into arrays; how many moves it wrote."""
    seats = cfg[SEATS]
    inserts = np.empty(54, np.int64)
    full = np.empty(54, np.int64)
    n_inserts, n_full = move_holes(m0 | m1 | m2, inserts, full)
    n = 0
    mine = m0 if seat == 0 else m1 if seat == 1 else m2
    if n_inserts and popcount(mine) < BALLS:
        for i in range(n_inserts):
            hole = inserts[i]
            a0, a1, a2 = insert(m0, m1, m2, seat, hole)
            codes[n] = hole
            boards[n, 0], boards[n, 1], boards[n, 2] = a0, a1, a2
            winners[n] = winner_after(m0, m1, m2, a0, a1, a2, seats, seat)
            n += 1
    for i in range(n_full):
        hole = full[i]
        if not cfg[ALLOW_NULL] and null_line(m0, m1, m2, hole):
            continue
        a0, a1, a2 = shift(m0, m1, m2, hole)
        if a0 == b0 and a1 == b1 and a2 == b2:
            continue
        codes[n] = 54 + hole
        boards[n, 0], boards[n, 1], boards[n, 2] = a0, a1, a2
        winners[n] = winner_after(m0, m1, m2, a0, a1, a2, seats, seat)
        n += 1
    ctr[NODES] += n >> 3
    return n


@njit(cache=True, inline="always")
def _sort_down(items: np.ndarray, keys: np.ndarray, n: int) -> None:
    """Sort ``items[:n]`` by ``keys`` (parallel), greatest first, keeping ties in order (as Python's
    stable ``sort(reverse=True)``)."""
    for i in range(1, n):
        item, key = items[i], keys[i]
        j = i - 1
        while j >= 0 and keys[j] < key:
            items[j + 1], keys[j + 1] = items[j], keys[j]
            j -= 1
        items[j + 1], keys[j + 1] = item, key


@njit(cache=True, inline="always")
def _bound(best: int, alpha: int, beta: int) -> int:
    if best <= alpha:
        return UPPER
    if best >= beta:
        return LOWER
    return EXACT


AFTER, VALUE, LEAF, FRONTIER = range(4)
"""What :func:`_node` computes: :meth:`.._Search.after`, ``value``, ``leaf`` or ``frontier``."""


@njit(cache=True)
def _node(mode: int, m0: int, m1: int, m2: int, seat: int, b0: int, b1: int, b2: int, moves: int, depth: int, ply: int,
          alpha: int, beta: int, flag: int, base: int, path: np.ndarray, cfg: np.ndarray, ctr: np.ndarray, table: Dict,
          killers: np.ndarray, history: np.ndarray) -> int:
    """One of :class:`.._Search`'s four mutually recursive methods, chosen by ``mode``: its score
    (``frontier`` leaves its best move in ``ctr[BEST_MOVE]``). ``flag`` is ``after``'s ``fresh`` and
    ``frontier``'s ``best_code``. They are one function because Numba compiles and caches a function
    calling itself, but not a cycle of several (and only with one set of argument types: see below)."""
    # plain int64s, not constants: Numba would compile a version of this function per constant argument
    AFTER_, VALUE_, LEAF_, FRONTIER_ = _int64(AFTER), _int64(VALUE), _int64(LEAF), _int64(FRONTIER)
    zero, no_move, no_ban = _int64(0), _int64(-1), _int64(NO_BAN)
    if mode == AFTER:  # the value of the position a move led to, with U16's draws
        if moves >= cfg[MOVE_CAP]:
            return 0
        key0, key1 = _seen_key(m0, m1, m2, seat)
        top = ctr[TOP]
        if depth <= 0:
            if not flag and _met(path, base, top, key0, key1):
                return 0
            return _node(LEAF_, m0, m1, m2, seat, b0, b1, b2, moves, zero, ply, alpha, beta, zero, base, path, cfg,
                         ctr, table, killers, history)
        if not flag and _met(path, base, top, key0, key1):
            return 0
        path[top, 0], path[top, 1] = key0, key1
        ctr[TOP] = top + 1
        # an insert: the history since the last insert starts afresh, with this position
        found = _node(VALUE_, m0, m1, m2, seat, b0, b1, b2, moves, depth, ply, alpha, beta, zero,
                      top if flag else base, path, cfg, ctr, table, killers, history)
        ctr[TOP] = top
        return found
    if mode == LEAF:  # judged, and searched one ply more when another seat threatens
        _count(cfg, ctr)
        score, threatened = judge(m0, m1, m2, seat, cfg)
        if not threatened or ctr[EXTENDING] or not cfg[EXTEND]:
            return score
        ctr[EXTENDING] = 1
        found = _node(FRONTIER_, m0, m1, m2, seat, b0, b1, b2, moves, zero, ply, alpha, beta, no_move, base, path, cfg,
                      ctr, table, killers, history)
        ctr[EXTENDING] = 0
        return found
    if mode == VALUE:  # minimax (paranoid with three) for the root seat within (alpha, beta)
        _count(cfg, ctr)
        if depth <= 0:
            return judge(m0, m1, m2, seat, cfg)[0]
        slot = _table_key(m0, m1, m2, seat, b0, b1, b2)
        best_code = -1
        if slot in table:
            stored_depth, stored, bound, best_code = table[slot]
            if stored_depth >= depth and (bound == EXACT or (bound == LOWER and stored >= beta)
                                          or (bound == UPPER and stored <= alpha)):
                return int(stored)
        if depth == 1:
            best = _node(FRONTIER_, m0, m1, m2, seat, b0, b1, b2, moves, zero, ply, alpha, beta, best_code, base, path,
                         cfg, ctr, table, killers, history)
            best_code = ctr[BEST_MOVE]
            table[slot] = (depth, best, _bound(best, alpha, beta), best_code)
            return best
        root, seats = cfg[ROOT], cfg[SEATS]
        maximising = seat == root
        codes = np.empty(MAX_MOVES, np.int64)
        boards = np.empty((MAX_MOVES, 3), np.int64)
        winners = np.empty(MAX_MOVES, np.int64)
        n = children(m0, m1, m2, seat, b0, b1, b2, cfg, ctr, codes, boards, winners)
        nxt = (seat + 1) % seats
        if n == 0:  # U14: a pass keeps the ban
            return _node(AFTER_, m0, m1, m2, nxt, b0, b1, b2, moves + 1, depth - 1, ply + 1, alpha, beta, zero, base,
                         path, cfg, ctr, table, killers, history)
        for i in range(n):  # a win ends the game: take it at once
            if winners[i] == seat:
                score = WIN - ply
                return score if maximising else -score
        killer = killers[ply]
        sign = 1 if maximising else -1
        static = False
        if depth >= 3:  # near the root, where nodes are few, the static score of each child orders them best
            for i in range(n):
                if winners[i] < 0:
                    static = True
        order = np.arange(n)
        keys = np.empty(n, np.int64)
        for i in range(n):
            code = codes[i]
            if winners[i] >= 0:
                keys[i] = -(10**9)  # hands a square to another seat: last
            elif code == best_code:
                keys[i] = 10**9
            elif code == killer:
                keys[i] = 10**8
            elif static:
                keys[i] = sign * judge(boards[i, 0], boards[i, 1], boards[i, 2], nxt, cfg)[0]
            else:
                keys[i] = history[code]
        _sort_down(order, keys, n)
        original_alpha, original_beta = alpha, beta
        best = -WIN * 2 if maximising else WIN * 2
        best_move = -1
        for index in range(n):
            i = order[index]
            code, winner = codes[i], winners[i]
            a0, a1, a2 = boards[i, 0], boards[i, 1], boards[i, 2]
            if winner >= 0:  # another seat's square: they win (U15)
                score = WIN - ply - 1
                score = score if winner == root else -score
            else:
                if code == PASS:
                    n0, n1, n2 = b0, b1, b2
                elif code >= 54 and cfg[NO_UNDO]:
                    n0, n1, n2 = m0, m1, m2
                else:
                    n0, n1, n2 = no_ban, no_ban, no_ban
                fresh = 1 if code < 54 else 0
                if index == 0:
                    score = _node(AFTER_, a0, a1, a2, nxt, n0, n1, n2, moves + 1, depth - 1, ply + 1, alpha, beta,
                                  fresh, base, path, cfg, ctr, table, killers, history)
                else:  # principal variation search: prove the move no better with a null window first
                    if maximising:
                        low, high = alpha, alpha + 1
                    else:
                        low, high = beta - 1, beta
                    score = _node(AFTER_, a0, a1, a2, nxt, n0, n1, n2, moves + 1, depth - 1, ply + 1, low, high, fresh,
                                  base, path, cfg, ctr, table, killers, history)
                    if alpha < score < beta:
                        score = _node(AFTER_, a0, a1, a2, nxt, n0, n1, n2, moves + 1, depth - 1, ply + 1, alpha, beta,
                                      fresh, base, path, cfg, ctr, table, killers, history)
            if maximising:
                if score > best:
                    best, best_move = score, code
                alpha = max(alpha, score)
            else:
                if score < best:
                    best, best_move = score, code
                beta = min(beta, score)
            if alpha >= beta:
                killers[ply] = code
                history[code] += depth * depth
                break
        table[slot] = (depth, best, _bound(best, original_alpha, original_beta), best_move)
        return best
    # FRONTIER: one ply above the leaves, moves made one at a time in history order
    root, seats = cfg[ROOT], cfg[SEATS]
    maximising = seat == root
    mine = m0 if seat == 0 else m1 if seat == 1 else m2
    in_hand = popcount(mine) < BALLS
    if in_hand and threat_cells(m0, m1, m2, seat):  # an insert into the empty fourth cell wins (U10)
        score = WIN - ply - 1
        ctr[BEST_MOVE] = -1
        return score if maximising else -score
    inserts = np.empty(54, np.int64)
    full = np.empty(54, np.int64)
    n_inserts, n_full = move_holes(m0 | m1 | m2, inserts, full)
    if not in_hand:
        n_inserts = 0
    n = n_inserts + n_full
    nxt = (seat + 1) % seats
    if n == 0:
        score = _node(AFTER_, m0, m1, m2, nxt, b0, b1, b2, moves + 1, zero, ply + 1, alpha, beta, zero, base, path, cfg,
                      ctr, table, killers, history)
        ctr[BEST_MOVE] = -1
        return score
    codes = np.empty(n, np.int64)
    keys = np.empty(n, np.int64)
    for i in range(n_inserts):
        codes[i] = inserts[i]
    for i in range(n_full):
        codes[n_inserts + i] = 54 + full[i]
    for i in range(n):
        keys[i] = history[codes[i]]
    _sort_down(codes, keys, n)
    killer = killers[ply]
    for first in (killer, flag):  # the table's move first, then the killer
        if first >= 0:
            for i in range(n):
                if codes[i] == first:
                    for j in range(i, 0, -1):
                        codes[j] = codes[j - 1]
                    codes[0] = first
                    break
    best = -WIN * 2 if maximising else WIN * 2
    best_move, moved = -1, False
    for i in range(n):
        code = codes[i]
        if code < 54:
            a0, a1, a2 = insert(m0, m1, m2, seat, code)
            n0 = n1 = n2 = no_ban
        else:
            hole = code - 54
            if not cfg[ALLOW_NULL] and null_line(m0, m1, m2, hole):
                continue
            a0, a1, a2 = shift(m0, m1, m2, hole)
            if a0 == b0 and a1 == b1 and a2 == b2:
                continue
            if cfg[NO_UNDO]:
                n0, n1, n2 = m0, m1, m2
            else:
                n0 = n1 = n2 = no_ban
        moved = True
        winner = winner_after(m0, m1, m2, a0, a1, a2, seats, seat)
        if winner >= 0:
            score = WIN - ply - 1
            score = score if winner == root else -score
        else:
            score = _node(AFTER_, a0, a1, a2, nxt, n0, n1, n2, moves + 1, zero, ply + 1, alpha, beta,
                          1 if code < 54 else 0, base, path, cfg, ctr, table, killers, history)
        if maximising:
            if score > best:
                best, best_move = score, code
            alpha = max(alpha, score)
        else:
            if score < best:
                best, best_move = score, code
            beta = min(beta, score)
        if alpha >= beta:
            killers[ply] = code
            history[code] += 1
            break
    if not moved:  # every shift was barred: U14's pass
        score = _node(AFTER_, m0, m1, m2, nxt, b0, b1, b2, moves + 1, zero, ply + 1, alpha, beta, zero, base, path, cfg,
                      ctr, table, killers, history)
        ctr[BEST_MOVE] = -1
        return score
    ctr[BEST_MOVE] = best_move
    return best


@njit(cache=True)
def _keep_last_iteration(scores: np.ndarray, found: np.ndarray, done: np.ndarray, order: np.ndarray) -> None:
    """:func:`..expert.keep_last_iteration`: after an iteration cut short, the last finished one's
    scores stand, but for the moves the cut one proved won or lost and the move it found better than
    the previous best (``order[0]``, searched first; ties go to the first searched)."""
    n = len(scores)
    for i in range(n):
        if done[i] and abs(found[i]) >= WIN - 100:
            scores[i] = found[i]
    lead = order[0]
    if not done[lead]:
        return
    top = -1
    for index in range(n):
        i = order[index]
        if done[i] and found[i] > found[lead] and (top < 0 or found[i] > found[top]):
            top = i
    if top >= 0 and abs(found[top]) < WIN - 100:
        scores[top] = scores.max() + 1


@njit(cache=True)
def root_scores(boards: np.ndarray, winners: np.ndarray, repeated: np.ndarray, fresh: np.ndarray, bans: np.ndarray,
                seen_keys: np.ndarray, moves: int, max_depth: int, noise: bool, cfg: np.ndarray) -> np.ndarray:
    """:meth:`..expert.CubulusExpert.root_scores` from the root's children (in the legal actions'
    order): each one's score from the deepest finished iteration."""
    n = len(winners)
    nxt = (cfg[ROOT] + 1) % cfg[SEATS]
    ctr = np.zeros(5, np.int64)
    ctr[NEXT_CHECK] = CHECK_EVERY
    table = Dict.empty(key_type=_KEY, value_type=_KEY)
    killers = np.full(256, -1, np.int64)
    history = np.zeros(PASS + 1, np.int64)
    path = np.empty((len(seen_keys) + PATH_ROOM, 2), np.int64)  # the game's positions since the last insert
    path[: len(seen_keys)] = seen_keys
    ctr[TOP] = len(seen_keys)
    scores = np.zeros(n, np.int64)
    order = np.arange(n)
    for depth in range(1, max_depth + 1):
        found = np.zeros(n, np.int64)
        done = np.zeros(n, np.bool_)
        alpha = window = -WIN * 2
        finished = True
        try:
            for index in range(n):
                i = order[index]
                if winners[i] >= 0:
                    score = -(WIN - 1)  # U15: a square made for another seat is theirs
                elif repeated[i]:
                    score = 0  # U16: the third occurrence draws at once
                else:
                    score = _node(_int64(AFTER), boards[i, 0], boards[i, 1], boards[i, 2], nxt, bans[i, 0],
                                  bans[i, 1], bans[i, 2], moves + 1, depth - 1, _int64(1), window, _int64(WIN * 2),
                                  _int64(fresh[i]), _int64(0), path, cfg, ctr, table, killers, history)
                found[i] = score
                done[i] = True
                alpha = max(alpha, score)
                window = -WIN * 2 if noise else alpha - 1  # easy wants every score exact
        except Exception:
            finished = False
        if not finished:
            if depth == 1:  # not even one ply finished: judge the rest statically
                for i in range(n):
                    if not done[i]:
                        found[i] = -(WIN - 1) if winners[i] >= 0 else judge(
                            boards[i, 0], boards[i, 1], boards[i, 2], nxt, cfg)[0]
                return found
            _keep_last_iteration(scores, found, done, order)
            break
        scores = found
        keys = np.empty(n, np.int64)
        for index in range(n):
            keys[index] = scores[order[index]]
        _sort_down(order, keys, n)
        if scores.max() >= WIN - 100 or scores.max() <= -(WIN - 100):
            break  # a forced result: deeper search changes nothing
    return scores


def compiled_root_scores(state: CubulusState, legal: Sequence[CubulusAction], max_depth: int, max_nodes: int,
                         noise: bool, extend: bool) -> dict[CubulusAction, int]:
    """:meth:`..expert.CubulusExpert.root_scores` for a work budget, compiled (no move wins at once)."""
    game, seat, board = state.game, state.to_move, state.board
    n = len(legal)
    boards = np.empty((n, 3), np.int64)
    bans = np.full((n, 3), NO_BAN, np.int64)
    winners = np.full(n, -1, np.int64)
    repeated = np.zeros(n, np.bool_)
    fresh = np.zeros(n, np.bool_)
    nxt = (seat + 1) % game.num_players
    for i, action in enumerate(legal):
        if isinstance(action, Pass):
            after, ban = board, state.banned
        else:
            code = code_of(action)
            hole = code % 54
            after = board_insert(board, seat, hole) if code < 54 else board_shift(board, hole)
            winners[i] = py_winner_after(board, after, game.num_players, seat)
            ban = board if isinstance(action, Shift) and game.no_undo else None
        boards[i] = after
        if ban is not None:
            bans[i] = ban
        fresh[i] = isinstance(action, Insert)
        repeated[i] = bool(state.repeated) and position_key(after, nxt) in state.repeated
    seen = np.array([_split_key(key) for key in state.seen], np.int64).reshape(-1, 2)
    cfg = np.array([game.num_players, game.allow_null_shift, game.no_undo, game.move_cap, seat, max_nodes, extend],
                   np.int64)
    scores = root_scores(boards, winners, repeated, fresh, bans, seen, state.moves, max_depth, noise, cfg)
    return {action: int(score) for action, score in zip(legal, scores, strict=True)}


def _split_key(key: int) -> tuple[int, int]:
    """:func:`..board.position_key` as the pair this module keys positions by."""
    mask = (1 << 27) - 1
    return key & (1 << 54) - 1, (key >> 54 & mask) | (key >> 81) << 27
