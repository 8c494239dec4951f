"""A game's strength ladder (issue #20 item 5): a round robin through the tournament code, as a Markdown table.

The agents are given bottom to top (``random,easy,normal,hard``); each row is a bot's OpenSkill rating
(μ ± σ and the conservative μ − 3σ), its W-D-L and win rate with a 95% Wilson interval over all its
games, and — against the next bot down the list — the head-to-head win share (Wilson) and the mean
margin in the game's own points per set of games, with a 95% t interval. With ``--duplicate`` a set
is one run through a table's seatings on one seed (the same deals from every seat), so the margin's
interval is narrow where single games are mostly luck (cribbage). Exactly ``tabletop tournament``'s
games: the same command with the same seed plays the same games.

    .venv/bin/python benchmarks/ladder.py cribbage --agents random,easy,normal,hard --baselines ev-greedy \
        --games 100 --duplicate
    .venv/bin/python benchmarks/ladder.py kubik --agents random,easy,normal,hard --games 300 -o throws=calibrated
"""

from __future__ import annotations

import argparse
import pickle
import time
from collections.abc import Sequence
from pathlib import Path

import tabletop
from tabletop.cli.options import parse_options
from tabletop.sim.executors import LocalExecutor, run_jobs
from tabletop.sim.jobs import GameResult
from tabletop.sim.tournament import mean_interval, schedule, set_margins, standings, wilson


def versus(results: Sequence[GameResult], a: str, b: str) -> str:
    """a against b: the win share with its Wilson interval, and the margin per set with its t interval."""
    shared = [r for r in results if a in r.agents and b in r.agents and r.finished]
    won = sum(1 for r in shared if len(r.winners) == 1 and r.agents[r.winners[0]] == a)
    low, high = wilson(won, len(shared))
    sets = set_margins(results, a, b)
    mean = sum(sets) / len(sets)
    lower, upper = mean_interval(sets)
    return (f"{won / len(shared):.2f} [{low:.2f}, {high:.2f}] vs `{b}` ({len(shared)} games) | "
            f"{mean:+.2f} [{lower:+.2f}, {upper:+.2f}] ({len(sets)} sets)")


def share(results: Sequence[GameResult], a: str, b: str) -> str:
    """a's win share against b with its Wilson interval."""
    shared = [r for r in results if a in r.agents and b in r.agents and r.finished]
    won = sum(1 for r in shared if len(r.winners) == 1 and r.agents[r.winners[0]] == a)
    low, high = wilson(won, len(shared))
    return f"{won / len(shared):.2f} [{low:.2f}, {high:.2f}]"


def interval(bounds: tuple[float, float] | None) -> str:
    """A win rate's interval as the tables print it (none without SciPy)."""
    return "" if bounds is None else f"[{bounds[0]:.2f}, {bounds[1]:.2f}]"


def ladder(results: Sequence[GameResult], agents: Sequence[str], baselines: Sequence[str] = ()) -> str:
    """The Markdown table, bottom of the ladder first: each level against the level below it; each
    baseline (a bot that is not a level) after them, against every level."""
    lines = {line.agent: line for line in standings(results, [*agents, *baselines])}
    rows = ["| bot | OpenSkill μ ± σ | μ − 3σ | W-D-L | win rate (95% Wilson) | against the next bot below: "
            "win share (95% Wilson) | margin per set in the game's points (95% t) |",
            "|---|---|---|---|---|---|---|"]
    for i, name in enumerate([*agents, *baselines]):
        line = lines[name]
        if name in baselines:
            below = "; ".join(f"{share(results, name, level)} vs `{level}`" for level in agents) + " | —"
        else:
            below = versus(results, name, agents[i - 1]) if i else "— | —"
        rows.append(f"| `{name}` | {line.rating:.1f} ± {line.rating_sigma:.1f} | {line.ordinal:.1f} | "
                    f"{line.wins}-{line.draws}-{line.losses} | {line.win_rate:.2f} "
                    f"{interval(line.win_interval)} | {below} |")
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> None:
    """Run the round robin and print the table and its cost."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("game")
    parser.add_argument("--agents", required=True, help="the levels, comma-separated, bottom of the ladder first")
    parser.add_argument("--baselines", default="", help="other bots in the round robin, each shown against every level")
    parser.add_argument("--save", type=Path, help="keep the games' results here (pickle), to print the table again")
    parser.add_argument("--load", type=Path, help="print the table of results saved by --save instead of playing")
    parser.add_argument("--games", type=int, default=100, help="games per pair (default 100)")
    parser.add_argument("--seed", type=int, default=20, help="the run's seed (default 20)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--duplicate", action="store_true", help="each set of seatings plays the same chance")
    parser.add_argument("-o", "--option", action="append", default=[], help="game option name=value")
    args = parser.parse_args(argv)
    agents = args.agents.split(",")
    baselines = [name for name in args.baselines.split(",") if name]
    if args.load:
        print(ladder(pickle.loads(args.load.read_bytes()), agents, baselines))
        return
    options = parse_options(tabletop.REGISTRY[args.game].spec, args.option)  # as `tabletop tournament` reads them
    jobs = schedule(args.game, options, [*agents, *baselines], args.games, args.seed, duplicate=args.duplicate)
    started = time.perf_counter()
    results = run_jobs(jobs, LocalExecutor(args.workers))
    # The pool's workers are children of multiprocessing's fork server, not of this process, so
    # RUSAGE_CHILDREN never sees them: the games' own timers add up the time spent playing.
    played = sum(result.seconds for result in results)
    if args.save:
        args.save.write_bytes(pickle.dumps(results))
    print(ladder(results, agents, baselines))
    print(f"\n{len(results)} games ({args.games} per pair{', duplicate sets' if args.duplicate else ''}), "
          f"seed {args.seed}: {played:.0f} s of play (the games' times added up), "
          f"{time.perf_counter() - started:.0f} s of wall time")


if __name__ == "__main__":
    main()
