"""How every ``tabletop`` command reports bad input: one red ``error:`` line on stderr, then exit."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.text import Text

errors = Console(stderr=True, highlight=False)


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``error: message`` as one line on stderr and return the Exit to raise."""
    errors.print(Text(f"error: {message}", style="bold red"), soft_wrap=True)
    return typer.Exit(code)
