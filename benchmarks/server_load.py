"""Load on the live server: many concurrent tables, each a person (this script) against a bot — alone,
and beside abusive traffic.

Starts ``tabletop serve`` on a fresh SQLite file in its own process, opens ``--tables`` tables of
``--game`` (Cubulus by default, or cribbage, Beetle, Kubik: the person in seat 1 against the ``--bot``
bot, the game's default options; a finished game is followed by a new table), connects one WebSocket
per table (the seat token in the hello, never in the URL) and plays every table at once: whenever it
is the person's turn it sends a random legal action and times the round trip — from sending the action
to receiving the update that carries it (validated, logged to the database, applied and broadcast).
Reports p50 / p95 / p99 of the round trip: the *probe*. Goals: 200 Cubulus tables at p99 < 50 ms on a
2-core machine, with and without abuse (server issue, part 9); the same for 200 cribbage tables
thinking 0.3 s, and ≥ 3× the actions a second at saturation of the commit before the delta protocol
(issue #44, item 5: ``--baseline 4ceb5ec^``).

    python benchmarks/server_load.py [--game cribbage] [--tables 200] [--seconds 20] [--bot random]
                                     [--think 1.0] [--abuse] [--baseline 4ceb5ec^]

A person thinks ``--think`` seconds on average before each move (0 makes it a stress test: every
table answers at once, so the figures are the server's saturation; ``--stress N`` adds such a test
with N tables to ``--scenarios``). The figures compare across games: the same person, the same bot
level, the round trip timed alike, and rows of what a game asks of the server — the person's actions a
game and the KB of updates its socket receives per action (cribbage's log is long, Cubulus's short).
Before the clock starts, one table plays a few moves, so that no game's code (cribbage's kernel loaded
from Numba's cache, in the server and in its bot worker) loads inside the measurement.

**Cores.** On a machine with two cores or more, the server (and every process it starts: its bot,
coach and heavy workers) runs on all but the first, and this script — the load generator, whose JSON
parsing of an old server's whole-log updates is not the server's work — on the first (the abuse
process too: see below), so that the probe's own CPU is not counted as the server's; the report names
the cores. On one core nothing is pinned and the report says so. Pinning is done by the CPU affinity a
child inherits (``os.sched_setaffinity`` around the server's start), as ``taskset`` would.

Every person here comes from 127.0.0.1, so the server sees the 200 people as one client and would
refuse most of them by its per-client limits. The server is therefore started with those limits
raised for the human-like load (:data:`PEOPLE_LIMITS`: open tables, creations a minute and sockets
per client), and ``bot_tables`` raised to the :data:`BOT_TABLES` the abuse keeps going; every other
limit keeps its default, and the abuse is what runs into them. ``requests_per_second`` is one of
those: the people make few HTTP requests between them (a new table after each game, some 20 a
second), and one refused by it waits its ``Retry-After`` as any client should (counted in the
report); raising it would switch it off for the abuse too. The abuse comes from other loopback
addresses (see ``benchmarks/abuse.py``), so it is other clients, as it would be. A stress test
without abuse (think 0) also raises the socket's message rate (:data:`STRESS_LIMITS`): a fast server
answers one table's person more than 20 times a second. A socket the server refuses or closes (a
handshake timed out on a loaded machine, say) is counted and opened again, its action in flight not
timed; a refused action (``stale_move``) is counted and made again.

``--abuse`` adds, for the whole measurement, the abuse of ``benchmarks/abuse.py`` (socket floods,
expensive requests, all-bot tables, slow requests, big bodies, lobby paging, blunder floods, toggle
floods, many tokens in one header); ``--abuse floods,bots`` (any of :data:`abuse.ABUSE_PARTS`) runs only
those parts, to see which one costs the probe its latency. Its process runs at a lower priority on the
load generator's core: an abuser's CPU is not the server machine's, and its lower priority keeps it
from delaying the probe's own reading. The abuse is the same whatever the game (its tables are
Cubulus's, Beetle's and Kubik's). The scenario ``elsewhere`` aims all of it at a second server on the
same machine (on the server's cores) instead: the share of the probe's latency that is the machine's.

``--baseline REF`` measures the same on the server of a git commit too (``4ceb5ec^``: the commit
before the delta protocol; ``HEAD~1``: the commit before), each scenario on this commit and then on
that one, in the same run: the report's figures are ratios that a noisy machine does not spoil.
:func:`rows` (for ``make bench``) measures every scenario of :data:`SCENARIOS` (quiet, each kind of
abuse alone, and all of it at once) or those asked for, and the stress test.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import subprocess
import tempfile
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import numpy as np
from abuse import ABUSE_PARTS, BOT_TABLES, CONTROLS, Abuser, abuse_figures
from live_client import Listed, create, hello, ws_url
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from tabletop.server.process import serving

GAMES = ("cubulus", "cribbage", "beetle", "kubik")
"""The games the people may play (``--game``), each at its default options against one bot."""
PEOPLE_LIMITS = ("open_tables_per_client=100000", "creations_per_minute=100000", "sockets_per_client=100000",
                 "sockets_per_minute=100000")
"""Per-client limits raised so that the simulated people, all from 127.0.0.1, are not one refused client."""
STRESS_LIMITS = ("messages_per_second=100000", "message_burst=100000")
"""Raised too for a stress test without abuse (think 0): a person answering at once sends one table more
than the socket's 20 messages a second when the server keeps up, and would be closed for flooding."""
STRESS_TABLES = 100
"""The tables of the stress test (think 0) that :func:`rows` adds with ``stress``: the server's saturation."""
BASELINE = "4ceb5ec^"
"""The commit issue #44's goals compare with: the one before the delta protocol (4ceb5ec), whose server
sent the whole log with every update."""
WARM_UP_ACTIONS = 4
"""The person's actions at one table before the clock starts (every process has the game's code loaded)."""
SCENARIOS = ("quiet", *CONTROLS, *ABUSE_PARTS, "all", "elsewhere")
"""What ``make bench`` measures the probe beside: nothing, the control (CPU taken on the server's cores
by the abuse process, asking nothing), each kind of abuse alone, all of it at once, and all of it aimed
at another server on the same machine (:data:`ELSEWHERE`)."""
ELSEWHERE = "elsewhere"
"""The scenario whose abuse goes to a second server process on this machine, not to the one measured:
the attack's cost to the machine (its client's CPU, the other server's answers) without its cost to the
server itself. On a 2-core machine that shares its cores between the server, its 200 people and the
attackers, "all" minus "elsewhere" is what the attacks cost the server's own event loop. Any kind of
abuse alone may be aimed so too, as a scenario of its own: ``tokens@elsewhere``."""
AIMED_ELSEWHERE = "@" + ELSEWHERE
REPOSITORY = Path(__file__).resolve().parents[1]


def server_args() -> list[str]:
    """``tabletop serve`` arguments: the per-client limits raised for the people, bot tables for the abuse."""
    return [word for setting in (*PEOPLE_LIMITS, f"bot_tables={BOT_TABLES}") for word in ("--limit", setting)]


# ---------------------------------------------------------------------- cores


@dataclass(frozen=True)
class Cores:
    """Where the load generator (and the abuse) runs and where the server does."""

    probe: frozenset[int]
    server: frozenset[int]

    def __str__(self) -> str:
        return f"people and abuse on core {_listed(self.probe)}, server on {_listed(self.server)}"


def _listed(cores: Iterable[int]) -> str:
    return ",".join(str(core) for core in sorted(cores))


def split_cores() -> Cores | None:
    """The first core this process may run on for the people, the others for the server; None on one core
    (or where the OS has no CPU affinity)."""
    if not hasattr(os, "sched_getaffinity"):
        return None
    mine = sorted(os.sched_getaffinity(0))
    return Cores(frozenset(mine[:1]), frozenset(mine[1:])) if len(mine) >= 2 else None


def pinning(cores: Cores | None) -> str:
    """What the report says about the cores."""
    return str(cores) if cores is not None else "not pinned (1 core)"


@contextmanager
def on_cores(cores: Iterable[int] | None) -> Iterator[None]:
    """Run this thread — and the processes and threads it starts, which inherit it — on ``cores`` for the
    block's length (None: where it runs); the affinity is restored after."""
    if cores is None or not hasattr(os, "sched_setaffinity"):
        yield
        return
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, set(cores))
    try:
        yield
    finally:
        os.sched_setaffinity(0, before)


# ---------------------------------------------------------------------- the people (the probe)


@dataclass
class Tally:
    """What the people saw over a measurement."""

    times: list[float] = field(default_factory=list)  #: each action's round trip, seconds
    received: int = 0  #: characters (bytes: the server writes ASCII JSON) of the state updates received
    waits: Counter[str] = field(default_factory=Counter)  #: refusals and failures, then waited out or retried


async def new_table(client: httpx.AsyncClient, base: str, game: str, bot: str, seed: int,
                    waits: Counter[str], until: float | None = None) -> tuple[str, str] | None:
    """A table of ``game``: this script in seat 1 (its creator), the bot in seat 2 — a practice table,
    so a seed may be chosen. A request that fails on the way or that a busy server declines (408, 5xx; a
    rate limit's refusal is waited out as it says) is counted and made again half a second later, until
    ``until``; None when it came first.

    Raises:
        httpx.HTTPStatusError: when the server refuses the table itself (a 4xx: a game or bot it lacks).
    """
    while True:
        try:
            data = await create(client, base, {
                "game": game, "seats": [{"kind": "human"}, {"kind": "bot", "bot": bot}], "seed": seed}, waits)
        except httpx.HTTPError as error:
            if isinstance(error, httpx.HTTPStatusError):
                if error.response.status_code != 408 and error.response.status_code < 500:
                    raise
                status: int | str = error.response.status_code
            else:
                status = type(error).__name__
            waits[f"table creations failed ({status})"] += 1
            if until is not None and time.monotonic() >= until:
                return None
            await asyncio.sleep(0.5)
            continue
        return data["table"]["id"], data["tokens"]["0"]


async def play_table(base: str, table: str, token: str, until: float, tally: Tally, rng: random.Random,
                     think: float, most: int | None = None) -> bool:
    """Play one table's human seat until the game ends (True), ``until`` or ``most`` actions (False).

    Raises:
        InvalidStatus, OSError, ConnectionClosed, TimeoutError: when the server refuses or closes the socket.
    """
    acted = 0
    async with connect(ws_url(base, table), max_size=None) as ws:
        await ws.send(hello(token))
        pending: tuple[int, float] | None = None
        last: dict[str, Any] | None = None  # the latest update, to act again on when an action is refused
        listed = Listed()
        while time.monotonic() < until:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.01, until - time.monotonic()))
            except TimeoutError:
                break
            message = json.loads(raw)
            if message.get("type") == "error":  # e.g. stale_move: the action is not made, so make one again
                tally.waits[f"actions refused ({message.get('code')})"] += 1
                if pending is None or last is None:
                    continue
                pending, message = None, last
            elif message.get("type") != "state":
                continue
            else:
                tally.received += len(raw)
                last = message
            if pending is not None and message["move"] > pending[0]:
                tally.times.append(time.perf_counter() - pending[1])
                pending = None
            if message["status"] not in ("open", "playing"):
                return True
            legal = listed.legal(message)
            if legal and pending is None and message["status"] == "playing":
                if most is not None and acted >= most:
                    break
                if think:  # a person looks at the board first (uniformly 0.5–1.5 × think seconds)
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    if time.monotonic() >= until:
                        break
                action = legal[rng.randrange(len(legal))]
                pending = (message["move"], time.perf_counter())
                await ws.send(json.dumps({"type": "act", "action": action, "move": message["move"]}))
                acted += 1
    return False


async def seat(base: str, client: httpx.AsyncClient, first: tuple[str, str], game: str, bot: str, until: float,
               tally: Tally, number: int, think: float) -> int:
    """One live table at all times: when a game ends, the next one starts; a socket the server refuses or
    closes is counted and opened again (its action in flight is not timed). Returns games played."""
    rng = random.Random(number)
    table, token = first
    games = 0
    while time.monotonic() < until:
        try:
            over = await play_table(base, table, token, until, tally, rng, think)
        except InvalidStatus as refused:
            tally.waits[f"sockets refused ({refused.response.status_code})"] += 1
        except (OSError, ConnectionClosed, TimeoutError) as error:
            tally.waits[f"sockets failed ({type(error).__name__})"] += 1
        else:
            if over:
                games += 1
                created = await new_table(client, base, game, bot, number * 10_000 + games, tally.waits, until)
                if created is not None:
                    table, token = created
            continue
        await asyncio.sleep(0.2)
    return games


async def warm_up(client: httpx.AsyncClient, base: str, game: str, bot: str) -> None:
    """A few of the person's actions at one table of ``game``, untimed: the server and its bot worker load
    the game's code (and machine code) before the measurement."""
    created = await new_table(client, base, game, bot, 999_999_999, Counter())
    if created is None:
        return
    with contextlib.suppress(InvalidStatus, OSError, ConnectionClosed, TimeoutError):
        await play_table(base, *created, time.monotonic() + 60, Tally(), random.Random(0), 0.0, WARM_UP_ACTIONS)


@dataclass
class Measured:
    """One load test: the probe's round trips, games played and (with abuse) what the abuse saw."""

    seconds: float
    times: list[float]
    games: int
    waits: dict[str, int] = field(default_factory=dict)  #: the people's requests refused or failed
    server_cpu: float | None = None  #: the server's processes' CPU over the measurement, share of one core
    people_cpu: float | None = None  #: this process's (the people's) CPU over the measurement, share of one core
    abuse: dict[str, int] | None = None
    parts: Sequence[str] = ()
    game: str = "cubulus"
    received: int = 0  #: bytes of state updates the people's sockets received
    cores: str = ""  #: where the people and the server ran (:func:`pinning`)

    @property
    def per_second(self) -> float:
        """Actions round-tripped a second."""
        return len(self.times) / self.seconds


def cpu_seconds(pid: int) -> float | None:
    """The CPU time process ``pid`` and every process of its session (the server's workers: it leads a
    session of its own) have used (None where ``/proc`` does not say: not Linux)."""
    try:
        found = [int(name) for name in os.listdir("/proc") if name.isdigit()]
    except OSError:
        return None
    total, seen = 0.0, False
    for other in found:
        try:
            fields = Path(f"/proc/{other}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if other == pid or int(fields[3]) == pid:  # fields[3]: the session id
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime
            seen = seen or other == pid
    return total if seen else None


async def run(base: str, tables: int, seconds: float, bot: str, think: float,
              abuse: Sequence[str], server: int | None = None, target: str | None = None,
              game: str = "cubulus") -> Measured:
    """The load test on the server at ``base`` (process ``server``), with ``abuse`` aimed at it — or at
    ``target``, another server's address."""
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(timeout=60, limits=limits) as client:
        tally = Tally()
        await warm_up(client, base, game, bot)
        first = []
        for i in range(tables):
            created = await new_table(client, base, game, bot, i, tally.waits)
            assert created is not None  # without ``until``, made again until it is
            first.append(created)
        abuser = Abuser(target or base, seconds, abuse) if abuse else None
        if abuser is not None:
            await abuser.ready()
        tally = Tally()  # only what the measurement saw
        until = time.monotonic() + seconds
        began = cpu_seconds(server) if server is not None else None
        mine = time.process_time()
        games = await asyncio.gather(*(seat(base, client, first[i], game, bot, until, tally, i, think)
                                       for i in range(tables)))
        ended = cpu_seconds(server) if server is not None else None
        mine = time.process_time() - mine
        counts = await abuser.result() if abuser is not None else None
    busy = None if began is None or ended is None else (ended - began) / seconds
    return Measured(seconds, tally.times, sum(games), dict(tally.waits), busy, mine / seconds, counts, abuse, game,
                    tally.received)


# ---------------------------------------------------------------------- report


def measure(tables: int, seconds: float, bot: str, think: float, abuse: Sequence[str] = (),
            limits: Sequence[str] = (), code: Path | None = None, elsewhere: bool = False,
            game: str = "cubulus", pin: bool = True) -> Measured:
    """One load test on a fresh server (``limits``: more ``--limit`` settings, to compare one against another;
    ``code``: the ``src`` folder of another commit to serve, see :func:`checkout`; ``elsewhere``: the abuse
    aimed at a second such server, see :data:`ELSEWHERE`), the server on its cores and the people on theirs
    (see :func:`split_cores`; ``pin`` False: wherever the OS puts them)."""
    if think == 0 and not abuse:
        limits = (*STRESS_LIMITS, *limits)
    extra = [word for setting in limits for word in ("--limit", setting)]
    env = None if code is None else {**os.environ, "PYTHONPATH": str(code)}
    cores = split_cores() if pin else None
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        with on_cores(cores.server if cores else None):  # the servers' processes inherit the affinity
            base, server = stack.enter_context(serving(f"sqlite:///{folder / 'load.db'}",
                                                       args=[*server_args(), *extra], env=env))
            target = None
            if elsewhere:
                target, _ = stack.enter_context(serving(f"sqlite:///{folder / 'other.db'}",
                                                        args=[*server_args(), *extra], env=env))
        with on_cores(cores.probe if cores else None):  # and the abuse process the people's
            measured = asyncio.run(run(base, tables, seconds, bot, think, abuse, server.pid, target, game))
    measured.cores = pinning(cores) if pin else "not pinned (--no-pin)"
    return measured


@contextmanager
def checkout(ref: str | None) -> Iterator[Path | None]:
    """The ``src`` folder of commit ``ref`` of this repository, unpacked in a temporary folder for the
    block's length (None for None): the server a measurement compares against.

    Raises:
        RuntimeError: when ``ref`` names no commit here (or this is not a git checkout).
    """
    if ref is None:
        yield None
        return
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(["git", "-C", str(REPOSITORY), "archive", ref, "src"], capture_output=True)
        if archive.returncode != 0:
            raise RuntimeError(f"--baseline {ref}: {archive.stderr.decode().strip()}")
        subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        yield Path(folder) / "src"


def parts_of(scenario: str) -> Sequence[str]:
    """The kinds of abuse of a scenario of :data:`SCENARIOS` (or of one aimed elsewhere: ``tokens@elsewhere``)."""
    scenario = scenario.removesuffix(AIMED_ELSEWHERE)
    return {"quiet": (), "all": ABUSE_PARTS, ELSEWHERE: ABUSE_PARTS}.get(scenario, (scenario,))


def twin(scenario: str) -> str:
    """The scenario of the same abuse aimed at a second server (``all``'s is :data:`ELSEWHERE`)."""
    return ELSEWHERE if scenario == "all" else scenario + AIMED_ELSEWHERE


def is_elsewhere(scenario: str) -> bool:
    """Whether ``scenario`` aims its abuse at a second server."""
    return scenario == ELSEWHERE or scenario.endswith(AIMED_ELSEWHERE)


def percentiles(measured: Measured) -> tuple[float, float, float]:
    """The probe's p50, p95 and p99 round trip, in ms."""
    ms = np.array(measured.times or [0.0]) * 1e3
    p50, p95, p99 = np.percentile(ms, [50, 95, 99])
    return float(p50), float(p95), float(p99)


def figures(measured: Measured, tables: int, bot: str, think: float) -> list[tuple[str, str]]:
    """(what, figure) rows of one load test."""
    times = measured.times
    p50, p95, p99 = percentiles(measured)
    where = "with abuse" if measured.abuse is not None else "no abuse"
    if measured.abuse is not None and set(measured.parts) != set(ABUSE_PARTS):
        where += f" ({', '.join(measured.parts)})"
    lines = [
        (f"{where}: live {measured.game} tables ({bot} bots, think {think:g} s), seconds, games",
         f"{tables}, {measured.seconds:.0f}, {measured.games}"),
        (f"{where}: actions round-tripped (per second)", f"{len(times)} ({measured.per_second:.0f}/s)"),
        (f"{where}: round trip p50 / p95 / p99 ms", f"{p50:.1f} / {p95:.1f} / {p99:.1f}"),
        (f"{where}: KB of updates received per action, the person's actions a game",
         f"{measured.received / max(1, len(times)) / 1e3:.2f}, "
         + (f"{len(times) / measured.games:.0f}" if measured.games else "no game ended")),
    ]
    if measured.server_cpu is not None:
        lines.append((f"{where}: CPU, share of one core: the server's processes, the people's",
                      f"{measured.server_cpu:.0%}, {measured.people_cpu:.0%}"))
    if measured.cores:
        lines.append((f"{where}: cores", measured.cores))
    if measured.waits:
        lines.append((f"{where}: the people's requests refused or failed (then waited out or made again)",
                      ", ".join(f"{what} {n}" for what, n in sorted(measured.waits.items()))))
    if measured.abuse is not None:
        lines += abuse_figures(measured.abuse, measured.seconds, measured.parts)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=GAMES, default="cubulus", help="the game the people play")
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
    parser.add_argument("--baseline", metavar="REF",
                        help=f"also measure the server of git commit REF (e.g. {BASELINE}, the commit before the "
                             "delta protocol, or HEAD~1), right after this one's")
    parser.add_argument("--no-pin", dest="pin", action="store_false",
                        help="leave the server and the people wherever the OS puts them (default: the people on "
                             "the first core, the server on the others)")
    parser.add_argument("--repeat", type=int, default=1, metavar="N",
                        help="with --scenarios: N rounds of every scenario, and each one's median figures")
    parser.add_argument("--scenarios", nargs="?", const=",".join(SCENARIOS), metavar="NAMES",
                        help="what make bench measures: a load test beside each scenario (quiet, each kind of "
                             f"abuse, all: {', '.join(SCENARIOS)}; any of them with '{AIMED_ELSEWHERE}' aimed at "
                             "a second server) and the probe's p99 beside each")
    parser.add_argument("--stress", type=int, default=0, metavar="TABLES",
                        help=f"with --scenarios: also a stress test (think 0, no abuse) at TABLES tables (e.g. "
                             f"{STRESS_TABLES}) each round, its actions a second (the server's saturation)")
    args = parser.parse_args()
    parts = [part for part in args.abuse.split(",") if part]
    if unknown := set(parts) - set(ABUSE_PARTS) - set(CONTROLS):
        parser.error(f"--abuse {args.abuse}: no part {sorted(unknown)[0]!r}; parts: "
                     f"{', '.join((*ABUSE_PARTS, *CONTROLS))}")
    if args.scenarios is not None:
        chosen = [name for name in args.scenarios.split(",") if name]
        if unknown := {name.removesuffix(AIMED_ELSEWHERE) for name in chosen} - set(SCENARIOS):
            parser.error(f"--scenarios: no scenario {sorted(unknown)[0]!r}; scenarios: {', '.join(SCENARIOS)}")
        lines = rows(args.tables, args.seconds, args.bot, args.think, chosen, args.limit, args.baseline,
                     args.repeat, args.game, args.stress, args.pin)
    else:
        lines = figures(measure(args.tables, args.seconds, args.bot, args.think, parts, args.limit, game=args.game,
                                pin=args.pin), args.tables, args.bot, args.think)
        if args.baseline:
            with checkout(args.baseline) as before:
                then = measure(args.tables, args.seconds, args.bot, args.think, parts, args.limit, code=before,
                               game=args.game, pin=args.pin)
            lines += [(f"at {args.baseline}: {what}", figure)
                      for what, figure in figures(then, args.tables, args.bot, args.think)]
    for line in lines:
        print(f"{line[0]:60} {line[1]}")


def rows(tables: int = 200, seconds: float = 20.0, bot: str = "random", think: float = 1.0,
         scenarios: Sequence[str] = SCENARIOS, limits: Sequence[str] = (),
         baseline: str | None = None, repeat: int = 1, game: str = "cubulus", stress: int = 0,
         pin: bool = True) -> list[tuple[str, str]]:
    """(what, figure) rows for ``make bench``: a load test of ``game`` beside each of ``scenarios`` (of
    :data:`SCENARIOS`; ``limits``: server limits besides the benchmark's own) — each also on commit
    ``baseline`` when given, right after it — then the probe's p50 / p95 / p99 beside each, and how much
    worse than quiet it is; with ``stress`` (tables), a stress test too (think 0, no abuse), its actions a
    second against the baseline's.

    ``repeat`` rounds of every scenario, one round after another (so that a machine that slows down for a
    while slows every scenario alike, not the ones measured then): the probe's figures are each scenario's
    medians over the rounds, with the range of its p99; the other rows are the first round's."""
    lines: list[tuple[str, str]] = []
    mine: dict[str, list[Measured]] = {scenario: [] for scenario in scenarios}
    theirs: dict[str, list[Measured]] = {scenario: [] for scenario in scenarios}
    pressed: list[Measured] = []
    pressed_then: list[Measured] = []
    with checkout(baseline) as before:
        for round_ in range(max(1, repeat)):
            for scenario in scenarios:
                aside = is_elsewhere(scenario)
                now = measure(tables, seconds, bot, think, parts_of(scenario), limits, elsewhere=aside, game=game,
                              pin=pin)
                if before is not None:
                    theirs[scenario].append(measure(tables, seconds, bot, think, parts_of(scenario), limits,
                                                    code=before, elsewhere=aside, game=game, pin=pin))
                mine[scenario].append(now)
                if round_ > 0:
                    continue
                if scenario in ("quiet", "all") or len(scenarios) == 1:
                    lines += figures(now, tables, bot, think)
                elif now.abuse is not None:
                    lines += abuse_figures(now.abuse, now.seconds, now.parts)
            if stress:
                pressed.append(measure(stress, seconds, bot, 0.0, (), limits, game=game, pin=pin))
                if before is not None:
                    pressed_then.append(measure(stress, seconds, bot, 0.0, (), limits, code=before, game=game,
                                                pin=pin))
                if round_ == 0:
                    lines += [(f"stress: {what.removeprefix('no abuse: ')}", figure)
                              for what, figure in figures(pressed[0], stress, bot, 0.0)]
    median = {scenario: median_of([percentiles(run) for run in runs]) for scenario, runs in mine.items()}
    median_then = {scenario: median_of([percentiles(run) for run in runs]) for scenario, runs in theirs.items() if runs}
    for scenario in scenarios:
        p50, p95, p99 = median[scenario]
        runs = [percentiles(run)[2] for run in mine[scenario]]
        figure = f"{p50:.1f} / {p95:.1f} / {p99:.1f}"
        if len(runs) > 1:
            figure += f" (p99 {min(runs):.1f}–{max(runs):.1f})"
        if "quiet" in median and scenario != "quiet":
            figure += f" ({p99 - median['quiet'][2]:+.1f} ms on quiet's p99)"
        if twin(scenario) in median:  # what the attack costs the server itself
            figure += f" ({p99 - median[twin(scenario)][2]:+.1f} ms on {twin(scenario)}'s)"
        if busy := [run.server_cpu for run in mine[scenario] if run.server_cpu is not None]:
            figure += f"; server CPU {float(np.median(busy)):.0%} of a core"
        if scenario in median_then:
            then50, then95, then99 = median_then[scenario]
            figure += f"; at {baseline}: {then50:.1f} / {then95:.1f} / {then99:.1f}"
            if "quiet" in median_then and scenario != "quiet":
                figure += f" ({then99 - median_then['quiet'][2]:+.1f})"
            figure += f"; p99 × {p99 / then99:.2f} of {baseline}'s" if then99 else ""
        rounds = f", median of {len(runs)} runs" if len(runs) > 1 else ""
        lines.append((f"{game}: probe p50 / p95 / p99 ms beside {scenario} (think {think:g} s){rounds}", figure))
    if pressed:
        lines.append(saturation(pressed, pressed_then, stress, game, baseline))
    return lines


def saturation(now: Sequence[Measured], then: Sequence[Measured], tables: int, game: str,
               baseline: str | None) -> tuple[str, str]:
    """The stress tests' row: actions a second (median, range), p50 / p99, the server's CPU, against the
    baseline's."""
    rate = float(np.median([run.per_second for run in now]))
    p50, _, p99 = median_of([percentiles(run) for run in now])
    figure = f"{rate:,.0f}/s"
    if len(now) > 1:
        figure += f" ({min(run.per_second for run in now):,.0f}–{max(run.per_second for run in now):,.0f})"
    figure += f", p50 / p99 {p50:.1f} / {p99:.1f} ms"
    if busy := [run.server_cpu for run in now if run.server_cpu is not None]:
        figure += f", server CPU {float(np.median(busy)):.0%} of a core"
    if then:
        rate_then = float(np.median([run.per_second for run in then]))
        then50, _, then99 = median_of([percentiles(run) for run in then])
        figure += f"; at {baseline}: {rate_then:,.0f}/s, p50 / p99 {then50:.1f} / {then99:.1f} ms"
        figure += f"; × {rate / rate_then:.2f} of {baseline}'s actions a second" if rate_then else ""
    rounds = f", median of {len(now)} runs" if len(now) > 1 else ""
    return f"{game}: saturation, actions round-tripped a second at think 0, {tables} tables{rounds}", figure


def median_of(runs: Sequence[tuple[float, ...]]) -> tuple[float, ...]:
    """Each figure's median over some runs' (p50, p95, p99) or (p50, p99).

    >>> median_of([(1.0, 10.0), (3.0, 30.0), (2.0, 50.0)])
    (2.0, 30.0)
    """
    return tuple(float(np.median(column)) for column in zip(*runs, strict=True))


if __name__ == "__main__":
    main()
