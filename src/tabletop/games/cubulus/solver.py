"""Cubulus's endgame solver: forced wins and forced losses, proved exactly within a budget of work.

:func:`forced_outcome` answers "can the seat to move force a win — or can the others force it to
lose — whatever the other side plays?" It searches only for proofs: an AND/OR search on the
bitboard kernel where the attacking side needs one move that works and the defending side must
have every move refuted, deepened one ply at a time (a win in one, then in two, …) under a budget
of nodes, never seconds, so the same position gives the same answer on any machine. A
transposition table keeps what is proved (and to which depth it failed) for the position, the seat
to move and the board U12 forbids. No evaluation is involved: "win" and "loss" are certain.

The rules are read exactly as :mod:`.state` applies them (U10–U16): each move's winner by U15 (a
square made for another seat wins for them first); a pass when nothing is legal (U14). Two rules
make a line's result depend on the way to it, and the search stays on the safe side of both:
a position met before since the last insert (on the line, or in the game's history) proves
nothing for either side, so every proved line has no position three times (U16's repetition
draw) whichever way a stored result is reached; and near the move cap (U16) the table also keys on
the number of moves made. With three players the search is *paranoid*: "loss" means the two
other seats together can force one of them to win.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Literal

from tabletop.core.compiling import compiled, ints, kernel, zeros
from tabletop.games.cubulus.actions import INSERTS, PASS, SHIFTS, CubulusAction, Insert, Shift
from tabletop.games.cubulus.evaluation import threat_cells
from tabletop.games.cubulus.kernel import (
    HOLE_COUNT,
    MAX_MOVES,
    NO_BAN,
    PASS_CODE,
    banned_after,
    board_at,
    children_or_pass,
    first_move,
    popcount,
    window_key,
    window_keys,
)
from tabletop.games.cubulus.phases import Phase
from tabletop.games.cubulus.search import OutOfBudget, met, sort_down

if TYPE_CHECKING:
    from tabletop.games.cubulus.board import Board
    from tabletop.games.cubulus.state import CubulusState

Result = Literal["win", "loss", "draw", "unknown"]
"""For the seat to move: it forces a win, the others force its loss, the game is drawn, or not known."""
DEFAULT_NODES: Final = 20_000
"""The budget :func:`forced_outcome` uses unless told otherwise (about a second of CPython)."""
NEVER: Final = 1 << 30
"""A depth no proof reaches: the least proved depth of a position not proved."""
SEATS, ATTACKERS, ALLOW_NULL, NO_UNDO, CAP, REPETITION, THREATS_ONLY, NEAR_CAP = range(8)
"""The fields of a proof's rules tuple (:func:`proof_rules`; the proof-number search's too): the seats, the
attackers (bit s for seat s), the game's options, whether the attackers try threats only, and whether a table
keys on the moves made (near the cap)."""
GameRules = tuple[int, int, int, int, int]
"""The seats and the options a proof reads: ``allow_null_shift``, ``no_undo``, ``move_cap``,
``repetition_draw`` (:func:`position_of`)."""
NODES, MAX_NODES, TOP = range(3)
"""The fields of a proof's counters: positions visited, the most it may visit, the top of the stack of
positions since the last insert."""
Key = tuple[int, int, int, int, int, int, int, int]
"""A position in a proof's table: the board, the seat to move, the banned board and (near the cap) the moves."""
NO_KEY: Final = (-1, -1, -1, -1, -1, -1, -1, -1)
NO_ENTRY: Final = (NEVER, -1, -1)
"""A table key no position has, and what the table holds for a position it does not know: the table is
made with the one mapped to the other, which gives Numba its types."""


def action_of(code: int) -> CubulusAction:
    """The play action a search move code stands for."""
    if code == PASS_CODE:
        return PASS
    return INSERTS[code] if code < HOLE_COUNT else SHIFTS[code - HOLE_COUNT]


def code_of(action: CubulusAction) -> int:
    """The search's move code for a play action."""
    match action:
        case Insert(hole):
            return int(hole)
        case Shift(hole):
            return HOLE_COUNT + int(hole)
    return PASS_CODE


@dataclass(frozen=True, slots=True)
class Outcome:
    """What :func:`forced_outcome` found, for the seat to move.

    ``plies`` is the length of the forced result (moves of both sides, the winning move included)
    and ``line`` a line realising it: the winner's moves and the longest defence; both are empty
    and ``plies`` 0 unless the result is ``win`` or ``loss``. ``nodes`` is the work spent.
    """

    result: Result
    line: tuple[CubulusAction, ...] = ()
    plies: int = 0
    nodes: int = 0
    searched: int = field(default=0)  #: the deepest number of plies searched completely


@kernel
def _entry(table: dict[Key, tuple[int, int, int]], board: Board, seat: int, banned: Board, moves: int,
           rules: tuple[int, ...]) -> tuple[int, int, int]:
    """What the table knows of a position: (the least depth proved, the greatest depth failed, the proving
    move); near the move cap (U16) the moves made are part of the position."""
    key = (board[0], board[1], board[2], seat, banned[0], banned[1], banned[2], moves if rules[NEAR_CAP] else 0)
    return table[key] if key in table else NO_ENTRY  # noqa: SIM401 (Numba's get() gives an optional)


@kernel
def proof_rules(game_rules: GameRules, attackers: int, threats_only: bool, near_cap: bool) -> tuple[int, ...]:
    """A proof's rules tuple (:data:`SEATS` …) from the game's and the proof's own."""
    seats, allow_null, no_undo, cap, repetition = game_rules
    return seats, attackers, allow_null, no_undo, cap, repetition, 1 if threats_only else 0, 1 if near_cap else 0


@kernel
def attacks(rules: tuple[int, ...], seat: int) -> bool:
    """``seat`` is one of the proof's attackers: it chooses its moves (OR), every other seat's must be answered."""
    return rules[ATTACKERS] >> seat & 1 == 1


@kernel
def _attack_order(board: Board, rules: tuple[int, ...]) -> int:
    """The attackers' threat cells: attacking moves making more, defending moves leaving fewer, are tried first."""
    total = 0
    for seat in range(rules[SEATS]):
        if attacks(rules, seat):
            total += popcount(threat_cells(board, seat))
    return total


@kernel
def _proves(board: Board, seat: int, banned: Board, moves: int, depth: int, base: int, path: list[int],
            rules: tuple[int, ...], ctr: list[int], table: dict[Key, tuple[int, int, int]]) -> int:
    """In how many plies (at most ``depth``) the attackers force a win from this position, or 0 when that is
    not proved; ``path[base:top]`` are the positions since the last insert.

    The attackers need one move that works (OR), every other seat's move must be answered (AND). A line
    proves nothing once it meets the move cap or a position met since the last insert (U16). With threats
    only, more than two plies from the end an attacker handing the move to the defence tries only the moves
    after which it could win at once if it moved again.
    """
    ctr[NODES] += 1
    if ctr[NODES] > ctr[MAX_NODES]:
        raise OutOfBudget()
    low, high, move = _entry(table, board, seat, banned, moves, rules)
    if low <= depth:
        return low
    if high >= depth:
        return 0
    seats = rules[SEATS]
    attacking = attacks(rules, seat)
    plies, best = 0, -1
    if attacking and depth == 1:  # the frontier, where most nodes are: a winning move, or none
        best = first_move(board, seat, banned, seats, rules[ALLOW_NULL] == 1, rules[ATTACKERS], True)
        plies = 1 if best >= 0 else 0
    else:
        codes, boards, winners = zeros(MAX_MOVES), zeros(3 * MAX_MOVES), zeros(MAX_MOVES)
        n = children_or_pass(board, seat, banned, seats, rules[ALLOW_NULL] == 1, codes, boards, winners)
        nxt = (seat + 1) % seats
        settled = False
        for i in range(n):  # a winning move for the attackers; a defender's move that wins for the defence
            if winners[i] >= 0 and attacks(rules, winners[i]) == attacking:
                plies, best = (1, codes[i]) if attacking else (0, -1)
                settled = True
                break
        if not settled:
            threats = attacking and rules[THREATS_ONLY] and depth >= 3 and not attacks(rules, nxt)
            order, keys, m = zeros(n), zeros(n), 0
            sign = 1 if attacking else -1
            for i in range(n):  # the moves that hand nobody a square; threats only, those that threaten one
                if winners[i] < 0 and (depth <= 1 or not threats or first_move(
                        board_at(boards, i), seat, NO_BAN, seats, rules[ALLOW_NULL] == 1, rules[ATTACKERS], True) >= 0):
                    order[m], keys[m] = i, sign * _attack_order(board_at(boards, i), rules) if depth > 1 else 0
                    m += 1
            if not attacking and not m:  # every move hands the attackers a square (U15)
                plies = 1
            elif depth > 1:
                sort_down(order, keys, m)
                longest = 0
                refuted = False
                for index in range(m):
                    i = order[index]
                    found = 0
                    if moves + 1 < rules[CAP]:  # U16: the move cap draws
                        after, code = board_at(boards, i), codes[i]
                        ban = banned_after(code, board, banned, rules[NO_UNDO] == 1)
                        top = ctr[TOP]
                        if code < HOLE_COUNT:  # an insert: no earlier position can come back (U16)
                            if rules[REPETITION]:
                                path[top] = window_key(after, nxt)
                                ctr[TOP] = top + 1
                            found = _proves(after, nxt, ban, moves + 1, depth - 1, top, path, rules, ctr, table)
                        elif not rules[REPETITION]:
                            found = _proves(after, nxt, ban, moves + 1, depth - 1, base, path, rules, ctr, table)
                        elif not met(path, base, top, window_key(after, nxt)):  # met before: proves nothing
                            path[top] = window_key(after, nxt)
                            ctr[TOP] = top + 1
                            found = _proves(after, nxt, ban, moves + 1, depth - 1, base, path, rules, ctr, table)
                        ctr[TOP] = top
                    if attacking and found:
                        plies, best = found + 1, codes[i]
                        break
                    if not attacking:
                        if not found:
                            best, refuted = codes[i], True
                            break
                        longest = max(longest, found)
                if not attacking and not refuted:
                    plies = longest + 1
    key = (board[0], board[1], board[2], seat, banned[0], banned[1], banned[2], moves if rules[NEAR_CAP] else 0)
    table[key] = (plies, high, best) if plies else (low, max(high, depth), move)
    return plies


@kernel
def _line(board: Board, seat: int, banned: Board, moves: int, rules: tuple[int, ...],
          table: dict[Key, tuple[int, int, int]]) -> list[int]:
    """A line of the proved result as move codes, read from the table: the attackers' proving moves and the
    defence's longest resistance."""
    line = [0] * 0
    codes, boards, winners = zeros(MAX_MOVES), zeros(3 * MAX_MOVES), zeros(MAX_MOVES)
    while True:
        n = children_or_pass(board, seat, banned, rules[SEATS], rules[ALLOW_NULL] == 1, codes, boards, winners)
        nxt = (seat + 1) % rules[SEATS]
        chosen = -1
        if attacks(rules, seat):
            for i in range(n):
                if winners[i] >= 0 and attacks(rules, winners[i]):
                    chosen = i
                    break
            if chosen < 0:
                proving = _entry(table, board, seat, banned, moves, rules)[2]
                for i in range(n):
                    if codes[i] == proving:
                        chosen = i
                        break
            if chosen < 0:  # not proved here (never so after a finished proof)
                return line
        else:
            chosen, longest = 0, -1
            for i in range(n):
                if winners[i] < 0:
                    plies = _entry(table, board_at(boards, i), nxt, banned_after(codes[i], board, banned,
                                                                                 rules[NO_UNDO] == 1),
                                   moves + 1, rules)[0]
                    if plies > longest:
                        chosen, longest = i, plies
        line.append(codes[chosen])
        if winners[chosen] >= 0 or len(line) > 64:
            return line
        banned = banned_after(codes[chosen], board, banned, rules[NO_UNDO] == 1)
        board, seat, moves = board_at(boards, chosen), nxt, moves + 1


@kernel
def deepen(board: Board, seat: int, banned: Board, moves: int, seen: Sequence[int], game_rules: GameRules,
           attackers: Sequence[int], max_nodes: int, max_plies: int, threats_only: bool) -> list[int]:
    """Depth-first proofs deepened a ply at a time: whether ``attackers[k]`` (a bit per seat) force a win
    within 1, 2, … ``max_plies`` plies, the proofs taking turns at each depth and sharing ``max_nodes``
    positions visited; each keeps its transposition table from depth to depth.

    The position is :func:`position_of`'s: ``seen`` the window keys of the game's positions since the last
    insert, ``game_rules`` the seats and the options. The answer
    is ``[k, plies, nodes, searched, *line]``: the proof that held (−1: none), the length of its forced win,
    the positions all the proofs visited, the deepest depth every proof finished, and the line as move codes.

    Raises:
        RuntimeError: when a proof fails other than by spending the budget (a fault, never a result).
    """
    repetition = game_rules[4]
    near_cap = moves + max_plies + 1 >= game_rules[3]
    rules = [proof_rules(game_rules, attackers[k], threats_only, near_cap) for k in range(len(attackers))]
    counters = [[0, max_nodes, 0] for _ in range(len(attackers))]
    tables = [{NO_KEY: NO_ENTRY} for _ in range(len(attackers))]
    path = zeros(len(seen) + max_plies + 1 if repetition else max_plies + 1)
    for i in range(len(seen) if repetition else 0):
        path[i] = seen[i]
    searched = 0
    failed = False
    try:
        for plies in range(1, max_plies + 1):
            for k in range(len(attackers)):
                ctr = counters[k]
                ctr[MAX_NODES] = max_nodes - _spent(counters) + ctr[NODES]
                ctr[TOP] = len(seen) if repetition else 0
                found = _proves(board, seat, banned, moves, plies, 0, path, rules[k], ctr, tables[k])
                if found:
                    answer = [k, found, _spent(counters), plies - 1]
                    answer.extend(_line(board, seat, banned, moves, rules[k], tables[k]))
                    return answer
            searched = plies
    except Exception:  # OutOfBudget (Numba catches no narrower class than Exception)
        failed = True
    if failed and not _over_budget(counters):
        raise RuntimeError("a Cubulus proof failed before its budget was spent")
    return [-1, 0, _spent(counters), searched]


@kernel
def _over_budget(counters: list[list[int]]) -> bool:
    """A proof visited more positions than it may."""
    for ctr in counters:  # noqa: SIM110 (a loop compiles; any() over a generator does not)
        if ctr[NODES] > ctr[MAX_NODES]:
            return True
    return False


@kernel
def _spent(counters: list[list[int]]) -> int:
    """The positions all the proofs visited."""
    total = 0
    for ctr in counters:
        total += ctr[NODES]
    return total


def position_of(state: CubulusState) -> tuple[Board, int, Board, int, Sequence[int], GameRules]:
    """A position as the proofs take it: the board, the seat to move, the banned board (U12), the moves made
    (U16's cap), the window keys of the positions since the last insert (U16's repetition), and
    :data:`GameRules`."""
    game = state.game
    return (state.board, state.to_move, state.banned or NO_BAN, state.moves, ints(window_keys(state.seen)),
            (game.num_players, int(game.allow_null_shift), int(game.no_undo), game.move_cap,
             int(game.repetition_draw)))


def _deepen(state: CubulusState, attackers: Sequence[int], max_nodes: int, max_plies: int,
            threats_only: bool) -> list[int]:
    """:func:`deepen` from ``state``."""
    return compiled(deepen)(*position_of(state), ints(attackers), max_nodes, max_plies, threats_only)


def _line_of(found: Sequence[int]) -> tuple[CubulusAction, ...]:
    return tuple(action_of(int(code)) for code in found[4:])


def forced_outcome(state: CubulusState, max_nodes: int = DEFAULT_NODES, max_plies: int = 9,
                   threats_only: bool = False) -> Outcome:
    """Whether the seat to move forces a win, or the others force its loss, within ``max_plies``.

    Searches a win in 1 ply, a loss in 2, a win in 3, … (a win or loss in fewer plies first),
    sharing ``max_nodes`` between the two proofs; a game already over reports its result for the
    seat that moved last (its ``to_move`` once over). ``threats_only``: see :func:`_proves`.
    The same position and budget give the same answer on any machine.

    Raises:
        ValueError: when the position is not in play (the neutral set-up or before the start).
    """
    if state.phase is Phase.OVER:
        if state.winner is None:
            return Outcome("draw")
        return Outcome("win" if state.winner == state.to_move else "loss")
    if state.phase is not Phase.PLAY:
        raise ValueError(f"forced_outcome needs a position in play, not the {state.phase.value} phase")
    seat = state.to_move
    everyone = (1 << state.game.num_players) - 1
    found = _deepen(state, (1 << seat, everyone & ~(1 << seat)), max_nodes, max_plies, threats_only)
    if found[0] < 0:
        return Outcome("unknown", nodes=found[2], searched=found[3])
    return Outcome("win" if found[0] == 0 else "loss", _line_of(found), found[1], found[2], found[3])


def losing_moves(state: CubulusState, max_nodes: int = DEFAULT_NODES,
                 max_plies: int = 8) -> dict[CubulusAction, Outcome]:
    """The legal moves after which the others force the mover's loss within ``max_plies`` (for coach
    mode: "this move loses by force"), each with the proof; the budget is shared in order of the moves.

    Raises:
        ValueError: when the position is not in play.
    """
    if state.phase is not Phase.PLAY:
        raise ValueError(f"losing_moves needs a position in play, not the {state.phase.value} phase")
    seat = state.to_move
    found: dict[CubulusAction, Outcome] = {}
    left = max_nodes
    for action in state.legal_actions():
        after = state.apply(action)
        if after.is_terminal:
            if after.winner is not None and after.winner != seat:
                found[action] = Outcome("loss", (action,), 1)
            continue
        if left <= 0:
            break
        outcome = forced_loss(after, seat, left, max_plies)
        left -= outcome.nodes
        if outcome.result == "loss":
            found[action] = Outcome("loss", (action, *outcome.line), outcome.plies + 1, outcome.nodes)
    return found


def forced_loss(state: CubulusState, seat: int, max_nodes: int = DEFAULT_NODES, max_plies: int = 8,
                threats_only: bool = False) -> Outcome:
    """Whether the seats other than ``seat`` force a win from ``state`` within ``max_plies``, whoever
    is to move: ``loss`` (for ``seat``) with the line, or ``unknown``."""
    found = _deepen(state, ((1 << state.game.num_players) - 1 & ~(1 << seat),), max_nodes, max_plies, threats_only)
    if found[0] < 0:
        return Outcome("unknown", nodes=found[2])
    return Outcome("loss", _line_of(found), found[1], found[2], found[3])


__all__ = ["DEFAULT_NODES", "GameRules", "Outcome", "Result", "action_of", "attacks", "code_of", "deepen",
           "forced_loss", "forced_outcome", "losing_moves", "position_of", "proof_rules"]
