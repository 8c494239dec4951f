"""Passkeys' refusals at the API (issue 45 item 1): what the browser test (tests/web/test_passkeys.py, with
Chromium's virtual authenticator) cannot show — each failure answers one way, a challenge is spent once, an IP
address is refused with a reason, a deleted account's passkeys are gone."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient

from tabletop.server import create_app
from tabletop.server.identity import CSRF_HEADER
from tabletop.storage.passkeys import PasskeyStore
from tests.server.live import settings_for_tests
from tests.server.site.accounts import PASSWORD

SITE = "http://localhost"  # a name: WebAuthn's origins are never IP addresses


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(sqlite_url)), base_url=SITE) as test_client:
        yield test_client


def answer(challenge: str = "bm9uZQ", key: str = "AAAA") -> dict[str, object]:
    """A browser's answer in shape, signing nothing real (its client data names ``challenge``)."""
    import base64
    import json

    data = base64.urlsafe_b64encode(json.dumps({"type": "webauthn.get", "challenge": challenge,
                                                "origin": SITE}).encode()).rstrip(b"=").decode()
    return {"id": key, "rawId": key, "type": "public-key",
            "response": {"clientDataJSON": data, "authenticatorData": "AAAA", "signature": "AAAA"}}


def test_sign_in_options_name_this_site_and_ask_for_any_of_its_passkeys(client: TestClient) -> None:
    options = client.post("/api/account/passkeys/login/options").json()
    assert options["rpId"] == "localhost" and options["allowCredentials"] == []
    assert len(options["challenge"]) >= 40  # 32 random bytes


def test_every_failure_to_sign_in_answers_one_way(client: TestClient) -> None:
    challenge = client.post("/api/account/passkeys/login/options").json()["challenge"]
    unknown_key = client.post("/api/account/passkeys/login", json={"credential": answer(challenge)})
    no_challenge = client.post("/api/account/passkeys/login", json={"credential": answer("c3RhbGU")})
    not_an_answer = client.post("/api/account/passkeys/login", json={"credential": {"id": "AAAA"}})
    for refused in (unknown_key, no_challenge, not_an_answer):
        assert (refused.status_code, refused.json()["code"]) == (401, "passkey_failed")
    assert client.get("/api/account").json()["account"] is None


def test_registering_needs_an_account_and_a_challenge_it_asked_for(client: TestClient) -> None:
    assert client.post("/api/account/passkeys/register/options").json()["code"] == "not_signed_in"
    signed = client.post("/api/account/signup", json={"username": "Anna", "password": PASSWORD}).json()
    options = client.post("/api/account/passkeys/register/options", headers={CSRF_HEADER: signed["csrf"]}).json()
    assert options["user"]["name"] == "Anna" and options["authenticatorSelection"]["residentKey"] == "required"
    forged = client.post("/api/account/passkeys/register", json={"credential": answer("Zm9yZ2Vk")},
                         headers={CSRF_HEADER: signed["csrf"]})
    assert (forged.status_code, forged.json()["code"]) == (400, "passkey_refused")
    assert client.get("/api/account/passkeys").json()["passkeys"] == []


def test_an_ip_address_is_refused_with_a_reason(sqlite_url: str) -> None:
    with TestClient(create_app(settings_for_tests(sqlite_url)), base_url="http://127.0.0.1") as at_ip:
        refused = at_ip.post("/api/account/passkeys/login/options")
    assert (refused.status_code, refused.json()["code"]) == (400, "passkey_needs_a_name")


def test_an_answer_too_big_is_refused_before_anything_is_read(client: TestClient) -> None:
    refused = client.post("/api/account/passkeys/login", json={"credential": {"id": "A" * 20_000}})
    assert refused.status_code in (413, 422)


def test_a_challenge_is_spent_once_and_only_for_its_purpose(client: TestClient) -> None:
    store = PasskeyStore(client.app.state.hub.store.engine)  # type: ignore[attr-defined]
    store.keep_challenge("abc", "sign_in", None, timedelta(minutes=5))
    assert not store.take_challenge("abc", "register", None)
    assert store.take_challenge("abc", "sign_in", None)
    assert not store.take_challenge("abc", "sign_in", None)
    store.keep_challenge("old", "sign_in", None, timedelta(seconds=-1))
    assert not store.take_challenge("old", "sign_in", None)


def test_a_deleted_accounts_passkeys_are_gone(client: TestClient) -> None:
    signed = client.post("/api/account/signup", json={"username": "Anna", "password": PASSWORD}).json()
    account = client.get("/api/account").json()
    assert account["account"]["username"] == "Anna"
    store = PasskeyStore(client.app.state.hub.store.engine)  # type: ignore[attr-defined]
    me = client.app.state.accounts  # type: ignore[attr-defined]
    found = me.store.credentials("anna")
    assert store.add(found[0].id, "a-key", b"cose", 0, "a browser")
    deleted = client.post("/api/account/delete", json={"password": PASSWORD}, headers={CSRF_HEADER: signed["csrf"]})
    assert deleted.status_code == 200, deleted.text
    assert store.find("a-key") is None
