"""The live play server: web API and WebSocket tables over the event-log store (sends only views).

The names below load on first use (PEP 562): the server's worker processes import
``tabletop.server.bots`` or ``tabletop.server.jobs`` alone, and must not pay seconds for the web stack,
the database layer and the hub they never use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.server.app import ServerSettings, create_app
    from tabletop.server.errors import Rejection
    from tabletop.server.hub import Connection, Hub

__all__ = ["Connection", "Hub", "Rejection", "ServerSettings", "create_app"]

_HOMES = {"ServerSettings": "app", "create_app": "app", "Rejection": "errors", "Connection": "hub", "Hub": "hub"}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
