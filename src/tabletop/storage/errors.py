"""What the store refuses: its errors, shared by every storage module."""

from __future__ import annotations


class StorageError(ValueError):
    """A request the store cannot carry out (an unknown table, a bad status)."""


class StaleMoveError(StorageError):
    """Move ``number`` of the table was already written: someone else moved first."""


class TableExistsError(StorageError):
    """A table with the id asked for exists already (a rematch someone else created a moment ago)."""
