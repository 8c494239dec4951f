"""``tabletop kubik …``: Kubik's physics tools — simulate one throw, fit the calibrated model (K20, K20b).

``throw`` runs the MuJoCo simulation of one throw and prints what happened (``--json`` adds the
trajectory for an animation); ``calibrate`` simulates many throws, fits the fast outcome model and writes
the data file the rules engine ships with. Bad input is one red line on stderr and exit code 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from tabletop.cli.output import PLAIN_HELP, errors, fail
from tabletop.cli.output import console as make_console

kubik_app = typer.Typer(help="Kubik tools: simulate a throw, calibrate the fast outcome model.", no_args_is_help=True,
                         rich_markup_mode=PLAIN_HELP)
console = make_console(highlight=False)



@kubik_app.command()
def throw(
    line: Annotated[str, typer.Option(help="throwing line, A or B")] = "A",
    position: Annotated[float, typer.Option(help="metres along the line, −1 … 1")] = 0.0,
    aim: Annotated[float, typer.Option(help="degrees left (+) or right (−) of the cube, −6 … 6")] = 0.0,
    power: Annotated[float, typer.Option(help="release speed, m/s, 8 … 18")] = 12.0,
    spin: Annotated[float, typer.Option(help="turns per second, 0 … 6")] = 2.0,
    skill: Annotated[float, typer.Option(help="1 throws exactly as chosen, 0 is very wild")] = 0.8,
    seed: Annotated[int | None, typer.Option(help="seed for the thrower's errors")] = None,
    cube: Annotated[str, typer.Option(help="standard (15 cm), small (4.2 cm) or an edge in metres")] = "standard",
    steps: Annotated[float, typer.Option(help="distance from the circle to the lines, in steps (K3)")] = 6.0,
    top: Annotated[int, typer.Option(help="the cube's top face")] = 1,
    front: Annotated[int, typer.Option(help="the cube's face towards line A")] = 2,
    x: Annotated[float, typer.Option(help="the cube's x, m from the circle's centre")] = 0.0,
    y: Annotated[float, typer.Option(help="the cube's y, m from the circle's centre")] = 0.0,
    as_json: Annotated[bool, typer.Option("--json", help="print the result and trajectory as JSON")] = False,
) -> None:
    """Simulate one throw with MuJoCo and print the outcome (K7, K9, K12)."""
    import json
    import random
    import time

    from rich.text import Text

    from tabletop.games.kubik import calibrated
    from tabletop.games.kubik.field import CubePose, Throw
    from tabletop.games.kubik.physics.throw import sample_noise, simulate_throw  # MuJoCo loads only here

    try:
        _, field = calibrated.parse_field_key(f"{cube}:{steps:g}")
        choice = Throw(line, position, aim, power, spin)
        pose = CubePose(top, front, x, y)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        noise = sample_noise(random.Random(seed))
        started = time.perf_counter()
        result = simulate_throw(field, pose, choice, skill, noise)
        seconds = time.perf_counter() - started
    except ValueError as error:
        raise fail(str(error)) from None
    summary = ("miss" if not result.hit else f"out, {result.top} on top" if result.out
               else f"stays in, {result.top} on top")
    if as_json:
        figures: dict[str, Any] = {
            "throw": str(choice), "skill": skill, "seed": seed, "noise": list(noise.values),
            "hit": result.hit, "out": result.out, "top": result.top, "front": result.front,
            "x": result.x, "y": result.y, "yaw": result.yaw, "crossed_border": result.crossed_border,
            "trajectory": result.trajectory.as_dict(),
        }
        typer.echo(json.dumps(figures))
        return
    console.print(Text(f"{choice}, skill {skill:g}, seed {seed}: {summary}", style="bold"))
    travelled = (result.x - x) ** 2 + (result.y - y) ** 2
    console.print(f"cube at rest at ({result.x:+.2f}, {result.y:+.2f}) m, turned {result.yaw * 57.29578:+.0f}°, "
                  f"{travelled ** 0.5:.2f} m from where it stood; top {result.top}, front {result.front}"
                  + ("; crossed the border line" if result.crossed_border else ""))
    console.print(Text(f"{len(result.trajectory)} frames over {result.trajectory.times[-1]:.2f} s, "
                       f"simulated in {seconds * 1000:.0f} ms", style="dim"))


@kubik_app.command()
def calibrate(
    throws: Annotated[int, typer.Option(help="simulated throws per cube")] = 3000,
    intercepts: Annotated[int, typer.Option(help="simulated interceptions per cube (of throws that crossed)")] = 400,
    cube: Annotated[list[str] | None, typer.Option(help="cube to fit: standard, small or an edge in metres; "
                                                   "repeat for several (default: standard and small)")] = None,
    seed: Annotated[int, typer.Option(help="seed of the training throws")] = 1,
    workers: Annotated[int, typer.Option(help="processes to simulate on")] = 1,
    jobs: Annotated[int | None, typer.Option(hidden=True, help="the old name of --workers (deprecated)")] = None,
    output: Annotated[Path | None, typer.Option(
        help="where to write [default: kubik/calibration.json in tabletop's user data folder]",
        show_default=False)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print where it wrote and each cube's run as JSON")]
    = False,
) -> None:
    """Fit the calibrated outcome model (K20b) to simulated throws and write it as data.

    The default run (3000 throws and 400 interceptions for each of two cubes) takes two or three
    minutes on one core; --throws and --workers make bigger runs. An existing output file keeps the cubes
    it does not refit. See docs/kubik-physics.md for the model and how the shipped data was made.
    """
    import json
    import time

    from rich.text import Text

    from tabletop.games.kubik import calibrated, fitting
    from tabletop.games.kubik.physics.mujoco_model import DEFAULT_TIMESTEP

    if jobs is not None:  # one name for processes everywhere (--workers); the old one still works
        errors.print(Text("note: --jobs is now --workers", style="yellow"))
        workers = jobs
    cubes = cube or ["standard", "small"]
    try:
        if throws < 50 or intercepts < 0 or workers < 1:
            raise ValueError("--throws must be at least 50, --intercepts at least 0, --workers at least 1")
        for name in cubes:
            calibrated.parse_field_key(f"{name}:6")
    except ValueError as error:
        raise fail(str(error)) from None
    from tabletop.cli.paths import default_calibration

    target = output or default_calibration()  # never over the data file inside the installed package
    data: dict[str, Any] = {"format": calibrated.FORMAT, "models": {}, "runs": {}}
    if target.exists():
        try:
            old = json.loads(target.read_text(encoding="utf-8"))
            if old.get("format") == calibrated.FORMAT:
                data = old
        except (OSError, json.JSONDecodeError):
            pass  # an unreadable old file is simply replaced by the fresh calibration
    for name in cubes:
        started = time.perf_counter()
        done = [0]

        def progress(count: int, done: list[int] = done, name: str = name) -> None:
            done[0] += count
            if done[0] % 500 < count:
                errors.print(Text(f"{name}: {done[0]}/{throws} throws", style="dim"))

        try:
            model, samples = fitting.calibrate(name, throws, intercepts, seed, workers, progress=progress)
        except ValueError as error:
            raise fail(str(error)) from None
        seconds = time.perf_counter() - started
        data["models"][name] = model.as_dict()
        data["runs"][name] = {"throws": throws, "intercepts": intercepts, "seed": seed,
                              "timestep": DEFAULT_TIMESTEP, "seconds": round(seconds, 1),
                              "checks": fitting.checks(model, samples)}
        if not as_json:
            show(name, data["runs"][name])
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    except OSError as error:
        raise fail(f"cannot write {target}: {error.strerror}", 1) from None
    if as_json:
        typer.echo(json.dumps({"output": str(target), "runs": {name: data["runs"][name] for name in cubes}}, indent=2))
        return
    console.print(f"wrote {target}")


def show(name: str, run: dict[str, Any]) -> None:
    """Print a calibration run's checks: simulated against fitted rates, by skill band."""
    from rich.table import Table  # loaded by the commands that print one, not by --help

    table = Table(title=f"{name}: {run['throws']} throws in {run['seconds']:.0f} s — simulated / fitted",
                  title_justify="left")
    for column in ("skill", "throws", "hit", "out", "past", "top stays (of out)"):
        table.add_column(column, justify="right")
    for band in run["checks"]:
        table.add_row(band["skill"], str(band["throws"]),
                      *(f"{band[k][0]:.3f} / {band[k][1]:.3f}" for k in ("hit", "out", "past", "stays")))
    console.print(table)
