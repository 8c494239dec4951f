"""The `tabletop` command: games, play, replay and beetle odds, including every error path."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from tabletop.cli.app import app

runner = CliRunner()


def invoke(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def test_games_lists_every_option() -> None:
    code, out, _ = invoke("games")
    assert code == 0
    for word in ("beetle", "players", "variant", "play_on", "four-legs"):
        assert word in out


def test_all_bot_game_runs_by_itself_and_saves_a_record(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out, _ = invoke("play", "beetle", "--seats", "bot,random,first", "--seed", "5", "--record", str(record))
    assert code == 0, out
    assert "wins." in out and "Seat 1" in out
    data = json.loads(record.read_text())
    assert data["game"] == "beetle" and data["options"]["players"] == 3
    code, out, _ = invoke("replay", str(record), "--json")
    assert code == 0
    result = json.loads(out)
    assert result["terminal"] is True and len(result["returns"]) == 3
    assert result["winner"] == data["meta"]["result"]["winner"]
    assert result["actions"] == data["actions"] and result["action_count"] == len(data["actions"])  # #41 item 9


def test_a_person_plays_by_pressing_enter() -> None:
    code, out, _ = invoke("play", "beetle", "--seats", "human,bot", "--seed", "1", input="\n" * 400)
    assert code == 0
    assert "Seat 1, your move [roll: press Enter]" in out
    assert "wins." in out


def test_quitting_keeps_a_partial_record(tmp_path: Path) -> None:
    record = tmp_path / "partial.json"
    code, out, _ = invoke("play", "beetle", "--seats", "human,bot", "--seed", "1", "--record", str(record),
                          input="roll\nq\n")
    assert code == 0 and "Game stopped" in out
    actions = json.loads(record.read_text())["actions"]
    assert actions[:2] == ["roll", actions[1]]
    code, out, _ = invoke("replay", str(record), "--json")
    assert json.loads(out)["terminal"] is False


def test_play_options(tmp_path: Path) -> None:
    parts = tmp_path / "bug.toml"
    parts.write_text('[[parts]]\nname = "body"\nface = 1\ncount = 1\n', encoding="utf-8")
    code, out, _ = invoke("play", "beetle", "-o", f"parts={parts}", "-o", "players=2", "--seats", "bot,bot")
    assert code == 0, out
    code, out, _ = invoke("play", "beetle", "-o", "variant=winged", "-o", "play_on=true", "--seats", "bot,bot")
    assert code == 0 and "#2" in out


def test_play_errors_are_one_clear_line() -> None:
    for args, message in [
        (["play", "chess"], "no game called 'chess'"),
        (["play", "beetle", "-o", "variant=huge"], "variant='huge' is not allowed"),
        (["play", "beetle", "-o", "speed"], "must look like name=value"),
        (["play", "beetle", "--seats", "human,wizard"], "no bot called 'wizard'"),
        (["play", "beetle", "-o", "players=2", "--seats", "bot,bot,bot"], "names 3 seats but the game has 2"),
        (["play", "beetle", "-o", "parts=/nonexistent.toml"], "cannot read /nonexistent.toml"),
    ]:
        code, out, err = invoke(*args)
        assert code == 2, args
        assert message in err, (args, err)
        assert "Traceback" not in out + err


def test_replay_errors_exit_nonzero_and_print_no_result(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "beetle", "options": {"players": 2}, "actions": ["roll", "3", "2"]}))
    code, out, err = invoke("replay", str(bad), "--json")
    assert code == 1 and out == ""
    assert "action 2 `2`" in err
    code, out, err = invoke("replay", str(tmp_path / "missing.json"))
    assert code == 1 and out == "" and "cannot read" in err
    bad.write_text("{")
    code, out, err = invoke("replay", str(bad))
    assert code == 1 and out == "" and "not valid JSON" in err


def test_beetle_odds_json_is_exact_and_complete() -> None:
    code, out, _ = invoke("beetle", "odds", "--players", "2", "--json")
    assert code == 0
    figures = json.loads(out)
    assert abs(sum(figures["win_probability"]) - 1) < 1e-12
    assert figures["win_probability"][0] > figures["win_probability"][1]
    assert figures["expected_rolls_exact"] == "176184353/3981312"
    assert figures["rolls"]["median"] == 42 and figures["rolls"]["p5"] <= figures["rolls"]["p95"]


def test_beetle_odds_table_and_errors(tmp_path: Path) -> None:
    code, out, _ = invoke("beetle", "odds", "--players", "3", "--variant", "winged", "--play-on")
    assert code == 0 and "place 3" in out and "15 parts" in out
    code, _, err = invoke("beetle", "odds", "--players", "9")
    assert code == 2 and "1–8 players" in err
    code, _, err = invoke("beetle", "odds", "--variant", "huge")
    assert code == 2 and "choose one of" in err
    broken = tmp_path / "loop.json"
    broken.write_text(json.dumps({"parts": [{"name": "a", "face": 1, "count": 1, "requires": ["a"]}]}))
    code, _, err = invoke("beetle", "odds", "--parts", str(broken))
    assert code == 2 and "cycle" in err


def test_the_installed_script_runs() -> None:
    script = Path(sys.executable).with_name("tabletop")
    done = subprocess.run([str(script), "beetle", "odds", "--json"], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout)["players"] == 2


def test_the_command_loads_only_what_a_command_needs() -> None:
    """``tabletop --help`` (and so every command before it runs) imports typer and rich, not the games,
    NumPy, SciPy, the database or the server: those load inside the commands that use them."""
    heavy = ("tabletop.games.beetle", "tabletop.games.cribbage", "tabletop.games.cubulus", "tabletop.games.kubik",
             "numpy", "scipy", "sqlalchemy", "alembic", "fastapi", "mujoco", "tabletop.sim", "tabletop.server")
    code = ("import sys, tabletop.cli.app; "
            f"print(sorted(m for m in {heavy!r} if m in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]", loaded
    code = ("import sys, tabletop.games.cribbage.scoring; "
            "print(sorted(m for m in ('tabletop.games.beetle', 'tabletop.games.kubik', 'scipy') if m in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]", "one game's module loads that game alone: " + loaded


def test_the_beetle_presets_named_in_help_are_the_games() -> None:
    from tabletop.cli.beetle import PRESET_NAMES
    from tabletop.games.beetle import PRESETS

    assert tuple(PRESETS) == PRESET_NAMES


def test_version_json_listing_and_completion() -> None:
    import tabletop

    version = runner.invoke(app, ["--version"])
    assert version.exit_code == 0 and version.output.strip() == f"tabletop {tabletop.__version__}"
    listed = runner.invoke(app, ["games", "--json"])
    assert listed.exit_code == 0
    games = json.loads(listed.output)
    assert [g["name"] for g in games] == list(tabletop.REGISTRY)
    cribbage = next(g for g in games if g["name"] == "cribbage")
    assert cribbage["players"] == [2, 4] and {o["name"] for o in cribbage["options"]} >= {"players", "target", "games"}
    helped = runner.invoke(app, ["--help"], env={"COLUMNS": "200"})
    assert "--install-completion" in helped.output and "--version" in helped.output


def test_the_package_says_it_is_typed() -> None:
    import tabletop

    assert (Path(tabletop.__file__).parent / "py.typed").exists()
