"""What an account does with its own data, over the API on a real SQLite file (issue 45): claiming the seats a
browser held before it signed up (item 2), exporting its games as records and deleting itself (item 1) —
and the attacker's checklist items they touch: another account's seat, a deleted account's sessions."""

from __future__ import annotations

import time
from typing import Any

import orjson
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from tabletop.core import Record
from tabletop.server import create_app
from tabletop.server.identity import CSRF_HEADER, SESSION_COOKIE
from tabletop.server.site.accounts import feature
from tests.server.live import bearer, from_address, seated, settings_for_tests, until
from tests.server.site.accounts import PASSWORD, signed_in

VERSUS_BOT = {"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot"}]}


def made(device: TestClient, csrf: str | None = None, body: dict[str, Any] = VERSUS_BOT) -> tuple[str, str]:
    """A new table made by ``device``: its id and the creator's seat token."""
    answer = device.post("/api/tables", json=body, headers={CSRF_HEADER: csrf} if csrf else {})
    assert answer.status_code == 201, answer.text
    return answer.json()["table"]["id"], answer.json()["tokens"]["0"]


def resigned(device: TestClient, table: str, token: str, csrf: str | None = None) -> None:
    """The table ended by its person resigning (the bot wins)."""
    headers = {**bearer(token), **({CSRF_HEADER: csrf} if csrf else {})}
    assert device.post(f"/api/tables/{table}/resign", headers=headers).json()["status"] == "over"


def profile_once(client: TestClient, username: str, played: int) -> dict[str, Any]:
    """The player's profile once it counts ``played`` games (the consumer of finished tables runs apart)."""
    deadline = time.monotonic() + 10
    while True:
        seen: dict[str, Any] = client.get(f"/api/players/{username}").json()
        if sum(g["played"] for g in seen["games"]) >= played or time.monotonic() > deadline:
            return seen
        time.sleep(0.05)


def test_the_seats_a_browser_held_become_its_new_accounts_and_follow_it_to_another_device(
        client: TestClient) -> None:
    """Issue 45 item 2: on sign-up, the tables this browser holds tokens for are claimed into the new account —
    a game being played (the live table learns it at once: the same account on a phone holds the seat) and a
    finished one (counted in the profile and in "my games"); a seat of another account's, a wrong token and a
    table id that is none are refused, and the answer says how many, never which or why."""
    browser = from_address(client, "10.0.0.1")
    playing, playing_token = made(browser)
    over, over_token = made(browser)
    resigned(browser, over, over_token)
    bob, bob_csrf = signed_in(client, "Bob_", "10.0.0.9", new=True)
    bobs, bobs_token = made(bob, bob_csrf)
    browser.post("/api/account/signup", json={"username": "Anna", "password": PASSWORD})
    csrf = browser.get("/api/account").json()["csrf"]
    seats = [{"table": playing, "token": playing_token}, {"table": over, "token": over_token},
             {"table": bobs, "token": bobs_token}, {"table": playing, "token": "not-a-token"},
             {"table": "no\u0000such", "token": playing_token}]
    answer = browser.post("/api/account/claim", json={"seats": seats}, headers={CSRF_HEADER: csrf})
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"claimed": [{"table": over, "seat": 0}, {"table": playing, "seat": 0}]
                             if over < playing else [{"table": playing, "seat": 0}, {"table": over, "seat": 0}],
                             "refused": 3}
    phone, _ = signed_in(client, "Anna", "10.0.0.2")
    assert phone.get(f"/api/tables/{playing}/state").json()["seat"] == 0  # no token: the account's seat
    assert client.get(f"/api/tables/{playing}").json()["seats"][0]["name"] == "Anna"  # named as the account
    with seated(phone, playing) as ws:
        assert until(ws, lambda m: m["type"] == "state")["seat"] == 0
    assert bob.get(f"/api/tables/{bobs}/state").json()["seat"] == 0  # Bob's seat stays Bob's
    assert phone.get(f"/api/tables/{bobs}/state").json()["seat"] is None
    finished = phone.get("/api/account/games", params={"status": "finished"}).json()["tables"]
    assert [line["id"] for line in finished] == [over] and finished[0]["my_seats"] == [0]
    assert profile_once(client, "anna", 1)["games"] == [{"game": "cubulus", "played": 1, "won": 0, "left": 0}]
    again = browser.post("/api/account/claim", json={"seats": seats[:2]}, headers={CSRF_HEADER: csrf})
    assert again.json()["refused"] == 0 and len(again.json()["claimed"]) == 2  # its own seats: claimed again
    assert client.get("/api/players/anna").json()["games"][0]["played"] == 1  # counted once


def test_a_claim_needs_an_account_its_csrf_token_and_a_bounded_body(client: TestClient) -> None:
    """Issue 45 item 2: anonymous, the claim is refused (401); signed in, a claim without the session's CSRF
    token (a cross-site form) changes nothing; more than 100 seats, or a field it does not know, is malformed."""
    browser = from_address(client, "10.0.0.1")
    table, token = made(browser)
    body = {"seats": [{"table": table, "token": token}]}
    assert browser.post("/api/account/claim", json=body).json()["code"] == "not_signed_in"
    browser.post("/api/account/signup", json={"username": "Anna", "password": PASSWORD})
    assert browser.post("/api/account/claim", json=body).json()["code"] == "csrf_failed"
    csrf = {CSRF_HEADER: browser.get("/api/account").json()["csrf"]}
    assert browser.get("/api/account/games").json()["tables"] == []  # nothing was claimed
    too_many = {"seats": [{"table": table, "token": token}] * 101}
    assert browser.post("/api/account/claim", json=too_many, headers=csrf).status_code == 422
    extra = {"seats": [{"table": table, "token": token, "seat": 0}]}
    assert browser.post("/api/account/claim", json=extra, headers=csrf).status_code == 422
    assert browser.post("/api/account/claim", json={"seats": []}, headers=csrf).json() == {"claimed": [],
                                                                                          "refused": 0}


def test_claims_are_limited_per_account_whatever_the_address(sqlite_url: str) -> None:
    """Issue 45 item 2: a claim checks tokens against the database; a few a minute per account, counted
    across its devices."""
    with TestClient(create_app(settings_for_tests(sqlite_url, claims_per_minute=2))) as client:
        laptop, csrf = signed_in(client, "Anna", "10.0.0.1", new=True)
        phone, phone_csrf = signed_in(client, "Anna", "10.0.0.2")
        assert laptop.post("/api/account/claim", json={"seats": []}, headers={CSRF_HEADER: csrf}).status_code == 200
        assert phone.post("/api/account/claim", json={"seats": []}, headers={CSRF_HEADER: phone_csrf}
                          ).status_code == 200
        refused = laptop.post("/api/account/claim", json={"seats": []}, headers={CSRF_HEADER: csrf})
        assert (refused.status_code, refused.json()["code"]) == (429, "too_many_claims")
        assert "Retry-After" in refused.headers


def test_the_export_is_a_download_of_the_account_and_its_games_records_a_page_at_a_time(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 45 item 1: the account and every game it sat at, a finished one with its record (the one
    ``GET /api/tables/{id}/record`` answers, which replays); a game being played is listed without its record
    (it would show hidden information: the chance secret above all); paged by a cursor."""
    monkeypatch.setattr(feature, "EXPORT_PAGE", 1)
    anna, csrf = signed_in(client, "Анна", "10.0.0.1", new=True)
    over, over_token = made(anna, csrf)
    resigned(anna, over, over_token, csrf)
    playing, _ = made(anna, csrf)
    made(from_address(client, "10.0.0.5"))  # a stranger's: not exported
    first = anna.get("/api/account/export")
    assert first.status_code == 200, first.text
    assert first.headers["content-disposition"].startswith("attachment;")
    assert "filename*=UTF-8''tabletop-%D0%90%D0%BD%D0%BD%D0%B0.json" in first.headers["content-disposition"]
    page = first.json()
    assert page["account"]["username"] == "Анна" and page["next"] is not None
    [unfinished] = page["games"]
    assert (unfinished["id"], unfinished["my_seats"], unfinished["status"]) == (playing, [0], "playing")
    assert "record" not in unfinished and "secret" not in orjson.dumps(page).decode()
    second = anna.get("/api/account/export", params={"cursor": page["next"]}).json()
    [finished] = second["games"]
    assert finished["id"] == over and second["next"] is None
    record = Record.from_json(orjson.dumps(finished["record"]).decode())
    assert record.to_json() == Record.from_json(client.get(f"/api/tables/{over}/record").text).to_json()
    assert record.meta["result"]["ending"]["cause"] == "resigned"
    assert anna.get("/api/account/export", params={"cursor": "made-up"}).json()["code"] == "bad_cursor"
    assert from_address(client, "10.0.0.6").get("/api/account/export").json()["code"] == "not_signed_in"


def test_the_export_is_priced_per_account(sqlite_url: str) -> None:
    """Issue 45 item 1: each page reads records from the database: a few pages a minute per account."""
    with TestClient(create_app(settings_for_tests(sqlite_url, exports_per_minute=2))) as client:
        laptop, _ = signed_in(client, "Anna", "10.0.0.1", new=True)
        phone, _ = signed_in(client, "Anna", "10.0.0.2")
        assert laptop.get("/api/account/export").status_code == phone.get("/api/account/export").status_code == 200
        refused = laptop.get("/api/account/export")
        assert (refused.status_code, refused.json()["code"]) == (429, "too_many_exports")


def test_a_deleted_account_signs_nobody_in_its_games_stay_under_a_neutral_name_and_its_name_stays_taken(
        client: TestClient, sqlite_url: str) -> None:
    """Issue 45 item 1 and the attacker's checklist ("a deleted account's sessions"): the password asked again
    (a wrong one changes nothing); every session ends — this one's cookie cleared, the phone's and an old
    cookie's refused —; the recovery codes, sessions and game list are gone from the database; the profile
    answers 404; the games stay, the account's seats named "deleted player" (in the live table too, and in
    its record); the name may not be taken again."""
    anna, csrf = signed_in(client, "Anna", "10.0.0.1", new=True)
    phone, _ = signed_in(client, "Anna", "10.0.0.2")
    over, over_token = made(anna, csrf)
    resigned(anna, over, over_token, csrf)
    playing, playing_token = made(anna, csrf)
    profile_once(client, "anna", 1)
    cookie = anna.cookies[SESSION_COOKIE]
    wrong = anna.post("/api/account/delete", json={"password": "not my password"}, headers={CSRF_HEADER: csrf})
    assert (wrong.status_code, wrong.json()["code"]) == (401, "bad_credentials")
    assert phone.get("/api/account").json()["account"]["username"] == "Anna"
    assert anna.post("/api/account/delete", json={"password": PASSWORD}).json()["code"] == "csrf_failed"
    deleted = anna.post("/api/account/delete", json={"password": PASSWORD}, headers={CSRF_HEADER: csrf})
    assert deleted.status_code == 200 and deleted.json() == {"deleted": True}
    assert 'tabletop_session=""' in deleted.headers["set-cookie"] and "Max-Age=0" in deleted.headers["set-cookie"]
    assert phone.get("/api/account").json()["account"] is None
    stale = from_address(client, "10.0.0.3")
    stale.cookies.set(SESSION_COOKIE, cookie)
    assert stale.get("/api/account").json()["account"] is None
    assert stale.post("/api/account/login", json={"username": "Anna", "password": PASSWORD}).status_code == 401
    again = from_address(client, "10.0.0.4").post("/api/account/signup", json={"username": "ANNA",
                                                                                "password": PASSWORD})
    assert (again.status_code, again.json()["code"]) == (409, "username_taken")
    assert client.get("/api/players/Anna").json()["code"] == "no_player"
    for table in (over, playing):
        assert client.get(f"/api/tables/{table}").json()["seats"][0]["name"] == "deleted player"
    assert Record.from_json(client.get(f"/api/tables/{over}/record").text).meta["players"][0] == "deleted player"
    assert stale.get(f"/api/tables/{playing}/state", headers=bearer(playing_token)).json()["seat"] == 0  # its token
    engine = create_engine(sqlite_url)
    with engine.connect() as connection:
        left = {name: connection.execute(text(f"SELECT COUNT(*) FROM {name}")).scalar()
                for name in ("account_sessions", "account_recovery_codes", "account_games")}
        bound = connection.execute(text("SELECT COUNT(*) FROM seats WHERE account IS NOT NULL")).scalar()
        kept = connection.execute(text("SELECT username, password_hash FROM accounts")).all()
    engine.dispose()
    assert left == {"account_sessions": 0, "account_recovery_codes": 0, "account_games": 0} and bound == 0
    assert kept == [("", "")]  # a tombstone: no name shown, no password, its name's key kept taken


def test_deleting_is_signed_in_only_and_throttled_like_a_sign_in(sqlite_url: str) -> None:
    """Issue 45 item 1: the password check is the sign-in's, with its per-account limit (no guessing a
    session's password by deleting)."""
    with TestClient(create_app(settings_for_tests(sqlite_url, sign_ins_per_account_per_minute=2))) as client:
        assert from_address(client, "10.0.0.9").post("/api/account/delete", json={"password": PASSWORD}
                                                     ).json()["code"] == "not_signed_in"
        anna, csrf = signed_in(client, "Anna", "10.0.0.1", new=True)
        codes = [anna.post("/api/account/delete", json={"password": f"guess {n}"}, headers={CSRF_HEADER: csrf}
                           ).json()["code"] for n in range(3)]
        assert codes == ["bad_credentials", "bad_credentials", "too_many_sign_ins_for_account"]
        assert anna.get("/api/account").json()["account"]["username"] == "Anna"
