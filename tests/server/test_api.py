"""The live play server over HTTP and WebSockets, on a real SQLite file (server issue, parts 1–7)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import tabletop
from tabletop.core import Record
from tabletop.server import create_app
from tabletop.server.errors import SERVER_ERRORS
from tabletop.server.messages import Rejected, Update
from tests.server.live import bearer, create, seated, settings_for_tests, until, until_my_turn


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(sqlite_url))) as test_client:
        yield test_client


def test_games_lists_every_game_with_its_options(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(games) == {"beetle", "cribbage", "cubulus", "kubik", "pig"}  # pig: the tests' own (tests/plugin)
    assert any(o["name"] == "target" for o in games["cribbage"]["options"])
    assert games["cribbage"]["capabilities"] == ["batch", "coach", "encoding", "presentation", "statistics"]
    assert (games["pig"]["capabilities"], games["pig"]["web"]) == ([], False)  # the required core only


@pytest.mark.parametrize(("body", "status", "reason", "code", "params"), [
    ({"game": "chess", "seats": [{"kind": "bot"}]}, 400, "no game", "unknown_game", {"game": "chess"}),
    ({"game": "cubulus", "seats": [{"kind": "robot"}, {"kind": "bot"}]}, 422, "kind", "malformed", {}),
    ({"game": "cubulus", "seats": [{"kind": "bot", "bot": "genius"}, {"kind": "bot"}]}, 400, "no bot called",
     "unknown_bot", {"bot": "genius"}),
    ({"game": "cubulus", "options": {"players": 3}, "seats": [{"kind": "bot"}, {"kind": "bot"}]}, 400, "players=3",
     "players_mismatch", {"players": "3", "seats": 2}),
    ({"game": "cribbage", "options": {"target": 7}, "seats": [{"kind": "bot"}, {"kind": "bot"}]}, 400, "target",
     "option_below", {"option": "target", "value": 7, "minimum": 31}),
    ({"game": "kubik", "options": {"teams": "2+2"}, "seats": [{"kind": "bot"}] * 3}, 400, "teams=2+2",
     "teams_players", {"teams": "2+2", "count": 4, "players": 3}),  # a game's own code (Kubik's K18)
    ({"game": "cubulus", "seats": []}, 422, "seats", "malformed", {}),
    ({"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 3}, 422, "chosen seed",
     "seed_refused", {"seats": [1]}),
])
def test_bad_tables_are_refused_with_a_reason_and_a_code(client: TestClient, body: dict[str, Any], status: int,
                                                         reason: str, code: str, params: dict[str, Any]) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == status
    answer = response.json()
    assert reason in str(answer["detail"])  # the English, for curl users and logs
    assert answer["code"] == code and params.items() <= answer["params"].items()  # the data, for the browser
    assert client.get("/api/tables").json()["tables"] == []


def test_every_http_error_body_has_a_code_and_params(client: TestClient) -> None:
    """The framework's own errors too (an unknown path, a bad query), each with its English detail."""
    created = create(client, "cubulus", [{"kind": "human"}, {"kind": "bot"}])
    table = created["table"]["id"]
    for response, status, code, params in [
        (client.get("/api/tables/nosuchtable"), 404, "no_table", {"table": "nosuchtable"}),
        (client.get("/api/no/such/path"), 404, "not_found", {}),
        (client.get("/api/tables", params={"status": "sleeping"}), 422, "bad_status", {"status": "sleeping"}),
        (client.get("/api/tables", params={"cursor": "forged"}), 422, "bad_cursor", {}),
        (client.get("/api/tables", params={"limit": 0}), 422, "malformed", {}),
        (client.post(f"/api/tables/{table}/abandon"), 401, "token_required", {}),
        (client.get(f"/api/tables/{table}/record"), 409, "game_in_progress", {}),
        (client.get(f"/api/tables/{table}/odds"), 404, "no_odds", {"game": "cubulus", "games": ["beetle"]}),
        (client.post(f"/api/tables/{table}/join", json={}), 409, "no_free_seat", {}),
        (client.post(f"/api/tables/{table}/act", json={"token": "forged", "action": "pass", "move": 0}), 403,
         "bad_token", {}),
        (client.get(f"/api/tables/{table}/state", headers={"Authorization": "Basic x"}), 401, "bad_authorization", {}),
    ]:
        body = response.json()
        assert response.status_code == status, body
        assert body["code"] == code and params.items() <= body["params"].items(), body
        assert body["code"] in SERVER_ERRORS and body["detail"]
    problems = client.get("/api/tables", params={"limit": 0}).json()["params"]["problems"]
    assert problems == [{"loc": ["query", "limit"], "type": "greater_than_equal"}]


def test_the_terminal_text_is_sent_only_to_those_who_ask(client: TestClient) -> None:
    """The browser draws its own picture: the English terminal text is not sent to it."""
    created = create(client, "cubulus", [{"kind": "human"}, {"kind": "bot"}])
    table, token = created["table"]["id"], created["tokens"]["0"]
    plain = client.get(f"/api/tables/{table}/state", headers=bearer(token)).json()
    drawn = client.get(f"/api/tables/{table}/state", headers=bearer(token), params={"text": "true"}).json()
    assert "text" not in plain and drawn["text"]
    with seated(client, table, token) as ws:
        assert "text" not in until(ws, lambda m: m["type"] == "state")


def test_a_person_plays_cubulus_against_a_bot_to_the_end_and_downloads_the_record(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "easy"}])
    table, token = created["table"]["id"], created["tokens"]["0"]
    assert created["table"]["status"] == "playing"  # the creator sits at once; the bot is always there
    assert client.get(f"/api/tables/{table}/record").status_code == 409  # not while it is played
    with seated(client, table, token, name="Ann") as ws:
        message = until_my_turn(ws)
        while message["status"] == "playing":
            ws.send_text(json.dumps({"type": "act", "action": message["legal"][0], "move": message["move"]}))
            message = until_my_turn(ws)
    assert message["status"] == "over" and message["result"] is not None
    Update.model_validate(message)  # every update has the documented shape
    record = Record.from_json(json.dumps(client.get(f"/api/tables/{table}/record").json()))
    final = tabletop.replay(record)
    assert list(final.returns()) == message["result"]["returns"]
    step = client.get(f"/api/tables/{table}/replay/3").json()
    assert step["move"] == 3 and step["action"] == record.actions[2]
    assert [line["action"] for line in step["log"]] == list(record.actions[:3])  # nothing hidden once over
    assert all(line["seat"] in (-1, 0, 1) for line in step["log"])
    assert client.get(f"/api/tables/{table}/replay/99999").status_code == 404
    assert client.get("/api/tables", params={"status": "over"}).json()["tables"][0]["seats"][0]["name"] == "Ann"


def test_every_bad_message_is_refused_and_changes_nothing(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "human"}, {"kind": "human"}], options={"first": "1"})
    table, tokens = created["table"]["id"], created["tokens"]
    with seated(client, table, tokens['0']) as first, \
            seated(client, table, tokens['1']) as second:
        state = until_my_turn(first)
        move = state["move"]
        for bad, reason, code, params in [
            ("not json", "malformed message", "malformed", {}),
            (json.dumps({"type": "act", "action": "insert U102"}), "move", "malformed",
             {"problems": [{"loc": ["act", "move"], "type": "missing"}]}),
            (json.dumps({"type": "dance"}), "malformed message", "malformed", {}),
            ("x" * 5000, "too long", "message_too_long", {"length": 5000, "maximum": 4096}),
            (json.dumps({"type": "act", "action": "fly away", "move": move}), "not an action", "bad_notation",
             {"text": "fly away"}),
            (json.dumps({"type": "act", "action": "shift U102", "move": move}), "placing the neutral balls",
             "placing_neutral", {"action": "shift U102", "seat": 0}),  # a game's code (Cubulus U13)
            (json.dumps({"type": "act", "action": state["legal"][0], "move": move + 5}), "stale", "stale_move",
             {"move": move + 5, "current": move}),
            (json.dumps({"type": "undo", "move": move}), "cannot undo", "undo_refused", {"why": "nothing"}),
            (json.dumps({"type": "agree_undo"}), "no undo request", "no_undo_request", {}),
            (json.dumps({"type": "act", "action": state["legal"][0], "move": move, "seat": 1}),
             "does not hold seat 2", "seat_not_held", {"seat": 1}),
        ]:
            first.send_text(bad)
            answer = until(first, lambda m: m["type"] == "error")
            assert reason in answer["reason"], (bad, answer)
            assert answer["code"] == code and params.items() <= answer["params"].items(), (bad, answer)
            Rejected.model_validate(answer)
        second.send_text(json.dumps({"type": "act", "action": state["legal"][0], "move": move}))
        refused = until(second, lambda m: m["type"] == "error")
        assert "not your turn" in refused["reason"]
        assert (refused["code"], refused["params"]) == ("not_your_turn", {"to_move": 0})
        assert client.get(f"/api/tables/{table}").json()["moves"] == move  # nothing was applied
    with seated(client, table) as spectator:
        assert spectator.receive_json()["seat"] is None
        spectator.send_text(json.dumps({"type": "act", "action": state["legal"][0], "move": move}))
        answer = spectator.receive_json()
        assert "spectators cannot act" in answer["reason"] and answer["code"] == "spectator_cannot_act"
    with seated(client, table, "forged") as forged:
        answer = forged.receive_json()
        assert "not valid" in answer["reason"] and answer["code"] == "bad_token"


def test_http_acting_racing_for_one_move_exactly_one_applies(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "local"}, {"kind": "local"}], options={"first": "1"})
    table, tokens = created["table"]["id"], created["tokens"]
    with seated(client, table, tokens['0'], tokens['1']) as ws:
        state = until_my_turn(ws)
    body = {"token": tokens[str(state["seat"])], "action": state["legal"][0], "move": state["move"]}
    first = client.post(f"/api/tables/{table}/act", json=body)
    second = client.post(f"/api/tables/{table}/act", json={**body, "action": state["legal"][-1]})
    assert first.status_code == 200 and second.status_code == 409
    assert "stale" in second.json()["detail"]
    assert second.json()["code"] == "stale_move" and second.json()["params"] == {"move": state["move"],
                                                                                  "current": state["move"] + 1}
    assert client.get(f"/api/tables/{table}").json()["moves"] == state["move"] + 1


def test_hot_seat_plays_both_seats_from_one_connection(client: TestClient) -> None:
    created = create(client, "beetle", [{"kind": "local"}, {"kind": "local"}])
    table, tokens = created["table"]["id"], created["tokens"]
    with seated(client, table, tokens['0'], tokens['1']) as ws:
        message = until_my_turn(ws)
        seats_moved = set()
        while message["status"] == "playing":
            seats_moved.add(message["seat"])
            ws.send_text(json.dumps({"type": "act", "action": "roll", "move": message["move"]}))
            message = until_my_turn(ws)
    assert seats_moved == {0, 1}
    assert message["result"]["winner"] in (0, 1)


def test_b6_odds_of_a_live_game_are_given_at_any_move_so_far(client: TestClient) -> None:
    """A paced screen shows a move after the server made it, so it asks for the odds of the move it shows:
    a live Beetle table answers for any move so far, the same odds as when that move was the latest, and
    refuses a move not made yet; asked without a move, it answers for the latest, and says which."""
    created = create(client, "beetle", [{"kind": "local"}, {"kind": "local"}])
    table, tokens = created["table"]["id"], created["tokens"]
    odds = f"/api/tables/{table}/odds"
    seen: dict[int, list[float]] = {}
    with seated(client, table, tokens["0"], tokens["1"]) as ws:
        message = until_my_turn(ws)
        for _ in range(6):
            latest = client.get(odds).json()
            assert latest["move"] == message["move"]
            seen[latest["move"]] = latest["win"]
            ws.send_text(json.dumps({"type": "act", "action": "roll", "move": message["move"]}))
            message = until_my_turn(ws)
        assert message["status"] == "playing"
        for move, win in seen.items():
            answer = client.get(odds, params={"move": move})
            assert answer.status_code == 200 and answer.json() == {**answer.json(), "move": move, "win": win}
        beyond = client.get(odds, params={"move": message["move"] + 1})
        assert beyond.status_code == 404 and beyond.json()["code"] == "no_move"


def test_hot_seat_names_given_at_creation_are_kept_when_the_screen_connects(client: TestClient) -> None:
    """One screen holding every local seat joins them all, but under the names each was given — not
    under the name the browser sends (which once made every seat "Ann")."""
    created = create(client, "kubik", [{"kind": "local", "name": n} for n in ("Ann", "Bob", "Cleo", "Dan")],
                     options={"throws": "manual"})
    table, tokens = created["table"]["id"], created["tokens"]
    with seated(client, table, *tokens.values(), name="Ann") as ws:
        message = until(ws, lambda m: m["status"] == "playing")
    assert [seat["name"] for seat in message["seats"]] == ["Ann", "Bob", "Cleo", "Dan"]


def test_joining_from_the_lobby_takes_a_free_seat_and_starts_the_game(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "human", "open": True}, {"kind": "human", "open": True}],
                     creator_seat=None)  # for anyone
    table = created["table"]["id"]
    assert [t["id"] for t in client.get("/api/tables").json()["tables"]] == [table]
    joined = client.post(f"/api/tables/{table}/join", json={"name": "Bea", "seat": 1}).json()
    assert joined["seat"] == 1
    assert client.post(f"/api/tables/{table}/join", json={"name": "Cy", "seat": 1}).status_code == 409
    assert client.get(f"/api/tables/{table}").json()["status"] == "open"  # seat 1 is still free
    joined0 = client.post(f"/api/tables/{table}/join", json={"name": "Al"}).json()
    assert joined0["seat"] == 0
    info = client.get(f"/api/tables/{table}").json()
    assert info["status"] == "playing"
    assert client.post(f"/api/tables/{table}/join", json={"name": "Di"}).status_code == 409
    assert client.get(f"/api/tables/{table}/state", headers=bearer(joined["token"])).json()["seat"] == 1
    assert client.get(f"/api/tables/{table}/state", headers=bearer(created["tokens"]["1"])).status_code == 403


def test_undo_needs_the_others_consent_and_nothing_revealed_since(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "human"}, {"kind": "human"}], options={"first": "1"})
    table, tokens = created["table"]["id"], created["tokens"]
    with seated(client, table, tokens['0']) as first, \
            seated(client, table, tokens['1']) as second:
        state = until_my_turn(first)
        move = state["move"]
        first.send_text(json.dumps({"type": "act", "action": state["legal"][0], "move": move}))
        until(second, lambda m: m["move"] == move + 1)
        first.send_text(json.dumps({"type": "undo", "move": move + 1}))
        asked = until(second, lambda m: m["undo"] is not None)
        assert asked["undo"]["seat"] == 0 and asked["undo"]["waiting"] == [1]
        second.send_text(json.dumps({"type": "refuse_undo"}))
        refused = until(first, lambda m: m["undo"] is None and m["move"] == move + 1)
        assert refused["legal"] != state["legal"]  # the move stands
        first.send_text(json.dumps({"type": "undo", "move": move + 1}))
        until(second, lambda m: m["undo"] is not None)
        second.send_text(json.dumps({"type": "agree_undo"}))
        after = until(first, lambda m: m["move"] == move + 2)
        assert after["legal"] == state["legal"] and after["view"] == state["view"]  # the move is taken back
        second.send_text(json.dumps({"type": "undo", "move": move + 2}))
        assert "cannot undo" in until(second, lambda m: m["type"] == "error")["reason"]  # not its action
    record = client.get(f"/api/tables/{table}").json()
    assert record["moves"] == move + 2


def test_a_seat_that_times_out_is_taken_over_by_a_bot_and_the_result_says_so(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "human"}, {"kind": "bot", "bot": "easy"}],
                     options={"first": "1"}, move_seconds=0.2)
    table, token = created["table"]["id"], created["tokens"]["0"]
    with seated(client, table, token) as ws:
        message = ws.receive_json()
        while message["status"] != "over":
            message = ws.receive_json()
    assert message["result"]["zombies"] == [0]
    assert message["seats"][0]["zombie"] is True


def test_an_abandoned_table_keeps_its_record_and_refuses_moves(client: TestClient) -> None:
    created = create(client, "cribbage", [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    table, token = created["table"]["id"], created["tokens"]["0"]
    with seated(client, table, token) as ws:
        state = until_my_turn(ws)
    assert client.post(f"/api/tables/{table}/abandon", headers=bearer("forged")).status_code == 403
    assert client.post(f"/api/tables/{table}/abandon", headers=bearer(token)).json()["status"] == "abandoned"
    assert client.post(f"/api/tables/{table}/abandon", headers=bearer(token)).status_code == 409
    refused = client.post(f"/api/tables/{table}/act", json={"token": token, "action": state["legal"][0],
                                                           "move": state["move"]})
    assert refused.status_code == 409 and "abandoned" in refused.json()["detail"]
    record = client.get(f"/api/tables/{table}/record").json()
    assert len(record["actions"]) == state["move"] and record["ending"] == "abandoned"
    assert record["meta"]["result"]["ending"] == {"cause": "abandoned", "seats": []}
    assert record["meta"]["result"]["winner"] is None and record["meta"]["result"]["outcome"] is None
    assert tabletop.replay(Record.from_json(json.dumps(record))).current_player == 0  # replays to where it stopped


def test_a_time_bank_pays_for_a_slow_move(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "human"}, {"kind": "human"}], options={"first": "1"},
                     move_seconds=0.05, time_bank=30)
    table, tokens = created["table"]["id"], created["tokens"]
    with seated(client, table, tokens['0']) as first, \
            seated(client, table, tokens['1']):
        state = until(first, lambda m: bool(m["legal"]) and m["clock"]["remaining"] is not None)
        assert state["clock"]["move_seconds"] == 0.05 and state["clock"]["remaining"] > 1
        time.sleep(0.3)  # beyond the per-move clock, well within the bank
        first.send_text(json.dumps({"type": "act", "action": state["legal"][0], "move": state["move"]}))
        after = until(first, lambda m: m["move"] == state["move"] + 1)
        assert after["seats"][0]["zombie"] is False
        assert 29 < after["clock"]["banks"]["0"] < 29.8  # the overrun came out of the bank


def test_a_scorekeeper_table_asks_the_people_what_happened(client: TestClient) -> None:
    """K20: with throws=manual the server draws nothing; any person at the table enters the outcome."""
    created = create(client, "kubik", [{"kind": "local"}, {"kind": "local"}], options={"throws": "manual"})
    table, tokens = created["table"]["id"], created["tokens"]
    with seated(client, table, tokens['0'], tokens['1']) as ws:
        message = until_my_turn(ws)
        assert message["to_move"] == -1 and message["legal"] == ["first A", "first B"]  # who throws first
        ws.send_text(json.dumps({"type": "act", "action": "first B", "move": message["move"]}))
        message = until(ws, lambda m: m["move"] == 1)
        assert [(line["seat"], line["action"]) for line in message["log"]] == [(-1, "first B")]
        assert message["to_move"] >= 0
        ws.send_text(json.dumps({"type": "act", "action": message["legal"][0], "move": 1}))  # the throw
        outcome = until(ws, lambda m: m["move"] == 2)
        assert outcome["to_move"] == -1 and "miss" in outcome["legal"]  # what happened?
        ws.send_text(json.dumps({"type": "act", "action": "out 6", "move": 2}))
        scored = until(ws, lambda m: m["move"] == 3)
        assert (scored["log"][-1]["seat"], scored["log"][-1]["action"]) == (-1, "out 6")
        points = [e for e in scored["log"][-1]["events"] if e.get("points")]  # the points it scored, as data
        assert [(e["team"], e["points"]) for e in points] == [("B", 6)]


def test_an_invitations_seat_is_never_taken_from_the_lobby(client: TestClient) -> None:
    """Issue 45 item 5: a seat made for a friend is taken only by its invitation link (its token), not by
    whoever asks the lobby first; a seat its creator opened to anyone is."""
    created = create(client, "cubulus", [{"kind": "human", "name": "Ann", "open": False},
                                         {"kind": "human", "open": False}, {"kind": "human", "open": True}],
                     options={"players": 3})
    table = created["table"]["id"]
    seats = client.get(f"/api/tables/{table}").json()["seats"]
    assert [s["open"] for s in seats] == [False, False, True]
    taken = client.post(f"/api/tables/{table}/join", json={"name": "Eve", "seat": 1})
    assert (taken.status_code, taken.json()["code"], taken.json()["params"]) == (409, "seat_reserved", {"seat": 1})
    assert client.post(f"/api/tables/{table}/join", json={"name": "Cy"}).json()["seat"] == 2  # the open one
    refused = client.post(f"/api/tables/{table}/join", json={"name": "Eve"})
    assert refused.json()["code"] == "seat_reserved"  # only the friend's seat is left
    with seated(client, table, created["tokens"]["1"], name="Bea") as ws:  # the invitation link's token
        assert until(ws, lambda m: m["status"] == "playing")["seat"] == 1
