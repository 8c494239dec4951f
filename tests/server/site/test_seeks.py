"""Quick pairing through the server (issue 46 item 5a): two seeks that fit each other start a table at once, both
players seated by their accounts; a range is kept both ways; nobody waiting, the bot level nearest the player's
rating is offered; a seek whose browser stopped asking lapses; the lobby lists the seeks waiting."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from tabletop.server import create_app
from tabletop.storage.models import now
from tabletop.storage.ratings import Change
from tabletop.storage.seeks import SeekRow
from tests.server.live import from_address, settings_for_tests
from tests.server.site.accounts import new_account


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(database_url))) as test_client:
        yield test_client


def seek(device: TestClient, csrf: dict[str, str], **body: Any) -> dict[str, Any]:
    answer = device.post("/api/seeks", json={"game": "cubulus", **body}, headers=csrf)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def rated_at(client: TestClient, username: str, mu: float, sigma: float = 2.0) -> None:
    """Give ``username`` a settled Cubulus rating of ``mu`` × 60 (as if after a game)."""
    state = client.app.state  # type: ignore[attr-defined]
    account = state.accounts.store.named(username.lower()).id
    given = [Change(account, 0, (25.0, 8.3), (mu, sigma))]
    assert state.ratings.store.apply(f"given{account[:20]}", "cubulus-2", given)


def test_two_rated_seeks_start_a_table_with_both_seated(client: TestClient) -> None:
    ann, ann_csrf = new_account(client, "Seeka", "10.47.0.1")
    bob, bob_csrf = new_account(client, "Seekb", "10.47.0.2")
    waiting = seek(ann, ann_csrf, rated=True)
    assert waiting["status"] == "waiting" and waiting["bot"]["level"] in ("easy", "normal", "hard")
    listed = client.get("/api/seeks").json()["seeks"]
    assert [(s["username"], s["pool"], s["rated"]) for s in listed] == [("Seeka", "cubulus-2", True)]
    matched = seek(bob, bob_csrf, rated=True)
    assert matched["status"] == "matched"
    table = matched["table"]
    status = ann.get(f"/api/seeks/{waiting['seek']}").json()
    assert status == {"seek": waiting["seek"], "status": "matched", "table": table}
    line = client.get(f"/api/tables/{table}").json()
    assert line["rated"] == "cubulus-2" and line["status"] == "playing"
    assert [(s["name"], s["joined"]) for s in line["seats"]] == [("Seekb", True), ("Seeka", True)]
    for device in (ann, bob):  # each player's account holds a seat, with no token
        assert device.get(f"/api/tables/{table}/state").json()["seat"] in (0, 1)
    assert client.get("/api/seeks").json()["seeks"] == []


def test_a_range_is_kept_both_ways_and_casual_seeks_meet_only_casual_ones(client: TestClient) -> None:
    ann, ann_csrf = new_account(client, "Rangea", "10.47.1.1")
    bob, bob_csrf = new_account(client, "Rangeb", "10.47.1.2")
    rated_at(client, "Rangea", 30.0)  # 1800
    rated_at(client, "Rangeb", 25.0)  # 1500
    first = seek(ann, ann_csrf, rated=True, spread=100)
    assert seek(bob, bob_csrf, rated=True)["status"] == "waiting"  # Bob accepts anyone, Ann not Bob's 1500
    assert seek(bob, bob_csrf, rated=False)["status"] == "waiting"  # a casual seek (Bob's one seek now)
    assert ann.get(f"/api/seeks/{first['seek']}").json()["status"] == "waiting"
    assert seek(ann, ann_csrf, rated=False)["status"] == "matched"  # casual, and no range this time: Bob's seek


def test_nobody_waiting_offers_the_bot_level_nearest_the_players_rating(client: TestClient) -> None:
    state = client.app.state  # type: ignore[attr-defined]
    bots = state.ratings.store.bot_accounts(["easy", "normal", "hard"])
    for level, mu in (("easy", 20.0), ("normal", 26.0), ("hard", 34.0)):
        assert state.ratings.store.apply(f"bot-{level}", "cubulus-2", [Change(bots[level], 0, (25.0, 8.3), (mu, 2.0))])
    ann, csrf = new_account(client, "Offera", "10.47.2.1")
    assert seek(ann, csrf, rated=True)["bot"] == {"level": "normal", "rating": 1560}  # a newcomer's 1500
    rated_at(client, "Offera", 33.0)
    assert seek(ann, csrf, rated=True)["bot"] == {"level": "hard", "rating": 2040}
    assert seek(ann, csrf, rated=False)["bot"] is None


def test_a_seek_whose_browser_stopped_asking_lapses(client: TestClient) -> None:
    ann, ann_csrf = new_account(client, "Lapsea", "10.47.3.1")
    bob, bob_csrf = new_account(client, "Lapseb", "10.47.3.2")
    first = seek(ann, ann_csrf)
    with client.app.state.seeks.store.engine.begin() as connection:  # type: ignore[attr-defined]
        connection.execute(update(SeekRow).where(SeekRow.id == first["seek"])
                           .values(seen_at=now() - timedelta(minutes=1)))
    assert client.get("/api/seeks").json()["seeks"] == []
    second = seek(bob, bob_csrf)
    assert second["status"] == "waiting"  # Ann's lapsed seek is nobody's to meet
    # Ann's browser asks again: her seek is alive again, and asking meets Bob's, which waits: one table for both
    table = ann.get(f"/api/seeks/{first['seek']}").json()["table"]
    assert bob.get(f"/api/seeks/{second['seek']}").json() == {"seek": second["seek"], "status": "matched",
                                                               "table": table}


def test_a_seek_is_withdrawn_and_bad_seeks_are_refused(client: TestClient) -> None:
    ann, csrf = new_account(client, "Withdrawa", "10.47.4.1")
    waiting = seek(ann, csrf)
    assert ann.delete(f"/api/seeks/{waiting['seek']}", headers=csrf).status_code == 204
    assert ann.get(f"/api/seeks/{waiting['seek']}").json()["code"] == "no_seek"
    assert ann.delete(f"/api/seeks/{waiting['seek']}", headers=csrf).json()["code"] == "no_seek"
    anonymous = from_address(client, "10.47.4.2").post("/api/seeks", json={"game": "cubulus"})
    assert anonymous.status_code == 401
    three = ann.post("/api/seeks", json={"game": "cubulus", "options": {"players": 3}}, headers=csrf)
    assert three.status_code == 422 and three.json()["code"] == "seek_two_players"
    outside = ann.post("/api/seeks", json={"game": "cribbage", "options": {"target": 61}, "rated": True}, headers=csrf)
    assert outside.status_code == 400 and outside.json()["code"] == "not_rated"
    unknown = ann.post("/api/seeks", json={"game": "chess"}, headers=csrf)
    assert unknown.status_code == 422 and unknown.json()["code"] == "unknown_game"
    other = new_account(client, "Withdrawb", "10.47.4.3")[0]
    assert other.get(f"/api/seeks/{seek(ann, csrf)['seek']}").json()["code"] == "no_seek"  # not another's


def test_players_one_of_whom_blocks_the_other_are_never_paired_and_no_table_is_left(client: TestClient) -> None:
    """A seek that would pair a player with one they block (or who blocks them) is refused before any table is
    made — nothing half seated — and the waiting seek still waits for someone else."""
    ann, ann_csrf = new_account(client, "Blocka", "10.47.5.1")
    bob, bob_csrf = new_account(client, "Blockb", "10.47.5.2")
    assert ann.post("/api/account/blocks", json={"username": "Blockb"}, headers=ann_csrf).status_code in (200, 201)
    waiting = seek(ann, ann_csrf)
    refused = bob.post("/api/seeks", json={"game": "cubulus"}, headers=bob_csrf)
    assert refused.status_code == 409 and refused.json()["code"] == "cannot_join"
    assert bob.get("/api/account/games").json()["tables"] == []
    assert ann.get("/api/account/games").json()["tables"] == []
    assert ann.get(f"/api/seeks/{waiting['seek']}").json()["status"] == "waiting"
