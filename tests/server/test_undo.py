"""The undo policy as every seat is told it (issue #17 items 3–4): each state message says which seat
the connection may ask an undo for now (``undo_seat``) or why not (``undo_refusal``), from the one
policy requests are checked against; a hot seat takes back its own moves without asking itself; a
scorekeeper corrects a wrong entry under the same consent rules as any undo (K20)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.server import create_app
from tabletop.server.messages import Update
from tabletop.server.table import UNDO_REFUSALS
from tests.server.live import create, seated, settings_for_tests, until, until_my_turn


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(sqlite_url))) as test_client:
        yield test_client


def act(ws: Any, action: str, move: int, seat: int | None = None) -> None:
    message: dict[str, Any] = {"type": "act", "action": action, "move": move}
    if seat is not None:
        message["seat"] = seat
    ws.send_text(json.dumps(message))


def undo(ws: Any, move: int, seat: int | None = None) -> None:
    message: dict[str, Any] = {"type": "undo", "move": move}
    if seat is not None:
        message["seat"] = seat
    ws.send_text(json.dumps(message))


def test_every_refusal_code_has_english_and_every_message_its_shape() -> None:
    assert all(code.isidentifier() and text for code, text in UNDO_REFUSALS.items())


def test_against_a_bot_a_takeback_goes_back_to_the_players_last_decision(client: TestClient) -> None:
    """Issue #40 item 3: against bots only, taking back reverts the bot's reply too (lichess's takeback
    against the computer), and the undo is offered as soon as the player has decided anything."""
    created = create(client, "cubulus", [{"kind": "human"}, {"kind": "bot", "bot": "easy"}], options={"first": "0"})
    table, token = created["table"]["id"], created["tokens"]["0"]
    with seated(client, table, token) as ws:
        state = until_my_turn(ws)
        assert (state["undo_seat"], state["undo_refusal"]) == (None, "nothing")  # nothing decided yet
        act(ws, state["legal"][0], state["move"])
        replied = until_my_turn(ws)  # the bot has moved: the table is back at this seat
        assert (replied["undo_seat"], replied["undo_refusal"], replied["undo_steps"]) == (0, None, 2)
        Update.model_validate(replied)
        undo(ws, replied["move"])
        back = until(ws, lambda m: m["move"] == replied["move"] + 2)  # two undo events: the bot's and ours
        assert back["view"] == state["view"] and back["legal"] == state["legal"] and back["log"] == state["log"]


def test_against_a_bot_chance_comes_again_the_same_after_a_takeback(client: TestClient) -> None:
    """The cut after a lay-away is drawn from the table's secret by the move's place, not by when: a
    takeback and the same lay-away again see the same starter (never re-drawn)."""
    created = create(client, "cribbage", [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    table, token = created["table"]["id"], created["tokens"]["0"]
    with seated(client, table, token) as ws:
        laying = until(ws, lambda m: bool(m["legal"]) and m["legal"][0].startswith("discard"))
        act(ws, laying["legal"][0], laying["move"])
        later = until(ws, lambda m: bool(m["legal"]) and m["undo_seat"] == 0)
        first_time = [line["action"] for line in later["log"]]
        undo(ws, later["move"])
        back = until(ws, lambda m: m["move"] > later["move"] and m["legal"] == laying["legal"])
        assert back["view"]["hand"] == laying["view"]["hand"]
        act(ws, laying["legal"][0], back["move"])
        again = until(ws, lambda m: m["move"] > back["move"] and bool(m["legal"]) and m["undo_seat"] == 0)
        second_time = [line["action"] for line in again["log"]]
        shared = min(len(first_time), len(second_time))
        assert second_time[:shared] == first_time[:shared]  # the bot's lay-away and the cut: the same again


def test_with_another_person_at_the_table_a_bots_reply_still_ends_the_undo(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "human"}, {"kind": "bot", "bot": "easy"}, {"kind": "human"}],
                     options={"first": "0", "players": "3"})
    table, tokens = created["table"]["id"], created["tokens"]
    with seated(client, table, tokens["0"]) as ws, seated(client, table, tokens["2"]):
        state = until_my_turn(ws)
        act(ws, state["legal"][0], state["move"])
        after_bot = until(ws, lambda m: m["to_move"] == 2)
        assert (after_bot["undo_seat"], after_bot["undo_refusal"]) == (None, "bot")
        undo(ws, after_bot["move"])
        assert "cannot undo: a bot has moved since" in until(ws, lambda m: m["type"] == "error")["reason"]


def test_between_two_people_the_mover_may_ask_and_the_other_is_told_why_not(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "human"}, {"kind": "human"}], options={"first": "1"})
    table, tokens = created["table"]["id"], created["tokens"]
    with seated(client, table, tokens["0"]) as first, seated(client, table, tokens["1"]) as second:
        state = until_my_turn(first)
        assert state["undo_seat"] is None and state["undo_refusal"] in ("nothing", "other", "chance")
        act(first, state["legal"][0], state["move"])
        mine = until(first, lambda m: m["move"] == state["move"] + 1)
        theirs = until(second, lambda m: m["move"] == state["move"] + 1)
        assert (mine["undo_seat"], mine["undo_refusal"]) == (0, None)
        assert (theirs["undo_seat"], theirs["undo_refusal"]) == (None, "other")
        undo(first, mine["move"])
        asked = until(first, lambda m: m["undo"] is not None)
        assert (asked["undo_seat"], asked["undo_refusal"]) == (None, "pending")  # one request at a time
        second.send_text(json.dumps({"type": "agree_undo"}))
        back = until(second, lambda m: m["move"] == state["move"] + 2)
        assert back["legal"] == [] and back["undo"] is None
        assert until(first, lambda m: m["move"] == state["move"] + 2)["legal"] == state["legal"]


def test_chance_revealed_since_refuses_undo(client: TestClient) -> None:
    created = create(client, "cribbage", [{"kind": "human"}, {"kind": "human"}])
    table, tokens = created["table"]["id"], created["tokens"]
    with seated(client, table, tokens["0"]) as first, seated(client, table, tokens["1"]):
        state = until(first, lambda m: m["status"] == "playing" and m["move"] > 0)
        assert state["log"][-1]["seat"] == -1  # the cut for the deal, drawn by the server
        assert (state["undo_seat"], state["undo_refusal"]) == (None, "chance")


def test_a_hot_seat_takes_back_its_own_move_without_asking_itself(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "local"}, {"kind": "local"}], options={"first": "0"})
    table, tokens = created["table"]["id"], created["tokens"]
    with seated(client, table, tokens["0"], tokens["1"]) as ws:
        after = until_my_turn(ws)
        for _ in range(20):  # the set-up's placements first: until the screen turns to the other seat
            state, mover = after, after["seat"]
            act(ws, state["legal"][0], state["move"], seat=mover)
            after = until(ws, lambda m, n=state["move"] + 1: m["move"] == n)
            assert (after["undo_seat"], after["undo_refusal"]) == (mover, None)  # whoever is shown
            if after["seat"] != mover:
                break
        assert after["seat"] != mover
        undo(ws, after["move"], seat=after["undo_seat"])
        back = until(ws, lambda m: m["move"] == state["move"] + 2)
        assert back["undo"] is None and back["seat"] == mover and back["legal"] == state["legal"]


def test_a_scorekeeper_corrects_a_wrong_outcome_at_once_on_one_screen(client: TestClient) -> None:
    """K20: the people at the field tapped "out 6" but the cube showed 2: they take it back and enter it."""
    created = create(client, "kubik", [{"kind": "local"}, {"kind": "local"}], options={"throws": "manual"})
    table, tokens = created["table"]["id"], created["tokens"]
    with seated(client, table, tokens["0"], tokens["1"]) as ws:
        lot = until_my_turn(ws)
        act(ws, "first B", lot["move"])
        thrower = until(ws, lambda m: m["move"] == 1)
        act(ws, thrower["legal"][0], 1)
        asking = until(ws, lambda m: m["move"] == 2)
        assert asking["to_move"] == -1 and "out 6" in asking["legal"]
        act(ws, "out 6", 2)
        wrong = until(ws, lambda m: m["move"] == 3)
        assert wrong["undo_seat"] is not None and wrong["undo_refusal"] is None
        undo(ws, 3, seat=wrong["undo_seat"])
        again = until(ws, lambda m: m["move"] == 4)
        assert again["to_move"] == -1 and again["legal"] == asking["legal"] and again["view"] == asking["view"]
        act(ws, "out 2", 4)
        right = until(ws, lambda m: m["move"] == 5)
        points = [e for e in right["log"][-1]["events"] if e.get("points")]
        assert [(e["team"], e["points"]) for e in points] == [("B", 2)]
        assert [line["action"] for line in right["log"]][-2:] == [thrower["legal"][0], "out 2"]


def test_a_scorekeeper_correction_needs_the_other_persons_consent(client: TestClient) -> None:
    created = create(client, "kubik", [{"kind": "human"}, {"kind": "human"}], options={"throws": "manual"})
    table, tokens = created["table"]["id"], created["tokens"]
    with seated(client, table, tokens["0"]) as first, seated(client, table, tokens["1"]) as second:
        lot = until_my_turn(first)
        act(first, "first A", lot["move"])
        throwing = until(first, lambda m: m["move"] == 1)
        thrower = first if throwing["legal"] else second
        act(thrower, "throw", 1)
        until(second, lambda m: m["move"] == 2 and bool(m["legal"]))
        act(second, "miss", 2)  # entered by seat 1
        entered = until(first, lambda m: m["move"] == 3)
        # any person may ask to correct the people's entry, and the other must agree
        assert (entered["undo_seat"], entered["undo_refusal"]) == (0, None)
        undo(first, 3)
        asked = until(second, lambda m: m["undo"] is not None)
        assert asked["undo"]["seat"] == 0 and asked["undo"]["waiting"] == [1]
        second.send_text(json.dumps({"type": "agree_undo"}))
        back = until(first, lambda m: m["move"] == 4)
        assert back["to_move"] == -1 and "miss" in back["legal"] and back["log"][-1]["action"] == "throw"
