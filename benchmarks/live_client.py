"""What the load test's people and its abuse both need of a live server: its socket URL, a hello, a new table, and
the legal actions an update stands for."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx


def ws_url(base: str, table: str) -> str:
    return f"{base.replace('http', 'ws', 1)}/ws/tables/{table}"


def hello(*tokens: str, chat: bool = False) -> str:
    """A socket's first message: the seat tokens it holds (none: watch), and whether it reads the chat."""
    return json.dumps({"type": "hello", "tokens": list(tokens), **({"chat": True} if chat else {})})


async def create(client: httpx.AsyncClient, base: str, body: dict[str, Any],
                 waits: dict[str, int] | None = None) -> dict[str, Any]:
    """A new table; a refusal by a rate limit (429) is waited out as its ``Retry-After`` says (and
    counted in ``waits``).

    Raises:
        httpx.HTTPStatusError: for any other refusal.
    """
    while True:
        response = await client.post(f"{base}/api/tables", json=body)
        if response.status_code != 429:
            break
        if waits is not None:
            waits["creations waited out (429)"] = waits.get("creations waited out (429)", 0) + 1
        await asyncio.sleep(float(response.headers.get("retry-after", "1")))
    response.raise_for_status()
    data: dict[str, Any] = response.json()
    return data


class Listed:
    """A socket's legal actions as its updates list them: an update's ``legal`` is null when they are the ones
    last listed for its seat (a Kubik throw's grid is sent once, not at each turn); an older server lists them
    each time."""

    def __init__(self) -> None:
        self.last: dict[int, list[str]] = {}  #: per seat

    def legal(self, message: dict[str, Any]) -> list[str]:
        """The seat's legal actions in ``message`` (a ``state`` update), kept for the updates that leave them out."""
        legal: list[str] | None = message["legal"]
        if legal is None:
            return self.last[message["seat"]]
        if legal:
            self.last[message["seat"]] = legal
        return legal
