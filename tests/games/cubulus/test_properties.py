"""Property tests over random legal play, against a slow, obvious model of the rules written afresh here.

The engine works on bitmasks and precomputed tables; the model below works on a dict of
``"xyz" -> colour`` and coordinates, with the lines and squares derived from the spec's words.
Every move of every random game must agree with it, and the invariants must hold: 27 cells,
9 balls per colour on the board and in hand, a placed ball never leaves.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.cubulus import Cubulus, CubulusState, First, Insert, Pass, Place, Shift, board_text

_DIRECTION = {"L": (1, 0, 0), "R": (-1, 0, 0), "F": (0, 1, 0), "B": (0, -1, 0), "D": (0, 0, 1), "U": (0, 0, -1)}


def model_line(hole: str) -> list[str]:
    """The cells of a hole's line from the hole inward, stepping by the face's inward direction."""
    x, y, z = (int(d) for d in hole[1:])
    dx, dy, dz = _DIRECTION[hole[0]]
    return [f"{x + k * dx}{y + k * dy}{z + k * dz}" for k in range(3)]


def model_squares() -> list[set[str]]:
    """U2 from its words: on each face, every 2×2 block, the four corners, the four edge-middles."""
    squares = []
    for axis in range(3):
        for level in (0, 2):
            def cell(u: int, v: int, axis: int = axis, level: int = level) -> str:
                coords = [u, v]
                coords.insert(axis, level)
                return "".join(map(str, coords))

            for u, v in ((0, 0), (0, 1), (1, 0), (1, 1)):
                squares.append({cell(u, v), cell(u + 1, v), cell(u, v + 1), cell(u + 1, v + 1)})
            squares.append({cell(0, 0), cell(0, 2), cell(2, 0), cell(2, 2)})
            squares.append({cell(1, 0), cell(0, 1), cell(2, 1), cell(1, 2)})
    return squares


SQUARES = model_squares()


def model_board(state: CubulusState) -> dict[str, int]:
    text = board_text(state.board)
    return {f"{n // 9}{n // 3 % 3}{n % 3}": int(ch) for n, ch in enumerate(text) if ch != "."}


def model_move(board: dict[str, int], action: object, mover: int) -> dict[str, int]:
    """U10, U11, U13 on the dict board."""
    board = dict(board)
    match action:
        case Place(cell):
            board[str(cell)] = 2
        case Insert(hole):
            cells = model_line(str(hole))
            balls = [board.get(c) for c in cells]
            gap = balls.index(None)  # the engine offered it, so the line is not full
            balls = [mover, *balls[:gap], *balls[gap + 1:]]
            board.update({c: b for c, b in zip(cells, balls, strict=True) if b is not None})
        case Shift(hole):
            cells = model_line(str(hole))
            a, b, c = (board[cell] for cell in cells)
            board.update(zip(cells, (c, a, b), strict=True))
    return board


def model_winner(board: dict[str, int], mover: int, players: int) -> int | None:
    """U15: another seat's square wins for them (first after the mover), else the mover's own."""
    owners = {colour for colour in range(players) for square in SQUARES
              if all(board.get(cell) == colour for cell in square)}
    for step in range(1, players + 1):
        if (mover + step) % players in owners:
            return (mover + step) % players
    return None


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from([2, 3]), seed=st.integers(0, 2**32 - 1), null=st.booleans(),
       undo=st.sampled_from(["next", "off"]), exterior=st.booleans())
def test_random_play_agrees_with_the_model(players: int, seed: int, null: bool, undo: str, exterior: bool) -> None:
    """Each move gives the board and the winner the model gives; every invariant holds on the way."""
    rng = random.Random(seed)
    game = Cubulus(players=players, allow_null_shift=null, no_undo=undo,
                   neutral_cells="exterior" if exterior else "all", move_cap=120)
    state = game.initial_state()
    while not state.is_terminal:
        legal = state.legal_actions()
        action = state.sample_chance(rng) if state.is_chance else legal[rng.randrange(len(legal))]
        before, mover = model_board(state), state.to_move
        after = state.apply(action)
        board = model_board(after)
        assert board == model_move(before, action, mover)
        # 27 cells; 9 balls per colour on the board and in hand; nothing ever leaves the cube
        assert len(board_text(after.board)) == 27
        assert all(after.hand(c) >= 0 and list(board.values()).count(c) + after.hand(c) == 9 for c in range(3))
        assert set(before) <= set(board)
        match action:
            case Insert():
                assert len(board) == len(before) + 1 and after.hand(mover) == state.hand(mover) - 1
            case Shift() | Pass():
                assert sorted(board.values()) == sorted(before.values())
            case Place(cell):
                assert str(cell) != "111" or not exterior
        if isinstance(action, Insert | Shift):
            assert after.winner == model_winner(board, mover, players)
        elif not isinstance(action, First | Place | Pass):
            raise AssertionError(action)
        if not after.is_terminal:  # no seat's square stands on a board still in play
            assert model_winner(board, 0, players) is None
        state = after
    lost = -1 / (players - 1)
    assert state.returns() == (0.0,) * players or sorted(state.returns()) == [lost] * (players - 1) + [1.0]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3]))
def test_the_undo_ban_and_null_shifts_in_random_play(seed: int, players: int) -> None:
    """U11, U12: no legal shift leaves the board as it is, and none recreates the board before the last move."""
    rng = random.Random(seed)
    state = Cubulus(players=players, move_cap=150).initial_state()
    previous = None
    while not state.is_terminal:
        legal = state.legal_actions()
        for action in legal:
            if isinstance(action, Shift):
                board = state.apply(action).board
                assert board != state.board
                if state.last is not None and isinstance(state.last.action, Shift):
                    assert board != previous
        action = state.sample_chance(rng) if state.is_chance else legal[rng.randrange(len(legal))]
        previous = state.board
        state = state.apply(action)
