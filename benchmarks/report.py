"""The report of one ``make bench`` run as a Markdown document, with the machine described (``build/bench/REPORT.md``;
``make bench-publish`` writes ``benchmarks/REPORT.md``, the one the docs cite).

The report renders the same :class:`sections.Section` rows the console prints, so nothing is
measured twice. Its header says what the figures depend on — CPU, cores, memory, OS, Python and
library versions, the commit, how loaded the machine was — and gives the yardstick (one million
draws from ``random.Random``, timed in the same run), so that reports from two machines compare as
ratios rather than raw numbers.
"""

from __future__ import annotations

import os
import platform
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path

from sections import Section

ROOT = Path(__file__).resolve().parents[1]
REPORT = ROOT / "build" / "bench" / "REPORT.md"
"""Where a full ``make bench`` writes its report: outside what git tracks, so a routine run changes no file."""


@dataclass
class Run:
    """What one run did besides its figures: its scale, its topics' times and failures, what it skipped."""

    runs: int
    work: float
    command: str
    reference_ms: float
    started: datetime = field(default_factory=lambda: datetime.now(UTC))
    load: tuple[float, float, float] = field(default_factory=lambda: os.getloadavg() if hasattr(os, "getloadavg")
                                             else (0.0, 0.0, 0.0))
    topics: list[tuple[str, float, str]] = field(default_factory=list)  #: (topic, seconds, "ok" or the error)
    skipped: list[str] = field(default_factory=list)
    seconds: float = 0.0


def _first_line(path: str, prefix: str) -> str | None:
    """The value of the first ``prefix: value`` line of ``path`` (as /proc files have them), if any."""
    try:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                if line.startswith(prefix):
                    return line.split(":", 1)[1].strip()
    except OSError:
        return None
    return None


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "not installed"


def _commit() -> str:
    """The checkout's commit, and whether tracked files differ from it."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
        changed = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                                 capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"
    return f"{head} (with local changes)" if changed else head


def machine() -> list[tuple[str, str]]:
    """(what, value) pairs describing this machine and software, for the report's header."""
    cpu = _first_line("/proc/cpuinfo", "model name") or platform.processor() or platform.machine()
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    memory = _first_line("/proc/meminfo", "MemTotal")
    gib = f"{int(memory.split()[0]) / 2**20:.1f} GiB" if memory else "unknown"
    try:
        distribution = platform.freedesktop_os_release().get("PRETTY_NAME", "")
    except OSError:
        distribution = ""
    system = f"{platform.system()} {platform.release()}" + (f" ({distribution})" if distribution else "")
    return [
        ("CPU", f"{cpu} ({platform.machine()})"),
        ("cores", f"{os.cpu_count()} logical, {usable} usable by this process"),
        ("memory", gib),
        ("OS", system),
        ("Python", f"{platform.python_version()} ({platform.python_implementation()})"),
        ("libraries", ", ".join(f"{name} {_version(name)}" for name in ("numpy", "open_spiel", "mujoco-core"))),
        ("tabletop", f"{_version('tabletop')}, commit {_commit()}"),
    ]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def table(columns: Sequence[str], rows: Sequence[Sequence[str]], figures: bool = True) -> str:
    """A Markdown table, the first column left-aligned and the others right (left too if not ``figures``).

    >>> print(table(("game", "games/s"), (("cribbage", "1,234"),)))
    | game | games/s |
    |:--|--:|
    | cribbage | 1,234 |
    """
    lines = ["| " + " | ".join(_cell(c) for c in columns) + " |",
             "|" + "|".join("--:" if i and figures else ":--" for i in range(len(columns))) + "|"]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def markdown(run: Run, sections: list[Section], about: list[tuple[str, str]] | None = None) -> str:
    """The whole report."""
    about = about if about is not None else machine()
    when = run.started.strftime("%Y-%m-%d %H:%M UTC")
    cores = os.cpu_count() or 1
    busy = (f" **The machine was busy when this run started** (load average {run.load[0]:.1f} on {cores} cores): "
            "other work shared its cores, so figures are lower and noisier than an idle machine's."
            if run.load[0] > cores else "")
    header = [
        "# tabletop benchmark report",
        "",
        f"Written by `{run.command}` on {when}; the run took {run.seconds:.0f} s. Each figure is the median of "
        f"{run.runs} runs unless its section says otherwise (slow sections use fewer and say so); "
        "latency percentiles are over every decision timed. Compare machines by the *games per reference* "
        "column and the yardstick below, not by raw numbers." + busy + " Regenerate with `make bench`; "
        "`docs/benchmarks.md` explains each section.",
        "",
        "## Machine",
        "",
        table(("", ""), [
            *about,
            ("date", run.started.isoformat(timespec="seconds")),
            ("load average at start", ", ".join(f"{x:.2f}" for x in run.load) + " (1, 5, 15 min)"),
            ("yardstick", f"1,000,000 draws from random.Random(0): {run.reference_ms:.1f} ms "
                          f"(timing.reference_seconds, median of {run.runs})"),
            ("scale", f"{run.runs} runs a figure, work × {run.work:g}"),
        ], figures=False),
        "",
        "## Sections run",
        "",
        table(("section", "seconds", "status"),
              [(topic, f"{seconds:.1f}", status) for topic, seconds, status in run.topics]
              + [(topic, "–", "skipped") for topic in run.skipped], figures=False),
    ]
    body = []
    for section in sections:
        body += ["", f"## {section.title}", ""]
        if section.note:
            body += [section.note, ""]
        body.append(table(section.columns, section.rows))
    return "\n".join(header + body) + "\n"


def write(path: Path, text: str) -> None:
    """Write the report (its folder made if need be)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
