"""What the last Cubulus action did, as events (data, not prose), and the result of a finished game.

Every kind, with its parameters (seats 0-based, cells ``xyz``, holes face + cell, colours by code):

- ``starts`` (chance draws who starts, U4, U9, U13): ``seat``; with two players also ``placer``,
  the seat that places the neutral balls.
- ``neutral_placed`` (U13): ``seat``, ``cell``, ``left`` (neutral balls still to place).
- ``setup_done`` (the ninth neutral ball is in, U13): ``seat``, who inserts first.
- ``insert`` (U5, U10): ``seat``, ``colour``, ``hole``, ``pushed`` (how many balls moved deeper, 0–2).
- ``shift`` (U6, U11): ``seat``, ``hole``, ``line`` (its three cells from the hole inward).
- ``pass`` (U14): ``seat``.
- ``square`` (U8, U15): ``seat`` (its owner), ``colour``, ``face``, ``shape`` (``small``, ``large``,
  ``diamond``), ``cells``, ``by`` (the seat whose move made it), ``wins`` (False for a square the
  winning move also made that does not count).
- ``draw`` (U16): ``why`` (``repetition`` or ``move_cap``), ``moves`` (made since the set-up).

The first event is the action itself; ``square`` (the winner's square first, then any square the
same move made that does not count) and ``draw`` are what it caused. Everything in Cubulus is
public, so every event is seen by everyone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from tabletop.core import Event, action_event, event
from tabletop.games.cubulus.actions import First, Insert, Pass, Place, Shift
from tabletop.games.cubulus.board import BALLS_PER_COLOUR, COLOUR_NAMES, NEUTRAL, owned_squares
from tabletop.games.cubulus.geometry import SQUARE_OF_MASK
from tabletop.games.cubulus.kernel import pushes
from tabletop.games.cubulus.phases import End, Phase

if TYPE_CHECKING:
    from tabletop.games.cubulus.state import CubulusState

WHY: Final = {End.REPETITION: "repetition", End.MOVE_CAP: "move_cap"}
"""The code of each kind of draw (U16), as ``draw`` and ``game_drawn`` say it."""


def events(state: CubulusState) -> Sequence[Event]:
    """The action that led to ``state`` (its own event first), then what it caused."""
    last = state.last
    if last is None:
        return ()
    seat = last.seat
    found: list[Event] = []
    match last.action:
        case First(first):
            if state.game.has_neutral:
                found.append(action_event("starts", seat=first, placer=1 - first))
            else:
                found.append(action_event("starts", seat=first))
        case Place(cell):
            left = BALLS_PER_COLOUR - state.board[NEUTRAL].bit_count()
            found.append(action_event("neutral_placed", seat=seat, cell=str(cell), left=left))
            if state.phase is Phase.PLAY:
                found.append(event("setup_done", seat=state.to_move))
        case Insert(hole):
            found.append(action_event("insert", seat=seat, colour=COLOUR_NAMES[seat], hole=str(hole),
                                      pushed=pushes(last.before, hole)))
        case Shift(hole):
            found.append(action_event("shift", seat=seat, hole=str(hole), line=[str(c) for c in hole.line]))
        case Pass():
            found.append(action_event("pass", seat=seat))
    found += squares(state)
    if state.end in WHY:
        found.append(event("draw", why=WHY[state.end], moves=state.moves))
    return tuple(found)


def squares(state: CubulusState) -> list[Event]:
    """U8, U15: the squares on a finished board, the winner's first (``wins``), then the others the
    same move made, which do not count (the mover's own, or a seat's after the winner in turn order)."""
    if state.winner is None or state.last is None:
        return []
    made = owned_squares(state.board, state.game.num_players)
    made.sort(key=lambda found: found[0] != state.winner)  # stable: the winner's first, then by colour
    return [event("square", **square_params(colour, mask), by=state.last.seat, wins=colour == state.winner)
            for colour, mask in made]


def square_params(colour: int, mask: int) -> dict[str, Any]:
    """A seat's square as data: its owner and colour, the face, the shape and the four cells."""
    square = SQUARE_OF_MASK[mask]
    return {"seat": colour, "colour": COLOUR_NAMES[colour], "face": square.face, "shape": square.kind,
            "cells": [str(c) for c in square.cells]}


def result(state: CubulusState) -> Event | None:
    """``game_won`` by the winner's seat with its winning square (``face``, ``shape``, ``cells``,
    ``colour``; ``by`` the mover), or ``game_drawn`` with ``why`` (U16); None before the end."""
    if not state.is_terminal:
        return None
    if state.winner is None:
        assert state.end is not None
        return event("game_drawn", why=WHY[state.end], moves=state.moves)
    winning = squares(state)[0]
    params = {name: value for name, value in winning.params.items() if name not in ("seat", "wins")}
    return event("game_won", side=state.winner, members=[state.winner], **params)
