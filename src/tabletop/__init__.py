"""tabletop: traditional games with one interface, bots, records, terminal and web play.

>>> import tabletop
>>> game = tabletop.load("beetle", players=3, variant="four-legs")
>>> game.num_players, game.table.total
(3, 11)
"""

from typing import Any

from tabletop.core import Game, Record, State
from tabletop.core import replay as _replay
from tabletop.games import REGISTRY

__version__ = "0.1.0"


def load(name: str, /, **options: Any) -> Game[Any, Any]:
    """The registered game ``name`` with ``options`` (validated; defaults filled in).

    Raises:
        UnknownGameError: listing the games there are.
        OptionError: naming the bad option and what it allows.
    """
    return REGISTRY.load(name, **options)


def replay(record: Record) -> State[Any]:
    """Replay a record and return its final state; raises RecordError at the first bad action."""
    return _replay(record, load)


__all__ = ["REGISTRY", "Game", "Record", "State", "load", "replay"]
