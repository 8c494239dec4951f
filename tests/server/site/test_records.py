"""The open record of play through the server (issue 46 item 5): a player's finished games streamed as game records
(NDJSON), filtered by game, dates and rated; never a game being played; a hard cap and a cursor to go on; a limit
per client; a deleted account's seat shown as the profiles show it — on SQLite and PostgreSQL.

One server a database for the module (its start and the games cost seconds): Ann plays a rated Cubulus game against
the bot ``easy``, a casual one, and a rated Cribbage game against Bob, each ended by a resignation, and has a game
still being played and a table still waiting; then Bob deletes his account.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

import tabletop
from tabletop.core import Record
from tabletop.server import create_app
from tabletop.server.app import PRICED_READS
from tabletop.server.site.records import feature
from tests.server.live import fresh_database, from_address, settings_for_tests
from tests.server.site.accounts import PASSWORD, new_account

STREAMS = 40
"""The module's server's ``game_streams_per_minute``: what a test asks of one address fits in it."""


@dataclass
class Played:
    """The module's server and what was played on it: table ids by name."""

    client: TestClient
    tables: dict[str, str]


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def played(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Played]:
    with fresh_database(request.param, tmp_path_factory.mktemp("records")) as url, \
            TestClient(create_app(settings_for_tests(url, game_streams_per_minute=STREAMS))) as client:
        yield Played(client, play(client))


@pytest.fixture
def ann(played: Played) -> TestClient:
    """Someone reading Ann's games, anonymously, from an address of its own (its limit counted apart)."""
    return from_address(played.client, f"10.47.9.{uuid.uuid4().int % 250}")


def play(client: TestClient) -> dict[str, str]:
    """Ann's games, in the order they end (the stream lists the latest first)."""
    ann, ann_csrf = new_account(client, "Ann", "10.47.0.1")
    bob, bob_csrf = new_account(client, "Bob", "10.47.0.2")

    def made(body: dict[str, Any]) -> tuple[str, str]:
        answer = ann.post("/api/tables", json=body, headers=ann_csrf)
        assert answer.status_code == 201, answer.text
        return answer.json()["table"]["id"], answer.json()["tokens"].get("0", "")

    def resign(device: TestClient, csrf: dict[str, str], table: str, token: str) -> None:
        answer = device.post(f"/api/tables/{table}/resign", headers={**csrf, "Authorization": f"Bearer {token}"})
        assert answer.status_code == 200 and answer.json()["status"] == "over", answer.text

    tables: dict[str, str] = {}
    tables["rated"], token = made({"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}],
                                   "rated": True})
    resign(ann, ann_csrf, tables["rated"], token)
    tables["casual"], token = made({"game": "cubulus", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}]})
    resign(ann, ann_csrf, tables["casual"], token)
    tables["against_bob"], _ = made({"game": "cribbage", "seats": [{"kind": "human"}, {"kind": "human", "open": True}],
                                     "rated": True})
    joined = bob.post(f"/api/tables/{tables['against_bob']}/join", json={}, headers=bob_csrf)
    assert joined.status_code == 200, joined.text
    resign(bob, bob_csrf, tables["against_bob"], joined.json()["token"])
    tables["playing"], _ = made({"game": "cribbage", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}]})
    tables["waiting"], _ = made({"game": "cribbage", "seats": [{"kind": "human"}, {"kind": "human", "open": True}]})
    gone = bob.post("/api/account/delete", json={"password": PASSWORD}, headers=bob_csrf)
    assert gone.status_code == 200, gone.text
    return tables


def stream(device: TestClient, username: str = "ann", **query: Any) -> list[dict[str, Any]]:
    answer = device.get(f"/api/players/{username}/games", params={"format": "ndjson", **query})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/x-ndjson"
    assert answer.text == "" or answer.text.endswith("\n")
    return [json.loads(line) for line in answer.text.splitlines()]


def test_a_players_finished_games_stream_as_their_records_and_no_game_being_played(played: Played,
                                                                                    ann: TestClient) -> None:
    tables = played.tables
    lines = stream(ann)
    assert [line["table"] for line in lines] == [tables["against_bob"], tables["casual"], tables["rated"]]
    for line in lines:  # the very record /api/tables/{id}/record gives, and one tabletop replay reads
        assert line["record"] == ann.get(f"/api/tables/{line['table']}/record").json()
        assert tabletop.replay(Record.from_data(line["record"])) is not None
        assert line["status"] == "over" and line["seats"] == [0]
        assert datetime.fromisoformat(line["finished_at"]) > datetime.now(UTC) - timedelta(minutes=10)
    bob_game, casual, rated = lines
    assert (rated["game"], rated["rated"], rated["players"], rated["bots"]) == ("cubulus", "cubulus-2", ["Ann", "easy"],
                                                                              [None, "easy"])
    assert (casual["rated"], casual["players"], casual["bots"]) == (None, ["Ann", None], [None, "easy"])
    assert rated["record"]["ending"] == casual["record"]["ending"] == "resigned 0"
    # Bob deleted his account: his seat is nobody's, named as everywhere else; he has no games to list
    assert (bob_game["game"], bob_game["rated"], bob_game["players"]) == ("cribbage", "cribbage-2", ["Ann", None])
    assert bob_game["record"]["meta"]["players"] == ["Ann", "deleted player"]
    assert bob_game["record"]["meta"]["result"]["winner"] == 0
    missing = ann.get("/api/players/bob/games")
    assert (missing.status_code, missing.json()["code"]) == (404, "no_player")
    # the bot level's account has its games too; the profile is still the accounts' route
    assert [line["table"] for line in stream(ann, "easy")] == [tables["rated"]]
    assert ann.get("/api/players/Ann").json()["username"] == "Ann"


def test_filters_by_game_dates_and_rated(played: Played, ann: TestClient) -> None:
    tables = played.tables
    today = datetime.now(UTC).date()

    def listed(**query: Any) -> list[str]:
        return [line["table"] for line in stream(ann, **query)]

    assert listed(game="cubulus") == [tables["casual"], tables["rated"]]
    assert listed(rated="true") == [tables["against_bob"], tables["rated"]]
    assert listed(rated="false") == [tables["casual"]]
    assert listed(game="cribbage", rated="false") == []
    assert listed(since=str(today), until=str(today)) == listed() != []
    assert listed(since=str(today + timedelta(days=1))) == listed(until=str(today - timedelta(days=1))) == []
    assert listed(until="9999-12-31") == listed() and listed(since="0001-01-01", until="0001-01-01") == []
    assert listed(since="9999-12-31") == []
    unknown = ann.get("/api/players/ann/games", params={"game": "chess"})
    assert (unknown.status_code, unknown.json()["code"]) == (422, "unknown_game")
    for bad in ({"since": "yesterday"}, {"format": "json"}, {"rated": "maybe"}):
        refused = ann.get("/api/players/ann/games", params=bad)
        assert (refused.status_code, refused.json()["code"]) == (422, "malformed"), bad


def test_a_stream_stops_at_its_cap_and_goes_on_from_a_lines_cursor(played: Played, ann: TestClient,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    everything = [line["table"] for line in stream(ann)]
    walked, cursor = [], None
    while True:  # one game a request, each after the cursor of the last line
        page = stream(ann, limit=1, **({"before": cursor} if cursor else {}))
        if not page:
            break
        assert len(page) == 1
        walked.append(page[0]["table"])
        cursor = page[0]["cursor"]
    assert walked == everything
    monkeypatch.setattr(feature, "PAGE", 2)  # read from the database two at a time
    assert [line["table"] for line in stream(ann)] == everything
    monkeypatch.setattr(feature, "CAP", 2)  # however many are asked for
    assert [line["table"] for line in stream(ann, limit=1000)] == everything[:2]
    too_many = ann.get("/api/players/ann/games", params={"limit": 1001})
    assert (too_many.status_code, too_many.json()["code"]) == (422, "malformed")
    made_up = ann.get("/api/players/ann/games", params={"before": "bm90LWEtY3Vyc29y"})
    assert (made_up.status_code, made_up.json()["code"]) == (422, "bad_cursor")


def test_streams_are_limited_per_client_with_retry_after(played: Played) -> None:
    device = from_address(played.client, "10.47.1.1")
    codes = [device.get("/api/players/nobody/games").json()["code"] for _ in range(STREAMS)]
    assert codes == ["no_player"] * STREAMS  # (counted before the player is looked up: guessing names costs too)
    refused = device.get("/api/players/ann/games")
    assert (refused.status_code, refused.json()["code"]) == (429, "too_many_game_streams")
    assert refused.json()["params"]["limit"] == STREAMS and int(refused.headers["Retry-After"]) >= 1
    assert from_address(played.client, "10.47.1.2").get("/api/players/ann/games").status_code == 200
    assert PRICED_READS.match("/api/players/ann/games")  # an expensive request too (expensive_per_second)
