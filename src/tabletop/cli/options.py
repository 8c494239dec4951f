"""Turning command-line text into game options and seat lists, with clear errors."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabletop.core import GameSpec, OptionError


def read_data_file(path: str) -> Any:
    """The JSON or TOML data in ``path`` (for options such as a parts table)."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as error:
        raise OptionError(f"cannot read {path}: {error.strerror}") from None
    try:
        return tomllib.loads(text) if file.suffix.lower() == ".toml" else json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as error:
        raise OptionError(f"{path} is not valid {'TOML' if file.suffix.lower() == '.toml' else 'JSON'}: "
                          f"{error}") from None


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
