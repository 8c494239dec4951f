"""#41 item 5: a safety cap for simulations is off for people. A Kubik table with a person seated has no
throw limit unless its creator sets one (the spec's ``people_options``); a table of bots alone keeps the
simulation's cap; terminal play with a human seat has none either."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tabletop.cli.app import app as cli
from tabletop.server import create_app
from tests.compat.make_fixtures import settings

BOT = {"kind": "bot", "bot": "easy"}


def test_k11_a_kubik_table_people_play_has_no_throw_limit(tmp_path: Path) -> None:
    with TestClient(create_app(settings(f"sqlite:///{tmp_path / 't.db'}"))) as client:
        def options(seats: list[dict[str, str]], **given: object) -> dict[str, object]:
            made = client.post("/api/tables", json={"game": "kubik", "options": {"throws": "calibrated", **given},
                                                    "seats": seats})
            assert made.status_code == 201, made.text
            info: dict[str, object] = client.get(f"/api/tables/{made.json()['table']['id']}").json()["options"]
            return info

        assert options([{"kind": "human", "name": "Ann"}, BOT])["max_throws"] == 0
        assert options([{"kind": "local", "name": "Ann"}, {"kind": "local", "name": "Bob"}])["max_throws"] == 0
        assert options([{"kind": "human", "name": "Ann"}, BOT], max_throws=80)["max_throws"] == 80  # chosen
        assert options([BOT, BOT])["max_throws"] == 200  # bots alone: the simulation's cap


def test_k11_terminal_play_with_a_human_seat_has_no_throw_limit(tmp_path: Path) -> None:
    for seats, cap in (("human,bot", 0), ("bot,bot", 200)):
        record = tmp_path / f"{seats}.json"
        played = CliRunner().invoke(cli, ["play", "kubik", "-o", "throws=calibrated", "--seats", seats, "--seed", "1",
                                          "--delay", "0", "--record", str(record)], input="q\n")
        assert record.is_file(), played.output  # a game quit or played to its end saves its record
        assert json.loads(record.read_text())["options"]["max_throws"] == cap, seats


def test_k11_the_create_form_offers_what_people_play_with(tmp_path: Path) -> None:
    """The lobby's create form is for people: Kubik's throw limit is offered as 0 (none), not the
    simulation's cap."""
    with TestClient(create_app(settings(f"sqlite:///{tmp_path / 't.db'}"))) as client:
        kubik = next(game for game in client.get("/api/games").json() if game["name"] == "kubik")
        assert {o["name"]: o["default"] for o in kubik["options"]}["max_throws"] == 0
