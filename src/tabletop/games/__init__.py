"""The games tabletop ships, registered by name — each a package that imports only the core — and any
that installed packages add through the ``tabletop.games`` entry-point group (docs/events.md, "Adding a fifth game").

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
    from tabletop.core.registry import Registry, plugged_in
    from tabletop.games.beetle import Beetle
    from tabletop.games.cribbage import Cribbage
    from tabletop.games.cubulus import Cubulus
    from tabletop.games.kubik import Kubik

    shipped = (Beetle, Cribbage, Cubulus, Kubik)
    registry = globals()["REGISTRY"] = Registry(*shipped, *plugged_in({game.spec.name for game in shipped}))
    return registry


__all__ = ["REGISTRY"]
