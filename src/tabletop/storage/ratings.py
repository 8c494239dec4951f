"""The ratings' rows: each account's rating in each pool, every change a rated game made, and the bots' accounts.

A rating is kept as the model keeps it (OpenSkill's ``mu`` and ``sigma``: :mod:`tabletop.server.site.ratings
.model` turns them into the 1500-like numbers people read), with the games it counts and when the last was
played (the deviation grows with the time since). Each finished rated table writes one change per account in
one transaction, keyed by the table and the account: a table handed to the ratings twice (after a crash
between the write and its consumer mark) is applied once. The changes are also each player's history, the
points of a rating graph.

The built-in bot levels play rated games under accounts of their own (:meth:`RatingStore.bot_accounts`),
made on first use, named by their level — names nobody else may take (``accounts.names.RESERVED``) — and
with no password anyone could sign in with.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import DateTime, Float, ForeignKey, Index, Integer, String, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from tabletop.storage.accounts import AccountRow
from tabletop.storage.models import Base, aware, now
from tabletop.storage.store import Store

NO_PASSWORD = "!bot"
"""A bot account's password hash: not a hash at all, so no password verifies against it (and a bot's account
is never looked up for a sign-in: :meth:`~tabletop.storage.accounts.AccountStore.credentials`)."""


class RatingRow(Base):
    """An account's rating in one pool (the model's numbers), how many games it counts, when the last ended."""

    __tablename__ = "ratings"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    pool: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    played_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index("ix_ratings_pool", "pool", "mu"),)


class RatingChangeRow(Base):
    """What one rated table did to one account's rating: before and after, and the place the account's side
    finished in (0: first)."""

    __tablename__ = "rating_changes"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    pool: Mapped[str] = mapped_column(String(32))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    rank: Mapped[int] = mapped_column(Integer)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)

    __table_args__ = (Index("ix_rating_changes_account", "account_id", "pool", "at"),)


@dataclass(frozen=True, slots=True)
class Rating:
    """An account's rating in a pool, as stored (the model's scale)."""

    account: str
    pool: str
    mu: float
    sigma: float
    games: int
    played_at: datetime


@dataclass(frozen=True, slots=True)
class Change:
    """One account's change from one table: what :meth:`RatingStore.apply` writes."""

    account: str
    rank: int
    before: tuple[float, float]  #: (mu, sigma) the table started from (the deviation grown by the time since)
    after: tuple[float, float]
    games: int = 0  #: the games the stored rating counted when it was read (0: none was stored)


class RatingConflict(Exception):
    """A rating changed between its reading and its writing (another process applied a table of the same
    player): nothing was written; read and compute again."""


@dataclass(frozen=True, slots=True)
class Ranked:
    """A leaderboard's line: the account's name beside its rating."""

    username: str
    bot: str | None
    rating: Rating


RATING = (RatingRow.account_id, RatingRow.pool, RatingRow.mu, RatingRow.sigma, RatingRow.games, RatingRow.played_at)
"""A rating's columns, as every query here reads them (:func:`_rating`)."""


def _rating(row: Any) -> Rating:
    return Rating(row.account_id, row.pool, row.mu, row.sigma, row.games, aware(row.played_at))


class RatingStore:
    """Ratings, their changes and the bots' accounts in a :class:`~tabletop.storage.Store`'s database."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    def bot_accounts(self, levels: Iterable[str]) -> dict[str, str]:
        """The account of each bot level (made now if it has none): ``{level: account id}``."""
        levels = tuple(levels)
        with self.engine.begin() as connection:
            found = {row.bot: row.id for row in connection.execute(select(AccountRow.bot, AccountRow.id)
                                                                   .where(AccountRow.bot.in_(levels)))}
        for level in levels:
            if level in found:
                continue
            try:
                with self.engine.begin() as connection:
                    account = uuid.uuid4().hex
                    connection.execute(insert(AccountRow).values(id=account, username=level, username_key=level,
                                                                 password_hash=NO_PASSWORD, role="player",
                                                                 created_at=now(), bot=level))
                found[level] = account
            except IntegrityError:  # another process made it (or a name was taken before bots had accounts)
                with self.engine.connect() as connection:
                    row = connection.execute(select(AccountRow.id, AccountRow.bot)
                                             .where(AccountRow.username_key == level)).first()
                if row is None or row.bot != level:
                    raise RuntimeError(f"the name {level!r} belongs to a person's account: the bot level "
                                       "cannot have an account of its own") from None
                found[level] = row.id
        return found

    def ratings(self, accounts: Sequence[str], pool: str) -> dict[str, Rating]:
        """The stored ratings of these accounts in ``pool`` (an account without one is missing)."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(*RATING).where(RatingRow.pool == pool,
                                                            RatingRow.account_id.in_(accounts)))
            return {row.account_id: _rating(row) for row in rows}

    def ratings_of(self, account: str) -> list[Rating]:
        """Every pool's rating of one account."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(*RATING).where(RatingRow.account_id == account).order_by(RatingRow.pool))
            return [_rating(row) for row in rows]

    def applied(self, table: str) -> bool:
        """Whether a rated table's changes are written already."""
        with self.engine.connect() as connection:
            return connection.execute(select(func.count()).select_from(RatingChangeRow)
                                      .where(RatingChangeRow.table_id == table)).scalar_one() > 0

    def apply(self, table: str, pool: str, changes: Sequence[Change], at: datetime | None = None) -> bool:
        """Write a finished table's changes, all or none; False (nothing written) when they were already.

        Raises:
            RatingConflict: a rating is no longer the one read (its count of games differs): nothing written.
        """
        at = at or now()
        if self.applied(table):
            return False
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(RatingChangeRow), [
                    {"table_id": table, "account_id": change.account, "pool": pool, "at": at, "rank": change.rank,
                     "mu_before": change.before[0], "sigma_before": change.before[1], "mu": change.after[0],
                     "sigma": change.after[1]} for change in changes])
                for change in changes:
                    mu, sigma = change.after
                    if change.games == 0:  # a first game in the pool (a row made meanwhile: IntegrityError)
                        connection.execute(insert(RatingRow).values(account_id=change.account, pool=pool, mu=mu,
                                                                    sigma=sigma, games=1, played_at=at))
                        continue
                    done = connection.execute(update(RatingRow).where(RatingRow.account_id == change.account,
                                                                      RatingRow.pool == pool,
                                                                      RatingRow.games == change.games)
                                              .values(mu=mu, sigma=sigma, games=change.games + 1, played_at=at))
                    if done.rowcount != 1:
                        raise RatingConflict(f"{change.account}'s {pool} rating changed meanwhile")
        except IntegrityError:  # this table's changes written meanwhile, or a player's first rating made meanwhile
            if self.applied(table):
                return False
            raise RatingConflict(f"a rating of table {table} was made meanwhile") from None
        return True

    def history(self, account: str, pool: str, limit: int) -> list[tuple[str, datetime, int, float, float]]:
        """An account's changes in ``pool``, oldest first, the latest ``limit``: (table, when, rank, mu, sigma)."""
        query = (select(RatingChangeRow.table_id, RatingChangeRow.at, RatingChangeRow.rank, RatingChangeRow.mu,
                        RatingChangeRow.sigma)
                 .where(RatingChangeRow.account_id == account, RatingChangeRow.pool == pool)
                 .order_by(RatingChangeRow.at.desc(), RatingChangeRow.table_id.desc()).limit(limit))
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [(row.table_id, aware(row.at), row.rank, row.mu, row.sigma) for row in reversed(rows)]

    def leaderboard(self, pool: str, since: datetime, max_sigma: float, limit: int) -> list[Ranked]:
        """The settled ratings of ``pool`` (``sigma`` at most ``max_sigma``) of accounts that played since
        ``since``, highest ``mu - 2 sigma`` first (a rating it deserves with little doubt: a lucky newcomer
        does not top the board), at most ``limit``; closed and deleted accounts left out."""
        query = (select(*RATING, AccountRow.username, AccountRow.bot)
                 .join(AccountRow, AccountRow.id == RatingRow.account_id)
                 .where(RatingRow.pool == pool, RatingRow.sigma <= max_sigma, RatingRow.played_at >= since,
                        AccountRow.deleted_at.is_(None), AccountRow.closed_at.is_(None))
                 .order_by((RatingRow.mu - 2 * RatingRow.sigma).desc(), AccountRow.username_key).limit(limit))
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [Ranked(row.username, row.bot, _rating(row)) for row in rows]

    def rank(self, pool: str, account: str, since: datetime, max_sigma: float) -> int | None:
        """The account's place on ``pool``'s leaderboard (1: the top), or None when it is not on it."""
        mine = self.ratings([account], pool).get(account)
        if mine is None or mine.sigma > max_sigma or mine.played_at < since:
            return None
        score = mine.mu - 2 * mine.sigma
        query = (select(func.count()).select_from(RatingRow).join(AccountRow, AccountRow.id == RatingRow.account_id)
                 .where(RatingRow.pool == pool, RatingRow.sigma <= max_sigma, RatingRow.played_at >= since,
                        AccountRow.deleted_at.is_(None), AccountRow.closed_at.is_(None),
                        RatingRow.mu - 2 * RatingRow.sigma > score))
        with self.engine.connect() as connection:
            return int(connection.execute(query).scalar_one()) + 1
