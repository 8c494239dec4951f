"""Recovery and scale-out against real processes (server issue, parts 5 and 8).

A server process is killed with SIGKILL in the middle of a game and restarted on the same SQLite
file: every accepted action is still there and the game goes on. Two server processes share one
PostgreSQL database and one Redis: a game is played with its seats connected to different processes.
"""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tabletop.server.process import serving
from tests.server.live import SAME_PRIORITY, Listed, bearer, hello

pytestmark = pytest.mark.slow

REDIS = os.environ.get("TABLETOP_TEST_REDIS", "redis://127.0.0.1:6379/0")


@contextmanager
def seat_socket(base: str, table: str, *tokens: str) -> Iterator[ClientConnection]:
    """A WebSocket to a real server's table holding these seats (hello sent)."""
    with connect(f"{base.replace('http', 'ws')}/ws/tables/{table}") as ws:
        ws.send(hello(*tokens))
        yield ws


def act_http(base: str, table: str, token: str) -> dict[str, Any]:
    """Take the first legal action for this seat by HTTP when it is its turn; return the update."""
    deadline = time.monotonic() + 60  # a restarted server takes the table over once the old lease lapses
    while time.monotonic() < deadline:
        reply = httpx.get(f"{base}/api/tables/{table}/state", headers=bearer(token), timeout=30)
        if reply.status_code == 429:  # polled faster than the per-client rate while the bot thinks: wait
            time.sleep(float(reply.headers.get("Retry-After", "1")))
            continue
        assert reply.status_code == 200, reply.text
        state: dict[str, Any] = reply.json()
        if state["status"] != "playing":
            return state
        if state["legal"]:
            response = httpx.post(f"{base}/api/tables/{table}/act", timeout=30,
                                  json={"token": token, "action": state["legal"][0], "move": state["move"]})
            assert response.status_code == 200, response.text
            return dict(response.json())
        time.sleep(0.05)  # 20 looks a second, within the server's 30 requests a second per client
    raise AssertionError("never my turn")


SHORT_LEASE = ("--limit", "lease_seconds=2", *SAME_PRIORITY)
"""The killed server's lease lapses within two seconds, so the restarted one takes its table over at once
(the default's six seconds would be waited out for nothing: leases have tests of their own, test_failover.py)."""


@pytest.mark.slow_tier  # an outage: servers killed, restarted, waited out (tens of seconds)
def test_kill_9_loses_no_accepted_action_and_the_game_resumes(tmp_path: Any) -> None:
    db = f"sqlite:///{tmp_path / 'live.db'}"
    with serving(db, args=SHORT_LEASE) as (base, process):
        created = httpx.post(f"{base}/api/tables", json={
            "game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}], "seed": 3,
            "options": {"move_cap": 16}}).json()  # a short game: what matters is the restart in its middle
        table, token = created["table"]["id"], created["tokens"]["0"]
        with seat_socket(base, table, token):
            for _ in range(4):
                last = act_http(base, table, token)
        moves_before = last["move"]
        os.kill(process.pid, signal.SIGKILL)
        process.wait(30)
    with serving(db, args=SHORT_LEASE) as (base, _):
        resumed = httpx.get(f"{base}/api/tables/{table}/state", headers=bearer(token)).json()
        assert resumed["move"] >= moves_before and resumed["status"] == "playing"
        with seat_socket(base, table, token) as ws:
            first = json.loads(ws.recv(timeout=30))
            assert first["type"] == "state" and first["seat"] == 0
            state = resumed
            while state["status"] == "playing":
                state = act_http(base, table, token)
        assert state["status"] == "over"
        record = httpx.get(f"{base}/api/tables/{table}/record").json()
        assert len(record["actions"]) >= moves_before


def test_two_server_processes_share_a_table_through_postgresql_and_redis(postgres_url: str) -> None:
    redis = REDIS
    with serving(postgres_url, redis=redis, args=SAME_PRIORITY) as (one, _), \
            serving(postgres_url, redis=redis, args=SAME_PRIORITY) as (two, _):
        created = httpx.post(f"{one}/api/tables", json={
            "game": "cubulus", "seats": [{"kind": "human"}, {"kind": "human"}],
            "options": {"first": "1", "move_cap": 16},
            "creator_seat": None}).json()
        table, tokens = created["table"]["id"], created["tokens"]
        with seat_socket(one, table, tokens['0']) as zero, \
                seat_socket(two, table, tokens['1']) as first:
            sockets = [zero, first]
            latest: list[dict[str, Any]] = [{}, {}]
            listed = [Listed(), Listed()]
            moves = 0
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                for seat, ws in enumerate(sockets):
                    try:
                        message = json.loads(ws.recv(timeout=0.05))
                    except TimeoutError:
                        continue
                    assert message["type"] == "state", message
                    latest[seat] = message = listed[seat].fill(message)
                    if message["legal"] and message["move"] >= moves:
                        ws.send(json.dumps({"type": "act", "action": message["legal"][0], "move": message["move"]}))
                        moves = message["move"] + 1
                if all(m.get("status") == "over" for m in latest):
                    break
            assert all(m.get("status") == "over" for m in latest), "each process heard every move of the other"
            assert latest[0]["move"] == latest[1]["move"] and latest[0]["view"] == latest[1]["view"]
