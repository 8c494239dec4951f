"""`make bench`: every benchmark section, printed to the console and written to ``build/bench/REPORT.md``
(outside git; ``make bench-publish`` writes ``benchmarks/REPORT.md``, the report the docs cite).

Each section's module measures and returns :class:`sections.Section` tables; this script runs them in
order (``--only`` / ``--skip`` take the names of :data:`TOPICS`), prints each table as soon as it is
measured and hands them all to ``report.py``, which writes the Markdown with the machine described.
Timings on shared machines are noisy, so every figure is a median of several runs (``--runs``);
``--work`` scales every section's amount of work, and ``--quick`` is a smaller run of the same tables.
A section that fails is reported as failed, the others still run, and the exit status is 1. A partial
run (any of these flags) leaves REPORT.md as it was unless ``--report`` names a file. Not a test:
nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import beetle_odds
import bot_latency
import cli_startup
import cribbage_analysis
import cribbage_engine
import kubik_physics
import learning_envs
import playouts
import ratings
import report
import server_load
from rich.console import Console
from sections import Section, to_rich
from server_load import BASELINE
from timing import FULL, QUICK, Scale, reference_seconds

SERVER_TITLE = "Live server under load (benchmarks/server_load.py)"
SERVER_CRIBBAGE_TITLE = "Live server under load, cribbage (benchmarks/server_load.py --game cribbage)"


def server_sections(scale: Scale, args: argparse.Namespace) -> list[Section]:
    """``server_load.rows()``'s figures against ``--baseline`` (by default :data:`server_load.BASELINE`, the
    commit before the delta protocol, which issue #44's goals for bytes, latency and saturation are measured
    against): Cubulus tables (200 at full scale, thinking 1 s) beside every scenario of abuse, and cribbage
    tables (200, thinking 0.3 s) quiet and beside all the abuse, with a stress test at think 0 (100 tables),
    each against the baseline commit's server in the same run."""
    seconds = max(1.0, 20.0 * scale.work)
    common: dict[str, Any] = {"tables": scale.of(200), "seconds": seconds}
    cribbage: dict[str, Any] = {**common, "game": "cribbage", "think": 0.3,
                                "stress": scale.of(server_load.STRESS_TABLES)}
    if scale.work < 0.05:  # a sliver of the work (the tests' tiny run): the load test with all the abuse only,
        common["scenarios"] = ("all",)  # its all-bot tables (one finished game to replay) at a tenth of their pace
        common["limits"] = ("bot_table_move_seconds=0.05",)
        cribbage["scenarios"] = ()  # and cribbage's stress test alone: one server start
    else:  # the probe's p99 is noisy on a shared 2-core machine: medians of rounds of every scenario
        cribbage["scenarios"] = ("quiet", "all")
        for wanted in (common, cribbage):
            wanted["repeat"] = scale.at_most(3)
            if args.baseline != "none":
                wanted["baseline"] = args.baseline
    cubulus = {**common, "game": "cubulus"}
    how = ("a live server on a fresh SQLite file, one WebSocket per table, a person playing random legal actions "
           "against the random bot; the people (and the abuse process, niced) on one core, the server and its "
           "workers on the other where there are two (the cores row); each load test on a fresh server, each "
           "followed by the same on the baseline commit's server; with repeat, that many rounds of every "
           "scenario, the probe's figures each scenario's medians over them (the other rows are the first "
           "round's).")
    return [Section("server", SERVER_TITLE, ("what", "figure"), _server_rows(server_load.rows(**cubulus)),
                    f"server_load.rows({_given(cubulus)}): {how} A load test beside each kind of abuse alone "
                    "(see benchmarks/abuse.py), beside none and beside all at once."),
            Section("server", SERVER_CRIBBAGE_TITLE, ("what", "figure"), _server_rows(server_load.rows(**cribbage)),
                    f"server_load.rows({_given(cribbage)}): {how} Quiet and beside all the abuse, then a stress "
                    "test (think 0, no abuse): the actions a second the server round-trips at saturation. Goals "
                    "(issue #44): p99 < 50 ms with and without abuse, ≥ 3× the baseline's actions a second.")]


def _server_rows(rows: list[tuple[str, str]]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(str(cell) for cell in row) for row in rows)


def _given(arguments: dict[str, Any]) -> str:
    """``name=value, …`` of the arguments a section passed."""
    return ", ".join(f"{name}={value:g}" if isinstance(value, float | int) else f"{name}={value}"
                     for name, value in arguments.items())


def bytes_sections(scale: Scale, args: argparse.Namespace) -> list[Section]:
    """``live_bytes.rows()``: what a seat receives over whole games, against the baseline commit's server (a
    sliver of the work: one Cubulus game, no baseline)."""
    import live_bytes

    tiny = scale.work < 0.05
    baseline = None if tiny or args.baseline == "none" else args.baseline
    games = 1 if tiny else scale.at_most(3)
    rows = live_bytes.rows(games, baseline, ("cubulus",) if tiny else live_bytes.GAMES)
    return [Section("server-bytes", "Live server: what a seat receives over a whole game (benchmarks/live_bytes.py)",
                    live_bytes.columns(baseline), tuple(rows),
                    f"{games} whole game(s) a row, the same seeds on both servers: a person playing a random legal "
                    "action 60 ms after it may act against the random bot, the text of every state update its "
                    "socket received; medians a game, the largest update of all. Goal for cribbage: ≤ 250 KB a "
                    "game, the largest update ≤ 8 KB.")]


TOPICS: dict[str, Callable[[Scale, argparse.Namespace], list[Section]]] = {
    "playouts": lambda scale, _: playouts.sections(scale),
    "beetle-odds": lambda scale, _: beetle_odds.sections(scale),
    "bot-latency": lambda scale, args: bot_latency.sections(scale, args.levels.split(",")),
    "openspiel": lambda scale, _: cribbage_engine.sections(scale),
    "cribbage-analysis": lambda scale, _: cribbage_analysis.sections(scale),
    "kubik-physics": lambda scale, _: kubik_physics.sections(scale),
    "learning-envs": lambda scale, _: learning_envs.sections(scale),
    "server": server_sections,
    "server-bytes": bytes_sections,
    "cli-startup": lambda scale, _: cli_startup.sections(scale),
    "ratings": lambda scale, _: ratings.sections(scale),
}
"""Every section of the report, in its order, by the name ``--only`` and ``--skip`` use."""


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true",
                        help=f"{QUICK.runs} runs a figure, {QUICK.work:g} of the work, bot levels up to normal")
    parser.add_argument("--runs", type=int, help=f"runs per figure (default {FULL.runs})")
    parser.add_argument("--work", type=float, help="fraction of each section's work (default 1)")
    parser.add_argument("--only", default="", help="comma-separated sections: " + ", ".join(TOPICS))
    parser.add_argument("--skip", default="", help="comma-separated sections to leave out")
    parser.add_argument("--levels", help="bot levels timed (default random,easy,normal,hard)")
    parser.add_argument("--baseline", default=BASELINE,
                        help="the git commit whose server the live server's sections compare against, in the "
                             f"same run (default {BASELINE}, the commit before the delta protocol; HEAD~1: the "
                             "commit before; none: no comparison)")
    parser.add_argument("--report", type=Path, help="where to write the Markdown (default build/bench/REPORT.md "
                                                    "for a full run; a partial run writes none unless given)")
    args = parser.parse_args(argv)
    for name in filter(None, f"{args.only},{args.skip}".split(",")):
        if name not in TOPICS:
            parser.error(f"no section called {name!r}; sections: {', '.join(TOPICS)}")
    if args.levels is None:
        args.levels = "random,easy,normal" if args.quick else ",".join(bot_latency.LEVELS)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the chosen sections, print them, write the report; 1 if a section failed."""
    args = parse(argv)
    base = QUICK if args.quick else FULL
    scale = Scale(args.runs or base.runs, args.work if args.work is not None else base.work)
    only = [name for name in args.only.split(",") if name]
    chosen = [name for name in TOPICS if (not only or name in only) and name not in args.skip.split(",")]
    partial = scale != FULL or len(chosen) < len(TOPICS) or args.levels != ",".join(bot_latency.LEVELS)
    target = args.report or (None if partial else report.REPORT)
    console = Console()
    started = time.perf_counter()
    command = "make bench" if argv is None and not sys.argv[1:] else "benchmarks/run.py " + " ".join(
        sys.argv[1:] if argv is None else argv)
    run = report.Run(scale.runs, scale.work, command, reference_seconds(scale.runs) * 1000,
                     skipped=[name for name in TOPICS if name not in chosen])
    about = report.machine()
    for what, value in [*about, ("yardstick", f"1M draws from random.Random: {run.reference_ms:.1f} ms"),
                        ("scale", f"{scale.runs} runs a figure, work × {scale.work:g}")]:
        console.print(f"[bold]{what}[/]: {value}")
    measured: list[Section] = []
    for name in chosen:
        start = time.perf_counter()
        try:
            found = TOPICS[name](scale, args)
        except Exception as error:  # one broken section must not lose the others' figures
            traceback.print_exc()
            run.topics.append((name, time.perf_counter() - start, f"failed: {type(error).__name__}: {error}"))
            continue
        run.topics.append((name, time.perf_counter() - start, "ok"))
        for section in found:
            console.print(to_rich(section))
        measured += found
    run.seconds = time.perf_counter() - started
    if target is not None:
        report.write(target, report.markdown(run, measured, about))
        console.print(f"report written to {target}")
    else:
        console.print(f"partial run: {report.REPORT.relative_to(report.ROOT)} left as it was (--report PATH: one)")
    return 1 if any(status != "ok" for _, _, status in run.topics) else 0


if __name__ == "__main__":
    sys.exit(main())
