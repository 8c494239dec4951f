"""How every ``tabletop`` command reports bad input — one red ``error:`` line on stderr, then exit — and
the consoles the commands print with.

The consoles are made on first use: rich's Console module is a good part of a CLI's start-up, and
``tabletop --help`` (plain click help, see ``app.py``) or a command that fails its arguments never
needs one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import typer

if TYPE_CHECKING:
    from rich.console import Console


class _Deferred:
    """A rich ``Console`` made with ``options`` the first time anything asks it for anything."""

    def __init__(self, **options: Any) -> None:
        self._options = options
        self._console: Any = None

    def __getattr__(self, name: str) -> Any:
        if self._console is None:
            from rich.console import Console

            self._console = Console(**self._options)
        return getattr(self._console, name)


def console(**options: Any) -> Console:
    """A console for a module to print with (``Console(**options)``), made when it first prints."""
    return cast("Console", _Deferred(**options))


errors = console(stderr=True, highlight=False)

PLAIN_HELP = None
"""Every Typer's ``rich_markup_mode``: help and usage errors as click's plain text, as git's and pip's
are. Typer's boxed help imports markdown-it, Pygments and rich's tracebacks — twice the start-up of
typer and rich themselves — for every ``--help`` and every mistyped option."""


def print_columns(title: str, header: tuple[str, ...], rows: Sequence[tuple[str, ...]], *, total: tuple[str, ...] = (),
                  right: frozenset[int] = frozenset()) -> None:
    """Print a small table as aligned columns with click's styling — for the commands that must start at
    once (``cribbage score``): rich's console and table modules would cost more than the command itself
    (benchmarks/cli_startup.py). ``right`` names the columns aligned right; ``total`` is a bold last row."""
    every = [header, *rows, *([total] if total else [])]
    widths = [max(len(row[column]) for row in every) for column in range(len(header))]

    def line(row: tuple[str, ...]) -> str:
        cells = (cell.rjust(width) if column in right else cell.ljust(width)
                 for column, (cell, width) in enumerate(zip(row, widths, strict=True)))
        return "  ".join(cells).rstrip()

    typer.secho(title, bold=True)
    typer.secho(line(header), dim=True)
    for row in rows:
        typer.echo(line(row))
    if total:
        typer.secho(line(total), bold=True)


def print_wrapped(text: str) -> None:
    """Print a paragraph wrapped to the terminal's width (80 columns when it has none)."""
    import shutil
    import textwrap

    typer.echo(textwrap.fill(text, width=min(shutil.get_terminal_size().columns, 100)))


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``error: message`` as one line on stderr and return the Exit to raise."""
    from rich.text import Text

    errors.print(Text(f"error: {message}", style="bold red"), soft_wrap=True)
    return typer.Exit(code)
