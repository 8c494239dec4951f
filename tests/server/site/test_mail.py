"""The site's mail (issue 45 items 1 and 6), against a real SMTP server the test starts (aiosmtpd): an
address is confirmed by its link before anything else is mailed to it; a reset link, asked for by name, comes
only to a confirmed address and answers the same for anyone, works once and signs every session out; at a
table that takes days a player is mailed when it is their move, once per move, in their language. Without
SMTP the routes say so and nothing is sent. No link or address is logged."""

from __future__ import annotations

import dataclasses
import logging
import re
import time
from collections.abc import Iterator
from email import message_from_bytes, policy
from email.message import Message
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient

from tabletop.server import create_app
from tabletop.server.identity import CSRF_HEADER
from tabletop.server.process import free_port
from tabletop.server.site.mail import BadSmtpUrl, Smtp
from tests.server.live import from_address, settings_for_tests
from tests.server.site.accounts import signed_in

DAY = 86_400


class Inbox:
    """What the test's SMTP server received (aiosmtpd's handler)."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # (aiosmtpd calls it so)
        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"

    def to(self, address: str, count: int = 1, seconds: float = 10) -> list[Message]:
        """The messages to ``address``, once there are ``count`` of them."""
        deadline = time.monotonic() + seconds
        while len(found := [m for m in self.messages if m["To"] == address]) < count:
            assert time.monotonic() < deadline, f"{count} message(s) to {address} never came"
            time.sleep(0.05)
        return found


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    """A real SMTP server on 127.0.0.1, what it received and its port."""
    handler, port = Inbox(), free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    yield handler, port
    controller.stop()


@pytest.fixture
def client(sqlite_url: str, inbox: tuple[Inbox, int]) -> Iterator[TestClient]:
    settings = dataclasses.replace(settings_for_tests(sqlite_url),
                                   smtp_url=f"smtp://127.0.0.1:{inbox[1]}?from=tabletop@localhost&tls=none")
    with TestClient(create_app(settings), base_url="http://localhost") as test_client:
        yield test_client


def link(message: Message) -> str:
    """The link a message carries (the site's address as the request reached it)."""
    body = message.get_payload(decode=True)
    assert isinstance(body, bytes)
    found = re.search(r"http://[\w.:-]+/#/\S+", body.decode())
    assert found, body
    return found.group(0)


def confirmed(client: TestClient, inbox: Inbox, device: TestClient, csrf: str, email: str,
              language: str = "en") -> None:
    """Give the account ``email`` and confirm it by the link mailed there."""
    before = len([m for m in inbox.messages if m["To"] == email])
    asked = device.post("/api/account/email", json={"email": email, "language": language},
                        headers={CSRF_HEADER: csrf})
    assert asked.status_code == 202, asked.text
    token = link(inbox.to(email, count=before + 1)[-1]).rsplit("/", 1)[1]
    assert client.post("/api/account/email/confirm", json={"token": token}).json() == {"confirmed": True}
    assert client.post("/api/account/email/confirm", json={"token": token}).json() == {"confirmed": False}  # once


def test_an_address_is_confirmed_by_its_link(client: TestClient, inbox: tuple[Inbox, int]) -> None:
    device, csrf = signed_in(client, "Anna", "10.0.0.1", new=True)
    assert device.get("/api/account/email").json()["email"] is None
    assert device.post("/api/account/email", json={"email": "not an address"},
                       headers={CSRF_HEADER: csrf}).json()["code"] == "bad_email"
    confirmed(client, inbox[0], device, csrf, "anna@example.org", "ru")
    mine = device.get("/api/account/email").json()
    assert mine == {"mail": True, "email": "anna@example.org", "confirmed": True, "move_notices": True,
                    "language": "ru"}
    assert inbox[0].to("anna@example.org")[0]["Subject"].startswith("Подтвердите")


def test_a_reset_link_comes_to_a_confirmed_address_only_and_answers_alike_for_anyone(
        client: TestClient, inbox: tuple[Inbox, int]) -> None:
    """Item 1: "a reset link by e-mail only where the operator configured SMTP"."""
    device, csrf = signed_in(client, "Anna", "10.0.0.1", new=True)
    unconfirmed = device.post("/api/account/email", json={"email": "anna@example.org"}, headers={CSRF_HEADER: csrf})
    assert unconfirmed.status_code == 202
    stranger = from_address(client, "10.0.0.9")
    answers = [stranger.post("/api/account/reset/request", json={"username": name})
               for name in ("Anna", "nobody_here")]
    assert [(a.status_code, a.json()) for a in answers] == [(202, {"asked": True})] * 2
    time.sleep(0.3)
    assert len(inbox[0].to("anna@example.org")) == 1, "an address not confirmed gets its confirmation only"

    confirmed(client, inbox[0], device, csrf, "anna@example.org")
    assert stranger.post("/api/account/reset/request", json={"username": "ANNA"}).status_code == 202
    reset = inbox[0].to("anna@example.org", count=3)[-1]
    assert reset["Subject"] == "A new password for tabletop"
    token = link(reset).rsplit("/", 1)[1]
    phone = from_address(client, "10.0.0.2")
    after = phone.post("/api/account/reset", json={"token": token, "password": "a brand new password"})
    assert after.status_code == 200 and after.json()["account"]["username"] == "Anna"
    assert device.get("/api/account").json()["account"] is None, "every other session signed out"
    assert phone.get("/api/account").json()["account"]["username"] == "Anna"
    again = phone.post("/api/account/reset", json={"token": token, "password": "yet another password"})
    assert (again.status_code, again.json()["code"]) == (401, "bad_link")
    assert from_address(client, "10.0.0.3").post("/api/account/login", json={
        "username": "anna", "password": "a brand new password"}).status_code == 200


def test_a_player_is_mailed_when_it_is_their_move_at_a_table_of_days(
        client: TestClient, inbox: tuple[Inbox, int], caplog: pytest.LogCaptureFixture) -> None:
    """Item 6: "e-mail only if the operator configures SMTP": once per move, not for one's own move."""
    caplog.set_level(logging.INFO, logger="tabletop.mail")
    anna, anna_csrf = signed_in(client, "Anna", "10.0.0.1", new=True)
    bob, bob_csrf = signed_in(client, "Bob_", "10.0.0.2", new=True)
    confirmed(client, inbox[0], bob, bob_csrf, "bob@example.org", "ro")
    made = anna.post("/api/tables", json={
        "game": "cubulus", "options": {"first": "0"}, "move_seconds": 3 * DAY,
        "seats": [{"kind": "human"}, {"kind": "human", "for": "Bob_"}]}, headers={CSRF_HEADER: anna_csrf}).json()
    table = made["table"]["id"]
    joined = bob.post(f"/api/tables/{table}/join", json={}, headers={CSRF_HEADER: bob_csrf})
    assert joined.status_code == 200, joined.text
    tokens = {anna: made["tokens"]["0"], bob: joined.json()["token"]}
    handed = 0  # Anna's moves that left Bob to move: each one notice
    for _ in range(12):
        state = anna.get(f"/api/tables/{table}/state").json()
        mover, csrf = (anna, anna_csrf) if state["to_move"] == 0 else (bob, bob_csrf)
        mine = mover.get(f"/api/tables/{table}/state").json()
        act = mover.post(f"/api/tables/{table}/act", json={"token": tokens[mover],
                                                           "action": mine["legal"][0], "move": mine["move"]},
                         headers={CSRF_HEADER: csrf})
        assert act.status_code == 200, act.text
        handed += mover is anna and act.json()["to_move"] == 1
        if handed == 2:
            break
    assert handed == 2
    notices = inbox[0].to("bob@example.org", count=1 + handed)[1:]
    assert notices[0]["Subject"] == "E rândul tău: Cubulus" and link(notices[0]).endswith(f"/#/table/{table}")
    time.sleep(0.3)
    assert len(inbox[0].to("bob@example.org")) == 1 + handed, "one notice per move, none for Bob's own"
    said = caplog.text
    assert "bob@example.org" not in said and table not in said and "#/" not in said  # no address or link logged


def test_without_smtp_nothing_is_mailed_and_the_routes_say_so(sqlite_url: str) -> None:
    with TestClient(create_app(settings_for_tests(sqlite_url)), base_url="http://localhost") as client:
        device, csrf = signed_in(client, "Anna", "10.0.0.1", new=True)
        assert client.get("/api/account/reset").json() == {"mail": False}
        refused = device.post("/api/account/email", json={"email": "anna@example.org"}, headers={CSRF_HEADER: csrf})
        assert (refused.status_code, refused.json()["code"]) == (404, "mail_not_configured")
        assert client.post("/api/account/reset/request", json={"username": "Anna"}).json()["code"] == \
            "mail_not_configured"


@pytest.mark.parametrize(("url", "host", "port", "tls"), [
    ("smtp://mail.example.org?from=t@example.org", "mail.example.org", 587, "starttls"),
    ("smtps://u:p%40ss@mail.example.org?from=t@example.org", "mail.example.org", 465, "tls"),
    ("smtp://127.0.0.1:25?from=t@localhost&tls=none", "127.0.0.1", 25, "none"),
])
def test_smtp_urls(url: str, host: str, port: int, tls: str) -> None:
    smtp = Smtp.parse(url)
    assert (smtp.host, smtp.port, smtp.tls) == (host, port, tls)
    if smtp.password:
        assert smtp.password == "p@ss"


@pytest.mark.parametrize("url", ["http://mail.example.org?from=t@x.org", "smtp://mail.example.org",
                                 "smtp://mail.example.org?from=t@x.org&tls=maybe"])
def test_bad_smtp_urls_say_why(url: str) -> None:
    with pytest.raises(BadSmtpUrl):
        Smtp.parse(url)
