"""The registry: a plain mapping from a game's name to its :class:`Game` class.

The core defines the mapping type; ``tabletop.games`` fills it, so the core never imports a game. A
game in a package of its own joins through the ``tabletop.games`` entry-point group — one line in
its ``pyproject.toml`` (docs/events.md, "Adding a fifth game") — and plays wherever the four games tabletop ships play.
"""

from __future__ import annotations

import warnings
from collections.abc import Collection, Iterator, Mapping
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from tabletop.core.capabilities import Capability, check_declared
from tabletop.core.errors import UnknownGameError, list_allowed
from tabletop.core.game import Game
from tabletop.core.pools import check_pools

ENTRY_POINTS = "tabletop.games"
"""The entry-point group other packages register their games in: ``name = "package.module:GameClass"``."""


class Registry(Mapping[str, type[Game[Any, Any]]]):
    """Game classes by name, with :meth:`load` to build a game from options.

    Raises:
        TypeError: when a game's spec declares capabilities its code does not implement, or the reverse,
            its rating pools are not well made, or two games share a name.
    """

    def __init__(self, *games: type[Game[Any, Any]]) -> None:
        self._games: dict[str, type[Game[Any, Any]]] = {}
        for game in games:
            check_declared(game)
            check_pools(game.spec)
            if game.spec.name in self._games:
                raise TypeError(f"two games are called {game.spec.name!r}: {self._games[game.spec.name]!r} and "
                                f"{game!r}")
            self._games[game.spec.name] = game

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

    def providing(self, capability: Capability) -> list[str]:
        """The names of the games that offer ``capability`` (the RL adapters register those with an encoding)."""
        return [name for name, game in self._games.items() if capability in game.spec.capabilities]

    def load(self, name: str, /, **options: Any) -> Game[Any, Any]:
        """The game ``name`` with ``options``.

        Raises:
            UnknownGameError: listing the registered games.
            OptionError: naming the bad option and what it allows.
        """
        return self[name](**options)


def plugged_in(taken: Collection[str]) -> list[type[Game[Any, Any]]]:
    """The game classes installed packages register in the ``tabletop.games`` entry-point group.

    One that cannot be used — it fails to import, is not a game, takes a name already ``taken``, or
    declares capabilities its code lacks — is left out with a warning naming it and why: a broken
    package beside tabletop must not stop the games that work.
    """
    found: list[type[Game[Any, Any]]] = []
    names = set(taken)
    for point in entry_points(group=ENTRY_POINTS):
        try:
            game = _game_of(point)
            check_declared(game)
            if game.spec.name in names:
                raise TypeError(f"the name {game.spec.name!r} is taken")
        except Exception as error:  # any failure of someone else's package: say it and go on
            warnings.warn(f"the game {point.name!r} ({point.value}) is not loaded: {error}", RuntimeWarning,
                          stacklevel=2)
            continue
        names.add(game.spec.name)
        found.append(game)
    return found


def _game_of(point: EntryPoint) -> type[Game[Any, Any]]:
    loaded = point.load()
    if not (isinstance(loaded, type) and issubclass(loaded, Game)):
        raise TypeError(f"{point.value} is not a tabletop.core.Game subclass")
    if loaded.spec.name != point.name:
        raise TypeError(f"it is registered as {point.name!r} but its spec is called {loaded.spec.name!r}")
    return loaded
