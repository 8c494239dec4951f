"""Coach mode over HTTP (issue #20, item 6): a held seat's advice at its decision, never another's,
through the bounded expensive-work pool; and a finished game's blunders."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

import tabletop
from tabletop.core import Capability
from tabletop.core.cards import Card
from tabletop.games.cribbage.analysis import discard_analysis
from tabletop.server import create_app
from tabletop.server.coach import blunders_job
from tests.plugin import shipped
from tests.server.live import act, bearer, hot_seat_cribbage, settings_for_tests, state_of


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(sqlite_url))) as test_client:
        yield test_client








def test_the_coach_gives_a_held_seat_the_analysis_of_its_discards_c5(client: TestClient) -> None:
    table, tokens, seat = hot_seat_cribbage(client)
    view = state_of(client, table, tokens[str(seat)])["view"]
    answer = client.get(f"/api/tables/{table}/coach?seat={seat}", headers=bearer(tokens[str(seat)]))
    assert answer.status_code == 200, answer.text
    advice = answer.json()["advice"]
    assert advice["kind"] == "discard" and advice["measure"] == "net"
    own = view["sides"][view["dealer"]] == view["sides"][seat]
    expected = discard_analysis([Card.parse(c) for c in view["hand"]], own, "exact")
    assert len(advice["actions"]) == len(expected) == 15
    for option in expected:
        thrown = {str(c) for c in option.discard}
        figures = next(f for a, f in advice["actions"].items() if set(a.split()[1:]) == thrown)
        assert figures["hand"] == pytest.approx(option.hand) and figures["crib"] == pytest.approx(option.crib)
    assert set(advice["best"].split()[1:]) == {str(c) for c in expected[0].discard}
    again = client.get(f"/api/tables/{table}/coach?seat={seat}", headers=bearer(tokens[str(seat)]))
    assert again.content == answer.content  # kept per (table, move): a repeat costs a look-up


def test_the_coach_refuses_without_a_token_for_another_seat_and_off_turn(client: TestClient) -> None:
    table, tokens, seat = hot_seat_cribbage(client)
    other = 1 - seat
    url = f"/api/tables/{table}/coach"
    cases = [
        (client.get(f"{url}?seat={seat}"), 401, "token_required"),
        (client.get(f"{url}?seat={other}", headers=bearer(tokens[str(seat)])), 403, "coach_not_held"),
        (client.get(f"{url}?seat={seat}", headers=bearer("not-a-token")), 403, "bad_token"),
        (client.get(f"{url}?seat=7", headers=bearer(tokens[str(seat)])), 404, "coach_seat"),
        # a hot-seat screen holds both seats: only the seat to move is coached
        (client.get(f"{url}?seat={other}", headers=bearer(tokens["0"], tokens["1"])), 409, "coach_not_to_move"),
    ]
    for answer, status, code in cases:
        assert (answer.status_code, answer.json()["code"]) == (status, code), answer.text
    assert client.get(f"{url}?seat={seat}", headers=bearer(tokens["0"], tokens["1"])).status_code == 200


def test_coach_requests_count_as_expensive_ones(sqlite_url: str) -> None:
    with TestClient(create_app(settings_for_tests(sqlite_url, expensive_per_second=2))) as client:
        table, tokens, seat = hot_seat_cribbage(client)
        answers = [client.get(f"/api/tables/{table}/coach?seat={seat}", headers=bearer(tokens[str(seat)]))
                   for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 429]
    assert answers[2].json()["code"] == "too_many_expensive"


def test_blunders_need_a_finished_game_then_list_the_costly_discard(client: TestClient) -> None:
    table, tokens, seat = hot_seat_cribbage(client)
    advice = client.get(f"/api/tables/{table}/coach?seat={seat}", headers=bearer(tokens[str(seat)])).json()["advice"]
    worst = min(advice["actions"], key=lambda a: advice["actions"][a]["net"])
    refused = client.get(f"/api/tables/{table}/blunders?seat={seat}")
    assert (refused.status_code, refused.json()["code"]) == (409, "game_in_progress")
    act(client, table, tokens[str(seat)], worst)
    assert client.post(f"/api/tables/{table}/abandon", headers=bearer(tokens["0"])).status_code == 200
    bad = client.get(f"/api/tables/{table}/blunders?seat={seat}&threshold=-1")
    assert (bad.status_code, bad.json()["code"]) == (422, "bad_threshold")
    answer = client.get(f"/api/tables/{table}/blunders?seat={seat}&threshold=0.5")
    assert answer.status_code == 200, answer.text
    listed = answer.json()["blunders"]
    cost = advice["actions"][advice["best"]]["net"] - advice["actions"][worst]["net"]
    assert [(b["action"], b["best"]) for b in listed] == [(worst, advice["best"])]
    assert listed[0]["cost"] == pytest.approx(cost, abs=1e-5) and listed[0]["unit"] == "points"


def test_a_game_without_choices_has_no_blunders_and_every_game_has_a_coach() -> None:
    game = tabletop.load("beetle", players=2)
    state, rng, record = game.initial_state(), random.Random(1), []
    while not state.is_terminal:  # B5: a roll is the only choice, so no decision is rated
        action = state.sample_chance(rng) if state.is_chance else state.legal_actions()[0]
        record.append(str(action))
        state = state.apply(action)
    answer = blunders_job("beetle", '{"players": 2}', record, 0)
    assert answer == {"seat": 0, "rated": 0, "truncated": False, "costly": []}
    assert set(shipped()) <= set(tabletop.REGISTRY.providing(Capability.COACH))  # (the tests' Pig has none)
