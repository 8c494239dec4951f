"""The seeks of quick pairing: who is looking for a game of what, rated or not, against whom (a rating range).

A seek lives while its browser keeps asking after it (``seen_at``); one not seen for a few seconds is gone for
everyone (its player left the page) and is dropped by the next post. An account has one seek at a time. Two
seeks are matched when they ask for the same game with the same options, both rated or both casual, each
player's rating in the other's range: the later one *claims* the earlier in one conditional write
(``matched_by``), so two players posting at once on two processes never take the same seek, and the claimer
makes the table and writes it into the claimed seek, which its browser then reads.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    and_,
    delete,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.orm import Mapped, mapped_column

from tabletop.storage.models import Base, aware, now
from tabletop.storage.store import Store

DROPPED_AFTER = timedelta(minutes=10)
"""A seek nobody asked after (or matched) this long ago is deleted by the next post."""


class SeekRow(Base):
    """A player looking for a game: what, rated or not, their rating then and the range they accept."""

    __tablename__ = "seeks"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    username: Mapped[str] = mapped_column(String(32))
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    options_key: Mapped[str] = mapped_column(String(64))  #: a hash of the options, as the game resolved them
    pool: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rated: Mapped[bool] = mapped_column(Boolean)
    rating: Mapped[int] = mapped_column(Integer)  #: the player's shown rating in the pool when posted (1500: none)
    provisional: Mapped[bool] = mapped_column(Boolean)
    low: Mapped[int | None] = mapped_column(Integer, nullable=True)  #: the lowest opponent's rating accepted
    high: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    matched_by: Mapped[str | None] = mapped_column(String(32), nullable=True)  #: the seek that claimed it
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)  #: the table it was matched into

    __table_args__ = (Index("ix_seeks_open", "game", "options_key", "rated", "seen_at"),
                      Index("ix_seeks_account", "account_id"))


@dataclass(frozen=True, slots=True)
class Seek:
    """A seek as the feature works with it."""

    id: str
    account: str
    username: str
    game: str
    options: Mapping[str, Any]
    pool: str | None
    rated: bool
    rating: int
    provisional: bool
    low: int | None
    high: int | None
    created_at: datetime
    seen_at: datetime
    matched_by: str | None = None
    table: str | None = None

    def admits(self, rating: int) -> bool:
        """Whether an opponent of ``rating`` is in this seek's range."""
        return (self.low is None or rating >= self.low) and (self.high is None or rating <= self.high)


def options_key(options: Mapping[str, Any]) -> str:
    """The same options, the same key (resolved options, written in one order)."""
    return hashlib.sha256(json.dumps(options, sort_keys=True, default=str).encode()).hexdigest()


def _seek(row: Any) -> Seek:
    return Seek(row.id, row.account_id, row.username, row.game, row.options, row.pool, row.rated, row.rating,
                row.provisional, row.low, row.high, aware(row.created_at), aware(row.seen_at), row.matched_by,
                row.table_id)


class SeekStore:
    """Seeks in a :class:`~tabletop.storage.Store`'s database."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    def post(self, seek: Seek, alive_since: datetime, candidates: int = 20) -> Seek | None:
        """Claim the oldest live seek that matches ``seek`` (returned, ``matched_by`` set), or — none matching —
        keep ``seek`` as the account's one open seek (None returned). The account's earlier seeks go either way,
        and so do seeks dropped long ago."""
        with self.engine.begin() as connection:
            connection.execute(delete(SeekRow).where(or_(
                and_(SeekRow.account_id == seek.account, SeekRow.matched_by.is_(None)),
                SeekRow.seen_at < now() - DROPPED_AFTER)))
            rows = connection.execute(
                select(SeekRow).where(SeekRow.game == seek.game, SeekRow.options_key == options_key(seek.options),
                                      SeekRow.rated == seek.rated, SeekRow.seen_at >= alive_since,
                                      SeekRow.matched_by.is_(None), SeekRow.account_id != seek.account)
                .order_by(SeekRow.created_at).limit(candidates)).all()
            for found in map(_seek, rows):
                if not (found.admits(seek.rating) and seek.admits(found.rating)):
                    continue
                claimed = connection.execute(update(SeekRow).where(SeekRow.id == found.id, SeekRow.matched_by.is_(None))
                                             .values(matched_by=seek.id))
                if claimed.rowcount == 1:
                    return Seek(**{**_fields(found), "matched_by": seek.id})
            connection.execute(insert(SeekRow).values(
                id=seek.id, account_id=seek.account, username=seek.username, game=seek.game, options=dict(seek.options),
                options_key=options_key(seek.options), pool=seek.pool, rated=seek.rated, rating=seek.rating,
                provisional=seek.provisional, low=seek.low, high=seek.high, created_at=seek.created_at,
                seen_at=seek.seen_at))
        return None

    def pair_waiting(self, seek_id: str, account: str, alive_since: datetime, candidates: int = 20) -> Seek | None:
        """The account's waiting seek paired with the oldest live seek that fits it (each claims the other in one
        transaction: two seeks asking at once cannot both make a table); the other seek, or None."""
        with self.engine.connect() as connection:
            row = connection.execute(select(SeekRow).where(SeekRow.id == seek_id, SeekRow.account_id == account,
                                                           SeekRow.matched_by.is_(None))).first()
            if row is None:
                return None
            mine = _seek(row)
            rows = connection.execute(
                select(SeekRow).where(SeekRow.game == mine.game, SeekRow.options_key == row.options_key,
                                      SeekRow.rated == mine.rated, SeekRow.seen_at >= alive_since,
                                      SeekRow.matched_by.is_(None), SeekRow.account_id != account)
                .order_by(SeekRow.created_at).limit(candidates)).all()
        for found in map(_seek, rows):
            if not (found.admits(mine.rating) and mine.admits(found.rating)):
                continue
            with self.engine.begin() as connection:
                theirs = connection.execute(update(SeekRow).where(SeekRow.id == found.id, SeekRow.matched_by.is_(None))
                                            .values(matched_by=mine.id))
                if theirs.rowcount != 1:
                    continue
                ours = connection.execute(update(SeekRow).where(SeekRow.id == mine.id, SeekRow.matched_by.is_(None))
                                          .values(matched_by=found.id))
                if ours.rowcount != 1:  # claimed meanwhile: undo the claim of theirs (this transaction's)
                    connection.rollback()
                    return None
            return Seek(**{**_fields(found), "matched_by": mine.id})
        return None

    def release(self, seek_id: str) -> None:
        """A claim undone (the table could not be made): the seek is open again."""
        with self.engine.begin() as connection:
            connection.execute(update(SeekRow).where(SeekRow.id == seek_id).values(matched_by=None))

    def matched(self, table_id: str, *seek_ids: str) -> None:
        """The paired seeks' table: their browsers read it next time they ask."""
        with self.engine.begin() as connection:
            connection.execute(update(SeekRow).where(SeekRow.id.in_(seek_ids)).values(table_id=table_id))

    def seen(self, seek_id: str, account: str) -> Seek | None:
        """The account's seek, marked as seen now (its browser still asks after it); None: no such seek of its."""
        with self.engine.begin() as connection:
            connection.execute(update(SeekRow).where(SeekRow.id == seek_id, SeekRow.account_id == account)
                               .values(seen_at=now()))
            row = connection.execute(select(SeekRow).where(SeekRow.id == seek_id,
                                                           SeekRow.account_id == account)).first()
        return None if row is None else _seek(row)

    def cancel(self, seek_id: str, account: str) -> bool:
        """The account's open seek withdrawn (False: none such, or it was matched already)."""
        with self.engine.begin() as connection:
            done = connection.execute(delete(SeekRow).where(SeekRow.id == seek_id, SeekRow.account_id == account,
                                                            SeekRow.matched_by.is_(None)))
        return bool(done.rowcount)

    def open_seeks(self, alive_since: datetime, limit: int) -> list[Seek]:
        """The seeks waiting now (their browsers asked after them lately), the oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(SeekRow).where(SeekRow.seen_at >= alive_since,
                                                            SeekRow.matched_by.is_(None))
                                      .order_by(SeekRow.created_at).limit(limit)).all()
        return [_seek(row) for row in rows]


def _fields(seek: Seek) -> dict[str, Any]:
    return {name: getattr(seek, name) for name in Seek.__slots__}


def new_id() -> str:
    """A seek's id: random (a seek is read only by its own account; its id tells nothing)."""
    return uuid.uuid4().hex
