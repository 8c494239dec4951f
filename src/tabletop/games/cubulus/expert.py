"""The Cubulus expert: alpha-beta search on the kernel's masks, for two or three players.

The agent decides from its view alone (the game has perfect information, so the view rebuilds the
state exactly). Its search (:mod:`.search`) runs on masks, not on states, under a budget of work, so a
level gives the same move for the same position and seed on any machine; with the ``compiled`` extra
(Numba) the search and the proofs of :mod:`.proof_numbers` run as machine code, the same source some
fifty times sooner, and ``hard``, whose budgets only machine code meets in time, needs it. ``hard``
also proves: a forced win or loss found by proof-number search is played out, and the best-scored
moves are checked for a forced loss before one is chosen. The neutral set-up (U13) is the one that
did best for the seat that places it and moves second, measured against MCTS (:mod:`.neutral`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Final

from tabletop.core import Agent, Decision, TabletopError
from tabletop.core.compiling import compiled, ints
from tabletop.core.extras import available
from tabletop.games.cubulus.actions import PLACES, CubulusAction, Place
from tabletop.games.cubulus.board import position_key
from tabletop.games.cubulus.kernel import (
    HOLE_COUNT,
    NO_BAN,
    PASS_CODE,
    banned_after,
    insert,
    shift,
    window_keys,
    winner_after,
)
from tabletop.games.cubulus.neutral import SETUPS, neutral_cell
from tabletop.games.cubulus.phases import Phase
from tabletop.games.cubulus.proof_numbers import proved_loss, proved_outcome
from tabletop.games.cubulus.search import WIN, root_scores
from tabletop.games.cubulus.solver import code_of, forced_loss, forced_outcome
from tabletop.games.cubulus.state import CubulusState


@dataclass(frozen=True, slots=True)
class Level:
    """A named strength: how deep and how much the expert may think, and how much noise it adds.

    ``max_nodes`` is a budget of work (positions visited, plus one per eight moves generated), never of
    seconds, so a level gives the same answer for the same position and seed on any machine.
    """

    max_depth: int
    max_nodes: int
    noise: int = 0  #: a random amount up to this is added to each root move's score (easy)
    extend: bool = True  #: search one ply more at a horizon where another seat threatens a win
    solve_nodes: int = 0  #: the endgame solver's budget per proof (:mod:`.solver`); 0: no solver
    solve_plies: int = 7  #: how many plies deep the solver looks for forced wins and losses
    solve_moves: int = 4  #: how many best-scored moves are checked for a forced loss, at most
    solve_threats: bool = False  #: the solver's attackers try threats only (:func:`.solver.deepen`), deeper
    solve_proof_numbers: bool = False  #: the solver is proof-number search (:mod:`.proof_numbers`), not depth-first
    compiled: bool = False  #: needs machine code (the ``compiled`` extra): in Python its budgets take too long


LEVELS: Final[Mapping[str, Level]] = {
    "easy": Level(max_depth=2, max_nodes=1_500, noise=300),
    "normal": Level(max_depth=12, max_nodes=5_000),
    "hard": Level(max_depth=20, max_nodes=160_000, solve_nodes=24_000, solve_plies=11, solve_threats=True,
                  solve_proof_numbers=True, compiled=True),
}
"""The expert's levels (bots issue: easy | normal | hard)."""


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
            outcome = (proved_outcome if level.solve_proof_numbers else forced_outcome)(
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
            proof = (proved_loss if level.solve_proof_numbers else forced_loss)(
                after, seat, level.solve_nodes, level.solve_plies - 1, level.solve_threats)
            if proof.result != "loss":
                return
            scores[best] = -(WIN - 1 - proof.plies)

    @staticmethod
    def root_scores(state: CubulusState, legal: list[CubulusAction], level: Level) -> dict[CubulusAction, int]:
        """Each legal action's score for the seat to move, from the deepest iteration the budget finished
        (:func:`.search.root_scores`), in the order that iteration searched them; a move that wins at once
        scores :data:`~.search.WIN`, the others 0."""
        game, seat, board = state.game, state.to_move, state.board
        seats = game.num_players
        nxt = (seat + 1) % seats
        banned = state.banned or NO_BAN
        afters: list[int] = []
        bans: list[int] = []
        winners: list[int] = []
        fresh: list[int] = []
        repeated: list[int] = []
        for action in legal:
            code = code_of(action)
            after, winner = board, -1
            if code != PASS_CODE:
                hole = code % HOLE_COUNT
                after = insert(board, seat, hole) if code < HOLE_COUNT else shift(board, hole)
                winner = winner_after(board, after, seats, seat, hole)
                if winner == seat:
                    return {a: (WIN if a == action else 0) for a in legal}
            afters += after
            bans += banned_after(code, board, banned, game.no_undo)
            winners.append(winner)
            fresh.append(code < HOLE_COUNT)
            repeated.append(bool(state.repeated) and position_key(after, nxt) in state.repeated)
        cfg = (seats, int(game.allow_null_shift), int(game.no_undo), game.move_cap, seat, level.max_nodes,
               int(level.extend))
        scores, order = compiled(root_scores)(ints(afters), ints(bans), ints(winners), ints(fresh), ints(repeated),
                                              ints(window_keys(state.seen)), state.moves, level.max_depth,
                                              bool(level.noise), cfg)
        return {legal[i]: int(scores[i]) for i in order}

    # --- the neutral set-up (U13) ------------------------------------------------------------

    def place(self, state: CubulusState, legal: list[CubulusAction], rng: random.Random) -> CubulusAction:
        """U13: the next neutral ball of the first of its set-ups that fits (see :mod:`.neutral`)."""
        cells = [a.cell for a in legal if isinstance(a, Place)]
        return PLACES[neutral_cell(state.board[2], state.game.neutral_cells, cells, rng, self.setups)]


def make_levels() -> dict[str, Callable[[], Agent]]:
    """The expert's factories by level name, for :meth:`Cubulus.bots`."""
    return {name: partial(CubulusExpert, name) for name in LEVELS}


__all__ = ["LEVELS", "WIN", "CubulusExpert", "Level", "make_levels"]
