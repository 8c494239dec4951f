"""Names a package exports but imports on first use (PEP 562), so that importing one light part
of it (``tabletop.core.cards`` to score a hand at the prompt) does not load the heavy rest
(NumPy and pydantic for encodings and records, a game's bots).

A package lists each exported name with the module defining it and takes its module
``__getattr__`` and ``__dir__`` from :func:`lazy_exports`; type checkers read the real imports
under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(package: str, names: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package`` exporting ``names`` (name → its module).

    A name is imported once and then kept in the package's namespace; a submodule not imported yet
    (``tabletop.core.errors`` after ``import tabletop.core``) is imported when asked for.
    """

    def __getattr__(name: str) -> Any:
        module = names.get(name)
        if module is None:
            if importlib.util.find_spec(f"{package}.{name}") is None:
                raise AttributeError(f"module {package!r} has no attribute {name!r}")
            return importlib.import_module(f"{package}.{name}")
        value = getattr(importlib.import_module(module), name)
        setattr(sys.modules[package], name, value)  # looked up once
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *names})

    return __getattr__, __dir__
