"""The Cubulus expert: alpha-beta search on the bitboard kernel, for two or three players.

The agent decides from its view alone (the game has perfect information, so the view rebuilds
the state exactly). Its search runs on plain masks, not on states: a node is the board, the seat
to move, the board the next move may not recreate (U12) and the moves made (U16's cap). Children
are the inserts (U10) — one per distinct resulting board, since every hole into an empty cell gives
the same board — and the shifts of full lines that change something (U11) and do not undo the
last shift (U12), or a pass (U14). Each move's win is found as the rules find it (U15: a square
made for another seat wins for them first), and a position met before on the path or in the
game's history since the last insert scores as a draw (U16's repetition, read cautiously).

Search is iterative-deepening alpha-beta under a budget of work (and, for ``hard``, of time) with
a transposition table, principal variation search, and moves ordered by the table's best move,
then near the root by their static score and deeper by killer and history tables. With two
players it is minimax; with three, *paranoid*: the other two seats play against the deciding one. The leaves
are scored by :mod:`.evaluation` — square weights and threat cells — and a side to move holding a
threat cell and a ball scores as the win it is; a horizon where another seat holds one is searched
a ply further, once per line, to see whether the threat can be met. The neutral set-up (U13) is the one that did best
for the seat that places it and moves second, measured against MCTS (:mod:`.neutral`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, Final

from tabletop.core import Agent, Decision, TabletopError
from tabletop.core.extras import available
from tabletop.games.cubulus.actions import PLACES, CubulusAction, Insert, Pass, Place, Shift
from tabletop.games.cubulus.board import BALLS_PER_COLOUR, Board, insert, position_key, shift
from tabletop.games.cubulus.evaluation import board_terms, threat_cells, threat_value
from tabletop.games.cubulus.geometry import LINE_MASK
from tabletop.games.cubulus.neutral import SETUPS, neutral_cell
from tabletop.games.cubulus.phases import Phase
from tabletop.games.cubulus.proof_numbers import proved_loss, proved_outcome
from tabletop.games.cubulus.solver import (
    PASS_CODE,
    Outcome,
    code_of,
    forced_loss,
    forced_outcome,
    move_holes,
    winner_after,
)
from tabletop.games.cubulus.state import CubulusState

if TYPE_CHECKING:
    from tabletop.games.cubulus.game import Cubulus

WIN: Final = 1_000_000
"""The score of a won position (less the plies it takes, so quicker wins score higher)."""
_EXACT, _LOWER, _UPPER = 0, 1, 2
_CHECK_EVERY: Final = 256
TEMPO: Final = 15
"""What having the move is worth to a leaf's score."""


class _OutOfBudget(Exception):
    """The node or time budget ran out mid-iteration: the last finished iteration stands."""


@dataclass(frozen=True, slots=True)
class Level:
    """A named strength: how deep and how long the expert may think, and how much noise it adds.

    ``max_nodes`` is a budget of work (positions visited, plus one per eight moves generated), so
    a level without ``time_budget`` gives the same answer for the same position and seed on any
    machine. No named level sets ``time_budget``: it is an opt-in for a caller who wants a bound in
    seconds and gives up reproducibility for it (the move then depends on the machine and its load).
    """

    max_depth: int
    max_nodes: int
    time_budget: float | None = None  #: seconds per decision, or None for the work budget alone
    noise: int = 0  #: a random amount up to this is added to each root move's score (easy)
    extend: bool = True  #: search one ply more at a horizon where another seat threatens a win
    solve_nodes: int = 0  #: the endgame solver's budget per proof (:mod:`.solver`); 0: no solver
    solve_plies: int = 7  #: how many plies deep the solver looks for forced wins and losses
    solve_moves: int = 4  #: how many best-scored moves are checked for a forced loss, at most
    solve_threats: bool = False  #: the solver's attackers try threats only (:class:`.solver.Prover`), deeper
    solve_proof_numbers: bool = False  #: the solver is proof-number search (:mod:`.proof_numbers`), not depth-first
    compiled: bool = False  #: search and prove in machine code (:mod:`.compiled`, an extra): same answers, ~50× sooner


LEVELS: Final[Mapping[str, Level]] = {
    "easy": Level(max_depth=2, max_nodes=1_500, noise=300),
    "normal": Level(max_depth=12, max_nodes=5_000),
    "hard": Level(max_depth=20, max_nodes=160_000, solve_nodes=24_000, solve_plies=11, solve_threats=True,
                  solve_proof_numbers=True, compiled=True),
}
"""The expert's levels (bots issue: easy | normal | hard)."""


class _Search:
    """One decision's search: the game's rules as masks, a transposition table and a budget."""

    def __init__(self, game: Cubulus, root_seat: int, level: Level, history: frozenset[int]) -> None:
        self.seats = game.num_players
        self.allow_null = game.allow_null_shift
        self.no_undo = game.no_undo
        self.move_cap = game.move_cap
        self.root = root_seat
        self.level = level
        self.seen = set(history)  # positions since the last insert: meeting one again scores a draw
        self.table: dict[tuple[Board, int, Board | None], tuple[int, int, int, int]] = {}
        self.killers: dict[int, int] = {}
        self.history_score = [0] * (PASS_CODE + 1)
        self.leaves: dict[tuple[Board, int], tuple[int, bool]] = {}
        self.extending = False
        self.nodes = 0  #: work done: positions visited, and one per eight moves made in generating
        self.next_check = _CHECK_EVERY
        self.deadline = None if level.time_budget is None else time.perf_counter() + level.time_budget

    # --- the rules on masks ------------------------------------------------------------------

    def children(self, board: Board, seat: int, banned: Board | None) -> list[tuple[int, Board, int]]:
        """Every move as ``(code, board after, winner or −1)``; code = hole, 54 + hole for a shift."""
        inserts, full = move_holes(board[0] | board[1] | board[2])
        found: list[tuple[int, Board, int]] = []
        seats = self.seats
        if inserts and board[seat].bit_count() < BALLS_PER_COLOUR:
            for hole in inserts:
                after = insert(board, seat, hole)
                found.append((hole, after, winner_after(board, after, seats, seat)))
        for hole in full:
            if not self.allow_null:
                line = LINE_MASK[hole]
                if board[0] & line == line or board[1] & line == line or board[2] & line == line:
                    continue
            after = shift(board, hole)
            if after == banned:
                continue
            found.append((54 + hole, after, winner_after(board, after, seats, seat)))
        self.nodes += len(found) >> 3
        return found

    def evaluate(self, board: Board, seat: int) -> int:
        """The static score for the root seat, with ``seat`` to move."""
        return self.judge(board, seat)[0]

    def judge(self, board: Board, seat: int) -> tuple[int, bool]:
        """:meth:`evaluate`'s score, and whether another seat threatens to win on its next insert
        (a position too sharp to judge statically); memoised for the decision."""
        key = (board, seat)
        known = self.leaves.get(key)
        if known is not None:
            return known
        values = []
        win_now = threatened = False
        for colour, (value, threats) in enumerate(board_terms(board, self.seats)):
            if threats and board[colour].bit_count() < BALLS_PER_COLOUR:
                if colour == seat:
                    win_now = True  # an insert into the empty fourth cell wins (U10, U15)
                else:
                    threatened = True
                value += threat_value(threats)
            values.append(value)
        if win_now:
            known = (WIN - 1 if seat == self.root else -(WIN - 1)), False
        else:
            others = max(v for c, v in enumerate(values) if c != self.root)
            known = values[self.root] - others + (TEMPO if seat == self.root else -TEMPO), threatened
        self.leaves[key] = known
        return known

    def leaf(self, board: Board, seat: int, banned: Board | None, moves: int, ply: int, alpha: int,
             beta: int) -> int:
        """A position at the search horizon: counted, then judged — and when another seat threatens
        a win, searched one ply more (once per line of play) to see whether the threat can be met."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.next_check += _CHECK_EVERY
            self.check_budget()
        score, threatened = self.judge(board, seat)
        if not threatened or self.extending or not self.level.extend:
            return score
        self.extending = True
        try:
            return self.frontier(board, seat, banned, moves, ply, alpha, beta, -1)[0]
        finally:
            self.extending = False

    # --- alpha-beta (paranoid with three players) --------------------------------------------

    def value(self, board: Board, seat: int, banned: Board | None, moves: int, depth: int, ply: int,
              alpha: int, beta: int) -> int:
        """The minimax value for the root seat, within (alpha, beta) as alpha-beta bounds it."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.next_check += _CHECK_EVERY
            self.check_budget()
        if depth <= 0:
            return self.evaluate(board, seat)
        key = (board, seat, banned)
        entry = self.table.get(key)
        best_code = -1
        if entry is not None:
            stored_depth, stored, bound, best_code = entry
            if stored_depth >= depth and (bound == _EXACT or (bound == _LOWER and stored >= beta)
                                          or (bound == _UPPER and stored <= alpha)):
                return stored
        if depth == 1:
            best, best_code = self.frontier(board, seat, banned, moves, ply, alpha, beta, best_code)
            self.table[key] = (depth, best, self._bound(best, alpha, beta), best_code)
            return best
        maximising = seat == self.root
        moves_list = self.children(board, seat, banned)
        nxt = (seat + 1) % self.seats
        if not moves_list:  # U14: a pass keeps the ban
            return self.after(board, nxt, banned, moves + 1, depth - 1, ply + 1, alpha, beta, None)
        for _, _, winner in moves_list:  # a win ends the game: take it at once
            if winner == seat:
                score = WIN - ply
                return score if maximising else -score
        killer = self.killers.get(ply, -1)
        history = self.history_score
        sign = 1 if maximising else -1
        # near the root, where nodes are few, the static score of each child orders them best
        static = {code: sign * self.evaluate(after, nxt) for code, after, winner in moves_list
                  if winner < 0} if depth >= 3 else {}

        def order(move: tuple[int, Board, int]) -> int:
            code, _, winner = move
            if winner >= 0:
                return -10**9  # hands a square to another seat: last
            if code == best_code:
                return 10**9
            if code == killer:
                return 10**8
            return static[code] if static else history[code]

        moves_list.sort(key=order, reverse=True)
        original_alpha, original_beta = alpha, beta
        best = -WIN * 2 if maximising else WIN * 2
        best_move = -1
        for index, (code, after, winner) in enumerate(moves_list):
            if winner >= 0:  # another seat's square: they win (U15)
                score = WIN - ply - 1
                score = score if winner == self.root else -score
            else:
                ban = banned if code == PASS_CODE else board if code >= 54 and self.no_undo else None
                fresh = code < 54
                if index == 0:
                    score = self.after(after, nxt, ban, moves + 1, depth - 1, ply + 1, alpha, beta, fresh)
                else:  # principal variation search: prove the move no better with a null window first
                    low, high = (alpha, alpha + 1) if maximising else (beta - 1, beta)
                    score = self.after(after, nxt, ban, moves + 1, depth - 1, ply + 1, low, high, fresh)
                    if alpha < score < beta:
                        score = self.after(after, nxt, ban, moves + 1, depth - 1, ply + 1, alpha, beta, fresh)
            if maximising:
                if score > best:
                    best, best_move = score, code
                alpha = max(alpha, score)
            else:
                if score < best:
                    best, best_move = score, code
                beta = min(beta, score)
            if alpha >= beta:
                self.killers[ply] = code
                history[code] += depth * depth
                break
        self.table[key] = (depth, best, self._bound(best, original_alpha, original_beta), best_move)
        return best

    def frontier(self, board: Board, seat: int, banned: Board | None, moves: int, ply: int, alpha: int, beta: int,
                 best_code: int) -> tuple[int, int]:
        """``value`` one ply above the leaves, with its best move: the moves are made one at a time in
        history order, so a cut-off spares making the rest (most of the work at this depth)."""
        maximising = seat == self.root
        in_hand = board[seat].bit_count() < BALLS_PER_COLOUR
        if in_hand and threat_cells(board, seat):  # an insert into the empty fourth cell wins (U10)
            score = WIN - ply - 1
            return (score if maximising else -score), -1
        inserts, full = move_holes(board[0] | board[1] | board[2])
        codes = list(inserts) if in_hand else []
        codes += [54 + hole for hole in full]
        if not codes:
            return self.after(board, (seat + 1) % self.seats, banned, moves + 1, 0, ply + 1, alpha, beta, None), -1
        history, killer = self.history_score, self.killers.get(ply, -1)
        codes.sort(key=history.__getitem__, reverse=True)
        for first in (killer, best_code):  # the table's move first, then the killer
            if first >= 0 and first in codes:
                codes.remove(first)
                codes.insert(0, first)
        nxt = (seat + 1) % self.seats
        best = -WIN * 2 if maximising else WIN * 2
        best_move, moved = -1, False
        for code in codes:
            if code < 54:
                after = insert(board, seat, code)
                ban: Board | None = None
            else:
                hole = code - 54
                line = LINE_MASK[hole]
                if not self.allow_null and (board[0] & line == line or board[1] & line == line
                                            or board[2] & line == line):
                    continue
                after = shift(board, hole)
                if after == banned:
                    continue
                ban = board if self.no_undo else None
            moved = True
            winner = winner_after(board, after, self.seats, seat)
            if winner >= 0:
                score = WIN - ply - 1
                score = score if winner == self.root else -score
            else:
                score = self.after(after, nxt, ban, moves + 1, 0, ply + 1, alpha, beta, code < 54)
            if maximising:
                if score > best:
                    best, best_move = score, code
                alpha = max(alpha, score)
            else:
                if score < best:
                    best, best_move = score, code
                beta = min(beta, score)
            if alpha >= beta:
                self.killers[ply] = code
                history[code] += 1
                break
        if not moved:  # every shift was barred: U14's pass
            return self.after(board, nxt, banned, moves + 1, 0, ply + 1, alpha, beta, None), -1
        return best, best_move

    @staticmethod
    def _bound(best: int, alpha: int, beta: int) -> int:
        if best <= alpha:
            return _UPPER
        if best >= beta:
            return _LOWER
        return _EXACT

    def after(self, board: Board, seat: int, banned: Board | None, moves: int, depth: int, ply: int,
              alpha: int, beta: int, fresh: bool | None) -> int:
        """The value of the position a move led to, with U16's draws."""
        if moves >= self.move_cap:
            return 0
        key = position_key(board, seat)
        if depth <= 0:
            return 0 if not fresh and key in self.seen else self.leaf(board, seat, banned, moves, ply, alpha, beta)
        if fresh:  # an insert: the history since the last insert starts afresh
            saved = self.seen
            self.seen = {key}
            try:
                return self.value(board, seat, banned, moves, depth, ply, alpha, beta)
            finally:
                self.seen = saved
        if key in self.seen:
            return 0
        self.seen.add(key)
        try:
            return self.value(board, seat, banned, moves, depth, ply, alpha, beta)
        finally:
            self.seen.discard(key)

    def check_budget(self) -> None:
        """Raise :class:`_OutOfBudget` once the node or time budget is spent."""
        if self.nodes >= self.level.max_nodes or (
                self.deadline is not None and time.perf_counter() > self.deadline):
            raise _OutOfBudget


class CubulusExpert:
    """Alpha-beta over the bitboards with a heuristic evaluation; see the module docstring.

    ``level`` names one of :data:`LEVELS` or is a :class:`Level` itself; ``setups`` are the neutral
    set-ups (U13, nine cells each) it places, in order of preference (:data:`.neutral.SETUPS`, the
    measured best, unless a study of set-ups chooses others). A compiled level (``hard``) needs Numba, the
    ``compiled`` extra: where it is not installed (the core install) making one raises :class:`TabletopError`
    ``compiled_missing``, naming the extra, and ``easy`` and ``normal`` play as ever.
    """

    def __init__(self, level: str | Level = "normal", name: str | None = None,
                 setups: Sequence[Sequence[int]] = SETUPS) -> None:
        self.level = LEVELS[level] if isinstance(level, str) else level
        if self.level.compiled and not available("numba"):
            named = level if isinstance(level, str) else None
            raise TabletopError(f"Cubulus's {named or 'compiled'} level needs numba, which is not installed: "
                                "pip install 'tabletop[compiled]'; or choose easy or normal, which play without it",
                                code="compiled_missing", params={"level": named, "extra": "compiled"})
        self.name = name or (f"cubulus-{level}" if isinstance(level, str) else "cubulus-expert")
        if any(len(set(setup)) != 9 or not all(0 <= cell < 27 for cell in setup) for setup in setups):
            raise ValueError(f"a neutral set-up is nine different cells 0–26, not {list(map(list, setups))}")
        self.setups = setups

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        """The legal action the search likes best (ties and easy's noise drawn from ``rng``)."""
        legal = list(decision.legal_actions)
        if len(legal) == 1:
            return legal[0]
        game = decision.game
        if game.name != "cubulus":
            raise ValueError(f"the Cubulus expert plays Cubulus, not {game.name}")
        state = game.state_from_view(decision.view, rng)
        assert isinstance(state, CubulusState)
        if state.phase is Phase.SETUP:
            return self.place(state, legal, rng)
        return self.play(state, legal, rng)

    # --- play --------------------------------------------------------------------------------

    def play(self, state: CubulusState, legal: list[CubulusAction], rng: random.Random) -> CubulusAction:
        """Iterative deepening over the legal actions of a play position; with the endgame solver, a
        forced result is played out and the best-scored moves are checked for a forced loss."""
        level = self.level
        if level.solve_nodes:
            outcome = (_prover(level, "proved_outcome") if level.solve_proof_numbers else forced_outcome)(
                state, level.solve_nodes, level.solve_plies, level.solve_threats)
            if outcome.result in ("win", "loss") and outcome.line and outcome.line[0] in legal:
                return outcome.line[0]  # the quickest win, or the longest defence
        scores = self.root_scores(state, legal, level)
        if level.noise:
            scores = {a: s + rng.randrange(level.noise + 1) for a, s in scores.items()}
        if level.solve_nodes:
            self.avoid_forced_losses(state, legal, scores)
        top = max(scores.values())
        best = [a for a in legal if scores[a] == top]
        return best[rng.randrange(len(best))]

    def avoid_forced_losses(self, state: CubulusState, legal: list[CubulusAction],
                            scores: dict[CubulusAction, int]) -> None:
        """Check the best-scored moves, best first, until one is not proved to lose by force (each
        proved loss scores as that loss, quicker ones lower), ``solve_moves`` moves at most."""
        level, seat = self.level, state.to_move
        checked: set[CubulusAction] = set()
        for _ in range(level.solve_moves):
            best = max((a for a in legal if a not in checked), key=scores.__getitem__, default=None)
            if best is None or abs(scores[best]) >= WIN - 100:
                return  # nothing left, or a result the search proved itself
            checked.add(best)
            after = state.apply(best)
            if after.is_terminal:
                return
            proof = (_prover(level, "proved_loss") if level.solve_proof_numbers else forced_loss)(
                after, seat, level.solve_nodes, level.solve_plies - 1, level.solve_threats)
            if proof.result != "loss":
                return
            scores[best] = -(WIN - 1 - proof.plies)

    @staticmethod
    def root_scores(state: CubulusState, legal: list[CubulusAction], level: Level) -> dict[CubulusAction, int]:
        """Each legal action's score for the seat to move, from the deepest finished iteration."""
        game, seat = state.game, state.to_move
        search = _Search(game, seat, level, state.seen)
        children: list[tuple[CubulusAction, Board, int]] = []
        for action in legal:
            if isinstance(action, Pass):
                children.append((action, state.board, -1))
                continue
            code = code_of(action)
            hole = code % 54
            board = insert(state.board, seat, hole) if code < 54 else shift(state.board, hole)
            children.append((action, board, winner_after(state.board, board, game.num_players, seat)))
        for action, _, winner in children:
            if winner == seat:
                return {a: (WIN if a == action else 0) for a in legal}
        if level.compiled and level.time_budget is None:
            from tabletop.games.cubulus.compiled.search import compiled_root_scores  # numba takes a second to import

            return compiled_root_scores(state, legal, level.max_depth, level.max_nodes, bool(level.noise),
                                        level.extend)
        scores: dict[CubulusAction, int] = {a: 0 for a in legal}
        order = [a for a, _, _ in children]
        by_action = {a: (b, w) for a, b, w in children}
        nxt = (seat + 1) % game.num_players
        for depth in range(1, level.max_depth + 1):
            found: dict[CubulusAction, int] = {}
            alpha = window = -WIN * 2
            try:
                for action in order:
                    board, winner = by_action[action]
                    if winner >= 0:
                        score = -(WIN - 1)  # U15: a square made for another seat is theirs
                    elif state.repeated and position_key(board, nxt) in state.repeated:
                        score = 0  # U16: the third occurrence draws at once
                    else:
                        fresh = isinstance(action, Insert)
                        banned = state.banned if isinstance(action, Pass) else (
                            state.board if isinstance(action, Shift) and game.no_undo else None)
                        score = search.after(board, nxt, banned, state.moves + 1, depth - 1, 1,
                                             window, WIN * 2, fresh)
                    found[action] = score
                    alpha = max(alpha, score)
                    window = -WIN * 2 if level.noise else alpha - 1  # easy wants every score exact
            except _OutOfBudget:
                if depth == 1:  # not even one ply finished: judge the rest statically
                    for action in order:
                        if action not in found:
                            board, winner = by_action[action]
                            found[action] = -(WIN - 1) if winner >= 0 else search.evaluate(board, nxt)
                    return found
                keep_last_iteration(scores, found, order[0])
                break
            scores = found
            order.sort(key=lambda a: scores[a], reverse=True)
            if max(scores.values()) >= WIN - 100 or all(s <= -(WIN - 100) for s in scores.values()):
                break  # a forced result: deeper search changes nothing
        return scores

    # --- the neutral set-up (U13) ------------------------------------------------------------

    def place(self, state: CubulusState, legal: list[CubulusAction], rng: random.Random) -> CubulusAction:
        """U13: the next neutral ball of the first of its set-ups that fits (see :mod:`.neutral`)."""
        cells = [a.cell for a in legal if isinstance(a, Place)]
        return PLACES[neutral_cell(state.board[2], state.game.neutral_cells, cells, rng, self.setups)]


def keep_last_iteration(scores: dict[Any, int], found: Mapping[Any, int], lead: Any) -> None:
    """An iteration the budget cut short: the last finished one's ``scores`` stand, since a score from
    one depth is no measure of a score from another (the side to move at the leaves alternates, and
    the tempo and the threats with it). What the cut iteration settled is kept: a move it proved won
    or lost scores so, and a move it found better than the previous best ``lead`` (searched first,
    with the full window) goes to the top."""
    for action, score in found.items():
        if abs(score) >= WIN - 100:
            scores[action] = score
    if lead not in found:
        return
    better = [action for action in found if found[action] > found[lead]]
    if better:
        top = max(better, key=found.__getitem__)
        if abs(found[top]) < WIN - 100:
            scores[top] = max(scores.values()) + 1


def _prover(level: Level, name: str) -> Callable[..., Outcome]:
    """``proved_outcome`` or ``proved_loss``, compiled if the level says so (:mod:`.compiled.proof`)."""
    if level.compiled:
        from tabletop.games.cubulus.compiled import proof  # numba takes a second to import

        return proof.proved_outcome if name == "proved_outcome" else proof.proved_loss
    return proved_outcome if name == "proved_outcome" else proved_loss


def make_levels() -> dict[str, Callable[[], Agent]]:
    """The expert's factories by level name, for :meth:`Cubulus.bots`."""
    return {name: partial(CubulusExpert, name) for name in LEVELS}


__all__ = ["LEVELS", "WIN", "CubulusExpert", "Level", "make_levels"]
