"""Faults made with real components, for the tests of failover and of Redis and database outages.

A :class:`RedisServer` is a private ``redis-server`` of the test's own, stopped and started again on
the same port, so a server process sees its Redis vanish and come back. A :class:`TcpProxy` stands
between one server process and the machine's PostgreSQL (or anything else on TCP): :meth:`TcpProxy.cut`
drops every connection through it at once, as if the database had vanished, without touching the
database that other tests share. Nothing here is mocked; what a test sees is what a user would see.
"""

from __future__ import annotations

import contextlib
import selectors
import shutil
import signal
import socket
import struct
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Self

from sqlalchemy.engine import make_url

from tabletop.server.process import free_port

MACHINE_REDIS_PORT = 6379  # the machine's own Redis, which other tests share


def refuses(host: str, port: int) -> bool:
    """Whether a TCP connection to ``host:port`` is refused now (nothing listens there)."""
    with socket.socket() as probe:
        probe.settimeout(1)
        return probe.connect_ex((host, port)) != 0


class RedisServer:
    """A ``redis-server`` of a test's own on 127.0.0.1, without persistence, that can be stopped and
    started again on the same port while clients keep its URL.

    Raises:
        RuntimeError: when ``redis-server`` is not on PATH (``scripts/services.sh`` installs it).
        ValueError: when asked for the port of the machine's own Redis.
    """

    def __init__(self, *, port: int | None = None, startup_seconds: float = 10.0) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not on PATH: run scripts/services.sh, which installs it "
                               "(apt-get install redis-server), before the fault tests")
        if port == MACHINE_REDIS_PORT:
            raise ValueError(f"port {port} is the machine's own Redis; a RedisServer needs a port of its own")
        self.binary = binary
        self.port = port if port is not None else free_port()
        self.startup_seconds = startup_seconds
        self.folder = Path(tempfile.mkdtemp(prefix="tabletop-redis-"))
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """Its URL for redis-py and ``tabletop serve --redis``."""
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def log(self) -> Path:
        """The file Redis writes its log to (kept across restarts), for a failing test to show."""
        return self.folder / "redis.log"

    @property
    def running(self) -> bool:
        """Whether its process is alive."""
        return self.process is not None and self.process.poll() is None

    def start(self) -> None:
        """Start it (again) on its port and return once it answers PING; nothing if it runs already.

        Raises:
            RuntimeError: when it exits or does not answer within ``startup_seconds``.
        """
        if self.running:
            return
        command = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                   "--appendonly", "no", "--dir", str(self.folder), "--logfile", str(self.log),
                   "--daemonize", "no"]
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.STDOUT)
        deadline = time.monotonic() + self.startup_seconds
        while not self._answers_ping():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop(kill=True)
                raise RuntimeError(f"redis-server did not start on port {self.port}: {' '.join(command)}\n"
                                   f"{self._log_tail()}")
            time.sleep(0.02)

    def stop(self, *, kill: bool = False) -> None:
        """Stop it, with SIGTERM (SIGKILL after 10 s, or at once with ``kill``: a crash), and return
        once its port refuses connections; nothing if it is not running."""
        process, self.process = self.process, None
        if process is None:
            return
        if process.poll() is None:
            process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        deadline = time.monotonic() + 10
        while not refuses("127.0.0.1", self.port):  # the process is gone, so this is only the kernel
            if time.monotonic() > deadline:
                raise RuntimeError(f"port {self.port} still accepts connections after redis-server stopped")
            time.sleep(0.02)

    def close(self) -> None:
        """Stop it for good and remove its folder."""
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> Self:
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"RedisServer(port={self.port})"

    def _answers_ping(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as connection:
                connection.sendall(b"PING\r\n")
                return connection.recv(64).startswith(b"+PONG")
        except OSError:
            return False

    def _log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"


BUFFER_LIMIT = 1 << 20  # bytes held for one direction before reading from its source pauses
CHUNK = 1 << 16


def reset(connection: socket.socket) -> None:
    """Close a socket with a TCP reset, so its peer fails at once instead of reading an orderly end."""
    with contextlib.suppress(OSError):
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    connection.close()


@dataclass(eq=False)
class _Pipe:
    """One direction of one forwarded connection: bytes read from ``source`` not yet written to ``sink``."""

    source: socket.socket
    sink: socket.socket
    pending: bytearray = field(default_factory=bytearray)
    ended: bool = False  # the source sent its last byte (an orderly shutdown)
    passed_on: bool = False  # and the sink was told so, after the pending bytes

    @property
    def done(self) -> bool:
        return self.ended and not self.pending


@dataclass(eq=False)
class _Link:
    """A client's connection to the proxy and the proxy's to the target, with both directions."""

    client: socket.socket
    upstream: socket.socket
    up: _Pipe = field(init=False)
    down: _Pipe = field(init=False)

    def __post_init__(self) -> None:
        self.up = _Pipe(self.client, self.upstream)
        self.down = _Pipe(self.upstream, self.client)

    def out_of(self, end: socket.socket) -> _Pipe:
        return self.up if end is self.client else self.down

    def into(self, end: socket.socket) -> _Pipe:
        return self.down if end is self.client else self.up


class TcpProxy:
    """A TCP forwarder from a free port on 127.0.0.1 to ``target``, run by a thread of its own, whose
    connections a test can cut (every one reset, new ones reset on arrival) and restore.

    Point one server process at :attr:`port` instead of the real service (see :func:`postgres_url_via`)
    and that process alone loses the service while everything else keeps it.
    """

    def __init__(self, target: tuple[str, int], *, port: int = 0, connect_seconds: float = 2.0) -> None:
        self.target = target
        self.connect_seconds = connect_seconds
        self._listener = socket.create_server(("127.0.0.1", port), backlog=128)
        self._listener.setblocking(False)
        self.port: int = self._listener.getsockname()[1]
        self._selector = selectors.DefaultSelector()
        self._wake_read, self._wake_write = socket.socketpair()
        self._wake_read.setblocking(False)
        self._selector.register(self._listener, selectors.EVENT_READ)
        self._selector.register(self._wake_read, selectors.EVENT_READ)
        self._links: set[_Link] = set()
        self._events: dict[socket.socket, int] = {}
        self._requests: list[tuple[str, threading.Event]] = []
        self._lock = threading.Lock()
        self._cut = False
        self._closed = False
        self._failure: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name=f"TcpProxy :{self.port} -> {target}", daemon=True)
        self._thread.start()

    @property
    def address(self) -> tuple[str, int]:
        """Where clients connect."""
        return "127.0.0.1", self.port

    @property
    def is_cut(self) -> bool:
        """Whether it refuses to forward now."""
        return self._cut

    @property
    def connections(self) -> int:
        """How many connections it forwards now."""
        return len(self._links)

    def cut(self) -> None:
        """Reset every open connection, both ways, and every new one as it arrives, until :meth:`restore`;
        returns once the open ones are gone."""
        self._ask("cut")

    def restore(self) -> None:
        """Forward new connections again (those cut stay cut, as after a real outage)."""
        self._ask("restore")

    def close(self) -> None:
        """Reset every connection, stop listening and end its thread; nothing if closed already.

        Raises:
            RuntimeError: when its thread failed (with that failure as the cause).
        """
        if not self._closed:
            with contextlib.suppress(RuntimeError):  # the thread may be gone already: reported below
                self._ask("close")
            self._thread.join(10)
            self._closed = True
        if self._failure is not None:
            raise RuntimeError("the TcpProxy thread failed") from self._failure

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"TcpProxy({self.target!r}, port={self.port})"

    def _ask(self, request: str) -> None:
        """Have the proxy's thread do ``request`` and wait until it is done (sockets stay in one thread)."""
        done = threading.Event()
        with self._lock:
            if self._closed or not self._thread.is_alive():
                raise RuntimeError(f"the TcpProxy is closed; cannot {request}") from self._failure
            self._requests.append((request, done))
        self._wake_write.send(b"\0")
        while not done.wait(0.1):
            if not self._thread.is_alive():
                raise RuntimeError(f"the TcpProxy thread ended before it could {request}") from self._failure

    def _run(self) -> None:
        try:
            while self._loop_once():
                pass
        except BaseException as failure:  # kept for close() to raise in the test's thread
            self._failure = failure
        finally:
            for link in list(self._links):
                self._drop(link)
            self._selector.close()
            self._listener.close()
            self._wake_read.close()
            self._wake_write.close()

    def _loop_once(self) -> bool:
        """Serve what is ready; False once asked to close."""
        for key, mask in self._selector.select(timeout=1.0):
            end = key.fileobj
            if end is self._wake_read:
                if not self._serve_requests():
                    return False
            elif end is self._listener:
                self._accept()
            else:
                assert isinstance(end, socket.socket) and isinstance(key.data, _Link)
                if key.data in self._links:  # not dropped earlier in this round
                    self._transfer(key.data, end, mask)
        return True

    def _serve_requests(self) -> bool:
        with contextlib.suppress(BlockingIOError):
            self._wake_read.recv(4096)
        with self._lock:
            requests, self._requests = self._requests, []
        going_on = True
        for request, done in requests:
            if request in ("cut", "close"):
                self._cut = True
                for link in list(self._links):
                    self._drop(link)
            if request == "restore":
                self._cut = False
            if request == "close":
                going_on = False
            done.set()
        return going_on

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            if self._cut:
                reset(client)
                continue
            try:
                upstream = socket.create_connection(self.target, timeout=self.connect_seconds)
            except OSError:  # the target itself is down: the client learns it the same way
                reset(client)
                continue
            link = _Link(client, upstream)
            for end in (client, upstream):
                end.setblocking(False)
                end.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._links.add(link)
            self._watch(link)

    def _transfer(self, link: _Link, end: socket.socket, mask: int) -> None:
        try:
            if mask & selectors.EVENT_READ:
                pipe = link.out_of(end)
                data = end.recv(CHUNK)
                if data:
                    pipe.pending += data
                else:
                    pipe.ended = True
            if mask & selectors.EVENT_WRITE:
                pipe = link.into(end)
                sent = end.send(pipe.pending)
                del pipe.pending[:sent]
            for pipe in (link.up, link.down):
                if pipe.done and not pipe.passed_on:  # pass an orderly end on
                    pipe.passed_on = True
                    pipe.sink.shutdown(socket.SHUT_WR)
        except (BlockingIOError, InterruptedError):
            pass
        except OSError:  # a reset or broken pipe on one side: the other side learns it the same way
            self._drop(link)
            return
        if link.up.done and link.down.done:
            self._drop(link, gently=True)
        else:
            self._watch(link)

    def _watch(self, link: _Link) -> None:
        """Ask the selector for what each end of ``link`` can do next."""
        for end in (link.client, link.upstream):
            source, sink = link.out_of(end), link.into(end)
            events = 0
            if not source.ended and len(source.pending) < BUFFER_LIMIT:
                events |= selectors.EVENT_READ
            if sink.pending:
                events |= selectors.EVENT_WRITE
            before = self._events.get(end, 0)
            if events == before:
                continue
            if not events:
                self._selector.unregister(end)
                del self._events[end]
            elif not before:
                self._selector.register(end, events, link)
                self._events[end] = events
            else:
                self._selector.modify(end, events, link)
                self._events[end] = events

    def _drop(self, link: _Link, *, gently: bool = False) -> None:
        """Forget ``link`` and close both its ends: with a reset, unless both directions ended in order."""
        self._links.discard(link)
        for end in (link.client, link.upstream):
            if self._events.pop(end, 0):
                self._selector.unregister(end)
            if gently:
                end.close()
            else:
                reset(end)


def address_of(url: str) -> tuple[str, int]:
    """The host and port of a SQLAlchemy database URL (PostgreSQL's 5432 when it names none)."""
    parsed = make_url(url)
    return parsed.host or "127.0.0.1", parsed.port or 5432


def postgres_url_via(proxy: TcpProxy, url: str, *, connect_timeout: int | None = None) -> str:
    """``url`` with its host and port replaced by the proxy's, so its user connects only through it;
    with ``connect_timeout`` (seconds, libpq's parameter) so that a connection attempt cannot hang.

    >>> with TcpProxy(("127.0.0.1", 5432)) as proxy:
    ...     url = postgres_url_via(proxy, "postgresql+psycopg://postgres:secret@127.0.0.1:5432/games",
    ...                            connect_timeout=2)
    >>> url == f"postgresql+psycopg://postgres:secret@127.0.0.1:{proxy.port}/games?connect_timeout=2"
    True
    """
    parsed = make_url(url).set(host="127.0.0.1", port=proxy.port)
    if connect_timeout is not None:
        parsed = parsed.update_query_dict({"connect_timeout": str(connect_timeout)})
    return parsed.render_as_string(hide_password=False)
