"""``make bench`` in a tiny run: every section measured once with a sliver of its work, into a tmp file.

Checks the shape of ``REPORT.md`` — the machine header, every section's table, numbers in each — and
never its speed: the figures of a tiny run on a busy machine mean nothing.
"""

from __future__ import annotations

import re
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytestmark = [pytest.mark.xdist_group("bench-report"), pytest.mark.slow_tier]  # a tiny make bench: half a minute
# meant to keep the module fixture's tiny run to one worker; with pytest-xdist 3.8.0 here, --dist loadgroup sent
# even a bare module of four grouped tests to both workers (no @group suffix on the ids): to be looked into

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The Markdown of one tiny run of every section (one run a figure, a hundredth of the work)."""
    path = tmp_path_factory.mktemp("bench") / "REPORT.md"
    before = set(sys.modules)
    sys.path.insert(0, str(BENCHMARKS))  # the benchmarks import one another as scripts do
    try:
        import run

        # in a thread of its own: a browser test before it in this worker (sync Playwright) leaves an event
        # loop running in the main thread, where the server section's asyncio.run would be refused
        with ThreadPoolExecutor(1) as pool:
            status = pool.submit(run.main, ["--runs", "1", "--work", "0.01", "--levels", "random,easy",
                                            "--report", str(path)]).result()
    finally:
        sys.path.remove(str(BENCHMARKS))
        for name in set(sys.modules) - before:  # their plain names (run, report, timing…) must not linger
            if str(BENCHMARKS) in str(getattr(sys.modules[name], "__file__", "")):
                del sys.modules[name]
    text = path.read_text(encoding="utf-8")
    assert status == 0, sections(text)["Sections run"]
    return text


def sections(markdown: str) -> dict[str, str]:
    """The report's ``##`` sections by title."""
    parts = re.split(r"^## (.+)$", markdown, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def table_rows(text: str) -> list[list[str]]:
    """The cells of a section's table, header and separator left out."""
    lines = [line for line in text.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[2:]]


def test_the_header_describes_the_machine_and_the_yardstick(report: str) -> None:
    machine = dict((row[0], row[1]) for row in table_rows(sections(report)["Machine"]))
    for what in ("CPU", "cores", "memory", "OS", "Python", "libraries", "tabletop", "date", "yardstick"):
        assert machine.get(what), what
    assert "numpy" in machine["libraries"] and "open_spiel" in machine["libraries"]
    assert re.search(r"\d+\.\d ms", machine["yardstick"])


def test_every_section_ran_and_has_a_table_of_numbers(report: str) -> None:
    found = sections(report)
    status = {row[0]: row[2] for row in table_rows(found["Sections run"])}
    assert status == dict.fromkeys(status, "ok") and len(status) == 11
    titles = ["Random playouts", "Beetle exact odds", "Bot decision latency (one core)",
              "Cribbage: State.apply vs OpenSpiel's C++ cribbage, random playouts",
              "Cribbage: our bots vs OpenSpiel's, decision latency (one core)", "Cribbage analysis",
              "Kubik throws (single-threaded)", "Learning environments: steps per second (benchmarks/learning_envs.py)",
              "Learning environments: memory per environment (benchmarks/learning_envs.py)",
              "Live server under load (benchmarks/server_load.py)",
              "Live server under load, cribbage (benchmarks/server_load.py --game cribbage)",
              "Live server: what a seat receives over a whole game (benchmarks/live_bytes.py)",
              "CLI start-up (CPU time)", "Ratings: the bot levels on a simulated ladder (benchmarks/ratings.py)",
              "Ratings: newcomers and the order of the ladder (benchmarks/ratings.py)",
              "Ratings: the win rates the simulation draws from (benchmarks/ratings.py)"]
    assert [title for title in found if title not in ("Machine", "Sections run")] == titles
    for title in titles:
        rows = table_rows(found[title])
        assert rows, title
        assert [row for row in rows if not re.search(r"\d", row[-1])] == [], title


def test_each_game_and_bot_level_has_a_row(report: str) -> None:
    found = sections(report)
    playouts = {row[0] for row in table_rows(found["Random playouts"])}
    latency = {(row[0], row[1]) for row in table_rows(found["Bot decision latency (one core)"])}
    assert playouts == {"beetle", "cribbage", "cubulus", "kubik"}
    assert latency == {(game, level) for game in playouts for level in ("random", "easy")}


def test_cribbage_is_compared_with_openspiel_as_ratios(report: str) -> None:
    found = sections(report)
    engines = table_rows(found["Cribbage: State.apply vs OpenSpiel's C++ cribbage, random playouts"])
    assert [row[0].startswith("OpenSpiel") for row in engines] == [False, True]  # one engine of ours: the kernel
    assert all(row[4].endswith("×") and row[5].endswith("×") for row in engines)
    bots = table_rows(found["Cribbage: our bots vs OpenSpiel's, decision latency (one core)"])
    assert [row[0].split(",")[0] for row in bots] == ["uniform random", "MCTS"]
    assert all(re.fullmatch(r"[\d.]+×", cell) for row in bots for cell in row[-2:])


def test_the_vector_environment_is_compared_with_the_scalar_one(report: str) -> None:
    rows = table_rows(sections(report)["Learning environments: steps per second (benchmarks/learning_envs.py)"])
    for game, sizes in (("Cubulus", ["64", "256", "1024"]), ("Cribbage 2 players", ["256", "1024"])):
        kernel = [row for row in rows if row[0] == f"SeatVectorEnv, {game}, batched kernel"]
        assert [row[1] for row in kernel] == sizes, game
        assert all(re.fullmatch(r"[\d.]+×", row[3]) for row in kernel), game
    assert any(row[0].startswith("PettingZoo AEC") for row in rows)


def test_the_live_server_is_loaded_with_cribbage_too(report: str) -> None:
    rows = {row[0]: row[1] for row in table_rows(
        sections(report)["Live server under load, cribbage (benchmarks/server_load.py --game cribbage)"])}
    assert rows["stress: live cribbage tables (random bots, think 0 s), seconds, games"].startswith("1, ")
    saturation = [figure for what, figure in rows.items() if what.startswith("cribbage: saturation")]
    assert len(saturation) == 1 and re.match(r"[\d,]+/s", saturation[0])
    assert re.fullmatch(r"people and abuse on core \d+, server on [\d,]+|not pinned \(1 core\)", rows["stress: cores"])
