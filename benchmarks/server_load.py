"""Load on the live server: many concurrent tables, each a person (this script) against a bot.

Starts ``tabletop serve`` on a fresh SQLite file in its own process, opens ``--tables`` tables
(Cubulus, the person against the ``--bot`` bot; a finished game is followed by a new table),
connects one WebSocket per table and plays every table at once: whenever it is the person's turn
it sends a legal action and times the round trip — from sending the action to receiving the update
that carries it (validated, logged to the database, applied and broadcast). Reports p50 / p95 /
p99 of the round trip. Goal (server issue, part 9): 200 tables at p99 < 50 ms on a 2-core machine.

    python benchmarks/server_load.py [--tables 200] [--seconds 30] [--bot random] [--think 1.0]

A person thinks ``--think`` seconds on average before each move (0 makes it a stress test: every
table answers at once, so the figures are the server's saturation).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from pathlib import Path

import httpx
import numpy as np
from websockets.asyncio.client import connect

from tabletop.server.process import serving


async def new_table(client: httpx.AsyncClient, base: str, bot: str, seed: int) -> tuple[str, str]:
    """A Cubulus table: this script in seat 1, the bot in seat 2."""
    response = await client.post(f"{base}/api/tables", json={
        "game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot", "bot": bot}], "seed": seed})
    response.raise_for_status()
    data = response.json()
    return data["table"]["id"], data["tokens"]["0"]


async def play_table(base: str, client: httpx.AsyncClient, table: str, token: str, until: float,
                     times: list[float], rng: random.Random, think: float) -> None:
    """Play one table's human seat until the game ends or ``until``."""
    async with connect(f"{base.replace('http', 'ws')}/ws/tables/{table}?token={token}") as ws:
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
                action = message["legal"][rng.randrange(len(message["legal"]))]
                pending = (message["move"], time.perf_counter())
                await ws.send(json.dumps({"type": "act", "action": action, "move": message["move"]}))


async def seat(base: str, client: httpx.AsyncClient, first: tuple[str, str], bot: str, until: float,
               times: list[float], number: int, think: float) -> int:
    """One live table at all times: when a game ends, the next one starts. Returns games played."""
    rng = random.Random(number)
    table, token = first
    games = 0
    while time.monotonic() < until:
        await play_table(base, client, table, token, until, times, rng, think)
        games += 1
        table, token = await new_table(client, base, bot, number * 10_000 + games)
    return games


async def run(base: str, tables: int, seconds: float, bot: str, think: float) -> tuple[list[float], int]:
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(timeout=60, limits=limits) as client:
        first = [await new_table(client, base, bot, i) for i in range(tables)]
        times: list[float] = []
        until = time.monotonic() + seconds
        games = await asyncio.gather(*(seat(base, client, first[i], bot, until, times, i, think)
                                       for i in range(tables)))
    return times, sum(games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--bot", default="random", help="the bot at every table (random, easy, normal)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a person looks before moving, on average (0: a stress test)")
    args = parser.parse_args()
    for line in rows(args.tables, args.seconds, args.bot, args.think):
        print(f"{line[0]:45} {line[1]}")


def rows(tables: int = 200, seconds: float = 20.0, bot: str = "random", think: float = 1.0) -> list[tuple[str, str]]:
    """(what, figure) rows for ``make bench``."""
    with tempfile.TemporaryDirectory() as folder, serving(f"sqlite:///{Path(folder) / 'load.db'}") as (base, _):
        times, games = asyncio.run(run(base, tables, seconds, bot, think))
    ms = np.array(times) * 1e3 if times else np.zeros(1)
    p50, p95, p99 = np.percentile(ms, [50, 95, 99])
    return [
        (f"live tables ({bot} bots, think {think:g} s), seconds, games", f"{tables}, {seconds:.0f}, {games}"),
        ("actions round-tripped (per second)", f"{len(times)} ({len(times) / seconds:.0f}/s)"),
        ("round trip p50 / p95 / p99 ms", f"{p50:.1f} / {p95:.1f} / {p99:.1f}"),
    ]


if __name__ == "__main__":
    main()
