"""Motions of logged actions for animations: ``GET /api/tables/{id}/motion/{move}``.

A game may say how an action moved things (:meth:`tabletop.core.State.motion`: Kubik re-runs a
simulated throw from the noise its record keeps). The server answers for the ``move``-th effective
action of a table's record — live or finished — only when every seat and every spectator saw that
action whole, so a motion can never show something hidden. The re-run costs milliseconds to tenths
of a second, so it is a job of the bounded expensive-work pool (:mod:`tabletop.server.work`),
cached by (table, move).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from tabletop.core import Capability
from tabletop.server import jobs
from tabletop.server.errors import ApiError
from tabletop.server.inputs import StrictRoute
from tabletop.server.jobs import Answer, motion_answer
from tabletop.server.requests import HubDep, client_of, heavy_reply, live_table

__all__ = ["Answer", "motion_answer", "router"]

router = APIRouter(route_class=StrictRoute)  # bodies read as strict JSON (.inputs)


@router.get("/api/tables/{table_id}/motion/{move}", response_model=None)
async def table_motion(hub: HubDep, table_id: str, move: int, request: Request) -> Response:
    """How the ``move``-th action of the table's record moved things (a simulated throw's frames),
    for an animation; only for actions every seat saw, live or finished."""
    table = await live_table(hub, table_id)
    if not table.game.provides(Capability.MOTION):  # no record read, no replay job: the game never has one
        raise ApiError(404, f"move {move}: {table.game.name} has no motion to animate", "no_motion", move=move)
    actions = table.record_actions()  # a snapshot: the table may move on while the motion is computed
    if not 0 <= move < len(actions):
        raise ApiError(404, f"move {move}: nothing has been played at this table yet" if not actions else
                       f"move {move}: the table's record has moves 0–{len(actions) - 1}", "no_move",
                       move=move, moves=len(actions) - 1)
    key = ("motion", table_id, move, hash(tuple(actions[:move + 1])))

    def reply(answer: Answer) -> tuple[int, dict[str, Any]]:
        if answer.motion is None:
            return answer.status, answer.body(move)
        return 200, {"table": table_id, "move": move, "action": actions[move], "motion": answer.motion}

    return await heavy_reply(hub.heavy, key, client_of(request), reply, jobs.motion, table.game.name,
                             table.options_json, actions[:move + 1], move)
