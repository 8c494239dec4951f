"""`tabletop tournament` and `tabletop simulate`: output, files, plots, Ray, and every error path."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tabletop.cli.app import app

runner = CliRunner()


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_tournament_prints_standings_and_saves_json_csv_and_a_plot(tmp_path: Path) -> None:
    code, out, _ = invoke("tournament", "cubulus", "--agents", "random,first", "--games", "4", "--workers", "1",
                          "--plot", str(tmp_path / "t.png"), "--save", str(tmp_path / "t.csv"))
    assert code == 0, out
    assert "random" in out and "first" in out and "W-D-L" in out
    assert (tmp_path / "t.png").read_bytes()[:4] == b"\x89PNG"
    rows = list(csv.DictReader((tmp_path / "t.csv").open(encoding="utf-8")))
    assert {row["agent"] for row in rows} == {"random", "first"}
    code, out, _ = invoke("tournament", "cubulus", "--agents", "random,first", "--games", "4", "--workers", "1",
                          "--save", str(tmp_path / "t.json"), "--json")
    data = json.loads(out)
    assert data == json.loads((tmp_path / "t.json").read_text(encoding="utf-8"))
    assert data["games"] == 4 and sum(line["games"] for line in data["standings"]) == 8


def test_a_duplicate_tournament_reports_margins_per_set() -> None:
    code, out, _ = invoke("tournament", "cribbage", "--agents", "random,first", "--games", "2", "--workers", "1",
                          "--duplicate", "--json", "-o", "target=31")
    assert code == 0, out
    data = json.loads(out)
    assert data["duplicate"] is True and data["games"] == 2
    margin = data["margins"]["random"]["first"]
    assert margin["sets"] == 1 and margin["mean"] == -data["margins"]["first"]["random"]["mean"]


def test_simulate_reports_seats_and_points(tmp_path: Path) -> None:
    code, out, _ = invoke("simulate", "beetle", "-o", "players=3", "--games", "30", "--workers", "1", "--json",
                          "--plot", str(tmp_path / "s.png"))
    assert code == 0
    summary = json.loads(out)
    assert summary["games"] == 30 and len(summary["seats"]) == 3
    assert (tmp_path / "s.png").stat().st_size > 1000
    code, out, _ = invoke("simulate", "cubulus", "--agents", "random,first", "--games", "4", "--workers", "1")
    assert code == 0 and "actions per game" in out


@pytest.mark.parametrize(("args", "message"), [
    (("tournament", "chess", "--agents", "a,b"), "no game"),
    (("tournament", "cubulus", "--agents", "random,genius"), "no bot called 'genius'"),
    (("tournament", "cubulus", "--agents", "random"), "at least two"),
    (("tournament", "cubulus", "--agents", "random,first", "--games", "0"), "at least 1"),
    (("tournament", "cubulus", "--agents", "random,first", "-o", "players=9"), "players"),
    (("tournament", "cubulus", "--agents", "random,first", "--backend", "spark"), "backends: local, ray"),
    (("tournament", "cribbage", "--agents", "random,first", "--games", "3", "--duplicate"), "multiple of 2"),
    (("simulate", "cubulus", "--agents", "random,first,first"), "needs 2 agents"),
    (("simulate", "beetle", "--workers", "0", "--games", "2"), "at least 1"),
])
def test_bad_input_is_one_clear_line(args: tuple[str, ...], message: str) -> None:
    code, out, err = invoke(*args)
    assert code == 2
    assert out == ""
    assert message in err and err.count("\n") == 1, err


def _without_timings(data: dict[str, Any]) -> dict[str, Any]:
    for line in data["standings"]:
        line.pop("think_p50_ms"), line.pop("think_p95_ms")
    return data


@pytest.mark.slow
@pytest.mark.slow_tier  # a Ray runtime started: a quarter of a minute
def test_a_tournament_on_a_local_ray_runtime_matches_the_process_pool() -> None:
    """Bots issue, part 5: the same command on Ray (a local runtime started for the run) gives the
    same games, hence the same standings and ratings, as the local process pool."""
    base = [sys.executable, "-m", "tabletop", "tournament", "cubulus", "--agents", "random,first,easy",
            "--games", "2", "--seed", "11", "--json", "--workers", "2"]
    local = subprocess.run(base, capture_output=True, text=True, timeout=300, check=True)
    on_ray = subprocess.run([*base, "--backend", "ray"], capture_output=True, text=True, timeout=300,
                            check=True, env={**__import__("os").environ, "RAY_ENABLE_UV_RUN_RUNTIME_ENV": "0"})
    assert _without_timings(json.loads(on_ray.stdout)) == _without_timings(json.loads(local.stdout))
