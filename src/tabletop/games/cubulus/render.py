"""Cubulus as plain text: the three horizontal layers side by side, the six faces as a player sees
them when turning the cube around (U3), log lines and the events in English. Reads states; never changes them.

In the pictures ``X``, ``O``, ``Y`` are the seats' balls, ``#`` the neutral ones, ``·`` an empty
cell; the cells the last move changed are in brackets ``[X]`` and the balls of a finished square
between stars ``*X*``. Rows and columns are labelled with the coordinates they stand for, so the
cell ``xyz`` under any ball — and the hole face + cell — can be read off the picture.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.core import Event
from tabletop.core.events import plain_text
from tabletop.games.cubulus.actions import CubulusAction, First, Insert, Pass, Place, Shift
from tabletop.games.cubulus.board import BALLS_PER_COLOUR, MARKS, NEUTRAL_MARK, Board, owned_squares
from tabletop.games.cubulus.geometry import CELLS, Cell
from tabletop.games.cubulus.kernel import pushes
from tabletop.games.cubulus.phases import Phase

if TYPE_CHECKING:
    from tabletop.games.cubulus.game import Cubulus
    from tabletop.games.cubulus.state import CubulusState

_GAP = "    "

Grid = tuple[str, str, list[tuple[int, list[Cell]]], list[int]]
"""A 3×3 picture: title, ``row\\col`` axis label, rows as (label, cells left to right), column labels."""


def _cell(x: int, y: int, z: int) -> Cell:
    return CELLS[9 * x + 3 * y + z]


def layer_grids() -> list[Grid]:
    """The horizontal layers z = 0, 1, 2 seen from above, the front row (y = 0) at the bottom."""
    names = ("bottom", "middle", "top")
    return [(f"{names[z]} z={z}", "y\\x", [(y, [_cell(x, y, z) for x in range(3)]) for y in (2, 1, 0)], [0, 1, 2])
            for z in range(3)]


def face_grids() -> list[Grid]:
    """The faces as seen from outside: front, right, back, left (walking round), then top and bottom.

    Each is drawn as a viewer facing it sees it; the top with the front edge at the bottom, the
    bottom with the front edge at the top (the cube tipped towards you).
    """
    up = (2, 1, 0)
    return [
        ("F front y=0", "z\\x", [(z, [_cell(x, 0, z) for x in (0, 1, 2)]) for z in up], [0, 1, 2]),
        ("R right x=2", "z\\y", [(z, [_cell(2, y, z) for y in (0, 1, 2)]) for z in up], [0, 1, 2]),
        ("B back y=2", "z\\x", [(z, [_cell(x, 2, z) for x in (2, 1, 0)]) for z in up], [2, 1, 0]),
        ("L left x=0", "z\\y", [(z, [_cell(0, y, z) for y in (2, 1, 0)]) for z in up], [2, 1, 0]),
        ("U top z=2", "y\\x", [(y, [_cell(x, y, 2) for x in (0, 1, 2)]) for y in (2, 1, 0)], [0, 1, 2]),
        ("D bottom z=0", "y\\x", [(y, [_cell(x, y, 0) for x in (0, 1, 2)]) for y in (0, 1, 2)], [0, 1, 2]),
    ]


_LAYERS = layer_grids()
_FACES = face_grids()


def mark(game: Cubulus, colour: int) -> str:
    """How a ball of ``colour`` is drawn."""
    return NEUTRAL_MARK if game.has_neutral and colour == 2 else MARKS[colour]


def seat_label(game: Cubulus, seat: int) -> str:
    """``Seat 1 (X red)``."""
    return f"Seat {seat + 1} ({mark(game, seat)} {game.colour_name(seat)})"


def _glyphs(state: CubulusState) -> list[str]:
    """Each cell's three characters: the ball, bracketed if the last move changed it, starred in a square."""
    game, board = state.game, state.board
    changed = 0 if state.last is None else touched(state.last.action, state.last.before)
    in_square = 0
    for colour, square in owned_squares(board, game.num_players) if state.winner is not None else []:
        if colour == state.winner:
            in_square |= square
    glyphs = []
    for cell in CELLS:
        ball = next((mark(game, c) for c in range(3) if board[c] >> cell & 1), "·")
        if in_square >> cell & 1:
            glyphs.append(f"*{ball}*")
        elif changed >> cell & 1:
            glyphs.append(f"[{ball}]")
        else:
            glyphs.append(f" {ball} ")
    return glyphs


def touched(action: CubulusAction, before: Board) -> int:
    """The cells an action put a ball into: the pushed part of the line, the whole shifted line, a placed cell."""
    match action:
        case Insert(hole):
            count = max(pushes(before, hole), 0)
            return sum(1 << cell for cell in hole.line[: count + 1])
        case Shift(hole):
            return sum(1 << cell for cell in hole.line)
        case Place(cell):
            return 1 << cell
    return 0


def _block(grid: Grid, glyphs: list[str]) -> list[str]:
    """One 3×3 picture as lines of equal width."""
    title, axes, rows, columns = grid
    lines = [title, f" {axes} " + "".join(f" {c} " for c in columns)]
    lines += [f"  {label}  " + "".join(glyphs[c] for c in cells) for label, cells in rows]
    width = max(len(line) for line in lines)
    return [line.ljust(width) for line in lines]


def side_by_side(blocks: list[list[str]]) -> list[str]:
    """Blocks of lines next to each other."""
    return [_GAP.join(parts).rstrip() for parts in zip(*blocks, strict=True)]


def picture(state: CubulusState) -> list[str]:
    """The layers, then the faces in two rows."""
    glyphs = _glyphs(state)
    lines = ["Layers, seen from above (front row y=0 at the bottom):"]
    lines += ["  " + line for line in side_by_side([_block(g, glyphs) for g in _LAYERS])]
    lines.append("Faces, seen from outside (a hole is the face + the cell behind it, e.g. U102):")
    lines += ["  " + line for line in side_by_side([_block(g, glyphs) for g in _FACES[:4]])]
    lines += ["  " + line for line in side_by_side([_block(g, glyphs) for g in _FACES[4:]])]
    return lines


def render_state(state: CubulusState) -> str:
    """The whole state for a terminal: who is who, whose turn, the last move, the pictures, the result."""
    game = state.game
    n = game.num_players
    seats = [f"{seat_label(game, s)} {state.hand(s)}" for s in range(n)]
    if game.has_neutral:
        to_place = state.phase in (Phase.START, Phase.SETUP)
        neutral = f"{NEUTRAL_MARK} neutral" + (f" {state.hand(2)} to place" if to_place else "")
        seats.append(neutral)
    lines = [f"Cubulus · {n} players · move {state.moves} of {game.move_cap}", "  Balls in hand: " + " · ".join(seats)]
    if state.last is not None:
        lines.append("Last: " + describe_last(state) + "  (its balls in [ ])")
    lines += picture(state)
    lines += _status(state)
    return "\n".join(lines)


def _status(state: CubulusState) -> list[str]:
    """The result, or who is to move and what they may do."""
    game = state.game
    match state.phase:
        case Phase.OVER:
            marked = ["  (the winning square is marked * *)"] if state.winner is not None else []
            return state.announcements() + marked
        case Phase.START:
            return ["Chance draws who starts."]
        case Phase.SETUP:
            where = "any empty cell" if game.options["neutral_cells"] == "all" else "any empty cell but 111"
            return [f"▶ {seat_label(game, state.to_move)} places the neutral balls ({NEUTRAL_MARK}): "
                    f"{state.hand(2)} left.", f"  place xyz — {where} (e.g. {state.legal_actions()[0]})"]
    seat = state.to_move
    legal = state.legal_actions()
    line = f"▶ {seat_label(game, seat)} to move, {state.hand(seat)} in hand"
    if legal == (Pass(),):
        return [line + ": no legal move, so you pass (press Enter)."]
    lines = [line + "."]
    inserts = [a for a in legal if isinstance(a, Insert)]
    if inserts:
        lines.append(f"  insert H — {len(inserts)} holes open (H = face + cell, e.g. {inserts[0]})")
    elif state.hand(seat):
        lines.append("  insert H — every line is full")
    shifts = [str(a.hole) for a in legal if isinstance(a, Shift)]
    if shifts:
        shown = " ".join(shifts[:10]) + (f" … ({len(shifts)} in all)" if len(shifts) > 10 else "")
        lines.append(f"  shift H on a full line — H = {shown}")
    lines.append("  (typing just a hole takes the move there: the insert, or the shift when its line is full)")
    return lines


def describe_last(state: CubulusState) -> str:
    """The log line of the action that led to ``state``."""
    assert state.last is not None
    last = state.last
    action = last.action
    game = state.game
    match action:
        case First(seat):
            return f"seat {seat + 1} was drawn to start"
        case Place(cell):
            return f"{seat_label(game, last.seat)} placed a neutral ball at {cell}"
        case Insert(hole):
            count = pushes(last.before, hole)
            return f"{seat_label(game, last.seat)} inserted at {hole}{_pushing(count)}"
        case Shift(hole):
            return f"{seat_label(game, last.seat)} shifted line {hole.line_name}"
        case Pass():
            return f"{seat_label(game, last.seat)} had no legal move and passed"
    return str(action)


def _pushing(count: int) -> str:
    """How many balls an insert pushes, as the end of a log line (nothing for none, or for a full line)."""
    return "" if count <= 0 else f", pushing {count} ball{'s' if count > 1 else ''}"


def describe(state: CubulusState, action: CubulusAction) -> str:
    """A log line saying what ``action`` does in ``state``: ``Seat 1 (X red) inserts at U102, pushing 2 balls``."""
    game = state.game
    who = seat_label(game, state.to_move)
    match action:
        case First(seat):
            line = f"chance: {seat_label(game, seat)} starts"
            return line + (f"; seat {2 - seat} places the neutral balls" if game.has_neutral else "")
        case Place(cell):
            left = BALLS_PER_COLOUR - state.board[2].bit_count() - 1
            return f"{who} places a neutral ball at {cell} ({left} left)"
        case Insert(hole):
            return f"{who} inserts at {hole}{_pushing(pushes(state.board, hole))}"
        case Shift(hole):
            cells = hole.line
            return f"{who} shifts line {hole.line_name}: the ball at {cells[2]} comes back in at {cells[0]}"
        case Pass():
            return f"{who} has no legal move and passes (U14)"
    return str(action)


def event_text(game: Cubulus, event: Event) -> str:
    """An event of :mod:`.events` (or a result) as an English sentence for the terminal."""
    who = _who(game, event)
    match event.kind:
        case "starts":
            line = f"Chance: {who} starts"
            placer = event.params.get("placer")
            return line + (f"; {seat_label(game, placer)} places the neutral balls." if placer is not None else ".")
        case "neutral_placed":
            return f"{who} places a neutral ball at {event['cell']} ({event['left']} left)."
        case "setup_done":
            return f"The neutral balls are placed; {who} starts."
        case "insert":
            return f"{who} inserts at {event['hole']}{_pushing(event['pushed'])}."
        case "shift":
            cells = event["line"]
            return f"{who} shifts line {event['hole']}→{cells[2]}: the ball at {cells[2]} comes back in at {cells[0]}."
        case "pass":
            return f"{who} has no legal move and passes (U14)."
        case "square":
            return _square_text(game, event)
        case "draw" | "game_drawn" if event.params.get("why") == "repetition":
            return "Draw: the same position has occurred for the third time (U16)."
        case "draw" | "game_drawn" if event.params.get("why") == "move_cap":
            return f"Draw: the move cap of {event['moves']} moves after the set-up is reached (U16)."
        case "game_won":
            return f"{seat_label(game, event['side'])} wins with the {square_name(event.params)}."
    return plain_text(event)


def _who(game: Cubulus, event: Event) -> str:
    seat = event.params.get("seat")
    return seat_label(game, seat) if isinstance(seat, int) and 0 <= seat < game.num_players else ""


def square_name(params: Mapping[str, Any]) -> str:
    """``small square on face L (000 001 010 011)``, from a square's ``shape``, ``face`` and ``cells``."""
    return f"{params['shape']} square on face {params['face']} ({' '.join(params['cells'])})"


def _square_text(game: Cubulus, event: Event) -> str:
    """U8, U15: the winner and the square, saying so when the mover made it for someone else; a
    square the same move made that does not count."""
    owner, mover, square = event["seat"], event["by"], square_name(event.params)
    if event["wins"]:
        if owner == mover:
            return f"{seat_label(game, owner)} wins with the {square}."
        return (f"{seat_label(game, owner)} wins with the {square}, made by {seat_label(game, mover)}'s move: "
                "a square made for another player wins for them (U8).")
    if owner == mover:
        return f"{seat_label(game, owner)}'s own {square}, made by the same move, does not count (U15)."
    return (f"{seat_label(game, owner)}'s {square}, made by the same move, does not count: "
            "the first seat after the mover with a square wins (U15).")
