"""Data an earlier release made still loads (#41 item 10): each committed fixture set — a server
database with open, live, finished, resigned and abandoned tables of every game, and the game
records of the ended ones (``make_fixtures.py``) — is opened by today's code. Every record replays
to the result it was saved with; the server lists the database's tables, serves each ended table's
record as it was, and lets the player of each live table make her next move under the rules it was
played by."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import tabletop
from tabletop.core import Record
from tabletop.core.record import record_result, replay
from tests.compat.make_fixtures import settings
from tests.plugin import shipped

HERE = Path(__file__).parent
RELEASES = sorted(path for path in HERE.iterdir() if (path / "tables.json").is_file())
RECORDS = [path for release in RELEASES for path in sorted((release / "records").glob("*.json"))]


def test_there_is_a_fixture_set_of_every_game() -> None:
    assert RELEASES, "no fixture set: python -m tests.compat.make_fixtures tests/compat/<release>"
    for release in RELEASES:
        tables = json.loads((release / "tables.json").read_text())
        assert {entry["game"] for entry in tables.values()} == set(shipped()), release.name
        assert {entry["status"] for entry in tables.values()} == {"open", "playing", "over", "abandoned"}


@pytest.mark.parametrize("path", RECORDS, ids=lambda path: f"{path.parent.parent.name}/{path.stem}")
def test_a_saved_record_replays_to_the_result_it_was_saved_with(path: Path) -> None:
    record = Record.from_json(path.read_text())
    state = replay(record, tabletop.load)
    saved: dict[str, Any] = record.meta["result"]  # every ended table's record says how it ended
    returns, outcome = record_result(state, record.ending)
    assert list(returns) == saved["returns"]
    assert (outcome.to_data() if outcome is not None else None) == saved["outcome"]
    assert (record.ending.to_data() if record.ending else {"cause": "finished", "seats": []}) == saved["ending"]


@pytest.fixture(params=RELEASES, ids=lambda path: path.name)
def old_server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[TestClient, Path]]:
    """Today's server on a copy of a release's database (migrated on start, as an upgrade would)."""
    release: Path = request.param
    db = tmp_path / "tables.sqlite"
    shutil.copy(release / "tables.sqlite", db)
    with TestClient(create_app_for(db)) as client:
        yield client, release


def create_app_for(db: Path) -> Any:
    from tabletop.server import create_app

    return create_app(settings(f"sqlite:///{db}"))


def test_the_server_serves_every_old_table(old_server: tuple[TestClient, Path]) -> None:
    client, release = old_server
    tables = json.loads((release / "tables.json").read_text())
    listed = {line["id"] for line in client.get("/api/tables", params={"limit": 100}).json()["tables"]}
    for name, entry in tables.items():
        info = client.get(f"/api/tables/{entry['table']}")
        assert info.status_code == 200, (name, info.text)
        assert info.json()["status"] == entry["status"], name
        if entry["status"] == "open":
            assert entry["table"] in listed, name
        if entry["status"] in ("over", "abandoned"):
            served = client.get(f"/api/tables/{entry['table']}/record")
            assert served.status_code == 200, (name, served.text)
            saved = json.loads((release / "records" / f"{name}.json").read_text())
            assert served.json()["actions"] == saved["actions"], name
            assert served.json().get("ending") == saved.get("ending"), name
            assert served.json()["meta"].get("result") == saved["meta"].get("result"), name
            if entry["status"] == "over":
                assert info.json()["result"] == entry["result"], name


def test_a_live_old_table_goes_on_under_its_rules(old_server: tuple[TestClient, Path]) -> None:
    client, release = old_server
    tables = json.loads((release / "tables.json").read_text())
    for name, entry in tables.items():
        if entry["status"] != "playing":
            continue
        headers = {"Authorization": f"Bearer {entry['token']}"}
        state = client.get(f"/api/tables/{entry['table']}/state", headers=headers).json()
        assert state["move"] == entry["move"] and state["legal"][:5] == entry["legal"], name
        moved = client.post(f"/api/tables/{entry['table']}/act",
                            json={"token": entry["token"], "action": state["legal"][0], "move": state["move"]})
        assert moved.status_code == 200, (name, moved.text)
