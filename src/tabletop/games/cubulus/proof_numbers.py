"""Proof-number search for Cubulus's forced wins: the same question as :func:`.solver.deepen`, asked
the way connection games are solved.

:func:`.solver.deepen` deepens one ply at a time and must refute every defence at every depth, so a
seven-ply win with wide defences costs it some 10⁵ positions. Proof-number search (Allis, 1994) keeps
the tree in memory and counts, for every node, how many leaves would still have to be proved (the
proof number) or disproved (the disproof number) to settle it; it always expands a leaf on the cheapest
way to settle the root. Forcing lines — threats that leave the defence one or two answers — have small
proof numbers, so they are followed first and deep; quiet lines wait. Work is counted in positions
created, never in seconds, so the same position and budget give the same answer on any machine. With
the attackers held to threats (threat-space search, the default) it proved twice the eleven-ply losses
of the depth-first threat search in half its CPU (``docs/cubulus.md``, ``benchmarks/cubulus_solver.py``);
``hard`` uses it.

The rules are the kernel's (:func:`.kernel.children`, :func:`.kernel.first_move`, U10–U16): a position met
before since the last insert (on the line, or in the game's history) proves nothing; the move cap (U16)
draws; ``max_plies`` bounds the length of a proof. The tree is a tree, not a graph, so a line's history
is exact and no transposition can mix two ways to a position. It is one list of ints, :data:`FIELDS` per
node — the move into it, its position, its numbers, its children — and a node's children are made at
once, so they are the nodes ``FIRST .. FIRST + COUNT``. The functions are kernels
(:mod:`tabletop.core.compiling`): machine code where Numba is installed, Python where it is not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from tabletop.core.compiling import compiled, kernel, zeros
from tabletop.games.cubulus.kernel import (
    HOLE_COUNT,
    MAX_MOVES,
    NO_BAN,
    banned_after,
    board_at,
    children_or_pass,
    first_move,
    window_key,
)
from tabletop.games.cubulus.phases import Phase
from tabletop.games.cubulus.solver import (
    ALLOW_NULL,
    ATTACKERS,
    CAP,
    NO_UNDO,
    REPETITION,
    SEATS,
    THREATS_ONLY,
    GameRules,
    Outcome,
    Result,
    action_of,
    attacks,
    position_of,
    proof_rules,
)

if TYPE_CHECKING:
    from tabletop.games.cubulus.board import Board
    from tabletop.games.cubulus.state import CubulusState

INFINITE: Final = 1 << 40
"""A proof or disproof number that can never be reached: the node is settled the other way."""
PARENT, CODE, B0, B1, B2, SEAT, BAN0, BAN1, BAN2, MOVES, DEPTH, PROOF, DISPROOF, PLIES, FIRST, COUNT = range(16)
FIELDS: Final = 16
"""A node's fields in the tree: its parent, the move that led to it (−1 at the root), its board, the seat to
move, the board U12 forbids, the moves made (U16's cap), the plies a proof may still take, its proof and
disproof numbers, the length of the forced win once proved, its first child and how many (−1 while it is
unexpanded, 0 when it has no threat to make)."""
ROUND: Final = 1_000
"""Positions each of :func:`proved_outcome`'s two searches makes before the other takes its turn."""


@kernel
def _board(tree: list[int], node: int) -> Board:
    at = node * FIELDS
    return tree[at + B0], tree[at + B1], tree[at + B2]


@kernel
def _banned(tree: list[int], node: int) -> Board:
    at = node * FIELDS
    return tree[at + BAN0], tree[at + BAN1], tree[at + BAN2]


@kernel
def _moves(tree: list[int], node: int, rules: tuple[int, ...], codes: list[int], boards: list[int],
           winners: list[int]) -> int:
    """The moves of ``node``, or a pass when it has none (:func:`.kernel.children_or_pass`); how many."""
    return children_or_pass(_board(tree, node), tree[node * FIELDS + SEAT], _banned(tree, node), rules[SEATS],
                            rules[ALLOW_NULL] == 1, codes, boards, winners)


@kernel
def _first_move(tree: list[int], node: int, rules: tuple[int, ...], winning: bool) -> int:
    """The first move of ``node``'s seat that makes an attacker win, or (not ``winning``) that makes none win
    (:func:`.kernel.first_move`), or −1."""
    return first_move(_board(tree, node), tree[node * FIELDS + SEAT], _banned(tree, node), rules[SEATS],
                      rules[ALLOW_NULL] == 1, rules[ATTACKERS], winning)


@kernel
def _settle(tree: list[int], node: int, proved: bool, plies: int) -> None:
    """Mark ``node`` proved (in ``plies``) or disproved."""
    at = node * FIELDS
    if proved:
        tree[at + PROOF], tree[at + DISPROOF], tree[at + PLIES] = 0, INFINITE, plies
    else:
        tree[at + PROOF], tree[at + DISPROOF], tree[at + PLIES] = INFINITE, 0, 0


@kernel
def _judge(tree: list[int], node: int, rules: tuple[int, ...]) -> None:
    """Settle what one ply can tell: no plies left, a win in one for the attackers, or a position where every
    defence hands the attackers a square; else leave ``node`` a leaf."""
    at = node * FIELDS
    depth = tree[at + DEPTH]
    if depth <= 0:
        _settle(tree, node, False, 0)
    elif attacks(rules, tree[at + SEAT]):
        if _first_move(tree, node, rules, True) >= 0:
            _settle(tree, node, True, 1)
        elif depth == 1:
            _settle(tree, node, False, 0)
    elif depth == 1:  # proved when every defence hands the attackers a square
        _settle(tree, node, _first_move(tree, node, rules, False) < 0, 1)


@kernel
def _met_before(tree: list[int], node: int, key: int, seen: Sequence[int]) -> bool:
    """Whether the position of window key ``key``, reached by a shift or a pass from ``node``, was met since
    the last insert: on the way to ``node`` or, when that way reaches the root, in the game's history."""
    while True:
        at = node * FIELDS
        if window_key(_board(tree, node), tree[at + SEAT]) == key:
            return True
        if tree[at + PARENT] < 0 or tree[at + CODE] < HOLE_COUNT:
            break
        node = tree[at + PARENT]
    if tree[node * FIELDS + PARENT] < 0:
        for i in range(len(seen)):
            if seen[i] == key:
                return True
    return False


@kernel
def _expand(tree: list[int], size: int, node: int, rules: tuple[int, ...], seen: Sequence[int],
            codes: list[int], boards: list[int], winners: list[int]) -> int:
    """Make ``node``'s children as nodes ``size``… (U10–U12, U14) and judge each (U15, U16, the plies left);
    the new size. With threats only, more than two plies from the end an attacker handing the move to the
    defence tries only the moves after which it could win at once if it moved again."""
    at = node * FIELDS
    seat, depth, made = tree[at + SEAT], tree[at + DEPTH], tree[at + MOVES]
    board, banned = _board(tree, node), _banned(tree, node)
    nxt = (seat + 1) % rules[SEATS]
    n = _moves(tree, node, rules, codes, boards, winners)
    if rules[THREATS_ONLY] and attacks(rules, seat) and depth >= 3 and not attacks(rules, nxt):
        kept = 0
        for i in range(n):
            if ((winners[i] >= 0 and attacks(rules, winners[i]))
                    or (winners[i] < 0 and first_move(board_at(boards, i), seat, NO_BAN, rules[SEATS],
                                                      rules[ALLOW_NULL] == 1, rules[ATTACKERS], True) >= 0)):
                codes[kept], winners[kept] = codes[i], winners[i]
                boards[3 * kept], boards[3 * kept + 1], boards[3 * kept + 2] = board_at(boards, i)
                kept += 1
        n = kept
    tree[at + FIRST], tree[at + COUNT] = size, n
    for i in range(n):
        code, after, winner = codes[i], board_at(boards, i), winners[i]
        child = size
        size += 1
        ban = banned_after(code, board, banned, rules[NO_UNDO] == 1)
        c = child * FIELDS
        tree[c + PARENT], tree[c + CODE], tree[c + SEAT] = node, code, nxt
        tree[c + B0], tree[c + B1], tree[c + B2] = after
        tree[c + BAN0], tree[c + BAN1], tree[c + BAN2] = ban
        tree[c + MOVES], tree[c + DEPTH] = made + 1, depth - 1
        tree[c + PROOF], tree[c + DISPROOF], tree[c + PLIES] = 1, 1, 0
        tree[c + FIRST], tree[c + COUNT] = -1, -1
        if winner >= 0:
            _settle(tree, child, attacks(rules, winner), 0)
        elif made + 1 >= rules[CAP]:
            _settle(tree, child, False, 0)  # U16: the move cap draws
        elif code >= HOLE_COUNT and rules[REPETITION] and _met_before(tree, node, window_key(after, nxt), seen):
            _settle(tree, child, False, 0)  # met before since the last insert: proves nothing (U16)
        else:
            _judge(tree, child, rules)
    return size


@kernel
def _most_proving(tree: list[int], node: int, rules: tuple[int, ...]) -> int:
    """Down from ``node``: at the attackers' turn the child easiest to prove, at the defence's the child
    easiest to disprove (the first of equal children), to an unexpanded leaf."""
    while tree[node * FIELDS + COUNT] > 0:
        at = node * FIELDS
        field = PROOF if attacks(rules, tree[at + SEAT]) else DISPROOF
        best = first = tree[at + FIRST]
        for child in range(first + 1, first + tree[at + COUNT]):
            if tree[child * FIELDS + field] < tree[best * FIELDS + field]:
                best = child
        node = best
    return node


@kernel
def _update(tree: list[int], node: int, rules: tuple[int, ...]) -> int:
    """Recompute the numbers up from ``node`` while they change; the node to select from next."""
    while True:
        at = node * FIELDS
        first, count = tree[at + FIRST], tree[at + COUNT]
        if count == 0:  # no threat to make: nothing is proved here
            proof, disproof, plies = INFINITE, 0, 0
        elif attacks(rules, tree[at + SEAT]):
            proof, disproof, quickest = INFINITE, 0, -1
            for child in range(first, first + count):
                c = child * FIELDS
                proof = min(proof, tree[c + PROOF])
                disproof += tree[c + DISPROOF]
                if tree[c + PROOF] == 0 and (quickest < 0 or tree[c + PLIES] < quickest):
                    quickest = tree[c + PLIES]
            disproof, plies = min(INFINITE, disproof), 1 + quickest
        else:
            proof, disproof, longest = 0, INFINITE, tree[first * FIELDS + PLIES]
            for child in range(first, first + count):
                c = child * FIELDS
                proof += tree[c + PROOF]
                disproof = min(disproof, tree[c + DISPROOF])
                longest = max(longest, tree[c + PLIES])
            proof = min(INFINITE, proof)
            plies = 1 + longest if proof == 0 else 0
        changed = proof != tree[at + PROOF] or disproof != tree[at + DISPROOF]
        tree[at + PROOF], tree[at + DISPROOF], tree[at + PLIES] = proof, disproof, plies
        parent = tree[at + PARENT]
        if not changed or parent < 0:
            return node if parent < 0 or (proof != 0 and disproof != 0) else parent
        node = parent


@kernel
def _settled(tree: list[int]) -> bool:
    """The root is proved, or shown not to hold within the plies."""
    return tree[PROOF] == 0 or tree[DISPROOF] == 0


@kernel
def _new_tree(board: Board, seat: int, banned: Board, moves: int, depth: int, rules: tuple[int, ...]) -> list[int]:
    """A tree of the root alone (node 0), judged; room for more nodes is added as they are made."""
    tree = zeros(FIELDS * (MAX_MOVES + 1))
    tree[PARENT], tree[CODE], tree[SEAT] = -1, -1, seat
    tree[B0], tree[B1], tree[B2] = board
    tree[BAN0], tree[BAN1], tree[BAN2] = banned
    tree[MOVES], tree[DEPTH] = moves, depth
    tree[PROOF], tree[DISPROOF], tree[PLIES] = 1, 1, 0
    tree[FIRST], tree[COUNT] = -1, -1
    _judge(tree, 0, rules)
    return tree


@kernel
def _run(tree: list[int], size: int, limit: int, rules: tuple[int, ...], seen: Sequence[int], codes: list[int],
         boards: list[int], winners: list[int]) -> tuple[list[int], int]:
    """Expand most-proving nodes until the root is settled or the tree has ``limit`` nodes besides the root;
    the tree (a larger one when it had to grow: its room doubles whenever an expansion might not fit) and its
    new size."""
    node = 0
    while not _settled(tree) and size - 1 < limit:
        if (size + MAX_MOVES) * FIELDS > len(tree):
            larger = zeros(2 * len(tree))
            for i in range(size * FIELDS):
                larger[i] = tree[i]
            tree = larger
        node = _most_proving(tree, node, rules)
        size = _expand(tree, size, node, rules, seen, codes, boards, winners)
        node = _update(tree, node, rules)
    return tree, size


@kernel
def _line(tree: list[int], rules: tuple[int, ...]) -> list[int]:
    """A proved line as move codes: the attackers' quickest proving moves and the defence's longest
    resistance (the first of equal children), then the winning move a one-ply test found."""
    codes = [0] * 0
    node = 0
    while tree[node * FIELDS + COUNT] > 0:
        at = node * FIELDS
        attacking = attacks(rules, tree[at + SEAT])
        best = -1
        for child in range(tree[at + FIRST], tree[at + FIRST] + tree[at + COUNT]):
            c = child * FIELDS
            if tree[c + PROOF] == 0 and (best < 0 or (tree[c + PLIES] < tree[best * FIELDS + PLIES] if attacking
                                                      else tree[c + PLIES] > tree[best * FIELDS + PLIES])):
                best = child
        if best < 0:
            break
        node = best
        codes.append(tree[node * FIELDS + CODE])
    at = node * FIELDS
    if tree[at + PLIES] == 1 and tree[at + PROOF] == 0 and tree[at + COUNT] < 0 and attacks(rules, tree[at + SEAT]):
        last = _first_move(tree, node, rules, True)  # settled by the one-ply test
        if last >= 0:
            codes.append(last)
    return codes


@kernel
def _answer(k: int, tree: list[int], made: int, rules: tuple[int, ...]) -> list[int]:
    """``[k, plies, made, *line]`` for search ``k`` (−1 and no line when nothing is proved)."""
    if k < 0:
        return [-1, 0, made]
    found = [k, tree[PLIES], made]
    found.extend(_line(tree, rules))
    return found


@kernel
def prove(board: Board, seat: int, banned: Board, moves: int, seen: Sequence[int], game_rules: GameRules,
          attackers: int, max_nodes: int, max_plies: int, threats_only: bool) -> list[int]:
    """Whether ``attackers`` (bit s for seat s) force a win within ``max_plies`` from the position (as
    :func:`.solver.position_of` gives it), making at most ``max_nodes`` positions: ``[0, plies, positions
    made, *line]`` when proved, else ``[−1, 0, positions made]``."""
    codes, boards, winners = zeros(MAX_MOVES), zeros(3 * MAX_MOVES), zeros(MAX_MOVES)
    rules = proof_rules(game_rules, attackers, threats_only, False)
    tree = _new_tree(board, seat, banned, moves, max_plies, rules)
    tree, size = _run(tree, 1, max_nodes, rules, seen, codes, boards, winners)
    return _answer(0 if tree[PROOF] == 0 else -1, tree, size - 1, rules)


@kernel
def prove_either(board: Board, seat: int, banned: Board, moves: int, seen: Sequence[int], game_rules: GameRules,
                 max_nodes: int, max_plies: int, threats_only: bool) -> list[int]:
    """Whether the seat to move forces a win (search 0) or the others its loss (search 1), within
    ``max_plies``: the two searches take turns, :data:`ROUND` positions at a time, until one is proved or
    ``max_nodes`` are made between them; the answer as :func:`prove`'s, ``k`` naming the search."""
    codes, boards, winners = zeros(MAX_MOVES), zeros(3 * MAX_MOVES), zeros(MAX_MOVES)
    everyone = (1 << game_rules[0]) - 1
    rules = [proof_rules(game_rules, 1 << seat, threats_only, False),
             proof_rules(game_rules, everyone & ~(1 << seat), threats_only, False)]
    trees = [_new_tree(board, seat, banned, moves, max_plies, rules[k]) for k in range(2)]
    sizes = [1, 1]
    while sizes[0] + sizes[1] - 2 < max_nodes and not (_settled(trees[0]) and _settled(trees[1])):
        for k in range(2):
            tree = trees[k]
            if not _settled(tree):
                step = min(ROUND, max_nodes - (sizes[0] + sizes[1] - 2))
                tree, sizes[k] = _run(tree, sizes[k], sizes[k] - 1 + step, rules[k], seen, codes, boards, winners)
                trees[k] = tree
            if tree[PROOF] == 0:
                return _answer(k, tree, sizes[0] + sizes[1] - 2, rules[k])
    return _answer(-1, trees[0], sizes[0] + sizes[1] - 2, rules[0])


def _outcome(found: Sequence[int], result: Result) -> Outcome:
    """The answer of :func:`prove` or :func:`prove_either` as an :class:`.solver.Outcome` (``result`` if proved)."""
    if found[0] < 0:
        return Outcome("unknown", nodes=int(found[2]))
    return Outcome(result, tuple(action_of(int(code)) for code in found[3:]), int(found[1]), int(found[2]))


def proved_loss(state: CubulusState, seat: int, max_nodes: int, max_plies: int, threats_only: bool = True) -> Outcome:
    """Whether the seats other than ``seat`` force a win from ``state`` within ``max_plies``, whoever is to
    move: ``loss`` (for ``seat``) with a line, or ``unknown`` (as :func:`.solver.forced_loss`)."""
    others = (1 << state.game.num_players) - 1 & ~(1 << seat)
    return _outcome(compiled(prove)(*position_of(state), others, max_nodes, max_plies, threats_only), "loss")


def proved_outcome(state: CubulusState, max_nodes: int, max_plies: int, threats_only: bool = True) -> Outcome:
    """Whether the seat to move forces a win, or the others its loss, within ``max_plies`` (as
    :func:`.solver.forced_outcome`; see :func:`prove_either`).

    Raises:
        ValueError: when the position is not in play.
    """
    if state.phase is not Phase.PLAY:
        raise ValueError(f"proved_outcome needs a position in play, not the {state.phase.value} phase")
    found = compiled(prove_either)(*position_of(state), max_nodes, max_plies, threats_only)
    return _outcome(found, "win" if found[0] == 0 else "loss")


__all__ = ["INFINITE", "prove", "prove_either", "proved_loss", "proved_outcome"]
