"""Reading structured data that users bring (TOML or JSON files) and explaining why it is invalid."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pydantic


def read_data_file(path: str | Path) -> Any:
    """The data in a ``.toml`` file, or in a JSON file (any other name).

    Raises:
        ValueError: naming the file, for a file that cannot be read or does not parse.
    """
    file = Path(path)
    kind = "TOML" if file.suffix.lower() == ".toml" else "JSON"
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as error:
        raise ValueError(f"cannot read {file}: {error.strerror}") from None
    try:
        return tomllib.loads(text) if kind == "TOML" else json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"{file} is not valid {kind}: {error}") from None


def problems(error: pydantic.ValidationError, what: str) -> str:
    """Every problem pydantic found, as ``where: what is wrong`` joined by semicolons."""
    return "; ".join(
        f"{'.'.join(str(p) for p in e['loc']) or what}: {e['msg'].removeprefix('Value error, ')}"
        for e in error.errors()
    )
