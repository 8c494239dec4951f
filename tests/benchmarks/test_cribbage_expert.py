"""The cribbage expert's benchmark keeps what it played: a recorded run reports the same figures
later, under the options it was played with, and runs played differently are never pooled (issue #20)."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "cribbage_expert.py"


def cribbage_expert(*args: str) -> subprocess.CompletedProcess[str]:
    """The script run as a person runs it."""
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300)


def test_a_recorded_run_reports_again_under_its_own_options(tmp_path: Path) -> None:
    record = tmp_path / "run.jsonl"
    run = cribbage_expert("--games", "4", "--workers", "1", "--paired", "--against", "expert-uniform",
                          "--first", "20", "--record", str(record))
    assert run.returncode == 0, run.stderr
    played = run.stdout
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert [(r["level"], r["against"], r["paired"]) for r in lines] == [("normal", "expert-uniform", True)]
    assert lines[0]["games"] == 4 and [i for i, _ in lines[0]["indexed"]] == [20, 21, 22, 23]
    packed = tmp_path / "run.jsonl.gz"
    with gzip.open(packed, "wt") as out:  # kept margins-only, as benchmarks/records holds them
        out.write(json.dumps({k: lines[0][k] for k in ("level", "against", "paired", "games", "wins", "margins",
                                                        "indexed")}) + "\n")
    again = cribbage_expert("--from-records", str(packed)).stdout  # no options repeated: the record says them
    assert "normal vs expert-uniform, seats alternating, paired deals" in again
    margin = next(line for line in played.splitlines() if "over 2 pairs" in line)
    assert margin in again


def test_records_played_differently_are_not_pooled(tmp_path: Path) -> None:
    rows = [{"level": "normal", "against": against, "paired": True, "games": 2, "wins": 1, "margins": [3, -1],
             "indexed": [[0, 3], [1, -1]]} for against in ("expert-uniform", "ev-greedy")]
    for i, row in enumerate(rows):
        (tmp_path / f"{i}.jsonl").write_text(json.dumps(row) + "\n")
    refused = cribbage_expert("--from-records", str(tmp_path / "0.jsonl"), str(tmp_path / "1.jsonl"))
    assert refused.returncode == 2 and "played differently" in refused.stderr
