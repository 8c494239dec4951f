"""``GET /api/tables/{id}/motion/{move}``: a logged action's motion for an animation (K20, issue #8).

A Kubik throw in physics mode is re-run from the noise its record keeps and must end as the record
says; anything without a motion, a move that does not exist and anything hidden is a 404 with the
reason. The route serves live and finished tables alike.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import tabletop
from tabletop.server import create_app
from tabletop.server.motion import motion_answer
from tests.server.live import bearer, create, seated, settings_for_tests, until, until_my_turn

THROW = "throw A pos +0 aim +0 power 14 spin 4"


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(sqlite_url))) as test_client:
        yield test_client


def action_of(line: Any) -> str:
    """A move log line's action (a line is ``{"seat", "action"}``, or the notation itself)."""
    return str(line["action"] if isinstance(line, dict) else line)


def test_a_live_physics_throw_is_served_and_re_runs_to_the_logged_outcome(client: TestClient) -> None:
    created = create(client, "kubik", [{"kind": "local"}, {"kind": "local"}], options={"throws": "physics"})
    table, tokens = created["table"]["id"], created["tokens"]
    with seated(client, table, tokens['0'], tokens['1']) as ws:
        message = until_my_turn(ws)  # the server drew the lot
        line = "A" if message["to_move"] == 0 else "B"
        throw = THROW.replace(" A ", f" {line} ")
        ws.send_text(json.dumps({"type": "act", "action": throw, "move": message["move"], "seat": message["to_move"]}))
        played = until(ws, lambda m: len(m["log"]) == 3)
        assert played["status"] == "playing"
        logged = [action_of(x) for x in played["log"]]
        assert logged[1] == throw and " noise " in logged[2]

        answer = client.get(f"/api/tables/{table}/motion/2")
        assert answer.status_code == 200, answer.text
        data = answer.json()
        assert data["move"] == 2 and data["action"] == logged[2]
        motion = data["motion"]
        # K7, K9, K20: the re-run ends exactly as the log says
        assert motion["reproduced"] and motion["outcome"] == motion["simulated"] == logged[2]
        assert motion["kind"] == "throw" and motion["line"] == line
        outcome = tabletop.load("kubik", players=2).parse_action(logged[2])
        if outcome.kind != "miss":  # type: ignore[union-attr]
            assert motion["final"]["top"] == outcome.top  # type: ignore[union-attr]
        times = motion["times"]
        assert times[0] == 0.0 and all(a < b for a, b in itertools.pairwise(times))
        assert len(motion["cube"]) == len(motion["bat"]) == len(times)
        assert client.get(f"/api/tables/{table}/motion/2").json() == data  # the cached answer is the same

        for move, reason in ((0, "has no motion"), (1, "has no motion"), (3, "has moves 0–2"),
                             (-1, "has moves 0–2"), (99, "has moves 0–2")):
            refused = client.get(f"/api/tables/{table}/motion/{move}")
            assert refused.status_code == 404 and reason in refused.json()["detail"], (move, refused.text)

    # finished (here: abandoned) tables keep their motions
    assert client.post(f"/api/tables/{table}/abandon", headers=bearer(tokens['0'])).status_code == 200
    again = client.get(f"/api/tables/{table}/motion/2")
    assert again.status_code == 200 and again.json()["motion"]["outcome"] == logged[2]


def test_unknown_tables_and_bad_move_numbers_are_clear_404s(client: TestClient) -> None:
    missing = client.get("/api/tables/nosuchtable/motion/0")
    assert missing.status_code == 404 and missing.json()["detail"]
    created = create(client, "kubik", [{"kind": "human"}, {"kind": "human"}], options={"throws": "calibrated"},
                     creator_seat=None)
    table = created["table"]["id"]
    empty = client.get(f"/api/tables/{table}/motion/0")  # open: nobody has sat down, nothing played
    assert empty.status_code == 404 and "nothing has been played" in empty.json()["detail"]
    assert client.get(f"/api/tables/{table}/motion/x").status_code == 422


def test_a_calibrated_throw_has_no_motion(client: TestClient) -> None:
    created = create(client, "kubik", [{"kind": "local"}, {"kind": "local"}], options={"throws": "calibrated"})
    table, tokens = created["table"]["id"], created["tokens"]
    with seated(client, table, tokens['0'], tokens['1']) as ws:
        message = until_my_turn(ws)
        ws.send_text(json.dumps({"type": "act", "action": message["legal"][0], "move": message["move"],
                                 "seat": message["to_move"]}))
        until(ws, lambda m: len(m["log"]) == 3)
    refused = client.get(f"/api/tables/{table}/motion/2")
    assert refused.status_code == 404 and "no motion" in refused.json()["detail"]


def test_the_motion_job_refuses_an_action_some_seat_does_not_see_whole() -> None:
    """Behind the route's check of the capability, the job itself gives no motion for a hidden action (a card
    dealt), whatever game asks: nothing hidden can leak through an animation."""
    game = tabletop.load("cribbage")
    state, rng, actions = game.initial_state(), random.Random(4), []
    while len(actions) < 12:
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        actions.append(str(action))
        state = state.apply(action)
    dealt = next(k for k, text in enumerate(actions) if text.startswith("deal"))
    answer = motion_answer(game, actions[:dealt + 1], dealt)
    assert (answer.status, answer.code) == (404, "motion_hidden")
    assert actions[dealt].split()[-1] not in json.dumps(answer.body(dealt))


def test_hidden_actions_never_get_a_motion(client: TestClient) -> None:
    """Cribbage's deal is hidden from all but its recipient: the route says so and serves nothing."""
    created = create(client, "cribbage", [{"kind": "local"}, {"kind": "local"}])
    table, tokens = created["table"]["id"], created["tokens"]
    with seated(client, table, tokens['0'], tokens['1']) as ws:
        message = until_my_turn(ws)
        mine = [action_of(x) for x in message["log"]]
    spectators = [action_of(x) for x in client.get(f"/api/tables/{table}/state").json()["log"]]
    hidden = [k for k, (a, b) in enumerate(zip(mine, spectators, strict=True)) if a != b]
    public = [k for k, (a, b) in enumerate(zip(mine, spectators, strict=True)) if a == b]
    assert hidden and public  # deals to seat 0 are hidden from spectators; the cuts are public
    for move in hidden:  # cribbage has no motion at all: refused before anything is replayed
        refused = client.get(f"/api/tables/{table}/motion/{move}")
        assert refused.status_code == 404 and refused.json()["code"] == "no_motion"
        assert mine[move] not in refused.text  # the card is not in the answer
    refused = client.get(f"/api/tables/{table}/motion/{public[0]}")
    assert refused.status_code == 404 and "no motion" in refused.json()["detail"]


def test_the_core_hook_answers_none_by_default_and_the_route_checks_every_viewer() -> None:
    game = tabletop.load("cribbage")
    state = game.initial_state()
    rng = random.Random(5)
    actions: list[str] = []
    while state.is_chance:
        outcome = state.sample_chance(rng)
        assert state.motion(outcome) is None  # no game but Kubik animates anything yet
        actions.append(str(outcome))
        state = state.apply(outcome)
    answers = [motion_answer(game, actions, k) for k in range(len(actions))]
    assert all(a.motion is None and a.status == 404 for a in answers)
    assert any("hidden" in a.reason for a in answers) and any("no motion" in a.reason for a in answers)
