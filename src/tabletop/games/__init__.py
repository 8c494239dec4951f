"""The games tabletop ships, registered by name. Each is a package that imports only the core."""

from tabletop.core import Registry
from tabletop.games.beetle import Beetle
from tabletop.games.cribbage import Cribbage
from tabletop.games.cubulus import Cubulus

REGISTRY = Registry(Beetle, Cribbage, Cubulus)
"""Every registered game: ``REGISTRY["beetle"]`` is the Beetle class."""

__all__ = ["REGISTRY"]
