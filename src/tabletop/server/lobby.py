"""The lobby, ``GET /api/tables``, answered from memory: one database read per page a second, whoever asks.

A lobby page costs its database queries and its lines, some 2.5 ms of CPU for 100 tables (10 ms when
they were ORM objects and models), on threads that hold the GIL the event loop needs: ten clients paging
the lobby as fast as their request rate allows slowed every table's moves tenfold. So a page read is
kept :attr:`Limits.lobby_cache_seconds` (1 s) per (statuses, game, activity, limit, cursor) and answered
to everyone who asks in that time, already encoded; concurrent requests share one read. Each
answer still carries the server's time as it answers (``now``), so ages read right.

What changes the lists is heard, not waited for. The cache subscribes to this process's table events
(:mod:`.table_events`): when a table is made here, starts or finishes, the pages that may list it — its
game's, or every game's, with one of the statuses it left or entered — are read again, once they are
:data:`REREAD_SECONDS` old. (Forgetting every page at each event would not do: a busy server creates
tables several times a second; coalesced, a stream of tables costs a page at most five reads a second, not
one per table.) A client that created, joined or rematched a table through this process gets a page read
after that (it looks for its table next). Any other change — a move, a seat taken at a table still waiting,
another process's table — shows within the cache's lifetime. The lobby reads the tables through
:class:`~tabletop.server.seams.LobbyReading` alone: the database's page, and the move counts of the tables
this process knows further along than the database's read.

Every lobby request counts as an expensive one in the rate limiter
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
from tabletop.server.inputs import StrictRoute
from tabletop.server.limits import LimitReached, Limits
from tabletop.server.lobby_lines import row_line
from tabletop.server.messages import LobbyPage
from tabletop.server.requests import LobbyReadingDep, client_of, limit_error
from tabletop.server.seams import LobbyReading
from tabletop.server.table_events import TableFinished, TableOpened, TableStarted
from tabletop.storage import STATUSES, StorageError
from tabletop.storage import LobbyPage as Rows
from tabletop.storage.models import now

router = APIRouter(route_class=StrictRoute)  # bodies read as strict JSON (.inputs)

PAGES = 256
"""Pages kept at most (each is kept a second; beyond this many read in that second, the oldest go)."""
Key = tuple[tuple[str, ...], str | None, str, int, str | None]
"""A page: its statuses, game, activity, limit and cursor."""
TIME: TypeAdapter[datetime] = TypeAdapter(datetime)
REREAD_SECONDS = 0.2
"""A page that may list a table this process made, started or finished is read again once it is this old
(or the cache's lifetime, if shorter): the table shows within this time, and however many tables change
here, a page is read at most once in this time."""
Changed = TableOpened | TableStarted | TableFinished


class LobbyCache:
    """Lobby pages read in the last :attr:`Limits.lobby_cache_seconds`, encoded, with when each read
    began; the reads going on; when each client last changed a table here; and when this process's tables
    of each game last entered or left each status (:meth:`heard`)."""

    def __init__(self, limits: Limits, size: int = PAGES) -> None:
        self.seconds = limits.lobby_cache_seconds
        self.reread = min(self.seconds, REREAD_SECONDS)
        self.idle_minutes = limits.lobby_idle_minutes
        self.size = size
        self.reads = 0  #: pages read from the database so far (what the cache saves is visible in tests)
        self._pages: OrderedDict[Key, tuple[float, bytes]] = OrderedDict()
        self._reading: dict[Key, tuple[float, asyncio.Future[bytes]]] = {}
        self._changed: dict[str, float] = {}  #: client → when it last created or joined a table here
        self._heard: dict[tuple[str, str], float] = {}  #: (game, status) → when a table here entered or left it
        self._window = MovingWindowRateLimiter(MemoryStorage())
        self._rate = RateLimitItemPerSecond(limits.lobby_reads_per_second)

    async def page(self, key: Key, client: str, read: Callable[[], Awaitable[bytes]]) -> bytes:
        """The page ``key`` (a JSON object without ``now``): kept, shared with a read going on, or
        ``read()`` — counted against ``client``'s reads. A page read before ``client``'s own last
        change (:meth:`changed`) is not given to it, nor one :attr:`reread` old read before a table it
        may list changed here (:meth:`heard`).

        Raises:
            LimitReached: 429 when ``client`` caused ``lobby_reads_per_second`` reads in the last second.
        """
        moment = time.monotonic()
        since = max(moment - self.seconds, self._changed.get(client, -math.inf),
                    min(self._listed_changed(key), moment - self.reread))
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
        shows there at once (to everyone else once :meth:`heard`, or within the cache's lifetime)."""
        moment = time.monotonic()
        if len(self._changed) >= 10_000:  # bounded: only the last second's changes matter
            self._changed = {c: t for c, t in self._changed.items() if t > moment - self.seconds}
        self._changed[client] = moment

    async def heard(self, event: Changed) -> None:
        """A table of this process was made, started or finished (:mod:`.table_events`): the pages that may
        list it are read again once :attr:`reread` old. Bounded: one moment per game and status."""
        moment = time.monotonic()
        for status in _statuses(event):
            self._heard[(event.game, status)] = moment

    def _listed_changed(self, key: Key) -> float:
        """When a table that page ``key`` may list last changed here (-inf: none since the start)."""
        statuses, game = key[0], key[1]
        return max((moment for (of, status), moment in self._heard.items()
                    if status in statuses and game in (None, of)), default=-math.inf)

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


def _statuses(event: Changed) -> tuple[str, ...]:
    """The statuses a table left or entered by ``event``."""
    match event:
        case TableOpened():
            return ("open",)
        case TableStarted():
            return ("open", "playing")
        case TableFinished():
            return ("open", "playing", event.status)


def with_now(page: bytes, moment: datetime) -> bytes:
    """A kept page's JSON object with the server's time now added as ``now``.

    >>> from datetime import UTC
    >>> with_now(b'{"tables":[]}', datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC))
    b'{"tables":[],"now":"2030-01-02T03:04:05Z"}'
    """
    return page[:-1] + b',"now":' + TIME.dump_json(moment) + b"}"


@router.get("/api/tables", response_model=LobbyPage)
async def list_tables(tables: LobbyReadingDep, request: Request,
                      status: Annotated[list[str] | None, Query(max_length=4)] = None,
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
                                partial(_read, tables, cache.idle_minutes, statuses, game, activity, limit, cursor))
    except LimitReached as error:
        raise limit_error(error) from None
    except StorageError as error:
        raise ApiError(422, str(error), "bad_cursor") from None
    return Response(with_now(page, now()), media_type="application/json")


async def _read(tables: LobbyReading, idle: float, statuses: tuple[str, ...], game: str | None, activity: str,
                limit: int, cursor: str | None) -> bytes:
    """A page from the database, encoded (without ``now``: each answer says its own). Its lines are made
    on the database's thread too (with its queries some 2.5 ms for 100 tables, which the event loop would
    otherwise wait); the loop only puts in the lines of the tables this process knows further along than
    the database."""
    quiet = {"live": False, "idle": True, "all": None}[activity]
    lines, behind, following = await tables.lobby_rows(partial(_lines, tables.moves), statuses, game, limit, cursor,
                                                       now() - timedelta(minutes=idle), quiet)
    for index, table_id in behind:
        if (line := tables.line(table_id)) is not None:
            lines[index] = line
    return orjson.dumps({"tables": lines, "next": following, "idle_minutes": idle}, option=orjson.OPT_UTC_Z)


def _lines(moves: Callable[[str], int | None], page: Rows) -> tuple[list[dict[str, Any]], list[tuple[int, str]],
                                                                     str | None]:
    """The page's lines as the database has them, which of them this process knows a move further along
    (a move written after the query: index and table), and the next page's cursor."""
    lines = [row_line(row, page.moves[row.id]) for row in page.tables]
    behind = [(index, row.id) for index, row in enumerate(page.tables)
              if (known := moves(row.id)) is not None and known > page.moves[row.id]]
    return lines, behind, page.next
