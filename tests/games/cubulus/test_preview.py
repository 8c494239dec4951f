"""Previews (the preview capability): which ball each legal move sends where, as the browser draws it.

Putting every ball where a preview says must give the board the rules' own ``apply`` makes (U10 insert,
U11 shift, U13 place), over random legal play of two and three players; a pass and the draw of who starts
move no ball; the view's last move carries its moves too.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import Capability
from tabletop.games.cubulus import Cubulus, CubulusState, board_text
from tabletop.games.cubulus.actions import PASS, First
from tests.games.cubulus.helpers import BLUE, NEUTRAL, RED, set_line, two_players

CELL = {f"{n // 9}{n // 3 % 3}{n % 3}": n for n in range(27)}


def laid_out(board: str, moves: list[list[str | None]]) -> str:
    """The board with each moved ball put where it goes (what the browser does with a preview)."""
    cells = list(board)
    for start, _, _ in moves:
        if start is not None:
            cells[CELL[start]] = "."
    for _, end, ball in moves:
        assert end is not None
        cells[CELL[end]] = ball  # type: ignore[assignment]
    return "".join(cells)


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([2, 3]), seed=st.integers(0, 2**32 - 1))
def test_every_legal_moves_preview_leads_to_the_board_apply_makes(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state: CubulusState = Cubulus(players=players).initial_state()
    while not state.is_terminal:
        if state.is_chance:
            state = state.apply(state.sample_chance(rng))
            continue
        before = board_text(state.board)
        for action in state.legal_actions():
            shown = state.preview(action)
            if action is PASS:
                assert shown is None  # U14: a pass moves no ball
                continue
            assert shown is not None
            after = state.apply(action)
            assert laid_out(before, shown["moves"]) == board_text(after.board), action
            entering = [move for move in shown["moves"] if move[0] is None]
            assert len(entering) == (0 if str(action).startswith("shift") else 1), action
            last = after.view(0)["last"]
            assert last["moves"] == shown["moves"]  # the view's last move: the same moves
        state = state.apply(rng.choice(list(state.legal_actions())))


def test_an_insert_pushes_deeper_balls_first_and_a_shift_brings_the_far_ball_back() -> None:
    """U10: the balls before the first gap move one cell in, deepest first, then the mover's ball enters;
    U11: the full line turns, its far ball coming back in at the hole."""
    state = two_players().position(set_line("U102", [RED, BLUE, None]), to_move=1)
    shown = state.preview(state.game.parse_action("insert U102"))
    assert shown == {"moves": [["101", "100", "1"], ["102", "101", "0"], [None, "102", "1"]]}
    full = two_players().position(set_line("U102", [RED, BLUE, NEUTRAL]), to_move=0)
    turned = full.preview(full.game.parse_action("shift U102"))
    assert turned == {"moves": [["101", "100", "1"], ["102", "101", "0"], ["100", "102", "2"]]}


def test_a_set_up_place_drops_a_neutral_ball_and_the_draw_of_who_starts_moves_none() -> None:
    """U13: the non-starting player places neutral balls; U4/U9: who starts is drawn, no ball moves."""
    game = Cubulus(players=2)
    start = game.initial_state()
    assert start.is_chance and start.preview(First(0)) is None
    setup = two_players().initial_state()
    assert setup.preview(setup.game.parse_action("place 111")) == {"moves": [[None, "111", "2"]]}


def test_cubulus_declares_the_preview_capability_and_the_other_games_do_not() -> None:
    """Only a game whose moves are certain and public may show them before they are made."""
    import tabletop

    assert tabletop.REGISTRY["cubulus"].spec.capabilities >= {Capability.PREVIEW}
    for name in ("cribbage", "beetle", "kubik"):
        assert Capability.PREVIEW not in tabletop.REGISTRY[name].spec.capabilities, name
