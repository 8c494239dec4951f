"""The authority over live tables: validates and applies actions, runs chance and bots, keeps clocks,
and sends each connection exactly what its seat may see.

Order of an accepted action: validate (table playing, move number current, seat to move, action
legal) → append to the database's event log (committed) → apply in memory → publish to other server
processes (Redis) → send every connection its own view. A rejection changes nothing. Two requests
racing for one move: the per-table lock orders them within a process, the log's primary key across
processes, and the loser is told the move is stale.

Several processes may serve one table (its players connected to different ones); exactly one, the
table's *owner*, holding a lease in the database (:mod:`.failover`), draws its chance
(:mod:`.chance`: from a secret nobody sees), asks its bots and keeps its clocks. Tables are loaded
lazily, on first use. Database calls run on a pool of their own; expensive answers on another
(:mod:`.work`); every limit on what a client may ask is in :mod:`.limits`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import secrets
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from datetime import UTC, datetime
from typing import Any, TypeVar

from tabletop.core import CHANCE, Chance, TabletopError, no_such_seat, seat_label
from tabletop.core.extras import require
from tabletop.server import chance
from tabletop.server.bots import BotRequest, decide, draw, is_instant
from tabletop.server.chat import TableChat
from tabletop.server.consent import answered
from tabletop.server.endings import TableEndings, ways_out
from tabletop.server.errors import Rejection
from tabletop.server.failover import Failover
from tabletop.server.limits import LimitReached, Limits, Rates
from tabletop.server.messages import CreateTable, TableInfo
from tabletop.server.table import SPECTATOR, UNDO_REFUSALS, Held, LiveTable
from tabletop.server.work import HeavyWork
from tabletop.server.writer import EventWriter
from tabletop.storage import LobbyRow, NewEvent, SeatSpec, StaleMoveError, StorageError, Store, hash_token
from tabletop.storage.models import TableRow, now

log = logging.getLogger("tabletop.server")

Send = Callable[[dict[str, Any]], Awaitable[None]]
T = TypeVar("T")


class Connection:
    """One live connection to a table: the seats it holds (none: a spectator) and how to reach it."""

    def __init__(self, send: Send, seats: list[int], text: bool = False, client: str = "",
                 chat: bool = False, held: Held | None = None) -> None:
        self.send = send
        self.seats = seats
        self.text = text  #: also send the position drawn as text (terminal clients)
        self.client = client  #: the hashed address it came from (its chat rate is counted per client)
        self.chat = chat  #: it reads the table's chat (:mod:`.chat`)
        #: the log it holds: each update carries only what comes after (a returning client says what it kept;
        #: only its own seats' logs or the spectators' are taken at its word)
        self.held = held if held is None or held.viewer == SPECTATOR or held.viewer in seats else None
        self.seats_sent: list[dict[str, Any]] | None = None  #: the seats as its last update gave them

    def viewer(self, table: LiveTable) -> int:
        """The seat whose view this connection gets now: the one to move if it holds it (hot seat)."""
        if not self.seats:
            return SPECTATOR
        to_move = table.seat_to_move()
        return to_move if to_move in self.seats else self.seats[0]


class Hub:
    """Every live table of this server process."""

    def __init__(self, store: Store, bots: Executor | None = None, redis_url: str | None = None,
                 limits: Limits | None = None, renew_bots: Callable[[], Executor] | None = None) -> None:
        """``bots`` runs bot decisions and simulated throws (None: threads of this process);
        ``renew_bots`` starts a new such pool when a worker process died (killed for memory, a crash)."""
        self.store = store
        self.limits = limits or Limits()
        self.database = ThreadPoolExecutor(self.limits.database_threads, thread_name_prefix="tabletop-db")
        self.writer = EventWriter(store, self.database)
        self.heavy = HeavyWork(self.limits)
        self.rates = Rates(self.limits, redis_url)
        self.bots = bots
        self.renew_bots = renew_bots
        self.redis_url = redis_url
        self.instance = uuid.uuid4().hex
        self.tables: dict[str, LiveTable] = {}
        self.owned: set[str] = set()  #: tables whose lease this process holds
        self.locks: dict[str, asyncio.Lock] = {}
        self.connections: dict[str, list[Connection]] = {}
        self.sockets: Counter[str] = Counter()  #: open WebSockets per client
        self.tasks: set[asyncio.Task[Any]] = set()
        self._redis: Any = None
        self.failover = Failover(self)
        self.chat = TableChat(self)
        self.endings = TableEndings(self)

    # ------------------------------------------------------------------ life cycle

    async def start(self) -> None:
        """Start the event writer and the background work; tables load when first asked for."""
        self.writer.start()
        await self.heavy.warm()
        self._spawn(self.failover.keep_leases())
        if self.redis_url:
            require("redis", extra="redis", purpose="servers sharing tables through Redis (--redis)")
            import redis.asyncio as redis

            self._redis = redis.from_url(self.redis_url, health_check_interval=5, socket_connect_timeout=2,
                                         socket_timeout=None)
            self._spawn(self.failover.listen())

    async def stop(self) -> None:
        """Cancel background work (bots, clocks, the Redis listener) and hand back this process's leases."""
        for task in list(self.tasks):
            task.cancel()
        for task in list(self.tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.writer.stop()
        # a renewal already running on a database thread could commit after the release: wait for it
        await asyncio.to_thread(self.database.shutdown, wait=True)
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.store.release, self.instance)
            await self.failover.released()
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()
        self.heavy.close()

    async def db(self, call: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``call(*args, **kwargs)`` on the database's own threads (never the loop, never the heavy pool)."""
        return await asyncio.get_running_loop().run_in_executor(self.database, functools.partial(call, *args, **kwargs))

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
        row = await self.db(self.store.table, table_id)
        events = await self.db(self.store.events, table_id)
        table = await self.db(LiveTable.rebuild, row, events)  # a long game's replay: off the event loop
        old = self.tables.get(table_id)
        if old is not None:
            table.banks, table.deadline = old.banks, old.deadline
        self.tables[table_id] = table
        if table.status in ("open", "playing") and table_id not in self.owned \
                and await self.db(self.store.claim, table_id, self.instance, self.limits.lease_seconds):
            self.owned.add(table_id)
        return table

    async def table(self, table_id: str) -> LiveTable:
        """The live table ``table_id``, loaded from the database if this process has not got it.

        Raises:
            Rejection: when there is no such table.
        """
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if len(table_id) > 32 or not table_id.isalnum():
            raise Rejection(f"no table {table_id[:40]!r}", "no_table", table=table_id[:40])
        async with self.lock(table_id):  # one load at a time: an older read must not replace a newer
            table = self.tables.get(table_id)
            if table is not None:
                return table
            try:
                table = await self._load(table_id)
            except StorageError as error:
                self.locks.pop(table_id, None)
                raise Rejection(str(error), "no_table", table=table_id) from None
        if table.status == "playing" and table_id in self.owned:
            self._spawn(self.failover.keep_trying(table_id, self._advance))
        return table

    async def create(self, request: CreateTable, client: str = "") -> tuple[LiveTable, dict[int, str], str]:
        """A new table (validated: the game, its options, the seat count, every bot name, the seed and
        the client's limits); returns it, the seats' tokens and the creator's token.

        Raises:
            Rejection: for a table that cannot be, with the reason.
            LimitReached: when the client or the server is at a limit.
        """
        import tabletop
        from tabletop.agents import make_bot

        players = request.options.get("players", len(request.seats))
        if str(players) != str(len(request.seats)):
            raise Rejection(f"options say players={players} but {len(request.seats)} seats are given",
                            "players_mismatch", players=str(players)[:20], seats=len(request.seats))
        try:
            people = dict(tabletop.REGISTRY[request.game].spec.people_options) if any(
                seat.kind != "bot" for seat in request.seats) else {}
            game = tabletop.load(request.game, **{**people, **request.options, "players": len(request.seats)})
            game.initial_state()  # a game that cannot start is refused here (Kubik's physics without MuJoCo)
            for seat in request.seats:
                if seat.kind == "bot":
                    make_bot(seat.bot or "normal", game)
        except TabletopError as error:
            raise Rejection.of(error) from None
        except ValueError as error:  # a bot name the game does not know
            raise Rejection(str(error), "unknown_bot", bot=next((s.bot for s in request.seats
                                                                  if s.kind == "bot"), None)) from None
        if request.move_seconds is not None and request.move_seconds < self.limits.min_move_seconds:
            raise Rejection(f"move_seconds {request.move_seconds:g}: a per-move clock is at least "
                            f"{self.limits.min_move_seconds:g} s on this server", "move_seconds_short",
                            seconds=request.move_seconds, minimum=self.limits.min_move_seconds)
        kinds = [seat.kind for seat in request.seats]
        creator_seat = request.creator_seat_number()
        if creator_seat is not None and (creator_seat >= len(kinds) or kinds[creator_seat] == "bot"):
            why = (no_such_seat(creator_seat, len(kinds)) if creator_seat >= len(kinds)
                   else f"{seat_label(creator_seat)} is a bot's")
            raise Rejection(f"creator_seat={creator_seat}: {why}; the creator sits in a human or hot-seat seat",
                            "creator_seat",
                            seat=creator_seat, seats=len(kinds))
        if request.seed is not None and (refusal := chance.seed_refusal(kinds, creator_seat)):
            raise ChosenSeedRefused(refusal, "seed_refused",
                                    seats=[n for n, kind in enumerate(kinds) if kind == "human" and n != creator_seat])
        all_bots = all(kind == "bot" for kind in kinds)
        await self._check_limits(client, all_bots)
        secret = chance.secret_from_seed(request.seed) if request.seed is not None else chance.new_secret()
        settings: dict[str, Any] = {"chance_secret": secret, "seeded": request.seed is not None,
                                    "move_seconds": request.move_seconds, "time_bank": request.time_bank,
                                    "zombies": []}
        seats = [SeatSpec(s.kind, s.name or (s.bot or "normal" if s.kind == "bot" else ""),
                          s.bot or ("normal" if s.kind == "bot" else None),
                          joined=s.kind == "local" or number == creator_seat)
                 for number, s in enumerate(request.seats)]
        creator_token = secrets.token_urlsafe(24)
        row, tokens = await self.db(self.store.create_table, game.name, _jsonable(game.options), seats, settings,
                                    creator=client or None, creator_token=creator_token, owner=self.instance,
                                    lease_seconds=self.limits.lease_seconds)
        self.owned.add(row.id)
        table = await self._load(row.id)
        await self._maybe_start(table)
        return self.tables[row.id], tokens, creator_token

    async def _check_limits(self, client: str, all_bots: bool) -> None:
        if client:
            await self.rates.creation(client)
            await self._check_unfinished(client)
        if all_bots and await self.db(self.store.bot_tables) >= self.limits.bot_tables:
            raise LimitReached(f"the server already runs {self.limits.bot_tables} all-bot tables, its limit; "
                               "try again when one has finished", "bot_tables_full", 60.0, 503,
                               limit=self.limits.bot_tables)

    async def _check_unfinished(self, client: str) -> None:
        if await self.db(self.store.unfinished_tables_of, client) >= self.limits.open_tables_per_client:
            raise LimitReached(f"you already have {self.limits.open_tables_per_client} unfinished tables, the "
                               "limit per client: resign, abandon or leave one (the lobby's \"My tables\" lists them)",
                               "too_many_unfinished", 60.0,
                               limit=self.limits.open_tables_per_client)

    async def join(self, table_id: str, name: str, seat: int | None = None, client: str = "") -> tuple[int, str]:
        """Take a free human seat from the lobby: its number and a fresh secret token."""
        table = await self.table(table_id)
        if client:
            await self._check_unfinished(client)
        async with self.lock(table_id):
            if table.row.settings.get("rematch_of"):
                raise Rejection("the seats of a rematch are kept for the players of the last game",
                                "rematch_seats_kept")
            free = [s.seat for s in table.seats if s.kind == "human" and not s.joined]
            if not free:
                raise Rejection("no free seat at this table", "no_free_seat")
            if seat is not None and seat not in free:
                raise Rejection(f"{seat_label(seat)} is not free; free: {', '.join(map(seat_label, free))}",
                                "seat_not_free", seat=seat, free=free)
            chosen = free[0] if seat is None else seat
            try:
                token = await self.db(self.store.claim_seat, table_id, chosen, name, client or None)
            except StorageError as error:  # another process gave it away a moment ago
                await self.failover.catch_up_locked(table_id)
                raise Rejection(str(error), "seat_taken", seat=chosen) from None
            await self.failover.refresh_row(table_id)
            await self.failover.notify(self.tables[table_id])
        await self._maybe_start(self.tables[table_id])
        return chosen, token

    async def seats_for(self, table_id: str, tokens: list[str]) -> list[int]:
        """The seats these tokens hold, each token looked at once. The live table's row is the cache:
        it has every seat's token hash and is read again on every change to its seats (here, or
        another process's, heard over Redis), so a seat freed answers for its old token no longer.
        Tokens it does not know are asked of the database in one query; one found there means the
        row is behind, and the table catches up.

        Raises:
            Rejection: ``too_many_tokens`` for more different tokens than the table has seats (before
                anything is looked up), ``bad_token`` for a token that holds no seat.
        """
        table = await self.table(table_id)
        distinct = list(dict.fromkeys(tokens))
        if len(distinct) > len(table.seats):
            raise Rejection(f"{len(distinct)} different seat tokens for a table of {len(table.seats)} seats",
                            "too_many_tokens", count=len(distinct), seats=len(table.seats))
        held = {row.token_hash: row.seat for row in table.seats if row.token_hash}
        digests = {token: hash_token(token) for token in distinct}
        seats = {held[digest] for digest in digests.values() if digest in held}
        unknown = [token for token, digest in digests.items() if digest not in held]
        if unknown:
            found = await self.db(self.store.seats_for_tokens, table_id, unknown)
            if len(found) < len(unknown):
                raise Rejection("this seat token is not valid at this table", "bad_token")
            seats.update(found.values())
            await self.failover.catch_up(table_id)
        return sorted(seats)

    async def connect(self, table_id: str, connection: Connection, name: str = "") -> LiveTable:
        """Attach a connection (seats from tokens, or a spectator); a seat's first connection joins it.

        Raises:
            LimitReached: when the table already has ``spectators_per_table`` watchers here.
        """
        await self.table(table_id)
        async with self.lock(table_id):  # counted under the lock: spectators arriving together all count
            if not connection.seats:
                watching = sum(1 for other in self.connections.get(table_id, []) if not other.seats)
                if watching >= self.limits.spectators_per_table:
                    raise LimitReached(f"this table already has {watching} spectators, the most it takes",
                                       "spectators_full", 30.0, count=watching)
            joined = False
            # one person at one seat joins under their name; a hot-seat screen holding several seats
            # keeps the names each seat was given at creation (else every seat would be "Ann")
            given = name if len(connection.seats) == 1 else ""
            for seat in connection.seats:
                if not self.tables[table_id].seats[seat].joined:
                    await self.db(self.store.join, table_id, seat, given)
                    joined = True
            if joined:
                await self.failover.refresh_row(table_id)
                await self.failover.notify(self.tables[table_id])
            table = self.tables[table_id]
            self.connections.setdefault(table_id, []).append(connection)
        started = await self._maybe_start(table)
        if not started:
            table = self.tables[table_id]
            await connection.send(self.update(table, connection.viewer(table), connection.text, connection.seats,
                                              connection))
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
            await self.db(self.store.set_status, table_id, "playing")
            table.row.status, table.row.active_at = "playing", now()  # (as the store wrote them)
            await self.failover.notify(table)
        await self.advance_or_retry(table_id)
        return True

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
                raise Rejection.of(error) from None
            self._spend_clock(table, seat)
            await self.write(table, seat, str(action), after=after)
        await self.advance_or_retry(table_id)

    def _check_turn(self, table: LiveTable, seat: int, move: int) -> None:
        if table.status != "playing":
            if table.status == "open":
                raise Rejection("the game has not started: seats are still free", "not_started")
            raise Rejection(f"the game is {table.status}", "not_playing", status=table.status)
        if move != table.moves:
            raise Rejection(f"move {move} is stale: the table is at move {table.moves}", "stale_move",
                            move=move, current=table.moves)
        to_move = table.seat_to_move()
        if to_move == CHANCE and table.people_enter_chance(seat):
            return
        if to_move != seat:
            if to_move >= 0:
                raise Rejection(f"not your turn: {table.game.seat_label(to_move)} is to move", "not_your_turn",
                                to_move=to_move)
            raise Rejection("not your turn: chance is to move", "chance_to_move")

    async def write(self, table: LiveTable, seat: int, action: str, kind: str = "action",
                     after: Any = None) -> None:
        """Log the event (committed), then apply it here and tell the other processes."""
        try:
            await self.writer.append(NewEvent(table.row.id, table.moves, seat, action, kind))
        except StaleMoveError:  # (the caller holds the table's lock)
            await self.failover.catch_up_locked(table.row.id)
            self.failover.go_on(table.row.id)
            self._spawn(self.broadcast(table.row.id))
            raise Rejection(f"move {table.moves} was already made (by another connection); try again", "move_taken",
                            move=table.moves) from None
        table.replay_event(kind, seat, action, after)
        table.deadline = None
        table.row.active_at = now()  # (as the store wrote it: the lobby line of a table loaded here)
        await self.failover.notify(table)

    async def advance_or_retry(self, table_id: str) -> None:
        """Advance now; if the database fails, keep trying in the background (the change is logged)."""
        try:
            await self._advance(table_id)
        except Exception as error:
            log.warning("table %s: could not go on (%s); retrying in the background", table_id, error)
            self._spawn(self.failover.keep_trying(table_id, self._advance))

    async def _advance(self, table_id: str) -> None:
        """After a change: finish the game, draw chance, start a bot or a clock; then tell everyone.
        Only the table's owner draws chance, asks bots and keeps clocks."""
        while True:
            async with self.lock(table_id):
                table = self.tables[table_id]
                if table.status != "playing":
                    break
                if table.state.is_terminal or table.ending is not None:  # (an ending logged before a crash)
                    await self.finish(table)
                    break
                if table_id not in self.owned:
                    break  # the owner (another process) goes on from here
                if table.state.is_chance and table.game.chance_entered_by_people:
                    break  # a scorekeeper: the people at the field say what happened (K20)
                if table.state.is_chance:
                    outcome, after = await self._draw(table)
                    with contextlib.suppress(Rejection):  # another process drew it first: go on from there
                        await self.write(table, CHANCE, outcome, after=after)
                    continue
                seat = table.seat_to_move()
                if table.bot_for(seat) is not None:
                    if table.thinking != table.moves:  # one bot decision per move, however often asked
                        table.thinking = table.moves
                        self._spawn(self._bot_move(table_id, seat, table.moves))
                else:
                    self._start_clock(table, seat)
                break
        await self.broadcast(table_id)

    async def finish(self, table: LiveTable) -> None:
        """Record a table's end as its log has it (by the rules or by a person's word): its status,
        ``over`` or — without a result — ``abandoned``, and its result. The caller holds its lock."""
        status = "abandoned" if table.ending is not None and not table.ending.has_result else "over"
        result = table.result()
        await self.db(self.store.set_status, table.row.id, status, result)
        table.row.status, table.row.result, table.row.active_at = status, result, now()
        table.deadline = None
        await self.failover.notify(table)

    async def _draw(self, table: LiveTable) -> tuple[str, Any]:
        """The chance outcome now and the state it leads to. A physics throw is simulated once, in a
        bot worker process (in a thread it would hold the server's GIL for a tenth of a second):
        applying the outcome checks it against the simulation, which the state keeps."""
        state, rng = table.state, chance.draw_generator(table.secret, len(table.entries))
        if table.game.spec.chance is Chance.SAMPLED:
            return await self._in_bot_worker(draw, state, rng)
        return draw(state, rng)

    async def _in_bot_worker(self, job: Callable[..., T], *args: Any) -> T:
        """``job(*args)`` in a bot worker. A worker that died breaks its whole pool for good, so the
        first to find it broken starts a new one; the caller's retry runs there."""
        pool = self.bots
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, job, *args)
        except BrokenProcessPool:
            if pool is self.bots and self.renew_bots is not None:
                log.error("a bot worker process died: starting new ones")
                self.bots = self.renew_bots()
                assert pool is not None
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    async def _bot_move(self, table_id: str, seat: int, move: int) -> None:
        """The bot's decision for move ``move``, played; tried again (after a pause) when the decision
        fails — a dead worker, a database that is down — so that no table waits forever on its bot."""
        async def decide_and_play(_: str) -> None:
            table = self.tables[table_id]
            bot = table.bot_for(seat)
            if bot is None or table.moves != move or table.status != "playing":
                return
            request = BotRequest(table.game.name, table.options_json, bot, seat,
                                 table.view(seat), tuple(table.legal_for(seat)), tuple(table.seen_actions(seat)),
                                 chance.bot_seed(table.secret, len(table.entries), seat))
            started = asyncio.get_running_loop().time()
            if is_instant(request.game, request.options_json, bot):
                action = decide(request)  # microseconds: a worker round trip would cost more than the choice
            else:
                action = await self._in_bot_worker(decide, request)
            if table.row.all_bots:  # nobody plays: a pace people can watch, and a bound on what such tables cost
                await asyncio.sleep(max(0.0, started + self.limits.bot_table_move_seconds
                                        - asyncio.get_running_loop().time()))
            with contextlib.suppress(Rejection):  # someone else moved first (another process, an undo)
                await self.submit(table_id, seat, action, move)

        await self.failover.keep_trying(table_id, decide_and_play)

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

        async def take_over(_: str) -> None:
            async with self.lock(table_id):
                table = self.tables.get(table_id)
                if table is None or table.moves != move or table.status != "playing" or table.seat_to_move() != seat:
                    return
                zombies = sorted({*table.zombies, seat})
                await self.db(self.store.update_settings, table_id, {"zombies": zombies})
                table.zombies.add(seat)
                table.banks[seat] = 0.0
                table.row.settings = {**table.row.settings, "zombies": zombies}
                table.deadline = None
                await self.failover.notify(table)
            await self._advance(table_id)

        await self.failover.keep_trying(table_id, take_over)

    # ------------------------------------------------------------------ undo

    async def request_undo(self, table_id: str, seat: int, move: int) -> None:
        """Ask to take back the last action (:meth:`LiveTable.undo_refusal` says when ``seat`` may); done
        at once when no other person must agree: every other seat a bot, or played from the asking
        screen (a hot seat: the people who would agree are the ones asking). The request is kept in
        the database, so any process may take the answers."""
        async with self.lock(table_id):
            table = self.tables[table_id]
            if move != table.moves:
                raise Rejection(f"move {move} is stale: the table is at move {table.moves}", "stale_move",
                                move=move, current=table.moves)
            reason = table.undo_refusal(seat)
            if reason is not None:
                raise Rejection(f"cannot undo: {UNDO_REFUSALS[reason]}", "undo_refused", why=reason)
            screen = self.same_screen(table_id, seat)
            others = [s.seat for s in table.seats if s.seat not in screen and table.bot_for(s.seat) is None]
            if others:
                await self._set_undo(table, {"seat": seat, "move": table.moves, "waiting": others, "agreed": []})
            else:
                for _ in range(table.undo_steps(seat)):  # against bots: their replies and chance too
                    await self.write(table, seat, "undo", kind="undo")
        await self.advance_or_retry(table_id)

    def same_screen(self, table_id: str, seat: int) -> set[int]:
        """``seat`` and every seat played from a screen of this process that holds it (a hot seat)."""
        held = {seat}
        for connection in self.connections.get(table_id, []):
            if seat in connection.seats:
                held.update(connection.seats)
        return held

    def undo_for(self, table: LiveTable, viewer: int, seats: list[int] | None = None) -> tuple[int | None, str | None]:
        """The seat a connection (playing ``seats``; ``viewer`` shown) may ask an undo for now, or None
        and why not (the viewer's reason): on a hot seat, the seat that moved last, whoever is shown."""
        held = [viewer, *(s for s in (seats or []) if s != viewer)] if viewer >= 0 else []
        for seat in held:
            if table.undo_refusal(seat) is None:
                return seat, None
        return None, table.undo_refusal(viewer)

    async def answer_undo(self, table_id: str, seat: int, agree: bool) -> None:
        """Agree to or refuse the pending undo; it happens when every other person has agreed. Agreeing
        again changes nothing, and writes and tells nothing."""
        async with self.lock(table_id):
            table = self.tables[table_id]
            pending, done = answered(table.undo, seat, agree,
                                     Rejection("no undo request is waiting for your answer", "no_undo_request"))
            if pending == table.undo:
                return
            await self._set_undo(table, pending)
            if done and pending is not None:
                await self.write(table, pending["seat"], "undo", kind="undo")
        await self.advance_or_retry(table_id)

    async def _set_undo(self, table: LiveTable, pending: dict[str, Any] | None) -> None:
        await self.db(self.store.update_settings, table.row.id, {"undo": pending})
        table.row.settings = {**table.row.settings, "undo": pending}
        await self.failover.notify(table)

    # ------------------------------------------------------------------ what connections see

    def info(self, table: LiveTable) -> TableInfo:
        """What anyone may know of a table (the lobby line)."""
        return self.row_info(table.row, table.moves)

    @staticmethod
    def row_info(row: TableRow | LobbyRow, moves: int) -> TableInfo:
        """The lobby line of a table as the database has it (the lobby lists without loading tables)."""
        return TableInfo.model_validate(Hub.row_line(row, moves))

    @staticmethod
    def row_line(row: TableRow | LobbyRow, moves: int) -> dict[str, Any]:
        """:meth:`row_info`'s fields as plain data, its time a ``datetime`` (orjson's ``OPT_UTC_Z`` writes it
        as pydantic does): a lobby page makes a hundred of them, without a model each."""
        zombies = set(row.settings.get("zombies", []))
        return {"id": row.id, "game": row.game, "options": row.options, "status": row.status,
                "seats": _seat_dicts(row, zombies), "moves": moves, "result": row.result,
                "rematch_of": row.settings.get("rematch_of"), "active_at": _utc(row.active_at)}

    @staticmethod
    def seat_dicts(table: LiveTable) -> list[dict[str, Any]]:
        """Public facts about each seat, as JSON data."""
        return _seat_dicts(table.row, table.zombies)

    def update(self, table: LiveTable, viewer: int, text: bool = False, seats: list[int] | None = None,
               connection: Connection | None = None) -> dict[str, Any]:
        """The ``state`` message for ``viewer`` (a seat or SPECTATOR; ``seats``: all a hot-seat connection
        plays): only what it may see (with the position drawn as ``text`` when asked: rendering costs
        more than the rest of the message), and whether it may ask for an undo now, or why not. For a
        ``connection``, the log entries it has not had, and it now holds them all; else the whole log."""
        clock = None
        seconds = table.row.settings.get("move_seconds")
        if seconds:
            remaining = None
            if table.deadline is not None:
                remaining = max(0.0, table.deadline - asyncio.get_running_loop().time())
            clock = {"move_seconds": seconds, "remaining": remaining,
                     "banks": {str(k): round(v, 3) for k, v in table.banks.items()}}
        undo_seat, undo_refusal = self.undo_for(table, viewer, seats)
        log_from, news = table.news_for(viewer, connection.held if connection else None)
        seats_now: list[dict[str, Any]] | None = self.seat_dicts(table)
        if connection is not None:
            whole = table.history(viewer)
            connection.held = Held(viewer, int(whole[-1]["move"]) if whole else -1)
            if seats_now == connection.seats_sent:  # the client keeps them: left out when nothing changed
                seats_now = None
            else:
                connection.seats_sent = seats_now
        held = seats or ([viewer] if viewer >= 0 else [])
        # built as a plain dict on this hot path; its shape is :class:`Update` (a test validates it)
        update = {"type": "state", "table": table.row.id, "status": table.status, "move": table.moves,
                  "seat": None if viewer == SPECTATOR else viewer, "to_move": table.seat_to_move(),
                  "view": table.view(viewer), "legal": table.legal_for(viewer), "previews": table.previews_for(viewer),
                  "log": news, "log_from": log_from,
                  "seats": seats_now, "undo": table.undo,
                  "undo_seat": undo_seat, "undo_refusal": undo_refusal, "clock": clock,
                  "undo_steps": table.undo_steps(undo_seat) if undo_seat is not None else None,
                  "result": table.result() if table.status in ("over", "abandoned") else None,
                  "rematch": table.row.settings.get("rematch"),
                  "proposal": table.proposal, "ways_out": ways_out(table, held, set(held))}
        if text:  # English terminal text: only for the clients that ask (the browser draws its own)
            update["text"] = table.text(viewer)
        return update

    async def broadcast(self, table_id: str) -> None:
        """Send every connection of the table its own view."""
        table = self.tables.get(table_id)
        if table is None:
            return
        for connection in list(self.connections.get(table_id, [])):
            try:
                await connection.send(self.update(table, connection.viewer(table), connection.text, connection.seats,
                                                  connection))
            except Exception:  # a closed socket: forget it
                self.disconnect(table_id, connection)


class ChosenSeedRefused(Rejection):
    """A client-chosen seed at a table strangers could join (answered 422)."""


def _seat_dicts(row: TableRow | LobbyRow, zombies: set[int]) -> list[dict[str, Any]]:
    levels = bot_levels(row.game)
    return [{"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot, "joined": s.joined,
             "zombie": s.seat in zombies, "level": s.bot if s.bot in levels else None} for s in row.seats]


@functools.cache
def _utc(moment: datetime) -> datetime:
    """A time read from the database, in UTC (SQLite gives it back without its zone; it was written in UTC)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def bot_levels(game: str) -> tuple[str, ...]:
    """The bot levels of ``game`` that play differently (easy, normal, hard); none for a game whose
    bots have no decisions to make (Beetle: every level is the same roller), so nobody is asked for one."""
    import tabletop

    cls = tabletop.REGISTRY.get(game)
    return () if cls is None else _levels_of(game, cls)


@functools.cache
def _levels_of(game: str, cls: type[Any]) -> tuple[str, ...]:
    """:func:`bot_levels` of a game registered as ``cls``, found once: every update and lobby line names each seat's
    level, and finding them sets a game up (a tenth of a millisecond, a tenth of a cheap update's cost)."""
    import tabletop

    bots = tabletop.load(game).bots()
    levels = tuple(level for level in ("easy", "normal", "hard") if level in bots)
    return levels if len({bots[level] for level in levels}) > 1 else ()


def _jsonable(options: Any) -> dict[str, Any]:
    """Options as JSON data (what the database and bot workers store)."""
    import json

    return dict(json.loads(json.dumps(dict(options), default=str)))
