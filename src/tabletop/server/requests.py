"""What every route needs of a request: who the client is, the table it names, the seat tokens it
carries (never in the URL) and how a refusal by a limit is answered (status, reason, Retry-After); and the
dependencies that hand a route what it works with — the hub (:data:`HubDep`), or for the site's features only
their narrow interface (:mod:`.seams`) and the feature itself, built by the application (:mod:`.app`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import Annotated, Any

import orjson
from fastapi import Depends, Request, Response
from starlette.requests import HTTPConnection

from tabletop.server.errors import ApiError, Rejection
from tabletop.server.hub import Hub
from tabletop.server.limits import LimitReached, client_key
from tabletop.server.messages import MAX_SEATS
from tabletop.server.rematch import Rematches
from tabletop.server.seams import LobbyReading, SeatViews
from tabletop.server.table import LiveTable
from tabletop.server.work import HeavyWork, Lane


def hub_of(connection: HTTPConnection) -> Hub:
    """The hub of the app serving the request or socket."""
    hub: Hub = connection.app.state.hub
    return hub


HubDep = Annotated[Hub, Depends(hub_of)]
"""A route's parameter for the hub (the table engine's own routers reach the tables through it)."""


def rematches_of(connection: HTTPConnection) -> Rematches:
    """The rematches (:mod:`.rematch`), made through the seam."""
    rematches: Rematches = connection.app.state.rematches
    return rematches


RematchesDep = Annotated[Rematches, Depends(rematches_of)]


def lobby_reading(connection: HTTPConnection) -> LobbyReading:
    """What the lobby reads of the tables (:class:`.seams.LobbyReading`)."""
    return hub_of(connection).seam


LobbyReadingDep = Annotated[LobbyReading, Depends(lobby_reading)]


def seat_views(connection: HTTPConnection) -> SeatViews:
    """What the coach reads of the tables (:class:`.seams.SeatViews`)."""
    return hub_of(connection).seam


SeatViewsDep = Annotated[SeatViews, Depends(seat_views)]


def heavy_of(connection: HTTPConnection) -> HeavyWork:
    """The expensive-work pool (:mod:`.work`)."""
    return hub_of(connection).heavy


HeavyDep = Annotated[HeavyWork, Depends(heavy_of)]


def client_of(connection: HTTPConnection) -> str:
    """The client a request or socket comes from, as the hashed key limits are counted by."""
    return client_key(connection.client.host if connection.client else None)


def bearer_tokens(request: Request) -> list[str]:
    """The seat tokens of ``Authorization: Bearer <token>[, <token>…]`` (several for a hot seat), each
    once, in the order given.

    Raises:
        ApiError: 401 for another kind of header; 400 ``too_many_tokens`` for more different tokens
            than any table has seats (checked before anything is looked up; the table's own seat count
            is checked by :meth:`.seating.Seating.seats_for`).
    """
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    if not header:
        return []
    if scheme.lower() != "bearer" or not value.strip():
        raise ApiError(401, "seat tokens go in an 'Authorization: Bearer <token>' header", "bad_authorization")
    tokens = list(dict.fromkeys(token.strip() for token in value.split(",") if token.strip()))
    if len(tokens) > MAX_SEATS:
        raise ApiError(400, f"{len(tokens)} different seat tokens: no table has more than {MAX_SEATS} seats",
                       "too_many_tokens", count=len(tokens), seats=MAX_SEATS)
    return tokens


def refuse_tokens_in_url(request: Request) -> None:
    """A token in the query string would be written to access logs: refuse it, saying where it goes."""
    if "token" in request.query_params:
        raise ApiError(400, "seat tokens never go in a URL (they would be logged): send "
                            "'Authorization: Bearer <token>' (HTTP) or the hello message (WebSocket)", "tokens_in_url")


def limit_error(error: LimitReached) -> ApiError:
    """The HTTP answer to a limit reached: 429 or 503 with the reason, its code and ``Retry-After``."""
    headers = None
    if error.retry_after is not None:
        headers = {"Retry-After": str(max(1, math.ceil(error.retry_after)))}
    return ApiError(error.status, str(error), error.code, headers=headers, **error.params)


async def live_table(hub: Hub, table_id: str) -> LiveTable:
    """The table ``table_id`` (loaded if needed), or a 404 saying there is none."""
    try:
        return await hub.table(table_id)
    except Rejection as error:
        raise ApiError.of(404, error) from None


async def run_heavy(heavy: HeavyWork, key: Hashable, client: str, job: Callable[..., Any], *args: Any,
                    lane: Lane = "shared", keep: bool = True) -> Any:
    """``job(*args)`` in the expensive-work pool's ``lane``, answered 429/503 when a limit is reached
    (``keep``: the answer kept in the pool's cache; False when its caller keeps it)."""
    try:
        return await heavy.run(key, client, job, *args, lane=lane, keep=keep)
    except LimitReached as error:
        raise limit_error(error) from None


def json_reply(data: Any) -> Response:
    """``data`` (JSON data as the hub builds it) encoded by orjson: FastAPI's own encoding of a returned
    dict walks it in Python first, some 1.5 ms for a cribbage update against 0.02 ms here — the whole cost
    of a state request, which a client polling many seats' tokens made the server pay hundreds of times a
    second (benchmarks/abuse.py's "tokens")."""
    return Response(orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS), media_type="application/json")


async def heavy_reply(heavy: HeavyWork, key: Hashable, client: str, answer: Callable[[Any], tuple[int, Any]],
                      job: Callable[..., Any], *args: Any, lane: Lane = "shared") -> Response:
    """The JSON answer built by ``answer`` from ``job(*args)``'s result, encoded once and kept: a
    repeated request for it costs a look-up (the expensive answers are the ones asked again and again)."""
    reply = heavy.reply(key)
    if reply is None:
        status, payload = answer(await run_heavy(heavy, key, client, job, *args, lane=lane))
        reply = heavy.keep_reply(key, status, orjson.dumps(payload, option=orjson.OPT_NON_STR_KEYS))
    return Response(reply[1], status_code=reply[0], media_type="application/json")
