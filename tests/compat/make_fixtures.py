"""Make the compatibility fixtures: a server database with open, live, finished, resigned and
abandoned tables of every game, and the game records of the finished ones, as a release made them.

Run once per release whose data must stay loadable (``python -m tests.compat.make_fixtures DIR``);
the files are committed under ``tests/compat/<release>/`` and ``test_fixtures.py`` loads every set
after each change, so a rule or option change that would strand stored tables or saved records
fails the suite instead of a user's server.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tabletop.server import ServerSettings, create_app
from tabletop.server.limits import Limits

BOT = {"kind": "bot", "bot": "easy"}
HUMAN = {"kind": "human", "name": "Ann"}

FINISHED: dict[str, tuple[str, dict[str, Any], int]] = {
    "beetle-classic": ("beetle", {"players": 3}, 3),
    "beetle-play-on": ("beetle", {"players": 2, "play_on": True}, 2),
    "cribbage-match": ("cribbage", {"players": 2, "target": 61, "games": 3, "muggins": True, "skunk": True}, 2),
    "cribbage-three": ("cribbage", {"players": 3, "target": 61}, 3),
    "cubulus-two": ("cubulus", {"players": 2}, 2),
    "cubulus-three": ("cubulus", {"players": 3, "neutral_cells": "exterior"}, 3),
    "kubik-physics": ("kubik", {"players": 2, "target": 6, "interception": True}, 2),
    "kubik-calibrated": ("kubik", {"players": 4, "throws": "calibrated", "target": 10}, 4),
}
"""Tables bots play to the end: (game, options, seats)."""

LIVE: dict[str, tuple[str, dict[str, Any], int]] = {
    "beetle-live": ("beetle", {"players": 2}, 2),
    "cribbage-live": ("cribbage", {"players": 4}, 4),
    "cubulus-live": ("cubulus", {"players": 3}, 3),
    "kubik-scorekeeper-live": ("kubik", {"players": 2, "throws": "manual", "target": 12}, 2),
    "kubik-physics-live": ("kubik", {"players": 2, "interception": True}, 2),
}
"""Tables where Ann (seat 0) is to move among bots."""


def settings(db: str) -> ServerSettings:
    fast = {"heavy_workers": 0, "bot_table_move_seconds": 0, "requests_per_second": 10_000,
            "expensive_per_second": 10_000, "creations_per_minute": 10_000, "open_tables_per_client": 10_000,
            "refusal_delay_seconds": 0}
    return ServerSettings(db=db, bot_workers=0, limits=Limits(**fast), allow_hosts=("testserver",))


def create(client: TestClient, game: str, options: dict[str, Any], seats: list[dict[str, Any]]) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": game, "options": options, "seats": seats})
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


def wait(client: TestClient, table: str, done: Any, seconds: float = 600) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        info: dict[str, Any] = client.get(f"/api/tables/{table}").json()
        if done(info):
            return info
        assert time.monotonic() < deadline, f"{table} did not get there: {info['status']}, {info['moves']} moves"
        time.sleep(0.2)


def state(client: TestClient, table: str, token: str) -> dict[str, Any]:
    answer: dict[str, Any] = client.get(f"/api/tables/{table}/state",
                                        headers={"Authorization": f"Bearer {token}"}).json()
    return answer


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "records").mkdir(exist_ok=True)
    db = folder / "tables.sqlite"
    db.unlink(missing_ok=True)
    index: dict[str, Any] = {}
    with TestClient(create_app(settings(f"sqlite:///{db}"))) as client:
        for name, (game, options, seats) in FINISHED.items():
            table = create(client, game, options, [BOT] * seats)["table"]["id"]
            info = wait(client, table, lambda i: i["status"] == "over")
            index[name] = {"table": table, "game": game, "status": "over", "result": info["result"]}
        for name, (game, options, seats) in LIVE.items():
            made = create(client, game, options, [HUMAN] + [BOT] * (seats - 1))
            table, token = made["table"]["id"], made["tokens"]["0"]
            deadline = time.monotonic() + 120
            while not state(client, table, token)["legal"] or state(client, table, token)["move"] < 2:
                seen = state(client, table, token)
                if seen["legal"]:  # Ann plays her first legal action until the table has some history
                    client.post(f"/api/tables/{table}/act", json={"token": token, "action": seen["legal"][0],
                                                                  "move": seen["move"]})
                assert time.monotonic() < deadline, name
                time.sleep(0.1)
            seen = state(client, table, token)
            index[name] = {"table": table, "game": game, "status": "playing", "token": token,
                           "move": seen["move"], "legal": seen["legal"][:5]}
        # a table waiting for a second person, one Ann resigned and one both people abandoned
        made = create(client, "cribbage", {"players": 2}, [HUMAN, {"kind": "human", "name": "Bob"}])
        index["cribbage-open"] = {"table": made["table"]["id"], "game": "cribbage", "status": "open",
                                  "token": made["tokens"]["0"]}
        made = create(client, "cubulus", {"players": 2}, [HUMAN, BOT])
        table, token = made["table"]["id"], made["tokens"]["0"]
        wait(client, table, lambda i: i["status"] == "playing")
        answer = client.post(f"/api/tables/{table}/resign", headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 200, answer.text
        index["cubulus-resigned"] = {"table": table, "game": "cubulus", "status": "over",
                                     "result": client.get(f"/api/tables/{table}").json()["result"]}
        made = create(client, "beetle", {"players": 2}, [HUMAN, BOT])
        table, token = made["table"]["id"], made["tokens"]["0"]
        answer = client.post(f"/api/tables/{table}/abandon", headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 200, answer.text
        index["beetle-abandoned"] = {"table": table, "game": "beetle", "status": "abandoned"}
        for name, entry in index.items():
            if entry["status"] in ("over", "abandoned"):
                record = client.get(f"/api/tables/{entry['table']}/record")
                assert record.status_code == 200, record.text
                (folder / "records" / f"{name}.json").write_text(json.dumps(record.json(), indent=1) + "\n")
    (folder / "tables.json").write_text(json.dumps(index, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
