"""The command line's conventions (issue 18): user data in the platform's user data folder (never the
current directory or the installed package), one name for worker processes, JSON wherever data is
printed, messages that name what the user typed, and rules that point into the app's own pages."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tabletop
from tabletop.cli.app import app
from tabletop.server.rules import rules_page

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
PACKAGE = Path(tabletop.__file__).parent


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user data folder of the test's own (platformdirs reads XDG_DATA_HOME on Linux)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    return tmp_path / "share" / "tabletop"


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def test_serve_keeps_its_database_in_the_user_data_folder(data_home: Path) -> None:
    from tabletop.cli.paths import default_db

    assert default_db() == f"sqlite:///{data_home / 'tabletop.db'}"
    assert data_home.is_dir()
    _, out, _ = invoke("serve", "--help")
    assert "user data folder" in out and "sqlite:///tabletop.db" not in out


def test_rebuilt_crib_tables_go_to_the_user_data_folder_not_the_package(data_home: Path) -> None:
    shipped = PACKAGE / "games" / "cribbage" / "data" / "crib_expectations.json"
    before = hashlib.sha256(shipped.read_bytes()).hexdigest()
    code, out, err = invoke("cribbage", "tables", "--json")
    assert code == 0, err
    written = Path(json.loads(out)["output"])
    assert written == data_home / "cribbage" / "crib_expectations.json" and written.is_file()
    assert json.loads(written.read_text()) == json.loads(shipped.read_text())  # the same tables, rebuilt
    assert hashlib.sha256(shipped.read_bytes()).hexdigest() == before


def test_kubik_calibrate_writes_the_user_data_folder_and_takes_workers(data_home: Path) -> None:
    """K20b: a refitted calibration is the user's; the shipped one stays as it was."""
    pytest.importorskip("mujoco")
    shipped = PACKAGE / "games" / "kubik" / "data" / "calibration.json"
    before = hashlib.sha256(shipped.read_bytes()).hexdigest()
    code, out, err = invoke("kubik", "calibrate", "--throws", "50", "--intercepts", "0", "--cube", "small",
                            "--workers", "1", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert Path(report["output"]) == data_home / "kubik" / "calibration.json"
    assert report["runs"]["small"]["throws"] == 50
    assert "small" in json.loads(Path(report["output"]).read_text())["models"]
    assert hashlib.sha256(shipped.read_bytes()).hexdigest() == before


def test_one_worker_option_name_and_the_old_one_hidden(data_home: Path) -> None:
    _, out, _ = invoke("kubik", "calibrate", "--help")
    assert "--workers" in out and "--jobs" not in out
    code, _, err = invoke("kubik", "calibrate", "--jobs", "0")
    assert code == 2 and "--jobs is now --workers" in err and "--workers at least 1" in err
    for command in ("simulate", "tournament"):
        _, out, _ = invoke(command, "--help")
        assert "--workers" in out and "--jobs" not in out


def test_simulate_and_tournament_say_what_games_counts() -> None:
    _, out, _ = invoke("simulate", "--help")
    assert re.search(r"--games\s+\S+\s+games to play\s+\[default: 1000\]", out) and "per table" not in out
    _, out, _ = invoke("tournament", "--help")
    assert "games per table of the round robin" in out


@pytest.mark.parametrize(("game", "seats", "message"), [
    ("cribbage", "human", "cribbage needs 2–4 seats; --seats gave 1 (human)"),
    ("cubulus", "bot,bot,bot,bot", "cubulus needs 2–3 seats; --seats gave 4 (bot, bot, bot, bot)"),
])
def test_a_seat_count_the_game_cannot_seat_is_named(game: str, seats: str, message: str) -> None:
    code, _, err = invoke("play", game, "--seats", seats)
    assert code == 2
    assert err.strip() == f"error: {message}"


def test_games_points_to_rules_pages_the_package_has() -> None:
    code, out, _ = invoke("games")
    assert code == 0
    pages = re.findall(r"/rules/en/(\w+)\.html", out)
    assert sorted(pages) == sorted(tabletop.REGISTRY)
    for game in pages:
        for lang in ("en", "ru", "ro"):
            assert rules_page(tabletop.REGISTRY[game], lang) is not None, (game, lang)
    assert "shared/" not in out


def test_the_readme_points_into_the_repository_and_lists_every_extra() -> None:
    from tabletop.core.extras import EXTRAS, LEARNING_EXTRAS

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "shared/" not in readme
    assert "## Install with pip" in readme
    for extra in (*EXTRAS, *LEARNING_EXTRAS, "all", "dev"):
        assert f"`{extra}`" in readme, extra
    for link in re.findall(r"\]\((?!https?:)([^)#]+)", readme):  # every relative link exists
        assert (ROOT / link).exists(), link
