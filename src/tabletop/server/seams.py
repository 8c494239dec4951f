"""The narrow interfaces through which the site's features meet live tables (SITE.md's first seam), in one place.

A feature is handed one of the protocols below — never the hub, its registry's dictionaries or the
database's rows: it makes a table through :meth:`TableMaking.open` (which is :meth:`.seating.Seating.open`,
the one way a table comes to be), learns what a table is now from a :class:`TableGlance` (a value: holding
one keeps no table in memory and reaches into nothing), and hears what happens from :mod:`.table_events`.
Each protocol names the few things one feature uses, as boardgame.io's ``Master`` is handed its storage and
transport:

- :class:`TableMaking` — the rematch (:mod:`.rematch`): a table glanced at, made, started, its kept seats
  taken, a finished table's settings written and told;
- :class:`LobbyReading` — the lobby (:mod:`.lobby`): a page of the database's lines, and how far this
  process knows each of its live tables to be;
- :class:`SeatViews` — the coach (:mod:`.coach`): a table glanced at, seat tokens checked, one seat's view at
  one move, a finished table's actions;
- :class:`ChatKeeping` — the moderation (:mod:`.site.moderation`): a table's chat readers told that a line
  a moderator hid is gone (the line itself is hidden in the database by the moderation's storage);
- :class:`SeatBinding` — the accounts (:mod:`.site.accounts`): the tables whose seats the feature bound to an
  account or let go (a claim, a deleted account) read again wherever they are held, and a finished table's
  record (an account's export);
- :class:`RecordReading` — the open record of play (:mod:`.site.records`): finished tables read from the database a
  page at a time, each with its game record (:mod:`.archive`), never a table being played.

:class:`Tables` is their one implementation, over the registry, seating and the cross-process layer; the
composition root (:mod:`.hub`) builds it as ``Hub.seam``, the application (:mod:`.app`) builds the
features from it, and :mod:`.requests` hands both to the routes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from tabletop.core import Game
from tabletop.server.archive import stored_record
from tabletop.server.errors import Rejection
from tabletop.server.lobby_lines import row_line
from tabletop.storage import LobbyPage, LobbySeat, SeatSpec, StorageError
from tabletop.storage.records import FinishedQuery, Key, RecordStore, StoredGame

if TYPE_CHECKING:
    from tabletop.server.messages import CreateTable
    from tabletop.server.registry import TableRegistry
    from tabletop.server.seating import Seating
    from tabletop.server.table import LiveTable

T = TypeVar("T")
FINISHED = ("over", "abandoned")


SeatGlance = LobbySeat
"""A seat as anyone may know it (the lobby's own value): who sits there (a person, ``local`` on a shared screen,
or a bot) and whether it is taken."""


@dataclass(frozen=True, slots=True)
class TableGlance:
    """What a feature may know of a table at one moment: its game (loaded with its options), status,
    position (``moves``: the log's length; ``to_move``: a seat, CHANCE or TERMINAL), seats, clock and
    rematch links. Nothing hidden: no state, no view, no chance secret."""

    table: str
    game: Game[Any, Any]
    options: Mapping[str, Any]
    options_json: str
    status: str
    moves: int
    to_move: int
    seats: tuple[SeatGlance, ...]
    move_seconds: float | None
    time_bank: float
    rematch: Mapping[str, Any] | None  #: where this finished table's rematch is, and for whom
    rematch_of: str | None  #: the table this one is the rematch of
    pool: str | None = None  #: a rated table's rating pool; None: casual


def glance_of(table: LiveTable) -> TableGlance:
    """The :class:`TableGlance` of a live table now."""
    settings = table.settings
    return TableGlance(table.row.id, table.game, dict(table.row.options), table.options_json, table.status,
                       table.moves, table.state.current_player,
                       tuple(SeatGlance(s.seat, s.kind, s.name, s.bot, s.joined, account=s.account)
                             for s in table.seats),
                       settings.move_seconds, settings.time_bank, settings.rematch, settings.rematch_of,
                       settings.pool if settings.rated else None)


class Glancing(Protocol):
    """What every feature may do: glance at a table."""

    async def glance(self, table_id: str) -> TableGlance:
        """The table now, loaded if this process has not got it.

        Raises:
            Rejection: ``no_table`` when there is none.
        """


class TableMaking(Glancing, Protocol):
    """What the rematch needs: tables made through the one creation interface, seated and told."""

    def holds(self, table_id: str) -> bool:
        """Whether this process holds the table (made or loaded here)."""

    def lock(self, table_id: str) -> asyncio.Lock:
        """The lock that orders changes to one table in this process."""

    async def check_limits(self, client: str, all_bots: bool = False) -> None:
        """Refuse a creation by ``client`` beyond its limits (creations a minute, unfinished tables).

        Raises:
            LimitReached: with the limit and when to try again.
        """

    async def check_unfinished(self, client: str) -> None:
        """Refuse a seat to ``client`` beyond its unfinished tables (LimitReached)."""

    async def open(self, game: str, options: dict[str, Any], seats: list[SeatSpec], settings: dict[str, Any],
                   client: str = "", table_id: str | None = None,
                   account: str | None = None) -> tuple[str, dict[int, str], str]:
        """A new table, not started (:meth:`start`): its id, each person's seat token, the creator's token (the
        seats taken at creation bound to ``account``, when given).

        Raises:
            TableExistsError: when ``table_id`` is taken (another process made it a moment ago).
        """

    async def start(self, table_id: str) -> bool:
        """Start the table if every seat is filled; True when it started now."""

    async def take_kept(self, table_id: str, names: Mapping[int, str], client: str = "",
                        account: str | None = None) -> tuple[dict[int, str], list[int]]:
        """Seat a person (signed in as ``account``) in the seats kept for them (named ``names``): the tokens of
        those taken now, and those taken already (or kept for another account)."""

    async def write_settings(self, table_id: str, changes: dict[str, Any]) -> None:
        """Write ``changes`` into the table's settings; tell the other processes and its connections.
        The caller holds its lock."""

    async def catch_up(self, table_id: str) -> None:
        """Read the table again from the database (another process changed it) and tell its connections."""


class Pairing(Protocol):
    """What quick pairing needs: a table made as its creator asks for one (a seat addressed to the account it
    was paired with), and that seat taken by that account."""

    async def create(self, request: CreateTable, client: str, account: str,
                     addressed: Mapping[int, tuple[str, str]]) -> str:
        """A new table as ``account`` (at ``client``) asks for it, with each seat of ``addressed`` for that account
        (its id, its username): the table's id.

        Raises:
            Rejection: a table that cannot be, with the reason. LimitReached: a limit of the creator's.
        """

    async def join(self, table_id: str, name: str, seat: int, account: str) -> None:
        """``account`` (named ``name``) takes ``seat``, addressed to it (Rejection: it cannot)."""


class ChatKeeping(Protocol):
    """What the moderation needs: a table's chat readers, in every process, told a line is hidden."""

    async def line_hidden(self, table_id: str, line: int) -> None:
        """Tell the table's chat readers that line ``line`` is hidden (they take it away)."""


class LobbyReading(Protocol):
    """What the lobby needs: the database's page, and how far this process knows its own tables to be."""

    async def lobby_rows(self, then: Callable[[LobbyPage], T], statuses: Sequence[str], game: str | None,
                         limit: int, cursor: str | None, quiet_since: datetime, quiet: bool | None,
                         account: str | None = None) -> T:
        """The database's lobby page handed to ``then`` on a database thread (its lines made there, not on
        the event loop), and what ``then`` makes of it; with ``account``, that account's tables only.

        Raises:
            StorageError: for a cursor the database did not give out.
        """

    def moves(self, table_id: str) -> int | None:
        """How many moves this process knows the table to have logged (None: not held here). Safe from any thread."""

    def line(self, table_id: str) -> dict[str, Any] | None:
        """The lobby line of a table this process holds, as it knows it (None: not held here)."""


class SeatViews(Glancing, Protocol):
    """What the coach needs: a seat's tokens checked and its view, never another's."""

    async def seats_for(self, table_id: str, tokens: list[str], account: str | None = None) -> list[int]:
        """The seats these tokens hold, and those bound to ``account`` (signed in).

        Raises:
            Rejection: ``bad_token``, ``too_many_tokens``.
        """

    def view(self, table_id: str, seat: int, move: int) -> dict[str, Any] | None:
        """``seat``'s view of the table while it is at move ``move`` (None: it is not, or not held here)."""

    def moves(self, table_id: str) -> int | None:
        """How many moves this process knows the table to have logged (None: not held here)."""

    def actions(self, table_id: str) -> tuple[str, ...] | None:
        """A finished table's actions, its record (public once it is over); None while it is played."""


class SeatBinding(LobbyReading, Protocol):
    """What the accounts need: an account's tables listed (as the lobby reads them), the seats' accounts
    changed by the feature's own storage learnt by the live tables, and a finished table's record."""

    async def rebound(self, tables: Sequence[tuple[str, str]]) -> None:
        """These tables' seats (table id, status) changed in the database — bound to an account, or renamed:
        each one held by this process is read again and its connections told, and the other processes are
        told of the unfinished ones (the same account on another device gets its seat back at once)."""

    async def record(self, table_id: str) -> bytes | None:
        """A finished table's game record as JSON (what ``GET /api/tables/{id}/record`` answers); None while it
        is played (its record would show hidden information) or when there is no such table."""


class RecordReading(Protocol):
    """What the open record of play needs: finished tables, a page at a time, each with its game record."""

    async def finished_games(self, query: FinishedQuery, after: Key | None,
                             limit: int) -> list[tuple[StoredGame, str]]:
        """Up to ``limit`` finished tables that ``query`` asks for, after ``after`` in its order, read from the database
        (a finished table's record is what it stored: nothing of it need be held here), each with its game record as
        JSON (what ``GET /api/tables/{id}/record`` answers, on one line); never a table being played."""


class Tables:
    """This process's tables as the features see them: every protocol above, over the parts that hold them."""

    def __init__(self, registry: TableRegistry, seating: Seating, catch_up: Callable[[str], Awaitable[None]],
                 notify: Callable[[LiveTable], Awaitable[None]], broadcast: Callable[[str], Awaitable[None]],
                 tell: Callable[[str], Awaitable[Any]] | None = None,
                 chat_hidden: Callable[[str, int], Awaitable[None]] | None = None) -> None:
        """``catch_up``, ``notify`` (tell the other processes) and ``broadcast`` (tell the table's connections):
        the cross-process layer's and the broadcaster's; ``tell`` tells the other processes of a table this one
        does not hold; ``chat_hidden`` tells a table's chat readers a line was hidden."""
        self._registry, self._seating = registry, seating
        self._catch_up, self._notify, self._broadcast = catch_up, notify, broadcast
        self._tell = tell
        self._chat_hidden = chat_hidden

    async def line_hidden(self, table_id: str, line: int) -> None:
        if self._chat_hidden is not None:
            await self._chat_hidden(table_id, line)

    async def glance(self, table_id: str) -> TableGlance:
        return glance_of(await self._registry.table(table_id))

    def holds(self, table_id: str) -> bool:
        return table_id in self._registry

    def lock(self, table_id: str) -> asyncio.Lock:
        return self._registry.lock(table_id)

    def moves(self, table_id: str) -> int | None:
        table = self._registry.get(table_id)
        return None if table is None else table.moves

    def line(self, table_id: str) -> dict[str, Any] | None:
        table = self._registry.get(table_id)
        return None if table is None else row_line(table.row, table.moves)

    def view(self, table_id: str, seat: int, move: int) -> dict[str, Any] | None:
        table = self._registry.get(table_id)
        return None if table is None or table.moves != move else table.view(seat)

    def actions(self, table_id: str) -> tuple[str, ...] | None:
        table = self._registry.get(table_id)
        return None if table is None or table.status not in FINISHED else tuple(table.record_actions())

    async def seats_for(self, table_id: str, tokens: list[str], account: str | None = None) -> list[int]:
        return await self._seating.seats_for(table_id, tokens, account)

    async def create(self, request: CreateTable, client: str, account: str,
                     addressed: Mapping[int, tuple[str, str]]) -> str:
        for other, _ in addressed.values():  # refused before anything is made: no table left half seated
            if await self._seating.kept_apart(account, other):
                raise Rejection("these players cannot sit at one table", "cannot_join")
        table, _, _ = await self._seating.create(request, client, account, addressed)
        return table.row.id

    async def join(self, table_id: str, name: str, seat: int, account: str) -> None:
        await self._seating.join(table_id, name, seat, account=account)

    async def check_limits(self, client: str, all_bots: bool = False) -> None:
        await self._seating.check_limits(client, all_bots)

    async def check_unfinished(self, client: str) -> None:
        await self._seating.check_unfinished(client)

    async def open(self, game: str, options: dict[str, Any], seats: list[SeatSpec], settings: dict[str, Any],
                   client: str = "", table_id: str | None = None,
                   account: str | None = None) -> tuple[str, dict[int, str], str]:
        table, tokens, creator_token = await self._seating.open(game, options, seats, settings, client, table_id,
                                                                account)
        return table.row.id, tokens, creator_token

    async def start(self, table_id: str) -> bool:
        return await self._seating.maybe_start(await self._registry.table(table_id))

    async def take_kept(self, table_id: str, names: Mapping[int, str], client: str = "",
                        account: str | None = None) -> tuple[dict[int, str], list[int]]:
        return await self._seating.take_kept(table_id, names, client, account)

    async def write_settings(self, table_id: str, changes: dict[str, Any]) -> None:
        table = await self._registry.table(table_id)
        await self._registry.save_settings(table, changes)
        await self._notify(table)
        await self._broadcast(table_id)

    async def catch_up(self, table_id: str) -> None:
        await self._catch_up(table_id)

    async def rebound(self, tables: Sequence[tuple[str, str]]) -> None:
        for table_id, status in tables:
            table = self._registry.get(table_id)
            if table is not None:
                await self._catch_up(table_id)
                if (table := self._registry.get(table_id)) is not None:
                    await self._notify(table)
            elif status not in FINISHED and self._tell is not None:
                await self._tell(table_id)

    async def record(self, table_id: str) -> bytes | None:
        table = self._registry.get(table_id)
        if table is None:  # read from the database, not held: an export must not fill this process's memory
            try:
                table = await self._registry.read(table_id)
            except StorageError:
                return None
        return table.record().to_json().encode() if table.status in FINISHED else None

    async def lobby_rows(self, then: Callable[[LobbyPage], T], statuses: Sequence[str], game: str | None,
                         limit: int, cursor: str | None, quiet_since: datetime, quiet: bool | None,
                         account: str | None = None) -> T:
        store = self._registry.store

        def read() -> T:
            return then(store.lobby(statuses, game, limit, cursor, quiet_since=quiet_since, quiet=quiet,
                                    account=account))

        result: T = await self._registry.db(read)
        return result

    async def finished_games(self, query: FinishedQuery, after: Key | None,
                             limit: int) -> list[tuple[StoredGame, str]]:
        store = RecordStore(self._registry.store.engine)

        def read() -> list[tuple[StoredGame, str]]:  # (the records made on the database's thread too)
            return [(game, stored_record(game).to_json(indent=None)) for game in store.finished(query, after, limit)]

        result: list[tuple[StoredGame, str]] = await self._registry.db(read)
        return result
