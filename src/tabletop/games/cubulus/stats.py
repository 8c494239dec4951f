"""Cubulus statistics of one seat in a finished game: its wins by the order it played in, and the forced wins it
had and missed, found by the proof search.

The order is the seat's place after the first player (U4, U9, U13: the one who inserts first, whoever placed the
neutral balls); the game is won by the seat whose square stands (U8, U15), or by the others' resignation (the
record's ending). At each of the seat's moves in play with a choice (U10–U14) the proof-number search
(:func:`.proof_numbers.proved_outcome`) asks whether the seat to move forces a square within :data:`PLIES` plies
whatever the others do; where it proves one, the move played is checked: it keeps a forced win when it is the
proof's own first move, makes the seat's square at once (U15), or leaves a position where the seat still forces
one within the plies left (:func:`.proof_numbers.prove`, threats first, then every move). A move after which the
search *disproves* that — no forced win within the plies left, every defence searched — missed the win; a move
it cannot settle within :data:`NODES` positions is not counted either way (``unsettled``), nor is a position
whose own search did not conclude. A proof holds exactly (no evaluation is involved); a line that repeats a
position since the last insert proves nothing (U16), so "missed" is judged on the same safe side. Work is
counted in positions made, so the same game gives the same statistics on any machine; the CPU budget only stops
the analysis early, and says so.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from tabletop.core.compiling import compiled
from tabletop.core.ending import ended_result
from tabletop.core.statistics import Budget, Figure, SeatStatistics, moves
from tabletop.games.cubulus.phases import Phase
from tabletop.games.cubulus.proof_numbers import prove, proved_outcome
from tabletop.games.cubulus.solver import position_of

if TYPE_CHECKING:
    from tabletop.core.record import Record
    from tabletop.games.cubulus.game import Cubulus
    from tabletop.games.cubulus.state import CubulusState

NODES = 10_000
"""Positions each proof may make (a few milliseconds compiled; a position needs at most three proofs)."""
PLIES = 9
"""The longest forced win looked for, in plies of both sides (the winning move included)."""
SECONDS = 3.0
"""The CPU a game's analysis may take by default (some 300 of a seat's moves at the most a proof costs)."""
ORDERS = ("first", "second", "third")

FIGURES = (
    *(Figure(f"wins_{order}", f"won_{order}", per=f"games_{order}", unit="share") for order in ORDERS),
    *(Figure(f"games_{order}", f"games_{order}") for order in ORDERS),
    Figure("games", "games"),
    Figure("games_missed", "games_missed"),
    Figure("games_missed_share", "games_missed", per="games", unit="share"),
    Figure("positions", "positions"),
    Figure("forced_wins", "forced_wins"),
    Figure("missed_wins", "missed_wins"),
    Figure("missed_share", "missed_wins", per="forced_wins", unit="share"),
    Figure("unsettled", "unsettled"),
)
"""What a profile shows (``GameSpec.statistics``): the share of games won as first, second and third player and
how many; the games with a forced win missed (and their share); the positions searched, those with a forced win
and those missed (and their share); the positions the search could not settle."""


def seat_statistics(game: Cubulus, record: Record, seat: int, seconds: float | None = None) -> SeatStatistics:
    """``seat``'s totals in a finished game's ``record`` (:data:`FIGURES` reads them), its moves analysed within
    ``seconds`` of CPU (None: :data:`SECONDS`)."""
    totals = {name: 0.0 for figure in FIGURES for name in (figure.total, figure.per) if name}
    _machine_code_ready(game)
    budget = Budget(SECONDS if seconds is None else seconds)
    complete = True
    first: int | None = None
    state: CubulusState = game.initial_state()
    for before, text, after in moves(game, record):
        state = after
        if before.phase is not Phase.PLAY:
            continue
        if first is None:
            first = before.to_move
        if before.to_move != seat or len(before.legal_actions()) < 2 or not complete:
            continue
        if budget.spent:
            complete = False
            continue
        _judge_move(before, text, after, seat, totals)
    totals["games_missed"] = 1.0 if totals["missed_wins"] else 0.0
    if first is not None:
        order = ORDERS[(seat - first) % game.num_players]
        returns = tuple(state.returns()) if record.ending is None else ended_result(state, record.ending)[0]
        won = returns[seat] == max(returns) > min(returns)
        totals["games"] = 1.0
        totals[f"games_{order}"] = 1.0
        totals[f"won_{order}"] = 1.0 if won else 0.0
    return SeatStatistics(totals, complete)


@cache
def _machine_code_ready(game: Cubulus) -> None:
    """Run both proofs once on an empty cube, so their machine code is compiled or loaded (seconds, once a
    process) before the budget counts: the budget is for the analysis."""
    from tabletop.games.cubulus.state import start

    empty = start(game.__class__(players=game.num_players, neutral_cells="all"), 0)
    while empty.phase is not Phase.PLAY:  # (two players: the neutral balls first, U13)
        empty = empty.apply(empty.legal_actions()[0])
    proved_outcome(empty, 1, 1)
    compiled(prove)(*position_of(empty), 1, 1, 1, True)


def _judge_move(before: CubulusState, text: str, after: CubulusState, seat: int, totals: dict[str, float]) -> None:
    """The proof search at one of the seat's moves: a forced win it had, and whether the move played kept it."""
    totals["positions"] += 1
    found = proved_outcome(before, NODES, PLIES)
    if found.result != "win":
        if found.result == "unknown" and found.nodes >= NODES:  # not concluded: a win or none within the plies
            totals["unsettled"] += 1
        return
    kept = _keeps_win(after, seat, text == str(found.line[0]) if found.line else False)
    if kept is None:
        totals["unsettled"] += 1
        return
    totals["forced_wins"] += 1
    totals["missed_wins"] += 0.0 if kept else 1.0


def _keeps_win(after: CubulusState, seat: int, proof_move: bool) -> bool | None:
    """Whether ``seat`` still forces a win after its move (within the plies left): True, False (disproved), or
    None when the search could not settle it within :data:`NODES` positions."""
    if proof_move:
        return True
    if after.phase is Phase.OVER:
        return after.winner == seat
    made = 0
    for threats_only in (True, False):  # threats alone are cheaper to prove with; a disproof must try every move
        answer = compiled(prove)(*position_of(after), 1 << seat, NODES, PLIES - 1, threats_only)
        if answer[0] == 0:
            return True
        made = int(answer[2])
    return False if made < NODES else None
