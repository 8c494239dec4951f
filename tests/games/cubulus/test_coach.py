"""Cubulus's coach (issue #20, item 6): the moves that lose by force, the ones that win, the bot's move."""

from __future__ import annotations

import random

from tabletop.games.cubulus.coach import coach
from tabletop.games.cubulus.game import Cubulus
from tabletop.games.cubulus.solver import forced_outcome
from tabletop.games.cubulus.state import CubulusState

from .helpers import RED, two_players


def board_position(game: Cubulus, text: str) -> CubulusState:
    """Red to move on the board ``text`` (27 characters in cell order, as views write it)."""
    return game.position({f"{n // 9}{n // 3 % 3}{n % 3}": int(ch) for n, ch in enumerate(text) if ch != "."})


def test_u15_the_block_is_preferred_though_the_solver_proves_every_move_loses() -> None:
    """Blue threatens a square; of red's moves only shift L021 leaves blue no square at once — the
    search at this budget sees nothing more — but the endgame solver proves blue still wins in five
    plies after it (insert B220, shift F200, shift R221, insert L000, insert L012): every move loses by
    force, and the coach prefers the block, the longest defence."""
    game = two_players()
    state = board_position(game, "222112011.22000.1.121.2.200")
    advice = coach(game, state.view(RED), RED, budget=3_000)
    assert advice is not None and advice.kind == "move"
    assert set(advice.actions) == {str(a) for a in state.legal_actions()}
    assert all(f["loses"] for f in advice.actions.values())
    assert advice.best == "shift L021" and advice.value("shift L021") == 0.0
    proof = forced_outcome(state.apply(game.parse_action("shift L021")), max_nodes=3_000, max_plies=6)
    assert proof.result == "win" and str(proof.line[0]) == "insert B220"


def test_u15_a_move_that_makes_the_square_wins_by_force() -> None:
    game = two_players()
    state = game.position({"000": 0, "001": 0, "100": 0, "220": 1, "221": 1, "210": 1})
    advice = coach(game, state.view(RED), RED, budget=1_000)
    assert advice is not None and advice.actions[str(advice.best)]["wins"] is True
    assert state.apply(game.parse_action(str(advice.best))).is_terminal


def test_no_advice_for_the_seat_not_to_move_nor_for_the_neutral_set_up_u13() -> None:
    game = two_players()
    state = game.position({"000": 0, "001": 0, "100": 0})
    assert coach(game, state.view(1), 1) is None
    set_up = game.initial_state()
    while set_up.is_chance:
        set_up = set_up.apply(set_up.sample_chance(random.Random(2)))
    assert coach(game, set_up.view(set_up.current_player), set_up.current_player) is None
