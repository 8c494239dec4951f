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

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Final, Literal

from tabletop.games.cubulus.actions import INSERTS, PASS, SHIFTS, CubulusAction, Insert, Shift
from tabletop.games.cubulus.board import BALLS_PER_COLOUR, Board, insert, position_key, shift
from tabletop.games.cubulus.evaluation import threat_cells
from tabletop.games.cubulus.geometry import ENTRY, HOLES, LINE_MASK, SQUARE_MASKS
from tabletop.games.cubulus.phases import Phase

if TYPE_CHECKING:
    from tabletop.games.cubulus.state import CubulusState

Result = Literal["win", "loss", "draw", "unknown"]
"""For the seat to move: it forces a win, the others force its loss, the game is drawn, or not known."""
PASS_CODE: Final = 108
"""A move as the searches code it: a hole 0–53 for an insert, 54 + hole for a shift, 108 a pass."""
DEFAULT_NODES: Final = 20_000
"""The budget :func:`forced_outcome` uses unless told otherwise (about a second of CPython)."""
_NEVER: Final = 1 << 30

SQUARES_OF_CELL: Final = tuple(tuple(s for s in SQUARE_MASKS if s >> c & 1) for c in range(27))
"""Per cell, the squares through it (none for the centre 111)."""


def winner_after(before: Board, board: Board, seats: int, mover: int) -> int:
    """U15 after a move from ``before`` to ``board``: the seat that wins (another seat's square
    first, then the mover's), or −1. Before the move nobody had a square, so a new one holds a
    cell its colour just gained: only the squares through those cells are looked at."""
    for step in range(1, seats + 1):
        seat = (mover + step) % seats
        mask = board[seat]
        gained = mask & ~before[seat]
        while gained:
            cell = gained.bit_length() - 1
            for square in SQUARES_OF_CELL[cell]:
                if mask & square == square:
                    return seat
            gained ^= 1 << cell
    return -1


@lru_cache(maxsize=1 << 15)
def move_holes(occupied: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For a set of occupied cells: the holes worth an insert (lines not full, one hole per empty
    entry cell, since every hole into an empty cell gives the same board) and the full lines' holes."""
    inserts, full = [], []
    empty_entries = 0
    for hole in HOLES:
        line = LINE_MASK[hole]
        if occupied & line == line:
            full.append(int(hole))
            continue
        entry = ENTRY[hole]
        if not occupied & entry:
            if empty_entries & entry:
                continue
            empty_entries |= entry
        inserts.append(int(hole))
    return tuple(inserts), tuple(full)


def action_of(code: int) -> CubulusAction:
    """The play action a search move code stands for."""
    if code == PASS_CODE:
        return PASS
    return INSERTS[code] if code < 54 else SHIFTS[code - 54]


def code_of(action: CubulusAction) -> int:
    """The search's move code for a play action."""
    match action:
        case Insert(hole):
            return int(hole)
        case Shift(hole):
            return 54 + int(hole)
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


class _OutOfBudget(Exception):
    """The node budget is spent: the deepest finished iteration stands."""


class Prover:
    """Proof search for one side of one position: can ``attackers`` force a square of ``goal``?

    ``attackers`` are the seats whose moves the search chooses (OR nodes); every other seat's move
    must be answered (AND nodes). A line proves nothing once it meets the move cap or a position
    met before since the last insert (``seen`` holds the game's history since then).

    ``threats_only`` is threat-space search (Allis): more than two plies from the end of a proof,
    an attacker handing the move to the defence only tries moves after which it would have a
    square at once if it moved again — a threat the defence must answer. Most defences then lose
    in one ply and cost one position each, so the same budget reaches proofs several plies deeper.
    What it proves is proved (the defence is never restricted); it only misses wins that need a
    quiet move.
    """

    def __init__(self, state: CubulusState, attackers: frozenset[int], max_nodes: int,
                 max_plies: int, threats_only: bool = False) -> None:
        game = state.game
        self.seats = game.num_players
        self.allow_null = game.allow_null_shift
        self.no_undo = game.no_undo
        self.cap = game.move_cap
        self.repetition = game.repetition_draw
        self.attackers = attackers
        self.threats_only = threats_only
        self.max_nodes = max_nodes
        self.nodes = 0
        self.near_cap = state.moves + max_plies + 1 >= game.move_cap
        self.root_seen = set(state.seen) if self.repetition else set()
        self.path: set[int] = set(self.root_seen)
        #: per key, (the least depth proved, the greatest depth failed, the proving move)
        self.table: dict[tuple[Board, int, Board | None, int], tuple[int, int, int]] = {}

    def children(self, board: Board, seat: int, banned: Board | None) -> list[tuple[int, Board, int]]:
        """Every move as ``(code, board after, winner or −1)`` (U10–U12, U15), or a pass (U14)."""
        occupied = board[0] | board[1] | board[2]
        inserts, full = move_holes(occupied)
        found: list[tuple[int, Board, int]] = []
        seats = self.seats
        if inserts and board[seat].bit_count() < BALLS_PER_COLOUR:
            threats = threat_cells(board, seat)
            for hole in inserts:
                after = insert(board, seat, hole)
                entry = ENTRY[hole]
                if occupied & entry:
                    found.append((hole, after, winner_after(board, after, seats, seat)))
                else:  # nothing pushed: only the mover gains a cell, and wins on a threat cell
                    found.append((hole, after, seat if threats & entry else -1))
        for hole in full:
            if not self.allow_null:
                line = LINE_MASK[hole]
                if board[0] & line == line or board[1] & line == line or board[2] & line == line:
                    continue
            after = shift(board, hole)
            if after == banned:
                continue
            found.append((54 + hole, after, winner_after(board, after, seats, seat)))
        if not found:
            found.append((PASS_CODE, board, -1))
        return found

    def first_win(self, board: Board, seat: int, banned: Board | None) -> int:
        """The first move of :meth:`children`'s order after which an attacker has a square, or −1;
        made one at a time, without the list."""
        occupied = board[0] | board[1] | board[2]
        inserts, full = move_holes(occupied)
        seats, attackers = self.seats, self.attackers
        if inserts and board[seat].bit_count() < BALLS_PER_COLOUR:
            threats = threat_cells(board, seat)
            for hole in inserts:
                entry = ENTRY[hole]
                if occupied & entry:
                    if winner_after(board, insert(board, seat, hole), seats, seat) in attackers:
                        return hole
                elif threats & entry:  # nothing pushed: the mover's own square
                    return hole
        for hole in full:
            line = LINE_MASK[hole]
            if not self.allow_null and (board[0] & line == line or board[1] & line == line
                                        or board[2] & line == line):
                continue
            after = shift(board, hole)
            if after != banned and winner_after(board, after, seats, seat) in attackers:
                return 54 + hole
        return -1

    def proves(self, board: Board, seat: int, banned: Board | None, moves: int, depth: int) -> int:
        """In how many plies (at most ``depth``) the attackers force a win from this position, or 0
        when that is not proved."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise _OutOfBudget
        key = (board, seat, banned, moves if self.near_cap else 0)
        entry = self.table.get(key)
        if entry is not None:
            if entry[0] <= depth:
                return entry[0]
            if entry[1] >= depth:
                return 0
        attacking = seat in self.attackers
        if attacking and depth == 1:  # the frontier, where most nodes are: a winning move, or none
            best = self.first_win(board, seat, banned)
            plies = 1 if best >= 0 else 0
        else:
            moves_list = self.children(board, seat, banned)
            plies, best = self._search(moves_list, board, seat, banned, moves, depth, attacking)
        low, high, move = entry if entry is not None else (_NEVER, -1, -1)
        self.table[key] = (plies, high, best) if plies else (low, max(high, depth), move)
        return plies

    def _search(self, moves_list: list[tuple[int, Board, int]], board: Board, seat: int, banned: Board | None,
                moves: int, depth: int, attacking: bool) -> tuple[int, int]:
        """``(plies, move)``: the length of a forced win found (0 for none) and, attacking, its move."""
        attackers = self.attackers
        if attacking:
            for code, _, winner in moves_list:
                if winner >= 0 and winner in attackers:
                    return 1, code
            if depth <= 1:
                return 0, -1
            candidates = [m for m in moves_list if m[2] < 0]
            if self.threats_only and depth >= 3 and (seat + 1) % self.seats not in attackers:
                candidates = [m for m in candidates if self.first_win(m[1], seat, None) >= 0]  # threats
            candidates.sort(key=lambda m: self._attack_order(m[1]), reverse=True)
            for code, after, _ in candidates:
                plies = self._child(code, board, after, seat, banned, moves, depth - 1)
                if plies:
                    return plies + 1, code
            return 0, -1
        for _, _, winner in moves_list:  # a defender's move that wins for the defence refutes
            if winner >= 0 and winner not in attackers:
                return 0, -1
        open_moves = [m for m in moves_list if m[2] < 0]
        if not open_moves:  # every move hands the attackers a square (U15)
            return 1, -1
        if depth <= 1:
            return 0, -1
        open_moves.sort(key=lambda m: self._attack_order(m[1]))
        longest = 0
        for code, after, _ in open_moves:
            plies = self._child(code, board, after, seat, banned, moves, depth - 1)
            if not plies:
                return 0, code
            longest = max(longest, plies)
        return longest + 1, -1

    def _attack_order(self, board: Board) -> int:
        """The attackers' threat cells: attacking moves making more, defending moves leaving fewer, first."""
        return sum(threat_cells(board, s).bit_count() for s in self.attackers)

    def _child(self, code: int, board: Board, after: Board, seat: int, banned: Board | None, moves: int,
               depth: int) -> int:
        """:meth:`proves` after ``seat`` plays ``code`` (U12, U16 applied)."""
        if moves + 1 >= self.cap:
            return 0  # U16: the move cap draws
        nxt = (seat + 1) % self.seats
        ban = self._ban(code, board, banned)
        if code < 54:  # an insert: no earlier position can come back (U16)
            saved = self.path
            self.path = set()
            try:
                if self.repetition:
                    self.path.add(position_key(after, nxt))
                return self.proves(after, nxt, ban, moves + 1, depth)
            finally:
                self.path = saved
        if not self.repetition:
            return self.proves(after, nxt, ban, moves + 1, depth)
        key = position_key(after, nxt)
        if key in self.path:
            return 0  # met before: proves nothing (U16)
        self.path.add(key)
        try:
            return self.proves(after, nxt, ban, moves + 1, depth)
        finally:
            self.path.discard(key)

    def line(self, state: CubulusState) -> tuple[CubulusAction, ...]:
        """A line of the proved result, read from the table: the attackers' proving moves and the
        defence's longest resistance."""
        line: list[CubulusAction] = []
        board, seat, banned, moves = state.board, state.to_move, state.banned, state.moves
        while True:
            moves_list = self.children(board, seat, banned)
            if seat in self.attackers:
                won = [m for m in moves_list if m[2] >= 0 and m[2] in self.attackers]
                proving = self._entry(board, seat, banned, moves)[2]
                found = won or [m for m in moves_list if m[0] == proving]
                if not found:  # not proved here (never so after a finished proof)
                    return tuple(line)
                chosen = found[0]
            else:
                open_moves = [m for m in moves_list if m[2] < 0]
                nxt = (seat + 1) % self.seats
                chosen = max(open_moves, key=lambda m: self._entry(m[1], nxt, self._ban(m[0], board, banned),
                                                                   moves + 1)[0]) if open_moves else moves_list[0]
            line.append(action_of(chosen[0]))
            code, after, winner = chosen
            if winner >= 0 or len(line) > 64:
                return tuple(line)
            board, seat, banned, moves = after, (seat + 1) % self.seats, self._ban(code, board, banned), moves + 1

    def _entry(self, board: Board, seat: int, banned: Board | None, moves: int) -> tuple[int, int, int]:
        return self.table.get((board, seat, banned, moves if self.near_cap else 0), (_NEVER, -1, -1))

    def _ban(self, code: int, board: Board, banned: Board | None) -> Board | None:
        """The board U12 forbids after ``code`` is played from ``board``."""
        return banned if code == PASS_CODE else board if code >= 54 and self.no_undo else None


def forced_outcome(state: CubulusState, max_nodes: int = DEFAULT_NODES, max_plies: int = 9,
                   threats_only: bool = False) -> Outcome:
    """Whether the seat to move forces a win, or the others force its loss, within ``max_plies``.

    Searches a win in 1 ply, a loss in 2, a win in 3, … (a win or loss in fewer plies first),
    sharing ``max_nodes`` between the two proofs; a game already over reports its result for the
    seat that moved last (its ``to_move`` once over). ``threats_only``: see :class:`Prover`.
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
    others = frozenset(range(state.game.num_players)) - {seat}
    win = Prover(state, frozenset({seat}), max_nodes, max_plies, threats_only)
    loss = Prover(state, others, max_nodes, max_plies, threats_only)
    searched = 0
    try:
        for plies in range(1, max_plies + 1):
            for prover, result in ((win, "win"), (loss, "loss")):
                prover.max_nodes = max_nodes - win.nodes - loss.nodes + prover.nodes
                found = prover.proves(state.board, seat, state.banned, state.moves, plies)
                if found:
                    nodes = win.nodes + loss.nodes
                    return Outcome(result, prover.line(state), found, nodes, plies - 1)  # type: ignore[arg-type]
            searched = plies
    except _OutOfBudget:
        pass
    return Outcome("unknown", nodes=win.nodes + loss.nodes, searched=searched)


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
    others = frozenset(range(state.game.num_players)) - {seat}
    prover = Prover(state, others, max_nodes, max_plies, threats_only)
    try:
        for plies in range(1, max_plies + 1):
            found = prover.proves(state.board, state.to_move, state.banned, state.moves, plies)
            if found:
                return Outcome("loss", prover.line(state), found, prover.nodes, plies - 1)
    except _OutOfBudget:
        pass
    return Outcome("unknown", nodes=prover.nodes)


__all__ = ["DEFAULT_NODES", "PASS_CODE", "Outcome", "Prover", "Result", "action_of", "code_of", "forced_loss",
           "forced_outcome", "losing_moves", "move_holes", "winner_after"]
