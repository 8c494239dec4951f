"""Chat at a table (issue #17, item 6): stored with the table, bounded, rate-limited, text only, the
seats deciding whether spectators write, never part of the game's log, and no stall for the table."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tabletop.server import create_app
from tabletop.server.chat import HISTORY, MAX_CHARS, ChatRefused, clean
from tabletop.storage import SeatSpec, Store
from tabletop.storage.chat import ChatLog
from tests.server.live import bearer, create, hello, history, next_of, reader, settings_for_tests

CHATTY = {"chat_burst": 1000, "chat_per_minute": 1000}
"""Limits for the tests that write many messages on purpose (the rate has its own test)."""


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(sqlite_url, **CHATTY))) as test_client:
        yield test_client


def open_table(client: TestClient) -> tuple[str, str]:
    """A Cribbage table of Ann and a bot: its id and Ann's seat token."""
    created = create(client, "cribbage", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "easy"}])
    return created["table"]["id"], created["tokens"]["0"]








def say(ws: WebSocketTestSession, text: str) -> dict[str, Any]:
    """Write ``text`` and return the answer: the message as delivered back, or the refusal."""
    ws.send_json({"type": "chat", "text": text})
    return next_of(ws, "chat", "chat_refused")


# ---------------------------------------------------------------------- storage


def test_chat_is_kept_with_the_table_bounded_to_the_newest_and_survives_a_new_store(database_url: str) -> None:
    store = Store(database_url)
    table, _ = store.create_table("cribbage", {"players": 2}, [SeatSpec("human", "Ann"), SeatSpec("bot", bot="easy")])
    chat = ChatLog(store, keep=5)
    written = [chat.add(table.id, 0 if n % 2 else -1, "Ann" if n % 2 else "", f"message {n}") for n in range(8)]
    assert [row.id for row in written] == sorted(row.id for row in written)  # the database orders them
    store.close()
    again = ChatLog(Store(database_url), keep=5)  # a restarted server
    kept = again.recent(table.id, 100)
    assert [row.text for row in kept] == [f"message {n}" for n in range(3, 8)]  # the newest five, oldest first
    assert [row.text for row in again.recent(table.id, 2)] == ["message 6", "message 7"]
    assert (kept[-1].seat, kept[-1].name, kept[1].seat, kept[1].name) == (0, "Ann", -1, "")
    assert again.store.events(table.id) == []  # chat is no game action: the event log has none of it
    again.store.close()


def test_chat_at_a_table_that_is_not_there_is_refused(sqlite_url: str) -> None:
    store = Store(sqlite_url)
    with pytest.raises(ValueError, match="no table"):
        ChatLog(store).add("nosuchtable", 0, "Ann", "hello")
    store.close()


# ---------------------------------------------------------------------- cleaning: text only, bounded


def test_a_message_is_cleaned_to_plain_text() -> None:
    assert clean("  gg\n\twp  ") == "gg wp"
    assert clean("a\u202eb\u0007c\u200bd\u2066e") == "abcde"  # bidi overrides, a bell, zero-width: dropped
    assert clean("<b>bold</b> & <script>") == "<b>bold</b> & <script>"  # kept as text; clients show it as text
    assert clean("Привет, Ana! Noroc 🎲") == "Привет, Ana! Noroc 🎲"


@pytest.mark.parametrize(("text", "code"), [("", "empty"), ("  \n\u200b\u202e ", "empty"),
                                            ("x" * (MAX_CHARS + 1), "long")])
def test_an_empty_or_too_long_message_is_refused(text: str, code: str) -> None:
    with pytest.raises(ChatRefused) as refused:
        clean(text)
    assert refused.value.code == code
    assert clean("x" * MAX_CHARS) == "x" * MAX_CHARS  # the bound itself is allowed


# ---------------------------------------------------------------------- live


def test_a_seat_writes_and_the_seat_and_a_spectator_read_it_live(client: TestClient) -> None:
    table, token = open_table(client)
    with reader(client, table, token) as seat, reader(client, table) as watcher:
        assert history(seat) == {"type": "chat", "history": True, "messages": [], "spectators": False}
        assert history(watcher)["messages"] == []
        sent = say(seat, "  good luck,\nhave fun ")
        assert sent["history"] is False
        [line] = sent["messages"]
        assert (line["seat"], line["name"], line["text"]) == (0, "Ann", "good luck, have fun")
        assert next_of(watcher, "chat")["messages"] == [line]  # the spectator reads the same message


def test_a_new_connection_gets_the_newest_hundred_messages(client: TestClient) -> None:
    table, token = open_table(client)
    with reader(client, table, token) as seat:
        history(seat)
        for n in range(HISTORY + 5):
            assert say(seat, f"line {n}")["type"] == "chat"
    with reader(client, table) as late:
        lines = history(late)["messages"]
    assert len(lines) == HISTORY
    assert [m["text"] for m in lines[:1] + lines[-1:]] == ["line 5", f"line {HISTORY + 4}"]


def test_too_long_or_empty_messages_are_refused_and_change_nothing(client: TestClient) -> None:
    table, token = open_table(client)
    with reader(client, table, token) as seat:
        history(seat)
        refused = say(seat, "y" * (MAX_CHARS + 1))
        assert (refused["code"], refused["max_chars"]) == ("long", MAX_CHARS)
        assert f"at most {MAX_CHARS} characters" in refused["reason"]
        assert say(seat, " \t\u202e ")["code"] == "empty"
        seat.send_text('{"type": "chat"}')  # malformed: the usual error, nothing written
        assert "malformed" in next_of(seat, "error")["reason"]
    with reader(client, table) as late:
        assert history(late)["messages"] == []


def test_spectators_read_and_write_only_when_a_seat_lets_them(client: TestClient) -> None:
    table, token = open_table(client)
    with reader(client, table, token) as seat, reader(client, table) as watcher:
        history(seat), history(watcher)
        assert say(watcher, "hello players")["code"] == "spectators"
        watcher.send_json({"type": "spectator_chat", "allowed": True})  # a spectator cannot let itself in
        assert next_of(watcher, "chat_refused")["code"] == "not_seated"
        seat.send_json({"type": "spectator_chat", "allowed": True})
        assert next_of(seat, "chat_policy") == next_of(watcher, "chat_policy") == {"type": "chat_policy",
                                                                                 "spectators": True}
        [line] = say(watcher, "hello players")["messages"]
        assert (line["seat"], line["name"], line["text"]) == (None, "", "hello players")  # shown as "spectator"
        assert next_of(seat, "chat")["messages"] == [line]
        seat.send_json({"type": "spectator_chat", "allowed": False})
        next_of(watcher, "chat_policy")
        assert say(watcher, "again")["code"] == "spectators"
    with reader(client, table) as late:
        assert history(late)["spectators"] is False  # the policy is the table's: kept in its settings


def test_a_client_over_its_chat_rate_is_refused_with_when_to_try_again(sqlite_url: str) -> None:
    with TestClient(create_app(settings_for_tests(sqlite_url, chat_burst=3, chat_per_minute=20))) as client:
        table, token = open_table(client)
        with reader(client, table, token) as seat:
            history(seat)
            assert [say(seat, f"m{n}")["type"] for n in range(3)] == ["chat"] * 3
            refused = say(seat, "one too many")
            assert refused["code"] == "rate" and 1 <= refused["retry_after"] <= 10
            assert "at most 3 in any ten seconds" in refused["reason"]
        with reader(client, table) as late:
            assert [m["text"] for m in history(late)["messages"]] == ["m0", "m1", "m2"]


def test_connections_that_do_not_ask_for_chat_get_none(client: TestClient) -> None:
    """Terminal clients and bots speak the protocol as before: updates only."""
    table, token = open_table(client)
    with reader(client, table, token) as seat, client.websocket_connect(f"/ws/tables/{table}") as plain:
        plain.send_text(hello())
        history(seat)
        say(seat, "hi")
        seat.send_json({"type": "ping"})
        next_of(seat, "pong")
        plain.send_json({"type": "ping"})
        while (message := plain.receive_json())["type"] != "pong":
            assert message["type"] == "state", message


def test_chat_survives_a_server_restart_and_stays_out_of_the_record(sqlite_url: str) -> None:
    with TestClient(create_app(settings_for_tests(sqlite_url))) as client:
        table, token = open_table(client)
        with reader(client, table, token) as seat:
            history(seat)
            say(seat, "see you after the restart")
    with TestClient(create_app(settings_for_tests(sqlite_url))) as client:  # a new server on the same file
        with reader(client, table, token) as seat:
            [line] = history(seat)["messages"]
            assert (line["name"], line["text"]) == ("Ann", "see you after the restart")
        store = Store(sqlite_url, migrate=False)
        assert all("restart" not in event.action for event in store.events(table))
        store.close()


def test_a_strangers_chat_flood_is_refused_and_the_players_move_goes_through(sqlite_url: str) -> None:
    limits = {"chat_burst": 5, "chat_per_minute": 20, "messages_per_second": 10_000, "message_burst": 10_000}
    with TestClient(create_app(settings_for_tests(sqlite_url, **limits))) as client:
        created = create(client, "beetle", [{"kind": "human", "name": "Ann"}, {"kind": "bot"}])
        table, token = created["table"]["id"], created["tokens"]["0"]
        with reader(client, table, token) as seat, reader(client, table) as stranger:
            history(seat), history(stranger)
            seat.send_json({"type": "spectator_chat", "allowed": True})
            next_of(stranger, "chat_policy")
            for n in range(200):
                stranger.send_json({"type": "chat", "text": f"spam {n}"})
            answers = [next_of(stranger, "chat", "chat_refused") for _ in range(200)]
            assert sum(a["type"] == "chat" for a in answers) == 5  # the burst, then refusals only
            assert {a["code"] for a in answers if a["type"] == "chat_refused"} == {"rate"}
            started = time.monotonic()
            while not (state := client.get(f"/api/tables/{table}/state", headers=bearer(token)).json())["legal"]:
                assert state["status"] == "playing" and time.monotonic() - started < 5.0, state
                time.sleep(0.02)
            acted = client.post(f"/api/tables/{table}/act",
                                json={"token": token, "action": state["legal"][0], "move": state["move"]})
            assert acted.status_code == 200 and acted.json()["move"] > state["move"], acted.text
            assert time.monotonic() - started < 5.0
        store = Store(sqlite_url, migrate=False)
        assert len(ChatLog(store).recent(table, 1000)) == 5  # nothing of the refused flood was written
        store.close()


def test_a_message_from_another_server_process_reaches_the_readers_here(client: TestClient) -> None:
    """With several processes (Redis), a message written on one is delivered by the others; a policy
    change becomes theirs too. Here the notice another process would publish is heard directly."""
    table, token = open_table(client)
    hub = client.app.state.hub
    with reader(client, table, token) as seat:
        history(seat)
        line = {"id": 99, "seat": 1, "name": "Bob", "text": "from the other process", "at": "2026-12-02T00:00:00+00:00"}
        notice = {"table": table, "origin": "another-process",
                  "chat": {"type": "chat", "history": False, "messages": [line]}}
        client.portal.call(hub.notices.heard, json.dumps(notice))
        assert next_of(seat, "chat")["messages"] == [line]
        policy = {**notice, "chat": {"type": "chat_policy", "spectators": True}}
        client.portal.call(hub.notices.heard, json.dumps(policy))
        assert next_of(seat, "chat_policy")["spectators"] is True
        assert hub.chat.spectators_may_write(table)


def test_the_migration_adds_the_chat_table_and_takes_it_away_again(database_url: str) -> None:
    from sqlalchemy import create_engine, inspect

    from tabletop.storage.migrate import upgrade

    upgrade(database_url)
    engine = create_engine(database_url)
    assert "chat_messages" in inspect(engine).get_table_names()
    from alembic import command

    from tabletop.storage.migrate import alembic_config

    command.downgrade(alembic_config(database_url), "0002")
    assert "chat_messages" not in inspect(engine).get_table_names()
    upgrade(database_url)
    assert "chat_messages" in inspect(engine).get_table_names()
    engine.dispose()
