"""Coach mode over HTTP (issue #20, item 6): a held seat's advice at its decision, never another's,
through the bounded expensive-work pool; and a finished game's blunders."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Iterator
from typing import Any

import httpx
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


def test_after_a_move_the_coach_answers_for_the_new_position(client: TestClient) -> None:
    table, tokens, seat = hot_seat_cribbage(client)
    both = bearer(tokens["0"], tokens["1"])
    url = f"/api/tables/{table}/coach"
    first = client.get(f"{url}?seat={seat}", headers=both)
    assert first.status_code == 200, first.text
    before = state_of(client, table, tokens[str(seat)])
    assert first.json()["move"] == before["move"] and set(first.json()["advice"]["actions"]) == set(before["legal"])
    act(client, table, tokens[str(seat)], first.json()["advice"]["best"])
    after = state_of(client, table, tokens["0"])
    kept = client.app.state.advice  # type: ignore[attr-defined]
    assert kept.get(table, before["move"], seat) is None and len(kept) == 0  # the move's event dropped it
    answer = client.get(f"{url}?seat={after['to_move']}", headers=both)
    assert answer.status_code == 200, answer.text
    assert answer.json()["move"] == after["move"] > before["move"] and answer.content != first.content
    now_legal = state_of(client, table, tokens[str(after["to_move"])])["legal"]
    assert set(answer.json()["advice"]["actions"]) == set(now_legal)
    if after["to_move"] != seat:  # the seat that moved is told it is not to move, not handed its old advice
        stale = client.get(f"{url}?seat={seat}", headers=both)
        assert (stale.status_code, stale.json()["code"]) == (409, "coach_not_to_move")


def test_advice_computed_while_a_move_lands_says_the_move_it_was_computed_for(client: TestClient) -> None:
    """The seat to move asks; before its advice is computed the move is made (on a hot seat, the same
    screen; or a bot, a clock). The answer must say which position it is for — the move it was asked
    at, not the table's move when the answer came — and is never the new position's answer."""
    table, tokens, seat = hot_seat_cribbage(client)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    release = threading.Event()

    async def scenario() -> tuple[dict[str, Any], httpx.Response, httpx.Response]:
        # the coach lane's one worker (threads, in tests) kept busy: the advice asked next waits for it
        held = asyncio.ensure_future(hub.heavy.run(("held",), "tests", release.wait, 30, lane="coach"))
        transport = httpx.ASGITransport(app=client.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
            asked = asyncio.ensure_future(http.get(f"/api/tables/{table}/coach?seat={seat}",
                                                   headers=bearer(tokens[str(seat)])))
            await asyncio.sleep(0.3)  # it waits in the lane's queue
            before = (await http.get(f"/api/tables/{table}/state", headers=bearer(tokens[str(seat)]))).json()
            moved = await http.post(f"/api/tables/{table}/act", json={
                "token": tokens[str(seat)], "action": before["legal"][0], "move": before["move"]})
            assert moved.status_code == 200, moved.text
            release.set()
            await held
            answer = await asked
            again = await http.get(f"/api/tables/{table}/coach?seat={seat}", headers=bearer(tokens[str(seat)]))
        return before, answer, again

    before, answer, again = client.portal.call(scenario)
    assert answer.status_code == 200, answer.text
    assert answer.json()["move"] == before["move"]  # the position it was computed from
    assert set(answer.json()["advice"]["actions"]) == set(before["legal"])
    assert again.status_code == 409 or (again.json()["move"] > before["move"] and again.content != answer.content)
    assert client.app.state.advice.get(table, before["move"], seat) is None  # type: ignore[attr-defined]
