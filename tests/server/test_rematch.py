"""A rematch of a finished table (issue 17, item 2), on a real SQLite file: the same game, options
and seats; bots at once, the asker seated, every other person's seat kept for them and offered live
at the old table; one table however many ask; only for a finished game, only for its players."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.server import create_app
from tabletop.server.hub import Hub
from tabletop.server.limits import Limits
from tabletop.server.messages import CreateTable
from tabletop.server.rematch import Rematches, rematch_id
from tabletop.storage import Store
from tests.server.live import ANN_AND_BOB, KUBIK, bearer, finished_table, run, seated, settings_for_tests, until


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(sqlite_url))) as test_client:
        yield test_client






def test_the_first_to_ask_is_seated_and_the_others_seat_is_kept_for_them(client: TestClient) -> None:
    table, tokens = finished_table(client, ANN_AND_BOB)
    asked = client.post(f"/api/tables/{table}/rematch", headers=bearer(tokens[0]))
    assert asked.status_code == 200, asked.text
    made = asked.json()
    new = made["table"]
    assert made["created"] and new["id"] == rematch_id(table) and list(made["tokens"]) == ["0"]
    assert new["game"] == "kubik" and new["options"]["target"] == 5 and new["status"] == "open"
    assert [(s["name"], s["joined"]) for s in new["seats"]] == [("Ann", True), ("Bob", False)]
    # the old table says where its rematch is, and who asked
    old = client.get(f"/api/tables/{table}/state", headers=bearer(tokens[1])).json()
    assert old["rematch"] == {"table": new["id"], "by": [0]}
    # a stranger from the lobby cannot take Bob's seat
    stolen = client.post(f"/api/tables/{new['id']}/join", json={"name": "Eve"})
    assert stolen.status_code == 409 and "kept" in stolen.json()["detail"]
    # Bob takes it: the rematch starts, with Bob's new token
    bob = client.post(f"/api/tables/{table}/rematch", headers=bearer(tokens[1])).json()
    assert not bob["created"] and bob["table"]["id"] == new["id"] and list(bob["tokens"]) == ["1"]
    state = client.get(f"/api/tables/{new['id']}/state", headers=bearer(bob["tokens"]["1"])).json()
    assert state["status"] == "playing" and state["seat"] == 1
    # asking again changes nothing: the same table, the seat already taken
    again = client.post(f"/api/tables/{table}/rematch", headers=bearer(tokens[0])).json()
    assert again["table"]["id"] == new["id"] and again["tokens"] == {} and again["already"] == [0]


def test_the_others_at_the_old_table_see_the_offer_live(client: TestClient) -> None:
    table, tokens = finished_table(client, ANN_AND_BOB)
    with seated(client, table, tokens[1]) as bob:
        first = until(bob, lambda m: m["type"] == "state")
        assert first["status"] == "over" and first["rematch"] is None
        client.post(f"/api/tables/{table}/rematch", headers=bearer(tokens[0]))
        offer = until(bob, lambda m: m.get("rematch") is not None)
    assert offer["rematch"]["table"] == rematch_id(table) and offer["rematch"]["by"] == [0]


def test_two_people_pressing_rematch_at_once_get_the_same_table(client: TestClient) -> None:
    table, tokens = finished_table(client, ANN_AND_BOB)
    answers: dict[int, dict[str, Any]] = {}

    def press(seat: int) -> None:
        response = client.post(f"/api/tables/{table}/rematch", headers=bearer(tokens[seat]))
        assert response.status_code == 200, response.text
        answers[seat] = response.json()

    threads = [threading.Thread(target=press, args=(seat,)) for seat in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers[0]["table"]["id"] == answers[1]["table"]["id"] == rematch_id(table)
    assert sorted(answer["created"] for answer in answers.values()) == [False, True]
    assert {seat for answer in answers.values() for seat in answer["tokens"]} == {"0", "1"}
    listed = client.get("/api/tables", params={"status": ["open", "playing"], "limit": 100}).json()["tables"]
    assert [t["id"] for t in listed] == [rematch_id(table)]  # one table, never two
    assert listed[0]["status"] == "playing"


def test_bots_are_seated_at_once_and_a_hot_seat_screen_takes_all_its_seats(client: TestClient) -> None:
    seats = [{"kind": "local", "name": "Ann"}, {"kind": "local", "name": "Cleo"}, {"kind": "bot", "bot": "easy"},
             {"kind": "bot", "bot": "hard"}]
    table, tokens = finished_table(client, seats, {**KUBIK, "players": 4})
    made = client.post(f"/api/tables/{table}/rematch", headers=bearer(tokens[0], tokens[1])).json()
    assert made["created"] and sorted(made["tokens"]) == ["0", "1"]
    new = made["table"]
    assert [(s["kind"], s["name"], s["bot"], s["joined"]) for s in new["seats"]] == [
        ("local", "Ann", None, True), ("local", "Cleo", None, True), ("bot", "easy", "easy", True),
        ("bot", "hard", "hard", True)]
    assert client.get(f"/api/tables/{new['id']}").json()["status"] == "playing"  # nobody else to wait for
    # the new tokens are the new table's: they hold both seats there
    state = client.get(f"/api/tables/{new['id']}/state", headers=bearer(made["tokens"]["1"])).json()
    assert state["seat"] == 1


def test_only_a_finished_table_has_a_rematch(client: TestClient) -> None:
    created = client.post("/api/tables", json={"game": "kubik", "options": KUBIK, "seats": ANN_AND_BOB}).json()
    table, token = created["table"]["id"], created["tokens"]["0"]
    waiting = client.post(f"/api/tables/{table}/rematch", headers=bearer(token))
    assert waiting.status_code == 409 and "over" in waiting.json()["detail"]
    assert client.post(f"/api/tables/{table}/abandon", headers=bearer(token)).status_code == 200
    abandoned = client.post(f"/api/tables/{table}/rematch", headers=bearer(token))
    assert abandoned.status_code == 409 and "abandoned" in abandoned.json()["detail"]
    assert client.get(f"/api/tables/{rematch_id(table)}").status_code == 404  # nothing was made


def test_only_someone_who_held_a_seat_may_ask(client: TestClient) -> None:
    table, tokens = finished_table(client, ANN_AND_BOB)
    _, other_tokens = finished_table(client, ANN_AND_BOB)
    assert client.post(f"/api/tables/{table}/rematch").status_code == 401
    assert client.post(f"/api/tables/{table}/rematch", headers=bearer("not-a-token")).status_code == 403
    assert client.post(f"/api/tables/{table}/rematch", headers=bearer(other_tokens[0])).status_code == 403
    assert client.post("/api/tables/0123456789abcdef/rematch", headers=bearer(tokens[0])).status_code == 404
    assert client.get(f"/api/tables/{rematch_id(table)}").status_code == 404


def test_a_rematch_counts_against_the_askers_limits(sqlite_url: str) -> None:
    with TestClient(create_app(settings_for_tests(sqlite_url, creations_per_minute=1))) as client:
        table, tokens = finished_table(client, ANN_AND_BOB)  # the minute's one creation
        refused = client.post(f"/api/tables/{table}/rematch", headers=bearer(tokens[0]))
        assert refused.status_code == 429 and refused.headers["Retry-After"], refused.text
        assert client.get(f"/api/tables/{rematch_id(table)}").status_code == 404


def test_a_game_whose_bots_have_no_decisions_asks_no_level(client: TestClient) -> None:
    games = {game["name"]: game for game in client.get("/api/games").json()}
    assert games["beetle"]["bot_levels"] == []
    assert games["cribbage"]["bot_levels"] == ["easy", "normal", "hard"]
    created = client.post("/api/tables", json={"game": "beetle", "seats": [{"kind": "bot"}, {"kind": "bot"}]}).json()
    assert [seat["level"] for seat in created["table"]["seats"]] == [None, None]
    created = client.post("/api/tables", json={"game": "cubulus", "seats": [{"kind": "bot", "bot": "easy"},
                                                                             {"kind": "bot"}]}).json()
    assert [seat["level"] for seat in created["table"]["seats"]] == ["easy", "normal"]


def test_a_finished_tables_result_has_each_seats_points(client: TestClient) -> None:
    table, _ = finished_table(client, ANN_AND_BOB)
    result = client.get(f"/api/tables/{table}").json()["result"]
    assert result["points"] == [6.0, 0.0] and result["outcome"]["kind"] == "game_won"


def test_the_database_refuses_a_second_table_with_the_same_id(sqlite_url: str) -> None:
    from tabletop.storage import SeatSpec, Store, TableExistsError

    store = Store(sqlite_url)
    try:
        store.create_table("beetle", {}, [SeatSpec("bot", bot="normal")], table_id="f" * 32)
        with pytest.raises(TableExistsError):  # another process's rematch of the same table, a moment later
            store.create_table("beetle", {}, [SeatSpec("bot", bot="normal")], table_id="f" * 32)
    finally:
        store.close()


def test_a_thousand_rematch_requests_from_a_stranger_cost_a_rate_limited_refusal_each(sqlite_url: str) -> None:
    """An anonymous client hammering the endpoint: after the per-client rate (here 20 a second) every
    request is a 429 decided before any database work, nothing is created, and the players' own
    rematch still works once their second comes."""
    with TestClient(create_app(settings_for_tests(sqlite_url, requests_per_second=20))) as client:
        table, tokens = finished_table(client, ANN_AND_BOB)
        started = time.monotonic()
        statuses = [client.post(f"/api/tables/{table}/rematch", headers=bearer("not-a-seat-token")).status_code
                    for _ in range(1000)]
        seconds = time.monotonic() - started  # a slow machine spreads them over more seconds, each with its 20
        assert set(statuses) <= {403, 429}, sorted(set(statuses))
        assert statuses.count(403) <= 20 * (math.ceil(seconds) + 1), (statuses.count(403), seconds)
        time.sleep(1.1)  # the next second: the players' own request is served
        assert client.get(f"/api/tables/{rematch_id(table)}").status_code == 404  # the stranger made nothing
        asked = client.post(f"/api/tables/{table}/rematch", headers=bearer(tokens[0]))
        assert asked.status_code in (200, 201), asked.text


def test_a_rematch_needs_only_the_seam_and_is_one_table_across_two_processes(sqlite_url: str) -> None:
    """:class:`Rematches` handed nothing but a hub's narrow interface (``Hub.seam``) and a counter, on two
    real hubs of one SQLite file (two server processes): Ann's request on the first makes the rematch with
    Bob's seat kept, Bob's on the second seats him there and starts it, and asking again writes nothing."""
    counted: list[str] = []

    async def count(client: str) -> None:
        counted.append(client)

    async def main() -> None:
        first, second = (Hub(Store(sqlite_url), limits=Limits(bot_table_move_seconds=0)) for _ in range(2))
        await first.start()
        await second.start()
        try:
            open_seats = [{**seat, "open": True} for seat in ANN_AND_BOB]  # Bob takes his from the lobby
            table, _, _ = await first.seating.create(CreateTable(game="kubik", options=KUBIK, seats=open_seats,
                                                                      creator_seat=0), "ann")
            table_id = table.row.id
            await first.seating.join(table_id, "Bob", 1, "bob")
            await first.endings.resign(table_id, 1, {1})
            assert (await first.seam.glance(table_id)).status == "over"
            on_first, on_second = Rematches(first.seam, count), Rematches(second.seam, count)
            ann = await on_first.ask(table_id, [0], "ann")
            assert ann.created and ann.table == rematch_id(table_id) and list(ann.tokens) == [0]
            made = await first.seam.glance(ann.table)
            assert made.status == "open" and made.rematch_of == table_id and made.options["target"] == 5
            assert [(s.name, s.joined) for s in made.seats] == [("Ann", True), ("Bob", False)]
            bob = await on_second.ask(table_id, [1], "bob")  # the other process: the same table, Bob seated
            assert not bob.created and bob.table == ann.table and list(bob.tokens) == [1]
            assert (await second.seam.glance(ann.table)).status == "playing"
            assert (await second.seam.glance(table_id)).rematch == {"table": ann.table, "by": [0]}
            again = await on_second.ask(table_id, [0], "ann")  # Ann again, from the other process: nothing written
            assert (again.created, again.tokens, again.already) == (False, {}, [0])
            assert counted == ["ann", "bob", "ann"]
        finally:
            await second.stop()
            await first.stop()

    run(main())
