"""Live odds for the browser: each seat's exact chance of winning, now or at any move so far (of a live
game, whose screen may show a move after the server made it, or of a finished game's replay), for the
games that compute it (``Game.win_chances``: Beetle).

A game computes them only where they reveal nothing a view hides. The computation is a job of the
bounded expensive-work pool (:mod:`tabletop.server.work`), cached by (table, move), so no number of
requests stalls a table.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

import tabletop
from tabletop.core import Capability
from tabletop.server import jobs
from tabletop.server.errors import ApiError
from tabletop.server.inputs import StrictRoute
from tabletop.server.requests import HubDep, client_of, heavy_reply, live_table

router = APIRouter(route_class=StrictRoute)  # bodies read as strict JSON (.inputs)

@router.get("/api/tables/{table_id}/odds", response_model=None)
async def table_odds(hub: HubDep, table_id: str, request: Request, move: int | None = None) -> Response:
    """Each seat's chance of winning at the table now (or after ``move`` actions, live or finished)."""
    table = await live_table(hub, table_id)
    if not table.game.provides(Capability.ODDS):
        computed = tabletop.REGISTRY.providing(Capability.ODDS)
        raise ApiError(404, f"no exact odds for {table.game.name}; they are computed for {', '.join(computed)}",
                       "no_odds", game=table.game.name, games=computed)
    actions = table.record_actions()
    # any move so far, of a live game too: every roll is public, and a paced screen that shows a move after the
    # server made it asks for the odds of the move it shows (a move number is a count of the record's actions:
    # no Beetle action is ever undone, each roll being followed by chance's, so the two never part)
    if move is not None and not 0 <= move <= len(actions):
        raise ApiError(404, f"move {move}: the game has moves 0–{len(actions)}", "no_move", move=move,
                       moves=len(actions))
    at = len(actions) if move is None else move
    shown = table.moves if move is None else move  # a live table's odds are told at its move number
    key = ("odds", table_id, at, shown, hash(tuple(actions[:at])))

    def reply(answer: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        return 200, {**answer, "move": shown}

    return await heavy_reply(hub.heavy, key, client_of(request), reply, jobs.win_chances, table.game.name,
                             table.options_json, actions[:at], at)
