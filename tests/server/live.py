"""Talking to the live server as a client does: the hello with seat tokens, tokens in headers."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

from fastapi.testclient import TestClient
from sqlalchemy import event
from starlette.testclient import WebSocketTestSession

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


@contextmanager
def seated(client: TestClient, table: str, *tokens: str, name: str = "",
           text: bool = False) -> Iterator[WebSocketTestSession]:
    """A WebSocket to ``table`` holding the seats of ``tokens`` (none: a spectator), hello sent."""
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_text(hello(*tokens, name=name, text=text))
        yield ws


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
