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
addresses (see ``benchmarks/abuse.py``), so it is other clients, as it would be.

``--abuse`` adds, for the whole measurement, the abuse of ``benchmarks/abuse.py`` (socket floods,
expensive requests, all-bot tables, slow requests, big bodies, lobby paging, blunder floods, toggle
floods, many tokens in one header); ``--abuse floods,bots`` (any of :data:`abuse.ABUSE_PARTS`) runs only
those parts, to see which one costs the probe its latency. The scenario ``elsewhere`` aims all of it at
a second server on the same machine instead: the share of the probe's latency that is the machine's.

``--baseline REF`` measures the same on the server of a git commit too (``HEAD~1``: the commit before),
each scenario on this commit and then on that one, in the same run: the report's figures are ratios
that a noisy machine does not spoil. :func:`rows` (for ``make bench``) measures every scenario of
:data:`SCENARIOS`: quiet, each kind of abuse alone, and all of it at once.
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
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import numpy as np
from abuse import ABUSE_PARTS, BOT_TABLES, CONTROLS, Abuser, abuse_figures
from live_client import create, hello, ws_url
from websockets.asyncio.client import connect

from tabletop.server.process import serving

PEOPLE_LIMITS = ("open_tables_per_client=100000", "creations_per_minute=100000", "sockets_per_client=100000",
                 "sockets_per_minute=100000")
"""Per-client limits raised so that the simulated people, all from 127.0.0.1, are not one refused client."""
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
    server_cpu: float | None = None  #: the server process's CPU over the measurement, share of one core
    abuse: dict[str, int] | None = None
    parts: Sequence[str] = ()


def cpu_seconds(pid: int) -> float | None:
    """The CPU time process ``pid`` has used (None where ``/proc`` does not say: not Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


async def run(base: str, tables: int, seconds: float, bot: str, think: float,
              abuse: Sequence[str], server: int | None = None, target: str | None = None) -> Measured:
    """The load test on the server at ``base`` (process ``server``), with ``abuse`` aimed at it — or at
    ``target``, another server's address."""
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(timeout=60, limits=limits) as client:
        waits: Counter[str] = Counter()
        first = [await new_table(client, base, bot, i, waits) for i in range(tables)]
        abuser = Abuser(target or base, seconds, abuse) if abuse else None
        if abuser is not None:
            await abuser.ready()
        times: list[float] = []
        waits.clear()  # only those of the measurement
        until = time.monotonic() + seconds
        began = cpu_seconds(server) if server is not None else None
        games = await asyncio.gather(*(seat(base, client, first[i], bot, until, times, i, think, waits)
                                       for i in range(tables)))
        ended = cpu_seconds(server) if server is not None else None
        counts = await abuser.result() if abuser is not None else None
    busy = None if began is None or ended is None else (ended - began) / seconds
    return Measured(seconds, times, sum(games), dict(waits), busy, counts, abuse)


# ---------------------------------------------------------------------- report


def measure(tables: int, seconds: float, bot: str, think: float, abuse: Sequence[str] = (),
            limits: Sequence[str] = (), code: Path | None = None, elsewhere: bool = False) -> Measured:
    """One load test on a fresh server (``limits``: more ``--limit`` settings, to compare one against another;
    ``code``: the ``src`` folder of another commit to serve, see :func:`checkout`; ``elsewhere``: the abuse
    aimed at a second such server, see :data:`ELSEWHERE`)."""
    extra = [word for setting in limits for word in ("--limit", setting)]
    env = None if code is None else {**os.environ, "PYTHONPATH": str(code)}
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        base, server = stack.enter_context(serving(f"sqlite:///{folder / 'load.db'}", args=[*server_args(), *extra],
                                                   env=env))
        target = None
        if elsewhere:
            target, _ = stack.enter_context(serving(f"sqlite:///{folder / 'other.db'}",
                                                    args=[*server_args(), *extra], env=env))
        return asyncio.run(run(base, tables, seconds, bot, think, abuse, server.pid, target))


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


def percentiles(measured: Measured) -> tuple[float, float]:
    """The probe's p50 and p99 round trip, in ms."""
    ms = np.array(measured.times or [0.0]) * 1e3
    p50, p99 = np.percentile(ms, [50, 99])
    return float(p50), float(p99)


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
    if measured.server_cpu is not None:
        lines.append((f"{where}: the server process's CPU, share of one core", f"{measured.server_cpu:.0%}"))
    if measured.waits:
        lines.append((f"{where}: the people's requests refused by a rate limit (then retried)",
                      ", ".join(f"{what} {n}" for what, n in sorted(measured.waits.items()))))
    if measured.abuse is not None:
        lines += abuse_figures(measured.abuse, measured.seconds, measured.parts)
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
    parser.add_argument("--baseline", metavar="REF",
                        help="also measure the server of git commit REF (e.g. HEAD~1), right after this one's")
    parser.add_argument("--repeat", type=int, default=1, metavar="N",
                        help="with --scenarios: N rounds of every scenario, and each one's median figures")
    parser.add_argument("--scenarios", nargs="?", const=",".join(SCENARIOS), metavar="NAMES",
                        help="what make bench measures: a load test beside each scenario (quiet, each kind of "
                             f"abuse, all: {', '.join(SCENARIOS)}; any of them with '{AIMED_ELSEWHERE}' aimed at "
                             "a second server) and the probe's p99 beside each")
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
                     args.repeat)
    else:
        lines = figures(measure(args.tables, args.seconds, args.bot, args.think, parts, args.limit), args.tables,
                        args.bot, args.think)
        if args.baseline:
            with checkout(args.baseline) as before:
                then = measure(args.tables, args.seconds, args.bot, args.think, parts, args.limit, code=before)
            lines += [(f"at {args.baseline}: {what}", figure)
                      for what, figure in figures(then, args.tables, args.bot, args.think)]
    for line in lines:
        print(f"{line[0]:60} {line[1]}")


def rows(tables: int = 200, seconds: float = 20.0, bot: str = "random", think: float = 1.0,
         scenarios: Sequence[str] = SCENARIOS, limits: Sequence[str] = (),
         baseline: str | None = None, repeat: int = 1) -> list[tuple[str, str]]:
    """(what, figure) rows for ``make bench``: a load test beside each of ``scenarios`` (of :data:`SCENARIOS`;
    ``limits``: server limits besides the benchmark's own) — each also on commit ``baseline`` when given,
    right after it — then the probe's p50 / p99 beside each, and how much worse than quiet it is.

    ``repeat`` rounds of every scenario, one round after another (so that a machine that slows down for a
    while slows every scenario alike, not the ones measured then): the probe's figures are each scenario's
    medians over the rounds, with the range of its p99; the other rows are the first round's."""
    lines: list[tuple[str, str]] = []
    mine: dict[str, list[tuple[float, float]]] = {scenario: [] for scenario in scenarios}
    theirs: dict[str, list[tuple[float, float]]] = {scenario: [] for scenario in scenarios}
    busy: dict[str, list[float]] = {scenario: [] for scenario in scenarios}  #: the server's CPU, each run
    with checkout(baseline) as before:
        for round_ in range(max(1, repeat)):
            for scenario in scenarios:
                aside = is_elsewhere(scenario)
                now = measure(tables, seconds, bot, think, parts_of(scenario), limits, elsewhere=aside)
                if before is not None:
                    theirs[scenario].append(percentiles(measure(tables, seconds, bot, think, parts_of(scenario),
                                                                limits, code=before, elsewhere=aside)))
                mine[scenario].append(percentiles(now))
                if now.server_cpu is not None:
                    busy[scenario].append(now.server_cpu)
                if round_ > 0:
                    continue
                if scenario in ("quiet", "all") or len(scenarios) == 1:
                    lines += figures(now, tables, bot, think)
                elif now.abuse is not None:
                    lines += abuse_figures(now.abuse, now.seconds, now.parts)
    median = {scenario: median_of(runs) for scenario, runs in mine.items()}
    median_then = {scenario: median_of(runs) for scenario, runs in theirs.items() if runs}
    for scenario in scenarios:
        p50, p99 = median[scenario]
        figure = f"{p50:.1f} / {p99:.1f}"
        if len(mine[scenario]) > 1:
            figure += f" (p99 {min(r[1] for r in mine[scenario]):.1f}–{max(r[1] for r in mine[scenario]):.1f})"
        if "quiet" in median and scenario != "quiet":
            figure += f" ({p99 - median['quiet'][1]:+.1f} ms on quiet's p99)"
        if twin(scenario) in median:  # what the attack costs the server itself
            figure += f" ({p99 - median[twin(scenario)][1]:+.1f} ms on {twin(scenario)}'s)"
        if busy[scenario]:
            figure += f"; server CPU {float(np.median(busy[scenario])):.0%} of a core"
        if scenario in median_then:
            then50, then99 = median_then[scenario]
            figure += f"; at {baseline}: {then50:.1f} / {then99:.1f}"
            if "quiet" in median_then and scenario != "quiet":
                figure += f" ({then99 - median_then['quiet'][1]:+.1f})"
            figure += f"; p99 × {p99 / then99:.2f} of {baseline}'s" if then99 else ""
        rounds = f", median of {len(mine[scenario])} runs" if len(mine[scenario]) > 1 else ""
        lines.append((f"probe p50 / p99 ms beside {scenario}{rounds}", figure))
    return lines


def median_of(runs: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """The median p50 and the median p99 of some runs' (p50, p99).

    >>> median_of([(1.0, 10.0), (3.0, 30.0), (2.0, 50.0)])
    (2.0, 30.0)
    """
    return float(np.median([r[0] for r in runs])), float(np.median([r[1] for r in runs]))


if __name__ == "__main__":
    main()
