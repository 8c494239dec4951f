"""tabletop: traditional games with one interface, bots, records, terminal and web play.

>>> import tabletop
>>> game = tabletop.load("beetle", players=3, variant="four-legs")
>>> game.num_players, game.table.total
(3, 11)

The names here load what they need when first used (PEP 562), so that ``import tabletop.cli`` — every
``tabletop`` command — does not pay for the games, NumPy and the engine before it knows it needs them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.core import Game, Record, State
    from tabletop.core.registry import Registry

    REGISTRY: Registry

__version__ = "0.1.0"

_LAZY = {"REGISTRY": "tabletop.games", "Game": "tabletop.core", "Record": "tabletop.core", "State": "tabletop.core"}


def load(name: str, /, **options: Any) -> Game[Any, Any]:
    """The registered game ``name`` with ``options`` (validated; defaults filled in).

    Raises:
        UnknownGameError: listing the games there are.
        OptionError: naming the bad option and what it allows.
    """
    from tabletop.games import REGISTRY

    return REGISTRY.load(name, **options)


def replay(record: Record) -> State[Any]:
    """Replay a record and return its final state; raises RecordError at the first bad action."""
    from tabletop.core import replay as replay_record

    return replay_record(record, load)


_SUBPACKAGES = ("agents", "cli", "core", "games", "interop", "server", "sim", "storage")


def __getattr__(name: str) -> Any:
    import importlib

    if name in _SUBPACKAGES:  # `tabletop.core.X` after a bare `import tabletop`, as before it was lazy
        return importlib.import_module(f"tabletop.{name}")
    if name not in _LAZY:
        raise AttributeError(f"module 'tabletop' has no attribute {name!r}")
    value = getattr(importlib.import_module(_LAZY[name]), name)
    globals()[name] = value  # looked up once
    return value


__all__ = ["REGISTRY", "Game", "Record", "State", "load", "replay"]
