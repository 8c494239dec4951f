"""Storage of live play: tables, seats and event logs in SQLite (default) or PostgreSQL."""

from tabletop.storage.errors import StaleMoveError, StorageError, TableExistsError
from tabletop.storage.lobby import LobbyPage, LobbyRow, LobbySeat
from tabletop.storage.migrate import upgrade
from tabletop.storage.models import STATUSES
from tabletop.storage.store import DEFAULT_URL, NewEvent, SeatSpec, Store, hash_token

__all__ = [
    "DEFAULT_URL", "STATUSES", "LobbyPage", "LobbyRow", "LobbySeat", "NewEvent", "SeatSpec", "StaleMoveError",
    "StorageError", "Store", "TableExistsError", "hash_token", "upgrade",
]
