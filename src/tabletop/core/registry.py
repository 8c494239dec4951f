"""The registry: a plain mapping from a game's name to its :class:`Game` class.

The core defines the mapping type; ``tabletop.games`` fills it, so the core never imports a game.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from tabletop.core.errors import UnknownGameError, list_allowed
from tabletop.core.game import Game


class Registry(Mapping[str, type[Game[Any, Any]]]):
    """Game classes by name, with :meth:`load` to build a game from options."""

    def __init__(self, *games: type[Game[Any, Any]]) -> None:
        self._games = {game.spec.name: game for game in games}

    def __getitem__(self, name: str) -> type[Game[Any, Any]]:
        try:
            return self._games[name]
        except KeyError:
            raise UnknownGameError(
                f"no game called {name!r}; available: {list_allowed(sorted(self._games))}",
                params={"game": str(name)[:40], "games": sorted(self._games)},
            ) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._games)

    def __len__(self) -> int:
        return len(self._games)

    def load(self, name: str, /, **options: Any) -> Game[Any, Any]:
        """The game ``name`` with ``options``.

        Raises:
            UnknownGameError: listing the registered games.
            OptionError: naming the bad option and what it allows.
        """
        return self[name](**options)
