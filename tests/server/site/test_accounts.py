"""Optional accounts over the API, on a real SQLite file (issue 45, item 1): signing up, in and out, sessions,
passwords and recovery codes — and the attacker's checklist: CSRF by a cross-site form, session fixation,
credential stuffing throttled, an unknown name answered as a wrong password after the same work, no secret
stored or logged."""

from __future__ import annotations

import logging

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from tabletop.server import create_app
from tabletop.server.identity import CSRF_HEADER, SESSION_COOKIE
from tests.server.live import from_address, settings_for_tests
from tests.server.site.accounts import PASSWORD


def sign_up(client: TestClient, username: str = "Anna", password: str = PASSWORD) -> dict[str, object]:
    response = client.post("/api/account/signup", json={"username": username, "password": password})
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def test_signing_up_signs_in_with_a_cookie_scripts_cannot_read_and_shows_the_recovery_codes_once(
        client: TestClient) -> None:
    made = sign_up(client)
    assert made["account"]["username"] == "Anna"  # type: ignore[index]
    codes = made["recovery_codes"]
    assert isinstance(codes, list) and len(set(codes)) == 8
    cookie = next(h for h in client.cookies.jar)
    assert cookie.name == SESSION_COOKIE and cookie.has_nonstandard_attr("HttpOnly")
    assert cookie.get_nonstandard_attr("SameSite", "").lower() == "lax" and not cookie.secure  # http: not Secure
    me = client.get("/api/account").json()
    assert me["account"]["username"] == "Anna" and me["csrf"] == made["csrf"] and me["recovery_codes_left"] == 8
    assert "recovery_codes" not in me


def test_anonymous_play_is_unchanged_and_who_am_i_says_nobody(client: TestClient) -> None:
    assert client.get("/api/account").json()["account"] is None
    client.cookies.set(SESSION_COOKIE, "made-up")  # an unknown session is nobody, not an error
    assert client.get("/api/account").json()["account"] is None
    assert client.post("/api/tables", json={"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot"}]}
                       ).status_code == 201


@pytest.mark.parametrize(("username", "code"), [
    ("An", "username_length"), ("a" * 25, "username_length"), ("Anna Karenina", "username_characters"),
    ("_anna", "username_characters"), ("An\u200bna", "username_characters"), ("Аnna", "username_scripts"),
    ("Admin", "username_reserved"), ("EASY", "username_reserved"),
])
def test_usernames_the_rules_refuse_change_nothing(client: TestClient, username: str, code: str) -> None:
    response = client.post("/api/account/signup", json={"username": username, "password": PASSWORD})
    assert (response.status_code, response.json()["code"]) == (422, code)
    assert client.get("/api/account").json()["account"] is None


def test_names_of_any_script_are_welcome_and_unique_whatever_their_case_or_width(client: TestClient) -> None:
    sign_up(client, "Анна_1")
    other = from_address(client, "10.0.0.2")
    for twin in ("анна_1", "АННА_1", "Ａнна_1"):
        response = other.post("/api/account/signup", json={"username": twin, "password": PASSWORD})
        assert response.status_code in (409, 422), twin
    assert other.post("/api/account/signup", json={"username": "ＡＮＮＡ", "password": PASSWORD}).status_code == 201
    third = from_address(client, "10.0.0.9")  # (signed in, ``other`` would need its CSRF token to sign up again)
    assert third.post("/api/account/signup", json={"username": "anna", "password": PASSWORD}).json()["code"] \
        == "username_taken"


@pytest.mark.parametrize(("password", "code"), [("short", "password_length"), ("x" * 257, "password_length"),
                                                ("ANNA_the_2nd", "password_is_username")])
def test_passwords_the_rules_refuse(client: TestClient, password: str, code: str) -> None:
    response = client.post("/api/account/signup", json={"username": "anna_the_2nd", "password": password})
    assert (response.status_code, response.json()["code"]) == (422, code)


def test_an_unknown_name_is_answered_as_a_wrong_password_after_the_same_work(client: TestClient) -> None:
    sign_up(client)
    client.post("/api/account/logout", json={}, headers={CSRF_HEADER: client.get("/api/account").json()["csrf"]})
    passwords = client.app.state.accounts.passwords  # type: ignore[attr-defined]
    answers = []
    for username, password in (("Anna", "wrong password"), ("Nobody_here", "wrong password")):
        before = passwords.verifications
        response = client.post("/api/account/login", json={"username": username, "password": password})
        assert passwords.verifications == before + 1  # an argon2 verification either way (the dummy hash)
        answers.append((response.status_code, response.content))
    assert answers[0] == answers[1] and answers[0][0] == 401
    assert b"bad_credentials" in answers[0][1]
    assert client.post("/api/account/login", json={"username": "ANNA", "password": PASSWORD}).status_code == 200


def test_a_cross_site_form_post_changes_nothing(client: TestClient) -> None:
    """CSRF: another site's form posts with the victim's cookie; refused by its Origin, and without the
    session's token even where the Origin passes."""
    sign_up(client)
    form = {"current": PASSWORD, "new": "owned by the attacker"}
    cross_site = client.post("/api/account/password", data=form,
                             headers={"Origin": "https://evil.example", "Content-Type":
                                      "application/x-www-form-urlencoded"})
    assert (cross_site.status_code, cross_site.json()["code"]) == (403, "bad_origin")
    no_token = client.post("/api/account/password", json={"current": PASSWORD, "new": "owned by the attacker"})
    assert (no_token.status_code, no_token.json()["code"]) == (403, "csrf_failed")
    wrong = client.post("/api/account/password", json={"current": PASSWORD, "new": "owned by the attacker"},
                        headers={CSRF_HEADER: "0" * 32})
    assert wrong.json()["code"] == "csrf_failed"
    csrf = client.get("/api/account").json()["csrf"]
    assert client.post("/api/account/logout", json={}, headers={CSRF_HEADER: csrf}).status_code == 200
    assert client.post("/api/account/login", json={"username": "anna", "password": PASSWORD}).status_code == 200


def test_a_session_chosen_by_someone_else_is_never_the_one_signed_in(client: TestClient) -> None:
    """Session fixation: a cookie planted before sign-in is not adopted; sign-in makes a new secret."""
    sign_up(client)
    first = client.cookies[SESSION_COOKIE]
    client.post("/api/account/logout", json={}, headers={CSRF_HEADER: client.get("/api/account").json()["csrf"]})
    client.cookies.clear()
    client.cookies.set(SESSION_COOKIE, "planted-by-an-attacker")
    signed_in = client.post("/api/account/login", json={"username": "Anna", "password": PASSWORD})
    assert signed_in.status_code == 200
    assert signed_in.cookies[SESSION_COOKIE] not in ("planted-by-an-attacker", first)
    stale = TestClient(client.app, cookies={SESSION_COOKIE: first})
    stale.portal = client.portal  # type: ignore[attr-defined]
    assert stale.get("/api/account").json()["account"] is None  # signed out is signed out


def test_sessions_are_listed_and_signed_out_one_or_all(client: TestClient) -> None:
    sign_up(client)
    phone = from_address(client, "10.0.0.3")
    assert phone.post("/api/account/login", json={"username": "Anna", "password": PASSWORD},
                      headers={"User-Agent": "a phone"}).status_code == 200
    listed = client.get("/api/account/sessions").json()["sessions"]
    assert len(listed) == 2 and sum(s["current"] for s in listed) == 1
    theirs = next(s for s in listed if not s["current"])
    assert theirs["agent"] == "a phone"
    csrf = client.get("/api/account").json()["csrf"]
    assert client.delete(f"/api/account/sessions/{theirs['id']}", headers={CSRF_HEADER: csrf}).status_code == 200
    assert phone.get("/api/account").json()["account"] is None
    assert client.delete(f"/api/account/sessions/{theirs['id']}", headers={CSRF_HEADER: csrf}).json()["code"] \
        == "no_session"
    phone.post("/api/account/login", json={"username": "Anna", "password": PASSWORD})
    assert client.post("/api/account/logout", json={"everywhere": True}, headers={CSRF_HEADER: csrf}).json() \
        == {"signed_out": 2}
    assert client.get("/api/account").json()["account"] is None and phone.get("/api/account").json()["account"] is None


def test_a_new_password_signs_out_every_other_session(client: TestClient) -> None:
    sign_up(client)
    laptop = from_address(client, "10.0.0.4")
    laptop.post("/api/account/login", json={"username": "Anna", "password": PASSWORD})
    csrf = client.get("/api/account").json()["csrf"]
    wrong = client.post("/api/account/password", json={"current": "not it at all", "new": "a brand new one"},
                        headers={CSRF_HEADER: csrf})
    assert wrong.json()["code"] == "bad_credentials"
    assert client.post("/api/account/password", json={"current": PASSWORD, "new": "a brand new one"},
                       headers={CSRF_HEADER: csrf}).status_code == 200
    assert laptop.get("/api/account").json()["account"] is None
    assert client.get("/api/account").json()["account"]["username"] == "Anna"  # this one stays
    assert laptop.post("/api/account/login", json={"username": "Anna", "password": PASSWORD}).status_code == 401
    assert laptop.post("/api/account/login", json={"username": "Anna", "password": "a brand new one"}
                       ).status_code == 200


def test_a_recovery_code_resets_the_password_once_and_signs_everyone_out(client: TestClient) -> None:
    codes = sign_up(client)["recovery_codes"]
    assert isinstance(codes, list)
    stranger = from_address(client, "10.0.0.5")
    body = {"username": "anna", "code": codes[3].upper(), "password": "found my way back"}
    recovered = stranger.post("/api/account/recover", json=body)
    assert recovered.status_code == 200 and recovered.json()["recovery_codes_left"] == 7
    assert client.get("/api/account").json()["account"] is None  # the old session ended
    again = from_address(client, "10.0.0.6").post("/api/account/recover", json={**body, "password": "and again!"})
    assert (again.status_code, again.json()["code"]) == (401, "bad_credentials")  # spent
    unknown = from_address(client, "10.0.0.7").post("/api/account/recover", json={**body, "username": "nobody_x"})
    assert unknown.json()["code"] == "bad_credentials"
    assert client.post("/api/account/login", json={"username": "Anna", "password": "found my way back"}
                       ).status_code == 200


def test_credential_stuffing_is_throttled_per_account_and_per_address(sqlite_url: str) -> None:
    settings = settings_for_tests(sqlite_url)
    with TestClient(create_app(settings)) as client:
        sign_up(client)
        refusals = []
        for attempt in range(7):  # from as many addresses: the account's own limit (5 a minute) holds
            response = from_address(client, f"10.1.0.{attempt}").post(
                "/api/account/login", json={"username": "Anna", "password": f"guess {attempt}"})
            refusals.append(response.json()["code"])
        assert refusals[:5] == ["bad_credentials"] * 5
        assert refusals[5:] == ["too_many_sign_ins_for_account"] * 2
        one = from_address(client, "10.2.0.1")
        codes = [one.post("/api/account/login", json={"username": f"user_{n}", "password": "x" * 9}).json()["code"]
                 for n in range(11)]  # one address, many names: its own limit (10 a minute)
        assert codes[:10] == ["bad_credentials"] * 10 and codes[10] == "too_many_sign_ins"
        limited = one.post("/api/account/login", json={"username": "Anna", "password": PASSWORD})
        assert limited.status_code == 429 and "Retry-After" in limited.headers


def test_no_secret_is_stored_or_logged(client: TestClient, sqlite_url: str, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG):
        codes = sign_up(client)["recovery_codes"]
        client.post("/api/account/login", json={"username": "Anna", "password": "a wrong one!"})
    token = client.cookies[SESSION_COOKIE]
    secrets = [PASSWORD, "a wrong one!", token, *codes]  # type: ignore[misc]
    engine = create_engine(sqlite_url)
    with engine.connect() as connection:
        stored = " ".join(str(row) for table in ("accounts", "account_sessions", "account_recovery_codes")
                          for row in connection.execute(text(f"SELECT * FROM {table}")))
    engine.dispose()
    assert "$argon2id$" in stored
    for secret in secrets:
        assert secret not in stored and secret not in caplog.text


def test_the_commands_password_hashing_choices_are_the_features_parameter_sets() -> None:
    from tabletop.cli.serve import PASSWORD_HASHING
    from tabletop.server.site.accounts.passwords import PROFILES

    assert set(PASSWORD_HASHING) == set(PROFILES)
