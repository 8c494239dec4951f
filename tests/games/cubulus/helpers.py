"""Building Cubulus games and positions for rule tests."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from tabletop.games.cubulus import Cubulus, CubulusState, Hole, Phase
from tabletop.games.cubulus.board import board_text

RED, BLUE, NEUTRAL = 0, 1, 2
"""Colours with two players: seat 0, seat 1, neutral."""
YELLOW = 2
"""Colour 2 with three players: seat 2."""


def two_players(**options: Any) -> Cubulus:
    """A two-player game where seat 0 starts (so seat 1 places the neutral balls)."""
    return Cubulus(players=2, first=0, **options)


def three_players(**options: Any) -> Cubulus:
    """A three-player game where seat 0 starts."""
    return Cubulus(players=3, first=0, **options)


def after(state: CubulusState, *texts: str) -> CubulusState:
    """The state after the actions ``texts`` (in notation)."""
    for text in texts:
        state = state.apply(state.game.parse_action(text))
    return state


def cells(state: CubulusState) -> dict[str, int]:
    """The board as ``{cell: colour}``."""
    text = board_text(state.board)
    return {f"{n // 9}{n // 3 % 3}{n % 3}": int(ch) for n, ch in enumerate(text) if ch != "."}


def line(state: CubulusState, hole: str) -> list[int | None]:
    """The colours on the line of ``hole``, from the hole inward (None for an empty cell)."""
    board = cells(state)
    return [board.get(str(cell)) for cell in Hole.parse(hole).line]


def set_line(hole: str, colours: list[int | None]) -> dict[str, int]:
    """``{cell: colour}`` putting ``colours`` on the line of ``hole`` from the hole inward."""
    return {str(cell): colour for cell, colour in zip(Hole.parse(hole).line, colours, strict=True)
            if colour is not None}


LATIN = ("000", "012", "021", "102", "111", "120", "201", "210", "222")
"""Nine cells with x + y + z ≡ 0 (mod 3): exactly one on every line, and no square among them."""


def random_play(seed: int, players: int, moves: int, **options: object) -> CubulusState:
    """The position ``moves`` moves into the play of a random legal game (U9–U14), each move drawn
    among those that do not end the game (U15, U16) while there are any; one where every move ends
    it is taken as it is."""
    rng = random.Random(seed)
    state = Cubulus(players=players, first=0, **options).initial_state()
    while state.phase is not Phase.PLAY or state.moves < moves:
        legal = list(state.legal_actions())
        rng.shuffle(legal)
        going = (after for action in legal if not (after := state.apply(action)).is_terminal)
        following = next(going, None)
        if following is None:
            return state
        state = following
    return state


@st.composite
def positions(draw: st.DrawFn) -> CubulusState:
    """A position of random legal play, two or three players, with the options that change what a move
    may do or when a line proves nothing: null shifts (U11), the undo ban (U12), the repetition draw and
    the move cap (U16: two times in three a cap a few moves ahead of the position)."""
    players = draw(st.sampled_from([2, 3]))
    moves = draw(st.integers(0, 45))
    options = {
        "allow_null_shift": draw(st.booleans()),
        "no_undo": draw(st.sampled_from(["next", "off"])),
        "repetition_draw": draw(st.booleans()),
        "move_cap": draw(st.sampled_from([300, moves + 3, moves + 6])),
    }
    return random_play(draw(st.integers(0, 2**32)), players, moves, **options)
