"""Storage of live play: tables, seats and event logs in SQLite (default) or PostgreSQL."""

from tabletop.storage.migrate import upgrade
from tabletop.storage.store import (
    DEFAULT_URL,
    STATUSES,
    LobbyPage,
    LobbyRow,
    LobbySeat,
    NewEvent,
    SeatSpec,
    StaleMoveError,
    StorageError,
    Store,
    TableExistsError,
    hash_token,
)

__all__ = [
    "DEFAULT_URL", "STATUSES", "LobbyPage", "LobbyRow", "LobbySeat", "NewEvent", "SeatSpec", "StaleMoveError",
    "StorageError", "Store", "TableExistsError", "hash_token", "upgrade",
]
