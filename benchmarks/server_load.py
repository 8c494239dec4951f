"""Load on the live server: many concurrent tables, each a person (this script) against a bot — alone,
and beside abusive traffic.

Starts ``tabletop serve`` on a fresh SQLite file in its own process, opens ``--tables`` tables
(Cubulus, the person against the ``--bot`` bot; a finished game is followed by a new table),
connects one WebSocket per table (the seat token in the hello, never in the URL) and plays every
table at once: whenever it is the person's turn it sends a legal action and times the round trip —
from sending the action to receiving the update that carries it (validated, logged to the
database, applied and broadcast). Reports p50 / p95 / p99 of the round trip: the *probe*. Goal
(server issue, part 9): 200 tables at p99 < 50 ms on a 2-core machine, with and without abuse.

    python benchmarks/server_load.py [--tables 200] [--seconds 20] [--bot random] [--think 1.0] [--abuse]

A person thinks ``--think`` seconds on average before each move (0 makes it a stress test: every
table answers at once, so the figures are the server's saturation).

Every person here comes from 127.0.0.1, so the server sees the 200 people as one client and would
refuse most of them by its per-client limits. The server is therefore started with those limits
raised for the human-like load (:data:`PEOPLE_LIMITS`: open tables, creations a minute and sockets
per client), and ``bot_tables`` raised to the :data:`BOT_TABLES` the abuse keeps going; every other
limit keeps its default, and the abuse is what runs into them. ``requests_per_second`` is one of
those: the people make few HTTP requests between them (a new table after each game, some 20 a
second), and one refused by it waits its ``Retry-After`` as any client should (counted in the
report); raising it would switch it off for the abuse too. The abuse comes from other loopback
addresses (:data:`ABUSE_HOME`, :data:`ABUSE_ADDRESSES`), so it is other clients, as it would be.

``--abuse`` (and :func:`rows`, for ``make bench``, which measures without and then with it) adds,
for the whole measurement, from a process of its own at a lower priority (a real abuser's CPU is
not the server machine's, and the probe's event loop must not wait on it):

- **socket floods**: :data:`FLOOD_SOCKETS` sockets each send :data:`FLOOD_MESSAGES` messages as fast
  as they can; the server answers "too many messages" and closes them with 1008; they reconnect
  and flood again;
- **expensive requests**: Beetle odds (an 8-player hot-seat table in its roll-off), Kubik throw
  motions (hot-seat tables with ``throws=physics`` whose players go on throwing, so new motions keep
  appearing) and replays of finished games, fired back to back by :data:`ATTACKERS` concurrent
  requests from each of :data:`ABUSE_ADDRESSES` loopback addresses (127.0.0.2, …: a client is its
  address, so its request rate and its cap on expensive jobs give 429, the overall queue 503), never
  waiting for ``Retry-After``; every answer's status is counted;
- **all-bot tables**: :data:`BOT_TABLES` Cubulus tables of random bots, each replaced by a new one as
  soon as it is seen finished (a refusal by the ``bot_tables`` limit is counted).

``--abuse floods,bots`` (any of :data:`ABUSE_PARTS`) runs only those parts, to see which one costs
the probe its latency.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import queue
import random
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import numpy as np
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from tabletop.server.process import serving

PEOPLE_LIMITS = ("open_tables_per_client=100000", "creations_per_minute=100000", "sockets_per_client=100000",
                 "sockets_per_minute=100000")
"""Per-client limits raised so that the simulated people, all from 127.0.0.1, are not one refused client."""
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
"""Expensive requests each abusing address keeps in flight."""
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
ABUSE_PARTS = ("floods", "expensive", "bots")
"""The kinds of abuse, each of which ``--abuse`` may be limited to (``--abuse floods,bots``)."""
ABUSE_NICENESS = 10
"""How much lower the abuse process's priority is (``nice``): it runs on the server's own cores here."""
READY_SECONDS = 300.0
"""How long the abuse may take to set itself up before the measurement starts."""


def server_args() -> list[str]:
    """``tabletop serve`` arguments: the per-client limits raised for the people, bot tables for the abuse."""
    return [word for setting in (*PEOPLE_LIMITS, f"bot_tables={BOT_TABLES}") for word in ("--limit", setting)]


def ws_url(base: str, table: str) -> str:
    return f"{base.replace('http', 'ws', 1)}/ws/tables/{table}"


def hello(*tokens: str) -> str:
    """A socket's first message: the seat tokens it holds (none: watch)."""
    return json.dumps({"type": "hello", "tokens": list(tokens)})


async def create(client: httpx.AsyncClient, base: str, body: dict[str, Any],
                 waits: Counter[str] | None = None) -> dict[str, Any]:
    """A new table; a refusal by a rate limit (429) is waited out as its ``Retry-After`` says (and
    counted in ``waits``).

    Raises:
        httpx.HTTPStatusError: for any other refusal.
    """
    while True:
        response = await client.post(f"{base}/api/tables", json=body)
        if response.status_code != 429:
            break
        if waits is not None:
            waits["creations waited out (429)"] += 1
        await asyncio.sleep(float(response.headers.get("retry-after", "1")))
    response.raise_for_status()
    data: dict[str, Any] = response.json()
    return data


# ---------------------------------------------------------------------- the people (the probe)


async def new_table(client: httpx.AsyncClient, base: str, bot: str, seed: int,
                    waits: Counter[str]) -> tuple[str, str]:
    """A Cubulus table: this script in seat 1 (its creator), the bot in seat 2 — a practice table,
    so a seed may be chosen."""
    data = await create(client, base, {
        "game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot", "bot": bot}], "seed": seed}, waits)
    return data["table"]["id"], data["tokens"]["0"]


async def play_table(base: str, table: str, token: str, until: float, times: list[float], rng: random.Random,
                     think: float) -> None:
    """Play one table's human seat until the game ends or ``until``."""
    async with connect(ws_url(base, table)) as ws:
        await ws.send(hello(token))
        pending: tuple[int, float] | None = None
        while time.monotonic() < until:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.01, until - time.monotonic())))
            except TimeoutError:
                break
            if message.get("type") != "state":
                continue
            if pending is not None and message["move"] > pending[0]:
                times.append(time.perf_counter() - pending[1])
                pending = None
            if message["status"] == "over":
                return
            if message["legal"] and pending is None:
                if think:  # a person looks at the board first (uniformly 0.5–1.5 × think seconds)
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    if time.monotonic() >= until:
                        break
                action = message["legal"][rng.randrange(len(message["legal"]))]
                pending = (message["move"], time.perf_counter())
                await ws.send(json.dumps({"type": "act", "action": action, "move": message["move"]}))


async def seat(base: str, client: httpx.AsyncClient, first: tuple[str, str], bot: str, until: float,
               times: list[float], number: int, think: float, waits: Counter[str]) -> int:
    """One live table at all times: when a game ends, the next one starts. Returns games played."""
    rng = random.Random(number)
    table, token = first
    games = 0
    while time.monotonic() < until:
        await play_table(base, table, token, until, times, rng, think)
        games += 1
        if time.monotonic() < until:
            table, token = await new_table(client, base, bot, number * 10_000 + games, waits)
    return games


@dataclass
class Measured:
    """One load test: the probe's round trips, games played and (with abuse) what the abuse saw."""

    seconds: float
    times: list[float]
    games: int
    waits: dict[str, int] = field(default_factory=dict)  #: the people's requests refused by a rate limit
    abuse: dict[str, int] | None = None
    parts: Sequence[str] = ()


async def run(base: str, tables: int, seconds: float, bot: str, think: float,
              abuse: Sequence[str]) -> Measured:
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(timeout=60, limits=limits) as client:
        waits: Counter[str] = Counter()
        first = [await new_table(client, base, bot, i, waits) for i in range(tables)]
        abuser = Abuser(base, seconds, abuse) if abuse else None
        if abuser is not None:
            await abuser.ready()
        times: list[float] = []
        waits.clear()  # only those of the measurement
        until = time.monotonic() + seconds
        games = await asyncio.gather(*(seat(base, client, first[i], bot, until, times, i, think, waits)
                                       for i in range(tables)))
        counts = await abuser.result() if abuser is not None else None
    return Measured(seconds, times, sum(games), dict(waits), counts, abuse)


# ---------------------------------------------------------------------- the abuse


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
        try:
            counts: dict[str, int] = await loop.run_in_executor(None, self._results.get, True, 120.0)
        except queue.Empty:
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
    results.put(asyncio.run(abuse(base, seconds, parts, ready)))


@dataclass
class Targets:
    """What the expensive requests ask about; the lists grow while the abuse runs."""

    beetle: list[str]
    motions: list[tuple[str, int]] = field(default_factory=list)  #: (table, move) of throws re-run so far
    finished: list[tuple[str, int]] = field(default_factory=list)  #: (table, moves) of finished games


async def abuse(base: str, seconds: float, parts: Sequence[str], ready: Any) -> dict[str, int]:
    """Set up the tables the abuse needs, signal ``ready``, abuse for ``seconds`` (the ``parts`` of
    :data:`ABUSE_PARTS` asked for); the counts."""
    tally: Counter[str] = Counter()
    transport = httpx.AsyncHTTPTransport(local_address=ABUSE_HOME, limits=httpx.Limits(max_connections=100))
    async with httpx.AsyncClient(transport=transport, timeout=60) as client:
        beetle = [await create(client, base, {"game": "beetle", "options": {"players": 8},
                                              "seats": [{"kind": "local"}] * 8})]
        kubik = [await create(client, base, {"game": "kubik", "options": {"throws": "physics"},
                                             "seats": [{"kind": "local"}] * 2}) for _ in range(KUBIK_TABLES)]
        targets = Targets([data["table"]["id"] for data in beetle])
        bots = BotTables(client, base, targets, tally, REPLAY_GAMES)
        await bots.fill()
        setup = [hot_seat(base, data, time.monotonic() + READY_SECONDS, 0.0, SETUP_THROWS, targets, Counter())
                 for data in kubik]
        await asyncio.gather(*setup)
        while not targets.finished:  # a finished game to replay
            await bots.refill()
            await asyncio.sleep(0.2)
        ready.set()
        until = time.monotonic() + seconds + 1.0  # outlasts the probe's measurement
        work = []
        if "floods" in parts:
            work += [flood(base, targets.beetle[0], until, tally) for _ in range(FLOOD_SOCKETS)]
        if "expensive" in parts:
            work += [attack(base, address, targets, until, tally) for address in ABUSE_ADDRESSES]
            work += [hot_seat(base, data, until, ROLL_SECONDS, ROLLS, targets, tally) for data in beetle]
            work += [hot_seat(base, data, until, THROW_SECONDS, 1_000, targets, tally) for data in kubik]
        if "bots" in parts:
            bots.count = BOT_TABLES
            work.append(bots.keep(until))
        await asyncio.gather(*work)
    return dict(tally)


async def hot_seat(base: str, created: dict[str, Any], until: float, every: float, most: int, targets: Targets,
                   tally: Counter[str]) -> None:
    """Play every seat of a hot-seat table: an action every ``every`` seconds, ``most`` of them at most;
    each Kubik throw's outcome (a re-run-able simulation) is added to ``targets.motions``."""
    table, tokens = created["table"]["id"], list(created["tokens"].values())
    rng = random.Random(table)
    known = 0
    async with connect(ws_url(base, table), max_size=None, local_addr=(ABUSE_HOME, 0)) as ws:
        await ws.send(hello(*tokens))
        acted = 0
        while time.monotonic() < until:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, until - time.monotonic())))
            except TimeoutError:
                return
            if message.get("type") != "state" or message["status"] != "playing":
                continue
            for move, line in enumerate(message["log"][known:], start=known):
                if " noise " in line["action"]:
                    targets.motions.append((table, move))
            known = len(message["log"])
            if message["legal"]:
                if acted >= most:  # the last action's outcome is in: done
                    return
                await asyncio.sleep(every)
                legal = message["legal"]
                await ws.send(json.dumps({"type": "act", "action": legal[rng.randrange(len(legal))],
                                          "move": message["move"]}))
                acted += 1
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
        while time.monotonic() < until:
            await asyncio.sleep(BOT_POLL_SECONDS)
            await self.refill()


# ---------------------------------------------------------------------- report


def measure(tables: int, seconds: float, bot: str, think: float, abuse: Sequence[str] = (),
            limits: Sequence[str] = ()) -> Measured:
    """One load test on a fresh server (``limits``: more ``--limit`` settings, to compare one against another)."""
    extra = [word for setting in limits for word in ("--limit", setting)]
    with tempfile.TemporaryDirectory() as folder, \
            serving(f"sqlite:///{Path(folder) / 'load.db'}", args=[*server_args(), *extra]) as (base, _):
        return asyncio.run(run(base, tables, seconds, bot, think, abuse))


def figures(measured: Measured, tables: int, bot: str, think: float) -> list[tuple[str, str]]:
    """(what, figure) rows of one load test."""
    times = measured.times
    ms = np.array(times) * 1e3 if times else np.zeros(1)
    p50, p95, p99 = np.percentile(ms, [50, 95, 99])
    where = "with abuse" if measured.abuse is not None else "no abuse"
    if measured.abuse is not None and set(measured.parts) != set(ABUSE_PARTS):
        where += f" ({', '.join(measured.parts)})"
    lines = [
        (f"{where}: live tables ({bot} bots, think {think:g} s), seconds, games",
         f"{tables}, {measured.seconds:.0f}, {measured.games}"),
        (f"{where}: actions round-tripped (per second)", f"{len(times)} ({len(times) / measured.seconds:.0f}/s)"),
        (f"{where}: round trip p50 / p95 / p99 ms", f"{p50:.1f} / {p95:.1f} / {p99:.1f}"),
    ]
    if measured.waits:
        lines.append((f"{where}: the people's requests refused by a rate limit (then retried)",
                      ", ".join(f"{what} {n}" for what, n in sorted(measured.waits.items()))))
    if measured.abuse is not None:
        lines += abuse_figures(measured.abuse, measured.seconds, measured.parts)
    return lines


def abuse_figures(counts: dict[str, int], seconds: float, parts: Sequence[str]) -> list[tuple[str, str]]:
    """The abuse's counts as rows: answers to expensive requests by kind and status, floods, bot tables."""
    lines = []
    for kind in ("odds", "motion", "replay") if "expensive" in parts else ():
        mine = {what.split(" ", 1)[1]: n for what, n in counts.items() if what.split(" ", 1)[0] == kind}
        total = sum(n for what, n in mine.items() if what.isdigit())
        statuses = ", ".join(f"{n} × {what}" for what, n in sorted(mine.items()))
        lines.append((f"abuse: {kind} requests answered (per second), by status",
                      f"{total} ({total / seconds:.0f}/s): {statuses}"))
    if "floods" in parts:
        floods = {what.removeprefix("flood "): n for what, n in counts.items() if what.startswith("flood ")}
        lines.append(("abuse: flooding sockets", ", ".join(f"{what} {n}" for what, n in sorted(floods.items()))))
    if "bots" in parts:
        bots = {what.removeprefix("bot "): n for what, n in counts.items() if what.startswith("bot ")}
        lines.append((f"abuse: all-bot tables (≤ {BOT_TABLES} at once)",
                      ", ".join(f"{what} {n}" for what, n in sorted(bots.items()))))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--bot", default="random", help="the bot at every table (random, easy, normal)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a person looks before moving, on average (0: a stress test)")
    parser.add_argument("--abuse", nargs="?", const=",".join(ABUSE_PARTS), default="", metavar="PARTS",
                        help="socket floods, expensive requests and all-bot tables beside the people's tables "
                             f"(or only some of them: a comma-separated choice of {', '.join(ABUSE_PARTS)})")
    parser.add_argument("--limit", action="append", default=[], metavar="NAME=VALUE",
                        help="a server limit besides the benchmark's own (e.g. worker_niceness=0), repeatable")
    args = parser.parse_args()
    parts = [part for part in args.abuse.split(",") if part]
    if unknown := set(parts) - set(ABUSE_PARTS):
        parser.error(f"--abuse {args.abuse}: no part {sorted(unknown)[0]!r}; parts: {', '.join(ABUSE_PARTS)}")
    measured = measure(args.tables, args.seconds, args.bot, args.think, parts, args.limit)
    for line in figures(measured, args.tables, args.bot, args.think):
        print(f"{line[0]:60} {line[1]}")


def rows(tables: int = 200, seconds: float = 20.0, bot: str = "random", think: float = 1.0,
         scenarios: Sequence[bool] = (False, True), limits: Sequence[str] = ()) -> list[tuple[str, str]]:
    """(what, figure) rows for ``make bench``: one load test without the abuse and one with it
    (``scenarios``: which of the two; ``limits``: server limits besides the benchmark's own)."""
    return [line for abuse in scenarios
            for line in figures(measure(tables, seconds, bot, think, ABUSE_PARTS if abuse else (), limits), tables,
                                bot, think)]


if __name__ == "__main__":
    main()
