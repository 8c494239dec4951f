"""The lobby, ``GET /api/tables``, answered from memory: one database read per page a second, whoever asks.

A lobby page costs its database query and its lines, some 10 ms of CPU for 100 tables, on threads that
hold the GIL the event loop needs: ten clients paging the lobby as fast as their request rate allows
slowed every table's moves tenfold. So a page read is kept :attr:`Limits.lobby_cache_seconds` (1 s)
per (statuses, game, activity, limit, cursor) and answered to everyone who asks in that time, already
encoded; concurrent requests for a page share one read. Each answer still carries the server's time
as it answers (``now``), so ages read right. A table created, joined or rematched through this process
is listed at once (the kept pages are forgotten); any other change — a move, an ending, another
process's table — shows within the cache's lifetime. A page read from the database is priced: one
client may cause :attr:`Limits.lobby_reads_per_second` of them (429 beyond, ``too_many_lobby_reads``);
pages from memory are not counted.
"""

from __future__ import annotations

import asyncio
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
from tabletop.server.limits import LimitReached, Limits
from tabletop.server.messages import LobbyPage
from tabletop.server.requests import client_of, limit_error
from tabletop.storage import STATUSES, StorageError
from tabletop.storage.models import now

router = APIRouter()

PAGES = 256
"""Pages kept at most (each is kept a second; beyond this many read in that second, the oldest go)."""
Key = tuple[tuple[str, ...], str | None, str, int, str | None]
"""A page: its statuses, game, activity, limit and cursor."""
TIME: TypeAdapter[datetime] = TypeAdapter(datetime)


class LobbyCache:
    """Lobby pages read in the last :attr:`Limits.lobby_cache_seconds`, encoded, and the reads going on."""

    def __init__(self, limits: Limits, size: int = PAGES) -> None:
        self.seconds = limits.lobby_cache_seconds
        self.size = size
        self.reads = 0  #: pages read from the database so far (what the cache saves is visible in tests)
        self._pages: OrderedDict[Key, tuple[float, bytes]] = OrderedDict()
        self._reading: dict[Key, asyncio.Future[bytes]] = {}
        self._generation = 0  #: counts :meth:`forget` calls: a read begun before one is not kept
        self._window = MovingWindowRateLimiter(MemoryStorage())
        self._rate = RateLimitItemPerSecond(limits.lobby_reads_per_second)

    async def page(self, key: Key, client: str, read: Callable[[], Awaitable[bytes]]) -> bytes:
        """The page ``key`` (a JSON object without ``now``): kept, shared with a read going on, or
        ``read()`` — counted against ``client``'s reads.

        Raises:
            LimitReached: 429 when ``client`` caused ``lobby_reads_per_second`` reads in the last second.
        """
        kept = self._pages.get(key)
        if kept is not None and kept[0] > time.monotonic():
            return kept[1]
        if key not in self._reading and not await self._window.hit(self._rate, "lobby", client):
            raise LimitReached(f"too many lobby pages read: at most {self._rate.amount} a second from one "
                               "client (a page read by anyone in the last second costs nothing); slow down",
                               "too_many_lobby_reads", 1.0, limit=self._rate.amount)
        reading = self._reading.get(key)  # (another request may have begun it meanwhile)
        if reading is None:
            self.reads += 1
            reading = self._reading[key] = asyncio.ensure_future(read())
            reading.add_done_callback(partial(self._settle, key, self._generation, time.monotonic() + self.seconds))
        return await asyncio.shield(reading)  # a client that goes away does not stop the others' page

    def forget(self) -> None:
        """Drop every kept page and read going on: a table was created or joined here, so the next
        request reads the lobby again and shows it."""
        self._pages.clear()
        self._reading.clear()
        self._generation += 1

    def _settle(self, key: Key, generation: int, until: float, done: asyncio.Future[bytes]) -> None:
        if self._reading.get(key) is done:
            del self._reading[key]
        if done.cancelled() or done.exception() is not None or generation != self._generation:
            return
        self._pages[key] = (until, done.result())
        self._pages.move_to_end(key)
        moment = time.monotonic()
        while self._pages and (len(self._pages) > self.size or next(iter(self._pages.values()))[0] <= moment):
            self._pages.popitem(last=False)  # the oldest first: all are kept equally long


def with_now(page: bytes, moment: datetime) -> bytes:
    """A kept page's JSON object with the server's time now added as ``now``.

    >>> from datetime import UTC
    >>> with_now(b'{"tables":[]}', datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC))
    b'{"tables":[],"now":"2030-01-02T03:04:05Z"}'
    """
    return page[:-1] + b',"now":' + TIME.dump_json(moment) + b"}"


@router.get("/api/tables", response_model=LobbyPage)
async def list_tables(request: Request, status: Annotated[list[str] | None, Query(max_length=4)] = None,
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
    hub: Hub = request.app.state.hub
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
    """A page from the database, encoded (without ``now``: each answer says its own)."""
    moment, idle = now(), hub.limits.lobby_idle_minutes
    quiet = {"live": False, "idle": True, "all": None}[activity]
    page = await hub.db(hub.store.lobby, statuses, game, limit, cursor,
                        quiet_since=moment - timedelta(minutes=idle), quiet=quiet)
    lines = [_line(hub, row, page.moves[row.id]) for row in page.tables]
    data = LobbyPage(tables=lines, next=page.next, idle_minutes=idle).model_dump(mode="json", exclude={"now"})
    return orjson.dumps(data)


def _line(hub: Hub, row: Any, moves: int) -> Any:
    live = hub.tables.get(row.id)  # this process may know more (a move the lobby query missed)
    return hub.info(live) if live is not None and live.moves >= moves else Hub.row_info(row, moves)
