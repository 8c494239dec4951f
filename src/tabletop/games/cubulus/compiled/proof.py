"""Proof-number search compiled: a line-for-line port of :mod:`..proof_numbers` to Numba.

It must stay in step with :mod:`..proof_numbers` and the rule helpers of :class:`..solver.Prover` it uses
(``children``, ``first_win``, ``_ban``): it makes the same nodes in the same order, picks the same
most-proving node (the first of equal children, as Python's ``min`` does) and counts the same work, so
:func:`proved_outcome` and :func:`proved_loss` return exactly what the Python functions return for every
position and budget (``tests/games/cubulus/test_compiled_proof.py`` compares them).

The tree is one int64 table, a row per node and a column per field of :class:`..proof_numbers.Node`;
a node's children are made at once, so they are the rows ``FIRST .. FIRST + COUNT``. A board is three
masks, and a banned board with first mask :data:`.kernel.NO_BAN` is none. The table grows (in Python,
between calls) when an expansion might not fit, so a large budget costs memory only when it is used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import numpy as np
from numba import njit

from tabletop.games.cubulus.compiled.kernel import (
    BALLS,
    ENTRY_A,
    N_HOLES,
    NO_BAN,
    PASS,
    insert,
    move_holes,
    null_line,
    popcount,
    shift,
    threat_cells,
    winner_after,
)
from tabletop.games.cubulus.phases import Phase
from tabletop.games.cubulus.proof_numbers import INFINITE
from tabletop.games.cubulus.solver import Outcome, Result, action_of

if TYPE_CHECKING:
    from tabletop.games.cubulus.state import CubulusState

# the columns of the tree: Node's fields (the board and the banned board as three masks each)
PARENT, CODE, M0, M1, M2, SEAT, BAN0, BAN1, BAN2, MOVES, DEPTH, PROOF, DISPROOF, PLIES, FIRST, COUNT = range(16)
FIELDS: Final = 16
"""``COUNT`` is −1 while a node is unexpanded (``children is None``), 0 when it has no threat to make."""
# the rules of one search, as an int64 array (Prover's options and the search's own)
SEATS, ATTACKERS, ALLOW_NULL, NO_UNDO, CAP, REPETITION, THREATS_ONLY = range(7)
MAX_CHILDREN: Final = 2 * N_HOLES + 1
"""More than one expansion can add (54 inserts and 54 shifts at most, or a pass)."""
_MASK: Final = (1 << 27) - 1


@njit(cache=True)
def _children(m0: int, m1: int, m2: int, seat: int, b0: int, b1: int, b2: int, rules: np.ndarray,
              out: np.ndarray, holes: np.ndarray) -> int:
    """:meth:`..solver.Prover.children` into ``out`` as rows ``(code, a0, a1, a2, winner)``; how many."""
    seats = rules[SEATS]
    occupied = m0 | m1 | m2
    n_inserts, n_full = move_holes(occupied, holes[0], holes[1])
    n = 0
    mine = m0 if seat == 0 else m1 if seat == 1 else m2
    if n_inserts and popcount(mine) < BALLS:
        threats = threat_cells(m0, m1, m2, seat)
        for i in range(n_inserts):
            hole = holes[0, i]
            a0, a1, a2 = insert(m0, m1, m2, seat, hole)
            entry = ENTRY_A[hole]
            if occupied & entry:
                winner = winner_after(m0, m1, m2, a0, a1, a2, seats, seat)
            else:  # nothing pushed: only the mover gains a cell, and wins on a threat cell
                winner = seat if threats & entry else -1
            out[n, 0], out[n, 1], out[n, 2], out[n, 3], out[n, 4] = hole, a0, a1, a2, winner
            n += 1
    for i in range(n_full):
        hole = holes[1, i]
        if not rules[ALLOW_NULL] and null_line(m0, m1, m2, hole):
            continue
        a0, a1, a2 = shift(m0, m1, m2, hole)
        if a0 == b0 and a1 == b1 and a2 == b2:
            continue
        out[n, 0], out[n, 1], out[n, 2], out[n, 3] = 54 + hole, a0, a1, a2
        out[n, 4] = winner_after(m0, m1, m2, a0, a1, a2, seats, seat)
        n += 1
    if n == 0:
        out[0, 0], out[0, 1], out[0, 2], out[0, 3], out[0, 4] = PASS, m0, m1, m2, -1
        n = 1
    return n


@njit(cache=True)
def _first_win(m0: int, m1: int, m2: int, seat: int, b0: int, b1: int, b2: int, rules: np.ndarray,
               holes: np.ndarray) -> int:
    """:meth:`..solver.Prover.first_win`: the first move of :func:`_children`'s order after which an
    attacker has a square, or −1."""
    seats, attackers = rules[SEATS], rules[ATTACKERS]
    occupied = m0 | m1 | m2
    n_inserts, n_full = move_holes(occupied, holes[0], holes[1])
    mine = m0 if seat == 0 else m1 if seat == 1 else m2
    if n_inserts and popcount(mine) < BALLS:
        threats = threat_cells(m0, m1, m2, seat)
        for i in range(n_inserts):
            hole = holes[0, i]
            entry = ENTRY_A[hole]
            if occupied & entry:
                a0, a1, a2 = insert(m0, m1, m2, seat, hole)
                winner = winner_after(m0, m1, m2, a0, a1, a2, seats, seat)
                if winner >= 0 and attackers >> winner & 1:
                    return int(hole)
            elif threats & entry:  # nothing pushed: the mover's own square
                return int(hole)
    for i in range(n_full):
        hole = holes[1, i]
        if not rules[ALLOW_NULL] and null_line(m0, m1, m2, hole):
            continue
        a0, a1, a2 = shift(m0, m1, m2, hole)
        if not (a0 == b0 and a1 == b1 and a2 == b2):
            winner = winner_after(m0, m1, m2, a0, a1, a2, seats, seat)
            if winner >= 0 and attackers >> winner & 1:
                return int(54 + hole)
    return -1


@njit(cache=True)
def _settle(tree: np.ndarray, node: int, proved: bool, plies: int) -> None:
    """:meth:`..proof_numbers.Node.settle`."""
    if proved:
        tree[node, PROOF], tree[node, DISPROOF], tree[node, PLIES] = 0, INFINITE, plies
    else:
        tree[node, PROOF], tree[node, DISPROOF], tree[node, PLIES] = INFINITE, 0, 0


@njit(cache=True)
def _judge(tree: np.ndarray, node: int, rules: np.ndarray, scratch: np.ndarray, holes: np.ndarray) -> None:
    """:meth:`..proof_numbers.ProofNumberSearch._judge`: settle what one ply can tell."""
    attackers, seat, depth = rules[ATTACKERS], tree[node, SEAT], tree[node, DEPTH]
    m0, m1, m2 = tree[node, M0], tree[node, M1], tree[node, M2]
    b0, b1, b2 = tree[node, BAN0], tree[node, BAN1], tree[node, BAN2]
    if depth <= 0:
        _settle(tree, node, False, 0)
    elif attackers >> seat & 1:
        if _first_win(m0, m1, m2, seat, b0, b1, b2, rules, holes) >= 0:
            _settle(tree, node, True, 1)
        elif depth == 1:
            _settle(tree, node, False, 0)
    elif depth == 1:
        n = _children(m0, m1, m2, seat, b0, b1, b2, rules, scratch, holes)
        every = True
        for i in range(n):
            winner = scratch[i, 4]
            if not (winner >= 0 and attackers >> winner & 1):
                every = False
                break
        _settle(tree, node, every, 1)


@njit(cache=True)
def _met_before(tree: np.ndarray, node: int, a0: int, a1: int, a2: int, seat: int, seen: np.ndarray) -> bool:
    """Whether the position is in :meth:`..proof_numbers.ProofNumberSearch._history` of ``node``:
    on the way to it since the last insert, or in the game's history when that way reaches the root."""
    while True:
        if (tree[node, M0] == a0 and tree[node, M1] == a1 and tree[node, M2] == a2
                and tree[node, SEAT] == seat):
            return True
        if tree[node, PARENT] < 0 or tree[node, CODE] < 54:
            break
        node = tree[node, PARENT]
    if tree[node, PARENT] < 0:
        for i in range(seen.shape[0]):
            if seen[i, 0] == a0 and seen[i, 1] == a1 and seen[i, 2] == a2 and seen[i, 3] == seat:
                return True
    return False


@njit(cache=True)
def _expand(tree: np.ndarray, size: int, node: int, rules: np.ndarray, seen: np.ndarray, moves: np.ndarray,
            scratch: np.ndarray, holes: np.ndarray) -> int:
    """:meth:`..proof_numbers.ProofNumberSearch._expand`: make ``node``'s children as rows from
    ``size`` on (U10–U12, U14) and judge each (U15, U16, the plies left); the new size."""
    attackers = rules[ATTACKERS]
    seat, depth, made = tree[node, SEAT], tree[node, DEPTH], tree[node, MOVES]
    m0, m1, m2 = tree[node, M0], tree[node, M1], tree[node, M2]
    b0, b1, b2 = tree[node, BAN0], tree[node, BAN1], tree[node, BAN2]
    nxt = (seat + 1) % rules[SEATS]
    n = _children(m0, m1, m2, seat, b0, b1, b2, rules, moves, holes)
    if rules[THREATS_ONLY] and attackers >> seat & 1 and depth >= 3 and not attackers >> nxt & 1:
        kept = 0
        for i in range(n):
            winner = moves[i, 4]
            if ((winner >= 0 and attackers >> winner & 1)
                    or (winner < 0 and _first_win(moves[i, 1], moves[i, 2], moves[i, 3], seat, NO_BAN, 0, 0,
                                                  rules, holes) >= 0)):
                moves[kept] = moves[i]
                kept += 1
        n = kept
    tree[node, FIRST], tree[node, COUNT] = size, n
    for i in range(n):
        code, a0, a1, a2, winner = moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 3], moves[i, 4]
        child = size
        size += 1
        tree[child, PARENT], tree[child, CODE], tree[child, SEAT] = node, code, nxt
        tree[child, M0], tree[child, M1], tree[child, M2] = a0, a1, a2
        if code == PASS:  # Prover._ban: a pass keeps the ban, a shift bans the board before it (U12)
            tree[child, BAN0], tree[child, BAN1], tree[child, BAN2] = b0, b1, b2
        elif code >= 54 and rules[NO_UNDO]:
            tree[child, BAN0], tree[child, BAN1], tree[child, BAN2] = m0, m1, m2
        else:
            tree[child, BAN0], tree[child, BAN1], tree[child, BAN2] = NO_BAN, 0, 0
        tree[child, MOVES], tree[child, DEPTH] = made + 1, depth - 1
        tree[child, PROOF], tree[child, DISPROOF], tree[child, PLIES] = 1, 1, 0
        tree[child, FIRST], tree[child, COUNT] = -1, -1
        if winner >= 0:
            _settle(tree, child, attackers >> winner & 1 == 1, 0)
        elif made + 1 >= rules[CAP]:
            _settle(tree, child, False, 0)  # U16: the move cap draws
        elif code >= 54 and rules[REPETITION] and _met_before(tree, node, a0, a1, a2, nxt, seen):
            _settle(tree, child, False, 0)  # met before since the last insert: proves nothing (U16)
        else:
            _judge(tree, child, rules, scratch, holes)
    return size


@njit(cache=True)
def _most_proving(tree: np.ndarray, node: int, attackers: int) -> int:
    """:meth:`..proof_numbers.ProofNumberSearch._most_proving`; the first of equal children wins."""
    while tree[node, COUNT] > 0:
        field = PROOF if attackers >> tree[node, SEAT] & 1 else DISPROOF
        best = first = tree[node, FIRST]
        for child in range(first + 1, first + tree[node, COUNT]):
            if tree[child, field] < tree[best, field]:
                best = child
        node = best
    return node


@njit(cache=True)
def _update(tree: np.ndarray, node: int, attackers: int) -> int:
    """:meth:`..proof_numbers.ProofNumberSearch._update`: the numbers up from ``node`` while they change;
    the node to select from next."""
    while True:
        first, count = tree[node, FIRST], tree[node, COUNT]
        if count == 0:  # no threat to make: nothing is proved here
            proof, disproof, plies = INFINITE, 0, 0
        elif attackers >> tree[node, SEAT] & 1:
            proof, disproof, quickest = INFINITE, 0, -1
            for child in range(first, first + count):
                proof = min(proof, tree[child, PROOF])
                disproof += tree[child, DISPROOF]
                if tree[child, PROOF] == 0 and (quickest < 0 or tree[child, PLIES] < quickest):
                    quickest = tree[child, PLIES]
            disproof, plies = min(INFINITE, disproof), 1 + quickest
        else:
            proof, disproof, longest = 0, INFINITE, tree[first, PLIES]
            for child in range(first, first + count):
                proof += tree[child, PROOF]
                disproof = min(disproof, tree[child, DISPROOF])
                longest = max(longest, tree[child, PLIES])
            proof = min(INFINITE, proof)
            plies = 1 + longest if proof == 0 else 0
        changed = proof != tree[node, PROOF] or disproof != tree[node, DISPROOF]
        tree[node, PROOF], tree[node, DISPROOF], tree[node, PLIES] = proof, disproof, plies
        parent = tree[node, PARENT]
        if not changed or parent < 0:
            return int(node if parent < 0 or (proof != 0 and disproof != 0) else parent)
        node = parent


@njit(cache=True)
def _run(tree: np.ndarray, size: int, node: int, limit: int, rules: np.ndarray,
         seen: np.ndarray) -> tuple[int, int]:
    """The loop of :meth:`..proof_numbers.ProofNumberSearch.run` from ``node`` until the root is settled,
    ``limit`` nodes are made or the next expansion might not fit: the new size and the node reached."""
    moves = np.empty((MAX_CHILDREN, 5), dtype=np.int64)
    scratch = np.empty((MAX_CHILDREN, 5), dtype=np.int64)
    holes = np.empty((2, N_HOLES), dtype=np.int64)
    attackers = rules[ATTACKERS]
    while tree[0, PROOF] != 0 and tree[0, DISPROOF] != 0 and size - 1 < limit:
        if size + MAX_CHILDREN > tree.shape[0]:
            break
        node = _most_proving(tree, node, attackers)
        size = _expand(tree, size, node, rules, seen, moves, scratch, holes)
        node = _update(tree, node, attackers)
    return size, node


@njit(cache=True)
def _root(tree: np.ndarray, m0: int, m1: int, m2: int, seat: int, b0: int, b1: int, b2: int, moves: int,
          depth: int, rules: np.ndarray) -> None:
    """The root node (row 0), judged."""
    tree[0, PARENT], tree[0, CODE], tree[0, SEAT] = -1, -1, seat
    tree[0, M0], tree[0, M1], tree[0, M2] = m0, m1, m2
    tree[0, BAN0], tree[0, BAN1], tree[0, BAN2] = b0, b1, b2
    tree[0, MOVES], tree[0, DEPTH] = moves, depth
    tree[0, PROOF], tree[0, DISPROOF], tree[0, PLIES] = 1, 1, 0
    tree[0, FIRST], tree[0, COUNT] = -1, -1
    _judge(tree, 0, rules, np.empty((MAX_CHILDREN, 5), dtype=np.int64), np.empty((2, N_HOLES), dtype=np.int64))


@njit(cache=True)
def _line(tree: np.ndarray, rules: np.ndarray) -> np.ndarray:
    """:meth:`..proof_numbers.ProofNumberSearch.line` as move codes: the attackers' quickest proving
    moves and the defence's longest resistance (the first of equal children, as ``min`` and ``max``)."""
    attackers = rules[ATTACKERS]
    codes = np.empty(max(tree[0, DEPTH], 0) + 2, dtype=np.int64)
    n = 0
    node = 0
    while tree[node, COUNT] > 0:
        attacking = attackers >> tree[node, SEAT] & 1 == 1
        best = -1
        for child in range(tree[node, FIRST], tree[node, FIRST] + tree[node, COUNT]):
            if tree[child, PROOF] == 0 and (best < 0 or (tree[child, PLIES] < tree[best, PLIES] if attacking
                                                         else tree[child, PLIES] > tree[best, PLIES])):
                best = child
        if best < 0:
            break
        node = best
        codes[n] = tree[node, CODE]
        n += 1
    if tree[node, PLIES] == 1 and tree[node, PROOF] == 0 and tree[node, COUNT] < 0:  # settled by the one-ply test
        last = -1
        if attackers >> tree[node, SEAT] & 1:
            last = _first_win(tree[node, M0], tree[node, M1], tree[node, M2], tree[node, SEAT], tree[node, BAN0],
                              tree[node, BAN1], tree[node, BAN2], rules, np.empty((2, N_HOLES), dtype=np.int64))
        if last >= 0:
            codes[n] = last
            n += 1
    return codes[:n]


class _Search:
    """:class:`..proof_numbers.ProofNumberSearch` over the compiled tree: the same ``run``, ``proved``,
    ``settled``, ``nodes`` and ``line``."""

    def __init__(self, state: CubulusState, attackers: frozenset[int], max_plies: int, threats_only: bool,
                 capacity: int) -> None:
        game = state.game
        self.rules = np.array([game.num_players, sum(1 << seat for seat in attackers), game.allow_null_shift,
                               game.no_undo, game.move_cap, game.repetition_draw, threats_only], dtype=np.int64)
        keys = sorted(state.seen) if game.repetition_draw else []
        self.seen = np.array([(k & _MASK, k >> 27 & _MASK, k >> 54 & _MASK, k >> 81) for k in keys],
                             dtype=np.int64).reshape(len(keys), 4)
        self.tree = np.empty((capacity + MAX_CHILDREN + 1, FIELDS), dtype=np.int64)
        self.size = 1
        board, banned = state.board, state.banned or (NO_BAN, 0, 0)
        _root(self.tree, *board, state.to_move, *banned, state.moves, max_plies, self.rules)

    @property
    def nodes(self) -> int:
        """The positions made (the root is not counted)."""
        return self.size - 1

    @property
    def proved(self) -> bool:
        return bool(self.tree[0, PROOF] == 0)

    @property
    def settled(self) -> bool:
        return bool(self.tree[0, PROOF] == 0 or self.tree[0, DISPROOF] == 0)

    def run(self, max_nodes: int) -> bool:
        """Expand until the root is settled or ``max_nodes`` more are made, doubling the table whenever the
        next expansion might not fit; whether it is settled."""
        limit = self.nodes + max_nodes
        node = 0
        while True:
            self.size, node = _run(self.tree, self.size, node, limit, self.rules, self.seen)
            if self.settled or self.nodes >= limit:
                return self.settled
            self.tree = np.concatenate([self.tree, np.empty_like(self.tree)])

    def outcome(self, result: Result, nodes: int) -> Outcome:
        """The proved ``result`` with its line and length, ``nodes`` the work of every search."""
        line = tuple(action_of(int(code)) for code in _line(self.tree, self.rules))
        return Outcome(result, line, int(self.tree[0, PLIES]), nodes)


def _capacity(max_nodes: int) -> int:
    """The first table's rows: the budget, up to a size that costs little when unused."""
    return max(0, min(max_nodes, 1 << 14))


def proved_loss(state: CubulusState, seat: int, max_nodes: int, max_plies: int, threats_only: bool = True) -> Outcome:
    """:func:`..proof_numbers.proved_loss`, compiled: whether the seats other than ``seat`` force a win
    from ``state`` within ``max_plies``: ``loss`` (for ``seat``) with a line, or ``unknown``."""
    search = _Search(state, frozenset(range(state.game.num_players)) - {seat}, max_plies, threats_only,
                     _capacity(max_nodes))
    search.run(max_nodes)
    if search.proved:
        return search.outcome("loss", search.nodes)
    return Outcome("unknown", nodes=search.nodes)


def proved_outcome(state: CubulusState, max_nodes: int, max_plies: int, threats_only: bool = True) -> Outcome:
    """:func:`..proof_numbers.proved_outcome`, compiled: whether the seat to move forces a win, or the
    others its loss, within ``max_plies``; the two searches take turns, a thousand positions at a time.

    Raises:
        ValueError: when the position is not in play.
    """
    if state.phase is not Phase.PLAY:
        raise ValueError(f"proved_outcome needs a position in play, not the {state.phase.value} phase")
    seat = state.to_move
    capacity = _capacity(max_nodes)
    win = _Search(state, frozenset({seat}), max_plies, threats_only, capacity)
    loss = _Search(state, frozenset(range(state.game.num_players)) - {seat}, max_plies, threats_only, capacity)
    while win.nodes + loss.nodes < max_nodes and not (win.settled and loss.settled):
        for search in (win, loss):
            if not search.settled:
                search.run(min(1_000, max_nodes - win.nodes - loss.nodes))
            if search.proved:
                return search.outcome("win" if search is win else "loss", win.nodes + loss.nodes)
    return Outcome("unknown", nodes=win.nodes + loss.nodes)


__all__ = ["proved_loss", "proved_outcome"]
