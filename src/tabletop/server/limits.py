"""The server's limits on what one client may ask: every endpoint is public, so each has a bound.

Each limit is a setting with a default that a small public server can live with
(``tabletop serve --limit name=value``; :data:`LIMITS` says what each means). A client is its
network address (hashed before it is stored; behind a reverse proxy, uvicorn's
``--forwarded-allow-ips`` decides which address that is). A refusal always says which limit was
reached and, where waiting helps, when to try again.

Rates come from well-kept libraries: requests, chat and priced requests are counted by ``limits`` (a
moving window, kept in Redis when several server processes share it, so the limit is the
deployment's, not each process's); messages on one socket by ``aiolimiter``'s leaky bucket (a
token bucket: bursts up to the bucket, a steady rate beyond). Table creations per minute are counted by
the database itself (:meth:`.seating.Seating.check_creations`): the limit must hold across processes even
while Redis is down, and every process sees the same tables.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, NamedTuple

from aiolimiter import AsyncLimiter
from limits import RateLimitItem, RateLimitItemPerHour, RateLimitItemPerMinute, RateLimitItemPerSecond
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter

from tabletop.core.extras import require


@dataclass(frozen=True)
class Limits:
    """Every limit of a server process, with its default."""

    requests_per_second: int = 30  #: HTTP API requests from one client in any second
    expensive_per_second: int = 5  #: of those, odds, replay, motion, coach, blunder and lobby requests (costly answers)
    refusal_delay_seconds: float = 1.0  #: a refused HTTP request is answered after up to this long (0: at once)
    open_tables_per_client: int = 20  #: unfinished tables one client created or sits at
    creations_per_minute: int = 10  #: tables one client may create in any minute
    messages_per_second: float = 20.0  #: steady WebSocket messages per socket
    message_burst: int = 40  #: messages a socket may send at once before the rate applies
    sockets_per_client: int = 30  #: WebSocket connections open from one client at a time
    sockets_per_minute: int = 60  #: new WebSocket connections one client may open in any minute
    flood_cooldown_seconds: float = 30.0  #: a client whose socket was closed for flooding waits this long
    spectators_per_table: int = 100  #: watching connections (no seat) per table and process
    bot_tables: int = 20  #: all-bot tables playing at once on the whole deployment
    bot_table_minutes: float = 60.0  #: an all-bot table is stopped (abandoned) after this long
    bot_table_move_seconds: float = 0.5  #: an all-bot table's pace: the least time between two bot moves
    open_table_minutes: float = 60.0  #: a table still waiting for players expires after this long idle
    idle_table_minutes: float = 120.0  #: a game without a move clock where nobody moved this long is abandoned
    lobby_idle_minutes: float = 5.0  #: a game nobody moved in for this long is listed as idle, not running
    heavy_workers: int = 1  #: processes for odds, replays and motions (0: threads, for tests)
    heavy_queue: int = 16  #: such jobs waiting at once before new ones are refused (503)
    heavy_per_client: int = 2  #: such jobs one client may have running or waiting (429 beyond)
    database_threads: int = 8  #: threads (and connections) for database calls
    worker_niceness: int = 10  #: how much lower the CPU priority of bot, odds, replay and motion workers is
    lease_seconds: float = 6.0  #: how long a table's owner may go silent before another process takes over
    retry_max_seconds: float = 8.0  #: the longest wait between retries of a failed write or Redis connection
    hello_seconds: float = 10.0  #: time a new WebSocket has to send its hello (seat tokens)
    min_move_seconds: float = 5.0  #: the shortest per-move clock a table may have
    reconnect_seconds: float = 60.0  #: time a person cut off has to come back before the others may go on without them
    chat_per_minute: int = 20  #: chat messages one client may write in any minute
    chat_burst: int = 5  #: of those, chat messages one client may write in any ten seconds
    # requests that change a table, each kind counted per client like chat
    toggles_per_minute: int = 10  #: switches of "spectators may chat" (on or off) one client may make in any minute
    undo_asks_per_minute: int = 20  #: undo requests one client may make in any minute
    end_requests_per_minute: int = 10  #: resign, abandon, leave and claim requests one client may make in any minute
    answers_per_minute: int = 30  #: answers to undo and end requests one client may give in any minute
    rematches_per_minute: int = 10  #: rematch requests one client may make in any minute
    # accounts (tabletop.server.site.accounts)
    sign_ins_per_minute: int = 10  #: sign-in and recovery attempts one client may make in any minute
    sign_ins_per_account_per_minute: int = 5  #: sign-in attempts for one account name, from anywhere, in any minute
    sign_ups_per_minute: int = 3  #: new accounts one client may make in any minute
    claims_per_minute: int = 5  #: claims of a browser's seats into an account, per account, in any minute
    exports_per_minute: int = 10  #: pages of an account's export (its games as records) it may read in any minute
    seeks_per_minute: int = 20  #: seeks one account may post in any minute (quick pairing)
    rating_reads_per_minute: int = 60  #: leaderboards and rating histories one client or account may read a minute
    stats_reads_per_minute: int = 60  #: players' statistics by game one client or account may read in any minute
    profile_reads_per_minute: int = 60  #: profiles and "my games" pages one client or account may read in any minute
    game_streams_per_minute: int = 10  #: streams of a player's games (1,000 at most) per client or account a minute
    # looking after each other (tabletop.server.site.moderation)
    blocks_per_minute: int = 10  #: blocks and unblocks one account may make in any minute
    reports_per_hour: int = 10  #: reports one account may make in any hour
    signed_in_address_factor: int = 4  #: signed in, requests count per account, and per address this many times more
    # expensive answers and the lobby, priced
    coach_workers: int = 1  #: processes kept for the coach of a seat to move: replays, blunders, odds never delay it
    lobby_cache_seconds: float = 1.0  #: a lobby page is answered from memory for this long after it was read
    lobby_reads_per_second: int = 3  #: lobby pages one client may have read from the database in any second
    # connections and request size (tabletop.server.connections and .bodies)
    header_seconds: float = 5.0  #: time a request has for its line and headers (408 beyond)
    header_bytes: int = 16384  #: the most a request's line and headers may take (431 beyond)
    body_bytes_per_second: float = 1024.0  #: the slowest a request body may come on average, after header_seconds
    body_bytes: int = 65536  #: the largest request body (413 beyond, refused before more of it is read)
    keep_alive_seconds: int = 5  #: an HTTP connection idle between two requests is closed after this long
    handshake_seconds: float = 5.0  #: time the app has to accept a WebSocket upgrade
    ping_seconds: float = 20.0  #: WebSockets are pinged this often and closed when no pong comes within as long
    connections_per_address: int = 64  #: connections open at once from one network address (a trusted proxy: no cap)
    new_connections_per_second: int = 50  #: connections one address may open in any second (a trusted proxy: no cap)
    connections: int = 4096  #: connections open at once in all (fewer if the descriptor limit is low)

    def __post_init__(self) -> None:
        for item in fields(self):
            value = getattr(self, item.name)
            may_be_zero = item.name in ("heavy_workers", "bot_table_move_seconds", "refusal_delay_seconds",
                                         "worker_niceness")
            if not math.isfinite(value) or value < (0 if may_be_zero else 0.001):
                raise ValueError(f"limit {item.name}={value}: must be a finite number above 0"
                                 + (f" ({item.name} may be 0)" if may_be_zero else ""))

    def with_text(self, settings: list[str]) -> Limits:
        """These limits with ``name=value`` settings applied (what ``--limit`` takes).

        Raises:
            ValueError: naming the setting that is unknown or not a number, and the known ones.
        """
        known = {item.name: item for item in fields(self)}
        changes: dict[str, Any] = {}
        for setting in settings:
            name, _, text = setting.partition("=")
            name = name.strip().replace("-", "_")
            if name not in known or not text:
                raise ValueError(f"--limit {setting!r}: expected name=value with a name among {', '.join(known)}")
            kind = int if isinstance(getattr(self, name), int) else float
            try:
                changes[name] = kind(text)
            except ValueError:
                wanted = "a whole number" if kind is int else "a number"
                raise ValueError(f"--limit {setting!r}: {name} takes {wanted}") from None
        return replace(self, **changes)


def describe_limits(limits: Limits | None = None) -> str:
    """Every limit with its default and meaning, one a line (for ``tabletop serve --help``)."""
    limits = limits or Limits()
    notes = _field_notes()
    return "\n".join(f"{item.name}={getattr(limits, item.name):g}: {notes.get(item.name, '')}"
                     for item in fields(limits))


def _field_notes() -> dict[str, str]:
    """The ``#:`` comment of each field of :class:`Limits`, read from this module's source."""
    import inspect

    notes = {}
    for line in inspect.getsource(Limits).splitlines():
        name, _, rest = line.strip().partition(":")
        if "#:" in rest:
            notes[name] = rest.split("#:", 1)[1].strip()
    return notes


def client_key(address: str | None) -> str:
    """What the server keeps of a client's address: a short hash (never the address itself)."""
    return hashlib.sha256(f"tabletop-client:{address or 'unknown'}".encode()).hexdigest()[:32]


class LimitReached(Exception):
    """A request refused by a limit: the reason, its code and params (``tabletop.server.errors``), and
    seconds after which trying again may work (``retry_after``, in the params too)."""

    def __init__(self, reason: str, code: str, /, retry_after: float | None = None, status: int = 429,
                 **params: Any) -> None:
        super().__init__(reason)
        self.code = code
        self.retry_after = retry_after
        self.status = status
        self.params: dict[str, Any] = {**params, "retry_after": None if retry_after is None else
                                       max(1, math.ceil(retry_after))}


class Priced(NamedTuple):
    """A kind of request that changes a table (and tells everyone watching): the :class:`Limits` field
    that bounds it per client and minute, the code of its refusal, and what it is called in English."""

    limit: str
    code: str
    what: str
    hourly: bool = False  #: the limit counts in any hour, not in any minute


TOGGLE = Priced("toggles_per_minute", code="too_many_toggles", what="switches of spectator chat")
UNDO_ASK = Priced("undo_asks_per_minute", code="too_many_undo_asks", what="undo requests")
END_REQUEST = Priced("end_requests_per_minute", code="too_many_end_requests",
                     what="resign, abandon, leave or claim requests")
ANSWER = Priced("answers_per_minute", code="too_many_answers", what="answers to undo or end requests")
REMATCH = Priced("rematches_per_minute", code="too_many_rematches", what="rematch requests")

PRICED_MESSAGES: Mapping[str, Priced] = {
    "spectator_chat": TOGGLE, "undo": UNDO_ASK, "resign": END_REQUEST, "abandon": END_REQUEST,
    "leave": END_REQUEST, "claim": END_REQUEST, "end_gone": END_REQUEST, "bot_for_gone": END_REQUEST,
    "agree_undo": ANSWER, "refuse_undo": ANSWER, "agree_end": ANSWER, "refuse_end": ANSWER}
"""The socket messages (by ``type``) that each write to the database and reach every connection of a
table, and the limit each counts against; a move is bounded by its game (one seat to move, one move
number) and chat by its own limits."""


class Rates:
    """The rate limits kept over time: requests, chat and priced requests per client (shared through Redis when
    given)."""

    def __init__(self, limits: Limits, redis_url: str | None = None) -> None:
        self.limits = limits
        storage: Storage = MemoryStorage()
        if redis_url:
            require("redis", extra="redis", purpose="rate limits shared through Redis (--redis)")
            storage = RedisStorage("async+" + redis_url, implementation="redispy", key_prefix="tabletop-limits")
        self._storage = storage
        self._window = MovingWindowRateLimiter(storage)
        self._requests = RateLimitItemPerSecond(limits.requests_per_second)
        self._expensive = RateLimitItemPerSecond(limits.expensive_per_second)
        factor = limits.signed_in_address_factor  #: an address's signed-in requests: its accounts are limited too
        self._shared = (RateLimitItemPerSecond(limits.requests_per_second * factor),
                        RateLimitItemPerSecond(limits.expensive_per_second * factor))
        self._local = MovingWindowRateLimiter(MemoryStorage())  #: per process: counted on every request
        self._sockets = RateLimitItemPerMinute(limits.sockets_per_minute)
        self._shared_sockets = RateLimitItemPerMinute(limits.sockets_per_minute * factor)
        self._chat_burst = RateLimitItemPerSecond(limits.chat_burst, 10)
        self._chat_minute = RateLimitItemPerMinute(limits.chat_per_minute)
        self._cooling: dict[str, float] = {}  #: client → the time its flood cooldown ends
        self._priced: dict[Priced, RateLimitItem] = {}  #: each kind's window, made when first counted

    async def socket(self, client: str, account: str | None = None) -> LimitReached | None:
        """Count a new socket from ``client`` (signed in as ``account``: counted against the account, and
        against its address at ``signed_in_address_factor`` times the limit); why it is refused (None: it may
        connect)."""
        until = self._cooling.get(client)
        if until is not None:
            if until > _now():
                wait = until - _now()
                return LimitReached(f"this client flooded a socket: new connections are refused for {wait:.0f} s",
                                    "socket_cooldown", wait, seconds=math.ceil(wait))
            del self._cooling[client]
        counted = [(self._sockets, client, "client")] if account is None else \
            [(self._sockets, "account:" + account, "account"), (self._shared_sockets, client, "address")]
        for window, who, what in counted:
            if not await self._local.hit(window, "socket", who):
                return LimitReached(f"too many new connections: at most {window.amount} a minute from one {what}",
                                    "too_many_new_sockets", 60.0, limit=window.amount)
        return None

    def flooded(self, client: str) -> None:
        """``client``'s socket was closed for flooding: refuse its new sockets for a while."""
        if len(self._cooling) > 100_000:  # bounded: forget the expired first, then the oldest
            now = _now()
            self._cooling = {c: t for c, t in self._cooling.items() if t > now} or {}
        self._cooling[client] = _now() + self.limits.flood_cooldown_seconds

    async def request(self, client: str, expensive: bool = False, account: str | None = None) -> None:
        """Count one HTTP API request by ``client`` (``expensive``: one for odds, a replay, a motion, the
        lobby or a profile), signed in as ``account`` if given.

        An anonymous request counts against its address's limits. A signed-in one counts against its
        account's — the same limits, wherever it comes from: a new address gains an account nothing — and
        against ``signed_in_address_factor`` times them for its address, which bounds what many accounts
        behind one address (a school, a club) may ask together without making them one client.

        Raises:
            LimitReached: when it made ``requests_per_second`` in the last second, or
                ``expensive_per_second`` expensive ones.
        """
        counted = [(self._requests, self._expensive, client, "client")] if account is None else \
            [(*self._shared, client, "address"), (self._requests, self._expensive, "account:" + account, "account")]
        for requests, costly, who, what in counted:
            if not await self._local.hit(requests, "request", who):
                raise LimitReached(f"too many requests: at most {requests.amount} a second from one {what}; slow "
                                   "down", "too_many_requests", 1.0, limit=requests.amount)
            if expensive and not await self._local.hit(costly, "expensive", who):
                raise LimitReached("too many odds, replay, motion, coach or lobby requests: at most "
                                   f"{costly.amount} a second from one {what}; slow down", "too_many_expensive",
                                   1.0, limit=costly.amount)

    async def chat(self, client: str) -> None:
        """Count one chat message by ``client`` (checked before anything is written).

        Raises:
            LimitReached: when it wrote ``chat_burst`` messages in the last ten seconds or
                ``chat_per_minute`` in the last minute; ``retry_after`` says when one more may go.
        """
        for item, span, seconds in ((self._chat_burst, "ten seconds", 10), (self._chat_minute, "minute", 60)):
            if (wait := await self._hit(item, "chat", client)) is not None:
                raise LimitReached(f"too many chat messages: at most {item.amount} in any {span} from one "
                                   f"client; wait {wait:.0f} s", "too_many_chat", wait, limit=item.amount,
                                   span=seconds)

    async def table_request(self, client: str, kind: Priced) -> None:
        """Count one request of ``kind`` by ``client`` (checked before the table is locked or anything
        is read or written): a toggle or a request flooded from many sockets costs a counter, not a
        database write and a message to every watcher.

        Raises:
            LimitReached: when it made as many of ``kind`` in the last minute as its limit allows;
                ``retry_after`` says when one more may go.
        """
        item = self._priced.get(kind)
        if item is None:
            made = RateLimitItemPerHour if kind.hourly else RateLimitItemPerMinute
            item = self._priced[kind] = made(getattr(self.limits, kind.limit))
        if (wait := await self._hit(item, kind.limit, client)) is not None:
            span = "hour" if kind.hourly else "minute"
            raise LimitReached(f"too many {kind.what}: at most {item.amount} in any {span} from one client; "
                               f"wait {wait:.0f} s", kind.code, wait, limit=item.amount,
                               span=3600 if kind.hourly else 60)

    async def _hit(self, item: RateLimitItem, name: str,
                   client: str) -> float | None:
        """Count one ``name`` by ``client`` against ``item``'s moving window (this process's); None when
        it fits, else the seconds until one more would."""
        if await self._local.hit(item, name, client):
            return None
        stats = await self._local.get_window_stats(item, name, client)
        return max(1.0, stats.reset_time - _now())

    def socket_bucket(self) -> AsyncLimiter:
        """A new socket's message bucket: ``message_burst`` at once, ``messages_per_second`` steadily."""
        burst = self.limits.message_burst
        return AsyncLimiter(burst, burst / self.limits.messages_per_second)


async def take_message(bucket: AsyncLimiter) -> bool:
    """Take one message from a socket's bucket; False when the socket is over its rate."""
    if not bucket.has_capacity():
        return False
    await bucket.acquire()  # returns at once: there is capacity
    return True


def _now() -> float:
    import time

    return time.time()
