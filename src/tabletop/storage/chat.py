"""The chat of each table, kept in the table's database beside (never inside) its event log.

A table's chat is bounded: each new message drops the ones beyond the newest ``keep`` in the same
transaction, so a long game with a chatty room costs a fixed amount of storage. Messages are
numbered by the database (an increasing id), which orders them across server processes.
"""

from __future__ import annotations

from sqlalchemy import delete, insert, select

from tabletop.storage.errors import StorageError
from tabletop.storage.models import ChatRow, TableRow, now
from tabletop.storage.store import Store

KEEP = 500
"""Messages kept per table (the newest); older ones are deleted as new ones come."""


class ChatLog:
    """The chat messages of every table of one :class:`~tabletop.storage.Store`."""

    def __init__(self, store: Store, keep: int = KEEP) -> None:
        self.store = store
        self.keep = keep

    def add(self, table_id: str, seat: int, name: str, text: str, account: str | None = None) -> ChatRow:
        """Write one message (committed before this returns) and drop the table's older ones beyond
        ``keep``; the message as stored, with its id and time.

        Raises:
            StorageError: when there is no table ``table_id``.
        """
        moment = now()
        with self.store.engine.begin() as connection:
            if connection.execute(select(TableRow.id).where(TableRow.id == table_id)).first() is None:
                raise StorageError(f"no table {table_id!r}")
            number = connection.execute(insert(ChatRow).values(
                table_id=table_id, seat=seat, name=name, text=text, at=moment, account=account
            ).returning(ChatRow.id)).scalar_one()
            oldest_kept = select(ChatRow.id).where(ChatRow.table_id == table_id).order_by(
                ChatRow.id.desc()).offset(self.keep - 1).limit(1).scalar_subquery()
            connection.execute(delete(ChatRow).where(ChatRow.table_id == table_id, ChatRow.id < oldest_kept))
        return ChatRow(id=number, table_id=table_id, seat=seat, name=name, text=text, at=moment, account=account)

    def recent(self, table_id: str, limit: int) -> list[ChatRow]:
        """The table's newest ``limit`` messages a moderator has not hidden, oldest first (what a new connection
        is sent)."""
        query = select(ChatRow).where(ChatRow.table_id == table_id, ChatRow.hidden_at.is_(None)).order_by(
            ChatRow.id.desc()).limit(limit)
        with self.store.session() as session:
            return list(reversed(list(session.scalars(query))))
