"""Seats follow the account (issue 45, item 2): a signed-in player's seats are bound to the account when the
table is made or the seat taken, and the same account on another device gets them back — over the socket and
over HTTP — with no token to carry; another account, or nobody, only watches. Anonymous seats work as before."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from tabletop.core import Record
from tabletop.server.identity import CSRF_HEADER
from tabletop.server.site.accounts.profiles import played_by
from tabletop.server.table_events import Sitter, TableFinished
from tests.server.live import bearer, from_address, seated, until, until_my_turn
from tests.server.site.accounts import signed_in


def test_a_table_made_on_one_device_is_played_on_another_by_the_same_account(client: TestClient) -> None:
    laptop, csrf = signed_in(client, "Anna", "10.0.0.1", new=True)
    made = laptop.post("/api/tables", json={"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot"}]},
                       headers={CSRF_HEADER: csrf})
    assert made.status_code == 201, made.text
    table = made.json()["table"]["id"]
    phone, _ = signed_in(client, "Anna", "10.0.0.2")
    with seated(phone, table) as ws:  # no token in the hello: the account's seat all the same
        update = until_my_turn(ws)
        assert update["seat"] == 0 and update["legal"]
        ws.send_json({"type": "act", "action": update["legal"][0], "move": update["move"]})
        after = until(ws, lambda m: m.get("move", 0) > update["move"])
        assert after["seat"] == 0
    assert phone.get(f"/api/tables/{table}/state").json()["seat"] == 0  # over HTTP too


def test_another_account_or_nobody_only_watches(client: TestClient) -> None:
    laptop, csrf = signed_in(client, "Anna", "10.0.0.1", new=True)
    table = laptop.post("/api/tables", json={"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot"}]},
                        headers={CSRF_HEADER: csrf}).json()["table"]["id"]
    bob, _ = signed_in(client, "Bob_", "10.0.0.3", new=True)
    assert bob.get(f"/api/tables/{table}/state").json()["seat"] is None
    with seated(bob, table) as ws:
        assert until(ws, lambda m: m["type"] == "state")["seat"] is None
    assert from_address(client, "10.0.0.4").get(f"/api/tables/{table}/state").json()["seat"] is None


def test_a_seat_taken_from_the_lobby_follows_its_account(client: TestClient) -> None:
    host = from_address(client, "10.0.0.5")
    table = host.post("/api/tables", json={"game": "cubulus", "seats": [{"kind": "human"},
                                                                     {"kind": "human", "open": True}]}
                      ).json()["table"]["id"]  # an anonymous creator: unchanged
    bob, csrf = signed_in(client, "Bob_", "10.0.0.6", new=True)
    joined = bob.post(f"/api/tables/{table}/join", json={"name": "Bob"}, headers={CSRF_HEADER: csrf})
    assert joined.status_code == 200, joined.text
    seat = joined.json()["seat"]
    tablet, _ = signed_in(client, "Bob_", "10.0.0.7")
    assert tablet.get(f"/api/tables/{table}/state").json()["seat"] == seat
    # and the token still works as before, on a device signed in as nobody
    anonymous = from_address(client, "10.0.0.8")
    assert anonymous.get(f"/api/tables/{table}/state", headers=bearer(joined.json()["token"])).json()["seat"] == seat


def test_a_signed_in_creation_without_the_csrf_token_is_refused_and_makes_nothing(client: TestClient) -> None:
    laptop, _ = signed_in(client, "Anna", "10.0.0.1", new=True)
    refused = laptop.post("/api/tables", json={"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot"}]})
    assert (refused.status_code, refused.json()["code"]) == (403, "csrf_failed")
    assert client.get("/api/tables").json()["tables"] == []


def test_my_games_lists_the_accounts_tables_on_any_device_with_its_seats(client: TestClient) -> None:
    laptop, csrf = signed_in(client, "Anna", "10.0.0.1", new=True)
    made = [laptop.post("/api/tables", json={"game": game, "seats": [{"kind": "human"}, {"kind": "bot"}]},
                        headers={CSRF_HEADER: csrf}).json()["table"]["id"] for game in ("cubulus", "beetle")]
    from_address(client, "10.0.0.9").post("/api/tables", json={"game": "cubulus", "seats": [{"kind": "human"},
                                                                                             {"kind": "bot"}]})
    phone, _ = signed_in(client, "Anna", "10.0.0.2")
    first = phone.get("/api/account/games", params={"limit": 1}).json()
    second = phone.get("/api/account/games", params={"limit": 1, "cursor": first["next"]}).json()
    listed = first["tables"] + second["tables"]
    assert {line["id"] for line in listed} == set(made) and second["next"] is None  # not the stranger's
    assert all(line["my_seats"] == [0] for line in listed)
    assert phone.get("/api/account/games", params={"status": "finished"}).json()["tables"] == []
    assert from_address(client, "10.0.0.3").get("/api/account/games").json()["code"] == "not_signed_in"


def test_a_profile_counts_each_finished_game_once_with_who_won_and_who_left(client: TestClient) -> None:
    """Item 3: the accounts' consumer of finished tables notes each for every account at it."""
    anna, csrf = signed_in(client, "Anna", "10.0.0.1", new=True)
    made = anna.post("/api/tables", json={"game": "cubulus", "seats": [{"kind": "human"},
                                                                      {"kind": "human", "open": True}]},
                     headers={CSRF_HEADER: csrf}).json()
    table = made["table"]["id"]
    bob, bob_csrf = signed_in(client, "Bob_", "10.0.0.2", new=True)
    assert bob.post(f"/api/tables/{table}/join", json={"name": "Bob"}, headers={CSRF_HEADER: bob_csrf}
                    ).status_code == 200
    assert anna.post(f"/api/tables/{table}/resign", headers=bearer(made["tokens"]["0"])).json()["code"] == \
        "csrf_failed", "a signed-in browser's change carries its session's token, whatever else it carries"
    assert anna.post(f"/api/tables/{table}/resign", headers={CSRF_HEADER: csrf}).status_code == 200  # no token:
    # the account's seat
    deadline = time.monotonic() + 10
    while (seen := client.get("/api/players/bob_").json())["games"] == [] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert seen["username"] == "Bob_" and seen["games"] == [{"game": "cubulus", "played": 1, "won": 1, "left": 0}]
    assert seen["recent"][0]["table"] == table and seen["recent"][0]["cause"] == "resigned"
    assert seen["recent"][0]["record"] == f"/api/tables/{table}/record"
    hers = client.get("/api/players/ANNA").json()
    assert hers["games"] == [{"game": "cubulus", "played": 1, "won": 0, "left": 0}]
    assert hers["completion_rate"] == 1.0  # resigning is seeing a game through
    assert client.get("/api/players/nobody_here").json()["code"] == "no_player"


@pytest.mark.parametrize(("cause", "named", "left"), [("timed_out", [0], [True, False]),
                                                      ("claimed", [1], [True, False]),
                                                      ("resigned", [0], [False, False]),
                                                      ("abandoned", [], [False, False])])
def test_who_left_a_game(cause: str, named: list[int], left: list[bool]) -> None:
    """The completion rate counts a side that ran out its clock or was claimed against, not one that resigned."""
    event = TableFinished("t1", "cubulus", {}, "abandoned" if cause == "abandoned" else "over", cause,  # type: ignore[arg-type]
                          {"winner": None if cause == "abandoned" else 1 - named[0] if cause != "claimed" else 1,
                           "ending": {"cause": cause, "seats": named}}, Record("cubulus", {}, []),
                          (Sitter(0, "human", "Ann", account="a"), Sitter(1, "human", "Bob", account="b")))
    played = played_by(event)
    assert [played["a"].left, played["b"].left] == left
    assert played["a"].won is False and played["b"].won is (cause != "abandoned")


def test_a_seat_bound_to_an_account_shows_its_username_whatever_name_is_sent(client: TestClient) -> None:
    """Item 2: nobody plays under another's name — the creator's and a joiner's seats are named as their
    accounts are; an anonymous seat keeps the name it was given."""
    anna, csrf = signed_in(client, "Anna", "10.0.0.1", new=True)
    made = anna.post("/api/tables", json={"game": "cubulus", "seats": [
        {"kind": "human", "name": "Bob"}, {"kind": "human", "open": True}, {"kind": "bot"}],
        "options": {"players": 3}}, headers={CSRF_HEADER: csrf})
    assert made.status_code == 201, made.text
    table = made.json()["table"]["id"]
    bob, bob_csrf = signed_in(client, "Bob_", "10.0.0.2", new=True)
    assert bob.post(f"/api/tables/{table}/join", json={"name": "Anna"}, headers={CSRF_HEADER: bob_csrf}
                    ).status_code == 200
    assert [seat["name"] for seat in client.get(f"/api/tables/{table}").json()["seats"]][:2] == ["Anna", "Bob_"]
    guest = from_address(client, "10.0.0.3").post("/api/tables", json={"game": "cubulus", "seats": [
        {"kind": "human", "name": "Anna"}, {"kind": "bot"}]}).json()["table"]
    assert guest["seats"][0]["name"] == "Anna"  # (anonymous: any free-text name, as before)


def test_a_signed_in_player_who_asks_to_watch_watches(client: TestClient) -> None:
    """Item 2: the hello's ``watch`` shows the spectators' view even to the account seated there (the
    lobby's Watch link), and its seat is not taken over by the watching page."""
    anna, csrf = signed_in(client, "Anna", "10.0.0.1", new=True)
    table = anna.post("/api/tables", json={"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot"}]},
                      headers={CSRF_HEADER: csrf}).json()["table"]["id"]
    with anna.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": [], "watch": True})
        assert until(ws, lambda m: m["type"] == "state")["seat"] is None


def test_ways_out_and_the_coach_answer_the_accounts_seat_without_a_token(client: TestClient) -> None:
    """Item 2: resigning, abandoning, leaving, a rematch and the coach take the account's seats where no token
    comes (the page on another device holds none)."""
    anna, csrf = signed_in(client, "Anna", "10.0.0.1", new=True)
    table = anna.post("/api/tables", json={"game": "cribbage", "seats": [{"kind": "human"}, {"kind": "bot"}]},
                      headers={CSRF_HEADER: csrf}).json()["table"]["id"]
    phone, phone_csrf = signed_in(client, "Anna", "10.0.0.2")
    deadline = time.monotonic() + 30
    while (state := phone.get(f"/api/tables/{table}/state").json())["to_move"] != 0:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    advice = phone.get(f"/api/tables/{table}/coach", params={"seat": 0})
    assert advice.status_code in (200, 202), advice.text
    assert from_address(client, "10.0.0.3").get(f"/api/tables/{table}/coach", params={"seat": 0}
                                                ).json()["code"] == "token_required"
    assert state["ways_out"]["resign"] == "now"
    stranger, stranger_csrf = signed_in(client, "Carl", "10.0.0.4", new=True)
    refused = stranger.post(f"/api/tables/{table}/resign", headers={CSRF_HEADER: stranger_csrf})
    assert refused.json()["code"] == "token_required"
    assert phone.post(f"/api/tables/{table}/resign", headers={CSRF_HEADER: phone_csrf}).json()["status"] == "over"
    rematch = phone.post(f"/api/tables/{table}/rematch", headers={CSRF_HEADER: phone_csrf})
    assert rematch.status_code == 200, rematch.text
    assert rematch.json()["created"] is True


@pytest.mark.parametrize(("cause", "left"), [("abandoned", [False, True]), ("finished", [False, True])])
def test_a_side_the_others_went_on_without_left_the_game(cause: str, left: list[bool]) -> None:
    """A game ended without a result, or played on by a bot, after Bob went away: Bob left it (the result's
    ``left``, tabletop.server.endings)."""
    event = TableFinished("t1", "cubulus", {}, "abandoned" if cause == "abandoned" else "over", cause,  # type: ignore[arg-type]
                          {"winner": None if cause == "abandoned" else 0, "left": [1],
                           "ending": {"cause": cause, "seats": []}}, Record("cubulus", {}, []),
                          (Sitter(0, "human", "Ann", account="a"), Sitter(1, "human", "Bob", account="b")))
    played = played_by(event)
    assert [played["a"].left, played["b"].left] == left
