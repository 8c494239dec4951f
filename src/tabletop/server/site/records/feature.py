"""A player's finished games streamed as game records, at a bounded cost.

A finished game is public — its record (``GET /api/tables/{id}/record``) shows the cards that were hidden and the
chance secret once nobody plays it any more — so anyone may read a player's, as anyone reads a profile; a game
being played is never read here (the database is asked for finished tables only). The cost of one request is
bounded: the tables are read from the database :data:`PAGE` at a time as the client takes them (never all at
once, never held in memory), each record made from what the table stored (:mod:`tabletop.server.archive`: no
replay); a request streams :data:`CAP` games at most and each line says where to go on from it (``cursor``);
and each request counts against its client's ``game_streams_per_minute`` (its account's when signed in), as an
expensive request too.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, date, datetime, time, timedelta

import orjson

from tabletop.server.limits import LimitReached, Priced, Rates
from tabletop.server.requests import limit_error
from tabletop.server.seams import RecordReading
from tabletop.server.site.records.lines import header
from tabletop.storage.records import FinishedQuery, Key, StoredGame, write_cursor

CAP = 1_000
"""Games one request streams at most: a client goes on with ``before`` (the last line's ``cursor``)."""
PAGE = 50
"""Tables read from the database at once (with their logs: a few thousand rows)."""
STREAM = Priced("game_streams_per_minute", code="too_many_game_streams", what="streams of a player's games")


def days(since: date | None, until: date | None) -> tuple[datetime | None, datetime | None]:
    """The times a table may have finished in for ``since`` and ``until`` (whole days, UTC; both included): from
    the start of the first to the start of the day after the last (None: no bound).

    >>> [moment.isoformat() for moment in days(date(2026, 3, 1), date(2026, 3, 1))]
    ['2026-03-01T00:00:00+00:00', '2026-03-02T00:00:00+00:00']
    >>> days(None, date.max)
    (None, None)
    """
    start = None if since is None else datetime.combine(since, time(), UTC)
    end = None if until is None or until == date.max else datetime.combine(until + timedelta(days=1), time(), UTC)
    return start, end


def line(game: StoredGame, record: str, account: str) -> bytes:
    """One line of a player's stream (:mod:`.lines`): the table, the player's seats at it, the cursor after it and
    its record."""
    mine = [seat.seat for seat in game.seats if seat.account == account]
    return orjson.dumps({**header(game), "seats": mine, "cursor": write_cursor(game.key),
                         "record": orjson.Fragment(record)}, option=orjson.OPT_UTC_Z) + b"\n"


class Records:
    """The open record over the tables' :class:`~tabletop.server.seams.RecordReading`, requests counted by
    ``rates``."""

    def __init__(self, tables: RecordReading, rates: Rates) -> None:
        self.tables, self.rates = tables, rates

    async def count(self, who: str) -> None:
        """Count one stream asked by ``who`` (an address, or ``account:…``).

        Raises:
            ApiError: 429 ``too_many_game_streams`` beyond ``game_streams_per_minute``.
        """
        try:
            await self.rates.table_request(who, STREAM)
        except LimitReached as error:
            raise limit_error(error) from None

    async def stream(self, account: str, query: FinishedQuery, after: Key | None,
                     limit: int = CAP) -> AsyncIterator[bytes]:
        """The lines of ``account``'s finished games that ``query`` asks for, after ``after``, ``limit`` at most
        (:data:`CAP` at most). Its first page is read before this returns — a database that fails is answered
        before the stream begins — and each further page only once the client has taken the one before."""
        limit = max(1, min(limit, CAP))
        query = FinishedQuery(account, query.game, query.since, query.until, query.rated)
        first = await self.tables.finished_games(query, after, min(PAGE, limit))
        return self._lines(account, query, first, limit)

    async def _lines(self, account: str, query: FinishedQuery, page: list[tuple[StoredGame, str]],
                     limit: int) -> AsyncIterator[bytes]:
        sent = 0
        while page:
            for game, record in page:
                yield line(game, record, account)
            sent += len(page)
            if len(page) < PAGE or sent >= limit:
                return
            page = await self.tables.finished_games(query, page[-1][0].key, min(PAGE, limit - sent))
