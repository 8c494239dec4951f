"""The authority over live tables: validates and applies actions, runs chance and bots, keeps clocks,
and sends each connection exactly what its seat may see.

Order of an accepted action: validate (table playing, move number current, seat to move, action
legal) → append to the database's event log (committed) → apply in memory → publish to other server
processes (Redis) → send every connection its own view. A rejection changes nothing. Two requests
racing for one move: the per-table lock orders them within a process, the log's primary key across
processes, and the loser is told the move is stale. Chance outcomes are drawn from the table's seed
and the move number, and bots decide in a process pool from their seat's view only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import uuid
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from typing import Any

from tabletop.core import CHANCE, Chance, TabletopError
from tabletop.server.bots import BotRequest, decide, is_instant
from tabletop.server.messages import CreateTable, SeatInfo, TableInfo
from tabletop.server.table import SPECTATOR, LiveTable
from tabletop.server.writer import EventWriter
from tabletop.storage import NewEvent, SeatSpec, StaleMoveError, StorageError, Store

log = logging.getLogger("tabletop.server")

Send = Callable[[dict[str, Any]], Awaitable[None]]


class Rejection(Exception):
    """A request refused, with the reason sent back; nothing was changed."""


class Connection:
    """One live connection to a table: the seats it holds (none: a spectator) and how to reach it."""

    def __init__(self, send: Send, seats: list[int], text: bool = False) -> None:
        self.send = send
        self.seats = seats
        self.text = text  #: also send the position drawn as text (terminal clients)

    def viewer(self, table: LiveTable) -> int:
        """The seat whose view this connection gets now: the one to move if it holds it (hot seat)."""
        if not self.seats:
            return SPECTATOR
        to_move = table.seat_to_move()
        return to_move if to_move in self.seats else self.seats[0]


class Hub:
    """Every live table of this server process."""

    def __init__(self, store: Store, bots: Executor | None = None, redis_url: str | None = None) -> None:
        self.store = store
        self.writer = EventWriter(store)
        self.bots = bots
        self.redis_url = redis_url
        self.instance = uuid.uuid4().hex
        self.tables: dict[str, LiveTable] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.connections: dict[str, list[Connection]] = {}
        self.tasks: set[asyncio.Task[Any]] = set()
        self._redis: Any = None

    # ------------------------------------------------------------------ life cycle

    async def start(self) -> None:
        """Rebuild every unfinished table from its log and resume what the server itself plays."""
        self.writer.start()
        for row in await asyncio.to_thread(self.store.tables, ("open", "playing")):
            table = await self._load(row.id)
            if table.status == "playing":
                self._spawn(self._advance(table.row.id))
        if self.redis_url:
            import redis.asyncio as redis

            self._redis = redis.from_url(self.redis_url)
            self._spawn(self._listen())

    async def stop(self) -> None:
        """Cancel background work (bots, clocks, the Redis listener)."""
        for task in list(self.tasks):
            task.cancel()
        for task in list(self.tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.writer.stop()
        if self._redis is not None:
            await self._redis.aclose()

    def _spawn(self, work: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    # ------------------------------------------------------------------ tables

    def lock(self, table_id: str) -> asyncio.Lock:
        """The lock that orders changes to one table in this process."""
        return self.locks.setdefault(table_id, asyncio.Lock())

    async def _load(self, table_id: str) -> LiveTable:
        row = await asyncio.to_thread(self.store.table, table_id)
        events = await asyncio.to_thread(self.store.events, table_id)
        table = LiveTable.rebuild(row, events)
        self.tables[table_id] = table
        return table

    async def table(self, table_id: str) -> LiveTable:
        """The live table ``table_id``, loaded from the database if this process has not got it.

        Raises:
            Rejection: when there is no such table.
        """
        table = self.tables.get(table_id)
        if table is not None:
            return table
        async with self.lock(table_id):  # one load at a time: an older read must not replace a newer
            table = self.tables.get(table_id)
            if table is not None:
                return table
            try:
                return await self._load(table_id)
            except StorageError as error:
                raise Rejection(str(error)) from None

    async def create(self, request: CreateTable) -> tuple[LiveTable, dict[int, str]]:
        """A new table (validated: the game, its options, the seat count and every bot name)."""
        import tabletop
        from tabletop.agents import make_bot

        players = request.options.get("players", len(request.seats))
        if str(players) != str(len(request.seats)):
            raise Rejection(f"options say players={players} but {len(request.seats)} seats are given")
        try:
            game = tabletop.load(request.game, **{**request.options, "players": len(request.seats)})
            for seat in request.seats:
                if seat.kind == "bot":
                    make_bot(seat.bot or "normal", game)
        except (TabletopError, ValueError) as error:
            raise Rejection(str(error)) from None
        seed = request.seed if request.seed is not None else random.SystemRandom().randrange(2**31)
        settings: dict[str, Any] = {"seed": seed, "move_seconds": request.move_seconds, "time_bank": request.time_bank,
                    "zombies": []}
        seats = [SeatSpec(s.kind, s.name or (s.bot or "normal" if s.kind == "bot" else ""), s.bot or
                          ("normal" if s.kind == "bot" else None)) for s in request.seats]
        row, tokens = await asyncio.to_thread(self.store.create_table, game.name, _jsonable(game.options), seats,
                                              settings)
        table = await self._load(row.id)
        await self._maybe_start(table)
        return self.tables[row.id], tokens

    async def join(self, table_id: str, name: str, seat: int | None = None) -> tuple[int, str]:
        """Take a free human seat from the lobby: its number and a fresh secret token."""
        table = await self.table(table_id)
        async with self.lock(table_id):
            free = [s.seat for s in table.seats if s.kind == "human" and not s.joined]
            if not free or (seat is not None and seat not in free):
                raise Rejection("no free seat at this table" if not free else
                                f"seat {(seat or 0) + 1} is not free; free: {', '.join(str(s + 1) for s in free)}")
            chosen = free[0] if seat is None else seat
            token = await asyncio.to_thread(self.store.claim_seat, table_id, chosen, name)
            await self._reload(table_id)
        await self._maybe_start(self.tables[table_id])
        return chosen, token

    async def seats_for(self, table_id: str, tokens: list[str]) -> list[int]:
        """The seats these tokens hold (raises Rejection for a token that holds none)."""
        seats = []
        for token in tokens:
            seat = await asyncio.to_thread(self.store.seat_for_token, table_id, token)
            if seat is None:
                raise Rejection("this seat token is not valid at this table")
            seats.append(seat)
        return sorted(set(seats))

    async def connect(self, table_id: str, connection: Connection, name: str = "") -> LiveTable:
        """Attach a connection (seats from tokens, or a spectator); a seat's first connection joins it."""
        await self.table(table_id)
        async with self.lock(table_id):  # reloads in order, so the last one sees every seat joined
            for seat in connection.seats:
                if not self.tables[table_id].seats[seat].joined:
                    await asyncio.to_thread(self.store.join, table_id, seat, name)
                    await self._reload(table_id)
            table = self.tables[table_id]
            self.connections.setdefault(table_id, []).append(connection)
        started = await self._maybe_start(table)
        if not started:
            table = self.tables[table_id]
            await connection.send(self.update(table, connection.viewer(table), connection.text))
        return self.tables[table_id]

    def disconnect(self, table_id: str, connection: Connection) -> None:
        """Forget a closed connection."""
        with contextlib.suppress(KeyError, ValueError):
            self.connections[table_id].remove(connection)

    async def _maybe_start(self, table: LiveTable) -> bool:
        """Start an open table once every seat is filled; True when it started now (exactly once)."""
        table_id = table.row.id
        async with self.lock(table_id):
            table = self.tables[table_id]
            if table.status != "open" or not all(seat.joined for seat in table.seats):
                return False
            await asyncio.to_thread(self.store.set_status, table_id, "playing")
            table.row.status = "playing"
            await self._notify(table)
        await self._advance(table_id)
        return True

    async def _reload(self, table_id: str) -> LiveTable:
        old = self.tables.get(table_id)
        table = await self._load(table_id)
        if old is not None:
            table.banks, table.deadline = old.banks, old.deadline
        return table

    # ------------------------------------------------------------------ moves

    async def submit(self, table_id: str, seat: int, text: str, move: int) -> None:
        """Apply ``seat``'s action ``text`` as move ``move``, or raise Rejection saying why not."""
        table = await self.table(table_id)
        async with self.lock(table_id):
            table = self.tables[table_id]
            self._check_turn(table, seat, move)
            try:
                action = table.game.parse_action(text)
                after = table.state.apply(action)  # validated; kept in memory only once the log has it
            except TabletopError as error:
                raise Rejection(str(error)) from None
            self._spend_clock(table, seat)
            await self._write(table, seat, str(action), after=after)
        await self._advance(table_id)

    def _check_turn(self, table: LiveTable, seat: int, move: int) -> None:
        if table.status != "playing":
            raise Rejection("the game has not started: seats are still free" if table.status == "open"
                            else f"the game is {table.status}")
        if move != table.moves:
            raise Rejection(f"move {move} is stale: the table is at move {table.moves}")
        to_move = table.seat_to_move()
        if to_move == CHANCE and table.people_enter_chance(seat):
            return
        if to_move != seat:
            raise Rejection(f"not your turn: seat {to_move + 1} is to move" if to_move >= 0 else
                            "not your turn: chance is to move")

    async def _write(self, table: LiveTable, seat: int, action: str, kind: str = "action",
                     after: Any = None) -> None:
        """Log the event (committed), then apply it here and tell the other processes."""
        try:
            await self.writer.append(NewEvent(table.row.id, table.moves, seat, action, kind))
        except StaleMoveError:
            await self._reload(table.row.id)
            await self.broadcast(table.row.id)
            raise Rejection(f"move {table.moves} was already made (by another connection); try again") from None
        table.replay_event(kind, seat, action, after)
        table.deadline = None
        await self._notify(table)

    async def _notify(self, table: LiveTable) -> None:
        """Tell the other server processes that this table changed (moves or status)."""
        if self._redis is not None:
            await self._redis.publish("tabletop:tables", json.dumps(
                {"table": table.row.id, "moves": table.moves, "status": table.status, "origin": self.instance}))

    async def _advance(self, table_id: str) -> None:
        """After a change: finish the game, draw chance, start a bot or a clock; then tell everyone."""
        while True:
            async with self.lock(table_id):
                table = self.tables[table_id]
                if table.status != "playing":
                    break
                if table.state.is_terminal:
                    await asyncio.to_thread(self.store.set_status, table_id, "over", table.result())
                    table.row.status, table.row.result = "over", table.result()
                    await self._notify(table)
                    break
                if table.state.is_chance and table.game.chance_entered_by_people:
                    break  # a scorekeeper: the people at the field say what happened (K20)
                if table.state.is_chance:
                    with contextlib.suppress(Rejection):  # another process drew it first: go on from there
                        await self._write(table, CHANCE, await self._draw(table))
                    continue
                seat = table.seat_to_move()
                if table.bot_for(seat) is not None:
                    self._spawn(self._bot_move(table_id, seat, table.moves))
                else:
                    self._start_clock(table, seat)
                break
        await self.broadcast(table_id)

    async def _draw(self, table: LiveTable) -> str:
        rng = table.chance_seed()
        if table.game.spec.chance is Chance.SAMPLED:  # a physics simulation: off the event loop
            return str(await asyncio.to_thread(table.state.sample_chance, rng))
        return str(table.state.sample_chance(rng))

    async def _bot_move(self, table_id: str, seat: int, move: int) -> None:
        table = self.tables[table_id]
        bot = table.bot_for(seat)
        if bot is None or table.moves != move:
            return
        request = BotRequest(table.game.name, table.options_json, bot, seat,
                             table.view(seat), tuple(table.legal_for(seat)), tuple(table.seen_actions(seat)),
                             table.bot_seed())
        if is_instant(request.game, request.options_json, bot):
            action = decide(request)  # microseconds: a worker round trip would cost more than the choice
        else:
            action = await asyncio.get_running_loop().run_in_executor(self.bots, decide, request)
        with contextlib.suppress(Rejection):  # someone else moved first (another process, an undo)
            await self.submit(table_id, seat, action, move)

    # ------------------------------------------------------------------ clocks

    def _start_clock(self, table: LiveTable, seat: int) -> None:
        seconds = table.row.settings.get("move_seconds")
        if not seconds or table.deadline is not None:
            return
        loop = asyncio.get_running_loop()
        table.turn_started = loop.time()
        table.deadline = loop.time() + float(seconds) + table.banks.get(seat, 0.0)
        self._spawn(self._timeout(table.row.id, seat, table.moves, table.deadline))

    def _spend_clock(self, table: LiveTable, seat: int) -> None:
        seconds = table.row.settings.get("move_seconds")
        started = table.turn_started
        if seconds and started is not None:
            used = asyncio.get_running_loop().time() - started
            table.banks[seat] = max(0.0, table.banks.get(seat, 0.0) - max(0.0, used - float(seconds)))

    async def _timeout(self, table_id: str, seat: int, move: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - asyncio.get_running_loop().time()))
        async with self.lock(table_id):
            table = self.tables.get(table_id)
            if table is None or table.moves != move or table.status != "playing" or table.seat_to_move() != seat:
                return
            table.zombies.add(seat)
            table.banks[seat] = 0.0
            await asyncio.to_thread(self.store.update_settings, table_id, {"zombies": sorted(table.zombies)})
            table.row.settings = {**table.row.settings, "zombies": sorted(table.zombies)}
            table.deadline = None
        await self._advance(table_id)

    # ------------------------------------------------------------------ undo

    async def request_undo(self, table_id: str, seat: int, move: int) -> None:
        """Ask to take back ``seat``'s last action; done at once when every other seat is a bot."""
        async with self.lock(table_id):
            table = self.tables[table_id]
            if move != table.moves:
                raise Rejection(f"move {move} is stale: the table is at move {table.moves}")
            reason = table.can_undo(seat)
            if reason is not None:
                raise Rejection(f"cannot undo: {reason}")
            others = [s.seat for s in table.seats if s.seat != seat and table.bot_for(s.seat) is None]
            if others:
                table.undo = {"seat": seat, "move": table.moves, "waiting": others, "agreed": []}
            else:
                await self._write(table, seat, "undo", kind="undo")
        await self._advance(table_id)

    async def answer_undo(self, table_id: str, seat: int, agree: bool) -> None:
        """Agree to or refuse the pending undo; it happens when every other person has agreed."""
        async with self.lock(table_id):
            table = self.tables[table_id]
            pending = table.undo
            if pending is None or seat not in pending["waiting"]:
                raise Rejection("no undo request is waiting for your answer")
            if not agree:
                table.undo = None
            else:
                pending["agreed"] = sorted({*pending["agreed"], seat})
                if set(pending["agreed"]) >= set(pending["waiting"]):
                    await self._write(table, pending["seat"], "undo", kind="undo")
        await self._advance(table_id)

    # ------------------------------------------------------------------ what connections see

    def info(self, table: LiveTable) -> TableInfo:
        """What anyone may know of a table (the lobby line)."""
        return TableInfo(id=table.row.id, game=table.row.game, options=table.row.options, status=table.status,
                         seats=self.seat_infos(table), moves=table.moves, result=table.row.result)

    @staticmethod
    def seat_infos(table: LiveTable) -> list[SeatInfo]:
        """Public facts about each seat."""
        return [SeatInfo(**seat) for seat in Hub.seat_dicts(table)]

    @staticmethod
    def seat_dicts(table: LiveTable) -> list[dict[str, Any]]:
        """Public facts about each seat, as JSON data."""
        return [{"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot, "joined": s.joined,
                 "zombie": s.seat in table.zombies} for s in table.seats]

    def update(self, table: LiveTable, viewer: int, text: bool = True) -> dict[str, Any]:
        """The ``state`` message for ``viewer`` (a seat or SPECTATOR): only what it may see (with the
        position drawn as ``text`` when asked: rendering costs more than the rest of the message)."""
        clock = None
        seconds = table.row.settings.get("move_seconds")
        if seconds:
            remaining = None
            if table.deadline is not None:
                remaining = max(0.0, table.deadline - asyncio.get_running_loop().time())
            clock = {"move_seconds": seconds, "remaining": remaining,
                     "banks": {str(k): round(v, 3) for k, v in table.banks.items()}}
        # built as a plain dict on this hot path; its shape is :class:`Update` (a test validates it)
        return {"type": "state", "table": table.row.id, "status": table.status, "move": table.moves,
                "seat": None if viewer == SPECTATOR else viewer, "to_move": table.seat_to_move(),
                "view": table.view(viewer), "legal": table.legal_for(viewer), "log": table.history(viewer),
                "text": table.text(viewer) if text else "", "seats": self.seat_dicts(table), "undo": table.undo,
                "clock": clock, "result": table.result() if table.status in ("over", "abandoned") else None}

    async def broadcast(self, table_id: str) -> None:
        """Send every connection of the table its own view."""
        table = self.tables.get(table_id)
        if table is None:
            return
        for connection in list(self.connections.get(table_id, [])):
            try:
                await connection.send(self.update(table, connection.viewer(table), connection.text))
            except Exception:  # a closed socket: forget it
                self.disconnect(table_id, connection)

    # ------------------------------------------------------------------ other processes

    async def _listen(self) -> None:
        """Follow moves written by other server processes (Redis pub/sub) and pass them on."""
        pubsub = self._redis.pubsub()
        await pubsub.subscribe("tabletop:tables")
        async for message in pubsub.listen():
            if message.get("type") != "message":
                continue
            data = json.loads(message["data"])
            if data["origin"] == self.instance or data["table"] not in self.tables:
                continue
            async with self.lock(data["table"]):
                known = self.tables[data["table"]]
                if known.moves < data["moves"] or known.status != data["status"]:
                    await self._reload(data["table"])
            await self.broadcast(data["table"])

    async def abandon(self, table_id: str) -> None:
        """End a table without a result (a seat left for good); its record stays downloadable."""
        async with self.lock(table_id):
            table = await self.table(table_id)
            if table.status in ("over", "abandoned"):
                raise Rejection(f"the table is already {table.status}")
            await asyncio.to_thread(self.store.set_status, table_id, "abandoned")
            table.row.status = "abandoned"
            await self._notify(table)
        await self.broadcast(table_id)


def _jsonable(options: Any) -> dict[str, Any]:
    """Options as JSON data (what the database and bot workers store)."""
    return dict(json.loads(json.dumps(dict(options), default=str)))

