"""Start-up and the lobby with many open tables: how long a server takes to answer, and what a lobby
page costs, when the database holds ``--tables`` tables waiting for players.

Tables load lazily and the lobby is answered from the database's indexes, so neither should grow
with the number of tables (goal of the server hardening issue: start-up < 5 s with 10,000 open
tables). The tables are written straight into a fresh SQLite file (one transaction), then
``tabletop serve`` is started on it as a user starts it and timed until it answers; the lobby's
first page and a page deep in the cursor chain are timed as medians of several requests.

    python benchmarks/server_startup.py [--tables 10000] [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
from sqlalchemy import insert

from tabletop.server.process import serving
from tabletop.storage import Store
from tabletop.storage.models import SeatRow, TableRow


def fill(db: str, tables: int) -> None:
    """``tables`` open two-seat Cubulus tables, created a second apart, written in one transaction."""
    store = Store(db)
    start = datetime.now(UTC) - timedelta(seconds=tables)
    rows, seats = [], []
    for number in range(tables):
        table_id = uuid.uuid4().hex
        rows.append({"id": table_id, "game": "cubulus", "options": {"players": 2}, "status": "open",
                     "created_at": start + timedelta(seconds=number), "updated_at": datetime.now(UTC),
                     "active_at": start + timedelta(seconds=number),
                     "settings": {"chance_secret": uuid.uuid4().hex * 2}, "all_bots": False})
        seats += [{"table_id": table_id, "seat": seat, "kind": "human", "name": "", "joined": False}
                  for seat in (0, 1)]
    with store.engine.begin() as connection:
        connection.execute(insert(TableRow), rows)
        connection.execute(insert(SeatRow), seats)
    store.close()


def median_ms(base: str, path: str, runs: int) -> float:
    times = []
    with httpx.Client(timeout=60) as client:
        for _ in range(runs):
            started = time.perf_counter()
            client.get(f"{base}{path}").raise_for_status()
            times.append(time.perf_counter() - started)
    return statistics.median(times) * 1e3


def start_seconds(db: str, runs: int) -> float:
    """The median time from starting ``tabletop serve`` on ``db`` to its first answer."""
    starts = []
    for _ in range(runs):
        started = time.perf_counter()
        with serving(db):
            starts.append(time.perf_counter() - started)
    return statistics.median(starts)


def rows(tables: int = 10_000, runs: int = 5) -> list[tuple[str, str]]:
    """(what, figure) rows: start-up seconds (against an empty database, measured in the same run) and
    lobby page times with ``tables`` open tables."""
    with tempfile.TemporaryDirectory() as folder:
        empty = start_seconds(f"sqlite:///{Path(folder) / 'empty.db'}", runs)
        db = f"sqlite:///{Path(folder) / 'startup.db'}"
        fill(db, tables)
        full = start_seconds(db, runs)
        # (the per-client request rate is raised: 50 pages a second would be refused, and the page's time is measured)
        with serving(db, args=["--limit", "requests_per_second=100000"]) as (base, _), \
                httpx.Client(timeout=60) as client:
            first = median_ms(base, "/api/tables?limit=100", runs)
            cursor = None
            for _ in range(min(50, tables // 100)):
                page = client.get(f"{base}/api/tables", params={"limit": 100, **({"cursor": cursor} if cursor else {})})
                cursor = page.json()["next"]
            deep = median_ms(base, f"/api/tables?limit=100&cursor={cursor}", runs) if cursor else first
    return [
        ("open tables in the database", f"{tables:,}"),
        ("start-up until the server answers, s (median)", f"{full:.2f}"),
        ("the same with an empty database, s (median)", f"{empty:.2f} ({full / empty:.2f}×)"),
        ("lobby first page (100 tables), ms (median)", f"{first:.1f}"),
        ("lobby page 51 by cursor, ms (median)", f"{deep:.1f}"),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for what, figure in rows(args.tables, args.runs):
        print(f"{what:50} {figure}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
