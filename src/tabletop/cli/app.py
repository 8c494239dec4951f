"""The ``tabletop`` command: list games, play in the terminal, replay records, game tools.

Every command turns bad input into a one-line error on stderr and a non-zero exit; nothing it
prints on stdout is a half result.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from tabletop.cli.admin import admin_app
from tabletop.cli.beetle import beetle_app
from tabletop.cli.cribbage import cribbage_app
from tabletop.cli.export import export
from tabletop.cli.kubik import kubik_app
from tabletop.cli.output import PLAIN_HELP, fail
from tabletop.cli.output import console as make_console
from tabletop.cli.serve import serve
from tabletop.cli.sim import simulate, tournament

# Each command imports the games, the engine and the server where it runs, not here: `tabletop --help`
# and a one-line command start in the time typer and rich take, not the seconds the whole stack does.

app = typer.Typer(
    help="tabletop: Cribbage, Cubulus, Beetle and Kubik — play, study and simulate.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=PLAIN_HELP,
)


def _version(shown: bool) -> None:
    if shown:
        from tabletop import __version__

        typer.echo(f"tabletop {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="print the version and stop")] = False,
) -> None:
    """tabletop: Cribbage, Cubulus, Beetle and Kubik — play, study and simulate."""


app.add_typer(admin_app, name="admin")
app.add_typer(beetle_app, name="beetle")
app.add_typer(cribbage_app, name="cribbage")
app.add_typer(kubik_app, name="kubik")
app.command()(tournament)
app.command()(simulate)
app.command()(serve)
app.command()(export)

console = make_console(highlight=False)



@app.command()
def games(
    as_json: Annotated[bool, typer.Option("--json", help="print the games and their options as JSON")] = False,
) -> None:
    """List the games and their options."""
    import json

    from rich.table import Table  # loaded by the commands that print one, not by --help
    from rich.text import Text

    import tabletop

    if as_json:
        listing = [{"name": name, "title": cls.spec.title, "description": cls.spec.description,
                    "players": [cls.spec.min_players, cls.spec.max_players], "chance": cls.spec.chance.value,
                    "hidden_information": cls.spec.hidden_information,
                    "options": [option.to_data() for option in cls.spec.all_options]}
                   for name, cls in tabletop.REGISTRY.items()]
        typer.echo(json.dumps(listing, ensure_ascii=False, indent=2))
        return
    for name, cls in tabletop.REGISTRY.items():
        spec = cls.spec
        table = Table(title=f"{spec.title}  —  tabletop play {name}", title_justify="left", expand=False)
        table.add_column("option")
        table.add_column("default")
        table.add_column("allowed")
        table.add_column("what it does")
        for option in spec.all_options:
            default = "—" if option.default is None else str(option.default).lower() \
                if isinstance(option.default, bool) else str(option.default)
            table.add_row(option.name, default, option.describe(), option.help)
        console.print(table)
        facts = [
            f"players {spec.min_players}–{spec.max_players}",
            f"chance: {spec.chance.value}",
            "hidden information" if spec.hidden_information else "perfect information",
            f"rules: /rules/en/{spec.name}.html on tabletop serve (also ru/, ro/; the app's Rules button)",
        ]
        console.print(Text(spec.description))
        console.print(Text(" · ".join(f for f in facts if f), style="dim"))
        console.print()


@app.command(name="play")
def play_command(
    game: Annotated[str, typer.Argument(help="game name (see `tabletop games`)")],
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="game option name=value")] = None,
    seats: Annotated[str | None, typer.Option(
        help="comma-separated: human, bot (the normal level), easy, normal, hard, random, or a game's own bot")] = None,
    seed: Annotated[int | None, typer.Option(help="seed for the dice and the bots")] = None,
    record: Annotated[Path | None, typer.Option(help="save the game record (JSON) here")] = None,
    delay: Annotated[float, typer.Option(help="seconds to pause after a bot's move")] = 0.3,
    chance: Annotated[str, typer.Option(help="who decides chance: auto (the game says), machine, or people "
                                             "(type the dice, cards or throws of a real table)")] = "auto",
    coach: Annotated[bool, typer.Option(help="coach mode: before each of your decisions, what each choice is "
                                             "worth from your view (off by default)")] = False,
) -> None:
    """Play a game in the terminal; with only bots seated it runs by itself."""
    import random

    from rich.text import Text

    import tabletop
    from tabletop.cli.options import parse_options
    from tabletop.cli.play import run, seat_agents
    from tabletop.core import TabletopError

    try:
        spec = tabletop.REGISTRY[game].spec
        options = parse_options(spec, option or [])
        if seats:
            given = [seat.strip() for seat in seats.split(",")]
            low, high = spec.min_players, spec.max_players
            if not low <= len(given) <= high:
                wanted = f"{low} seats" if low == high else f"{low}–{high} seats"
                raise TabletopError(f"{game} needs {wanted}; --seats gave {len(given)} ({', '.join(given)})")
            if "players" not in options:
                options["players"] = len(given)
        if not seats or "human" in [seat.strip().lower() for seat in seats.split(",")]:
            options = {**dict(spec.people_options), **options}  # people play: e.g. no throw cap in Kubik
        loaded = tabletop.load(game, **options)
        loaded.initial_state()  # a game that cannot start says why here (Kubik's physics without MuJoCo)
        agents, names = seat_agents(seats, loaded, console)
    except TabletopError as error:
        raise fail(str(error)) from None
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    console.print(Text(f"{spec.title} — {loaded.num_players} players — seed {seed}", style="bold"))
    console.print(Text("Seats: " + ", ".join(f"{i + 1} {n}" for i, n in enumerate(names)), style="dim"))
    if chance not in ("auto", "machine", "people"):
        raise fail(f"--chance {chance!r}: choose auto, machine or people")
    by_people = chance == "people" or (chance == "auto" and loaded.chance_entered_by_people)
    run(loaded, agents, names, seed, console, record, delay if sys.stdin.isatty() else 0.0, by_people, coach)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a game record (JSON); - reads standard input")],
    as_json: Annotated[bool, typer.Option("--json", help="print the result as JSON")] = False,
) -> None:
    """Replay a game record and print its result; a bad record names its first bad action."""
    import json

    import tabletop
    from tabletop.cli.play import result_line, styled
    from tabletop.core import Record, TabletopError, winner_field
    from tabletop.core.record import record_result

    try:
        text = sys.stdin.read() if str(file) == "-" else file.read_text(encoding="utf-8")
    except OSError as error:
        raise fail(f"cannot read {file}: {error.strerror}", 1) from None
    try:
        record = Record.from_json(text)
        state = tabletop.replay(record)
    except TabletopError as error:
        raise fail(str(error), 1) from None
    returns, outcome = record_result(state, record.ending)
    if as_json:
        result: dict[str, Any] = {
            "game": record.game,
            "options": dict(state.game.options),
            "actions": list(record.actions),  # every action and chance outcome, in notation
            "action_count": len(record.actions),
            "terminal": state.is_terminal,
            "ending": record.ending.to_data() if record.ending is not None else None,
            "returns": list(returns),
            "winner": winner_field(state) if record.ending is None else _winner(returns, record.ending.has_result),
            "outcome": outcome.to_data() if outcome is not None else None,
        }
        typer.echo(json.dumps(result, ensure_ascii=False, indent=2))
        return
    console.print(styled(str(state)))
    console.print(result_line(state, record.meta.get("players"), record.ending))


def _winner(returns: tuple[float, ...], has_result: bool) -> int | list[int] | None:
    """The ``winner`` field of an ended game's result: a seat, a list of seats, or None."""
    from tabletop.core import winners

    top = winners(returns) if has_result else ()
    return None if not top else top[0] if len(top) == 1 else list(top)


def main() -> None:
    """Entry point of the ``tabletop`` script; a missing extra is one line naming it (exit 1)."""
    from tabletop.core.extras import MissingExtra

    try:
        app()
    except MissingExtra as error:
        raise SystemExit(fail(str(error), 1).exit_code) from None
