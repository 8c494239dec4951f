"""The live path sends only what changed: each update carries the log entries its connection has not had.

An entry carries ``move``, the number of the table event that wrote it; an update's ``log_from`` says how many
of the entries the connection holds to keep before appending ``log`` — all of them as a game goes on, fewer
when the past changed (an undo; a hot seat showing another seat, whose view of the same moves differs). A
returning client names the last entry it holds (``since``, with ``since_seat``, whose log it is) and gets
only what follows; a claim it cannot back (another seat's log, an entry undone meanwhile) gets what is still
valid of it, or the whole log. Over HTTP ``state`` is the whole log as before.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tabletop.server import create_app
from tabletop.server.messages import Update
from tests.server.live import Listed, create, settings_for_tests, state_of

BOT = {"kind": "bot", "bot": "random"}


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(sqlite_url))) as test_client:
        yield test_client


class Raw:
    """A table's WebSocket as it is — no log kept for the test — but for the legal actions an update leaves out
    (null) when they are those last listed: ``receive_json`` fills them in, as every client does; ``wire`` is
    the message as it came."""

    def __init__(self, session: WebSocketTestSession) -> None:
        self.session = session
        self.listed = Listed()
        self.wire: dict[str, Any] = {}

    def receive_json(self) -> dict[str, Any]:
        self.wire = self.session.receive_json()
        return self.listed.fill(self.wire)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.session, name)


def raw(client: TestClient, table: str, *tokens: str, **hello: Any) -> Any:
    """A table's WebSocket as it is (:class:`Raw`), hello sent with ``hello``'s extra fields."""
    ws = client.websocket_connect(f"/ws/tables/{table}")
    session = ws.__enter__()
    session.send_text(json.dumps({"type": "hello", "tokens": list(tokens), **hello}))
    return ws, Raw(session)


def states(ws: Raw, held: list[dict[str, Any]], until: Any) -> Iterator[dict[str, Any]]:
    """The state updates, each applied to ``held`` (the log as the client keeps it) as it comes, until one
    is ``until``; each with ``had``, how many entries the client held before it."""
    while True:
        message = ws.receive_json()
        if message["type"] != "state":
            continue
        Update.model_validate(ws.wire)
        assert message["log_from"] <= len(held), (message["log_from"], len(held))
        message["had"] = len(held)
        held[message["log_from"]:] = message["log"]
        yield message
        if until(message):
            return


def reach(ws: Raw, held: list[dict[str, Any]], until: Any) -> dict[str, Any]:
    """The first update that is ``until``, the ones before it applied to ``held`` on the way."""
    for message in states(ws, held, until):
        last = message
    return last


def test_a_whole_game_against_a_bot_sends_each_entry_once_and_a_tenth_of_the_bytes(client: TestClient) -> None:
    """Cribbage to its end against the random bot: every update's log is new entries only (none sent twice,
    each numbered by its event), the log kept from them is the whole log HTTP ``state`` gives, and the seat
    receives far less than an update with the whole log each time would have sent (the issue's goal for a
    game: ≤ 250 KB, the largest update ≤ 8 KB)."""
    created = create(client, "cribbage", [{"kind": "human"}, BOT])
    table, token = created["table"]["id"], created["tokens"]["0"]
    held: list[dict[str, Any]] = []
    sent = whole = largest = 0
    seen: set[int] = set()
    context, ws = raw(client, table, token)
    try:
        for message in states(ws, held, lambda m: m["status"] == "over"):
            size = len(json.dumps(ws.wire))
            sent, largest = sent + size, max(largest, size)
            whole += size + len(json.dumps(held[:message["log_from"]]))
            assert message["log_from"] == len(held) - len(message["log"])
            for entry in message["log"]:
                assert entry["move"] not in seen, entry  # nothing sent twice: no undo here
                seen.add(entry["move"])
            if message["legal"] and message["status"] == "playing":
                ws.send_text(json.dumps({"type": "act", "action": message["legal"][0], "move": message["move"]}))
    finally:
        context.__exit__(None, None, None)
    assert held == state_of(client, table, token)["log"]  # HTTP: the whole log, as before
    assert [entry["move"] for entry in held] == sorted(seen)
    assert sent <= 250_000 and largest <= 8_000, (sent, largest)  # (the whole log each time: ~2.3 MB)
    assert sent * 5 < whole, (sent, whole)


def test_a_returning_client_gets_only_what_follows_the_entry_it_names(client: TestClient) -> None:
    created = create(client, "cribbage", [{"kind": "human"}, BOT])
    table, token = created["table"]["id"], created["tokens"]["0"]
    held: list[dict[str, Any]] = []
    context, ws = raw(client, table, token)
    try:
        laying = reach(ws, held, lambda m: bool(m["legal"]))
    finally:
        context.__exit__(None, None, None)
    keep = held[:-3]  # a client that missed the last three entries comes back
    context, ws = raw(client, table, token, since=keep[-1]["move"], since_seat=0)
    try:
        back = ws.receive_json()
        assert back["log_from"] == len(keep) and back["log"] == held[len(keep):]
        assert back["move"] == laying["move"]
    finally:
        context.__exit__(None, None, None)
    # without `since`, or naming nothing held, the whole log
    for hello in ({}, {"since": -1, "since_seat": 0}):
        context, ws = raw(client, table, token, **hello)
        try:
            again = ws.receive_json()
            assert again["log_from"] == 0 and again["log"] == held, hello
        finally:
            context.__exit__(None, None, None)


def test_a_claim_to_another_seats_log_is_not_taken(client: TestClient) -> None:
    """A client may only say it holds its own seats' log (or a spectator's): naming another seat's gets it
    nothing of that claim — a spectator claiming seat 0's log gets what it shares with the spectators' log."""
    created = create(client, "cribbage", [{"kind": "human"}, BOT])
    table, token = created["table"]["id"], created["tokens"]["0"]
    held: list[dict[str, Any]] = []
    context, ws = raw(client, table, token)
    try:
        reach(ws, held, lambda m: bool(m["legal"]))
    finally:
        context.__exit__(None, None, None)
    context, ws = raw(client, table, since=held[-1]["move"], since_seat=0)  # a spectator
    try:
        watching = ws.receive_json()
        assert watching["seat"] is None and watching["log_from"] == 0
        public = client.get(f"/api/tables/{table}/state").json()["log"]
        assert watching["log"] == public
    finally:
        context.__exit__(None, None, None)


def test_an_undo_replaces_the_log_from_the_first_entry_it_took_back(client: TestClient) -> None:
    """After a takeback the update keeps only the entries still there and carries the new ones (the lay-away
    undone, then made again)."""
    created = create(client, "cribbage", [{"kind": "human"}, BOT])
    table, token = created["table"]["id"], created["tokens"]["0"]
    held: list[dict[str, Any]] = []
    context, ws = raw(client, table, token)
    try:
        laying = reach(ws, held, lambda m: bool(m["legal"]) and m["legal"][0].startswith("discard"))
        before = list(held)
        ws.send_text(json.dumps({"type": "act", "action": laying["legal"][0], "move": laying["move"]}))
        later = reach(ws, held, lambda m: bool(m["legal"]) and m["undo_seat"] == 0)
        ws.send_text(json.dumps({"type": "undo", "move": later["move"]}))
        since = list(states(ws, held, lambda m: m["move"] > later["move"] and m["legal"] == laying["legal"]))
        assert any(m["log_from"] < m["had"] for m in since)  # the past changed: an update said from where
        assert [e["action"] for e in held] == [e["action"] for e in before]
        assert held == state_of(client, table, token)["log"]
    finally:
        context.__exit__(None, None, None)


def test_a_hot_seat_switching_seats_replaces_only_what_the_seats_see_differently(client: TestClient) -> None:
    """One screen holding both seats is shown the seat to move: Cubulus hides nothing, so a switch resends
    nothing; cribbage's deals differ from the first dealt card, so a switch replaces the log from there."""
    for game, replaces in (("cubulus", False), ("cribbage", True)):
        created = create(client, game, [{"kind": "local"}, {"kind": "local"}])
        table, tokens = created["table"]["id"], list(created["tokens"].values())
        held: list[dict[str, Any]] = []
        context, ws = raw(client, table, *tokens)
        try:
            switches = 0
            seat = None
            for message in states(ws, held, lambda m: m["status"] != "playing" or m["move"] > 40):
                if seat is not None and message["seat"] != seat and message["legal"]:
                    switches += 1
                    assert (message["log_from"] < message["had"]) is replaces, (game, message["log_from"])
                    if replaces:  # from the first entry the two seats saw differently: a dealt card
                        assert held[message["log_from"]]["action"].startswith("deal"), held[message["log_from"]]
                    assert held == state_of(client, table, tokens[message["seat"]])["log"]
                seat = message["seat"]
                if message["legal"] and message["status"] == "playing":
                    ws.send_text(json.dumps({"type": "act", "action": message["legal"][0], "move": message["move"],
                                             "seat": message["seat"]}))
            assert switches >= 2, game
        finally:
            context.__exit__(None, None, None)


def throwing(message: dict[str, Any]) -> bool:
    """A Kubik update that asks its seat for a throw (the legal actions are the grid of throws)."""
    return message["status"] == "playing" and message["view"]["phase"] == "aim" and bool(message["legal"])


def test_a_kubik_seat_is_listed_its_grid_of_throws_once_a_connection(client: TestClient) -> None:
    """Kubik's legal throws are a grid of thousands (positions × aims × powers × spins, ~130 KB in JSON): a
    seat's connection is listed them at its first throw, and at each later one the same grid is left out
    (null: the client keeps it) — the update is small. A new connection (a reconnection) is listed them at
    once; HTTP always lists them; a spectator has none."""
    created = create(client, "kubik", [{"kind": "human"}, BOT])
    table, token = created["table"]["id"], created["tokens"]["0"]
    held: list[dict[str, Any]] = []
    turns: list[tuple[dict[str, Any], int]] = []  # each throw asked for: the update as it came, and its size
    context, ws = raw(client, table, token)
    try:
        for message in states(ws, held, lambda m: len(turns) == 3):
            if throwing(message) and (not turns or message["move"] > turns[-1][0]["move"]):
                turns.append((ws.wire, len(json.dumps(ws.wire))))
                assert message["legal"] == state_of(client, table, token)["legal"]  # as kept: the seat's throws
                if len(turns) < 3:
                    ws.send_text(json.dumps({"type": "act", "action": message["legal"][0], "move": message["move"]}))
    finally:
        context.__exit__(None, None, None)
    (first, first_size), *later = turns
    assert len(first["legal"]) > 1000 and first_size > 100_000, first_size
    for update, size in later:
        assert update["legal"] is None and size < 8_000, (update["legal"] is None, size)
    context, ws = raw(client, table, token, since=held[-1]["move"], since_seat=0)
    try:
        back = ws.receive_json()
        assert ws.wire["legal"] == state_of(client, table, token)["legal"]  # a new connection: listed again
        assert back["log_from"] == len(held)
    finally:
        context.__exit__(None, None, None)
    context, ws = raw(client, table)
    try:
        assert ws.receive_json()["legal"] == []
    finally:
        context.__exit__(None, None, None)


def test_a_kubik_hot_seat_is_listed_each_seats_throws_once(client: TestClient) -> None:
    """One screen holding both seats is shown the seat to move; the two throw from different lines, so their
    grids differ: each is listed at the seat's first throw and left out at its next, though the other seat's
    grid came in between."""
    created = create(client, "kubik", [{"kind": "local"}, {"kind": "local"}])
    table, tokens = created["table"]["id"], list(created["tokens"].values())
    held: list[dict[str, Any]] = []
    turns: list[dict[str, Any]] = []  # each throw asked for, as it came
    context, ws = raw(client, table, *tokens)
    try:
        for message in states(ws, held, lambda m: len(turns) == 4):
            if throwing(message) and (not turns or message["move"] > turns[-1]["move"]):
                turns.append(ws.wire)
                assert message["legal"] == state_of(client, table, tokens[message["seat"]])["legal"]
                if len(turns) < 4:
                    ws.send_text(json.dumps({"type": "act", "action": message["legal"][0], "move": message["move"],
                                             "seat": message["seat"]}))
    finally:
        context.__exit__(None, None, None)
    seats = [turn["seat"] for turn in turns]
    assert seats[0] != seats[1] and seats[2:] == seats[:2], seats  # the seats take turns
    assert [turn["legal"] is None for turn in turns] == [False, False, True, True]
