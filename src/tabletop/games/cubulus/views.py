"""What a seat sees of a Cubulus state — everything: the game has no hidden information — and the
way back: the state's fields read exactly from its view (:meth:`Cubulus.state_from_view` builds the
state from them; a position set up by hand is :func:`.state.position`).

The view is JSON-ready. The board is 27 characters in cell order 000, 001, …, 222 (``.`` empty,
``0``/``1``/``2`` a colour; with two players colour 2 is neutral), the form a client can index by
cell number. The history the rules need (U12, U16) is in the view too, so a rebuilt state plays on
exactly as the original would.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypedDict

from tabletop.core import Player, TabletopError, View
from tabletop.games.cubulus.actions import parse_action
from tabletop.games.cubulus.board import (
    Board,
    board_text,
    check_board,
    owned_squares,
    parse_board_text,
    position_key,
)
from tabletop.games.cubulus.geometry import ALL_CELLS, SQUARE_OF_MASK
from tabletop.games.cubulus.phases import End, Last, Phase
from tabletop.games.cubulus.preview import ball_moves

if TYPE_CHECKING:
    from tabletop.games.cubulus.game import Cubulus
    from tabletop.games.cubulus.state import CubulusState


def view(state: CubulusState, seat: int) -> View:
    """The whole state as JSON-ready data (the same for every seat)."""
    game = state.game
    n = game.num_players
    game.check_seat(seat)
    last = state.last
    return {
        "game": "cubulus",
        "players": n,
        "phase": state.phase.value,
        "to_move": state.current_player,
        "seat": state.to_move,
        "board": board_text(state.board),
        "colours": [game.colour_name(c) for c in range(3)],
        "hands": [state.hand(c) for c in range(3)],
        "moves": state.moves,
        "move_cap": game.move_cap,
        "banned": None if state.banned is None else board_text(state.banned),
        "seen": [_position(key) for key in sorted(state.seen)],
        "repeated": [_position(key) for key in sorted(state.repeated)],
        "winner": state.winner,
        "end": None if state.end is None else state.end.value,
        "squares": [] if state.winner is None else [
            _square(c, s, state.winner) for c, s in owned_squares(state.board, n)],
        "last": None if last is None else {
            "action": str(last.action), "seat": last.seat, "before": board_text(last.before),
            "moves": ball_moves(last.before, last.seat, last.action)},
    }


def _square(colour: int, mask: int, winner: int) -> dict[str, Any]:
    """A square on a finished board as data: ``colour``, ``face``, ``shape``, ``cells``, and whether it
    ``wins`` (U8, U15: a square the winning move also made for its mover may not)."""
    square = SQUARE_OF_MASK[mask]
    return {"colour": colour, "face": square.face, "shape": square.kind, "cells": [str(c) for c in square.cells],
            "wins": colour == winner}


def _position(key: int) -> list[Any]:
    """A repetition key as ``[board, seat to move]``."""
    board, seat = _decode(key)
    return [board, seat]


@lru_cache(maxsize=1 << 12)
def _decode(key: int) -> tuple[str, int]:
    """Board text and seat of a repetition key (cached: the same keys are shown at every step)."""
    return board_text((key & ALL_CELLS, key >> 27 & ALL_CELLS, key >> 54 & ALL_CELLS)), key >> 81


class Fields(TypedDict):
    """A state's fields but its game, as its view gives them: ``CubulusState(game, **fields)``."""

    phase: Phase
    to_move: Player
    board: Board
    moves: int
    banned: Board | None
    seen: frozenset[int]
    repeated: frozenset[int]
    winner: Player | None
    end: End | None
    last: Last | None


def state_fields(game: Cubulus, data: View) -> Fields:
    """The fields of the state ``data`` shows, read exactly.

    Raises:
        TabletopError: when ``data`` is not a view of this game.
    """
    try:
        return _read(game, data)
    except TabletopError as error:
        raise TabletopError(f"not a view of this Cubulus game: {error}") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise TabletopError(f"not a view of this Cubulus game: {error!r}") from None


def _read(game: Cubulus, data: View) -> Fields:
    if data["game"] != "cubulus" or data["players"] != game.num_players or data["move_cap"] != game.move_cap:
        raise TabletopError("the view is of another game, table size or move cap")
    board = parse_board_text(data["board"])
    check_board(board)
    banned = None if data["banned"] is None else parse_board_text(data["banned"])
    keys = [frozenset(position_key(parse_board_text(b), int(s)) for b, s in data[name])
            for name in ("seen", "repeated")]
    last = data["last"]
    return Fields(
        phase=Phase(data["phase"]),
        to_move=int(data["seat"]),
        board=board,
        moves=int(data["moves"]),
        banned=banned,
        seen=keys[0],
        repeated=keys[1],
        winner=None if data["winner"] is None else int(data["winner"]),
        end=None if data["end"] is None else End(data["end"]),
        last=None if last is None else Last(
            parse_action(last["action"]), int(last["seat"]), parse_board_text(last["before"])),
    )
