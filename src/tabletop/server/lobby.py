"""The lobby, ``GET /api/tables``, answered from memory: one database read per page a second, whoever asks.

A lobby page costs its database queries and its lines, some 2.5 ms of CPU for 100 tables (10 ms when
they were ORM objects and models), on threads that hold the GIL the event loop needs: ten clients paging
the lobby as fast as their request rate allows slowed every table's moves tenfold. So a page read is
kept :attr:`Limits.lobby_cache_seconds` (1 s) per (statuses, game, activity, limit, cursor) and answered
to everyone who asks in that time, already encoded; concurrent requests for a page share one read. Each
answer still carries the server's time as it answers (``now``), so ages read right. A client that
created, joined or rematched a table through this process gets a page read after that (it looks for its
table next); any other change — a move, an ending, someone else's table, another process's — shows
within the cache's lifetime. (Forgetting every page at each creation would not do: a busy server creates
tables several times a second.) Every lobby request counts as an expensive one in the rate limiter
(:class:`~tabletop.server.app.RateLimit`: even from memory, a page of 100 tables is tens of kB to send),
and a page read from the database is priced too: one client may cause
:attr:`Limits.lobby_reads_per_second` of them (429 beyond, ``too_many_lobby_reads``).
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from functools import partial
from typing import Annotated, Any, Literal

import orjson
from fastapi import APIRouter, Query, Request, Response
from limits import RateLimitItemPerSecond
from limits.aio.storage import MemoryStorage
from limits.aio.strategies import MovingWindowRateLimiter
from pydantic import TypeAdapter

import tabletop
from tabletop.server.errors import ApiError
from tabletop.server.hub import Hub
from tabletop.server.inputs import StrictRoute
from tabletop.server.limits import LimitReached, Limits
from tabletop.server.lobby_lines import row_line
from tabletop.server.messages import LobbyPage
from tabletop.server.requests import HubDep, client_of, limit_error
from tabletop.storage import STATUSES, StorageError
from tabletop.storage.models import now

router = APIRouter(route_class=StrictRoute)  # bodies read as strict JSON (.inputs)

PAGES = 256
"""Pages kept at most (each is kept a second; beyond this many read in that second, the oldest go)."""
Key = tuple[tuple[str, ...], str | None, str, int, str | None]
"""A page: its statuses, game, activity, limit and cursor."""
TIME: TypeAdapter[datetime] = TypeAdapter(datetime)


class LobbyCache:
    """Lobby pages read in the last :attr:`Limits.lobby_cache_seconds`, encoded, with when each read
    began; the reads going on; and when each client last changed a table here."""

    def __init__(self, limits: Limits, size: int = PAGES) -> None:
        self.seconds = limits.lobby_cache_seconds
        self.size = size
        self.reads = 0  #: pages read from the database so far (what the cache saves is visible in tests)
        self._pages: OrderedDict[Key, tuple[float, bytes]] = OrderedDict()
        self._reading: dict[Key, tuple[float, asyncio.Future[bytes]]] = {}
        self._changed: dict[str, float] = {}  #: client → when it last created or joined a table here
        self._window = MovingWindowRateLimiter(MemoryStorage())
        self._rate = RateLimitItemPerSecond(limits.lobby_reads_per_second)

    async def page(self, key: Key, client: str, read: Callable[[], Awaitable[bytes]]) -> bytes:
        """The page ``key`` (a JSON object without ``now``): kept, shared with a read going on, or
        ``read()`` — counted against ``client``'s reads. A page read before ``client``'s own last
        change (:meth:`changed`) is not given to it.

        Raises:
            LimitReached: 429 when ``client`` caused ``lobby_reads_per_second`` reads in the last second.
        """
        moment = time.monotonic()
        since = max(moment - self.seconds, self._changed.get(client, -math.inf))
        kept = self._pages.get(key)
        if kept is not None and kept[0] >= since:
            return kept[1]
        reading = self._reading.get(key)
        if reading is None or reading[0] < since:
            if not await self._window.hit(self._rate, "lobby", client):
                raise LimitReached(f"too many lobby pages read: at most {self._rate.amount} a second from one "
                                   "client (a page read by anyone in the last second costs nothing); slow down",
                                   "too_many_lobby_reads", 1.0, limit=self._rate.amount)
            self.reads += 1
            began = time.monotonic()
            reading = self._reading[key] = (began, asyncio.ensure_future(read()))
            reading[1].add_done_callback(partial(self._settle, key, began))
        return await asyncio.shield(reading[1])  # a client that goes away does not stop the others' page

    def changed(self, client: str) -> None:
        """``client`` created or joined a table here: its next page is read after this moment, so it
        shows there at once (everyone else's within the cache's lifetime)."""
        moment = time.monotonic()
        if len(self._changed) >= 10_000:  # bounded: only the last second's changes matter
            self._changed = {c: t for c, t in self._changed.items() if t > moment - self.seconds}
        self._changed[client] = moment

    def _settle(self, key: Key, began: float, done: asyncio.Future[bytes]) -> None:
        if (reading := self._reading.get(key)) is not None and reading[1] is done:
            del self._reading[key]
        if done.cancelled() or done.exception() is not None:
            return
        kept = self._pages.get(key)
        if kept is None or kept[0] < began:  # (a later read may have ended first)
            self._pages[key] = (began, done.result())
            self._pages.move_to_end(key)
        oldest = time.monotonic() - self.seconds
        while self._pages and (len(self._pages) > self.size or next(iter(self._pages.values()))[0] < oldest):
            self._pages.popitem(last=False)  # the oldest first (near enough: reads end in about their order)


def with_now(page: bytes, moment: datetime) -> bytes:
    """A kept page's JSON object with the server's time now added as ``now``.

    >>> from datetime import UTC
    >>> with_now(b'{"tables":[]}', datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC))
    b'{"tables":[],"now":"2030-01-02T03:04:05Z"}'
    """
    return page[:-1] + b',"now":' + TIME.dump_json(moment) + b"}"


@router.get("/api/tables", response_model=LobbyPage)
async def list_tables(hub: HubDep, request: Request, status: Annotated[list[str] | None, Query(max_length=4)] = None,
                      game: Annotated[str | None, Query(max_length=32)] = None,
                      activity: Literal["live", "idle", "all"] = "live",
                      limit: Annotated[int, Query(ge=1, le=100)] = 50,
                      cursor: Annotated[str | None, Query(max_length=200)] = None) -> Response:
    """The lobby, a page at a time: tables with these statuses (default: open and playing), of one
    game if asked — waiting tables first, then the most recently active; ``next`` is the cursor of
    the following page. A game nobody moved in for ``lobby_idle_minutes`` is *idle*: ``live`` (the
    default) leaves such games out, ``idle`` lists only them, ``all`` lists every table."""
    statuses = tuple(status or ("open", "playing"))
    if unknown := [s for s in statuses if s not in STATUSES]:
        raise ApiError(422, f"status {unknown[0]!r}; statuses: {', '.join(STATUSES)}", "bad_status",
                       status=unknown[0][:20], statuses=list(STATUSES))
    if game is not None and game not in tabletop.REGISTRY:
        raise ApiError(422, f"game {game!r}; games: {', '.join(tabletop.REGISTRY)}", "unknown_game",
                       game=game, games=list(tabletop.REGISTRY))
    cache: LobbyCache = request.app.state.lobby
    try:
        page = await cache.page((statuses, game, activity, limit, cursor), client_of(request),
                                partial(_read, hub, statuses, game, activity, limit, cursor))
    except LimitReached as error:
        raise limit_error(error) from None
    except StorageError as error:
        raise ApiError(422, str(error), "bad_cursor") from None
    return Response(with_now(page, now()), media_type="application/json")


async def _read(hub: Hub, statuses: tuple[str, ...], game: str | None, activity: str, limit: int,
                cursor: str | None) -> bytes:
    """A page from the database, encoded (without ``now``: each answer says its own). Its lines are made
    on the database's thread too (with its queries some 2.5 ms for 100 tables, which the event loop would
    otherwise wait); the loop only puts in the lines of the tables this process knows further along than
    the database."""
    idle = hub.limits.lobby_idle_minutes
    quiet = {"live": False, "idle": True, "all": None}[activity]
    lines, behind, following = await hub.db(_lines, hub, statuses, game, limit, cursor,
                                            now() - timedelta(minutes=idle), quiet)
    for index, table_id in behind:
        if (live := hub.registry.get(table_id)) is not None:
            lines[index] = row_line(live.row, live.moves)
    return orjson.dumps({"tables": lines, "next": following, "idle_minutes": idle}, option=orjson.OPT_UTC_Z)


def _lines(hub: Hub, statuses: tuple[str, ...], game: str | None, limit: int, cursor: str | None,
           quiet_since: datetime, quiet: bool | None) -> tuple[list[dict[str, Any]], list[tuple[int, str]], str | None]:
    """The page's lines as the database has them, which of them this process knows a move further along
    (a move written after the query: index and table), and the next page's cursor."""
    page = hub.store.lobby(statuses, game, limit, cursor, quiet_since=quiet_since, quiet=quiet)
    lines = [row_line(row, page.moves[row.id]) for row in page.tables]
    behind = [(index, row.id) for index, row in enumerate(page.tables)
              if (live := hub.registry.get(row.id)) is not None and live.moves > page.moves[row.id]]
    return lines, behind, page.next
