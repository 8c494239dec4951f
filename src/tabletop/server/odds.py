"""Live odds for the browser: each seat's exact chance of winning a Beetle table, now or at any
move of a finished game's replay (:func:`tabletop.games.beetle.odds.win_probabilities`).

Beetle has no hidden information, so the odds reveal nothing a view does not; the computation is
exact (a Markov chain per sheet) and runs off the event loop. Other games have no exact odds here.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException, Request

from tabletop.server.hub import Hub, Rejection

router = APIRouter()

ODDS_GAMES = ("beetle",)
"""The games whose exact winning chances the server computes."""


@router.get("/api/tables/{table_id}/odds")
async def table_odds(table_id: str, request: Request, move: int | None = None) -> dict[str, Any]:
    """Each seat's chance of winning at the table now (or after ``move`` actions of a finished game)."""
    from tabletop.games.beetle.odds import win_probabilities
    from tabletop.games.beetle.rules import BeetleState

    hub: Hub = request.app.state.hub
    try:
        table = await hub.table(table_id)
    except Rejection as error:
        raise HTTPException(404, str(error)) from None
    if table.game.name not in ODDS_GAMES:
        raise HTTPException(404, f"no exact odds for {table.game.name}; they are computed for {', '.join(ODDS_GAMES)}")
    state = table.state
    moves = table.moves
    if move is not None:
        if table.status not in ("over", "abandoned"):
            raise HTTPException(409, "odds at an earlier move are given for finished games (their replays) only")
        try:
            state = table.state_after(move)
        except ValueError as error:
            raise HTTPException(404, str(error)) from None
        moves = move
    if not isinstance(state, BeetleState):  # pragma: no cover - the game name says it is
        raise HTTPException(500, "not a beetle state")
    win = await asyncio.to_thread(win_probabilities, state)
    return {"move": moves, "win": [round(p, 12) for p in win]}
