"""The state message's ``previews``: what each of the mover's legal moves would do, for a game with the preview
capability (Cubulus), so the browser draws a move before it is made without a copy of the rules.

Only the connection whose seat is to move gets them (for its legal actions, a pass left out: it moves no
ball); the other seat and spectators get null, as does every message of a game without the capability.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tabletop.server import create_app
from tabletop.server.messages import Update
from tests.server.live import create, seated, settings_for_tests, until, until_my_turn


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(sqlite_url))) as test_client:
        yield test_client


def test_the_seat_to_move_gets_a_preview_of_each_legal_move_and_nobody_else_does(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "human"}, {"kind": "human"}], creator_seat=None,
                     options={"first": 0})
    table = created["table"]["id"]
    tokens = created["tokens"]
    with seated(client, table, tokens["0"]) as first, seated(client, table, tokens["1"]) as second, \
            seated(client, table) as watcher:
        placing = until_my_turn(second)  # U13: the player who does not start places the neutral balls
        Update.model_validate(placing)
        assert placing["previews"] is not None
        assert set(placing["previews"]) == {a for a in placing["legal"] if a != "pass"}
        assert placing["previews"]["place 111"] == {"moves": [[None, "111", "2"]]}
        waiting = until(first, lambda m: m["type"] == "state" and m["move"] == placing["move"])
        assert waiting["legal"] == [] and waiting["previews"] is None
        watching = until(watcher, lambda m: m["type"] == "state" and m["move"] == placing["move"])
        assert watching["previews"] is None
        second.send_json({"type": "act", "move": placing["move"], "action": "place 111"})
        after = until(watcher, lambda m: m["type"] == "state" and m["move"] == placing["move"] + 1)
        assert after["view"]["last"]["moves"] == [[None, "111", "2"]]  # the move just made, for its animation


def test_a_game_without_the_capability_sends_no_previews(client: TestClient) -> None:
    created = create(client, "beetle", [{"kind": "human"}, {"kind": "bot"}])
    with seated(client, created["table"]["id"], created["tokens"]["0"]) as ws:
        mine = until_my_turn(ws)
        assert mine["legal"] and mine["previews"] is None
