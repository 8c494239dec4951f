"""A finished game's replay over HTTP (issue #17, item 5): the record and each position are given only
once the game is over — a table in play shows nothing through them (its cards, the deck order); the
position after any number of actions is one request, however many actions the browser's step spans,
and is worked out once (asked again, it is a look-up); its log carries each action's seat and events,
which the browser groups into steps."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import tabletop
from tabletop.server import create_app, jobs
from tests.server.live import create, settings_for_tests

BOTS = [{"kind": "bot", "bot": "easy"}] * 2


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(sqlite_url))) as test_client:
        yield test_client


def finished_cribbage(client: TestClient) -> tuple[str, list[str]]:
    """A two-bot cribbage game to 31, played to its end: its id and its actions."""
    table = create(client, "cribbage", BOTS, options={"target": 31})["table"]["id"]
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    actions: list[str] = client.get(f"/api/tables/{table}/record").json()["actions"]
    return table, actions


def test_a_table_in_play_gives_no_record_and_no_position(client: TestClient) -> None:
    created = create(client, "cribbage", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "easy"}])
    table = created["table"]["id"]
    assert created["table"]["status"] == "playing"
    for path in ("record", "replay/0", "replay/1", "replay/14"):
        answer = client.get(f"/api/tables/{table}/{path}")
        assert answer.status_code == 409, (path, answer.text)
        assert answer.json() == {"detail": "the game is still being played: its record would show hidden cards",
                                 "code": "game_in_progress", "params": {}}


def test_a_step_of_many_actions_is_one_request_worked_out_once(client: TestClient,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    table, actions = finished_cribbage(client)
    worked: list[int] = []
    real = jobs.replay_step

    def counted(name: str, options_json: str, actions: list[str], move: int) -> dict[str, Any]:
        worked.append(move)
        return real(name, options_json, actions, move)

    monkeypatch.setattr(jobs, "replay_step", counted)
    dealt = next(i for i, action in enumerate(actions) if not action.startswith(("cut", "deal")))  # C5, C6
    step = client.get(f"/api/tables/{table}/replay/{dealt}").json()  # the whole first deal at once
    assert step["move"] == dealt and len(step["log"]) == dealt
    hands = [view["hand"] for view in step["views"]]
    assert all(len(hand) == 6 for hand in hands), hands  # six cards to each of two (C5)
    game = tabletop.load("cribbage", target=31)
    state = game.initial_state()
    for action in actions[:dealt]:
        state = state.apply_text(action)
    assert step["views"] == [dict(state.view(seat)) for seat in range(2)]
    assert client.get(f"/api/tables/{table}/replay/{dealt}").json() == step  # asked again: kept
    assert worked == [dealt]


def test_the_last_position_has_every_action_with_its_seat_and_events(client: TestClient) -> None:
    table, actions = finished_cribbage(client)
    end = client.get(f"/api/tables/{table}/replay/{len(actions)}").json()
    assert [entry["action"] for entry in end["log"]] == actions
    chance = [entry for entry in end["log"] if entry["seat"] == -1]
    assert chance and all(entry["action"].split()[0] in ("cut", "deal", "starter") for entry in chance)
    dealt = [event for entry in end["log"] for event in entry["events"] if event["kind"] == "dealt"]
    assert dealt and all("card" in event and event["seat"] in (0, 1) for event in dealt)  # nothing hidden now
    assert all(any(event.get("action") for event in entry["events"]) for entry in end["log"])
    assert client.get(f"/api/tables/{table}/replay/{len(actions) + 1}").status_code == 404
    assert client.get(f"/api/tables/{table}/replay/-1").status_code == 404
