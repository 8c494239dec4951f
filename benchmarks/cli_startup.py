"""How fast the ``tabletop`` command starts: CPU time of a few commands, each as a ratio to what the
command line's own libraries cost to import (``python -c "import typer, rich"``), measured in the same
run so the ratio holds on any machine, however loaded.

Every command runs in a fresh interpreter (as a user types it) and its CPU time — user plus system,
from ``getrusage`` of the finished child, so waiting for a busy core does not count — is the median
of several runs, the commands taken in turn. Typer is held below 0.29, which validates every argument
of a command it runs with pydantic TypeAdapters (a floor of about 3× the baseline for any command that
runs); ``cribbage score`` prints its table with click's styling, not rich's (whose console and table
modules cost more than the command). Issue 18's goals: ``tabletop --help`` and scoring one cribbage hand within 1.5× the
baseline, ``import tabletop`` within 0.15 s. Run this file alone to see the table without the rest of
``make bench``.

    python benchmarks/cli_startup.py [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys

from sections import Section, ms
from timing import Scale

BASELINE = ("typer + rich imported (the baseline)", ("-c", "import typer, rich"))
COMMANDS = (
    ("import tabletop", ("-c", "import tabletop"), "≤ 150 ms"),
    ("tabletop --help", ("-m", "tabletop", "--help"), "≤ 1.5×"),
    ("tabletop cribbage score 5H 5C 5S JD --starter 5D", ("-m", "tabletop", "cribbage", "score", "5H", "5C", "5S",
                                                          "JD", "--starter", "5D"), "≤ 1.5×"),
    ("tabletop games", ("-m", "tabletop", "games"), ""),
)


def cpu_seconds(args: tuple[str, ...]) -> float:
    """User + system CPU seconds of ``python args`` run to the end in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env={**os.environ, "COLUMNS": "100"})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(runs: int) -> dict[str, float]:
    """The median CPU seconds of the baseline and of every command, over ``runs`` rounds taken in turn."""
    every = [BASELINE[:2], *(command[:2] for command in COMMANDS)]
    times: dict[str, list[float]] = {name: [] for name, _ in every}
    for _, args in every:  # one warm-up each: the files are read from disk once
        cpu_seconds(args)
    for _ in range(runs):
        for name, args in every:
            times[name].append(cpu_seconds(args))
    return {name: statistics.median(found) for name, found in times.items()}


def sections(scale: Scale) -> list[Section]:
    runs = max(3, 3 * scale.runs)
    medians = measure(runs)
    base = medians[BASELINE[0]]
    rows = [(BASELINE[0], "", "1.00×", ms(base * 1e3))]
    rows += [(name, goal, f"{medians[name] / base:.2f}×", ms(medians[name] * 1e3)) for name, _, goal in COMMANDS]
    return [Section("cli-startup", "CLI start-up (CPU time)", ("command", "goal", "× baseline", "CPU ms"),
                    tuple(rows),
                    f"Each command in a fresh `{os.path.basename(sys.executable)}` process; user + system CPU "
                    f"time of the child (getrusage), median of {runs} runs taken in turn with the baseline "
                    '`python -c "import typer, rich"` measured in the same run.')]


if __name__ == "__main__":
    from rich.console import Console
    from sections import to_rich

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5, help="a third of the runs per command (default 5: 15)")
    for section in sections(Scale(runs=parser.parse_args().runs)):
        Console().print(to_rich(section))
