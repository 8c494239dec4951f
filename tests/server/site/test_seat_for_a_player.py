"""A seat addressed to a player by username (issue 45 item 5): taken only through its invitation link or by
the account it was addressed to, which finds it among its games; the lobby says whom it waits for."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.live import from_address, seated, until
from tests.server.site.accounts import PASSWORD, new_account


def for_bob(creator: TestClient, headers: dict[str, str], name: str = "BOB_", **seat: Any) -> Any:
    return creator.post("/api/tables", json={"game": "cubulus", "seats": [
        {"kind": "human"}, {"kind": "human", "for": name, **seat}]}, headers=headers)


def test_a_seat_for_a_player_is_theirs_to_take_and_nobody_elses(client: TestClient) -> None:
    """Issue 45 item 5: the lobby line says the seat is for Bob_ (a public name), not open; another account
    and an anonymous client are refused it (seat_reserved); Bob_ finds the table among his games, invited,
    and takes the seat without being told its number — bound to his account from then on."""
    bob, bob_csrf = new_account(client, "Bob_", "10.0.0.2")
    anna, csrf = new_account(client, "Anna", "10.0.0.1")
    made = for_bob(anna, csrf)
    assert made.status_code == 201, made.text
    table = made.json()["table"]["id"]
    line = client.get(f"/api/tables/{table}").json()
    assert (line["seats"][1]["for"], line["seats"][1]["open"], line["seats"][1]["name"]) == ("Bob_", False, "Bob_")
    assert line["seats"][0]["for"] is None
    carol, carol_csrf = new_account(client, "Carol", "10.0.0.3")
    for stranger, headers in ((carol, carol_csrf), (from_address(client, "10.0.0.4"), {})):
        refused = stranger.post(f"/api/tables/{table}/join", json={"name": "Carol"}, headers=headers)
        assert (refused.status_code, refused.json()["code"]) == (409, "seat_reserved")
    invited = bob.get("/api/account/games").json()["tables"]
    assert [(t["id"], t["my_seats"], t["invited_seats"]) for t in invited] == [(table, [], [1])]
    assert carol.get("/api/account/games").json()["tables"] == []
    joined = bob.post(f"/api/tables/{table}/join", json={}, headers=bob_csrf)
    assert joined.status_code == 200 and joined.json()["seat"] == 1, joined.text
    assert bob.get("/api/account/games").json()["tables"][0]["my_seats"] == [1]
    phone = from_address(client, "10.0.0.5")
    phone.post("/api/account/login", json={"username": "bob_", "password": PASSWORD})
    assert phone.get(f"/api/tables/{table}/state").json()["seat"] == 1


def test_the_invitation_link_still_takes_a_seat_for_a_player(client: TestClient) -> None:
    """Issue 45 item 5: "or by its invitation link": the seat's token, as the creator shares it."""
    new_account(client, "Bob_", "10.0.0.2")
    anna, csrf = new_account(client, "Anna", "10.0.0.1")
    made = for_bob(anna, csrf).json()
    friend = from_address(client, "10.0.0.6")
    with seated(friend, made["table"]["id"], made["tokens"]["1"], name="Bob") as ws:
        assert until(ws, lambda m: m["type"] == "state")["seat"] == 1
    assert client.get(f"/api/tables/{made['table']['id']}").json()["status"] == "playing"


def test_a_seat_for_a_player_nobody_is_refused_with_a_clear_code(client: TestClient) -> None:
    """Issue 45 item 5: an unknown (or deleted, or malformed) name is 422 ``seat_for_unknown`` naming the seat;
    a seat for a player that is a bot's, or open to anyone, is malformed; the creator's own seat for another
    player is ``seat_for_creator``; nothing is made."""
    anna, csrf = new_account(client, "Anna", "10.0.0.1")
    for name in ("nobody_here", "a\u0000b", "Admin"):
        refused = for_bob(anna, csrf, name)
        assert (refused.status_code, refused.json()["code"]) == (422, "seat_for_unknown"), name
        assert refused.json()["params"] == {"seat": 1, "username": name}
    new_account(client, "Bob_", "10.0.0.2")
    assert for_bob(anna, csrf, open=True).json()["code"] == "malformed"
    bot = anna.post("/api/tables", json={"game": "cubulus", "seats": [{"kind": "human"},
                                                                      {"kind": "bot", "for": "Bob_"}]}, headers=csrf)
    assert bot.json()["code"] == "malformed"
    own = anna.post("/api/tables", json={"game": "cubulus", "seats": [{"kind": "human", "for": "Bob_"},
                                                                      {"kind": "human"}]}, headers=csrf)
    assert (own.status_code, own.json()["code"]) == (400, "seat_for_creator")
    assert anna.get("/api/account/games").json()["tables"] == []


def test_a_seat_for_a_deleted_account_waits_for_its_link_alone(client: TestClient) -> None:
    """Issue 45 items 1 and 5: once Bob_ deletes his account, the seat addressed to him is an invitation again."""
    bob, bob_csrf = new_account(client, "Bob_", "10.0.0.2")
    anna, csrf = new_account(client, "Anna", "10.0.0.1")
    table = for_bob(anna, csrf).json()["table"]["id"]
    assert bob.post("/api/account/delete", json={"password": PASSWORD}, headers=bob_csrf).status_code == 200
    seat = client.get(f"/api/tables/{table}").json()["seats"][1]
    assert (seat["for"], seat["name"], seat["open"]) == (None, "", False)
