"""Connections and request sizes bounded (#42 items 1 and 2), against real servers over real sockets.

The protocol tests run uvicorn in this process with :mod:`tabletop.server.connections`' protocols
(both of them: httptools', which ``tabletop serve`` uses, and h11's) around a small app, with limits a
test can wait for. The others run ``tabletop serve`` itself, with its defaults: one flooded by 400
unfinished requests from one address in a process allowed 256 descriptors, and one sent 150 MB bodies.
Clients come from distinct loopback addresses (Linux routes all of 127/8 to ``lo``); 127.0.0.1 is a
trusted proxy by uvicorn's default (``--forwarded-allow-ips``), so the others play the strangers.
"""

from __future__ import annotations

import json
import logging
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.sync.client import connect

from tabletop.server.connections import Gate, uvicorn_settings
from tabletop.server.limits import Limits
from tabletop.server.process import free_port, serving
from tests.server.live import hello

ATTACKER, OTHER, THIRD = "127.0.0.2", "127.0.0.3", "127.0.0.4"
PROTOCOLS = ["httptools", "h11"]
ONE_SERVER = pytest.mark.xdist_group("connections-serve")
"""The tests of ``tabletop serve`` itself share one (a module fixture), in one test process."""


# ---------------------------------------------------------------------- raw HTTP from a chosen address


def dial(port: int, source: str = OTHER, data: bytes = b"") -> socket.socket:
    """A TCP connection to the server from ``source``, with ``data`` sent."""
    sock = socket.socket()
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    if data:
        sock.sendall(data)
    return sock


def answer(sock: socket.socket, seconds: float = 10.0) -> tuple[int, dict[str, str], bytes]:
    """The status, headers and body the server wrote before closing (or within ``seconds``)."""
    sock.settimeout(seconds)
    got = b""
    try:
        while chunk := sock.recv(65536):
            got += chunk
            head, _, body = got.partition(b"\r\n\r\n")
            length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                           if line.lower().startswith(b"content-length:")), None)
            if length is not None and len(body) >= length:
                break
    except ConnectionResetError:
        pass
    head, _, body = got.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    assert lines[0].startswith("HTTP/1.1 "), got[:200]
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, body


def refusal(sock: socket.socket, seconds: float = 10.0) -> tuple[int, dict[str, Any]]:
    """The status and the coded error body of an answer."""
    status, _, body = answer(sock, seconds)
    return status, json.loads(body)


def closed(sock: socket.socket, seconds: float = 10.0) -> bool:
    """Whether the server closed the connection (reading what it wrote first) within ``seconds``."""
    sock.settimeout(seconds)
    try:
        while sock.recv(65536):
            pass
    except ConnectionResetError:
        pass
    except TimeoutError:
        return False
    return True


# ---------------------------------------------------------------------- uvicorn with these protocols


async def echo(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """An app that answers the length of the body it read; accepts a WebSocket and echoes one message,
    except on ``/never``, whose handshake it never completes."""
    if scope["type"] == "http":
        length, more = 0, True
        while more:
            message = await receive()
            length += len(message.get("body", b""))
            more = message.get("more_body", False)
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"%d" % len(
            str(length)))]})
        await send({"type": "http.response.body", "body": str(length).encode()})
    elif scope["type"] == "websocket":
        await receive()  # websocket.connect
        if scope["path"] == "/never":
            await receive()
            return
        await send({"type": "websocket.accept"})
        message = await receive()
        await send({"type": "websocket.send", "text": message.get("text", "")})
        await receive()


@contextmanager
def listening(http: str, **limits: Any) -> Iterator[tuple[int, Gate]]:
    """uvicorn in a thread of this process with this module's ``http`` protocol and ``limits``: its port
    and its gate."""
    settings = uvicorn_settings(Limits(**limits), 1024, http=http)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(echo, host="127.0.0.1", port=port, lifespan="off", log_config=None,
                                           **settings))
    thread = threading.Thread(target=server.run, name=f"uvicorn :{port}", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.01)
    try:
        yield port, settings["http"].gate
    finally:
        server.should_exit = True
        thread.join(10)


def settle(gate: Gate, open_now: int) -> None:
    """Wait until the gate counts ``open_now`` connections (closes are seen an event-loop turn later)."""
    deadline = time.monotonic() + 5
    while gate.open != open_now:
        assert time.monotonic() < deadline, f"{gate.open} connections open, expected {open_now}"
        time.sleep(0.01)


@pytest.mark.parametrize("http", PROTOCOLS)
def test_a_request_line_and_headers_must_come_within_header_seconds(http: str) -> None:
    with listening(http, header_seconds=1, keep_alive_seconds=3) as (port, gate):
        started = time.monotonic()
        unfinished, silent = dial(port, data=b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"), dial(port)
        kept = dial(port, data=b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")  # answered, then idle
        slow = dial(port, data=b"G")  # its deadline runs from its start...
        time.sleep(0.3)
        slow.sendall(b"ET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")  # ...and stops with the headers
        assert answer(slow)[0] == 200 and answer(kept)[0] == 200
        assert refusal(unfinished) == (408, {"code": "request_timeout", "params": {"seconds": 1.0}, "detail":
                                             "the request line and headers did not arrive within 1 s"})
        assert refusal(silent)[0] == 408 and time.monotonic() - started < 5
        time.sleep(1.2)  # idle for longer than header_seconds, not keep_alive_seconds:
        slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")  # the next request has a deadline of its own
        assert answer(slow)[0] == 200
        assert closed(kept)  # idle for keep_alive_seconds: closed
        settle(gate, 1)


@pytest.mark.parametrize("http", PROTOCOLS)
def test_a_body_must_come_at_the_least_rate_once_header_seconds_have_passed(http: str) -> None:
    with listening(http, header_seconds=0.5, body_bytes_per_second=1000) as (port, gate):
        head = b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3000\r\n\r\n"
        dripping = dial(port, data=head + b"x" * 100)
        started = time.monotonic()
        while not closed(dripping, 0.2):  # 20 bytes every 0.2 s: 100 a second, a tenth of the least rate
            dripping.sendall(b"x" * 20)
            assert time.monotonic() - started < 10, "a dripping body was not cut"
        steady = dial(port, data=head)
        for _ in range(10):  # 3,000 bytes a second, in pieces
            time.sleep(0.1)
            steady.sendall(b"x" * 300)
        assert answer(steady)[2] == b"3000"
        settle(gate, 1)


def test_a_dripping_body_is_answered_408_with_its_code() -> None:
    with listening("httptools", header_seconds=0.3, body_bytes_per_second=1000) as (port, _):
        sock = dial(port, data=b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3000\r\n\r\nxx")
        assert refusal(sock) == (408, {"code": "body_too_slow", "params": {"rate": 1000.0},
                                       "detail": "the request body came slower than 1000 bytes a second"})


@pytest.mark.parametrize("http", PROTOCOLS)
def test_request_headers_over_header_bytes_are_refused(http: str) -> None:
    with listening(http, header_bytes=2048) as (port, _):
        big = dial(port, data=b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 2500)
        time.sleep(0.1)  # (h11 bounds only what it has not parsed yet: headers whole in one read may be longer)
        big.sendall(b"a" * 500 + b"\r\n\r\n")
        status, _, body = answer(big)
        if http == "httptools":  # h11 bounds them itself: uvicorn's own 400
            assert (status, json.loads(body)["code"], json.loads(body)["params"]) == (431, "headers_too_large",
                                                                                      {"limit": 2048})
        else:
            assert status == 400
        endless = dial(port, data=b"GET /" + b"a" * 1500)  # a line that never ends, in pieces
        endless.sendall(b"a" * 1500)
        assert answer(endless)[0] in (400, 431)
        # headers under the limit with a body in the same read: the body is not counted as headers
        request = b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: " + b"p" * 1800 + b"\r\nContent-Length: 50000\r\n\r\n"
        whole = dial(port, data=request + b"b" * 50_000)
        assert answer(whole)[2] == b"50000"
        pad = b"X-Pad: " + b"p" * 1500 + b"\r\n"  # two requests in one read: 3,000 bytes of headers, each under
        pipelined = dial(port, data=b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + pad + b"\r\n"
                         b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" + pad + b"\r\n")
        pipelined.settimeout(10)
        got = b""
        while chunk := pipelined.recv(65536):
            got += chunk
        assert got.count(b"HTTP/1.1 200 ") == 2, got


@pytest.mark.parametrize("http", PROTOCOLS)
def test_connections_over_the_caps_are_closed_at_once_and_logged_once_in_a_while(
        http: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, "tabletop.connections")
    with listening(http, connections_per_address=3, connections=6, header_seconds=30) as (port, gate), \
            ExitStack() as held:
        for _ in range(3):
            held.callback(dial(port, ATTACKER, b"GET / HTTP/1.1\r\n").close)
        settle(gate, 3)
        for _ in range(50):
            refused = dial(port, ATTACKER)
            status, body = refusal(refused, 5)
            assert (status, body["code"], body["params"]) == (429, "too_many_connections",
                                                              {"limit": 3, "retry_after": 30})
        other = dial(port, OTHER, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert answer(other)[0] == 200  # another address is served meanwhile
        for _ in range(2):
            held.callback(dial(port, THIRD, b"GET / HTTP/1.1\r\n").close)
        settle(gate, 6)
        status, body = refusal(dial(port, "127.0.0.5"), 5)
        assert (status, body["code"], body["params"]["limit"]) == (503, "connections_full", 6)
        other.close()  # a place comes free
        settle(gate, 5)
        closing = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        assert answer(dial(port, "127.0.0.5", closing))[0] == 200
    said = [record.getMessage() for record in caplog.records if "too_many_connections" in record.getMessage()]
    assert len(said) == 1 and ATTACKER in said[0], said  # 50 refusals, one line (the count follows in 10 s)


@pytest.mark.parametrize("http", PROTOCOLS)
def test_an_address_redialling_faster_than_its_new_connections_a_second_is_refused_until_the_second_passes(
        http: str) -> None:
    """A client whose every request is refused and closed (a body over the limit) redials at once: each
    connection past ``new_connections_per_second`` is answered from the gate, the app never sees it."""
    closing = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    with listening(http, new_connections_per_second=5) as (port, _):
        began = time.monotonic()
        assert [answer(dial(port, ATTACKER, closing))[0] for _ in range(5)] == [200] * 5
        status, body = refusal(dial(port, ATTACKER), 5)
        assert time.monotonic() - began < 1.0, "too slow a machine to open six connections within a second"
        assert (status, body["code"], body["params"]) == (429, "too_many_new_connections",
                                                          {"limit": 5, "retry_after": 1})
        assert answer(dial(port, OTHER, closing))[0] == 200  # another address is served meanwhile
        time.sleep(1.1)
        assert answer(dial(port, ATTACKER, closing))[0] == 200  # a second later it may come in again


def test_a_trusted_proxy_has_no_per_address_cap() -> None:
    with listening("httptools", connections_per_address=2, connections=5) as (port, gate), ExitStack() as held:
        for _ in range(4):  # 127.0.0.1: a proxy by uvicorn's default --forwarded-allow-ips
            held.callback(dial(port, "127.0.0.1", b"GET / HTTP/1.1\r\n").close)
        settle(gate, 4)
        held.callback(dial(port, ATTACKER, b"GET / HTTP/1.1\r\n").close)
        settle(gate, 5)
        assert refusal(dial(port, "127.0.0.1"), 5)[0] == 503  # the cap in all still holds


def test_a_websocket_keeps_its_place_until_it_closes() -> None:
    with listening("httptools", connections_per_address=2, handshake_seconds=0.5) as (port, gate):
        for round_ in range(5):  # more than the cap, one after another: each gives its place back
            with connect(f"ws://127.0.0.1:{port}/echo", source_address=(ATTACKER, 0)) as ws:
                ws.send(f"round {round_}")
                assert ws.recv(5) == f"round {round_}"
                assert gate.by_address[ATTACKER] == 1
        settle(gate, 0)
        never = dial(port, ATTACKER, b"GET /never HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                     b"Connection: Upgrade\r\n"
                     b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        assert closed(never, 5)  # the app did not accept it within handshake_seconds
        settle(gate, 0)


# ---------------------------------------------------------------------- tabletop serve itself


def rss_mb(pid: int) -> float:
    """The resident memory of a process, in MB (``VmRSS`` of /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError(f"no VmRSS for process {pid}")


@dataclass(frozen=True)
class Served:
    """A ``tabletop serve`` process: where it listens, its process id and its log."""

    base: str
    port: int
    pid: int
    log: Path


@pytest.fixture(scope="module")
def small_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """``tabletop serve`` with its default limits, in a process allowed 256 descriptors (and unfinished
    requests held for 20 s, so that the flood is still there when its test looks, however slow the machine)."""
    folder = tmp_path_factory.mktemp("connections")
    log = folder / "server.log"
    with serving(f"sqlite:///{folder / 'tables.db'}", descriptors=256, log=log,
                 args=["--limit", "header_seconds=20"]) as (base, process):
        yield Served(base, int(base.rsplit(":", 1)[1]), process.pid, log)


def timed(seconds: float, what: str, call: Any, *args: Any, **kwargs: Any) -> Any:
    """``call(*args, **kwargs)``, which must return within ``seconds``."""
    started = time.monotonic()
    result = call(*args, **kwargs)
    took = time.monotonic() - started
    assert took < seconds, f"{what} took {took:.2f} s"
    return result


@ONE_SERVER
def test_400_unfinished_requests_from_one_address_leave_another_answered(small_server: Served) -> None:
    port = small_server.port
    with ExitStack() as held, httpx.Client(base_url=small_server.base, timeout=10,
                                           transport=httpx.HTTPTransport(local_address=OTHER)) as other:
        flood = []
        for _ in range(400):  # as in the audit: requests that never end, from one address
            flood.append(dial(port, ATTACKER, b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-"))
            held.callback(flood[-1].close)
        assert timed(1, "the games", other.get, "/api/games").status_code == 200
        created = timed(1, "a new table", other.post, "/api/tables",
                        json={"game": "beetle", "seats": [{"kind": "local"}, {"kind": "local"}]})
        assert created.status_code == 201, created.text
        table, tokens = created.json()["table"]["id"], created.json()["tokens"]
        with timed(1, "a WebSocket", connect, f"ws://127.0.0.1:{port}/ws/tables/{table}",
                   source_address=(OTHER, 0), open_timeout=5) as ws:
            ws.send(hello(tokens["0"], tokens["1"]))
            state = json.loads(timed(1, "the first update", ws.recv, 5))
            ws.send(json.dumps({"type": "act", "action": "roll", "move": state["move"]}))
            moved = json.loads(timed(1, "a move's update", ws.recv, 5))
            assert moved["type"] == "state" and moved["move"] > state["move"], moved
        answered = sum(not closed(sock, 0.01) for sock in flood)
        # the 50 new connections a second the address may open, up to the 64 it may hold at once
        assert 50 <= answered <= 64, f"{answered} of the flood's connections are held"
    said = small_server.log.read_text()
    refused = [said.count(f"refused {kind} from 127.0.0.2") for kind in ("too_many_connections",
                                                                        "too_many_new_connections")]
    assert sum(refused) >= 1 and max(refused) == 1, said[-3000:]  # each kind logged at most once in 10 s
    assert "open descriptors: 256" in said and "at most 192 at once, 64 from one address" in said


@ONE_SERVER
def test_a_body_over_the_limit_is_refused_before_it_is_read(small_server: Served) -> None:
    port, pid = small_server.port, small_server.pid
    head = b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    declared = dial(port, THIRD, head + b"Content-Length: 157286400\r\n\r\n")  # not a byte of the body sent
    status, body = refusal(declared)
    assert (status, body["code"], body["params"]) == (413, "body_too_large", {"limit": 65536})
    chunked = dial(port, THIRD, head + b"Transfer-Encoding: chunked\r\n\r\n")
    for _ in range(5):  # 5 × 20,000 bytes: refused once 65,536 have come
        chunked.sendall(b"%x\r\n%s\r\n" % (20_000, b" " * 20_000))
    assert refusal(chunked)[1]["code"] == "body_too_large"
    before, sent = rss_mb(pid), 0
    piece = b"x" * (1 << 20)

    def send(chunked: bool) -> None:  # a body of 150 MB, sent until the server closes the connection
        nonlocal sent
        with dial(port, THIRD, head + (b"Transfer-Encoding: chunked\r\n\r\n" if chunked
                                       else b"Content-Length: 157286400\r\n\r\n")) as sock:
            try:
                for _ in range(150):
                    sock.sendall(b"100000\r\n" + piece + b"\r\n" if chunked else piece)
                    sent += len(piece)
            except (BrokenPipeError, ConnectionResetError):
                pass

    bodies = [threading.Thread(target=send, args=(number % 2 == 0,)) for number in range(4)]
    for thread in bodies:
        thread.start()
    for thread in bodies:
        thread.join(60)
    grown = rss_mb(pid) - before
    print(f"4 bodies of 150 MB: {sent / 2**20:.0f} MB got into the socket, the server grew {grown:.1f} MB")
    assert grown < 20, f"the server grew {grown:.1f} MB"
    assert sent < 150 * 2**20, "a whole body was taken"


def largest_beetle_table(letter: str) -> dict[str, Any]:
    """The largest create request a person can mean: 8 hot seats with the longest names and a custom parts
    table of 24 parts with the longest names, each part requiring every one before it (the most
    ``requires`` a table without a cycle has), names written with ``letter``."""
    names = [f"{number:02d}" + letter * 30 for number in range(24)]
    parts = [{"name": name, "face": number % 6 + 1, "count": 20, "requires": names[:number]}
             for number, name in enumerate(names)]
    seats = [{"kind": "local", "name": f"{number}" + letter * 63} for number in range(8)]
    return {"game": "beetle", "options": {"variant": "custom", "parts": {"name": letter * 32, "parts": parts},
                                          "play_on": True}, "seats": seats, "move_seconds": 86400.0,
            "time_bank": 86400.0}


@ONE_SERVER
@pytest.mark.parametrize(("letter", "escaped"), [("🪲", False), ("ж", True)], ids=["utf8-4-bytes", "escaped"])
def test_the_largest_legitimate_body_fits_the_limit(small_server: Served, letter: str, escaped: bool) -> None:
    """As a browser sends it (UTF-8: 4-byte characters take 4), or as Python's ``json`` does by default
    (``\\uXXXX``: a Cyrillic letter takes 6)."""
    body = json.dumps(largest_beetle_table(letter), ensure_ascii=escaped).encode()
    assert len(body) < Limits().body_bytes, len(body)
    reply = httpx.post(f"{small_server.base}/api/tables", content=body, timeout=30,
                       headers={"Content-Type": "application/json"})
    assert reply.status_code == 201, reply.text[:500]
