"""Kubik for people: log lines, event sentences, and a top view of the field drawn in text — the
circle with its wide boundary line (K9a), the small circle, throwing lines, border lines and the cube.

The rules keep codes, never sentences; this is where the terminal's English is written from them (what
a seat is sent is :mod:`.views`, and the browser has words of its own).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from tabletop.core import Event
from tabletop.games.kubik.actions import FirstTeam, Intercept, KubikAction, Outcome, Strike, ThrowChoice
from tabletop.games.kubik.field import CIRCLE_RADIUS

if TYPE_CHECKING:
    from tabletop.games.kubik.state import KubikState


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
            return f"team {'AB'[1 - state.team]}: nobody stands to intercept"
        case Intercept(seat=seat) if seat is not None:
            return f"{game.labels[seat]} stands to intercept"
        case Strike(strike=True):
            return f"{game.labels[state.current_player]} throws at the crossing cube"
        case Strike(strike=False):
            return f"{game.labels[state.current_player]} holds back"
        case Outcome(kind=kind, top=top, seen=seen):
            by = " (as seen)" if seen else ""
            if state.phase.value == "intercept":
                return f"interception {'hits: ' + str(top) + ' on top' if kind == 'hit' else 'misses'}{by}"
            return {
                "miss": "missed the cube",
                "in": "hit, but the cube stays in the circle" + (f" ({top} on top)" if top else ""),
                "out": f"the cube flies out of the circle: {top} on top",
                "cross": "the cube crosses the border line" + (
                    f" at {action.at[0]:+.2f},{action.at[1]:+.2f} m" if action.at else ""),
            }[kind] + by
    return str(action)


_WHY = {"miss": "a miss", "in": "stayed in", "intercepted": "intercepted",
        "interception_missed": "interception missed"}


def _signed(value: float) -> str:
    return f"{value:+g}"


def event_text(event: Event) -> str:
    """An event as an English sentence for the terminal (the browser has words of its own)."""
    p = event.params
    seen = " (as seen)" if p.get("seen") else ""
    top = p.get("top")
    match event.kind:
        case "lot":
            return f"the lot: team {p['team']} throws first"
        case "stands":
            return f"{p['player']} stands to intercept"
        case "nobody_stands":
            return f"team {p['team']}: nobody stands to intercept"
        case "throw":
            return (f"{p['player']} throws from line {p['line']} (at {_signed(p['pos'])} m, aim {_signed(p['aim'])}°, "
                    f"{p['power']:g} m/s, {p['spin']:g} turns/s)")
        case "throw_real":
            return f"{p['player']} throws"
        case "strike":
            return f"{p['player']} throws at the crossing cube"
        case "hold":
            return f"{p['player']} holds back"
        case "miss":
            return f"{p['player']} missed the cube{seen}"
        case "cube_in":
            return "hit, but the cube stays in the circle" + (f" ({top} on top)" if top else "") + seen
        case "cube_out":
            return f"the cube flies out of the circle: {top} on top{seen}"
        case "cross":
            at = f" at {p['x']:+.2f},{p['y']:+.2f} m" if p.get("x") is not None else ""
            return f"the cube crosses the border line{at}{seen}"
        case "intercept_hit":
            return f"{p['player']}'s interception hits: {top} on top{seen}"
        case "intercept_miss":
            return f"{p['player']}'s interception misses{seen}"
        case "points":
            why = {"out": f"out with {top} on top", "interception": f"interception: {top} × 2"}.get(
                p["why"], _WHY.get(p["why"], p["why"]))
            return f"team {p['team']} {p['points']:+d} ({why}) → {p['score']}"
        case "recentred":
            return f"the cube goes back to the small circle ({top} on top)"
        case "throw_limit":
            return f"the throw limit is reached ({p['throws']} throws): the higher score wins"
        case "game_won":
            return f"team {p['side']} wins, {p['scores']['A']}–{p['scores']['B']}"
        case "game_drawn":
            return f"a draw, {p['scores']['A']}–{p['scores']['B']}"
    return event.kind + (": " + ", ".join(f"{k}={v}" for k, v in p.items()) if p else "")


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

    width = field.line_width
    for radius in sorted({CIRCLE_RADIUS - width / 2, CIRCLE_RADIUS + width / 2}):  # K9a: the line's two edges
        for k in range(180):
            angle = 2 * math.pi * k / 180
            put(radius * math.cos(angle), radius * math.sin(angle), "o")
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
    if state.pending is not None and state.pending.at is not None:  # K19: where the cube crossed the border
        put(state.pending.at[0], state.pending.at[1], "◆")
    lines = ["".join(row).rstrip() for row in grid]
    lines.insert(0, f"  line B ‖ on the left, line A = at the bottom; ■ the cube; o the circle's line "
                    f"({width * 100:g} cm wide: touching it is in)")
    game = state.game
    if state.pending is not None:
        moving = state.pending.moving
        lines.append("◆ the cube crossing the border line"
                     + (f", moving {moving[0]:+.1f},{moving[1]:+.1f} m/s" if moving else ""))
    lines.append(f"Team A {state.scores[0]:+d}   Team B {state.scores[1]:+d}   (to {game.options['target']})   "
                 f"cube: {state.cube.top} on top")
    if not state.is_terminal:
        lines.append(f"Throw {state.throws + 1}: {game.labels[state.thrower]} of team {'AB'[state.team]}"
                     + (f" (skill {game.skills[state.thrower]:g})" if game.mode != "manual" else ""))
    else:
        winner = state.returns()
        lines.append("Draw." if not any(winner) else f"Team {'AB'[0 if winner[0] > 0 else 1]} wins.")
    return "\n".join(lines)
