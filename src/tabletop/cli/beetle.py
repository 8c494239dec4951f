"""``tabletop beetle …``: Beetle's own tools — the exact odds."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from tabletop.cli.output import PLAIN_HELP, fail
from tabletop.cli.output import console as make_console

PRESET_NAMES = ("classic", "four-legs", "winged")
"""Beetle's preset parts tables, named here so that ``--help`` need not load the game (a test keeps
the list equal to the game's own)."""

beetle_app = typer.Typer(help="Beetle tools: exact odds.", no_args_is_help=True,
                         rich_markup_mode=PLAIN_HELP)
console = make_console(highlight=False)


@beetle_app.command()
def odds(
    players: Annotated[int, typer.Option(help="number of players (1–8)")] = 2,
    variant: Annotated[str, typer.Option(help=f"preset: {', '.join(PRESET_NAMES)}")] = "classic",
    parts: Annotated[str | None, typer.Option(help="custom parts table, TOML or JSON file")] = None,
    play_on: Annotated[bool, typer.Option("--play-on", help="others play on for places (B12)")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print the figures as JSON")] = False,
) -> None:
    """Exact win probability by turn order, and the rolls one player needs to finish."""
    import json

    from rich.table import Table  # loaded by the commands that print one, not by --help

    from tabletop.core import TabletopError
    from tabletop.games.beetle import PRESETS, PartsTable
    from tabletop.games.beetle.odds import expected_rolls, finish_time, turn_order_odds

    try:
        if not 1 <= players <= 8:
            raise TabletopError(f"--players {players}: Beetle has 1–8 players")
        if parts is not None:
            table = PartsTable.load(parts)
        elif variant in PRESETS:
            table = PRESETS[variant]
        else:
            raise TabletopError(f"--variant {variant!r}: choose one of {', '.join(PRESETS)}")
        result = turn_order_odds(table, players, play_on)
        rolls = finish_time(table)
        mean = expected_rolls(table)
    except ValueError as error:
        raise fail(str(error)) from None
    figures: dict[str, Any] = {
        "players": players,
        "table": table.name,
        "parts": table.total,
        "play_on": play_on,
        "win_probability": list(result.win),
        "place_probability": [list(row) for row in result.places],
        "expected_rolls": float(mean),
        "expected_rolls_exact": f"{mean.numerator}/{mean.denominator}",
        "rolls": rolls.summary(),
        "rounds": result.rounds.summary(),
        "error_bound": result.error_bound,
        "method": "exact Markov chain (per-player chains, exact sums over rolls)",
    }
    if as_json:
        typer.echo(json.dumps(figures, indent=2))
        return
    grid = Table(title=f"Beetle ({table.name}, {table.total} parts), {players} players"
                 + (", play-on" if play_on else ""), title_justify="left")
    grid.add_column("turn order", justify="right")
    grid.add_column("wins", justify="right")
    if play_on and players > 1:
        for place in range(players):
            grid.add_column(f"place {place + 1}", justify="right")
    for k, p in enumerate(result.win):
        row = [f"{k + 1}", f"{p:.4%}"]
        if play_on and players > 1:
            row += [f"{q:.2%}" for q in result.places[k]]
        grid.add_row(*row)
    console.print(grid)
    summary = rolls.summary()
    console.print(f"Rolls one player needs to finish: mean {float(mean):.3f} (exactly {mean}), "
                  f"median {summary['median']}, 5–95% {summary['p5']}–{summary['p95']}")
    rounds = result.rounds.summary()
    console.print(f"Rounds the game lasts: mean {rounds['mean']:.3f}, median {rounds['median']}, "
                  f"5–95% {rounds['p5']}–{rounds['p95']}")
