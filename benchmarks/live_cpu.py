"""The live path's CPU for each action a person makes: this commit's server parts against a baseline commit's,
in the same run, with no sockets and no load generator to share the machine with.

Each side runs in a process of its own (the baseline's ``src`` unpacked from git): one
:class:`~tabletop.server.hub.Hub` on a fresh SQLite file, ``--tables`` tables of ``--game`` played at once,
each a person (a random legal action the moment it may act) against the ``--bot`` bot, every update encoded
as a socket would send it. It reports the process's CPU time (the event loop, the database's threads, all
of it) per person action, after a warm-up: the figure a saturated server's throughput is the inverse of,
and one that a busy machine disturbs far less than a latency. Sides alternate, ``--repeat`` times; medians.

    python benchmarks/live_cpu.py [--game cribbage] [--tables 50] [--actions 6000] [--baseline eaebbf6]

The baseline must have the server's parts (``Hub.seating``, ``Hub.moves``: from eaebbf6 on, the commit
before this benchmark's round of live-path work).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from server_load import checkout

BASELINE = "eaebbf6"

SIDE = r'''
import asyncio, json, random, sys, tempfile, time
import orjson
from tabletop.server.hub import Connection, Hub
from tabletop.server.limits import Limits
from tabletop.server.messages import CreateTable, SeatRequest
from tabletop.storage import Store

game, tables, actions, bot = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
warm = actions // 5

async def main():
    folder = tempfile.mkdtemp()
    hub = Hub(Store(f"sqlite:///{folder}/cpu.db"),
              limits=Limits(open_tables_per_client=10**6, creations_per_minute=10**6, heavy_workers=0))
    await hub.start()
    made, marks, sent = [0], {}, [0, 0]

    async def person(number):
        rng = random.Random(number)
        while made[0] < actions:
            table, _, _ = await hub.seating.create(CreateTable(game=game, seats=[
                SeatRequest(kind="human", name="p"), SeatRequest(kind="bot", bot=bot)]))
            table_id, turn = table.row.id, asyncio.Event()

            async def send(message):
                sent[0] += len(orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS))
                sent[1] += 1
                if message["to_move"] == 0 or message["status"] != "playing":
                    turn.set()

            await hub.seating.connect(table_id, Connection(send, [0]))
            while made[0] < actions:
                live = hub.registry[table_id]
                if live.status != "playing":
                    break
                if live.seat_to_move() != 0:
                    turn.clear()
                    await turn.wait()
                    continue
                await hub.moves.submit(table_id, 0, rng.choice(live.legal_for(0)), live.moves)
                made[0] += 1
                if made[0] == warm:
                    marks.update(cpu=time.process_time(), sent=sent[0], messages=sent[1])

    await asyncio.gather(*(person(n) for n in range(tables)))
    counted = actions - warm
    print(json.dumps({"us": (time.process_time() - marks["cpu"]) / counted * 1e6,
                      "kb": (sent[0] - marks["sent"]) / counted / 1024,
                      "messages": (sent[1] - marks["messages"]) / counted}))
    await hub.stop()

asyncio.run(main())
'''


def measure(src: Path | None, game: str, tables: int, actions: int, bot: str) -> dict[str, float]:
    """One side's figures: CPU µs, KB and messages per person action."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(src), env.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-c", SIDE, game, str(tables), str(actions), bot], env=env,
                          capture_output=True, text=True, check=True)
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="cribbage")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--actions", type=int, default=6000)
    parser.add_argument("--bot", default="random")
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    figures: dict[str, list[dict[str, float]]] = {"now": [], "then": []}
    with checkout(args.baseline) as old:
        for _ in range(args.repeat):
            figures["now"].append(measure(None, args.game, args.tables, args.actions, args.bot))
            figures["then"].append(measure(old, args.game, args.tables, args.actions, args.bot))
    now, then = ({key: statistics.median(run[key] for run in runs) for key in runs[0]}
                 for runs in (figures["now"], figures["then"]))
    print(f"{args.game}, {args.tables} tables against the {args.bot} bot, medians of {args.repeat}:")
    print(f"  CPU per person action: {now['us']:.0f} µs now, {then['us']:.0f} µs at {args.baseline} "
          f"({then['us'] / now['us']:.2f}x the actions per CPU second)")
    print(f"  updates per person action: {now['messages']:.2f} now ({now['kb']:.2f} KB), "
          f"{then['messages']:.2f} at {args.baseline} ({then['kb']:.2f} KB)")


if __name__ == "__main__":
    main()
