"""Seats follow the account across server processes (issue 45 item 2, "two server processes for seat binding"):
two real ``tabletop serve`` processes on one PostgreSQL database and one Redis. An account signs up on one,
makes a table there, signs in on the other — a session the other made, read from the shared database — and
plays its seat from there over the socket with no token; a session signed out on one is refused by the other.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from tabletop.server.identity import CSRF_HEADER, SESSION_COOKIE
from tests.server.faults import RedisServer
from tests.server.site.accounts import PASSWORD
from tests.server.test_failover import tails, two_servers

pytestmark = pytest.mark.slow



def test_a_seat_made_on_one_process_is_played_from_the_other_by_the_same_account(
        postgres_url: str, tmp_path: Path) -> None:
    logs = [tmp_path / "a.log", tmp_path / "b.log"]
    with RedisServer() as broker, two_servers(postgres_url, broker, logs) as [(one, _), (two, _)]:
        laptop = httpx.Client(base_url=one, timeout=60)
        made = laptop.post("/api/account/signup", json={"username": "Anna", "password": PASSWORD})
        assert made.status_code == 201, made.text + tails(*logs)
        table = laptop.post("/api/tables", json={"game": "cubulus", "options": {"first": "0"},
                                                 "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}]},
                            headers={CSRF_HEADER: made.json()["csrf"]}).json()["table"]["id"]

        phone = httpx.Client(base_url=two, timeout=60)
        signed = phone.post("/api/account/login", json={"username": "anna", "password": PASSWORD})
        assert signed.status_code == 200, signed.text + tails(*logs)
        assert phone.get(f"/api/tables/{table}/state").json()["seat"] == 0, tails(*logs)
        cookie = phone.cookies[SESSION_COOKIE]
        with connect(two.replace("http", "ws") + f"/ws/tables/{table}", open_timeout=60,
                     additional_headers={"Cookie": f"{SESSION_COOKIE}={cookie}", "Origin": two}) as ws:
            ws.send(json.dumps({"type": "hello", "tokens": []}))
            state = json.loads(ws.recv(timeout=60))
            while state.get("type") != "state" or not state.get("legal"):
                state = json.loads(ws.recv(timeout=60))
            assert state["seat"] == 0
            ws.send(json.dumps({"type": "act", "action": state["legal"][0], "move": state["move"]}))
            moved = json.loads(ws.recv(timeout=60))
            while moved.get("type") != "state" or moved["move"] <= state["move"]:
                assert moved.get("type") != "error", moved
                moved = json.loads(ws.recv(timeout=60))
        deadline = time.monotonic() + 30  # the first process hears of the move over Redis (or its poll)
        while laptop.get(f"/api/tables/{table}").json()["moves"] <= state["move"]:
            assert time.monotonic() < deadline, "the first process never heard of the move" + tails(*logs)
            time.sleep(0.1)

        # signed out on the first process: the second refuses the session too (the database is the truth)
        everywhere = laptop.post("/api/account/logout", json={"everywhere": True},
                                 headers={CSRF_HEADER: made.json()["csrf"]})
        assert everywhere.json()["signed_out"] == 2
        assert phone.get("/api/account").json()["account"] is None
        assert phone.get(f"/api/tables/{table}/state").json()["seat"] is None
