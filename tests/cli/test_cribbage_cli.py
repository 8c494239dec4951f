"""`tabletop cribbage …`: score, distribution, discard and tables, including every error path."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletop.cli.app import app
from tabletop.games.cribbage import crib_tables

runner = CliRunner()


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["cribbage", *args])
    return result.exit_code, result.stdout, result.stderr


def test_score_itemises_the_29_hand() -> None:
    code, out, _ = invoke("score", "5H", "5C", "5S", "JD", "--starter", "5D")
    assert code == 0
    assert ": 29" in out and "nobs" in out and "fifteen" in out and "pair" in out
    assert "Fifteen two, fifteen four," in out
    assert "and one for his nob is twenty-nine." in " ".join(out.split())


def test_score_imports_no_numpy() -> None:
    """Scoring a hand is the command people run most; NumPy's import alone was twice the CLI's start-up
    (the kernel's compiling module imports it only where machine code is made)."""
    script = ("import runpy, sys; sys.argv = ['tabletop', 'cribbage', 'score', '5H', '5C', '5S', 'JD', '--starter', "
              "'5D'];\ntry: runpy.run_module('tabletop', run_name='__main__')\nexcept SystemExit: pass\n"
              "print('numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert "twenty-nine" in " ".join(out.split()) and out.split()[-1] == "False"


def test_score_json() -> None:
    code, out, _ = invoke("score", "5h", "5c", "5s", "jd", "--starter", "5♦", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["total"] == 29 and data["starter"] == "5D" and data["hand"] == ["5H", "5C", "5S", "JD"]
    kinds = [combo["kind"] for combo in data["combinations"]]
    assert kinds.count("fifteen") == 8 and kinds.count("pair") == 6 and kinds.count("nobs") == 1
    assert {"kind": "nobs", "cards": ["JD"], "points": 1} in data["combinations"]
    assert data["spoken"].startswith("fifteen two, fifteen four")


def test_c13_score_crib_drops_the_four_card_flush() -> None:
    hand = ["2H", "4H", "10H", "QH", "--starter", "KS", "--json"]
    code, out, _ = invoke("score", *hand)
    assert code == 0 and json.loads(out)["total"] == 4
    code, out, _ = invoke("score", *hand, "--crib")
    assert code == 0 and json.loads(out)["total"] == 0 and json.loads(out)["crib"] is True
    code, out, _ = invoke("score", *hand[:-1], "--crib")
    assert code == 0 and "Crib" in out and "Nineteen" in out  # nothing scores: "nineteen"


@pytest.mark.parametrize(("args", "message"), [
    (["5H", "5C", "5S", "XX", "--starter", "5D"], "'XX' is not a card"),
    (["5H", "5C", "5S", "5H", "--starter", "5D"], "5H appears twice"),
    (["5H", "5C", "5S", "JD", "--starter", "5H"], "5H is in the hand and is also the starter"),
    (["5H", "5C", "5S", "--starter", "5D"], "3 cards given: a hand or crib in the show has 4"),
    (["5H", "5C", "5S", "JD", "4C", "--starter", "5D"], "5 cards given"),
    (["5H", "5C", "5S", "JD"], "--starter is missing"),
    (["5H", "5C", "5S", "JD", "--starter", "1D"], "'1D' is not a card"),
])
def test_score_errors_are_one_clear_line(args: list[str], message: str) -> None:
    code, out, err = invoke("score", *args)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and message in err and err.count("\n") == 1


def test_distribution_json_and_table() -> None:
    code, out, _ = invoke("distribution", "--json")
    assert code == 0
    counts = json.loads(out)
    assert list(counts) == [str(points) for points in range(30)]
    assert counts["0"] == 1_009_008 and counts["29"] == 4 and counts["19"] == 0
    assert sum(counts.values()) == 12_994_800
    code, out, _ = invoke("distribution", "--crib", "--json")
    assert code == 0 and json.loads(out)["0"] == 1_022_208
    code, out, _ = invoke("distribution")
    assert code == 0 and "1,009,008" in out and "7.7647%" in out and "4.7692" in out


def test_discard_lists_every_throw_best_first() -> None:
    code, out, _ = invoke("discard", "5H", "5C", "5S", "JD", "4C", "6D", "--pone", "--json")
    assert code == 0
    options = json.loads(out)
    assert len(options) == 15
    assert options[0]["discard"] == ["4C", "6D"] and options[0]["keep"] == ["5H", "5C", "5S", "JD"]
    assert options[0]["hand_max"] == 29
    nets = [option["net"] for option in options]
    assert nets == sorted(nets, reverse=True)
    assert all(option["net"] == pytest.approx(option["hand"] - option["crib"]) for option in options)
    code, out, _ = invoke("discard", "5H", "5C", "5S", "JD", "4C", "6D", "--dealer", "--json")
    assert code == 0
    assert all(option["net"] == pytest.approx(option["hand"] + option["crib"]) for option in json.loads(out))


def test_discard_table_five_cards_and_exact_crib() -> None:
    code, out, _ = invoke("discard", "5H", "5C", "5S", "JD", "4C", "6D", "--dealer")
    assert code == 0 and "net = hand + crib" in out and "46 unseen starters" in out and "classic tables" in out
    code, out, _ = invoke("discard", "5H", "5C", "5S", "JD", "4C", "--pone", "--json")
    assert code == 0 and len(json.loads(out)) == 5 and json.loads(out)[0]["discard"] == ["4C"]
    code, out, _ = invoke("discard", "5H", "5C", "5S", "JD", "4C", "6D", "--dealer", "--exact-crib")
    assert code == 0 and "exact, with your kept cards out of the pack" in " ".join(out.split())


@pytest.mark.parametrize(("args", "message"), [
    (["5H", "5C", "5S", "JD", "4C", "6D"], "--dealer (yours) or --pone"),
    (["5H", "5C", "5S", "JD", "--dealer"], "4 cards: a discard analysis takes 6"),
    (["5H", "5C", "5S", "JD", "4C", "6D", "7D", "--dealer"], "7 cards"),
    (["5H", "5C", "5S", "JD", "4C", "5c", "--pone"], "5C appears twice"),
    (["5H", "5C", "5S", "JD", "4C", "6X", "--pone"], "'6X' is not a card"),
])
def test_discard_errors_are_one_clear_line(args: list[str], message: str) -> None:
    code, out, err = invoke("discard", *args)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and message in err and err.count("\n") == 1


def test_tables_rebuilds_the_shipped_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    output = tmp_path / "out" / "tables.json"
    code, out, _ = invoke("tables", "--output", str(output))
    assert code == 0 and "169 two-card and 13 one-card" in out
    assert output.read_text(encoding="utf-8") == crib_tables.TABLES_FILE.read_text(encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))  # by default: the user data folder, never the package
    code, out, _ = invoke("tables")
    mine = tmp_path / "share" / "tabletop" / "cribbage" / "crib_expectations.json"
    assert code == 0 and mine.read_text(encoding="utf-8") == output.read_text(encoding="utf-8")


def test_tables_cannot_write_a_directory(tmp_path: Path) -> None:
    code, out, err = invoke("tables", "--output", str(tmp_path))
    assert code == 2 and out == "" and err.startswith(f"error: cannot write {tmp_path}")
