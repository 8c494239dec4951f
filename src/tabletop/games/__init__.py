"""The games tabletop ships, registered by name. Each is a package that imports only the core."""

from tabletop.core import Registry
from tabletop.games.beetle import Beetle
from tabletop.games.cribbage import Cribbage
from tabletop.games.cubulus import Cubulus
from tabletop.games.kubik import Kubik

REGISTRY = Registry(Beetle, Cribbage, Cubulus, Kubik)
"""Every registered game: ``REGISTRY["beetle"]`` is the Beetle class."""

__all__ = ["REGISTRY"]
