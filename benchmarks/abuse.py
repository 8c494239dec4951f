"""The abuse a live server meets beside its people: what ``benchmarks/server_load.py --abuse`` runs.

Every kind comes from loopback addresses other than the people's (a client is its address, so it is
other clients, as it would be) and from a process of its own at a lower priority (a real abuser's CPU
is not the server machine's, and the probe's event loop must not wait on it). The kinds
(:data:`ABUSE_PARTS`), each of which may run alone:

- **floods**: :data:`FLOOD_SOCKETS` sockets each send :data:`FLOOD_MESSAGES` messages as fast as they
  can; the server answers "too many messages" and closes them with 1008; they reconnect and flood again;
- **expensive**: Beetle odds (an 8-player hot-seat table in its roll-off), Kubik throw motions
  (hot-seat tables with ``throws=physics`` whose players go on throwing, so new motions keep appearing)
  and replays of finished games, fired back to back by :data:`ATTACKERS` concurrent requests from each of
  :data:`ABUSE_ADDRESSES`, never waiting for ``Retry-After``;
- **bots**: :data:`BOT_TABLES` Cubulus tables of random bots, each replaced by a new one as soon as it is
  seen finished (a refusal by the ``bot_tables`` limit is counted);
- **slow-headers**: :data:`SLOW_CONNECTIONS` connections from one address that send half a request and
  then a byte every :data:`SLOW_BYTE_SECONDS` (half stop inside the headers, half inside a body), each
  reopened once the server closes it;
- **big-bodies**: :data:`BIG_BODIES` requests at a time whose ``Content-Length`` says
  :data:`BIG_BODY` bytes, sent as fast as the server takes them until it answers;
- **lobby**: :data:`ATTACKERS` requests in flight from each of :data:`LOBBY_ADDRESSES`, paging through
  the whole lobby (every table, 100 a page) over and over;
- **blunders**: the same from :data:`BLUNDER_ADDRESSES`, asking a finished game's blunders with a new
  threshold every time (a cache keyed by the raw number never hits);
- **toggles**: :data:`TOGGLE_SOCKETS` sockets of one seat switch "spectators may chat" on and off
  :data:`TOGGLES_PER_SECOND` times a second each, while :data:`TOGGLE_READERS` spectators read the chat;
- **tokens**: :data:`ATTACKERS` requests in flight from each of :data:`TOKEN_ADDRESSES`, each carrying
  :data:`TOKEN_COPIES` copies of one seat token in ``Authorization``.

Besides them, the control **burn** (:data:`CONTROLS`, never part of "all") asks the server nothing: the
abuse process only keeps one core busy at its priority. Here the abuse runs on the server's own two
cores, and an abuse's client work alone delays the probe; beside burn, the probe shows how much.

Every answer's status is counted (:func:`abuse_figures` makes the report's rows of them), and the
abuse process's own CPU time over the measurement.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import queue
import random
import resource
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import httpx
from live_client import Listed, create, hello, ws_url
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

BOT_TABLES = 60
"""All-bot tables the abuse keeps playing (the server's ``bot_tables`` limit is raised to this)."""
FLOOD_SOCKETS = 4
FLOOD_MESSAGES = 300
"""Messages each flooding socket sends at once (the server's burst is 40)."""
ABUSE_HOME = "127.0.0.12"
"""Where the abuse's own tables, sockets and all-bot tables come from: a client other than the people."""
ABUSE_ADDRESSES = tuple(f"127.0.0.{n}" for n in range(2, 12))
"""Where the expensive requests come from: ten clients, so together they exceed the overall queue."""
ATTACKERS = 3
"""Requests each abusing address keeps in flight."""
KUBIK_TABLES = 2
SETUP_THROWS = 3
"""Throws made at each Kubik table before the measurement, so that motions exist from the start."""
THROW_SECONDS = 1.5
"""How often the Kubik hot-seat players throw during the measurement (each throw: a new motion)."""
BOT_POLL_SECONDS = 2.0
"""How often the abuse looks at its all-bot tables to replace the finished ones."""
REPLAY_GAMES = 3
"""All-bot games played to the end before the measurement, so that there are replays to ask for."""
ROLL_SECONDS = 3.0
ROLLS = 6
"""The Beetle players roll every ``ROLL_SECONDS``, at most ``ROLLS`` times: 8 seats stay in the roll-off."""
SLOW_ADDRESS = "127.0.0.13"
SLOW_CONNECTIONS = 400
"""Unfinished requests kept open from one address (the audit's 1,100 took a 1,024-descriptor server down)."""
SLOW_BYTE_SECONDS = 5.0
"""How long a slow connection waits between two bytes."""
BODY_ADDRESS = "127.0.0.14"
BIG_BODIES = 4
BIG_BODY = 64 * 2**20
"""The size a big body's ``Content-Length`` claims (the audit sent 150 MB; this keeps an old server's memory
within what the benchmark machine has while still 1,000 times the API's limit)."""
TOGGLE_ADDRESS = "127.0.0.15"
TOGGLE_READERS_ADDRESS = "127.0.0.16"
TOGGLE_SOCKETS = 30
TOGGLES_PER_SECOND = 15.0
"""Each toggling socket's pace: under the socket's message rate, so only a limit on toggles stops it."""
TOGGLE_READERS = 50
LOBBY_ADDRESSES = tuple(f"127.0.0.{n}" for n in range(20, 30))
BLUNDER_ADDRESSES = tuple(f"127.0.0.{n}" for n in range(30, 38))
TOKEN_ADDRESSES = tuple(f"127.0.0.{n}" for n in range(40, 50))
TOKEN_COPIES = 32
ABUSE_PARTS = ("floods", "expensive", "bots", "slow-headers", "big-bodies", "lobby", "blunders", "toggles",
               "tokens")
"""The kinds of abuse, each of which ``--abuse`` may be limited to (``--abuse floods,bots``)."""
CONTROLS = ("burn",)
"""Parts that ask the server nothing: the abuse process's CPU alone (``--abuse burn``)."""
NEEDS_FINISHED = {"expensive", "blunders"}
"""The kinds that ask about finished games (the setup plays :data:`REPLAY_GAMES` all-bot games first)."""
ABUSE_NICENESS = 10
"""How much lower the abuse process's priority is (``nice``): it runs on the server's own cores here."""
READY_SECONDS = 300.0
"""How long the abuse may take to set itself up before the measurement starts."""
RESULT_SECONDS = 120.0
"""How long the abuse may take to end its requests after the measurement."""


class Abuser:
    """The abuse in a child process: set up, then ``seconds`` of it; its counts come back at the end."""

    def __init__(self, base: str, seconds: float, parts: Sequence[str]) -> None:
        context = multiprocessing.get_context("spawn")
        self._ready = context.Event()
        self._results: multiprocessing.Queue[dict[str, int]] = context.Queue()
        self._process = context.Process(target=abuse_process, daemon=True,
                                        args=(base, seconds, tuple(parts), self._ready, self._results))
        self._process.start()

    async def ready(self) -> None:
        """Wait until the abuse has its tables and has begun.

        Raises:
            RuntimeError: when it failed or took longer than :data:`READY_SECONDS`.
        """
        loop = asyncio.get_running_loop()
        deadline = time.monotonic() + READY_SECONDS
        while not await loop.run_in_executor(None, self._ready.wait, 1.0):
            if not self._process.is_alive() or time.monotonic() > deadline:
                self._process.kill()
                raise RuntimeError("the abuse process did not get ready (see its traceback above)")

    async def result(self) -> dict[str, int]:
        """Its counts, once it has finished."""
        loop = asyncio.get_running_loop()
        deadline = time.monotonic() + RESULT_SECONDS
        try:
            while True:  # a process that died (its traceback above) is noticed at once, not after the wait
                alive = self._process.is_alive() and time.monotonic() < deadline
                try:  # once it is gone, one last look: its counts may have been put just before it ended
                    counts: dict[str, int] = await loop.run_in_executor(None, self._results.get, True, 1.0)
                    break
                except queue.Empty:
                    if not alive:
                        raise RuntimeError("the abuse process gave no counts (see its traceback above)") from None
        finally:
            await loop.run_in_executor(None, self._process.join, 10.0)
            if self._process.is_alive():
                self._process.kill()
        return counts


def abuse_process(base: str, seconds: float, parts: tuple[str, ...], ready: Any, results: Any) -> None:
    """The child process's body: :func:`abuse` on its own event loop, at a lower priority — a real
    abuser's machine is not the server's, so its CPU should not be taken from the server here."""
    os.nice(ABUSE_NICENESS)
    _, most = resource.getrlimit(resource.RLIMIT_NOFILE)  # the slow requests alone hold 400 sockets
    resource.setrlimit(resource.RLIMIT_NOFILE, (most, most))
    results.put(asyncio.run(abuse(base, seconds, parts, ready)))


@dataclass
class Targets:
    """What the abuse asks about; the lists grow while it runs."""

    own: tuple[str, str]  #: (table, token) of a seat the abuse holds at a table of its own
    beetle: list[str] = field(default_factory=list)  #: 8-player Beetle tables in their roll-off (odds)
    motions: list[tuple[str, int]] = field(default_factory=list)  #: (table, move) of throws re-run so far
    finished: list[tuple[str, int]] = field(default_factory=list)  #: (table, moves) of finished games


async def abuse(base: str, seconds: float, parts: Sequence[str], ready: Any) -> dict[str, int]:
    """Set up the tables the abuse needs, signal ``ready``, abuse for ``seconds`` (the ``parts`` of
    :data:`ABUSE_PARTS` asked for); the counts."""
    tally: Counter[str] = Counter()
    transport = httpx.AsyncHTTPTransport(local_address=ABUSE_HOME, limits=httpx.Limits(max_connections=100))
    async with httpx.AsyncClient(transport=transport, timeout=60) as client:
        own = await create(client, base, {"game": "cubulus", "seats": [{"kind": "human"},
                                                                       {"kind": "bot", "bot": "random"}]})
        targets = Targets(own=(own["table"]["id"], own["tokens"]["0"]))
        beetle: list[dict[str, Any]] = []
        kubik: list[dict[str, Any]] = []
        if "expensive" in parts:
            beetle = [await create(client, base, {"game": "beetle", "options": {"players": 8},
                                                  "seats": [{"kind": "local"}] * 8})]
            kubik = [await create(client, base, {"game": "kubik", "options": {"throws": "physics"},
                                                 "seats": [{"kind": "local"}] * 2}) for _ in range(KUBIK_TABLES)]
            targets.beetle = [data["table"]["id"] for data in beetle]
            await asyncio.gather(*(hot_seat(base, data, time.monotonic() + READY_SECONDS, 0.0, SETUP_THROWS,
                                            targets, Counter()) for data in kubik))
        bots = BotTables(client, base, targets, tally, REPLAY_GAMES if NEEDS_FINISHED & set(parts) else 0)
        await bots.fill()
        while bots.count and not targets.finished:  # a finished game to replay
            await bots.refill()
            await asyncio.sleep(0.2)
        ready.set()
        until = time.monotonic() + seconds + 1.0  # outlasts the probe's measurement
        used = time.process_time()
        work = []
        if "burn" in parts:
            work.append(burn(until))
        if "floods" in parts:
            work += [flood(base, targets.own[0], until, tally) for _ in range(FLOOD_SOCKETS)]
        if "expensive" in parts:
            work += [attack(base, address, targets, until, tally) for address in ABUSE_ADDRESSES]
            work += [hot_seat(base, data, until, ROLL_SECONDS, ROLLS, targets, tally) for data in beetle]
            work += [hot_seat(base, data, until, THROW_SECONDS, 1_000, targets, tally) for data in kubik]
        if "bots" in parts:
            bots.count = BOT_TABLES
            work.append(bots.keep(until))
        if "slow-headers" in parts:
            work.append(slow_requests(base, until, tally))
        if "big-bodies" in parts:
            work += [big_body(base, until, tally) for _ in range(BIG_BODIES)]
        if "lobby" in parts:
            work += [lobby_pages(base, address, until, tally) for address in LOBBY_ADDRESSES]
        if "blunders" in parts:
            work += [blunder_asks(base, address, targets, until, tally) for address in BLUNDER_ADDRESSES]
        if "toggles" in parts:
            work.append(toggles(base, targets.own, until, tally))
        if "tokens" in parts:
            work += [many_tokens(base, address, targets.own, until, tally) for address in TOKEN_ADDRESSES]
        await asyncio.gather(*work)
        tally["cpu ms"] = round((time.process_time() - used) * 1e3)
    return dict(tally)


async def burn(until: float) -> None:
    """Keep this process's core busy until ``until``, asking the server nothing (the control ``burn``)."""
    while time.monotonic() < until:
        sum(range(10_000))
        await asyncio.sleep(0)


async def hot_seat(base: str, created: dict[str, Any], until: float, every: float, most: int, targets: Targets,
                   tally: Counter[str]) -> None:
    """Play every seat of a hot-seat table: an action every ``every`` seconds, ``most`` of them at most;
    each Kubik throw's outcome (a re-run-able simulation) is added to ``targets.motions``. A socket the
    server refuses or closes (a handshake it timed out on a loaded machine, say) is counted and opened
    again, as a client would."""
    player = HotSeat(created["table"]["id"], list(created["tokens"].values()), most)
    while time.monotonic() < until and player.acted < most:
        try:
            await player.play(base, until, every, targets, tally)
            return
        except InvalidStatus as refused:
            tally[f"hot-seat sockets refused ({refused.response.status_code})"] += 1
        except (OSError, ConnectionClosed, TimeoutError) as error:
            tally[f"hot-seat connection failed ({type(error).__name__})"] += 1
        await asyncio.sleep(0.2)


@dataclass
class HotSeat:
    """The player of every seat of a hot-seat table, across the sockets it opens."""

    table: str
    tokens: list[str]
    most: int  #: the actions it makes at most
    acted: int = 0
    found: set[int] = field(default_factory=set)  #: the moves whose throws are in ``targets.motions``

    async def play(self, base: str, until: float, every: float, targets: Targets, tally: Counter[str]) -> None:
        """One socket: play until ``until`` or :attr:`most` actions (a fresh hello brings the whole log)."""
        rng = random.Random(f"{self.table} {self.acted}")
        held: list[dict[str, Any]] = []  # the log as a client keeps it: each update brings what it had not had
        listed = Listed()  # and the legal actions (null: those last listed)
        async with connect(ws_url(base, self.table), max_size=None, local_addr=(ABUSE_HOME, 0)) as ws:
            await ws.send(hello(*self.tokens))
            while time.monotonic() < until:
                try:
                    message = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, until - time.monotonic())))
                except TimeoutError:
                    return
                if message.get("type") != "state":
                    continue
                held = held[:message.get("log_from", 0)] + message["log"]  # an old server: the whole log, no log_from
                legal = listed.legal(message)
                if message["status"] != "playing":
                    continue
                for move, line in enumerate(held):
                    if move not in self.found and " noise " in line["action"]:
                        targets.motions.append((self.table, move))
                        self.found.add(move)
                if legal:
                    if self.acted >= self.most:  # the last action's outcome is in: done
                        return
                    await asyncio.sleep(every)
                    await ws.send(json.dumps({"type": "act", "action": legal[rng.randrange(len(legal))],
                                              "move": message["move"]}))
                    self.acted += 1
                    tally["hot-seat actions"] += 1


async def flood(base: str, table: str, until: float, tally: Counter[str]) -> None:
    """A socket that sends :data:`FLOOD_MESSAGES` pings at once, is cut off, and comes back; until ``until``."""
    ping = json.dumps({"type": "ping"})
    while time.monotonic() < until:
        try:
            async with connect(ws_url(base, table), max_size=None, local_addr=(ABUSE_HOME, 0)) as ws:
                await ws.send(hello())
                await ws.recv()  # the spectators' update: the socket is live
                tally["flood sockets"] += 1
                with contextlib.suppress(ConnectionClosed):
                    for _ in range(FLOOD_MESSAGES):
                        await ws.send(ping)
                        tally["flood messages sent"] += 1
                await cut_off(ws, tally)
        except InvalidStatus as refused:  # the flooder's cooldown: refused before the handshake
            tally[f"flood sockets refused before the handshake ({refused.response.status_code})"] += 1
            await asyncio.sleep(0.1)
        except (OSError, ConnectionClosed) as error:
            tally[f"flood connection failed ({type(error).__name__})"] += 1
            await asyncio.sleep(0.1)


async def cut_off(ws: ClientConnection, tally: Counter[str]) -> None:
    """Read a flooding socket to its end: count the "too many messages" errors and the close codes."""
    try:
        async with asyncio.timeout(10):
            async for raw in ws:
                message = json.loads(raw)
                if message.get("type") == "error" and message.get("code") == "flooded":
                    tally["flood 'too many messages' errors"] += 1
    except (ConnectionClosed, TimeoutError):
        pass
    code = ws.close_code
    tally[f"flood sockets closed {code}" if code is not None else "flood sockets not closed"] += 1
    await ws.close()


async def attack(base: str, address: str, targets: Targets, until: float, tally: Counter[str]) -> None:
    """:data:`ATTACKERS` requests in flight from ``address``: odds, motions and replays, back to back."""
    transport = httpx.AsyncHTTPTransport(local_address=address, limits=httpx.Limits(max_connections=ATTACKERS))
    async with httpx.AsyncClient(transport=transport, timeout=60) as client:
        rng = random.Random(address)

        async def one_after_another() -> None:
            while time.monotonic() < until:
                kind = rng.choice(("odds", "motion", "replay") if targets.motions else ("odds", "replay"))
                if kind == "odds":
                    path = f"/api/tables/{rng.choice(targets.beetle)}/odds"
                elif kind == "motion":
                    table, move = rng.choice(targets.motions)
                    path = f"/api/tables/{table}/motion/{move}"
                else:
                    table, moves = rng.choice(targets.finished)
                    path = f"/api/tables/{table}/replay/{rng.randint(0, moves)}"
                try:
                    response = await client.get(base + path)
                except httpx.HTTPError as error:
                    tally[f"{kind} failed ({type(error).__name__})"] += 1
                    continue
                tally[f"{kind} {response.status_code}"] += 1
                if response.status_code in (429, 503) and "retry-after" not in response.headers:
                    tally[f"{kind} {response.status_code} without Retry-After"] += 1

        await asyncio.gather(*(one_after_another() for _ in range(ATTACKERS)))


class BotTables:
    """``count`` all-bot Cubulus tables, each replaced when it is seen finished (finished games are replayed)."""

    def __init__(self, client: httpx.AsyncClient, base: str, targets: Targets, tally: Counter[str],
                 count: int) -> None:
        self.client, self.base, self.targets, self.tally = client, base, targets, tally
        self.count = count
        self.playing: set[str] = set()

    async def fill(self) -> None:
        """Create tables until ``count`` play (or the server refuses one)."""
        while len(self.playing) < self.count:
            response = await self.client.post(f"{self.base}/api/tables", json={
                "game": "cubulus", "seats": [{"kind": "bot", "bot": "random"}] * 2})
            if response.status_code != 201:
                self.tally[f"bot tables refused {response.status_code}"] += 1
                return
            self.tally["bot tables created"] += 1
            self.playing.add(response.json()["table"]["id"])

    async def refill(self) -> None:
        """Look at every table once; replace the finished ones."""
        infos = await asyncio.gather(*(self.client.get(f"{self.base}/api/tables/{table}") for table in self.playing))
        for response in infos:
            if response.status_code != 200:  # the abuser's own requests run into requests_per_second
                self.tally[f"bot table looks refused {response.status_code}"] += 1
                continue
            info = response.json()
            if info["status"] not in ("open", "playing"):
                self.playing.discard(info["id"])
                self.tally[f"bot games {info['status']}"] += 1
                self.targets.finished.append((info["id"], info["moves"]))
        await self.fill()

    async def keep(self, until: float) -> None:
        """Refill every :data:`BOT_POLL_SECONDS` until ``until``; a request that fails is counted."""
        while time.monotonic() < until:
            await asyncio.sleep(BOT_POLL_SECONDS)
            try:
                await self.refill()
            except httpx.HTTPError as error:
                self.tally[f"bot table looks failed ({type(error).__name__})"] += 1


# ---------------------------------------------------------------------- attacks below HTTP's surface


def _address(base: str) -> tuple[str, int]:
    parts = urlsplit(base)
    return parts.hostname or "127.0.0.1", parts.port or 80


async def _dial(host: str, port: int, source: str, kind: str,
                tally: Counter[str]) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
    """A raw connection to the server from address ``source``; None (counted, after a second's pause) when refused."""
    try:
        return await asyncio.open_connection(host, port, local_addr=(source, 0))
    except OSError as error:
        tally[f"{kind}: connections failed ({type(error).__name__})"] += 1
        await asyncio.sleep(1.0)
        return None


def _status(answer: bytes) -> str:
    """The status code of a raw HTTP answer's first line ("none" when the server closed without one)."""
    words = answer.split(b" ", 2)
    return words[1].decode() if len(words) > 1 and answer.startswith(b"HTTP/") else "none"


async def slow_requests(base: str, until: float, tally: Counter[str]) -> None:
    """:data:`SLOW_CONNECTIONS` unfinished requests from :data:`SLOW_ADDRESS`, a byte every
    :data:`SLOW_BYTE_SECONDS`; each reopened a second after the server closes or answers it. Counts
    how each ended and how long the server let the longest-lived stay open."""
    host, port = _address(base)
    lived: list[float] = []

    async def one(index: int) -> None:
        in_body = index % 2 == 1
        head = (f"POST /api/tables HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
                "Content-Length: 60000\r\n\r\n{" if in_body else f"GET /api/games HTTP/1.1\r\nHost: {host}\r\nX-")
        kind = "slow bodies" if in_body else "slow headers"
        while time.monotonic() < until:
            if (dialled := await _dial(host, port, SLOW_ADDRESS, kind, tally)) is None:
                continue
            reader, writer = dialled
            tally[f"{kind}: connections opened"] += 1
            opened = time.monotonic()
            try:
                writer.write(head.encode())
                while time.monotonic() < until:
                    try:
                        answer = await asyncio.wait_for(reader.read(4096), SLOW_BYTE_SECONDS)
                    except TimeoutError:
                        writer.write(b" " if in_body else b"a")
                        await writer.drain()
                        continue
                    tally[f"{kind}: answered {_status(answer)}" if answer else f"{kind}: closed by the server"] += 1
                    lived.append(time.monotonic() - opened)
                    break
                else:
                    tally[f"{kind}: still open at the end"] += 1
            except OSError:
                tally[f"{kind}: reset by the server"] += 1
                lived.append(time.monotonic() - opened)
            finally:
                writer.close()
            await asyncio.sleep(1.0)

    await asyncio.gather(*(one(index) for index in range(SLOW_CONNECTIONS)))
    if lived:
        tally["slow requests: seconds open, median"] = round(statistics.median(lived))
        tally["slow requests: seconds open, longest"] = round(max(lived))


async def big_body(base: str, until: float, tally: Counter[str]) -> None:
    """Table creations whose ``Content-Length`` claims :data:`BIG_BODY` bytes, sent as fast as the
    server reads them until it answers; counts the answers and the MiB sent before each."""
    host, port = _address(base)
    chunk = b" " * 2**16
    while time.monotonic() < until:
        if (dialled := await _dial(host, port, BODY_ADDRESS, "big bodies", tally)) is None:
            continue
        reader, writer = dialled
        writer.write(f"POST /api/tables HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
                     f"Content-Length: {BIG_BODY}\r\n\r\n".encode())
        answer = asyncio.ensure_future(reader.read(4096))
        sent = 0
        try:
            while sent < BIG_BODY and not answer.done() and time.monotonic() < until:
                writer.write(chunk)
                await writer.drain()
                sent += len(chunk)
        except OSError:
            pass  # the server stopped reading and closed: its answer is in already
        try:
            status = _status(await asyncio.wait_for(answer, 30))
        except (OSError, TimeoutError):
            status = "none"
        writer.close()
        tally[f"big bodies: answered {status}"] += 1
        tally["big bodies: MiB sent before the answers"] += sent // 2**20


# ---------------------------------------------------------------------- attacks on priced answers


def _client(address: str) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=address, limits=httpx.Limits(max_connections=ATTACKERS))
    return httpx.AsyncClient(transport=transport, timeout=60)


async def _asking(kind: str, client: httpx.AsyncClient, until: float, tally: Counter[str], ask: Any) -> None:
    """:data:`ATTACKERS` loops of ``ask()`` (a request) back to back until ``until``, answers counted by status."""

    async def one_after_another() -> None:
        while time.monotonic() < until:
            try:
                response = await ask()
            except httpx.HTTPError as error:
                tally[f"{kind} failed ({type(error).__name__})"] += 1
                continue
            tally[f"{kind} {response.status_code}"] += 1

    await asyncio.gather(*(one_after_another() for _ in range(ATTACKERS)))


async def lobby_pages(base: str, address: str, until: float, tally: Counter[str]) -> None:
    """Every table of the lobby, 100 a page, over and over, from ``address``."""
    async with _client(address) as client:
        cursor: list[str | None] = [None]

        async def page() -> httpx.Response:
            params = {"activity": "all", "limit": "100", **({"cursor": cursor[0]} if cursor[0] else {})}
            response = await client.get(f"{base}/api/tables", params=params)
            cursor[0] = response.json().get("next") if response.status_code == 200 else None
            return response

        await _asking("lobby", client, until, tally, page)


async def blunder_asks(base: str, address: str, targets: Targets, until: float, tally: Counter[str]) -> None:
    """A finished game's blunders with a new threshold every time, from ``address``."""
    rng = random.Random(address)
    async with _client(address) as client:
        def ask() -> Any:
            table, _ = rng.choice(targets.finished)
            return client.get(f"{base}/api/tables/{table}/blunders",
                              params={"seat": rng.randrange(2), "threshold": f"{rng.uniform(0, 5):.9f}"})

        await _asking("blunders", client, until, tally, ask)


async def many_tokens(base: str, address: str, own: tuple[str, str], until: float, tally: Counter[str]) -> None:
    """A seat's update asked with :data:`TOKEN_COPIES` copies of its token in one header, from ``address``."""
    table, token = own
    header = {"Authorization": "Bearer " + ", ".join([token] * TOKEN_COPIES)}
    async with _client(address) as client:
        await _asking("tokens", client, until, tally,
                      lambda: client.get(f"{base}/api/tables/{table}/state", headers=header))


async def toggles(base: str, own: tuple[str, str], until: float, tally: Counter[str]) -> None:
    """:data:`TOGGLE_SOCKETS` sockets of one seat switch "spectators may chat" on and off while
    :data:`TOGGLE_READERS` spectators read the chat; counts the refusals and what the readers got."""
    table, token = own

    async def reader() -> None:
        with contextlib.suppress(OSError, ConnectionClosed, InvalidStatus, TimeoutError):
            async with connect(ws_url(base, table), max_size=None, local_addr=(TOGGLE_READERS_ADDRESS, 0)) as ws:
                await ws.send(hello(chat=True))
                async with asyncio.timeout(max(0.01, until - time.monotonic())):
                    async for raw in ws:
                        if json.loads(raw).get("type") == "chat_policy":
                            tally["toggles: chat_policy messages the readers got"] += 1

    async def toggler(index: int) -> None:
        while time.monotonic() < until:
            try:
                async with connect(ws_url(base, table), max_size=None, local_addr=(TOGGLE_ADDRESS, 0)) as ws:
                    await ws.send(hello(token))

                    async def read() -> None:
                        async for raw in ws:
                            message = json.loads(raw)
                            if message.get("type") == "error":
                                tally[f"toggles: refused ({message.get('code')})"] += 1

                    listening = asyncio.ensure_future(read())
                    allowed = index % 2 == 0
                    try:
                        while time.monotonic() < until and not listening.done():
                            await ws.send(json.dumps({"type": "spectator_chat", "allowed": allowed}))
                            tally["toggles: sent"] += 1
                            allowed = not allowed
                            await asyncio.sleep(1 / TOGGLES_PER_SECOND)
                    finally:
                        listening.cancel()
                    if ws.close_code is not None:
                        tally[f"toggles: sockets closed {ws.close_code}"] += 1
            except (OSError, ConnectionClosed, InvalidStatus) as error:
                tally[f"toggles: sockets failed ({type(error).__name__})"] += 1
                await asyncio.sleep(1.0)

    await asyncio.gather(*(reader() for _ in range(TOGGLE_READERS)),
                         *(toggler(index) for index in range(TOGGLE_SOCKETS)))


# ---------------------------------------------------------------------- report


def abuse_figures(counts: dict[str, int], seconds: float, parts: Sequence[str]) -> list[tuple[str, str]]:
    """The abuse's counts as rows: answers to expensive requests by kind and status, floods, bot tables,
    and each newer kind's counts."""
    lines = []
    if "cpu ms" in counts:
        lines.append((f"abuse ({', '.join(parts)}): the abuse process's CPU, share of one core",
                      f"{counts['cpu ms'] / 1e3 / seconds:.0%}"))
    for kind in ("odds", "motion", "replay") if "expensive" in parts else ():
        mine = {what.split(" ", 1)[1]: n for what, n in counts.items() if what.split(" ", 1)[0] == kind}
        total = sum(n for what, n in mine.items() if what.isdigit())
        statuses = ", ".join(f"{n} × {what}" for what, n in sorted(mine.items()))
        lines.append((f"abuse: {kind} requests answered (per second), by status",
                      f"{total} ({total / seconds:.0f}/s): {statuses}"))
    if "floods" in parts:
        floods = {what.removeprefix("flood "): n for what, n in counts.items() if what.startswith("flood ")}
        lines.append(("abuse: flooding sockets",
                      ", ".join(f"{what} {n}" for what, n in sorted(floods.items())) or "0 sockets opened"))
    if "bots" in parts:
        bots = {what.removeprefix("bot "): n for what, n in counts.items() if what.startswith("bot ")}
        lines.append((f"abuse: all-bot tables (≤ {BOT_TABLES} at once)",
                      ", ".join(f"{what} {n}" for what, n in sorted(bots.items())) or "0 tables created"))
    for part, prefixes in (("slow-headers", ("slow ",)), ("big-bodies", ("big bodies",)), ("lobby", ("lobby ",)),
                           ("blunders", ("blunders ",)), ("toggles", ("toggles",)), ("tokens", ("tokens ",))):
        if part in parts:
            seen = sorted((what, n) for what, n in counts.items() if what.startswith(prefixes))
            lines.append((f"abuse: {part}", ", ".join(f"{what} {n}" for what, n in seen)
                          or "0 counted: none began or ended within the run"))
    return lines
