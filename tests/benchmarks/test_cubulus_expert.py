"""The Cubulus expert's benchmarks can measure the expert as the second player on a chosen neutral
set-up (U13), the seat where its losses against MCTS come from, and compare set-ups in its games
against itself (issue #20)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "cubulus_expert.py"
CORNERS_AND_CENTRE = "0,2,6,8,13,18,20,24,26"


def cubulus_expert(*args: str) -> subprocess.CompletedProcess[str]:
    """The script run as a person runs it."""
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300)


def test_mcts_starts_plays_only_the_games_where_the_expert_places_the_neutral_balls() -> None:
    run = cubulus_expert("--games", "3", "--rollouts", "30", "--level", "easy", "--mcts-starts",
                         "--setup", CORNERS_AND_CENTRE)
    assert run.returncode == 0, run.stderr
    games = [line for line in run.stdout.splitlines() if line.startswith("game ")]
    # numbered as in a full run: game n puts the expert in seat (n-1) mod 2, seat ⌊(n-1)/2⌋ mod 2 starting
    assert [line.split(":")[0] for line in games] == ["game   2", "game   3", "game   6"]
    assert all("expert seat 1, seat 0 starts" in line or "expert seat 0, seat 1 starts" in line for line in games)
    assert f"MCTS starting, alternating colours, neutral set-up {CORNERS_AND_CENTRE}" in run.stdout


def test_a_set_up_that_is_not_nine_cells_is_refused_clearly() -> None:
    for cells in ("0,1,2", "0,1,2,3,4,5,6,7,27", "0,0,1,2,3,4,5,6,7"):
        run = cubulus_expert("--games", "1", "--setup", cells)
        assert run.returncode == 2 and "--setup: nine different cells 0–26" in run.stderr


def test_a_scaled_level_with_changed_fields_plays_and_says_so() -> None:
    run = cubulus_expert("--games", "2", "--rollouts", "30", "--level", "easy", "--scale", "2",
                         "--with", "solve_plies=9,extend=false")
    assert run.returncode == 0, run.stderr
    assert "expert (easy x2 with solve_plies=9,extend=false) vs MCTS" in run.stdout


def test_a_bad_scale_field_or_level_is_refused_clearly() -> None:
    for args, message in ((("--scale", "0"), "--scale: a positive factor, not 0"),
                          (("--with", "depth=3"), "--with/--variant: no level field 'depth'"),
                          (("--with", "extend=maybe"), "extend: true or false, not 'maybe'"),
                          (("--with", "max_nodes"), "field=value pairs separated by commas"),
                          (("--level", "grandmaster", "--scale", "2"), "--level: one of easy, normal, hard")):
        run = cubulus_expert("--games", "1", *args)
        assert run.returncode == 2 and message in run.stderr, (args, run.stderr)


SETUPS_SCRIPT = SCRIPT.with_name("cubulus_setups.py")


def cubulus_setups(*args: str) -> subprocess.CompletedProcess[str]:
    """``benchmarks/cubulus_setups.py`` run as a person runs it."""
    return subprocess.run([sys.executable, str(SETUPS_SCRIPT), *args], capture_output=True, text=True, timeout=300)


def test_set_ups_are_compared_in_the_experts_games_against_itself() -> None:
    """U13: each set-up given is placed by the second player in games of the level against itself."""
    run = cubulus_setups("--games", "2", "--level", "easy", CORNERS_AND_CENTRE)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(f"{CORNERS_AND_CENTRE:<28} second player ")
    assert " of 2 (" in run.stdout and "8 corners, centre" in run.stdout


def test_the_covering_set_ups_are_listed_up_to_symmetry() -> None:
    """Sixteen set-ups put a neutral ball on all 36 squares; one of them holds the centre (the expert's)."""
    run = cubulus_setups("--covering")
    assert run.returncode == 0, run.stderr
    rows = run.stdout.splitlines()
    assert rows[-1] == "16 set-ups up to symmetry"
    assert [row for row in rows if row.endswith(", centre")] == [
        "2,3,7,9,13,17,19,23,24        4 images  2 corners, 6 edges, centre"]


def test_a_bad_set_up_or_level_is_refused_clearly() -> None:
    for args, message in ((("0,1",), "a set-up is nine different cells 0–26, comma-separated, not '0,1'"),
                          (("a,b",), "not 'a,b'"),
                          (("--level", "grandmaster"), "--level: one of easy, normal, hard"),
                          (("--games", "0"), "--games: at least 1, not 0")):
        run = cubulus_setups(*args)
        assert run.returncode == 2 and message in run.stderr, (args, run.stderr)
