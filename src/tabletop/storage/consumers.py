"""Which finished tables each consumer of finished tables has handled (:class:`~tabletop.storage.models.ConsumedRow`).

A consumer (ratings, statistics, a tournament's scoring, puzzle mining) must handle every finished table
once, even when the process that finished it died before telling it. So it *claims* a table before
handling it (an insert the primary key lets only one process make) and marks it *done* after; a table
finished without a done mark is found again by :meth:`ConsumerMarks.pending` — at start, and every round
after — and a claim left by a process that died while handling is taken again once it is ``stale_seconds``
old. A consumer's own writes are keyed by the table id, so a table handled twice in that rare case
changes nothing the second time.
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import and_, delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from tabletop.storage.models import ConsumedRow, TableRow, now
from tabletop.storage.store import Store

FINISHED = ("over", "abandoned")


class ConsumerMarks:
    """The marks of every consumer in one :class:`~tabletop.storage.Store`."""

    def __init__(self, store: Store, stale_seconds: float = 300.0) -> None:
        self.store = store
        self.stale_seconds = stale_seconds

    def claim(self, consumer: str, table_id: str) -> bool:
        """Take ``table_id`` for ``consumer``: True when this caller is to handle it now (it was not
        claimed, or its claim went stale), False when it is done or another caller is handling it."""
        moment = now()
        with self.store.engine.begin() as connection:
            try:
                connection.execute(insert(ConsumedRow).values(consumer=consumer, table_id=table_id, done=False,
                                                              claimed_at=moment))
                return True
            except IntegrityError:
                pass
        with self.store.engine.begin() as connection:  # a claim its process left behind: taken again
            stale = moment - timedelta(seconds=self.stale_seconds)
            taken = connection.execute(update(ConsumedRow).where(
                ConsumedRow.consumer == consumer, ConsumedRow.table_id == table_id, ConsumedRow.done.is_(False),
                ConsumedRow.claimed_at < stale).values(claimed_at=moment))
            return bool(taken.rowcount)

    def done(self, consumer: str, table_id: str) -> None:
        """``consumer`` has handled ``table_id``."""
        with self.store.engine.begin() as connection:
            connection.execute(update(ConsumedRow).where(ConsumedRow.consumer == consumer,
                                                         ConsumedRow.table_id == table_id).values(done=True))

    def release(self, consumer: str, table_id: str) -> None:
        """``consumer`` failed to handle ``table_id``: its claim goes, so the next round tries again."""
        with self.store.engine.begin() as connection:
            connection.execute(delete(ConsumedRow).where(ConsumedRow.consumer == consumer,
                                                         ConsumedRow.table_id == table_id,
                                                         ConsumedRow.done.is_(False)))

    def pending(self, consumer: str, limit: int = 100) -> list[str]:
        """Finished tables ``consumer`` has not handled (none of its marks, or a stale claim), the earliest
        finished first, at most ``limit``."""
        stale = now() - timedelta(seconds=self.stale_seconds)
        mark = and_(ConsumedRow.table_id == TableRow.id, ConsumedRow.consumer == consumer)
        query = (select(TableRow.id).outerjoin(ConsumedRow, mark)
                 .where(TableRow.status.in_(FINISHED),
                        or_(ConsumedRow.table_id.is_(None),
                            and_(ConsumedRow.done.is_(False), ConsumedRow.claimed_at < stale)))
                 .order_by(TableRow.updated_at, TableRow.id).limit(limit))
        with self.store.engine.connect() as connection:
            return [row[0] for row in connection.execute(query)]
