"""What happens when someone leaves (issue #45 item 4), on the one ending contract: a person whose every
connection has gone has ``reconnect_seconds`` to come back; after that the others may claim the game, end
it without a result, or — at a casual team table — hand the gone seat to a bot. Each offered in
``ways_out`` exactly when the server takes it, refused early or to a seat not entitled.

Two servers here: a patient one (the default 60 s window: what is refused within it, never waited out) and
a quick one (a window of a second: what comes after it, waited for by condition, not by a fixed sleep)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.server import create_app
from tabletop.server.identity import CSRF_HEADER
from tabletop.server.presence import TICK_SECONDS
from tests.server.faults import RedisServer
from tests.server.live import bearer, create, seated, settings_for_tests, until
from tests.server.site.test_seats_follow_the_account import signed_in

QUICK = 1.0
"""The quick server's reconnect window, in seconds."""


@pytest.fixture
def patient(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(sqlite_url))) as client:
        yield client


@pytest.fixture
def quick(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(sqlite_url, reconnect_seconds=QUICK))) as client:
        yield client


def table_of_people(client: TestClient, game: str, seats: list[dict[str, Any]], **options: Any
                    ) -> tuple[str, dict[int, str]]:
    """A table whose people's seats are all taken (each joined from the lobby): its id and their tokens."""
    created = create(client, game, seats, options=options)
    table = created["table"]["id"]
    tokens = {int(seat): token for seat, token in created["tokens"].items()}
    for seat, spec in enumerate(seats):
        if spec["kind"] == "human" and seat not in tokens:
            joined = client.post(f"/api/tables/{table}/join", json={"name": spec.get("name", ""), "seat": seat})
            assert joined.status_code == 200, joined.text
            tokens[seat] = joined.json()["token"]
    return table, tokens


def ways(ws: Any, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The ways out of the first update whose ways out are ``wanted``."""
    return dict(until(ws, lambda m: m["type"] == "state" and wanted(m["ways_out"]))["ways_out"])


def gone(*seats: int) -> Callable[[dict[str, Any]], bool]:
    return lambda w: w["gone"] is not None and w["gone"]["seats"] == list(seats)


def ready(kind: str) -> Callable[[dict[str, Any]], bool]:
    return lambda w: w[kind] == "now"


def refused(ws: Any, message: dict[str, Any]) -> dict[str, Any]:
    ws.send_text(json.dumps(message))
    return until(ws, lambda m: m["type"] == "error")


def ended(ws: Any) -> dict[str, Any]:
    return until(ws, lambda m: m["type"] == "state" and m["status"] in ("over", "abandoned"))


ANN_BOB = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def test_within_the_window_nothing_is_offered_and_a_claim_is_refused_as_early(patient: TestClient) -> None:
    table, tokens = table_of_people(patient, "cubulus", ANN_BOB)
    with seated(patient, table, tokens[0]) as ann:
        with seated(patient, table, tokens[1]) as bob:
            until(bob, lambda m: m["type"] == "state" and m["status"] == "playing")
        waiting = ways(ann, gone(1))
        assert (waiting["claim"], waiting["end_gone"], waiting["bot_for_gone"]) == (None, None, None)
        since, due = (datetime.fromisoformat(waiting["gone"][key]) for key in ("since", "claimable_at"))
        assert (due - since).total_seconds() == 60  # the default window
        early = refused(ann, {"type": "claim"})
        assert early["code"] == "claim_too_early" and 50 <= early["params"]["seconds"] <= 60
        assert refused(ann, {"type": "end_gone"})["code"] == "claim_too_early"


def test_a_person_back_within_the_window_is_no_longer_gone_and_nothing_can_be_claimed(patient: TestClient) -> None:
    table, tokens = table_of_people(patient, "cubulus", ANN_BOB)
    with seated(patient, table, tokens[0]) as ann:
        with seated(patient, table, tokens[1]) as bob:
            until(bob, lambda m: m["type"] == "state" and m["status"] == "playing")
        ways(ann, gone(1))
        with seated(patient, table, tokens[1]) as bob:
            until(bob, lambda m: m["type"] == "state")
            back = ways(ann, lambda w: w["gone"] is None)
            assert (back["claim"], back["end_gone"]) == (None, None)
            no = refused(ann, {"type": "claim"})
            assert no["code"] == "cannot_claim" and no["params"] == {"seat": 0, "way": "claim"}
            # Bob, with Ann still here, has nobody to claim against either
            assert refused(bob, {"type": "claim"})["code"] == "cannot_claim"
    assert patient.get(f"/api/tables/{table}").json()["status"] == "playing"


def test_after_the_window_the_one_left_claims_the_game_and_the_record_says_who_left(quick: TestClient) -> None:
    table, tokens = table_of_people(quick, "cubulus", ANN_BOB)
    with seated(quick, table, tokens[0]) as ann:
        with seated(quick, table, tokens[1]) as bob:
            until(bob, lambda m: m["type"] == "state" and m["status"] == "playing")
        offered = ways(ann, ready("claim"))
        # two sides, no team: claim or end; no bot for a side of one (that is resigning by another name)
        assert offered["end_gone"] == "now" and offered["bot_for_gone"] is None and offered["gone"]["seats"] == [1]
        assert refused(ann, {"type": "bot_for_gone"})["code"] == "cannot_claim"
        ann.send_text(json.dumps({"type": "claim"}))
        over = ended(ann)
    result = over["result"]
    assert over["status"] == "over" and result["ending"] == {"cause": "claimed", "seats": [0]}
    assert result["winner"] == 0 and result["returns"] == [1.0, -1.0] and result["left"] == [1]
    assert result["outcome"] == {"kind": "game_won", "side": 0, "members": [0], "ending": "claimed"}
    record = quick.get(f"/api/tables/{table}/record").json()
    assert record["ending"] == "claimed 0" and record["meta"]["result"]["left"] == [1]


def test_a_game_ends_without_a_result_when_the_others_left_and_a_bot_still_plays(quick: TestClient) -> None:
    """Three-player Cubulus, Ann, Bob and a bot: once Bob has gone, the bot's side still plays — no claim against
    it — but Ann may end the game without the consent Bob can no longer give."""
    table, tokens = table_of_people(quick, "cubulus", [*ANN_BOB, {"kind": "bot", "bot": "random"}], players="3")
    with seated(quick, table, tokens[0]) as ann:
        with seated(quick, table, tokens[1]) as bob:
            until(bob, lambda m: m["type"] == "state" and m["status"] == "playing")
        offered = ways(ann, ready("end_gone"))
        assert offered["claim"] is None and offered["abandon"] == "ask"  # (the plain abandon would wait for Bob)
        assert refused(ann, {"type": "claim"})["code"] == "cannot_claim"
        ann.send_text(json.dumps({"type": "end_gone"}))
        over = ended(ann)
    assert over["status"] == "abandoned" and over["result"]["ending"] == {"cause": "abandoned", "seats": []}
    assert over["result"]["winner"] is None and over["result"]["left"] == [1]


def test_at_a_team_table_a_bot_takes_the_gone_seat_and_plays_it_on(quick: TestClient) -> None:
    """Four-player cribbage, partners opposite: Ann (0) with a bot, Bob (1) with a bot. Bob goes; Ann hands his
    seat to a bot, and the game goes on with bots at his side's seats."""
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"},
             {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    table, tokens = table_of_people(quick, "cribbage", seats, players="4")
    with seated(quick, table, tokens[0]) as ann:
        with seated(quick, table, tokens[1]) as bob:
            until(bob, lambda m: m["type"] == "state" and m["status"] == "playing")
        offered = ways(ann, ready("bot_for_gone"))
        assert offered["claim"] == "now" and offered["end_gone"] == "now"  # Bob was his side's one person
        ann.send_text(json.dumps({"type": "bot_for_gone"}))
        taken = until(ann, lambda m: m["type"] == "state" and m["seats"][1]["zombie"])
        assert taken["status"] == "playing" and taken["ways_out"]["gone"] is None
    line = quick.get(f"/api/tables/{table}").json()
    assert line["seats"][1]["zombie"] is True
    # Bob's token now only watches his old seat: a bot plays it, nothing is his to end
    state = quick.get(f"/api/tables/{table}/state", headers=bearer(tokens[1])).json()
    assert all(state["ways_out"][kind] is None for kind in ("resign", "claim", "end_gone", "bot_for_gone"))


def test_a_restart_keeps_when_a_person_went(sqlite_url: str) -> None:
    """The gone mark is the table's (its settings in the database): a server started again counts the window
    from when Bob went, not from its own start."""
    settings = settings_for_tests(sqlite_url)
    with TestClient(create_app(settings)) as first:
        table, tokens = table_of_people(first, "cubulus", ANN_BOB)
        with seated(first, table, tokens[0]) as ann:
            with seated(first, table, tokens[1]) as bob:
                until(bob, lambda m: m["type"] == "state" and m["status"] == "playing")
            before = ways(ann, gone(1))["gone"]
    with TestClient(create_app(settings)) as second, seated(second, table, tokens[0]) as ann:
        after = ways(ann, gone(1))["gone"]
    assert (after["since"], after["claimable_at"]) == (before["since"], before["claimable_at"])


def test_at_a_clocked_table_the_clock_governs(quick: TestClient) -> None:
    """A gone person's clock runs at their turn and a bot takes the seat when it runs out: no window, no claim."""
    created = create(quick, "cubulus", ANN_BOB, move_seconds=600)
    table, tokens = created["table"]["id"], {0: created["tokens"]["0"]}
    tokens[1] = quick.post(f"/api/tables/{table}/join", json={"name": "Bob", "seat": 1}).json()["token"]
    with seated(quick, table, tokens[0]) as ann:
        with seated(quick, table, tokens[1]) as bob:
            until(bob, lambda m: m["type"] == "state" and m["status"] == "playing")
        shown = ways(ann, gone(1))
        assert shown["gone"]["claimable_at"] is None and shown["claim"] is None  # no window opens
        # (refused as not entitled, not as early: no waiting makes it claimable)
        assert refused(ann, {"type": "claim"})["code"] == "cannot_claim"


def test_a_game_claimed_against_a_player_who_left_counts_against_their_completion_rate(quick: TestClient) -> None:
    anna, csrf = signed_in(quick, "Anna", "10.0.0.1", new=True)
    made = anna.post("/api/tables", json={"game": "cubulus", "seats": [{"kind": "human"},
                                                                      {"kind": "human", "open": True}]},
                     headers={CSRF_HEADER: csrf}).json()
    table = made["table"]["id"]
    bob, bob_csrf = signed_in(quick, "Bob_", "10.0.0.2", new=True)
    bob.post(f"/api/tables/{table}/join", json={"name": "Bob"}, headers={CSRF_HEADER: bob_csrf})
    with seated(anna, table) as ann:  # (the accounts' seats: no token needed)
        with seated(bob, table) as bobs:
            until(bobs, lambda m: m["type"] == "state" and m["status"] == "playing")
        ways(ann, ready("claim"))
        ann.send_text(json.dumps({"type": "claim"}))
        ended(ann)
    deadline = time.monotonic() + 10
    while (seen := quick.get("/api/players/bob_").json())["games"] == [] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert seen["games"] == [{"game": "cubulus", "played": 1, "won": 0, "left": 1}]
    assert seen["completion_rate"] == 0.0 and seen["recent"][0]["cause"] == "claimed"
    hers = quick.get("/api/players/anna").json()
    assert hers["games"] == [{"game": "cubulus", "played": 1, "won": 1, "left": 0}] and hers["completion_rate"] == 1.0


def test_a_person_connected_to_another_server_process_is_not_gone(postgres_url: str) -> None:
    """Two server processes sharing tables through Redis: Bob's socket on the second counts as present for the
    first, which owns the table (so nothing is marked, and Ann can claim nothing however long she waits);
    once it closes, the owner marks him gone and the claim comes after the window."""
    settings = settings_for_tests(postgres_url, reconnect_seconds=QUICK)
    with RedisServer() as broker, TestClient(create_app(replace(settings, redis=broker.url))) as one, \
            TestClient(create_app(replace(settings, redis=broker.url))) as two:
        table, tokens = table_of_people(one, "cubulus", ANN_BOB)
        with seated(one, table, tokens[0]) as ann:
            with seated(two, table, tokens[1]) as bob:
                until(bob, lambda m: m["type"] == "state" and m["status"] == "playing")
                until(ann, lambda m: m["type"] == "state" and m["status"] == "playing")
                time.sleep(QUICK + 2 * TICK_SECONDS + 0.5)  # the window and two ticks of the owner's: still here
                assert refused(ann, {"type": "claim"})["code"] == "cannot_claim"
                state = one.get(f"/api/tables/{table}/state", headers=bearer(tokens[0])).json()
                assert state["ways_out"]["gone"] is None
            ways(ann, ready("claim"))
            ann.send_text(json.dumps({"type": "claim"}))
            assert ended(ann)["result"]["ending"] == {"cause": "claimed", "seats": [0]}
