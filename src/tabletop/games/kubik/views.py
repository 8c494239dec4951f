"""What a seat or a spectator sees of a Kubik game, and reading a state back from it.

Everything on a Kubik field is public, so every seat gets the same view, and a view holds the whole
state: :meth:`Kubik.state_from_view` rebuilds it exactly from the pieces read here. What nobody on a
field knows is not in it either: while an interceptor decides (K19) the view shows the crossing — where
the cube crossed the border line and how it was moving — and nothing of how the throw would end, which
the engine has not computed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core import View
from tabletop.games.kubik.field import CIRCLE_RADIUS, CubePose
from tabletop.games.kubik.phases import WHYS, Score

if TYPE_CHECKING:
    from tabletop.games.kubik.state import KubikState


def field_view(state: KubikState, player: int) -> View:
    """The whole field is public (there is nothing to hide in Kubik); a crossing is shown as seen (K19)."""
    game = state.game
    game.check_seat(player)
    cube = state.cube
    pending = state.pending
    crossing = None
    if pending is not None:
        crossing = {"x": pending.at[0] if pending.at else None, "y": pending.at[1] if pending.at else None,
                    "vx": pending.moving[0] if pending.moving else None,
                    "vy": pending.moving[1] if pending.moving else None,
                    "line": state.throw.throw.line if state.throw is not None and state.throw.throw else None}
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
        "pending": None if pending is None else str(pending),
        "crossing": crossing,
        "interceptor": state.interceptor,
        "players": [{"seat": s, "label": game.labels[s], "skill": game.skills[s]} for s in range(game.num_players)],
        "scored": [{"team": e.team, "points": e.points, "why": e.why, "top": e.top} for e in state.scored],
        "field": {"circle_radius": CIRCLE_RADIUS, "line_width": game.field.line_width,
                  "line_offset": game.field.line_offset, "border_offset": game.field.border_offset,
                  "cube_edge": game.field.cube_edge},
    }


def pose_from_view(data: dict[str, Any]) -> CubePose:
    """The cube as a view shows it (its ``cube``)."""
    return CubePose(int(data["top"]), int(data["front"]), float(data["x"]), float(data["y"]), float(data["yaw"]))


def score_from_view(data: dict[str, Any]) -> Score:
    """One of the points the last action scored, as a view shows it (its ``scored``).

    Raises:
        ValueError: when the reason is none of :data:`~tabletop.games.kubik.phases.WHYS`.
    """
    why = str(data["why"])
    if why not in WHYS:
        raise ValueError(f"no such reason for points: {why!r}")
    top = data.get("top")
    return Score(int(data["team"]), int(data["points"]), why, None if top is None else int(top))
