"""Cubulus's coach (issue #20, item 6): the moves that lose by force, the ones that win, the bot's move."""

from __future__ import annotations

import random

from tabletop.games.cubulus.coach import coach
from tabletop.games.cubulus.game import Cubulus
from tabletop.games.cubulus.state import CubulusState

from .helpers import RED, two_players


def board_position(game: Cubulus, text: str) -> CubulusState:
    """Red to move on the board ``text`` (27 characters in cell order, as views write it)."""
    return game.position({f"{n // 9}{n // 3 % 3}{n % 3}": int(ch) for n, ch in enumerate(text) if ch != "."})


def test_u15_every_move_but_the_block_loses_by_force_and_the_block_is_preferred() -> None:
    """Blue threatens a square; of red's moves only shift L021 leaves blue no winning reply."""
    game = two_players()
    state = board_position(game, "222112011.22000.1.121.2.200")
    advice = coach(game, state.view(RED), RED, budget=3_000)
    assert advice is not None and advice.kind == "move"
    assert set(advice.actions) == {str(a) for a in state.legal_actions()}
    losing = {a for a, f in advice.actions.items() if f["loses"]}
    assert losing == set(advice.actions) - {"shift L021"}
    assert advice.best == "shift L021" and advice.value("shift L021") == 0.5


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
