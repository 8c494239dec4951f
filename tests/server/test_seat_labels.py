"""The server's refusals name a seat by its label, ``seat 2`` for the second seat, as the browser and the
terminal show it (in a game, as the game names its players: Kubik's ``B1``, K18); the 0-based index stays
in the params the browser words it from (issue 41, item 4).

Each refusal of the server that names a seat is provoked: a move out of turn (over HTTP and over the
WebSocket, where a game's own refusal passes through: Cubulus U13; at a Kubik table), an action or a
resignation for a seat the connection does not hold (a seat the table lacks: called an index), a seat
already taken, a creator's seat that is a bot's or that the table lacks, and the coach asked for another
seat, off turn or for a seat the table lacks. The games' and the core's refusals are in
tests/conformance/test_seat_labels.py.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.server import create_app
from tests.server.live import bearer, create, seated, settings_for_tests, until


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(sqlite_url))) as test_client:
        yield test_client


def named_seats(text: str) -> list[int]:
    """The seat indices an English reason names by their labels: ``seat 2`` is index 1."""
    return [int(number) - 1 for number in re.findall(r"\bseat (\d+)", text)]


def two_people_at_cubulus(client: TestClient) -> tuple[str, dict[str, str]]:
    """A Cubulus table for two people where the second seat (index 1) places the neutral balls first (U13)."""
    created = create(client, "cubulus", [{"kind": "human"}, {"kind": "human"}], options={"first": "0"})
    return created["table"]["id"], created["tokens"]


def test_a_move_out_of_turn_names_the_seat_to_move_by_its_label(client: TestClient) -> None:
    table, tokens = two_people_at_cubulus(client)
    assert client.post(f"/api/tables/{table}/join", json={"name": "Bea"}).status_code == 200
    state = client.get(f"/api/tables/{table}/state", headers=bearer(tokens["0"])).json()
    assert state["to_move"] == 1
    answer = client.post(f"/api/tables/{table}/act", json={"token": tokens["0"], "action": "place 111",
                                                           "move": state["move"]}).json()
    assert (answer["code"], answer["params"]) == ("not_your_turn", {"to_move": 1})
    assert "seat 2 is to move" in answer["detail"] and named_seats(answer["detail"]) == [1]


def test_the_websocket_names_seats_by_their_labels(client: TestClient) -> None:
    """Out of turn, a game's own refusal (U13: seat 2 places the neutral balls first), and an action or a
    resignation for a seat this connection does not hold — one the table lacks included."""
    table, tokens = two_people_at_cubulus(client)
    with seated(client, table, tokens["0"]) as first, seated(client, table, tokens["1"]) as second:
        move = until(second, lambda m: m["type"] == "state" and m["to_move"] == 1)["move"]
        for ws, message, code, index, param, said in [
            (first, {"type": "act", "action": "place 111", "move": move}, "not_your_turn", 1, "to_move", "seat 2"),
            (second, {"type": "act", "action": "shift U102", "move": move}, "placing_neutral", 1, "seat", "seat 2"),
            (first, {"type": "act", "action": "place 111", "move": move, "seat": 1}, "seat_not_held", 1, "seat",
             "seat 2"),
            (first, {"type": "resign", "seat": 1}, "seat_not_held", 1, "seat", "seat 2"),
            (first, {"type": "resign", "seat": 5}, "seat_not_held", 5, "seat", "no seat has index 5"),
        ]:
            ws.send_text(json.dumps(message))
            answer = until(ws, lambda m: m["type"] == "error")
            assert (answer["code"], answer["params"][param]) == (code, index), answer
            assert said in answer["reason"], answer["reason"]
            assert named_seats(answer["reason"]) == ([index] if said.startswith("seat") else []), answer["reason"]
    assert client.get(f"/api/tables/{table}").json()["status"] == "playing"  # nobody resigned


def test_a_kubik_table_names_the_player_to_throw_as_its_notation_does(client: TestClient) -> None:
    """K18: after ``first B`` it is B1's throw; A1 throwing instead is told so, naming B1 (the second seat)."""
    created = create(client, "kubik", [{"kind": "local"}, {"kind": "local"}], options={"throws": "manual"})
    table, tokens = created["table"]["id"], created["tokens"]
    with seated(client, table, tokens["0"], tokens["1"]) as ws:
        move = until(ws, lambda m: m["type"] == "state" and m["legal"] == ["first A", "first B"])["move"]
        ws.send_text(json.dumps({"type": "act", "action": "first B", "move": move}))
        assert until(ws, lambda m: m["type"] == "state" and m["move"] == move + 1)["to_move"] == 1
        ws.send_text(json.dumps({"type": "act", "action": "throw", "move": move + 1, "seat": 0}))
        answer = until(ws, lambda m: m["type"] == "error")
    assert (answer["code"], answer["params"]) == ("not_your_turn", {"to_move": 1})
    assert answer["reason"] == "not your turn: B1 is to move"


def test_a_seat_taken_and_the_free_ones_are_named_by_their_labels(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "human"}] * 3, options={"players": 3})
    table = created["table"]["id"]
    assert client.post(f"/api/tables/{table}/join", json={"name": "Bea", "seat": 1}).status_code == 200
    answer = client.post(f"/api/tables/{table}/join", json={"name": "Cy", "seat": 1}).json()
    assert (answer["code"], answer["params"]) == ("seat_not_free", {"seat": 1, "free": [2]})
    assert answer["detail"] == "seat 2 is not free; free: seat 3"


@pytest.mark.parametrize(("creator_seat", "said"), [(1, "seat 2 is a bot's"), (5, "no seat has index 5")])
def test_a_creators_seat_is_named_by_its_label_or_called_an_index(client: TestClient, creator_seat: int,
                                                                  said: str) -> None:
    body = {"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot"}], "creator_seat": creator_seat}
    answer = client.post("/api/tables", json=body).json()
    assert (answer["code"], answer["params"]) == ("creator_seat", {"seat": creator_seat, "seats": 2})
    assert said in answer["detail"]
    assert named_seats(answer["detail"]) == ([1] if creator_seat == 1 else [])


def test_the_coach_names_seats_by_their_labels(client: TestClient) -> None:
    created = create(client, "cribbage", [{"kind": "local"}, {"kind": "local"}])
    table, tokens = created["table"]["id"], created["tokens"]
    seat = client.get(f"/api/tables/{table}/state", headers=bearer(tokens["0"])).json()["to_move"]
    other = 1 - seat
    url = f"/api/tables/{table}/coach"
    for answer, code, index in [
        (client.get(f"{url}?seat={other}", headers=bearer(tokens[str(seat)])), "coach_not_held", other),
        (client.get(f"{url}?seat={other}", headers=bearer(tokens["0"], tokens["1"])), "coach_not_to_move", other),
    ]:
        body: dict[str, Any] = answer.json()
        assert (body["code"], body["params"]["seat"]) == (code, index), body
        assert named_seats(body["detail"]) == [index], body["detail"]
    body = client.get(f"{url}?seat=7", headers=bearer(tokens[str(seat)])).json()
    assert (body["code"], body["params"]) == ("coach_seat", {"seat": 7, "seats": 2})
    assert "no seat has index 7" in body["detail"] and not named_seats(body["detail"])
