"""The games tabletop ships, registered by name. Each is a package that imports only the core.

``REGISTRY`` is built on first use (PEP 562): importing one game's module — ``tabletop cribbage score``
needs only the scoring kernel — does not load the other three.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.core import Registry

    REGISTRY: Registry
    """Every registered game: ``REGISTRY["beetle"]`` is the Beetle class."""


def __getattr__(name: str) -> Any:
    if name != "REGISTRY":
        raise AttributeError(f"module 'tabletop.games' has no attribute {name!r}")
    from tabletop.core import Registry
    from tabletop.games.beetle import Beetle
    from tabletop.games.cribbage import Cribbage
    from tabletop.games.cubulus import Cubulus
    from tabletop.games.kubik import Kubik

    registry = globals()["REGISTRY"] = Registry(Beetle, Cribbage, Cubulus, Kubik)
    return registry


__all__ = ["REGISTRY"]
