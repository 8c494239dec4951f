"""Views: the whole cube is public; a view is JSON and rebuilds the identical state; hand-built positions."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.core import TabletopError
from tabletop.games.cubulus import CubulusState, board_text, parse_board_text
from tabletop.games.cubulus.board import position_key
from tests.games.cubulus.helpers import BLUE, LATIN, NEUTRAL, RED, after, set_line, three_players, two_players


def rebuilt(state: CubulusState) -> CubulusState:
    """The state rebuilt from seat 0's view after a trip through JSON."""
    view = json.loads(json.dumps(state.view(0)))
    return state.game.state_from_view(view, random.Random(0))


def scripted_states() -> list[CubulusState]:
    """A set-up, inserts, shifts under the undo ban, a repetition, and a win."""
    game = two_players()
    state = game.initial_state()
    states = [state]
    for text in [f"place {c}" for c in LATIN] + ["insert U002", "insert U022", "insert F100", "insert D100"]:
        state = state.apply_text(text)
        states.append(state)
    shifting = two_players().position(set_line("U102", [RED, BLUE, NEUTRAL]), to_move=1)
    for _ in range(12):
        shifting = shifting.apply_text("shift U102")
        states.append(shifting)
    states.append(two_players().position({"001": RED, "010": RED, "011": RED}).apply_text("insert L000"))
    return states


def test_a_view_rebuilds_the_identical_state() -> None:
    """Perfect information: state_from_view(view) == state, history and last move included."""
    for state in scripted_states():
        again = rebuilt(state)
        assert again == state
        assert again.last == state.last
        assert again.view(1) == state.view(1) == state.view(0)


def test_the_view_shows_the_board_in_cell_order() -> None:
    """The board is 27 characters, cell 000 first, 222 last; hands are what is not on the board."""
    state = three_players().position({"000": 0, "001": 1, "222": 2}, to_move=1)
    view = state.view(2)
    assert view["board"] == "01" + "." * 24 + "2"
    assert view["hands"] == [8, 8, 8]
    assert view["to_move"] == 1 and view["colours"] == ["red", "blue", "yellow"]
    assert view["seen"] == [[view["board"], 1]]
    assert parse_board_text(view["board"]) == state.board


def test_the_view_says_why_the_game_ended() -> None:
    """A finished game's view has the winner, the reason and the square."""
    state = scripted_states()[-1]
    view = state.view(0)
    assert view["winner"] == 0 and view["end"] == "square"
    assert view["squares"] == [{"colour": 0, "face": "L", "shape": "small", "cells": ["000", "001", "010", "011"],
                                "wins": True}]


@pytest.mark.parametrize("change", [{"game": "beetle"}, {"board": "x" * 27}, {"players": 3}, {"phase": "nap"},
                                    {"board": "0" * 27}, {"seen": [["...", 0]]}, {"last": {"action": "jump"}}])
def test_a_bad_view_is_refused(change: dict[str, object]) -> None:
    """state_from_view names a view that is not of this game."""
    state = scripted_states()[12]
    with pytest.raises(TabletopError, match="not a view of this Cubulus game"):
        state.game.state_from_view({**state.view(0), **change}, random.Random(0))


def test_position_keys_include_the_seat_to_move() -> None:
    """U16: the same board with another seat to move is another position."""
    board = parse_board_text("0" + "." * 26)
    assert position_key(board, 0) != position_key(board, 1)
    assert board_text(board) == "0" + "." * 26


@pytest.mark.parametrize(("cells", "message"), [
    ({"300": 0}, "not a cell"),
    ({"000": 3}, "colour 3"),
    ({c: 0 for c in [*LATIN, "001"]}, "10 balls"),
    ({"000": 0, "001": 0, "010": 0, "011": 0}, "already has a square"),
])
def test_a_hand_built_position_is_checked(cells: dict[str, int], message: str) -> None:
    """Cubulus.position refuses cells, colours and boards that cannot occur."""
    with pytest.raises(TabletopError, match=message):
        two_players().position(cells)


def test_a_hand_built_position_plays_on() -> None:
    """A position set up by hand is an ordinary state: seat to move, hands, legal moves."""
    state = two_players().position(set_line("U102", [RED, BLUE, NEUTRAL]), to_move=1)
    assert state.current_player == 1 and state.hand(RED) == 8 and state.hand(BLUE) == 8
    assert after(state, "shift U102").current_player == 0
