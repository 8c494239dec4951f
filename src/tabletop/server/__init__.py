"""The live play server: web API and WebSocket tables over the event-log store (sends only views)."""

from tabletop.server.app import ServerSettings, create_app
from tabletop.server.errors import Rejection
from tabletop.server.hub import Connection, Hub

__all__ = ["Connection", "Hub", "Rejection", "ServerSettings", "create_app"]
