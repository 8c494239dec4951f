"""The server as an attacker meets it: unpredictable chance, limits, validation, the creator's seat,
tokens kept out of URLs and a lobby that pages (server hardening issue, items 2, 3, 4, 6, 7).

Each test names the failure it guards against. The server runs in this process on a real SQLite
file (TestClient); the real-process scenarios (failover, floods, logs) are in test_failover.py
and test_abuse.py.
"""

from __future__ import annotations

import gc
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

import tabletop
from tabletop.server import chance, create_app
from tabletop.server.app import FULL_COLLECTION_AFTER
from tabletop.server.limits import Limits, describe_limits
from tests.server.live import bearer, create, hello, seated, settings_for_tests, until, until_my_turn

CUBULUS_BOTS = {"game": "cubulus", "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(sqlite_url))) as test_client:
        yield test_client


def served(db: str, **limits: Any) -> TestClient:
    """A client of a server with these limits (the rest as in the other server tests)."""
    return TestClient(create_app(settings_for_tests(db, **limits)))


def hot_seat_cribbage(client: TestClient, **extra: Any) -> dict[str, Any]:
    return create(client, "cribbage", [{"kind": "local"}, {"kind": "local"}], **extra)


# ---------------------------------------------------------------------- chance nobody can predict


def test_a_chosen_seed_is_refused_where_a_stranger_could_sit(client: TestClient) -> None:
    body = {"game": "cribbage", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 7}
    refused = client.post("/api/tables", json=body)
    assert refused.status_code == 422 and "practice tables" in refused.json()["detail"] and "seat 2" in refused.text
    for seats in ([{"kind": "human"}, {"kind": "bot"}], [{"kind": "human"}, {"kind": "local"}],
                  [{"kind": "local"}, {"kind": "local"}]):
        assert client.post("/api/tables", json={**body, "seats": seats}).status_code == 201, seats
    nobody = client.post("/api/tables", json={**body, "seats": [{"kind": "human"}, {"kind": "bot"}],
                                              "creator_seat": None})
    assert nobody.status_code == 422  # the creator does not sit: seat 1 is a stranger's


def test_two_tables_chance_streams_are_unrelated_and_the_secret_is_never_shown(client: TestClient) -> None:
    tables = [create(client, "cribbage", [{"kind": "human"}, {"kind": "human"}], creator_seat=None)
              for _ in range(2)]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    secrets = [hub.tables[t["table"]["id"]].secret for t in tables]
    assert secrets[0] != secrets[1] and all(len(bytes.fromhex(s)) == 32 for s in secrets)  # 256 bits each
    streams = [[chance.draw_generator(s, index).random() for index in range(50)] for s in secrets]
    assert not set(streams[0]) & set(streams[1])
    assert len({chance.draw_generator(secrets[0], i).getrandbits(64) for i in range(1000)}) == 1000
    deals = []
    for created in tables:
        table, tokens = created["table"]["id"], created["tokens"]
        with seated(client, table, tokens["0"]) as first, seated(client, table, tokens["1"]):
            message = until(first, lambda m: m["status"] == "playing" and m["to_move"] >= 0)  # dealt
        deals.append(message["view"])
        lobby_line = client.get(f"/api/tables/{table}").text
        spectators = client.get(f"/api/tables/{table}/state").text
        for text in (json.dumps(message), lobby_line, spectators, client.get("/api/tables").text):
            assert hub.tables[table].secret not in text
    assert deals[0] != deals[1]


def test_the_secret_is_in_the_record_once_the_game_is_over_and_replays_every_draw(client: TestClient) -> None:
    created = create(client, "beetle", [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    table, token = created["table"]["id"], created["tokens"]["0"]
    assert client.get(f"/api/tables/{table}/record").status_code == 409
    with seated(client, table, token) as ws:
        message = until_my_turn(ws)
        while message["status"] == "playing":
            ws.send_text(json.dumps({"type": "act", "action": message["legal"][0], "move": message["move"]}))
            message = until_my_turn(ws)
    record = client.get(f"/api/tables/{table}/record").json()
    secret = record["meta"]["chance"]["secret"]
    assert record["meta"]["chance"]["generator"] == chance.GENERATOR and "seed" not in record["meta"]
    game = tabletop.load("beetle", players=2)
    state = game.initial_state()
    for index, action in enumerate(record["actions"]):  # every chance outcome is the one the secret gives
        if state.is_chance:
            assert str(state.sample_chance(chance.draw_generator(secret, index))) == action
        state = state.apply_text(action)
    assert state.is_terminal


def test_undo_cannot_re_draw_chance(sqlite_url: str) -> None:
    """A take-back and the same move again meet the same cut as never taking it back (no re-rolls)."""

    def cut_after_discards(client: TestClient, undo_first: bool) -> str:
        created = hot_seat_cribbage(client)
        table, tokens = created["table"]["id"], created["tokens"]
        with seated(client, table, tokens["0"], tokens["1"]) as ws:
            message = until_my_turn(ws)
            discard = message["legal"][0]
            seat = message["to_move"]
            ws.send_text(json.dumps({"type": "act", "action": discard, "move": message["move"], "seat": seat}))
            message = until(ws, lambda m: m["move"] == message["move"] + 1)
            if undo_first:
                asked = message  # a hot seat's undo needs nobody else's consent: it is done at once
                ws.send_text(json.dumps({"type": "undo", "move": asked["move"], "seat": seat}))
                message = until(ws, lambda m: m["undo"] is None and m["move"] == asked["move"] + 1)
                ws.send_text(json.dumps({"type": "act", "action": discard, "move": message["move"], "seat": seat}))
                message = until(ws, lambda m: m["move"] == asked["move"] + 2)
            while message["view"].get("starter") is None:  # the other discard, then the cut
                if message["legal"]:
                    ws.send_text(json.dumps({"type": "act", "action": message["legal"][0], "move": message["move"],
                                             "seat": message["to_move"]}))
                message = ws.receive_json()
            return str(message["view"]["starter"])

    with served(sqlite_url) as client:
        plain = cut_after_discards(client, undo_first=False)
        again = cut_after_discards(client, undo_first=True)
    assert plain == again


# ---------------------------------------------------------------------- limits


def test_api_requests_per_second_are_limited_per_client_and_static_files_are_not(sqlite_url: str) -> None:
    with served(sqlite_url, requests_per_second=5, refusal_delay_seconds=0) as client:
        answers = [client.get("/api/games").status_code for _ in range(8)]
        assert answers[:5] == [200] * 5 and answers[5:] == [429] * 3
        refused = client.get("/api/tables")
        assert refused.status_code == 429 and "at most 5 a second" in refused.json()["detail"]
        assert refused.headers["Retry-After"] == "1"
        assert client.get("/").status_code == 200  # the web app's files are not API requests


def test_odds_replays_and_motions_have_a_lower_rate_of_their_own(sqlite_url: str) -> None:
    with served(sqlite_url, expensive_per_second=2) as client:
        beetle = create(client, "beetle", [{"kind": "local"}] * 2)
        odds = f"/api/tables/{beetle['table']['id']}/odds"
        answers = [client.get(odds) for _ in range(3)]
        assert [a.status_code for a in answers[:2]] == [200, 200]
        assert answers[2].status_code == 429 and answers[2].headers["Retry-After"] == "1"
        assert "odds, replay, motion, coach or lobby requests: at most 2 a second" in answers[2].json()["detail"]
        assert client.get("/api/games").status_code == 200  # other requests still go through


def test_a_refusal_is_held_back_so_a_client_that_ignores_retry_after_cannot_spin(sqlite_url: str) -> None:
    with served(sqlite_url, requests_per_second=1, refusal_delay_seconds=0.3) as client:
        assert client.get("/api/games").status_code == 200
        started = time.monotonic()
        refused = client.get("/api/games")
        assert refused.status_code == 429 and time.monotonic() - started >= 0.3  # answered, but not at once


def test_table_creations_per_minute_are_limited_with_retry_after(sqlite_url: str) -> None:
    with served(sqlite_url, creations_per_minute=3) as client:
        assert [client.post("/api/tables", json=CUBULUS_BOTS).status_code for _ in range(3)] == [201] * 3
        refused = client.post("/api/tables", json=CUBULUS_BOTS)
    assert refused.status_code == 429 and "at most 3 a minute" in refused.json()["detail"]
    assert int(refused.headers["Retry-After"]) >= 1


def test_unfinished_tables_per_client_are_limited_for_creating_and_joining(sqlite_url: str) -> None:
    with served(sqlite_url, open_tables_per_client=2) as client:
        first = create(client, "cubulus", [{"kind": "human"}, {"kind": "human"}], creator_seat=None)
        create(client, "cubulus", [{"kind": "human"}, {"kind": "human"}], creator_seat=None)
        refused = client.post("/api/tables", json={"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot"}]})
        assert refused.status_code == 429 and "2 unfinished tables" in refused.json()["detail"]
        joined = client.post(f"/api/tables/{first['table']['id']}/join", json={"name": "Bea"})
        assert joined.status_code == 429
        abandoned = client.post(f"/api/tables/{first['table']['id']}/abandon",
                                headers=bearer(first["creator_token"]))
        assert abandoned.status_code == 200  # the creator's token ends its own table …
        assert client.post("/api/tables", json=CUBULUS_BOTS).status_code == 201  # … and frees a place


def test_all_bot_tables_are_limited_and_their_creator_token_stops_them(sqlite_url: str) -> None:
    with served(sqlite_url, bot_tables=1) as client:
        # a game between random cribbage bots lasts minutes at the bots' pace (not a Cubulus game's
        # seconds), so it is still being played when its creator stops it, however slow the machine
        first = client.post("/api/tables", json={**CUBULUS_BOTS, "game": "cribbage"})
        assert first.status_code == 201
        refused = client.post("/api/tables", json=CUBULUS_BOTS)
        assert refused.status_code == 503 and "all-bot tables" in refused.json()["detail"]
        assert "Retry-After" in refused.headers
        table = first.json()["table"]["id"]
        assert client.post(f"/api/tables/{table}/abandon", headers=bearer("guess")).status_code == 403
        stopped = client.post(f"/api/tables/{table}/abandon", headers=bearer(first.json()["creator_token"]))
        assert stopped.status_code == 200 and stopped.json()["status"] in ("abandoned",)
        assert client.post("/api/tables", json=CUBULUS_BOTS).status_code == 201


def test_a_socket_over_its_message_rate_is_told_and_closed_with_1008(sqlite_url: str) -> None:
    with served(sqlite_url, messages_per_second=5, message_burst=10) as client:
        created = create(client, "cubulus", [{"kind": "human"}, {"kind": "bot"}])
        with seated(client, created["table"]["id"], created["tokens"]["0"]) as ws:
            ws.receive_json()
            for _ in range(30):
                ws.send_text(json.dumps({"type": "ping"}))
            replies = []
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    replies.append(ws.receive_json())
        assert closed.value.code == 1008
        assert sum(r["type"] == "pong" for r in replies) == 10  # the burst is served
        assert "too many messages" in replies[-1]["reason"]


def test_a_flooding_client_cools_down_and_new_sockets_per_minute_are_limited(sqlite_url: str) -> None:
    with served(sqlite_url, messages_per_second=5, message_burst=5, flood_cooldown_seconds=60) as client:
        created = create(client, "cubulus", [{"kind": "human"}, {"kind": "bot"}])
        table, token = created["table"]["id"], created["tokens"]["0"]
        with seated(client, table, token) as ws:
            for _ in range(20):
                ws.send_text(json.dumps({"type": "ping"}))
            with pytest.raises(WebSocketDisconnect):
                while True:
                    ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as refused, seated(client, table, token):
            pass  # refused before the handshake
        assert refused.value.code == 1008
    with served(sqlite_url, sockets_per_minute=3) as client:
        for _ in range(3):
            with seated(client, table) as ws:
                assert ws.receive_json()["type"] == "state"
        with pytest.raises(WebSocketDisconnect) as refused, seated(client, table):
            pass
        assert refused.value.code == 1008


def test_sockets_per_client_and_spectators_per_table_are_limited(sqlite_url: str) -> None:
    with served(sqlite_url, sockets_per_client=2, spectators_per_table=1) as client:
        created = create(client, "cubulus", [{"kind": "human"}, {"kind": "human"}], creator_seat=None)
        table = created["table"]["id"]
        with seated(client, table) as watcher:
            assert watcher.receive_json()["type"] == "state"
            with seated(client, table) as second:
                refused = second.receive_json()
                assert "spectators" in refused["reason"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    second.receive_json()
                assert closed.value.code == 1008
            with seated(client, table, created["tokens"]["0"]) as player, seated(client, table) as third:
                assert player.receive_json()["type"] == "state"
                assert "too many connections" in third.receive_json()["reason"]


def test_serve_help_lists_every_limit_and_a_bad_limit_is_a_clear_error() -> None:
    from tabletop.cli.app import app

    runner = CliRunner()
    shown = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    assert shown.exit_code == 0
    text = " ".join(shown.output.split())
    for line in describe_limits().splitlines():
        assert line.split(":")[0] in text, line  # name=default, as Limits has it
    bad = runner.invoke(app, ["serve", "--limit", "sockets=3"])
    assert bad.exit_code != 0 and "sockets_per_client" in bad.output
    with pytest.raises(ValueError, match="finite"):
        Limits(lease_seconds=float("nan"))


# ---------------------------------------------------------------------- validation


@pytest.mark.parametrize(("extra", "status", "reason"), [
    ({"options": {"skill": "nan"}}, 400, "finite"),
    ({"options": {"skill": "inf"}}, 400, "finite"),
    ({"move_seconds": 1e-9}, 400, "at least"),
    ({"move_seconds": "inf"}, 422, "finite"),
    ({"move_seconds": "nan"}, 422, "finite"),
    ({"move_seconds": 1e9}, 422, "1209600"),
    ({"time_bank": -1}, 422, "greater than or equal"),
    ({"seats": [{"kind": "human", "name": "x" * 65}, {"kind": "bot"}]}, 422, "64"),
    ({"seats": [{"kind": "human", "name": "Ann\x00"}, {"kind": "bot"}]}, 422, "U+0000"),
    ({"seats": [{"kind": "human", "name": "Ann\u202e"}, {"kind": "bot"}]}, 422, "U+202E"),
    # #42 item 10: names that look like another name, or like nothing
    ({"seats": [{"kind": "human", "name": "Ann\u200b"}, {"kind": "bot"}]}, 422, "U+200B"),
    ({"seats": [{"kind": "human", "name": "\ufeffAnn"}, {"kind": "bot"}]}, 422, "U+FEFF"),
    ({"seats": [{"kind": "human", "name": "Ann\U000e0041"}, {"kind": "bot"}]}, 422, "U+E0041"),
    ({"seats": [{"kind": "human", "name": "\u3164"}, {"kind": "bot"}]}, 422, "U+3164"),
    ({"seats": [{"kind": "human", "name": "A" + "\u0301" * 60}, {"kind": "bot"}]}, 422, "at most 2 combining marks"),
    ({"seats": [{"kind": "bot"}] * 17}, 422, "16"),
])
def test_bad_values_are_refused_with_a_reason(sqlite_url: str, extra: dict[str, Any], status: int,
                                              reason: str) -> None:
    with served(sqlite_url, min_move_seconds=5) as client:
        response = client.post("/api/tables", json={"game": "kubik", "seats": [{"kind": "human"}, {"kind": "bot"}],
                                                    **extra})
        assert response.status_code == status, response.text
        assert reason in response.text
        assert client.get("/api/tables").json()["tables"] == []


def test_a_kubik_table_takes_all_sixteen_seats(client: TestClient) -> None:
    created = client.post("/api/tables", json={"game": "kubik", "seats": [{"kind": "bot", "bot": "random"}] * 16})
    assert created.status_code == 201, created.text
    assert len(created.json()["table"]["seats"]) == 16


def test_websocket_names_are_validated_like_http_names(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "human"}, {"kind": "human"}], creator_seat=None)
    table, tokens = created["table"]["id"], created["tokens"]
    for name, reason in (("x" * 3000, "64"), ("A\x00B", "U+0000"), ("\u202eevil", "U+202E"), ("tab\there", "U+0009"),
                         ("Ann\u200d", "U+200D"), ("\u2800", "U+2800"), ("q" + "\u0301" * 3, "combining marks")):
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            ws.send_text(hello(tokens["0"], name=name))
            refused = ws.receive_json()
            assert refused["type"] == "error" and reason in refused["reason"], refused
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1008
    assert client.get(f"/api/tables/{table}").json()["seats"][0]["joined"] is False  # nothing was changed
    with seated(client, table, tokens["0"], name="  Ann   Lee ") as ws:
        ws.receive_json()
    assert client.get(f"/api/tables/{table}").json()["seats"][0]["name"] == "Ann Lee"


def test_binary_frames_and_oversized_messages_get_a_clear_error_and_the_socket_goes_on(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "human"}, {"kind": "bot"}])
    with seated(client, created["table"]["id"], created["tokens"]["0"]) as ws:
        ws.receive_json()
        ws.send_bytes(b"\x00\x01binary")
        assert "binary frames" in until(ws, lambda m: m["type"] == "error")["reason"]
        ws.send_text(json.dumps({"type": "ping", "pad": "x" * 5000}))
        assert "too long" in until(ws, lambda m: m["type"] == "error")["reason"]
        ws.send_text(json.dumps({"type": "ping"}))
        assert until(ws, lambda m: m["type"] == "pong")


def test_a_socket_without_a_hello_is_told_what_to_send(sqlite_url: str) -> None:
    with served(sqlite_url, hello_seconds=0.2) as client:
        created = create(client, "cubulus", [{"kind": "human"}, {"kind": "bot"}])
        table = created["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            assert "no hello" in ws.receive_json()["reason"]
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            ws.send_text(json.dumps({"type": "act", "action": "x", "move": 0}))
            assert "must be a hello" in ws.receive_json()["reason"]


def call_socket(client: TestClient, table: str, receive: Any, send: Any) -> None:
    """Call the app for one WebSocket to ``table`` as the server would, over our own ``receive`` and
    ``send``: a client whose transport we control (one that breaks at a chosen send)."""
    scope = {"type": "websocket", "path": f"/ws/tables/{table}", "raw_path": f"/ws/tables/{table}".encode(),
             "query_string": b"", "headers": [], "client": ("127.0.0.1", 5000), "server": ("testserver", 80),
             "scheme": "ws", "subprotocols": [], "asgi": {"version": "3.0"}, "app": client.app, "state": {}}
    assert client.portal is not None
    client.portal.call(client.app, scope, receive, send)


def test_a_client_gone_before_its_first_update_is_forgotten_without_an_error(client: TestClient) -> None:
    """A browser that closes right after its hello (a reload, a closed tab): the server's first send
    fails the way uvicorn's does (``ClientDisconnected``, an ``OSError``). The socket ends quietly and
    the table keeps no connection to it (it once raised out of the app and stayed in the table's list)."""
    created = create(client, "cubulus", [{"kind": "human"}, {"kind": "bot"}])
    table = created["table"]["id"]
    incoming = [{"type": "websocket.connect"},
                {"type": "websocket.receive", "text": hello(created["tokens"]["0"])}]
    sent: list[str] = []

    async def receive() -> Any:
        return incoming.pop(0) if incoming else {"type": "websocket.disconnect", "code": 1001}

    async def send(message: Any) -> None:
        sent.append(message["type"])
        if message["type"] == "websocket.send":
            raise ConnectionResetError("the client went away")  # as uvicorn's ClientDisconnected

    app: Any = client.app
    call_socket(client, table, receive, send)  # returns: nothing raised out of the app
    assert sent == ["websocket.accept", "websocket.send"]
    hub = app.state.hub
    assert hub.connections.get(table, []) == []
    with seated(client, table, created["tokens"]["0"]) as ws:  # and the seat is played as before
        assert ws.receive_json()["type"] == "state"


def test_a_client_gone_during_a_broadcast_is_forgotten_without_an_error(client: TestClient) -> None:
    """The same, when the send that fails is another task's (a move told to every connection): the
    broadcast drops the broken socket, and this socket's own next send (the answer to its next message)
    finds it closed, which Starlette reports as ``WebSocketDisconnected`` (a ``RuntimeError``, not
    ``WebSocketDisconnect``). It once raised out of the app ("Exception in ASGI application" in a browser
    test's server log)."""
    created = create(client, "cubulus", [{"kind": "human"}, {"kind": "bot"}])
    table = created["table"]["id"]
    app: Any = client.app
    incoming = [{"type": "websocket.connect"},
                {"type": "websocket.receive", "text": hello(created["tokens"]["0"])}]
    sent: list[str] = []

    async def receive() -> Any:
        if incoming:
            return incoming.pop(0)
        if sent.count("websocket.send") == 1:  # the first update arrived; now the connection breaks
            await app.state.hub.broadcast(table)  # while the table tells everyone (its send fails)
            return {"type": "websocket.receive", "text": "{}"}  # a message the server answers
        return {"type": "websocket.disconnect", "code": 1001}

    async def send(message: Any) -> None:
        sent.append(message["type"])
        if message["type"] == "websocket.send" and sent.count("websocket.send") > 1:
            raise ConnectionResetError("the client went away")  # as uvicorn's ClientDisconnected

    call_socket(client, table, receive, send)  # returns: nothing raised out of the app
    assert sent == ["websocket.accept", "websocket.send", "websocket.send"]  # the update, the failed broadcast
    assert app.state.hub.connections.get(table, []) == []
    with seated(client, table, created["tokens"]["0"]) as ws:  # and the seat is played as before
        assert ws.receive_json()["type"] == "state"


# ---------------------------------------------------------------------- seats and tokens


def test_the_creators_seat_is_taken_at_creation_so_no_stranger_can_get_it(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "human", "name": "Ann"}, {"kind": "human"}])
    table, token = created["table"]["id"], created["tokens"]["0"]
    seats = created["table"]["seats"]
    assert seats[0]["joined"] and not seats[1]["joined"]
    stranger = client.post(f"/api/tables/{table}/join", json={"name": "Mallory"}).json()
    assert stranger["seat"] == 1  # the only free seat; the first "Join" no longer takes the creator's
    assert client.post(f"/api/tables/{table}/join", json={"name": "Eve", "seat": 0}).status_code == 409
    with seated(client, table, token) as ws:
        message = ws.receive_json()
        assert message["seat"] == 0 and message["status"] == "playing"
    assert client.get(f"/api/tables/{table}").json()["seats"][0]["name"] == "Ann"


def test_tokens_are_refused_in_urls(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "human"}, {"kind": "bot"}])
    table, token = created["table"]["id"], created["tokens"]["0"]
    in_url = client.get(f"/api/tables/{table}/state", params={"token": token})
    assert in_url.status_code == 400 and "Authorization: Bearer" in in_url.json()["detail"]
    assert client.post(f"/api/tables/{table}/abandon", params={"token": token}).status_code == 400
    assert client.get(f"/api/tables/{table}/state", headers={"Authorization": f"Basic {token}"}).status_code == 401
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
        assert "never go in a URL" in ws.receive_json()["reason"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1008
    assert client.get(f"/api/tables/{table}/state", headers=bearer(token)).json()["seat"] == 0


# ---------------------------------------------------------------------- the lobby


def test_the_lobby_pages_with_a_cursor_and_filters_by_game_and_status(client: TestClient) -> None:
    made = [create(client, game, [{"kind": "human"}, {"kind": "human"}], creator_seat=None)["table"]["id"]
            for game in ("cubulus", "cribbage") * 4]
    seen: list[str] = []
    cursor = None
    while True:
        page = client.get("/api/tables", params={"limit": 3, **({"cursor": cursor} if cursor else {})}).json()
        assert len(page["tables"]) <= 3
        seen += [t["id"] for t in page["tables"]]
        cursor = page["next"]
        if cursor is None:
            break
    assert seen == made[::-1]  # newest first, each exactly once
    cribbage = client.get("/api/tables", params={"game": "cribbage", "limit": 100}).json()
    assert [t["id"] for t in cribbage["tables"]] == made[1::2][::-1] and cribbage["next"] is None
    assert client.get("/api/tables", params={"status": "over"}).json()["tables"] == []
    for params, reason in (({"limit": 101}, "100"), ({"cursor": "nonsense"}, "cursor"),
                           ({"status": "lost"}, "statuses"), ({"game": "chess"}, "games")):
        refused = client.get("/api/tables", params=params)
        assert refused.status_code == 422 and reason in refused.text, params


def test_idle_open_tables_old_all_bot_tables_and_walked_away_games_expire(database_url: str) -> None:
    from tabletop.storage import SeatSpec, Store

    store = Store(database_url)
    waiting, _ = store.create_table("cubulus", {}, [SeatSpec("human"), SeatSpec("human")])
    bots, _ = store.create_table("cubulus", {}, [SeatSpec("bot", bot="random"), SeatSpec("bot", bot="random")])
    people, _ = store.create_table("cubulus", {}, [SeatSpec("human", joined=True), SeatSpec("bot", bot="random")])
    store.set_status(people.id, "playing")
    assert store.expire(open_minutes=60, bot_minutes=60) == []
    assert sorted(store.expire(open_minutes=0, bot_minutes=0)) == sorted([waiting.id, bots.id])
    assert {store.table(t).status for t in (waiting.id, bots.id)} == {"abandoned"}
    assert store.table(people.id).status == "playing"  # a game people play is never cut short
    store.append(people.id, 0, -1, "first 0")
    assert store.expire(open_minutes=60, bot_minutes=60, idle_minutes=60) == []  # moved a moment ago
    clocked, _ = store.create_table("cubulus", {}, [SeatSpec("human", joined=True), SeatSpec("bot", bot="random")],
                                    settings={"move_seconds": 30})
    store.set_status(clocked.id, "playing")
    # nobody has moved since the cut-off: walked away (its clock ends the clocked one by itself)
    assert store.expire(open_minutes=60, bot_minutes=60, idle_minutes=0) == [people.id]
    assert store.table(people.id).status == "abandoned" and store.table(clocked.id).status == "playing"
    store.close()


def test_tables_load_lazily_so_start_up_does_not_grow_with_open_tables(sqlite_url: str) -> None:
    from tabletop.storage import SeatSpec, Store

    store = Store(sqlite_url)
    made = [store.create_table("cubulus", {"players": 2}, [SeatSpec("human"), SeatSpec("human")])[0].id
            for _ in range(300)]
    store.close()
    with served(sqlite_url) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert hub.tables == {}  # nothing was rebuilt at start-up
        page = client.get("/api/tables", params={"limit": 100}).json()
        assert len(page["tables"]) == 100 and page["next"] and hub.tables == {}  # the lobby loads no table
        assert client.get(f"/api/tables/{made[7]}").json()["status"] == "open"
        assert set(hub.tables) == {made[7]}  # loaded on first use


def test_names_are_nfc_normalised_so_the_same_looking_name_is_the_same(sqlite_url: str) -> None:
    """#42 item 10: "Zoë" typed with a combining diaeresis is stored as the one-letter "ë"; an accent and a
    second mark on one letter are a name."""
    with served(sqlite_url) as client:
        seats = [{"kind": "human", "name": "Zoe\u0308"}, {"kind": "local", "name": "Vie\u0323\u0302t"}]
        made = client.post("/api/tables", json={"game": "cubulus", "seats": seats})
        assert made.status_code == 201, made.text
        names = [seat["name"] for seat in made.json()["table"]["seats"]]
        assert names == ["Zoë", "Việt"] and len(names[0]) == 3


def test_a_serving_app_makes_full_collections_rare_and_gives_the_collector_back_as_it_was(tmp_path: Any) -> None:
    """A full collection walks every live table and held the loop for tens of milliseconds every few
    seconds at 200 tables (the p99 of every move): while serving, the old generation is collected
    after :data:`FULL_COLLECTION_AFTER` middle ones; the young ones as CPython would; afterwards as before."""
    before = gc.get_threshold()
    with TestClient(create_app(settings_for_tests(f"sqlite:///{tmp_path / 'gc.db'}"))) as client:
        assert client.get("/api/games").status_code == 200
        assert gc.get_threshold() == (before[0], before[1], FULL_COLLECTION_AFTER)
    assert gc.get_threshold() == before
