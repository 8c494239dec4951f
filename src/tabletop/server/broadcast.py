"""The connections of every live table, and what each is sent: its own seat's view, and of the log only the
entries it has not had (each connection keeps a cursor, :class:`~tabletop.server.table.Held`); the seats and the
legal actions only when they differ from what it was last given.

A connection holds seats (from its tokens) or none (a spectator); a hot-seat screen holds several and is
shown the seat to move. The state message is built here, once per connection and change, as a plain dict
(its shape is :class:`~tabletop.server.messages.Update`, which a test validates).
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from tabletop.server.clocks import clock_of
from tabletop.server.endings import ways_out
from tabletop.server.limits import LimitReached
from tabletop.server.lobby_lines import seat_dicts
from tabletop.server.registry import TableRegistry
from tabletop.server.table import SPECTATOR, Held, LiveTable
from tabletop.server.undo import undo_for

Send = Callable[[dict[str, Any]], Awaitable[None]]


class Connection:
    """One live connection to a table: the seats it holds (none: a spectator) and how to reach it."""

    def __init__(self, send: Send, seats: list[int], text: bool = False, client: str = "",
                 chat: bool = False, held: Held | None = None, account: str | None = None) -> None:
        self.send = send
        self.account = account  #: the account signed in on it (its blocks filter the chat it reads)
        self.seats = seats
        self.text = text  #: also send the position drawn as text (terminal clients)
        self.client = client  #: the hashed address it came from (its chat rate is counted per client)
        self.chat = chat  #: it reads the table's chat (:mod:`.chat`)
        #: the log it holds: each update carries only what comes after (a returning client says what it kept;
        #: only its own seats' logs or the spectators' are taken at its word)
        self.held = held if held is None or held.viewer == SPECTATOR or held.viewer in seats else None
        self.seats_sent: list[dict[str, Any]] | None = None  #: the seats as its last update gave them
        #: per seat, the legal actions its updates last listed (an empty list is always sent: it changes nothing)
        self.legal_sent: dict[int, list[str]] = {}

    def viewer(self, table: LiveTable) -> int:
        """The seat whose view this connection gets now: the one to move if it holds it (hot seat)."""
        if not self.seats:
            return SPECTATOR
        to_move = table.seat_to_move()
        return to_move if to_move in self.seats else self.seats[0]


class Broadcaster:
    """Every connection of this process's tables, and the messages they are sent."""

    def __init__(self, registry: TableRegistry, spectators_per_table: int, reconnect_seconds: float = 60.0) -> None:
        self.registry = registry
        self.spectators_per_table = spectators_per_table
        self.reconnect_seconds = reconnect_seconds  #: the window the ways out after someone left wait for
        self.connections: dict[str, list[Connection]] = {}
        self.sockets: Counter[str] = Counter()  #: open WebSockets per client

    def of(self, table_id: str) -> list[Connection]:
        """The table's connections now (a copy: sending may drop closed ones)."""
        return list(self.connections.get(table_id, []))

    def attach(self, table_id: str, connection: Connection) -> None:
        """Count ``connection`` among the table's (the caller holds the table's lock).

        Raises:
            LimitReached: for a spectator when the table already has ``spectators_per_table`` watchers here.
        """
        if not connection.seats:
            watching = sum(1 for other in self.connections.get(table_id, []) if not other.seats)
            if watching >= self.spectators_per_table:
                raise LimitReached(f"this table already has {watching} spectators, the most it takes",
                                   "spectators_full", 30.0, count=watching)
        self.connections.setdefault(table_id, []).append(connection)

    def disconnect(self, table_id: str, connection: Connection) -> None:
        """Forget a closed connection."""
        with contextlib.suppress(KeyError, ValueError):
            self.connections[table_id].remove(connection)

    def watched(self, table_id: str) -> bool:
        """Whether anyone is connected to the table here."""
        return bool(self.connections.get(table_id))

    def forget(self, table_id: str) -> None:
        """Drop a table's connection list (a table let go from memory)."""
        self.connections.pop(table_id, None)

    def same_screen(self, table_id: str, seat: int) -> set[int]:
        """``seat`` and every seat played from a screen of this process that holds it (a hot seat)."""
        held = {seat}
        for connection in self.connections.get(table_id, []):
            if seat in connection.seats:
                held.update(connection.seats)
        return held

    def update(self, table: LiveTable, viewer: int, text: bool = False, seats: list[int] | None = None,
               connection: Connection | None = None) -> dict[str, Any]:
        """The ``state`` message for ``viewer`` (a seat or SPECTATOR; ``seats``: all a hot-seat connection
        plays): only what it may see (with the position drawn as ``text`` when asked: rendering costs
        more than the rest of the message), and whether it may ask for an undo now, or why not. For a
        ``connection``, the log entries it has not had, and it now holds them all; the seats, and the seat's
        legal actions, null when it holds them already. Else (over HTTP) all of it."""
        undo_seat, undo_refusal = undo_for(table, viewer, seats)
        log_from, news = table.news_for(viewer, connection.held if connection else None)
        seats_now: list[dict[str, Any]] | None = seat_dicts(table.row, table.zombies)
        legal: list[str] | None = table.legal_for(viewer)
        if connection is not None:
            whole = table.history(viewer)
            connection.held = Held(viewer, int(whole[-1]["move"]) if whole else -1)
            if seats_now == connection.seats_sent:  # the client keeps them: left out when nothing changed
                seats_now = None
            else:
                connection.seats_sent = seats_now
            # the moves this seat was last listed (a Kubik throw's grid, 130 KB, at each of its turns): null.
            # Compared with the seat's last list, not the last update: between two turns the seat has none, and
            # a hot seat's seats throw from different lines
            if legal:
                same = legal == connection.legal_sent.get(viewer)
                connection.legal_sent[viewer] = legal  # the newest: its strings are the table's, not a past state's
                legal = None if same else legal
        held = seats or ([viewer] if viewer >= 0 else [])
        # built as a plain dict on this hot path; its shape is :class:`Update` (a test validates it)
        update = {"type": "state", "table": table.row.id, "status": table.status, "move": table.moves,
                  "seat": None if viewer == SPECTATOR else viewer, "to_move": table.seat_to_move(),
                  "view": table.view(viewer), "legal": legal, "previews": table.previews_for(viewer),
                  "log": news, "log_from": log_from,
                  "seats": seats_now, "undo": table.undo,
                  "undo_seat": undo_seat, "undo_refusal": undo_refusal, "clock": clock_of(table),
                  "undo_steps": table.undo_steps(undo_seat) if undo_seat is not None else None,
                  "result": table.result() if table.status in ("over", "abandoned") else None,
                  "rematch": table.settings.rematch,
                  "proposal": table.proposal, "ways_out": ways_out(table, held, set(held), self.reconnect_seconds)}
        if text:  # English terminal text: only for the clients that ask (the browser draws its own)
            update["text"] = table.text(viewer)
        return update

    async def send_update(self, table: LiveTable, connection: Connection) -> None:
        """Send one connection its update now."""
        await connection.send(self.update(table, connection.viewer(table), connection.text, connection.seats,
                                          connection))

    async def broadcast(self, table_id: str) -> None:
        """Send every connection of the table its own view."""
        table = self.registry.get(table_id)
        if table is None:
            return
        for connection in self.of(table_id):
            try:
                await self.send_update(table, connection)
            except Exception:  # a closed socket: forget it
                self.disconnect(table_id, connection)

    async def send_each(self, table_id: str, message: Callable[[Connection], Awaitable[dict[str, Any] | None]]) -> None:
        """Send each of the table's connections its own ``message`` (None: nothing), e.g. the chat lines a
        reader has not blocked."""
        for connection in self.of(table_id):
            made = await message(connection)
            if made is not None:
                try:
                    await connection.send(made)
                except Exception:  # a closed socket: forget it
                    self.disconnect(table_id, connection)

    async def send_all(self, table_id: str, message: dict[str, Any],
                       to: Callable[[Connection], bool] = lambda connection: True) -> None:
        """Send ``message`` to each of the table's connections ``to`` accepts (chat: those reading it)."""
        for connection in self.of(table_id):
            if to(connection):
                try:
                    await connection.send(message)
                except Exception:  # a closed socket: forget it
                    self.disconnect(table_id, connection)
