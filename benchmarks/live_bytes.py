"""What a seat receives over a whole live game: bytes, updates and the largest one, this commit's server against
a baseline commit's in the same run.

Starts ``tabletop serve`` on a fresh SQLite file (and the same for the baseline's source, unpacked from
git), then plays whole games over one WebSocket each: a person (this script, a random legal action 60 ms
after it may act, within the server's message rate) against the random bot. It counts the text of every
``state`` update the person's socket receives, as the server wrote it. The issue that made updates carry
only what changed set the goal for a 2-player cribbage game: ≤ 250 KB a seat (about a tenth of sending the
whole log every time), the largest update ≤ 8 KB.

    python benchmarks/live_bytes.py [--games 3] [--baseline 4ceb5ec^] [--game cribbage]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import httpx
from live_client import Listed, create, hello, ws_url
from server_load import BASELINE, checkout
from websockets.asyncio.client import connect

from tabletop.server.process import serving

GAMES = ("cribbage", "cubulus")
"""The games measured by :func:`rows`: the longest log and a short one."""
THINK = 0.06
"""Seconds the person waits before each action (the server limits the messages a socket may send)."""


@dataclass(frozen=True, slots=True)
class Received:
    """What one seat's socket received over one whole game."""

    bytes: int
    updates: int
    largest: int


async def one_game(base: str, game: str, seed: int) -> Received:
    """A whole game of ``game`` against the random bot; what the person's socket received."""
    rng = random.Random(seed)
    async with httpx.AsyncClient(timeout=30) as client:
        created = await create(client, base, {"game": game, "seed": seed,
                                              "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    table, token = created["table"]["id"], created["tokens"]["0"]
    total = updates = largest = 0
    listed = Listed()
    async with connect(ws_url(base, table), max_size=None) as ws:
        await ws.send(hello(token))
        while True:
            text = await asyncio.wait_for(ws.recv(), timeout=60)
            message = json.loads(text)
            if message.get("type") != "state":
                continue
            size = len(text.encode() if isinstance(text, str) else text)
            total, updates, largest = total + size, updates + 1, max(largest, size)
            if message["status"] in ("over", "abandoned"):
                return Received(total, updates, largest)
            if (legal := listed.legal(message)) and message["status"] == "playing":
                await asyncio.sleep(THINK)
                action = legal[rng.randrange(len(legal))]
                await ws.send(json.dumps({"type": "act", "action": action, "move": message["move"]}))


def measure(game: str, games: int, code: Path | None = None) -> list[Received]:
    """``games`` whole games of ``game`` on a fresh server (``code``: another commit's ``src`` to serve)."""
    env = None if code is None else {**os.environ, "PYTHONPATH": str(code)}
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        base, _ = stack.enter_context(serving(f"sqlite:///{folder / 'bytes.db'}", env=env))

        async def play() -> list[Received]:
            return [await one_game(base, game, seed) for seed in range(games)]

        return asyncio.run(play())


def figures(found: list[Received]) -> tuple[float, float, float]:
    """Median KB a game, median updates a game, the largest update in KB."""
    return (statistics.median(r.bytes for r in found) / 1000, statistics.median(r.updates for r in found),
            max(r.largest for r in found) / 1000)


def rows(games: int = 3, baseline: str | None = BASELINE, names: Sequence[str] = GAMES) -> list[tuple[str, ...]]:
    """Per game: KB a seat receives a game (median), updates, the largest update, on this commit's server and,
    with ``baseline``, on that commit's (the same seeds), with the ratio."""
    found = []
    for name in names:
        now = figures(measure(name, games))
        row = [name, f"{now[0]:,.1f}", f"{now[1]:g}", f"{now[2]:.1f}"]
        if baseline is not None:
            with checkout(baseline) as code:
                then = figures(measure(name, games, code))
            row += [f"{then[0]:,.1f}", f"{then[2]:.1f}", f"{now[0] / then[0]:.2f}×"]
        found.append(tuple(row))
    return found


def columns(baseline: str | None) -> tuple[str, ...]:
    """The table's columns for :func:`rows`."""
    first = ("game", "KB a seat, a game", "updates a game", "largest update KB")
    return first + ((f"KB at {baseline}", f"largest KB at {baseline}", "KB now / then") if baseline else ())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--baseline", default=BASELINE,
                        help=f"a git commit, or none (default {BASELINE}: the commit before the delta protocol)")
    parser.add_argument("--game", action="append", help=f"a game (repeatable; default {', '.join(GAMES)})")
    args = parser.parse_args()
    baseline = None if args.baseline == "none" else args.baseline
    print(" | ".join(columns(baseline)))
    for row in rows(args.games, baseline, args.game or GAMES):
        print(" | ".join(row))


if __name__ == "__main__":
    main()
