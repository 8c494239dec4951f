"""Seat tokens are priced (#42 item 7): each token of a header or a hello is looked at once, more than a
table's seats is refused before any look-up, the live table's row answers for the tokens it knows, the
database is asked once for the others, and a freed seat's old token answers no more — on SQLite and
PostgreSQL."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tabletop.server import create_app
from tabletop.server.messages import MAX_SEATS
from tabletop.storage import Store
from tests.server.live import bearer, create, seated, settings_for_tests, statements, until

LOOK_UP = re.compile(r"^\s*SELECT\b.*\btoken_hash (IN|=)", re.DOTALL | re.IGNORECASE)
"""A statement that looks seat tokens up by their hashes (the row read on a catch-up is not one)."""


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(database_url))) as test_client:
        yield test_client


@contextmanager
def look_ups(client: TestClient) -> Iterator[list[str]]:
    """The token look-ups the server's database runs while the block runs."""
    with statements(client, lambda statement: LOOK_UP.match(statement) is not None) as seen:
        yield seen


def state(client: TestClient, table: str, *tokens: str) -> Any:
    return client.get(f"/api/tables/{table}/state", headers=bearer(*tokens))


def test_32_copies_of_a_token_are_one_token_and_the_live_row_answers_without_a_look_up(client: TestClient) -> None:
    created = create(client, "cribbage", [{"kind": "human", "name": "Ann"}, {"kind": "bot"}])
    table, token = created["table"]["id"], created["tokens"]["0"]
    with look_ups(client) as seen:
        answer = state(client, table, *[token] * 32)
        assert answer.status_code == 200 and answer.json()["seat"] == 0
        with seated(client, table, *[token] * MAX_SEATS) as ws:
            assert until(ws, lambda m: m["type"] == "state")["seat"] == 0
    assert seen == []


def test_a_token_the_row_does_not_know_costs_one_look_up_and_a_bad_one_is_refused(
        client: TestClient, database_url: str) -> None:
    """A seat given out by another process (its notice not heard yet): one query finds it, whatever the
    copies, and the table catches up, so the next request asks nothing."""
    created = create(client, "cribbage", [{"kind": "human", "name": "Ann"}, {"kind": "human"}])
    table = created["table"]["id"]
    elsewhere = Store(database_url, migrate=False)
    try:
        bob = elsewhere.claim_seat(table, 1, "Bob")
    finally:
        elsewhere.close()
    with look_ups(client) as seen:
        answer = state(client, table, *[bob] * 32)
        assert answer.status_code == 200 and answer.json()["seat"] == 1
    assert len(seen) == 1
    with look_ups(client) as seen:
        assert state(client, table, bob).json()["seat"] == 1
        assert state(client, table, created["tokens"]["0"], bob).status_code == 200
    assert seen == []
    with look_ups(client) as seen:
        refused = state(client, table, *["not-a-token"] * 32)
    assert refused.status_code == 403 and refused.json()["code"] == "bad_token" and len(seen) == 1


def test_more_tokens_than_seats_are_refused_before_any_look_up(client: TestClient) -> None:
    created = create(client, "cribbage", [{"kind": "human", "name": "Ann"}, {"kind": "bot"}])
    table, token = created["table"]["id"], created["tokens"]["0"]
    with look_ups(client) as seen:
        three = client.post(f"/api/tables/{table}/resign", headers=bearer(token, "guess-1", "guess-2", token))
        assert three.status_code == 400
        assert (three.json()["code"], three.json()["params"]) == ("too_many_tokens", {"count": 3, "seats": 2})
        many = [f"guess-{n}" for n in range(MAX_SEATS + 1)]
        beyond = client.post(f"/api/tables/{table}/resign", headers=bearer(*many))
        assert beyond.status_code == 400 and beyond.json()["params"] == {"count": MAX_SEATS + 1, "seats": MAX_SEATS}
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            ws.send_text(json.dumps({"type": "hello", "tokens": [token, "guess-1", "guess-2"]}))
            assert ws.receive_json()["code"] == "too_many_tokens"
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()
    assert seen == []


def test_a_hot_seat_header_and_hello_with_every_seats_token_still_work(client: TestClient) -> None:
    created = create(client, "cribbage", [{"kind": "local"}, {"kind": "local"}])
    table, tokens = created["table"]["id"], created["tokens"]
    both = [tokens["0"], tokens["1"]]
    assert state(client, table, *both, *both).status_code == 200
    with seated(client, table, *both, tokens["1"]) as ws:
        message = until(ws, lambda m: m["type"] == "state" and m["status"] == "playing")
        assert message["ways_out"]["seat"] in (0, 1)
    resigned = client.post(f"/api/tables/{table}/resign", headers=bearer(*both, *both))
    assert resigned.status_code == 200 and resigned.json()["status"] == "over"


def test_a_seat_freed_here_or_by_another_process_answers_for_its_old_token_no_more(
        client: TestClient, database_url: str) -> None:
    created = create(client, "cribbage", [{"kind": "human", "name": "Ann"}, {"kind": "human"}])
    table = created["table"]["id"]
    bob = client.post(f"/api/tables/{table}/join", json={"name": "Bob"}).json()["token"]
    assert state(client, table, bob).json()["seat"] == 1  # (the game started: every seat is taken)
    left = client.post(f"/api/tables/{table}/leave", headers=bearer(bob))
    assert left.status_code == 200
    # a started game: a bot plays the seat, and its person may still watch as that seat (the store keeps
    # the token); a table not started frees the seat, and the token is void
    assert state(client, table, bob).status_code == 200

    waiting = create(client, "cribbage", [{"kind": "human", "name": "Ann"}, {"kind": "human"},
                                          {"kind": "human"}], options={"players": 3})["table"]["id"]
    cleo = client.post(f"/api/tables/{waiting}/join", json={"name": "Cleo"}).json()["token"]
    assert state(client, waiting, cleo).json()["seat"] == 1
    assert client.post(f"/api/tables/{waiting}/leave", headers=bearer(cleo)).status_code == 200
    assert state(client, waiting, cleo).json()["code"] == "bad_token"

    dan = client.post(f"/api/tables/{waiting}/join", json={"name": "Dan"}).json()["token"]
    assert state(client, waiting, dan).json()["seat"] == 1
    elsewhere = Store(database_url, migrate=False)  # another process frees Dan's seat and tells this one
    try:
        elsewhere.free_seat(waiting, 1)
    finally:
        elsewhere.close()
    notice = {"table": waiting, "moves": 0, "status": "open", "origin": "another-process"}
    client.portal.call(client.app.state.hub.notices.heard, json.dumps(notice))  # type: ignore[attr-defined]
    assert state(client, waiting, dan).json()["code"] == "bad_token"
