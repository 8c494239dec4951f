"""Ratings through the server (issue 46 items 1, 2 and 6): rated tables and what makes one casual, the ratings a
finished rated game moves (people's and bot levels' accounts), the rated rules of the ending contract, the
profile's ratings, a rating's history and the leaderboard — on SQLite and PostgreSQL."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.server import create_app
from tabletop.server.site.ratings.model import SCALE, Skill, rate
from tests.server.live import from_address, settings_for_tests
from tests.server.site.accounts import new_account


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(database_url))) as test_client:
        yield test_client


def rated(device: TestClient, csrf: dict[str, str], game: str, seats: list[dict[str, Any]],
          **extra: Any) -> dict[str, Any]:
    answer = device.post("/api/tables", json={"game": game, "seats": seats, "rated": True, **extra}, headers=csrf)
    assert answer.status_code == 201, answer.text
    return answer.json()


def refusal(device: TestClient, csrf: dict[str, str], body: dict[str, Any]) -> dict[str, Any]:
    """The refusal's params, and its English words as ``detail``."""
    answer = device.post("/api/tables", json={"rated": True, **body}, headers=csrf)
    assert answer.status_code == 400, answer.text
    assert answer.json()["code"] == "not_rated"
    return {**answer.json()["params"], "detail": answer.json()["detail"]}


def ratings_of(client: TestClient, username: str, pool: str, games: int) -> dict[str, Any]:
    """The player's rating in ``pool`` once it counts ``games`` (the consumer runs after the table ends)."""
    deadline = time.monotonic() + 20
    while True:
        found = client.get(f"/api/players/{username}").json().get("ratings", {}).get(pool)
        if found is not None and found["games"] >= games:
            return found  # type: ignore[no-any-return]
        assert time.monotonic() < deadline, f"{username}'s {pool} rating never counted {games} games: {found}"
        time.sleep(0.05)


def test_a_rated_game_against_a_bot_level_moves_both_ratings(client: TestClient) -> None:
    """Item 2: a resignation is a loss for the side that left; the bot level plays under its own account."""
    ann, csrf = new_account(client, "Ann", "10.46.0.1")
    made = rated(ann, csrf, "cubulus", [{"kind": "human"}, {"kind": "bot", "bot": "easy"}])
    assert made["table"]["rated"] == "cubulus-2"
    token = made["tokens"]["0"]
    answer = ann.post(f"/api/tables/{made['table']['id']}/resign", headers={**csrf, "Authorization": f"Bearer {token}"})
    assert answer.status_code == 200, answer.text
    mine = ratings_of(client, "Ann", "cubulus-2", 1)
    bot = ratings_of(client, "easy", "cubulus-2", 1)
    [[loser], [winner]] = rate([[Skill()], [Skill()]], [1, 0])
    assert mine["rating"] == round(loser.mu * SCALE) < 1500 < bot["rating"] == round(winner.mu * SCALE)
    assert mine["provisional"] and mine["deviation"] == round(loser.sigma * SCALE)
    profile = client.get("/api/players/easy").json()
    assert profile["bot"] == "easy" and profile["ratings"]["cubulus-2"]["games"] == 1
    history = client.get("/api/players/ann/ratings/cubulus-2").json()
    assert [point["rating"] for point in history["history"]] == [mine["rating"]]
    assert history["history"][0]["table"] == made["table"]["id"] and history["history"][0]["rank"] == 1


def test_two_accounts_rated_game_and_the_table_is_applied_once(client: TestClient) -> None:
    """A person's seat at a rated table is an account's: anonymous joins are refused, and one account takes one
    seat; the winner gains what the loser loses (equal ratings, one game)."""
    ann, csrf = new_account(client, "Ann2", "10.46.0.2")
    made = rated(ann, csrf, "cribbage", [{"kind": "human"}, {"kind": "human", "open": True}])
    table = made["table"]["id"]
    anonymous = from_address(client, "10.46.0.9").post(f"/api/tables/{table}/join", json={"name": "Zed"})
    assert anonymous.status_code == 409 and anonymous.json()["code"] == "rated_needs_account"
    again = ann.post(f"/api/tables/{table}/join", json={}, headers=csrf)
    assert again.status_code == 409 and again.json()["code"] == "rated_seat_taken"
    bob, bob_csrf = new_account(client, "Bob2", "10.46.0.3")
    joined = bob.post(f"/api/tables/{table}/join", json={}, headers=bob_csrf)
    assert joined.status_code == 200, joined.text
    resign = bob.post(f"/api/tables/{table}/resign",
                      headers={**bob_csrf, "Authorization": f"Bearer {joined.json()['token']}"})
    assert resign.status_code == 200, resign.text
    winner, loser = ratings_of(client, "Ann2", "cribbage-2", 1), ratings_of(client, "Bob2", "cribbage-2", 1)
    assert winner["rating"] - 1500 == 1500 - loser["rating"] > 0
    # the table handed to the ratings again (a crash between the write and the consumer's mark): nothing moves
    ratings = client.app.state.ratings  # type: ignore[attr-defined]
    event = client.portal.call(_finished_again, client, table)  # type: ignore[union-attr]
    client.portal.call(ratings.finished, event)  # type: ignore[union-attr]
    assert ratings_of(client, "Ann2", "cribbage-2", 1) == winner


async def _finished_again(client: TestClient, table: str) -> Any:
    from tabletop.server.table_events import finished

    hub = client.app.state.hub  # type: ignore[attr-defined]
    return finished(await hub.registry.load(table))


@pytest.mark.parametrize(("body", "reason"), [
    ({"game": "cribbage", "options": {"target": 61}, "seats": [{"kind": "human"}, {"kind": "bot"}]}, "options"),
    ({"game": "beetle", "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]}, "options"),
    ({"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "local"}]}, "hot_seat"),
    ({"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}, "bot_level"),
    ({"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot"}], "seed": 7}, "seed"),
])
def test_what_cannot_be_rated_is_refused_with_its_reason(client: TestClient, body: dict[str, Any], reason: str) -> None:
    """Item 1: options outside every pool (Beetle never: B13), a hot seat, an unrated bot, a chosen seed."""
    ann, csrf = new_account(client, f"Cas{reason[:4]}", f"10.46.1.{len(reason)}")
    params = refusal(ann, csrf, body)
    assert params["reason"] == reason
    assert ("B13" in params["detail"]) == (body["game"] == "beetle")  # never rated, and why


def test_an_anonymous_creator_cannot_ask_for_a_rated_table(client: TestClient) -> None:
    params = refusal(from_address(client, "10.46.2.1"), {},
                     {"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot"}]})
    assert params["reason"] == "sign_in"


def test_a_rated_table_gives_no_help_and_cannot_be_abandoned_alone(client: TestClient) -> None:
    """Item 2's rated rules: no coach while it is played, no takeback, no abandoning a started game against a
    bot (resign instead), no leaving it to a bot."""
    ann, csrf = new_account(client, "Ann3", "10.46.3.1")
    made = rated(ann, csrf, "cribbage", [{"kind": "human"}, {"kind": "bot", "bot": "easy"}])
    table, bearer = made["table"]["id"], {**csrf, "Authorization": f"Bearer {made['tokens']['0']}"}
    deadline = time.monotonic() + 20
    while (state := ann.get(f"/api/tables/{table}/state", headers=bearer).json())["to_move"] != 0:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    coach = ann.get(f"/api/tables/{table}/coach", params={"seat": 0}, headers=bearer)
    assert coach.status_code == 403 and coach.json()["code"] == "rated_no_coach"
    assert state["ways_out"]["abandon"] is None and state["ways_out"]["leave"] is None
    assert state["undo_refusal"] == "rated"
    abandon = ann.post(f"/api/tables/{table}/abandon", headers=bearer)
    assert abandon.status_code == 409, abandon.text


def test_a_rated_seat_that_runs_out_of_time_loses(client: TestClient) -> None:
    """Item 2: no bot takes a person's seat at a rated table: the clock's end is ``timed_out``, a loss."""
    ann, csrf = new_account(client, "Ann4", "10.46.4.1")
    made = rated(ann, csrf, "cubulus", [{"kind": "human"}, {"kind": "bot", "bot": "easy"}], move_seconds=0.3,
                 options={"first": "random"})
    table = made["table"]["id"]
    mine = ratings_of(client, "Ann4", "cubulus-2", 1)
    assert mine["rating"] < 1500
    result = client.get(f"/api/tables/{table}").json()["result"]
    assert result["ending"]["cause"] == "timed_out" and result["ending"]["seats"] == [0]


def test_leaderboards_list_settled_ratings_only_and_pools_are_listed(client: TestClient) -> None:
    """Item 3/6: a newcomer's provisional rating is on no leaderboard; every pool is listed, Beetle's why not."""
    pools = client.get("/api/pools").json()
    assert {"cribbage-2", "cribbage-4", "cubulus-3", "kubik-2v2"} <= {p["pool"] for p in pools["pools"]}
    assert "B13" in pools["unrated"]["beetle"]
    ann, csrf = new_account(client, "Ann5", "10.46.5.1")
    made = rated(ann, csrf, "cubulus", [{"kind": "human"}, {"kind": "bot", "bot": "normal"}])
    ann.post(f"/api/tables/{made['table']['id']}/resign",
             headers={**csrf, "Authorization": f"Bearer {made['tokens']['0']}"})
    assert ratings_of(client, "Ann5", "cubulus-2", 1)["rank"] is None
    board = client.get("/api/leaderboard/cubulus-2").json()
    assert board["game"] == "cubulus" and board["players"] == []
    missing = client.get("/api/leaderboard/chess-2")
    assert missing.status_code == 404 and missing.json()["code"] == "no_pool"
    assert client.get("/api/players/nobody_here/ratings/cubulus-2").status_code == 404


def test_nobody_signs_in_as_a_bot_level(client: TestClient) -> None:
    ann, csrf = new_account(client, "Ann6", "10.46.6.1")
    rated(ann, csrf, "cubulus", [{"kind": "human"}, {"kind": "bot", "bot": "hard"}])
    answer = from_address(client, "10.46.6.2").post("/api/account/login", json={"username": "hard", "password": "!bot"})
    assert answer.status_code == 401 and answer.json()["code"] == "bad_credentials"


def test_the_leaderboard_orders_settled_ratings_and_a_profile_gives_the_rank(client: TestClient) -> None:
    """Item 3: settled ratings only (deviation at most 300 shown points), best first by mu − 2 sigma; the profile's
    rank is the place there."""
    from tabletop.storage.ratings import Change

    accounts = client.app.state.accounts.store  # type: ignore[attr-defined]
    store = client.app.state.ratings.store  # type: ignore[attr-defined]
    ids = {}
    for number, name in enumerate(("Lea", "Max", "Ned")):
        new_account(client, name, f"10.46.7.{number + 1}")
        ids[name] = accounts.named(name.lower()).id
    settled = {"Lea": (30.0, 2.0), "Max": (31.0, 3.0), "Ned": (40.0, 7.0)}  # Ned: 2400 ± 420, provisional
    for number, (name, after) in enumerate(settled.items()):
        assert store.apply(f"seed{number}", "cubulus-2", [Change(ids[name], 0, (25.0, 8.3), after)])
    board = client.get("/api/leaderboard/cubulus-2").json()["players"]
    assert [(line["rank"], line["username"], line["rating"]) for line in board] == [(1, "Lea", 1800), (2, "Max", 1860)]
    assert all(not line["provisional"] and line["games"] == 1 for line in board)
    assert client.get("/api/players/max").json()["ratings"]["cubulus-2"]["rank"] == 2
    assert client.get("/api/players/ned").json()["ratings"]["cubulus-2"]["rank"] is None


def test_a_rated_tables_rematch_is_rated_with_its_seats_kept_for_the_same_accounts(client: TestClient) -> None:
    """Item 1: the rematch of a rated game, asked by the accounts that played it, is rated too; its other seat
    is kept for the account that sat there (another account's request seats nobody there), its bot is the same
    level's account; the second game moves the ratings again."""
    ann, ann_csrf = new_account(client, "Rema", "10.46.8.1")
    made = rated(ann, ann_csrf, "cubulus", [{"kind": "human"}, {"kind": "human", "open": True}])
    table = made["table"]["id"]
    bob, bob_csrf = new_account(client, "Remb", "10.46.8.2")
    assert bob.post(f"/api/tables/{table}/join", json={}, headers=bob_csrf).status_code == 200
    assert bob.post(f"/api/tables/{table}/resign", headers=bob_csrf).status_code == 200
    ratings_of(client, "Rema", "cubulus-2", 1)
    first = ann.post(f"/api/tables/{table}/rematch", headers=ann_csrf).json()
    again = first["table"]
    assert first["created"] and again["rated"] == "cubulus-2"
    carl, carl_csrf = new_account(client, "Remc", "10.46.8.3")
    assert carl.post(f"/api/tables/{again['id']}/join", json={}, headers=carl_csrf).status_code == 409
    assert bob.post(f"/api/tables/{table}/rematch", headers=bob_csrf).status_code == 200
    assert client.get(f"/api/tables/{again['id']}").json()["status"] == "playing"
    assert ann.post(f"/api/tables/{again['id']}/resign", headers=ann_csrf).status_code == 200
    assert ratings_of(client, "Remb", "cubulus-2", 2)["games"] == 2
