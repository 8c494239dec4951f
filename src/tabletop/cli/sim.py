"""``tabletop tournament`` and ``tabletop simulate``: many bot games, on every core or a Ray cluster."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tabletop.cli.output import console as make_console
from tabletop.cli.output import fail

if TYPE_CHECKING:
    from tabletop.sim.jobs import GameJob, GameResult

console = make_console(highlight=False, stderr=True)
out = make_console(highlight=False)

GameArgument = Annotated[str, typer.Argument(help="game name (see `tabletop games`)")]
AgentsOption = Annotated[str, typer.Option(help="comma-separated bot names: normal, hard, easy, random, …")]
OptionOption = Annotated[list[str] | None, typer.Option("--option", "-o", help="game option name=value")]
GamesOption = Annotated[int, typer.Option(help="games to play")]
TableGamesOption = Annotated[int, typer.Option(help="games per table of the round robin (each set of agents "
                                                     "seated together), the seats rotating")]
WorkersOption = Annotated[int | None, typer.Option(help="processes (default: every core)")]
BackendOption = Annotated[str, typer.Option(help="where games run: local or ray")]
AddressOption = Annotated[str | None, typer.Option(help="Ray cluster address (ray backend; default: local)")]
SeedOption = Annotated[int, typer.Option(help="seed of the whole run (each game derives its own)")]
JsonOption = Annotated[bool, typer.Option("--json", help="print the results as JSON")]
SaveOption = Annotated[Path | None, typer.Option(help="save results here (.json or .csv)")]
PlotOption = Annotated[Path | None, typer.Option(help="draw a PNG of the results here")]
MaxActionsOption = Annotated[int | None, typer.Option(help="stop a game after this many actions")]


def _prepare(game: str, option: list[str] | None, agents: str) -> tuple[dict[str, Any], list[str]]:
    import tabletop
    from tabletop.cli.options import parse_options
    from tabletop.core import TabletopError
    from tabletop.sim.jobs import check_agents

    try:
        options = parse_options(tabletop.REGISTRY[game].spec, option or [])
        names = [name.strip().lower() for name in agents.split(",") if name.strip()]
        check_agents(game, options, names)
    except (TabletopError, ValueError) as error:
        raise fail(str(error)) from None
    return options, names


def _run(jobs: Sequence[GameJob], workers: int | None, backend: str, address: str | None,
         quiet: bool) -> list[GameResult]:
    from tabletop.sim.executors import make_executor, run_jobs

    try:
        executor = make_executor(backend, workers, address)
    except ValueError as error:
        raise fail(str(error)) from None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, disable=quiet or not console.is_terminal, transient=True) as bar:
        task = bar.add_task("games", total=len(jobs))
        return run_jobs(jobs, executor, on_result=lambda _: bar.advance(task))


def _save(path: Path, data: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    import csv
    import json

    try:
        if path.suffix.lower() == ".csv":
            with path.open("w", newline="", encoding="utf-8") as handle:
                writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
                writer.writeheader()
                writer.writerows({k: json.dumps(v) if isinstance(v, list | dict) else v for k, v in row.items()}
                                 for row in rows)
        else:
            path.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    except OSError as error:
        raise fail(f"cannot write {path}: {error.strerror}", 1) from None


def _interval(interval: Sequence[float] | None, spec: str) -> str:
    """`` [low, high]`` after a figure, or nothing where there is no interval (no SciPy)."""
    return "" if interval is None else f" [{interval[0]:{spec}}, {interval[1]:{spec}}]"


def tournament(
    game: GameArgument, agents: AgentsOption, games: TableGamesOption = 100, option: OptionOption = None,
    workers: WorkersOption = None, backend: BackendOption = "local", address: AddressOption = None,
    seed: SeedOption = 0, as_json: JsonOption = False, save: SaveOption = None, plot: PlotOption = None,
    max_actions: MaxActionsOption = None,
    duplicate: Annotated[bool, typer.Option(help="each set of a table's seatings plays the same chance (deals, "
                                                 "lots): luck cancels; --games a multiple of the seatings")] = False,
) -> None:
    """Round robin between bots with rotating seats: win rates, points, OpenSkill ratings."""
    import json

    from rich.table import Table  # loaded by the commands that print one, not by --help

    import tabletop
    from tabletop.core import TabletopError
    from tabletop.sim.tournament import head_to_head, margins, schedule, standings, stats_note

    options, names = _prepare(game, option, agents)
    try:
        jobs = schedule(game, options, names, games, seed, max_actions, duplicate)
    except (TabletopError, ValueError) as error:
        raise fail(str(error)) from None
    results = _run(jobs, workers, backend, address, as_json)
    lines = standings(results, names)
    notes = [note] if (note := stats_note()) else []
    data = {"game": game, "options": dict(tabletop.load(game, **options).options), "agents": names,
            "games_per_table": games, "games": len(results), "seed": seed, "duplicate": duplicate,
            "standings": [line.to_dict() for line in lines], "head_to_head": head_to_head(results, names),
            "margins": margins(results, names), "notes": notes}
    if save is not None:
        _save(save, data, [line.to_dict() for line in lines])
    if plot is not None:
        from tabletop.sim.plots import plot_tournament

        plot_tournament(lines, plot, f"{game}: {len(results)} games")
    for line_of_note in notes:
        console.print(f"note: {line_of_note}", markup=False)
    if as_json:
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    table = Table(title=f"{game} tournament — {len(results)} games, seed {seed}", title_justify="left")
    for column in ("agent", "rating μ±σ", "games", "W-D-L", "win rate (95%)", "points/game (95%)",
                   "game points", "think p50/p95 ms"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for line in lines:
        table.add_row(
            line.agent, f"{line.rating:.1f}±{line.rating_sigma:.1f}", str(line.games),
            f"{line.wins}-{line.draws}-{line.losses}",
            f"{line.win_rate:.3f}{_interval(line.win_interval, '.3f')}",
            f"{line.points:+.3f}{_interval(line.points_interval, '+.3f')}",
            "—" if line.game_points is None else f"{line.game_points:.1f}",
            f"{line.think_p50_ms:.1f}/{line.think_p95_ms:.1f}",
        )
    out.print(table)


def simulate(
    game: GameArgument, agents: AgentsOption = "random", games: GamesOption = 1000, option: OptionOption = None,
    rotate: Annotated[bool, typer.Option(help="rotate the agents through every seating")] = False,
    workers: WorkersOption = None, backend: BackendOption = "local", address: AddressOption = None,
    seed: SeedOption = 0, as_json: JsonOption = False, save: SaveOption = None, plot: PlotOption = None,
    max_actions: MaxActionsOption = None,
) -> None:
    """Play many games with bots in fixed seats: game length, points, seat advantage, think times."""
    import json

    from rich.table import Table  # loaded by the commands that print one, not by --help

    import tabletop
    from tabletop.core import TabletopError
    from tabletop.sim.stats import simulation_jobs, summarise

    options, names = _prepare(game, option, agents)
    try:
        jobs = simulation_jobs(game, options, names, games, seed, rotate, max_actions)
    except (TabletopError, ValueError) as error:
        raise fail(str(error)) from None
    results = _run(jobs, workers, backend, address, as_json)
    summary = {"game": game, "options": dict(tabletop.load(game, **options).options), "seed": seed,
               **summarise(results)}
    if save is not None:
        _save(save, {**summary, "results": [r.to_dict() for r in results]}, [r.to_dict() for r in results])
    if plot is not None:
        from tabletop.sim.plots import plot_simulation

        plot_simulation(results, summary, plot, f"{game}: {len(results)} games")
    for note in summary["notes"]:
        console.print(f"note: {note}", markup=False)
    if as_json:
        typer.echo(json.dumps(summary, indent=2, ensure_ascii=False))
        return
    length = summary["length"]
    out.print(f"[bold]{game}[/bold] — {summary['games']} games ({summary['finished']} finished, "
              f"{summary['draws']} drawn), seed {seed}")
    out.print(f"actions per game: mean {length['mean']:.1f}, median {length['median']:.0f}, "
              f"5–95% {length['p5']:.0f}–{length['p95']:.0f}; {summary['seconds_per_game'] * 1e3:.1f} ms per game")
    table = Table(title_justify="left")
    for column in ("seat", "agents", "win rate (95%)", "mean return", "points mean ± sd", "points 5–95%",
                   "think p50/p95 ms"):
        table.add_column(column, justify="left" if column in ("seat", "agents") else "right")
    for line in summary["seats"]:
        points = line["points"]
        table.add_row(
            str(line["seat"] + 1), "/".join(line["agents"]),
            f"{line['win_rate']:.3f}{_interval(line['win_interval'], '.3f')}",
            f"{line['mean_return']:+.3f}",
            "—" if points is None else f"{points['mean']:.1f} ± {points['stdev']:.1f}",
            "—" if points is None else f"{points['p5']:.0f}–{points['p95']:.0f}",
            f"{line['think_p50_ms']:.1f}/{line['think_p95_ms']:.1f}",
        )
    out.print(table)
    if summary["seat_advantage_p"] is not None:
        out.print(f"seat advantage: chi-square p = {summary['seat_advantage_p']:.3g} for 'every seat wins "
                  "as often' (below 0.05: the seat matters)")
