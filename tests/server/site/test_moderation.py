"""Looking after each other (issue 45 item 7) over the API, on a real SQLite file: blocking a player (their chat
never reaches the blocker, live or in the history; they cannot join the blocker's table nor address them a
seat), reporting a player or a chat line, and the moderators' tools — mute, close, hide a line — each logged,
with no secret in the log."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from tabletop.server import create_app
from tabletop.server.identity import SESSION_COOKIE
from tabletop.storage import Store
from tabletop.storage.moderation import ModerationStore
from tests.server.live import from_address, next_of, reader, settings_for_tests
from tests.server.site.accounts import PASSWORD, new_account

CHATTY = {"chat_burst": 1000, "chat_per_minute": 1000}


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(sqlite_url, **CHATTY))) as test_client:
        yield test_client


def table_of(creator: TestClient, headers: dict[str, str], **seat: Any) -> Any:
    """A Cubulus table of two people, the creator in seat 0, seat 1 open (or as ``seat`` says)."""
    return creator.post("/api/tables", json={"game": "cubulus", "seats": [
        {"kind": "human"}, {"kind": "human", "open": True, **seat}]}, headers=headers)


def say(ws: Any, words: str) -> dict[str, Any]:
    ws.send_json({"type": "chat", "text": words})
    return next_of(ws, "chat", "chat_refused")


def moderator(sqlite_url: str, username: str) -> None:
    """Grant ``username`` the role, as the operator does at the shell."""
    store = Store(sqlite_url)
    ModerationStore(store).set_role("operator", username.casefold(), True, "test")
    store.close()


def test_a_blocked_players_chat_never_reaches_the_blocker_live_or_in_the_history(client: TestClient) -> None:
    """Issue 45 item 7: Bob sits at Anna's table and writes; once Anna blocks him, none of his lines reach her —
    neither the ones he writes now nor the earlier ones in the history her next connection is sent — while
    Carol, watching, reads them all; nothing a client is sent names an account."""
    anna, anna_csrf = new_account(client, "Anna", "10.0.0.1")
    bob, bob_csrf = new_account(client, "Bob", "10.0.0.2")
    carol, _ = new_account(client, "Carol", "10.0.0.3")
    made = table_of(anna, anna_csrf).json()
    table, anna_token = made["table"]["id"], made["tokens"]["0"]
    bob_token = bob.post(f"/api/tables/{table}/join", json={}, headers=bob_csrf).json()["token"]
    with reader(bob, table, bob_token) as bob_ws:
        next_of(bob_ws, "chat")
        assert say(bob_ws, "hello before the block")["messages"][0]["text"] == "hello before the block"
        assert anna.post("/api/account/blocks", json={"username": "bob"}, headers=anna_csrf).json() \
            == {"blocked": "Bob"}
        assert anna.get("/api/account/blocks").json()["blocks"][0]["username"] == "Bob"
        with reader(anna, table, anna_token) as anna_ws, reader(carol, table) as carol_ws:
            assert next_of(anna_ws, "chat")["messages"] == []  # the history: without Bob's line
            assert [m["text"] for m in next_of(carol_ws, "chat")["messages"]] == ["hello before the block"]
            say(bob_ws, "you cannot hear me")
            heard = next_of(carol_ws, "chat")["messages"][0]
            assert heard["text"] == "you cannot hear me" and "account" not in heard
            said = say(anna_ws, "quiet here")
            assert [m["text"] for m in said["messages"]] == ["quiet here"]  # Bob's line never came before it
            assert next_of(carol_ws, "chat")["messages"][0]["text"] == "quiet here"
            assert next_of(bob_ws, "chat")["messages"][0]["text"] == "quiet here"  # (one-way: Bob reads Anna)
        with reader(anna, table, anna_token) as again:
            assert [m["text"] for m in next_of(again, "chat")["messages"]] == ["quiet here"]
    assert anna.delete("/api/account/blocks/BOB", headers=anna_csrf).json() == {"unblocked": "Bob"}
    with reader(anna, table, anna_token) as after:
        assert len(next_of(after, "chat")["messages"]) == 3


def test_a_blocked_player_cannot_join_the_blockers_table_nor_address_them_a_seat(client: TestClient) -> None:
    """Issue 45 item 7: Bob, blocked by Anna, is refused her open seat with ``cannot_join`` (no reason given)
    and a seat he addresses to her with ``seat_for_unknown``, as if she did not exist; Carol is not refused;
    Anna may still join Bob's table (one-way); blocking oneself or nobody is refused."""
    anna, anna_csrf = new_account(client, "Anna", "10.0.0.1")
    bob, bob_csrf = new_account(client, "Bob", "10.0.0.2")
    carol, carol_csrf = new_account(client, "Carol", "10.0.0.3")
    assert anna.post("/api/account/blocks", json={"username": "Bob"}, headers=anna_csrf).status_code == 200
    table = table_of(anna, anna_csrf).json()["table"]["id"]
    refused = bob.post(f"/api/tables/{table}/join", json={}, headers=bob_csrf)
    assert (refused.status_code, refused.json()["code"]) == (409, "cannot_join")
    addressed = table_of(bob, bob_csrf, **{"for": "Anna", "open": False})
    assert (addressed.status_code, addressed.json()["code"]) == (422, "seat_for_unknown")
    assert addressed.json()["detail"] == table_of(bob, bob_csrf, **{"for": "Nobody1", "open": False}).json()[
        "detail"].replace("Nobody1", "Anna")
    assert carol.post(f"/api/tables/{table}/join", json={}, headers=carol_csrf).status_code == 200
    bobs = table_of(bob, bob_csrf).json()["table"]["id"]
    assert anna.post(f"/api/tables/{bobs}/join", json={}, headers=anna_csrf).status_code == 200
    for name, code in (("anna", "block_self"), ("Nobody1", "no_player")):
        assert anna.post("/api/account/blocks", json={"username": name}, headers=anna_csrf).json()["code"] == code
    assert from_address(client, "10.0.0.9").post("/api/account/blocks", json={"username": "Bob"}).json()["code"] \
        == "not_signed_in"


def test_a_report_of_a_chat_line_is_stored_once_with_the_lines_text(client: TestClient, sqlite_url: str) -> None:
    """Issue 45 item 7: Anna reports Bob's line; the report keeps its text (hidden later, still the evidence),
    the same report again answers the same id, and a moderator lists it newest first and resolves it."""
    anna, anna_csrf = new_account(client, "Anna", "10.0.0.1")
    bob, bob_csrf = new_account(client, "Bob", "10.0.0.2")
    made = table_of(anna, anna_csrf).json()
    table = made["table"]["id"]
    bob_token = bob.post(f"/api/tables/{table}/join", json={}, headers=bob_csrf).json()["token"]
    with reader(bob, table, bob_token) as bob_ws:
        next_of(bob_ws, "chat")
        line = say(bob_ws, "something nasty")["messages"][0]["id"]
    body = {"reason": "abuse", "note": "  said\u202e this\n twice ", "table": table, "chat_line": line}
    first = anna.post("/api/reports", json=body, headers=anna_csrf)
    assert first.status_code == 201 and first.json()["new"] is True, first.text
    again = anna.post("/api/reports", json=body, headers=anna_csrf)
    assert again.json() == {"report": first.json()["report"], "new": False}
    assert anna.post("/api/reports", json={"reason": "other", "username": "Anna"}, headers=anna_csrf).json()[
        "code"] == "report_self"
    assert anna.post("/api/reports", json={**body, "chat_line": line + 99}, headers=anna_csrf).json()["code"] \
        == "no_chat_line"
    assert anna.post("/api/reports", json={"reason": "other", "note": "x" * 501, "username": "Bob"},
                     headers=anna_csrf).json()["code"] == "note_too_long"
    player = anna.post("/api/reports", json={"reason": "cheating", "username": "bob"}, headers=anna_csrf)
    assert player.status_code == 201
    assert bob.get("/api/moderation/reports").json()["code"] == "not_moderator"
    moderator(sqlite_url, "Bob")  # (a moderator reads reports about himself too: the log says who resolved them)
    listed = bob.get("/api/moderation/reports").json()["reports"]
    assert [r["id"] for r in listed] == [player.json()["report"], first.json()["report"]]
    assert (listed[1]["username"], listed[1]["reporter"], listed[1]["line_text"], listed[1]["note"]) == (
        "Bob", "Anna", "something nasty", "said this twice")
    assert bob.post(f"/api/moderation/tables/{table}/chat/{line}/hide", json={}, headers=bob_csrf).status_code == 200
    assert bob.get("/api/moderation/reports").json()["reports"][1]["line_text"] == "something nasty"
    resolved = bob.post(f"/api/moderation/reports/{listed[1]['id']}/resolve", json={"reason": "warned"},
                        headers=bob_csrf)
    assert resolved.status_code == 200
    assert len(bob.get("/api/moderation/reports").json()["reports"]) == 1
    assert bob.post(f"/api/moderation/reports/{listed[1]['id']}/resolve", json={}, headers=bob_csrf).json()[
        "code"] == "no_report"


def test_reports_are_limited_per_account_and_hour(sqlite_url: str) -> None:
    """Issue 45 item 7: beyond ``reports_per_hour`` a report is refused with when to try again."""
    with TestClient(create_app(settings_for_tests(sqlite_url, reports_per_hour=2))) as client:
        anna, csrf = new_account(client, "Anna", "10.0.0.1")
        new_account(client, "Bob", "10.0.0.2")
        answers = [anna.post("/api/reports", json={"reason": reason, "username": "Bob", "table": table},
                             headers=csrf) for reason, table in (("spam", None), ("spam", "t1"), ("spam", "t2"))]
        assert [a.status_code for a in answers] == [201, 201, 429]
        assert answers[2].json()["code"] == "too_many_reports" and answers[2].json()["params"]["span"] == 3600


def test_a_muted_accounts_chat_is_refused_and_a_hidden_line_goes_from_everyone(client: TestClient,
                                                                               sqlite_url: str) -> None:
    """Issue 45 item 7: a moderator mutes Bob (his chat refused ``muted``), hides his line (each reader told
    ``chat_hidden``, a new connection's history without it, the line kept), then unmutes him."""
    anna, anna_csrf = new_account(client, "Anna", "10.0.0.1")
    bob, bob_csrf = new_account(client, "Bob", "10.0.0.2")
    mod, mod_csrf = new_account(client, "Moderna", "10.0.0.3")
    moderator(sqlite_url, "Moderna")
    made = table_of(anna, anna_csrf).json()
    table, anna_token = made["table"]["id"], made["tokens"]["0"]
    bob_token = bob.post(f"/api/tables/{table}/join", json={}, headers=bob_csrf).json()["token"]
    with reader(bob, table, bob_token) as bob_ws, reader(anna, table, anna_token) as anna_ws:
        next_of(bob_ws, "chat")
        next_of(anna_ws, "chat")
        line = say(bob_ws, "rude words")["messages"][0]["id"]
        next_of(anna_ws, "chat")
        muted = mod.post("/api/moderation/players/bob/mute", json={"until": "2h", "reason": "rude"},
                         headers=mod_csrf)
        assert muted.json() == {"muted": "Bob"}, muted.text
        refused = say(bob_ws, "more rude words")
        assert (refused["type"], refused["code"]) == ("chat_refused", "muted")
        assert mod.post(f"/api/moderation/tables/{table}/chat/{line}/hide", json={"reason": "rude"},
                        headers=mod_csrf).json() == {"hidden": line}
        for ws in (anna_ws, bob_ws):
            assert next_of(ws, "chat_hidden") == {"type": "chat_hidden", "id": line}
        assert mod.post("/api/moderation/players/Bob/unmute", json={}, headers=mod_csrf).json() == {"unmute": "Bob"}
        assert say(bob_ws, "sorry")["type"] == "chat"
    with reader(anna, table, anna_token) as again:
        assert [m["text"] for m in next_of(again, "chat")["messages"]] == ["sorry"]
    engine = create_engine(sqlite_url)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT text FROM chat_messages WHERE id = :id"), {"id": line}).scalar() \
            == "rude words"  # kept for the record
    engine.dispose()
    past = mod.post("/api/moderation/players/bob/mute", json={"until": "2020-01-01T00:00"}, headers=mod_csrf)
    assert past.json()["code"] == "bad_until"


def test_a_closed_accounts_sessions_end_its_sign_in_is_refused_and_its_profile_is_gone(
        client: TestClient, sqlite_url: str) -> None:
    """Issue 45 item 7: closing Bob ends each of his sessions, refuses his sign-in with ``account_closed`` (a
    wrong password still ``bad_credentials``), and his profile is 404; reopened, he signs in again."""
    bob, _ = new_account(client, "Bob", "10.0.0.2")
    phone = from_address(client, "10.0.0.5")
    assert phone.post("/api/account/login", json={"username": "Bob", "password": PASSWORD}).status_code == 200
    mod, mod_csrf = new_account(client, "Moderna", "10.0.0.3")
    moderator(sqlite_url, "Moderna")
    assert mod.post("/api/moderation/players/bob/close", json={"reason": "spam"}, headers=mod_csrf).json() \
        == {"close": "Bob"}
    for device in (bob, phone):
        assert device.get("/api/account").json()["account"] is None
    stranger = from_address(client, "10.0.0.7")
    closed = stranger.post("/api/account/login", json={"username": "Bob", "password": PASSWORD})
    assert (closed.status_code, closed.json()["code"]) == (403, "account_closed")
    assert stranger.post("/api/account/login", json={"username": "Bob", "password": "wrong one, long"}).json()[
        "code"] == "bad_credentials"
    assert stranger.get("/api/players/Bob").status_code == 404
    assert stranger.post("/api/account/signup", json={"username": "bob", "password": PASSWORD}).status_code == 409
    assert mod.post("/api/moderation/players/bob/reopen", json={}, headers=mod_csrf).status_code == 200
    assert stranger.post("/api/account/login", json={"username": "Bob", "password": PASSWORD}).status_code == 200
    assert stranger.get("/api/players/Bob").status_code == 200


def test_a_players_moderator_actions_are_refused_and_every_action_is_logged_without_a_secret(
        client: TestClient, sqlite_url: str) -> None:
    """Issue 45 item 7: a player asking any moderator's route is refused 403 ``not_moderator`` and changes
    nothing; a moderator's actions each leave a line in the log (who, what, whom, the reason), and no row of
    the log or of the reports holds the password or a session cookie used here."""
    anna, anna_csrf = new_account(client, "Anna", "10.0.0.1")
    new_account(client, "Bob", "10.0.0.2")
    mod, mod_csrf = new_account(client, "Moderna", "10.0.0.3")
    routes = [("post", "/api/moderation/players/bob/mute"), ("post", "/api/moderation/players/bob/unmute"),
              ("post", "/api/moderation/players/bob/close"), ("post", "/api/moderation/players/bob/reopen"),
              ("post", "/api/moderation/reports/1/resolve"), ("post", "/api/moderation/tables/abc/chat/1/hide"),
              ("get", "/api/moderation/reports"), ("get", "/api/moderation/log")]
    for method, path in routes:
        answer = anna.request(method.upper(), path, json={} if method == "post" else None, headers=anna_csrf)
        assert (answer.status_code, answer.json()["code"]) == (403, "not_moderator"), path
    moderator(sqlite_url, "Moderna")
    anna.post("/api/reports", json={"reason": "spam", "username": "Bob", "note": "spam links"}, headers=anna_csrf)
    for path, body in (("players/bob/mute", {"reason": "spam links"}), ("players/bob/unmute", {}),
                       ("players/bob/close", {"reason": "spammer"}), ("players/bob/reopen", {"reason": "appeal"}),
                       ("reports/1/resolve", {"reason": "done"})):
        assert mod.post(f"/api/moderation/{path}", json=body, headers=mod_csrf).status_code == 200, path
    log = mod.get("/api/moderation/log").json()["log"]
    assert [(e["actor"], e["action"], e["target"], e["reason"]) for e in reversed(log)] == [
        ("operator", "role", "Moderna", "test"), ("Moderna", "mute", "Bob", "spam links"),
        ("Moderna", "unmute", "Bob", ""), ("Moderna", "close", "Bob", "spammer"),
        ("Moderna", "reopen", "Bob", "appeal"), ("Moderna", "resolve", "report 1", "done")]
    cookies = [client_.cookies.get(SESSION_COOKIE) for client_ in (anna, mod)]
    engine = create_engine(sqlite_url)
    with engine.connect() as connection:
        rows = [str(tuple(row)) for table in ("moderation_log", "reports")
                for row in connection.execute(text(f"SELECT * FROM {table}"))]
    engine.dispose()
    assert rows and all(secret and secret not in row for row in rows for secret in (PASSWORD, *cookies))
