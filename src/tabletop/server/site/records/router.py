"""The open record's route: ``GET /api/players/{username}/games?format=ndjson``, a player's finished games as NDJSON.

Included before the accounts' ``/api/players/{username}`` (the profile), which would otherwise not be told apart.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query
from fastapi.responses import StreamingResponse
from starlette.requests import HTTPConnection

import tabletop
from tabletop.server.errors import ApiError
from tabletop.server.identity import IdentityDep, counted_as
from tabletop.server.inputs import StrictRoute
from tabletop.server.site.accounts.router import AccountsDep
from tabletop.server.site.records.feature import CAP, Records, days
from tabletop.storage import StorageError
from tabletop.storage.records import FinishedQuery, read_cursor

router = APIRouter(route_class=StrictRoute, tags=["records"])


def records_of(connection: HTTPConnection) -> Records:
    """The app's open record (:func:`tabletop.server.app.features` makes it)."""
    records: Records = connection.app.state.records
    return records


RecordsDep = Annotated[Records, Depends(records_of)]


@router.get("/api/players/{username}/games", response_class=StreamingResponse,
            responses={200: {"content": {"application/x-ndjson": {}},
                             "description": "one finished game a line: the table and its record"}})
async def games(username: str, records: RecordsDep, accounts: AccountsDep, identity: IdentityDep,
                form: Annotated[Literal["ndjson"], Query(alias="format")] = "ndjson",
                game: Annotated[str | None, Query(max_length=32)] = None,
                since: date | None = None, until: date | None = None, rated: bool | None = None,
                before: Annotated[str | None, Query(max_length=200)] = None,
                limit: Annotated[int, Query(ge=1, le=CAP)] = CAP) -> StreamingResponse:
    """A player's finished games, the latest first, one JSON object a line (NDJSON): the table (``table``, ``game``,
    ``status``, ``finished_at``, ``rated``: its pool or null, ``players``: usernames by seat, ``bots``), the player's
    ``seats``, a ``cursor`` and the game ``record`` (what ``/api/tables/{id}/record`` answers). Of one ``game``,
    finished from ``since`` to ``until`` (dates, UTC, both included), ``rated`` or not; ``limit`` games at most
    (1,000); ``before`` goes on after the line whose ``cursor`` it is. Never a game being played."""
    await records.count(counted_as(identity))
    if game is not None and game not in tabletop.REGISTRY:
        raise ApiError(422, f"game {game!r}; games: {', '.join(tabletop.REGISTRY)}", "unknown_game",
                       game=game, games=list(tabletop.REGISTRY))
    try:
        after = None if before is None else read_cursor(before)
    except StorageError as error:
        raise ApiError(422, str(error), "bad_cursor") from None
    account = await accounts.account_named(username[:64])
    if account is None:
        raise ApiError(404, "no player of that name", "no_player")
    start, end = days(since, until)
    lines = await records.stream(account.id, FinishedQuery(game=game, since=start, until=end, rated=rated), after,
                                 limit)
    return StreamingResponse(lines, media_type="application/x-ndjson")
