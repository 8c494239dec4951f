"""Requests that change a table are priced (#42 item 6): spectator-chat switches, undo and end requests,
their answers and rematches are counted per client and kind, a flood from many sockets of one address
makes at most the limit's writes and broadcasts, the refusal says when to try again, and a request that
would change nothing writes and tells nothing."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tabletop.server import create_app
from tests.server.live import (
    ANN_AND_BOB,
    bearer,
    create,
    finished_table,
    history,
    reader,
    seated,
    settings_for_tests,
    statements,
    until,
)

WRITE = re.compile(r"^\s*(INSERT|UPDATE|DELETE)\b", re.IGNORECASE)
SETTINGS = re.compile(r"^\s*UPDATE game_tables SET\b[^\n]*?\bsettings\s*=", re.IGNORECASE)


@contextmanager
def writes(client: TestClient) -> Iterator[list[str]]:
    """The statements that write to the server's database while the block runs (a lease renewed on
    the clock is left out: it is no one's request)."""
    with statements(client, lambda statement: WRITE.match(statement) is not None
                    and "lease_until" not in statement) as seen:
        yield seen


def settings_writes(statements: list[str]) -> int:
    return sum(1 for statement in statements if SETTINGS.match(statement))


def handled(ws: WebSocketTestSession) -> list[dict[str, Any]]:
    """Every message the socket got until the server had handled all it was sent (its ping's pong: a
    socket's messages are handled in order)."""
    ws.send_json({"type": "ping"})
    got = []
    while (message := ws.receive_json())["type"] != "pong":
        got.append(message)
    return got


def errors(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [message for message in messages if message["type"] == "error"]


def toggle_flood(client: TestClient, table: str, token: str, sockets: int, each: int) -> list[dict[str, Any]]:
    """``sockets`` sockets of one seat (one address) each switching spectator chat ``each`` times, on
    and off; the refusals they got."""
    refused: list[dict[str, Any]] = []
    opened = [client.websocket_connect(f"/ws/tables/{table}") for _ in range(sockets)]
    sessions = [ws.__enter__() for ws in opened]
    try:
        for ws in sessions:
            ws.send_json({"type": "hello", "tokens": [token]})
        for n in range(each):
            for ws in sessions:
                ws.send_json({"type": "spectator_chat", "allowed": n % 2 == 0})
        for ws in sessions:
            refused += errors(handled(ws))
    finally:
        for ws in opened:
            ws.__exit__(None, None, None)
    return refused


def waiting_table(client: TestClient) -> tuple[str, str]:
    """A table waiting for a second player (nothing else happens at it): its id and Ann's token."""
    created = create(client, "cribbage", [{"kind": "human", "name": "Ann"}, {"kind": "human"}])
    return created["table"]["id"], created["tokens"]["0"]


def test_a_toggle_flood_from_many_sockets_makes_at_most_the_limits_writes_and_broadcasts(database_url: str) -> None:
    with TestClient(create_app(settings_for_tests(database_url, toggles_per_minute=5))) as client:
        table, token = waiting_table(client)
        with reader(client, table) as watcher, writes(client) as written:
            history(watcher)
            refused = toggle_flood(client, table, token, sockets=10, each=20)
            policies = [m for m in handled(watcher) if m["type"] == "chat_policy"]
        assert len(refused) == 200 - 5  # every toggle counts; five went through
        said = {(e["code"], e["params"]["limit"], e["params"]["span"]) for e in refused}
        assert said == {("too_many_toggles", 5, 60)}
        assert all(1 <= e["params"]["retry_after"] <= 60 for e in refused)
        assert "spectator chat" in refused[0]["reason"] and "wait" in refused[0]["reason"]
        assert 1 <= settings_writes(written) == len(written) == len(policies) <= 5  # (before: 200 of each)


def test_a_toggle_that_changes_nothing_writes_and_tells_nothing(sqlite_url: str) -> None:
    with TestClient(create_app(settings_for_tests(sqlite_url))) as client:
        table, token = waiting_table(client)
        with reader(client, table, token) as seat, reader(client, table) as watcher, writes(client) as written:
            history(seat), history(watcher)
            for allowed in (False, True, True, True):
                seat.send_json({"type": "spectator_chat", "allowed": allowed})
            answers = [m for m in handled(seat) if m["type"] == "chat_policy"]
            told = [m for m in handled(watcher) if m["type"] == "chat_policy"]
            watcher.send_json({"type": "spectator_chat", "allowed": False})
            assert [m["code"] for m in handled(watcher) if m["type"] == "chat_refused"] == ["not_seated"]
        assert [m["spectators"] for m in answers] == [False, True, True, True]  # the asker is always answered
        assert [m["spectators"] for m in told] == [True]  # everyone else is told of the one change
        assert settings_writes(written) == len(written) == 1


def test_undo_asks_and_answers_are_priced_and_an_answer_given_twice_writes_once(sqlite_url: str) -> None:
    limits = {"undo_asks_per_minute": 3, "answers_per_minute": 6}
    with TestClient(create_app(settings_for_tests(sqlite_url, **limits))) as client:
        created = create(client, "cubulus", [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}],
                         options={"first": "0", "players": "3"})
        table, tokens = created["table"]["id"], created["tokens"]
        with seated(client, table, tokens["0"]) as ann, seated(client, table, tokens["1"]) as bob, \
                seated(client, table, tokens["2"]) as cleo:
            state = until(ann, lambda m: m["type"] == "state" and m["to_move"] == 0 and bool(m["legal"]))
            ann.send_json({"type": "act", "action": state["legal"][0], "move": state["move"]})
            moved = until(ann, lambda m: m["type"] == "state" and m["undo_seat"] == 0)
            for ws in (bob, cleo):
                until(ws, lambda m: m["type"] == "state" and m["move"] == moved["move"])
            with writes(client) as written:
                asked = []
                for _ in range(10):  # ask, and Bob refuses: each round a write for each while priced
                    ann.send_json({"type": "undo", "move": moved["move"]})
                    asked += errors(handled(ann))
                    bob.send_json({"type": "refuse_undo"})
                    handled(bob)
            assert [e["code"] for e in asked] == ["too_many_undo_asks"] * 7
            assert asked[0]["params"]["limit"] == 3 and 1 <= asked[0]["params"]["retry_after"] <= 60
            assert settings_writes(written) == len(written) == 6  # three asks, three refusals (before: 20)
    limits = {"undo_asks_per_minute": 3, "answers_per_minute": 2}
    with TestClient(create_app(settings_for_tests(sqlite_url, **limits))) as client, \
            seated(client, table, tokens["0"]) as ann, seated(client, table, tokens["1"]) as bob, \
            seated(client, table, tokens["2"]) as cleo:  # (all here: nobody gone, no such mark written)
        for ws in (ann, bob, cleo):
            until(ws, lambda m: m["type"] == "state")
        live = client.app.state.hub.registry  # type: ignore[attr-defined]
        deadline = time.monotonic() + 10  # the marks of people gone when the last server stopped, cleared now
        while live[table].settings.gone and time.monotonic() < deadline:
            time.sleep(0.02)
        with writes(client) as written:
            ann.send_json({"type": "undo", "move": moved["move"]})
            handled(ann)
            for _ in range(4):
                bob.send_json({"type": "agree_undo"})
            answered = errors(handled(bob))
        assert [e["code"] for e in answered] == ["too_many_answers"] * 2
        assert settings_writes(written) == len(written) == 2  # the ask and Bob's one consent (Cleo's awaited)


def test_end_requests_are_priced_by_socket_and_by_http(sqlite_url: str) -> None:
    with TestClient(create_app(settings_for_tests(sqlite_url, end_requests_per_minute=3))) as client:
        created = create(client, "cribbage", [{"kind": "human"}, {"kind": "human"}])
        table, tokens = created["table"]["id"], created["tokens"]
        with seated(client, table, tokens["0"]) as ann, seated(client, table, tokens["1"]) as bob:
            until(ann, lambda m: m["type"] == "state" and m["status"] == "playing")
            with writes(client) as written:
                refused = []
                for _ in range(5):  # ask to abandon, and Bob refuses
                    ann.send_json({"type": "abandon"})
                    refused += errors(handled(ann))
                    bob.send_json({"type": "refuse_end"})
                    handled(bob)
            assert [e["code"] for e in refused] == ["too_many_end_requests"] * 2
            assert settings_writes(written) == len(written) == 6
            by_http = client.post(f"/api/tables/{table}/resign", headers=bearer(tokens["1"]))
            assert by_http.status_code == 429 and by_http.json()["code"] == "too_many_end_requests"
            assert 1 <= int(by_http.headers["Retry-After"]) <= 60
        assert client.get(f"/api/tables/{table}").json()["status"] == "playing"


def test_rematch_requests_are_priced_and_one_asked_again_writes_nothing(sqlite_url: str) -> None:
    with TestClient(create_app(settings_for_tests(sqlite_url, rematches_per_minute=3))) as client:
        table, tokens = finished_table(client, ANN_AND_BOB)
        first = client.post(f"/api/tables/{table}/rematch", headers=bearer(tokens[0]))
        assert first.status_code == 200 and first.json()["created"]
        with writes(client) as written:
            again = client.post(f"/api/tables/{table}/rematch", headers=bearer(tokens[0]))
            assert again.status_code == 200 and again.json()["already"] == [0]
        assert written == []
        client.post(f"/api/tables/{table}/rematch", headers=bearer(tokens[0]))
        refused = client.post(f"/api/tables/{table}/rematch", headers=bearer(tokens[1]))
        assert refused.status_code == 429 and refused.json()["code"] == "too_many_rematches"
        assert refused.json()["params"]["limit"] == 3 and "Retry-After" in refused.headers


@pytest.mark.slow_tier
def test_a_toggle_goes_through_again_once_the_window_has_passed(sqlite_url: str) -> None:
    """The refusal's ``retry_after`` is true: waiting that long, the client may switch again (a minute)."""
    with TestClient(create_app(settings_for_tests(sqlite_url, toggles_per_minute=2))) as client:
        table, token = waiting_table(client)
        refused = toggle_flood(client, table, token, sockets=3, each=4)
        assert len(refused) == 10
        time.sleep(refused[-1]["params"]["retry_after"] + 0.5)
        with reader(client, table, token) as seat, reader(client, table) as watcher:
            switched = not history(seat)["spectators"]
            history(watcher)
            seat.send_json({"type": "spectator_chat", "allowed": switched})
            assert not errors(handled(seat))
            assert [m["spectators"] for m in handled(watcher) if m["type"] == "chat_policy"] == [switched]
