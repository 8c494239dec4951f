"""Ways out of a table (issue #40 item 1): resign, abandon and leave, each on the one ending contract,
each offered in every state message exactly when the server will accept it (``ways_out``); the
record of each ending replays to the same result and cause."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import tabletop
from tabletop.core import Record
from tabletop.core.record import record_result
from tabletop.server import create_app
from tabletop.server.messages import Update
from tests.server.live import bearer, create, seated, settings_for_tests, until, until_my_turn


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(sqlite_url, open_tables_per_client=3))) as test_client:
        yield test_client


NOBODY_GONE = {"claim": None, "end_gone": None, "bot_for_gone": None, "gone": None}
"""The ways on without people who went away, where nobody has (:mod:`tests.server.test_leaving` tests them)."""


def classic(ways: dict[str, Any]) -> dict[str, Any]:
    """The ways out of a table before anyone went away: resign, abandon and leave, and the seat they are for."""
    return {key: ways[key] for key in ("seat", "resign", "abandon", "leave")}


def ended(ws: Any) -> dict[str, Any]:
    return until(ws, lambda m: m["type"] == "state" and m["status"] in ("over", "abandoned"))


def replayed_result(client: TestClient, table: str) -> tuple[Record, tuple[list[float], Any]]:
    """The table's record, read back, and the returns and result event its replay gives."""
    record = Record.from_json(json.dumps(client.get(f"/api/tables/{table}/record").json()))
    returns, outcome = record_result(tabletop.replay(record), record.ending)
    return record, (list(returns), outcome.to_data() if outcome is not None else None)


def test_resigning_against_a_bot_loses_and_the_record_replays_to_the_same_result(client: TestClient) -> None:
    created = create(client, "cribbage", [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    table, token = created["table"]["id"], created["tokens"]["0"]
    with seated(client, table, token) as ws:
        state = until_my_turn(ws)
        Update.model_validate(state)
        assert state["ways_out"] == {"seat": 0, "resign": "now", "abandon": "now", "leave": None, **NOBODY_GONE}
        ws.send_text(json.dumps({"type": "resign"}))
        over = ended(ws)
    result = over["result"]
    assert over["status"] == "over" and over["ways_out"]["resign"] is None
    assert result["ending"] == {"cause": "resigned", "seats": [0]} and result["winner"] == 1
    assert result["outcome"] == {"kind": "game_won", "side": 1, "members": [1], "ending": "resigned"}
    record, (returns, outcome) = replayed_result(client, table)
    assert str(record.ending) == "resigned 0" and returns == result["returns"] and outcome == result["outcome"]
    again = client.post(f"/api/tables/{table}/resign", headers=bearer(token))
    assert again.status_code == 409 and again.json()["code"] == "cannot_resign"


def test_a_partner_elsewhere_must_agree_before_a_side_resigns(client: TestClient) -> None:
    """C15: four-player cribbage, partners opposite; seat 0 asks, seat 2 (its partner) answers."""
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    created = create(client, "cribbage", seats, options={"players": "4"})
    table, tokens = created["table"]["id"], created["tokens"]
    joined = client.post(f"/api/tables/{table}/join", json={"name": "Bea"}).json()
    with seated(client, table, tokens["0"]) as ann, seated(client, table, joined["token"]) as bea:
        state = until(ann, lambda m: m["status"] == "playing")
        assert state["ways_out"]["resign"] == "ask" and state["ways_out"]["abandon"] == "ask"
        ann.send_text(json.dumps({"type": "resign", "seat": 0}))
        asked = until(bea, lambda m: m["type"] == "state" and m["proposal"] is not None)
        assert {k: asked["proposal"][k] for k in ("kind", "seat", "waiting")} == {"kind": "resign", "seat": 0,
                                                                                    "waiting": [2]}
        bea.send_text(json.dumps({"type": "refuse_end"}))
        until(bea, lambda m: m["type"] == "state" and m["proposal"] is None)
        ann.send_text(json.dumps({"type": "resign", "seat": 0}))
        until(bea, lambda m: m["type"] == "state" and m["proposal"] is not None)
        bea.send_text(json.dumps({"type": "agree_end"}))
        over = ended(ann)
    assert over["result"]["returns"] == [-1.0, 1.0, -1.0, 1.0]
    assert over["result"]["outcome"]["members"] == [1, 3]


def test_abandoning_between_people_needs_the_others_and_never_the_creator_alone(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "human"}, {"kind": "human"}], creator_seat=None)
    table, tokens, creator = created["table"]["id"], created["tokens"], created["creator_token"]
    with seated(client, table, tokens["0"]) as one, seated(client, table, tokens["1"]) as two:
        until(one, lambda m: m["status"] == "playing")
        refused = client.post(f"/api/tables/{table}/abandon", headers=bearer(creator))
        assert refused.status_code == 409 and refused.json()["code"] == "abandon_needs_seat"
        asked = client.post(f"/api/tables/{table}/abandon", headers=bearer(tokens["0"])).json()
        assert asked["status"] == "playing" and asked["proposal"]["waiting"] == [1]
        two.send_text(json.dumps({"type": "agree_end"}))
        over = ended(one)
    assert over["status"] == "abandoned" and over["result"]["ending"]["cause"] == "abandoned"
    assert over["result"]["winner"] is None
    record, (returns, outcome) = replayed_result(client, table)
    assert record.ending is not None and str(record.ending) == "abandoned" and outcome is None
    assert returns == [0.0, 0.0]


def test_a_move_voids_a_pending_request_to_end(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "human"}, {"kind": "human"}], options={"first": "1"})
    table, tokens = created["table"]["id"], created["tokens"]
    with seated(client, table, tokens["0"]) as one, seated(client, table, tokens["1"]) as two:
        state = until_my_turn(one)
        one.send_text(json.dumps({"type": "abandon"}))
        until(two, lambda m: m["type"] == "state" and m["proposal"] is not None)
        one.send_text(json.dumps({"type": "act", "action": state["legal"][0], "move": state["move"]}))
        moved = until(two, lambda m: m["type"] == "state" and m["move"] == state["move"] + 1)
        assert moved["proposal"] is None
        two.send_text(json.dumps({"type": "agree_end"}))
        assert until(two, lambda m: m["type"] == "error")["code"] == "no_end_request"


def test_leaving_a_table_not_started_frees_the_seat_and_the_last_one_out_abandons_it(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}],
                     options={"players": "3"})
    table, token = created["table"]["id"], created["tokens"]["0"]
    other = client.post(f"/api/tables/{table}/join", json={"name": "Bea"}).json()
    left = client.post(f"/api/tables/{table}/leave", headers=bearer(other["token"]))
    assert left.status_code == 200 and left.json()["status"] == "open"
    assert not left.json()["seats"][other["seat"]]["joined"]  # free again for anyone
    assert client.get(f"/api/tables/{table}/state", headers=bearer(other["token"])).status_code == 403
    last = client.post(f"/api/tables/{table}/leave", headers=bearer(token))
    assert last.json()["status"] == "abandoned"


def test_leaving_a_game_with_other_people_hands_the_seat_to_a_bot(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}],
                     options={"players": "3", "first": "0"})
    table, tokens = created["table"]["id"], created["tokens"]
    bea = client.post(f"/api/tables/{table}/join", json={"name": "Bea"}).json()
    cid = client.post(f"/api/tables/{table}/join", json={"name": "Cid"}).json()
    with seated(client, table, tokens["0"]) as ann:
        state = until(ann, lambda m: m["status"] == "playing")
        assert state["ways_out"]["leave"] == "now"
        assert client.post(f"/api/tables/{table}/leave", headers=bearer(bea["token"])).status_code == 200
        taken = until(ann, lambda m: m["type"] == "state" and m["seats"][bea["seat"]]["zombie"])
        assert taken["status"] == "playing"
        # the other two are still people: leaving is open to them, abandoning asks the one other person
        assert classic(taken["ways_out"]) == {"seat": 0, "resign": "now", "abandon": "ask", "leave": "now"}
    assert client.post(f"/api/tables/{table}/leave", headers=bearer(cid["token"])).status_code == 200
    alone = client.get(f"/api/tables/{table}/state", headers=bearer(tokens["0"])).json()
    assert alone["ways_out"] == {"seat": 0, "resign": "now", "abandon": "now", "leave": None, **NOBODY_GONE}


def test_the_unfinished_tables_limit_names_the_way_out_and_leaving_frees_a_place(client: TestClient) -> None:
    made = [create(client, "cubulus", [{"kind": "human"}, {"kind": "bot", "bot": "easy"}]) for _ in range(3)]
    refused = client.post("/api/tables", json={"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot"}]})
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_unfinished"
    assert "resign, abandon or leave" in refused.json()["detail"] and "My tables" in refused.json()["detail"]
    first = made[0]
    done = client.post(f"/api/tables/{first['table']['id']}/resign", headers=bearer(first["tokens"]["0"]))
    assert done.status_code == 200 and done.json()["status"] == "over"
    assert client.post("/api/tables", json={"game": "cubulus", "seats": [{"kind": "human"},
                                                                         {"kind": "bot"}]}).status_code == 201


def test_a_hot_seat_screen_abandons_at_once_and_spectators_get_no_way_out(client: TestClient) -> None:
    created = create(client, "cribbage", [{"kind": "local"}, {"kind": "local"}])
    table, tokens = created["table"]["id"], created["tokens"]
    with seated(client, table) as watcher:
        watched = until(watcher, lambda m: m["type"] == "state")
        assert watched["ways_out"] == {"seat": None, "resign": None, "abandon": None, "leave": None, **NOBODY_GONE}
    # one hot-seat token speaks for the screen: the other local seat is the same device
    answer = client.post(f"/api/tables/{table}/abandon", headers=bearer(tokens["0"]))
    assert answer.status_code == 200 and answer.json()["status"] == "abandoned"
