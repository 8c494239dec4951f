"""Turning command-line text into game options and seat lists, with clear errors."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.core import GameSpec, OptionError, data


def read_data_file(path: str) -> Any:
    """The JSON or TOML data in ``path`` (for options such as a parts table)."""
    try:
        return data.read_data_file(path)
    except ValueError as error:
        raise OptionError(str(error)) from None


def parse_options(spec: GameSpec, pairs: Sequence[str]) -> dict[str, Any]:
    """``["players=3", "variant=winged"]`` → options; data options name a file to read."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or not name:
            raise OptionError(f"--option {pair!r} must look like name=value")
        option = spec.option(name)
        options[name] = read_data_file(value) if option.kind == "data" else value
    return options
