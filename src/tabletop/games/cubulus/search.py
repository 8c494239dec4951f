"""The expert's alpha-beta search over the masks, written once: Python without Numba, machine code with it.

A node is a board, the seat to move, the board the next move may not recreate (U12) and the moves made
(U16's cap). Children come from :func:`.kernel.children`: the inserts worth making (U10), the shifts of
full lines that change something (U11) and do not undo the last shift (U12), or a pass (U14); each with
the seat it makes win (U15: a square made for another seat wins for them first). A position met before
on the line, or in the game's history, since the last insert scores as a draw (U16's repetition, read
cautiously); positions since the last insert all hold the same cells, so each is one int
(:func:`.kernel.window_key`), kept on a stack (``path[base:top]``) rather than in a set.

Search is iterative-deepening alpha-beta under a budget of work with a transposition table, principal
variation search, and moves ordered by the table's best move, then near the root by their static score
and deeper by killer and history tables; one ply above the leaves moves are made one at a time in history
order, so a cut-off spares making the rest. With two players it is minimax; with three, *paranoid*: the
other two seats play against the deciding one. Leaves are scored by :mod:`.evaluation` — square weights
and threat cells — and a side to move holding a threat cell and a ball scores as the win it is; a horizon
where another seat holds one is searched a ply further, once per line, to see whether the threat can be
met. Work counts positions visited, plus one per eight moves generated, never seconds, so the same
position and budget give the same scores on any machine, compiled or not.

The functions are kernels (:mod:`tabletop.core.compiling`): the search's state — the table, killer and
history tables, the work counter — is passed as arguments, not held by a class, and the four mutually
recursive steps (the value after a move, a node, a leaf, the frontier) are one function :func:`_node`,
since Numba caches a function that calls itself but not a cycle of several.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from tabletop.core.compiling import kernel, zeros
from tabletop.games.cubulus.evaluation import face_patterns, face_terms, threat_cells, threat_value
from tabletop.games.cubulus.kernel import (
    HOLE_COUNT,
    MAX_MOVES,
    PASS_CODE,
    banned_after,
    board_at,
    children,
    in_hand,
    move_codes,
    play,
    window_key,
    winner_after,
)

if TYPE_CHECKING:
    from tabletop.games.cubulus.board import Board

WIN: Final = 1_000_000
"""The score of a won position (less the plies it takes, so quicker wins score higher)."""
TEMPO: Final = 15
"""What having the move is worth to a leaf's score."""
CHECK_EVERY: Final = 256
"""Positions between two looks at the budget."""
EXACT, LOWER, UPPER = 0, 1, 2
"""What a stored score is: the value, or a bound from below or above."""
SEATS, ALLOW_NULL, NO_UNDO, MOVE_CAP, ROOT, MAX_NODES, EXTEND = range(7)
"""The fields of the configuration tuple ``cfg``."""
NODES, NEXT_CHECK, EXTENDING, BEST_MOVE, TOP = range(5)
"""The fields of the counters list ``ctr``: work done, the next look at the budget, whether the line is
extended, the frontier's best move, the top of the stack of positions."""
AFTER, VALUE, LEAF, FRONTIER = range(4)
"""What :func:`_node` computes: the value after a move, a node's value, a leaf's, the frontier's."""
LEAF_SLOTS: Final = 1 << 12
"""Positions :func:`_judged` remembers at once."""
PATH_ROOM: Final = 256
"""Room for the positions of one line of play beyond the game's own (a line is never 256 plies)."""
NO_ENTRY: Final = (-1, -1, -1, -1)
"""A table key no position has: the table is made with it, which gives Numba its types."""


class OutOfBudget(Exception):
    """The work budget ran out mid-iteration: the last finished iteration stands."""


@kernel
def _count(cfg: tuple[int, ...], ctr: list[int]) -> None:
    """One position visited; every :data:`CHECK_EVERY`, stop once the budget is spent."""
    ctr[NODES] += 1
    if ctr[NODES] >= ctr[NEXT_CHECK]:
        ctr[NEXT_CHECK] += CHECK_EVERY
        if ctr[NODES] >= cfg[MAX_NODES]:
            raise OutOfBudget()


@kernel
def met(path: list[int], base: int, top: int, key: int) -> bool:
    """The position was met since the last insert: it is in ``path[base:top]`` (a short stretch)."""
    for i in range(base, top):  # noqa: SIM110 (a loop compiles; any() over a generator does not)
        if path[i] == key:
            return True
    return False


@kernel
def judge(board: Board, seat: int, cfg: tuple[int, ...]) -> tuple[int, bool]:
    """The static score for the root seat with ``seat`` to move, and whether another seat threatens to win
    on its next insert (a position too sharp to judge statically)."""
    seats, root = cfg[SEATS], cfg[ROOT]
    faces = (face_patterns(board[0]), face_patterns(board[1]), face_patterns(board[2]))
    mine = others = -(1 << 40)  # the root seat's value, and the best of the others'
    win_now = threatened = False
    for colour in range(seats):  # the other balls' patterns are the other two colours' together
        one, two = faces[(colour + 1) % 3], faces[(colour + 2) % 3]
        value, threats = face_terms(faces[colour], (one[0] | two[0], one[1] | two[1], one[2] | two[2],
                                                    one[3] | two[3], one[4] | two[4], one[5] | two[5]))
        if threats and in_hand(board, colour):
            if colour == seat:
                win_now = True  # an insert into the empty fourth cell wins (U10, U15)
            else:
                threatened = True
            value += threat_value(threats)
        if colour == root:
            mine = value
        elif value > others:
            others = value
    if win_now:
        return (WIN - 1 if seat == root else -(WIN - 1)), False
    return mine - others + (TEMPO if seat == root else -TEMPO), threatened


@kernel
def _judged(board: Board, seat: int, cfg: tuple[int, ...], leaves: list[int]) -> tuple[int, bool]:
    """:func:`judge`, remembered in ``leaves``: a table of :data:`LEAF_SLOTS` positions, each in the slot its
    masks hash to (a later one takes it over), with its score and threat (a position is judged again and
    again over the iterations; as Python, looking it up costs a tenth of judging it)."""
    slot = ((board[0] * 0x9E3779B1 ^ board[1] * 0x85EBCA77 ^ board[2] * 0xC2B2AE3D ^ seat) >> 8) & (LEAF_SLOTS - 1)
    at = 5 * slot
    if (leaves[at] == board[0] and leaves[at + 1] == board[1] and leaves[at + 2] == board[2]
            and leaves[at + 3] == seat + 1):
        value = leaves[at + 4]
        return value >> 1, value & 1 == 1
    score, threatened = judge(board, seat, cfg)
    leaves[at], leaves[at + 1], leaves[at + 2], leaves[at + 3] = board[0], board[1], board[2], seat + 1
    leaves[at + 4] = score * 2 + (1 if threatened else 0)
    return score, threatened


@kernel
def _table_key(board: Board, seat: int, banned: Board) -> tuple[int, int, int, int]:
    """The transposition table's key of a node: the board, the seat to move and the banned board."""
    if banned[0] < 0:
        return board[0] | board[1] << 27, board[2] | seat << 27, 0, 0
    return board[0] | board[1] << 27, board[2] | seat << 27 | 1 << 29, banned[0] | banned[1] << 27, banned[2]


@kernel
def sort_down(items: list[int], keys: list[int], n: int) -> None:
    """Sort ``items[:n]`` by ``keys`` (parallel), greatest first, ties kept in order (a stable sort)."""
    for i in range(1, n):
        item, key = items[i], keys[i]
        j = i - 1
        while j >= 0 and keys[j] < key:
            items[j + 1], keys[j + 1] = items[j], keys[j]
            j -= 1
        items[j + 1], keys[j + 1] = item, key


@kernel
def _bound(best: int, alpha: int, beta: int) -> int:
    """What ``best``, found within (``alpha``, ``beta``), is: exact or a bound."""
    if best <= alpha:
        return UPPER
    if best >= beta:
        return LOWER
    return EXACT


@kernel
def _taken(maximising: bool, score: int, code: int, best: int, best_move: int, alpha: int,
           beta: int) -> tuple[int, int, int, int]:
    """A move's ``score`` taken in by the side to move: the best score and move so far, and the window
    (``alpha``, ``beta``) narrowed from its side."""
    if maximising:
        if score > best:
            best, best_move = score, code
        return best, best_move, max(alpha, score), beta
    if score < best:
        best, best_move = score, code
    return best, best_move, alpha, min(beta, score)


@kernel
def _node(mode: int, board: Board, seat: int, banned: Board, moves: int, depth: int, ply: int, alpha: int,
          beta: int, flag: int, base: int, path: list[int], cfg: tuple[int, ...], ctr: list[int],
          table: dict[tuple[int, int, int, int], tuple[int, int, int, int]], killers: list[int],
          history: list[int], leaves: list[int]) -> int:
    """The score for the root seat of one of the search's four steps, chosen by ``mode`` (see the module
    doc); ``frontier`` leaves its best move in ``ctr[BEST_MOVE]``. ``flag`` is ``after``'s "the move was an
    insert" and ``frontier``'s move to try first; ``path[base:top]`` are the positions since the last insert."""
    if mode == AFTER:  # the value of the position a move led to, with U16's draws
        if moves >= cfg[MOVE_CAP]:
            return 0
        key = window_key(board, seat)
        top = ctr[TOP]
        if not flag and met(path, base, top, key):
            return 0
        if depth <= 0:
            return _node(LEAF, board, seat, banned, moves, 0, ply, alpha, beta, 0, base, path, cfg, ctr, table,
                         killers, history, leaves)
        path[top] = key
        ctr[TOP] = top + 1
        # an insert: the history since the last insert starts afresh, with this position
        found = _node(VALUE, board, seat, banned, moves, depth, ply, alpha, beta, 0, top if flag else base, path,
                      cfg, ctr, table, killers, history, leaves)
        ctr[TOP] = top
        return found
    if mode == LEAF:  # judged, and searched one ply more when another seat threatens
        _count(cfg, ctr)
        score, threatened = _judged(board, seat, cfg, leaves)
        if not threatened or ctr[EXTENDING] or not cfg[EXTEND]:
            return score
        ctr[EXTENDING] = 1
        found = _node(FRONTIER, board, seat, banned, moves, 0, ply, alpha, beta, -1, base, path, cfg, ctr, table,
                      killers, history, leaves)
        ctr[EXTENDING] = 0
        return found
    root, seats = cfg[ROOT], cfg[SEATS]
    maximising = seat == root
    nxt = (seat + 1) % seats
    if mode == VALUE:  # minimax (paranoid with three) for the root seat within (alpha, beta)
        _count(cfg, ctr)
        if depth <= 0:
            return _judged(board, seat, cfg, leaves)[0]
        slot = _table_key(board, seat, banned)
        best_code = -1
        if slot in table:
            stored_depth, stored, bound, best_code = table[slot]
            if stored_depth >= depth and (bound == EXACT or (bound == LOWER and stored >= beta)
                                          or (bound == UPPER and stored <= alpha)):
                return stored
        if depth == 1:
            best = _node(FRONTIER, board, seat, banned, moves, 0, ply, alpha, beta, best_code, base, path, cfg, ctr,
                         table, killers, history, leaves)
            table[slot] = (depth, best, _bound(best, alpha, beta), ctr[BEST_MOVE])
            return best
        codes = zeros(MAX_MOVES)
        boards = zeros(3 * MAX_MOVES)
        winners = zeros(MAX_MOVES)
        n = children(board, seat, banned, seats, cfg[ALLOW_NULL] == 1, codes, boards, winners)
        ctr[NODES] += n >> 3
        if n == 0:  # U14: a pass keeps the ban
            return _node(AFTER, board, nxt, banned, moves + 1, depth - 1, ply + 1, alpha, beta, 0, base, path, cfg,
                         ctr, table, killers, history, leaves)
        for i in range(n):  # a win ends the game: take it at once
            if winners[i] == seat:
                return WIN - ply if maximising else -(WIN - ply)
        killer = killers[ply]
        sign = 1 if maximising else -1
        static = False
        if depth >= 3:  # near the root, where nodes are few, the static score of each child orders them best
            for i in range(n):
                if winners[i] < 0:
                    static = True
        order = zeros(n)
        keys = zeros(n)
        for i in range(n):
            order[i] = i
            code = codes[i]
            if winners[i] >= 0:
                keys[i] = -(10**9)  # hands a square to another seat: last
            elif code == best_code:
                keys[i] = 10**9
            elif code == killer:
                keys[i] = 10**8
            elif static:
                keys[i] = sign * _judged(board_at(boards, i), nxt, cfg, leaves)[0]
            else:
                keys[i] = history[code]
        sort_down(order, keys, n)
        original_alpha, original_beta = alpha, beta
        best = -WIN * 2 if maximising else WIN * 2
        best_move = -1
        for index in range(n):
            i = order[index]
            code, winner, after = codes[i], winners[i], board_at(boards, i)
            if winner >= 0:  # another seat's square: they win (U15)
                score = WIN - ply - 1 if winner == root else -(WIN - ply - 1)
            else:
                ban = banned_after(code, board, banned, cfg[NO_UNDO] == 1)
                fresh = 1 if code < HOLE_COUNT else 0
                if index == 0:
                    score = _node(AFTER, after, nxt, ban, moves + 1, depth - 1, ply + 1, alpha, beta, fresh, base,
                                  path, cfg, ctr, table, killers, history, leaves)
                else:  # principal variation search: prove the move no better with a null window first
                    low, high = (alpha, alpha + 1) if maximising else (beta - 1, beta)
                    score = _node(AFTER, after, nxt, ban, moves + 1, depth - 1, ply + 1, low, high, fresh, base,
                                  path, cfg, ctr, table, killers, history, leaves)
                    if alpha < score < beta:
                        score = _node(AFTER, after, nxt, ban, moves + 1, depth - 1, ply + 1, alpha, beta, fresh,
                                      base, path, cfg, ctr, table, killers, history, leaves)
            best, best_move, alpha, beta = _taken(maximising, score, code, best, best_move, alpha, beta)
            if alpha >= beta:
                killers[ply] = code
                history[code] += depth * depth
                break
        table[slot] = (depth, best, _bound(best, original_alpha, original_beta), best_move)
        return best
    # FRONTIER: one ply above the leaves, the moves made one at a time in history order
    holding = in_hand(board, seat)
    if holding and threat_cells(board, seat):  # an insert into the empty fourth cell wins (U10)
        ctr[BEST_MOVE] = -1
        return WIN - ply - 1 if maximising else -(WIN - ply - 1)
    codes = zeros(MAX_MOVES)
    n = move_codes(board, seat, banned, cfg[ALLOW_NULL] == 1, codes)
    if n == 0:  # U14: a pass keeps the ban
        score = _node(AFTER, board, nxt, banned, moves + 1, 0, ply + 1, alpha, beta, 0, base, path, cfg, ctr, table,
                      killers, history, leaves)
        ctr[BEST_MOVE] = -1
        return score
    keys = zeros(n)
    for i in range(n):
        keys[i] = history[codes[i]]
    sort_down(codes, keys, n)
    for first in (killers[ply], flag):  # the table's move first, then the killer
        if first >= 0:
            for i in range(n):
                if codes[i] == first:
                    for j in range(i, 0, -1):
                        codes[j] = codes[j - 1]
                    codes[0] = first
                    break
    best = -WIN * 2 if maximising else WIN * 2
    best_move = -1
    for i in range(n):
        code = codes[i]
        after = play(board, seat, code)
        winner = winner_after(board, after, seats, seat, code % HOLE_COUNT)
        if winner >= 0:
            score = WIN - ply - 1 if winner == root else -(WIN - ply - 1)
        else:
            score = _node(AFTER, after, nxt, banned_after(code, board, banned, cfg[NO_UNDO] == 1), moves + 1, 0,
                          ply + 1, alpha, beta, 1 if code < HOLE_COUNT else 0, base, path, cfg, ctr, table, killers,
                          history, leaves)
        best, best_move, alpha, beta = _taken(maximising, score, code, best, best_move, alpha, beta)
        if alpha >= beta:
            killers[ply] = code
            history[code] += 1
            break
    ctr[BEST_MOVE] = best_move
    return best


@kernel
def keep_last_iteration(scores: list[int], found: list[int], done: list[int], order: list[int]) -> None:
    """An iteration the budget cut short: the last finished one's ``scores`` stand, since a score from one
    depth is no measure of a score from another (the side to move at the leaves alternates, and the tempo and
    the threats with it). What the cut iteration settled (``found`` where ``done``) is kept: a move it proved
    won or lost scores so, and a move it found better than the previous best ``order[0]`` (searched first,
    with the full window; ties to the first searched) goes to the top."""
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
        scores[top] = _highest(scores) + 1


@kernel
def _highest(scores: list[int]) -> int:
    """The highest of (one or more) scores."""
    highest = scores[0]
    for score in scores:
        highest = max(highest, score)
    return highest


@kernel
def root_scores(afters: Sequence[int], bans: Sequence[int], winners: Sequence[int], fresh: Sequence[int],
                repeated: Sequence[int], seen: Sequence[int], moves: int, max_depth: int, noise: bool,
                cfg: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """Each root move's score for the root seat, from the deepest iteration the budget finished, and the order
    that iteration searched the moves in (best first by the iteration before; easy draws its noise in it).

    The root's moves come in the legal actions' order, none winning at once: move i leads to the board
    ``afters[3i:3i + 3]`` with the banned board ``bans[3i:3i + 3]`` (U12), makes seat ``winners[i]`` win (or
    −1), is an insert if ``fresh[i]`` and repeats a position a third time (U16) if ``repeated[i]``; ``seen``
    are the window keys of the game's positions since the last insert. With ``noise`` (easy) every score is
    searched exact, not with a null window.

    Raises:
        RuntimeError: when the search fails other than by spending its budget (a fault, never a result).
    """
    n = len(winners)
    nxt = (cfg[ROOT] + 1) % cfg[SEATS]
    ctr = zeros(5)
    ctr[NEXT_CHECK], ctr[BEST_MOVE], ctr[TOP] = CHECK_EVERY, -1, len(seen)
    table = {NO_ENTRY: NO_ENTRY}
    leaves = zeros(5 * LEAF_SLOTS)
    killers = zeros(256)
    for ply in range(256):
        killers[ply] = -1
    history = zeros(PASS_CODE + 1)
    path = zeros(len(seen) + PATH_ROOM)  # the game's positions since the last insert, then the line's
    for i in range(len(seen)):
        path[i] = seen[i]
    scores, order, searched = zeros(n), zeros(n), zeros(n)
    for i in range(n):
        order[i] = searched[i] = i
    for depth in range(1, max_depth + 1):
        found = zeros(n)
        done = zeros(n)
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
                    score = _node(AFTER, (afters[3 * i], afters[3 * i + 1], afters[3 * i + 2]), nxt,
                                  (bans[3 * i], bans[3 * i + 1], bans[3 * i + 2]), moves + 1, depth - 1, 1, window,
                                  WIN * 2, fresh[i], 0, path, cfg, ctr, table, killers, history, leaves)
                found[i] = score
                done[i] = 1
                alpha = max(alpha, score)
                window = -WIN * 2 if noise else alpha - 1  # easy wants every score exact
        except Exception:  # Numba catches no narrower class than Exception
            finished = False
        if not finished:
            if ctr[NODES] < cfg[MAX_NODES]:
                raise RuntimeError("the Cubulus search failed before its budget was spent")
            if depth == 1:  # not even one ply finished: judge the rest statically
                for i in range(n):
                    if not done[i]:
                        found[i] = -(WIN - 1) if winners[i] >= 0 else judge(
                            (afters[3 * i], afters[3 * i + 1], afters[3 * i + 2]), nxt, cfg)[0]
                return found, order
            keep_last_iteration(scores, found, done, order)
            break
        scores = found
        keys = zeros(n)
        for index in range(n):
            searched[index] = order[index]
            keys[index] = scores[order[index]]
        sort_down(order, keys, n)
        if _highest(scores) >= WIN - 100 or _highest(scores) <= -(WIN - 100):
            break  # a forced result: deeper search changes nothing
    return scores, searched
