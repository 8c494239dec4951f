"""Kubik for people: the view sent to players (everything is public), log lines, and a top view
of the field drawn in text — circle, small circle, throwing lines, border lines and the cube."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from tabletop.core import View
from tabletop.games.kubik.actions import FirstTeam, Intercept, KubikAction, Outcome, ThrowChoice
from tabletop.games.kubik.field import CIRCLE_RADIUS

if TYPE_CHECKING:
    from tabletop.games.kubik.rules import KubikState


def view(state: KubikState, player: int) -> View:
    """The whole field is public (there is nothing to hide in Kubik)."""
    game = state.game
    game.check_seat(player)
    cube = state.cube
    return {
        "game": "kubik",
        "phase": state.phase.value,
        "to_move": state.current_player,
        "team": state.team,
        "thrower": game.labels[state.thrower],
        "next_index": list(state.next_index),
        "scores": list(state.scores),
        "target": game.options["target"],
        "throws_from": game.mode,
        "interception": game.options["interception"],
        "cube": {"top": cube.top, "front": cube.front, "x": cube.x, "y": cube.y, "yaw": cube.yaw},
        "throws": state.throws,
        "throw": None if state.throw is None else str(state.throw),
        "pending": None if state.pending is None else str(state.pending),
        "interceptor": state.interceptor,
        "players": [{"seat": s, "label": game.labels[s], "skill": game.skills[s]} for s in range(game.num_players)],
        "events": [{"team": e.team, "points": e.points, "why": e.why} for e in state.events],
        "field": {"circle_radius": CIRCLE_RADIUS, "line_offset": game.field.line_offset,
                  "border_offset": game.field.border_offset, "cube_edge": game.field.cube_edge},
    }


def describe(state: KubikState, action: KubikAction) -> str:
    """A line for the move log."""
    game = state.game
    match action:
        case FirstTeam(team):
            return f"the lot: team {'AB'[team]} throws first"
        case ThrowChoice(throw=None):
            return f"{game.labels[state.thrower]} throws"
        case ThrowChoice(throw=t) if t is not None:
            return (f"{game.labels[state.thrower]} throws from line {t.line} (at {t.position:+g} m, aim {t.aim:+g}°, "
                    f"{t.power:g} m/s, {t.spin:g} turns/s)")
        case Intercept(seat=None):
            return f"team {'AB'[1 - state.team]} lets it go"
        case Intercept(seat=seat) if seat is not None:
            return f"{game.labels[seat]} tries to intercept"
        case Outcome(kind=kind, top=top):
            if state.interceptor is not None:
                return f"interception {'hits: ' + str(top) + ' on top' if kind == 'hit' else 'misses'}"
            return {
                "miss": "missed the cube",
                "in": "hit, but the cube stays in the circle" + (f" ({top} on top)" if top else ""),
                "out": f"the cube flies out of the circle: {top} on top",
                "past": f"the cube flies out across the border line: {top} on top",
            }[kind]
    return str(action)


_COLS, _ROWS = 45, 23


def render(state: KubikState) -> str:
    """The field from above, with the scores and whose throw it is."""
    field = state.game.field
    low = -field.line_offset - 0.3
    span = field.line_offset + field.border_offset + 0.6  # metres shown on each axis
    scale_x, scale_y = span / (_COLS - 1), span / (_ROWS - 1)

    def cell(x: float, y: float) -> tuple[int, int] | None:
        col = round((x - low) / scale_x)
        row = _ROWS - 1 - round((y - low) / scale_y)
        return (row, col) if 0 <= row < _ROWS and 0 <= col < _COLS else None

    grid = [[" "] * _COLS for _ in range(_ROWS)]

    def put(x: float, y: float, char: str) -> None:
        at = cell(x, y)
        if at is not None:
            grid[at[0]][at[1]] = char

    for k in range(180):
        angle = 2 * math.pi * k / 180
        put(CIRCLE_RADIUS * math.cos(angle), CIRCLE_RADIUS * math.sin(angle), "o")
    steps = 200
    for k in range(steps + 1):
        t = low + (span * k / steps)
        put(t, -field.line_offset, "=")  # line A
        put(-field.line_offset, t, "‖")  # line B
        if state.game.options["interception"]:
            put(t, field.border_offset, "·")
            put(field.border_offset, t, "·")
    put(0, 0, "+")
    put(state.cube.x, state.cube.y, "■")
    lines = ["".join(row).rstrip() for row in grid]
    lines.insert(0, "  line B ‖ on the left, line A = at the bottom; ■ the cube; o the circle")
    game = state.game
    lines.append(f"Team A {state.scores[0]:+d}   Team B {state.scores[1]:+d}   (to {game.options['target']})   "
                 f"cube: {state.cube.top} on top")
    if not state.is_terminal:
        lines.append(f"Throw {state.throws + 1}: {game.labels[state.thrower]} of team {'AB'[state.team]}"
                     + (f" (skill {game.skills[state.thrower]:g})" if game.mode != "manual" else ""))
    else:
        winner = state.returns()
        lines.append("Draw." if not any(winner) else f"Team {'AB'[0 if winner[0] > 0 else 1]} wins.")
    return "\n".join(lines)
