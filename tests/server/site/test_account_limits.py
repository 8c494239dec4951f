"""Signed-in players are limited per account as well as per address (issue 45 item 1), and the accounts' reads
— profiles, "my games", the export — are priced like the lobby's (SITE seam 3: limits count per identity)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.server import create_app
from tabletop.server.app import EXPENSIVE, PRICED_READS
from tabletop.server.identity import CSRF_HEADER, SESSION_COOKIE
from tabletop.server.limits import LimitReached, Limits, Rates
from tests.server.live import from_address, run, settings_for_tests
from tests.server.site.accounts import PASSWORD


async def refused(rates: Rates, client: str, account: str | None = None, expensive: bool = False) -> str | None:
    """Why one request is refused (its limit, counted against whom), None when it is not."""
    try:
        await rates.request(client, expensive, account)
    except LimitReached as error:
        return f"{error.code} {error.params['limit']} {str(error).split(' from one ')[1].split(';')[0]}"
    return None


def test_an_account_is_one_client_wherever_it_comes_from_and_an_address_of_many_accounts_gets_more() -> None:
    """Issue 45 item 1: a signed-in request counts against its account (the anonymous limit: changing address
    gains it nothing) and against its address at ``signed_in_address_factor`` times that (a school of many
    accounts behind one address is not one client, nor unbounded); anonymous requests count per address."""
    async def scenario() -> list[str | None]:
        rates = Rates(Limits(requests_per_second=3, expensive_per_second=1, signed_in_address_factor=2))
        answers = [await refused(rates, "school", "anna") for _ in range(4)]  # the account's 3
        answers.append(await refused(rates, "phone", "anna"))  # another address: the same account
        answers += [await refused(rates, "school", "bob") for _ in range(3)]  # the school's 2 × 3 = 6
        answers += [await refused(rates, "cafe") for _ in range(4)]  # anonymous: 3 an address
        answers.append(await refused(rates, "school"))  # (an anonymous one there: its own window)
        answers += [await refused(rates, "home", "carol", expensive=True) for _ in range(2)]
        return answers

    assert run(scenario()) == [None, None, None, "too_many_requests 3 account", "too_many_requests 3 account",
                               None, None, "too_many_requests 6 address",
                               None, None, None, "too_many_requests 3 client", None,
                               None, "too_many_expensive 1 account"]


def test_a_signed_in_request_is_counted_against_its_account_through_the_rate_limiter(sqlite_url: str) -> None:
    """Issue 45 item 1, end to end: the same account on two devices shares its limit, a made-up session cookie
    is counted as the anonymous address it is (it gains no larger limit), and another address is untouched."""
    settings = settings_for_tests(sqlite_url, requests_per_second=6, signed_in_address_factor=5)
    with TestClient(create_app(settings)) as client:
        laptop = from_address(client, "10.0.0.1")
        assert laptop.post("/api/account/signup", json={"username": "Anna", "password": PASSWORD}).status_code == 201
        phone = from_address(client, "10.0.0.2")
        assert phone.post("/api/account/login", json={"username": "Anna", "password": PASSWORD}).status_code == 200
        answers = [device.get("/api/account") for _ in range(20) for device in (laptop, phone)]
        refusals = [answer.json() for answer in answers if answer.status_code == 429]
        assert refusals and all(r["code"] == "too_many_requests" for r in refusals)
        assert {r["params"]["limit"] for r in refusals} == {6}  # the account's (each address may make 30)
        faker = from_address(client, "10.0.0.3")
        faker.cookies.set(SESSION_COOKIE, "made-up")
        answers = [faker.get("/api/games").status_code for _ in range(8)]
        assert 429 in answers and answers.count(200) <= 6
        assert from_address(client, "10.0.0.4").get("/api/account").json()["account"] is None


@pytest.mark.parametrize("path", ["/api/tables", "/api/players/anna", "/api/account/games", "/api/account/export"])
def test_the_lobby_profiles_my_games_and_the_export_are_expensive_reads(path: str) -> None:
    """Issue 45 item 1: a profile, a page of "my games" and of the export count as the lobby's pages do."""
    assert PRICED_READS.match(path) is not None and EXPENSIVE.match(path) is None


def test_other_account_routes_are_not_expensive() -> None:
    for path in ("/api/account", "/api/account/sessions", "/api/players/anna/more", "/api/tables/abc"):
        assert PRICED_READS.match(path) is None, path


def test_profiles_and_my_games_are_priced_per_client_and_per_account(sqlite_url: str) -> None:
    """Issue 45 item 1: each reads the database (no cache): ``profile_reads_per_minute`` per client, or per
    account when signed in — the same account on its phone shares them."""
    with TestClient(create_app(settings_for_tests(sqlite_url, profile_reads_per_minute=3))) as client:
        reader = from_address(client, "10.0.0.9")
        codes: list[Any] = [reader.get("/api/players/nobody_here").json()["code"] for _ in range(4)]
        assert codes == ["no_player"] * 3 + ["too_many_profile_reads"]
        laptop = from_address(client, "10.0.0.1")
        csrf = laptop.post("/api/account/signup", json={"username": "Anna", "password": PASSWORD}).json()["csrf"]
        phone = from_address(client, "10.0.0.2")
        phone.post("/api/account/login", json={"username": "Anna", "password": PASSWORD})
        assert laptop.get("/api/account/games").status_code == laptop.get("/api/players/anna").status_code == 200
        assert phone.get("/api/account/games").status_code == 200
        limited = phone.get("/api/players/anna")
        assert (limited.status_code, limited.json()["code"]) == (429, "too_many_profile_reads")
        assert "Retry-After" in limited.headers
        assert laptop.post("/api/account/logout", json={}, headers={CSRF_HEADER: csrf}).status_code == 200


def test_a_schools_accounts_behind_one_address_each_open_their_sockets(sqlite_url: str) -> None:
    """Issue 45 item 1, the live tables too: sockets open at once count per account when signed in (and per
    address at ``signed_in_address_factor`` times the limit), so players behind one address are not one client;
    an anonymous client keeps its address's limit."""
    settings = settings_for_tests(sqlite_url, sockets_per_client=2, signed_in_address_factor=3)
    with TestClient(create_app(settings)) as client:
        school = "10.0.0.7"
        devices, tokens = [], []
        for name in ("Anna", "Bob_", "Carl"):
            device = from_address(client, school)
            signed = device.post("/api/account/signup", json={"username": name, "password": PASSWORD})
            assert signed.status_code == 201
            devices.append(device)
            tokens.append(signed.json()["csrf"])
        made = devices[0].post("/api/tables", json={"game": "cubulus", "creator_seat": None, "seats": [
            {"kind": "human", "open": True}, {"kind": "bot"}]}, headers={CSRF_HEADER: tokens[0]})
        assert made.status_code == 201, made.text
        table = made.json()["table"]["id"]

        def opened(device: TestClient) -> Any:
            socket = device.websocket_connect(f"/ws/tables/{table}")
            ws = socket.__enter__()
            ws.send_json({"type": "hello", "tokens": []})
            message = ws.receive_json()
            return socket, ws, message

        held = [opened(device) for device in devices for _ in range(2)]  # 6 from one address: 2 an account
        assert all(message["type"] == "state" for _, _, message in held)
        extra = opened(devices[0])  # the account's third
        assert extra[2]["code"] == "too_many_sockets" and "account" in extra[2]["reason"]
        anonymous = [opened(from_address(client, "10.0.0.8")) for _ in range(3)]
        assert [message["type"] for _, _, message in anonymous[:2]] == ["state", "state"]
        assert anonymous[2][2]["code"] == "too_many_sockets"
        for socket, _, _ in [*held, extra, *anonymous]:
            socket.__exit__(None, None, None)


def test_a_schools_accounts_behind_one_address_each_make_their_tables(sqlite_url: str) -> None:
    """Issue 45 item 1: new tables a minute and unfinished tables count per account when signed in (and per
    address at ``signed_in_address_factor`` times the limit); anonymous creators keep their address's."""
    settings = settings_for_tests(sqlite_url, creations_per_minute=2, open_tables_per_client=3,
                                  signed_in_address_factor=3)
    versus_bot = {"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot"}]}
    with TestClient(create_app(settings)) as client:
        answers = []
        for name in ("Anna", "Bob_", "Carl"):
            device = from_address(client, "10.0.0.7")
            csrf = device.post("/api/account/signup", json={"username": name, "password": PASSWORD}).json()["csrf"]
            answers += [device.post("/api/tables", json=versus_bot, headers={CSRF_HEADER: csrf}) for _ in range(3)]
        codes = [answer.json().get("code", answer.status_code) for answer in answers]
        assert codes == [201, 201, "too_many_creations"] * 3, codes  # 2 an account, 6 from the school
        cafe = from_address(client, "10.0.0.8")
        assert [cafe.post("/api/tables", json=versus_bot).json().get("code") for _ in range(3)][2] == \
            "too_many_creations"


def test_unfinished_tables_count_per_account_when_signed_in(sqlite_url: str) -> None:
    """Issue 45 item 1: the unfinished-tables limit binds an account wherever it plays, and an address of many
    accounts at ``signed_in_address_factor`` times it."""
    settings = settings_for_tests(sqlite_url, open_tables_per_client=2, signed_in_address_factor=2)
    versus_bot = {"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot"}]}
    with TestClient(create_app(settings)) as client:
        codes = []
        for name, address in (("Anna", "10.0.0.7"), ("Bob_", "10.0.0.7"), ("Anna", "10.0.0.9")):
            device = from_address(client, address)
            signed = device.post(f"/api/account/{'login' if address == '10.0.0.9' else 'signup'}",
                                 json={"username": name, "password": PASSWORD}).json()
            codes += [device.post("/api/tables", json=versus_bot, headers={CSRF_HEADER: signed["csrf"]}
                                  ).json().get("code", "made") for _ in range(3 if address == "10.0.0.7" else 1)]
        assert codes == ["made", "made", "too_many_unfinished"] * 2 + ["too_many_unfinished"], codes


def test_requests_to_end_a_game_count_per_account_when_signed_in(sqlite_url: str) -> None:
    """Issue 45 item 1: the per-minute limits of a table's requests (resign, abandon, leave, undo…) count a
    signed-in player's against the account, so two players behind one address each have theirs."""
    settings = settings_for_tests(sqlite_url, end_requests_per_minute=1)
    versus_bot = {"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot"}]}
    with TestClient(create_app(settings)) as client:
        answers = []
        for name in ("Anna", "Bob_"):
            device = from_address(client, "10.0.0.7")
            csrf = device.post("/api/account/signup", json={"username": name, "password": PASSWORD}).json()["csrf"]
            tables = [device.post("/api/tables", json=versus_bot, headers={CSRF_HEADER: csrf}).json()["table"]["id"]
                      for _ in range(2)]
            answers += [device.post(f"/api/tables/{table}/resign", headers={CSRF_HEADER: csrf}).json().get(
                "code", "resigned") for table in tables]
        assert answers == ["resigned", "too_many_end_requests"] * 2, answers
