"""Talking to the live server as a client does: a server for tests, a table made, the hello with seat tokens,
tokens in headers, the messages waited for."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import httpx
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, event, text
from starlette.testclient import WebSocketTestSession

from tabletop.server import ServerSettings
from tabletop.server.limits import Limits
from tests.environment import POSTGRES

T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coroutine)`` in a thread of its own: a test worker that ran the browser tests holds
    Playwright's event loop in its main thread, where ``asyncio.run`` refuses to start another."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


def hello(*tokens: str, name: str = "", text: bool = False) -> str:
    """The first message of a table's WebSocket: the seat tokens held (none: watch)."""
    message: dict[str, object] = {"type": "hello", "tokens": list(tokens)}
    if name:
        message["name"] = name
    if text:
        message["text"] = True
    return json.dumps(message)


class Listed:
    """A socket's legal actions as its updates list them: an update's ``legal`` is null when they are the ones
    the connection was last listed for its seat (a Kubik throw's grid is sent once, not at each turn)."""

    def __init__(self) -> None:
        self.last: dict[int, list[str]] = {}  #: per seat

    def fill(self, message: dict[str, Any]) -> dict[str, Any]:
        """``message`` with its legal actions listed (a ``state`` update; any other message as it is)."""
        if message.get("type") != "state":
            return message
        if message["legal"] is None:
            return {**message, "legal": self.last[message["seat"]]}
        if message["legal"]:
            self.last[message["seat"]] = message["legal"]
        return message


class LogKeeping:
    """A table's WebSocket that keeps the log, the seats and the legal actions as the browser does: each update
    carries only the log entries this connection has not had (``log_from``: how many of those it holds to
    keep), the seats only when they changed and the legal actions when they are not those last listed, and
    ``receive_json`` gives the update with its whole log (the entries it brought alone as ``news``), the seats
    and the legal actions, so a test reads the table as it stands. The rest is the socket's own."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.held: list[dict[str, Any]] = []
        self.seats: list[dict[str, Any]] = []
        self.listed = Listed()

    def receive_json(self) -> Any:
        message = self.ws.receive_json()
        if isinstance(message, dict) and message.get("type") == "state":
            assert message["log_from"] <= len(self.held), (message["log_from"], len(self.held))
            self.held = self.held[:message["log_from"]] + message["log"]
            self.seats = message["seats"] if message["seats"] is not None else self.seats
            message = self.listed.fill({**message, "news": message["log"], "log": self.held, "seats": self.seats})
        return message

    def __getattr__(self, name: str) -> Any:
        return getattr(self.ws, name)


@contextmanager
def seated(client: TestClient, table: str, *tokens: str, name: str = "",
           text: bool = False) -> Iterator[Any]:
    """A WebSocket to ``table`` holding the seats of ``tokens`` (none: a spectator), hello sent; it keeps the
    log (:class:`LogKeeping`)."""
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_text(hello(*tokens, name=name, text=text))
        yield LogKeeping(ws)


def bearer(*tokens: str) -> dict[str, str]:
    """The header that carries seat tokens over HTTP."""
    return {"Authorization": "Bearer " + ", ".join(tokens)}


SAME_PRIORITY = ("--limit", "worker_niceness=0")
"""``tabletop serve`` arguments for the tests whose servers play bot games across processes: on the test
machine every core is busy with other tests, against which workers niced 10 get a tenth of a core
each and a bot's move can take seconds; these tests are about failover, not priorities (test_work.py
tests the niceness)."""


TEST_HOSTS = ("testserver",)
"""``allow_hosts`` for an app in a test's ``TestClient``, whose requests say ``Host: testserver``
(``tabletop.server.headers`` refuses a name that is not the server's)."""


@contextmanager
def statements(client: TestClient, keep: Callable[[str], bool]) -> Iterator[list[str]]:
    """The SQL statements for which ``keep`` holds that the server's database is sent while the block
    runs (a listener on the store's engine): what a test counts to show a request's cost."""
    engine = client.app.state.hub.store.engine  # type: ignore[attr-defined]
    seen: list[str] = []

    def heard(connection: Any, cursor: Any, statement: str, *_: Any) -> None:
        if keep(statement):
            seen.append(statement)

    event.listen(engine, "before_cursor_execute", heard)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", heard)


def settings_for_tests(db: str, **limits: Any) -> ServerSettings:
    """A server in this process for tests: bots and expensive answers in threads, clocks as short as a
    test wants, and messages as fast as a test script sends them (their limit has tests of its own)."""
    base = {"heavy_workers": 0, "min_move_seconds": 0.01, "messages_per_second": 10_000, "message_burst": 10_000,
            "requests_per_second": 10_000, "expensive_per_second": 10_000, "refusal_delay_seconds": 0,
            "sockets_per_minute": 10_000, "bot_table_move_seconds": 0, "lobby_reads_per_second": 10_000}
    return ServerSettings(db=db, bot_workers=0, limits=Limits(**{**base, **limits}), allow_hosts=TEST_HOSTS,
                          password_hashing="cheapest")


def from_address(client: TestClient, address: str) -> TestClient:
    """A client of the same running server that comes from ``address`` (the server's per-client limits
    count it apart)."""
    other = TestClient(client.app, client=(address, 50000))
    other.portal = client.portal  # the server's own event loop, started by ``client``
    return other


def create(client: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """A new table; seeded (7) where a chosen seed is allowed: nobody but the creator may sit down. Its
    people's seats are open to anyone from the lobby unless a seat says ``"open": False`` (an invitation's,
    taken by its link only: the tests of that say so)."""
    seats = [{"open": True, **seat} if seat["kind"] == "human" else seat for seat in seats]
    body = {"game": game, "seats": seats, **extra}
    humans = [number for number, seat in enumerate(seats) if seat["kind"] == "human"]
    creator = extra.get("creator_seat", humans[0] if humans else None)
    if all(number == creator for number in humans):
        body.setdefault("seed", 7)
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def until(ws: WebSocketTestSession, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first message that is ``wanted`` (earlier updates are skipped: connections race at the start)."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if wanted(message):
            return message
        assert message["type"] == "state", message


def until_my_turn(ws: WebSocketTestSession) -> dict[str, Any]:
    """Updates until this connection must act or the game is over."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        assert message["type"] == "state", message
        if message["legal"] or message["status"] in ("over", "abandoned"):
            return message


HOT_SEAT = [{"kind": "local"}, {"kind": "local"}]


def state_of(client: TestClient, table: str, token: str) -> dict[str, Any]:
    answer = client.get(f"/api/tables/{table}/state", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def act(client: TestClient, table: str, token: str, action: str) -> dict[str, Any]:
    move = state_of(client, table, token)["move"]
    answer = client.post(f"/api/tables/{table}/act", json={"token": token, "action": action, "move": move})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def hot_seat_cribbage(client: TestClient) -> tuple[str, dict[str, str], int]:
    created = create(client, "cribbage", HOT_SEAT)
    table, tokens = created["table"]["id"], created["tokens"]
    to_move = state_of(client, table, tokens["0"])["to_move"]
    return table, tokens, to_move


@contextmanager
def reader(client: TestClient, table: str, *tokens: str) -> Iterator[Any]:
    """A WebSocket that reads the table's chat (``chat: true`` in its hello), as the browser's does."""
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_text(json.dumps({**json.loads(hello(*tokens)), "chat": True}))
        yield LogKeeping(ws)


def next_of(ws: WebSocketTestSession, *kinds: str) -> dict[str, Any]:
    """The next message of one of ``kinds`` (the table's updates in between are skipped)."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] in kinds:
            return message
        assert message["type"] in ("state", "pong"), message


def history(ws: WebSocketTestSession) -> dict[str, Any]:
    return next_of(ws, "chat")


KUBIK = {"players": 2, "throws": "manual", "target": 5}


def finished_table(client: TestClient, seats: list[dict[str, Any]], options: dict[str, Any] | None = None
                   ) -> tuple[str, dict[int, str]]:
    """A Kubik table played to its end over HTTP by its people: its id and every person's token."""
    opened = [{**spec, "open": True} if spec["kind"] == "human" else spec for spec in seats]  # joined from the lobby
    created = client.post("/api/tables", json={"game": "kubik", "options": options or KUBIK, "seats": opened})
    assert created.status_code == 201, created.text
    table = created.json()["table"]["id"]
    tokens = {int(seat): token for seat, token in created.json()["tokens"].items()}
    for seat, spec in enumerate(seats):
        if spec["kind"] == "human" and seat != 0:
            joined = client.post(f"/api/tables/{table}/join", json={"name": spec["name"], "seat": seat})
            assert joined.status_code == 200, joined.text
            tokens[seat] = joined.json()["token"]
    for action in FINISH:
        state = client.get(f"/api/tables/{table}/state", headers=bearer(tokens[0])).json()
        answer = client.post(f"/api/tables/{table}/act", json={"token": tokens[0], "action": action,
                                                               "move": state["move"]})
        assert answer.status_code == 200, answer.text
    assert client.get(f"/api/tables/{table}").json()["status"] == "over"
    return table, tokens


ANN_AND_BOB = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def create_over_http(base: str, body: dict[str, Any]) -> dict[str, Any]:
    """A new table; a refusal by a rate limit (the flood shares this client's) is waited out as its
    ``Retry-After`` says, as a well-behaved client does."""
    deadline = time.monotonic() + 60
    while (response := httpx.post(f"{base}/api/tables", json=body)).status_code == 429 \
            and time.monotonic() < deadline:
        time.sleep(float(response.headers["retry-after"]))
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


FINISH = ["first A", "throw", "out 6"]  # team A's first throw scores 6 ≥ 5: the game is over


@contextmanager
def fresh_database(kind: str, folder: Path) -> Iterator[str]:
    """A new, empty database of ``kind`` for one module's server (conftest's fixtures are per test), dropped
    afterwards."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'tabletop.db'}"
        return
    admin = create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    name = f"tabletop_module_{uuid.uuid4().hex[:12]}"
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield POSTGRES.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
