"""Connections bounded before a request reaches the app: how many, and how slowly they may talk.

uvicorn reads a request's line and headers for as long as a client takes, and accepts connections
until the process runs out of descriptors, when every other client is turned away: one address with
a thousand unfinished requests took a server offline. An ASGI layer cannot help, as it
sees a request only once its headers are in. So uvicorn's HTTP protocol classes are extended here
(httptools', which ``http="auto"`` picks and ``uvicorn[standard]`` installs, and h11's), and its
WebSocket one (websockets' sans-I/O protocol, ``ws="auto"``'s):

- a connection beyond ``connections_per_address`` from its peer address, or beyond the process's
  cap (:func:`capacity`, below its descriptor limit), or beyond ``new_connections_per_second`` opened
  by its address in the last second, gets a canned refusal and is closed as soon as it is accepted,
  before a byte of it is parsed (a client whose every request is refused and closed — a body over the
  limit — would otherwise redial hundreds of times a second, and each request costs the event loop a
  parse, the app's refusal and a log line: one address's bodies once took the server to a full core);
- a request's line and headers must arrive within ``header_seconds`` (408) and ``header_bytes`` (431);
- its body at ``body_bytes_per_second`` on average once ``header_seconds`` have passed (408);
- the app must accept a WebSocket upgrade within ``handshake_seconds``.

uvicorn's own settings do the rest (:func:`uvicorn_settings`: keep-alive, h11's header buffer, WebSocket
pings), and :class:`tabletop.server.bodies.BodyLimit` bounds bodies. Refusals are logged by kind, at
most one line per kind every ten seconds (:class:`Refusals`): a flood must not flood the log.

The address counted is the socket's peer: behind a reverse proxy that is the proxy, so a peer trusted
with ``--forwarded-allow-ips`` has no per-address cap (the proxy must keep its own; docs/server.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import math
from collections import Counter
from collections.abc import Callable
from http import HTTPStatus
from typing import Any, ClassVar, cast

import h11
import orjson
from limits import RateLimitItemPerSecond
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from uvicorn.config import Config
from uvicorn.protocols.http.flow_control import FlowControl
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.utils import get_remote_addr
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from tabletop.server.errors import ApiError, error_body
from tabletop.server.limits import Limits

LOG = logging.getLogger("tabletop.connections")
REPORT_SECONDS = 10.0
"""Each kind of refusal is logged at most once in this long (the first at once, then a count)."""
UNLIMITED = 1 << 20
"""The descriptors of a process without a limit, as far as :func:`capacity` is concerned."""
REPORTED_ADDRESSES = 1_000
"""Addresses told apart in one report; the rest are counted together (a flood from many addresses)."""


class Refusals:
    """Refusals counted by kind and logged at most once every ``every`` seconds each: the first at
    once, the others as one line with their count and the address most of them came from."""

    def __init__(self, every: float = REPORT_SECONDS) -> None:
        self.every = every
        self._counts: dict[str, Counter[str]] = {}  #: kind → refusals by address since its last line

    def note(self, kind: str, what: str, address: str) -> None:
        """One refusal of ``kind`` (``what`` says why, for the log) of a connection from ``address``."""
        counts = self._counts.get(kind)
        if counts is None:  # the first in a while: said at once, the next ones counted
            LOG.warning("refused %s from %s: %s; more are counted and reported every %g s",
                        kind, address, what, self.every)
            self._counts[kind] = Counter()
            asyncio.get_running_loop().call_later(self.every, self._report, kind, what)
            return
        counts["other addresses" if len(counts) >= REPORTED_ADDRESSES and address not in counts else address] += 1

    def _report(self, kind: str, what: str) -> None:
        counts = self._counts[kind]
        if not counts:  # quiet since: the next one is said at once again
            del self._counts[kind]
            return
        (top, most), = counts.most_common(1)
        LOG.warning("refused %s %d more times in %g s: %s; %d of them from %s",
                    kind, counts.total(), self.every, what, most, top)
        self._counts[kind] = Counter()
        asyncio.get_running_loop().call_later(self.every, self._report, kind, what)


def answer(error: ApiError) -> bytes:
    """A whole HTTP/1.1 response carrying ``error``'s body, closing the connection: written as it is
    by a protocol that refuses a connection without having parsed a request."""
    body = orjson.dumps(error_body(error))
    head = [f"HTTP/1.1 {error.status_code} {HTTPStatus(error.status_code).phrase}",
            "content-type: application/json", f"content-length: {len(body)}", "connection: close",
            *(f"{name}: {value}" for name, value in (error.headers or {}).items())]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


def trusted_peers(allowed: list[str] | str) -> Callable[[str], bool]:
    """Whether a peer address is one of uvicorn's ``forwarded_allow_ips`` (addresses, networks or ``*``)."""
    entries = [entry.strip() for entry in (allowed.split(",") if isinstance(allowed, str) else allowed)]
    if "*" in entries:
        return lambda address: True
    networks, names = [], set()
    for entry in filter(None, entries):
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            names.add(entry)  # a Unix socket's path, or a name

    def trusted(address: str) -> bool:
        if address in names:
            return True
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in networks)

    return trusted


def raise_descriptor_limit() -> tuple[int, int]:
    """Raise this process's limit on open descriptors to its hard limit: every connection is one
    (and a default soft limit of 1,024 is soon reached). Returns the limit before and after."""
    try:
        import resource
    except ImportError:  # Windows: no such limit
        return UNLIMITED, UNLIMITED
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        with contextlib.suppress(ValueError, OSError):  # an unlimited hard limit the kernel refuses as a soft one
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    after = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return (UNLIMITED if soft == resource.RLIM_INFINITY else soft,
            UNLIMITED if after == resource.RLIM_INFINITY else after)


def report_capacity(limits: Limits, was: int, descriptors: int) -> None:
    """Log the descriptor limit (raised from ``was``) and the connections taken within it."""
    raised = f"raised from {was} to {descriptors}" if was != descriptors else f"{descriptors}, the hard limit"
    LOG.info("open descriptors: %s; connections: at most %d at once, %d from one address "
             "(--limit connections, connections_per_address)", raised, capacity(limits, descriptors),
             limits.connections_per_address)


def capacity(limits: Limits, descriptors: int) -> int:
    """Connections the process takes at once: ``connections``, but at most three quarters of its
    descriptors, the rest (at least 64) kept for the database, workers, log files and the accepts of
    connections about to be refused."""
    return max(1, min(limits.connections, descriptors - max(64, descriptors // 4)))


def canned_refusals(limits: Limits, capacity: int) -> dict[str, tuple[str, bytes]]:
    """How the protocols refuse, by kind (made once): what the log says, and the whole answer."""
    retry = max(1, math.ceil(limits.header_seconds))  # about the longest an unfinished request keeps its place
    per_address, wait = limits.connections_per_address, {"Retry-After": str(retry)}
    errors = [
        ApiError(429, f"more than {per_address} connections open at once from one address", "too_many_connections",
                 headers=wait, limit=per_address, retry_after=retry),
        ApiError(429, f"more than {limits.new_connections_per_second} new connections in a second from one address",
                 "too_many_new_connections", headers={"Retry-After": "1"}, limit=limits.new_connections_per_second,
                 retry_after=1),
        ApiError(503, f"the server has {capacity} connections open, the most it takes", "connections_full",
                 headers=wait, limit=capacity, retry_after=retry),
        ApiError(408, f"the request line and headers did not arrive within {limits.header_seconds:g} s",
                 "request_timeout", seconds=limits.header_seconds),
        ApiError(431, f"the request line and headers take more than {limits.header_bytes} bytes",
                 "headers_too_large", limit=limits.header_bytes),
        ApiError(408, f"the request body came slower than {limits.body_bytes_per_second:g} bytes a second",
                 "body_too_slow", rate=limits.body_bytes_per_second),
    ]
    return {error.code: (error.detail, answer(error)) for error in errors}


class Gate:
    """The connections open now, in all and by peer address: which may come in, which are turned away."""

    def __init__(self, limits: Limits, capacity: int) -> None:
        self.limits = limits
        self.capacity = capacity
        self.trusted: Callable[[str], bool] | None = None  #: a proxy's address? (read from uvicorn's config)
        self.open = 0
        self.by_address: Counter[str] = Counter()
        self.refusals = Refusals()
        self.refusal = canned_refusals(limits, capacity)  #: kind → the log's words, the answer's bytes
        self.opened = MovingWindowRateLimiter(MemoryStorage())  #: connections each address opened lately
        self.opening = RateLimitItemPerSecond(limits.new_connections_per_second)

    def admit(self, address: str) -> str | None:
        """Count a new connection from ``address`` in; or the kind of refusal when it may not come in."""
        if self.open >= self.capacity:
            return "connections_full"
        if not (self.trusted and self.trusted(address)):
            if self.by_address[address] >= self.limits.connections_per_address:
                return "too_many_connections"
            if not self.opened.hit(self.opening, address):
                return "too_many_new_connections"
        self.open += 1
        self.by_address[address] += 1
        return None

    def release(self, address: str) -> None:
        """A connection from ``address`` closed."""
        self.open -= 1
        self.by_address[address] -= 1
        if not self.by_address[address]:
            del self.by_address[address]

    def refuse(self, transport: asyncio.BaseTransport, kind: str, address: str, answered: bool = True) -> None:
        """Close a connection for ``kind``, with its canned answer first when ``answered``; and log it."""
        why, response = self.refusal[kind]
        self.refusals.note(kind, why, address)
        if answered and response:
            cast(asyncio.WriteTransport, transport).write(response)
        transport.close()

    def protocols(self, http: str = "httptools") -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
        """The HTTP protocol class (``httptools``, what uvicorn's ``http="auto"`` picks when httptools is
        installed, as ``uvicorn[standard]`` has it; or ``h11``) and the WebSocket one (``ws="auto"``'s),
        each extended to keep this gate."""
        base = {"httptools": HttpToolsWatched, "h11": H11Watched}[http]
        return (type(base.__name__, (base,), {"gate": self}),
                type(SocketWatched.__name__, (SocketWatched,), {"gate": self}))


def peer(transport: asyncio.BaseTransport) -> str:
    """The address a connection comes from (a Unix socket's connections have none: ``unix``)."""
    address = get_remote_addr(cast(asyncio.Transport, transport))
    return address[0] if address else "unix"


class Watched(asyncio.Protocol):
    """What the HTTP protocols get here: the gate at the door, the header deadline, the body's rate.

    A subclass calls :meth:`awaiting_headers` when a request's first byte comes, :meth:`body_begins`
    when its headers are in, counts its body in ``body_bytes`` and calls :meth:`stop_watching` when
    it is complete. One timer at a time serves every deadline (a request is in one phase at a time).
    """

    gate: ClassVar[Gate]
    config: Config
    loop: asyncio.AbstractEventLoop
    transport: asyncio.Transport
    flow: FlowControl
    cycle: Any

    address = ""
    refused = False  #: turned away at the door: none of uvicorn's connection state was set up
    handed_over = False  #: upgraded to a WebSocket, whose protocol now holds its place at the gate
    body_since = 0.0  #: when the body's clock started (restarted while the app does not read)
    body_bytes = 0  #: of the request's body, received since then
    _timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        if self.gate.trusted is None:  # the proxies uvicorn takes X-Forwarded-For from
            self.gate.trusted = trusted_peers(self.config.forwarded_allow_ips)
        self.address = peer(transport)
        kind = self.gate.admit(self.address)
        if kind is not None:
            self.refused = True
            self.gate.refuse(transport, kind, self.address)
            return
        super().connection_made(transport)
        self.awaiting_headers()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.refused:
            return
        self.stop_watching()
        if not self.handed_over:
            self.gate.release(self.address)
        super().connection_lost(exc)

    def awaiting_headers(self) -> None:
        """A request is on its way (a new connection, or a request's first byte): its line and headers
        must be in within ``header_seconds`` (a deadline already running goes on)."""
        if self._timer is None:
            self._timer = self.loop.call_later(self.gate.limits.header_seconds, self._headers_late)

    def body_begins(self) -> None:
        """A request's headers are in: the header deadline ends and its body's clock starts."""
        self.stop_watching()
        self.body_since, self.body_bytes = self.loop.time(), 0
        self._timer = self.loop.call_later(self.gate.limits.header_seconds, self._check_body)

    def stop_watching(self) -> None:
        """No deadline runs now (a request is complete, or the connection went on to a WebSocket)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    @property
    def idle(self) -> bool:
        """Whether no answer is being written (one of the refusals may be)."""
        return self.cycle is None or bool(self.cycle.response_complete)

    def _headers_late(self) -> None:
        self._timer = None
        self._refuse("request_timeout", answered=self.idle)

    def _check_body(self) -> None:
        self._timer = None
        limits, now = self.gate.limits, self.loop.time()
        if self.flow.read_paused:  # the app is not reading it: the client is not to blame, count afresh
            self.body_begins()
            return
        due = self.body_since + limits.header_seconds + self.body_bytes / limits.body_bytes_per_second
        if now < due:
            self._timer = self.loop.call_later(due - now, self._check_body)
        else:
            self._refuse("body_too_slow", answered=self.cycle is not None and not self.cycle.response_started)

    def _refuse(self, kind: str, answered: bool) -> None:
        if not self.transport.is_closing():
            self.gate.refuse(self.transport, kind, self.address, answered)


class WatchedSocket(asyncio.Protocol):
    """What the WebSocket protocol gets here: the app must complete the handshake within
    ``handshake_seconds``; the connection's place at the gate, taken by its HTTP protocol, is given
    back when it closes."""

    gate: ClassVar[Gate]
    transport: asyncio.Transport
    handshake_complete: bool

    address = ""
    _timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self.address = peer(transport)
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(self.gate.limits.handshake_seconds, self._handshake_late)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self.gate.release(self.address)
        super().connection_lost(exc)

    def _handshake_late(self) -> None:
        self._timer = None
        if not self.handshake_complete and not self.transport.is_closing():
            self.gate.refusals.note("handshake_timeout", "a WebSocket handshake the app did not complete within "
                                    f"{self.gate.limits.handshake_seconds:g} s", self.address)
            self.transport.close()


class HttpToolsWatched(Watched, HttpToolsProtocol):
    """uvicorn's httptools protocol, watched; and its request line and headers are counted as they
    come (httptools keeps a header it has not seen the end of, however long it grows)."""

    header_bytes = 0  #: of the request line and headers being read
    reading_headers = True
    headers_read = 0  #: requests whose headers are in, on this connection

    def data_received(self, data: bytes) -> None:
        if self.refused:
            return
        room = self.gate.limits.header_bytes - self.header_bytes
        if not self.reading_headers or len(data) <= room:
            self.header_bytes += len(data) if self.reading_headers else 0
            super().data_received(data)
            return
        read = self.headers_read  # the headers must end within the room left, or the request is too large
        if room > 0:
            super().data_received(data[:room])
        if self.headers_read == read:
            self._refuse("headers_too_large", answered=self.idle)
        elif not (self.transport.is_closing() or self.handed_over):
            self.data_received(data[room:])

    def on_message_begin(self) -> None:
        self.awaiting_headers()
        super().on_message_begin()

    def on_headers_complete(self) -> None:
        self.reading_headers = False
        self.headers_read += 1
        self.stop_watching()
        super().on_headers_complete()
        if self.cycle is not None and self.cycle.scope is self.scope:  # a request for the app (no upgrade)
            self.body_begins()

    def on_body(self, body: bytes) -> None:
        self.body_bytes += len(body)
        super().on_body(body)

    def on_message_complete(self) -> None:
        self.stop_watching()
        self.reading_headers, self.header_bytes = True, 0
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self.handed_over = True
        self.stop_watching()
        super().handle_websocket_upgrade()


class H11Watched(Watched, H11Protocol):
    """uvicorn's h11 protocol, watched (h11 bounds the headers itself: ``h11_max_incomplete_event_size``);
    the phases are read from h11's state after each read."""

    def data_received(self, data: bytes) -> None:
        if self.refused:
            return
        before = self.conn.their_state
        if before is h11.IDLE:
            self.awaiting_headers()
        super().data_received(data)
        after = self.conn.their_state
        if self.handed_over or after is h11.IDLE:
            return
        if after is not h11.SEND_BODY:  # the request is complete (or the connection failed)
            self.stop_watching()
        elif before is h11.SEND_BODY:
            self.body_bytes += len(data)
        else:
            self.body_begins()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self.handed_over = True
        self.stop_watching()
        super().handle_websocket_upgrade(event)


class SocketWatched(WatchedSocket, WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (websockets' sans-I/O one, what ``ws="auto"`` picks), watched."""


def uvicorn_settings(limits: Limits, descriptors: int, http: str = "httptools") -> dict[str, Any]:
    """The ``uvicorn.Config`` arguments that keep connections within ``limits`` in a process with
    ``descriptors``: the protocols of this module around a new :class:`Gate`, and uvicorn's own
    timeouts and sizes."""
    gate = Gate(limits, capacity(limits, descriptors))
    http_protocol, ws_protocol = gate.protocols(http)
    return {"http": http_protocol, "ws": ws_protocol, "timeout_keep_alive": limits.keep_alive_seconds,
            "h11_max_incomplete_event_size": limits.header_bytes,
            "ws_ping_interval": limits.ping_seconds, "ws_ping_timeout": limits.ping_seconds}
