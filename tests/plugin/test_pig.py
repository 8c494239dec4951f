"""Pig, a game with only the required core, installed from a package of its own, plays everywhere the
four games tabletop ships play: the library, the terminal, tournaments and the server (the browser's
generic controls: tests/web/test_generic_screen.py).

The conformance suite, the error-code and seat-label checks and the server's whole-game tests cover it
too, since they read the registry (tests/plugin/__init__.py installs it for the whole run).
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from fastapi.testclient import TestClient
from typer.testing import CliRunner

import tabletop
from tabletop.cli.app import app
from tabletop.core import Capability
from tabletop.core.registry import ENTRY_POINTS
from tabletop.server.app import create_app
from tests.server.live import settings_for_tests

runner = CliRunner()


def test_pig_joins_the_registry_through_its_entry_point_with_no_capability() -> None:
    pig = tabletop.REGISTRY["pig"]
    assert pig.__module__ == "tabletop_pig" and not pig.__module__.startswith("tabletop.")
    assert pig.spec.capabilities == frozenset()
    assert not any(tabletop.load("pig").provides(capability) for capability in Capability)
    assert list(tabletop.REGISTRY)[:4] == ["beetle", "cribbage", "cubulus", "kubik"]  # the shipped games first


def test_a_broken_game_package_is_left_out_with_a_warning_and_the_others_play(tmp_path: Path) -> None:
    """A package that fails to import, is not a game, is registered under another name than its spec's, takes
    a name already taken, or declares what it lacks: each is named in a warning and left out."""
    (tmp_path / "broken_games.py").write_text(textwrap.dedent('''
        from tabletop_pig import Pig
        from tabletop.core import Capability
        from dataclasses import replace

        class NotAGame:
            pass

        class Beetle(Pig):
            spec = replace(Pig.spec, name="beetle")

        class Boasting(Pig):
            spec = replace(Pig.spec, name="boasting", capabilities=frozenset({Capability.ODDS}))

        raise_on_import = None
    '''), encoding="utf-8")
    (tmp_path / "crashing_game.py").write_text("raise RuntimeError('a bug in its package')\n", encoding="utf-8")
    info = tmp_path / "broken_games-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-games\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINTS}]\n" + "\n".join([
        "crashing = crashing_game:Crashing", "thing = broken_games:NotAGame", "renamed = tabletop_pig:Pig",
        "beetle = broken_games:Beetle", "boasting = broken_games:Boasting"]) + "\n", encoding="utf-8")
    script = ("import warnings, json, tabletop\n"
              "with warnings.catch_warnings(record=True) as said:\n"
              "    warnings.simplefilter('always')\n"
              "    names = list(tabletop.REGISTRY)\n"
              "print(json.dumps({'names': names, 'said': [str(w.message) for w in said],"
              " 'beetle': tabletop.REGISTRY['beetle'].__module__}))\n")
    paths = [str(tmp_path), str(Path(__file__).parent)]
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True,
                         env={"PATH": "/usr/bin:/bin", "PYTHONPATH": ":".join(paths)})
    found = json.loads(ran.stdout)
    assert found["names"] == ["beetle", "cribbage", "cubulus", "kubik", "pig"]
    assert found["beetle"] == "tabletop.games.beetle.game"  # a package cannot replace a shipped game
    said = "\n".join(found["said"])
    for words in ("'crashing' (crashing_game:Crashing) is not loaded: a bug in its package",
                  "'thing' (broken_games:NotAGame) is not loaded: broken_games:NotAGame is not a tabletop.core.Game",
                  "'renamed' (tabletop_pig:Pig) is not loaded: it is registered as 'renamed' but its spec is called "
                  "'pig'",
                  "'beetle' (broken_games:Beetle) is not loaded: the name 'beetle' is taken",
                  "'boasting' (broken_games:Boasting) is not loaded: Boasting (boasting): declares odds without"):
        assert words in said, said


def test_pig_is_played_and_listed_in_the_terminal() -> None:
    listed = runner.invoke(app, ["games"], env={"COLUMNS": "200"})
    assert listed.exit_code == 0 and "Pig" in listed.stdout and "/rules/en/pig.html" in listed.stdout
    played = runner.invoke(app, ["play", "pig", "--seats", "random,mcts", "--seed", "3", "--delay", "0",
                                 "-o", "target=15"])
    assert played.exit_code == 0, played.stdout
    assert "wins." in played.stdout and "banked: seat=" in played.stdout
    assert "scores: [" in played.stdout  # the generic drawing: the view, one field a line (no repr)
    # a person at the terminal: a word that is not an action is refused and asked again, nothing lost
    person = runner.invoke(app, ["play", "pig", "--seats", "human,random", "--seed", "1", "--delay", "0"],
                           input="roll\nfly\nhold\n" + "roll\n" * 400)
    assert "'fly' is not an action; expected roll, hold, or a face 1–6" in person.stdout
    assert "banked: seat=0, points=2, score=2" in person.stdout


def test_pig_plays_a_tournament_in_worker_processes() -> None:
    ran = runner.invoke(app, ["tournament", "pig", "--agents", "random,mcts", "--games", "4", "--workers", "2",
                              "-o", "target=15", "--json"])
    assert ran.exit_code == 0, ran.stdout
    results = json.loads(ran.stdout)
    assert results["games"] == 4 and [row["games"] for row in results["standings"]] == [4, 4]
    assert sum(row["wins"] + row["draws"] for row in results["standings"]) == 4  # (Pig has no draws)


def test_the_server_lists_pig_and_serves_its_rules_from_its_package(sqlite_url: str) -> None:
    with TestClient(create_app(settings_for_tests(sqlite_url))) as client:
        games = {game["name"]: game for game in client.get("/api/games").json()}
        assert games["pig"]["web"] is False and games["pig"]["capabilities"] == []
        for lang, words in (("en", "Pigging out"), ("ru", "Единица"), ("ro", "Sfârșitul")):
            page = client.get(f"/rules/{lang}/pig.html")
            assert page.status_code == 200 and words in page.text and page.headers["content-type"].startswith(
                "text/html")
        assert client.get("/rules/en/cribbage.html").status_code == 200
        for path, params in (("/rules/de/pig.html", {"lang": "de", "game": "pig"}),
                             ("/rules/en/chess.html", {"lang": "en", "game": "chess"}),
                             ("/rules/en/pig.txt", {"lang": "en", "game": "pig.txt"})):
            missing = client.get(path)
            assert missing.status_code == 404 and missing.json()["code"] == "no_rules", path
            assert missing.json()["params"] == params
        # what a game without the capability cannot give is refused by name, with no job run for it
        made = client.post("/api/tables", json={"game": "pig", "seats": [{"kind": "bot"}, {"kind": "bot"}]}).json()
        for path, code in (("odds", "no_odds"), ("motion/0", "no_motion")):
            answer = client.get(f"/api/tables/{made['table']['id']}/{path}")
            assert answer.status_code == 404 and answer.json()["code"] == code, answer.json()
