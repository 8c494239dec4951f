"""Looking after each other: who blocks whom, the reports players make, and the moderators'
actions with the log that records each of them.

A block is one account's, one-way, and bounded (:data:`MAX_BLOCKS`). A report points at a player, at a player
at a table, or at a chat line (by its id at its table), and copies the line's text, so a line hidden or
dropped later is still the evidence. Every moderator's action — resolving a report, muting, closing, hiding a
chat line, granting the role — is written with its :class:`LogRow` in one transaction: no action without its
line in the log, and nothing secret in it (names, a table, a line's id, the reason the moderator gave).

The shell (``tabletop admin``) and the moderators' HTTP routes call the same methods here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    Connection,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from tabletop.storage.accounts import AccountRow, SessionRow
from tabletop.storage.errors import StorageError
from tabletop.storage.models import Base, ChatRow, aware, now
from tabletop.storage.store import Store

MAX_BLOCKS = 500
"""The most accounts one account may block."""
FOREVER = datetime(9999, 12, 31, tzinfo=UTC)
"""``muted_until`` of an account muted until a moderator unmutes it."""
REASONS = ("abuse", "cheating", "spam", "other")
"""What a report may be about."""


class BlockRow(Base):
    """One account blocking another: no chat from it, no table with it, no seat from it (one-way)."""

    __tablename__ = "account_blocks"

    blocker: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    blocked: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    __table_args__ = (Index("ix_account_blocks_blocked", "blocked"),)


class ReportRow(Base):
    """A player's report: who made it and when, whom and what it is about (a chat line's text copied), and
    once a moderator resolved it, who and when."""

    __tablename__ = "reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    reporter: Mapped[str] = mapped_column(String(32))  #: the reporting account's id
    reporter_name: Mapped[str] = mapped_column(String(32))
    account: Mapped[str | None] = mapped_column(String(32), nullable=True)  #: the reported account (None: anonymous)
    account_name: Mapped[str] = mapped_column(String(64), default="")  #: its username, or the line's name
    reason: Mapped[str] = mapped_column(String(16))  #: abuse, cheating, spam, other
    note: Mapped[str] = mapped_column(Text, default="")
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    chat_line: Mapped[int | None] = mapped_column(Integer, nullable=True)
    line_text: Mapped[str | None] = mapped_column(Text, nullable=True)  #: the line as it was when reported
    target: Mapped[str] = mapped_column(String(80))  #: what it points at: one open report per reporter and target
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    resolved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    resolved_by: Mapped[str | None] = mapped_column(String(64), nullable=True)

    __table_args__ = (Index("ix_reports_open", "resolved_at", "created_at"),
                      Index("ix_reports_reporter", "reporter", "target"))


class LogRow(Base):
    """One moderator's action: who, what, whom, when, and the reason given (never a secret)."""

    __tablename__ = "moderation_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    actor: Mapped[str] = mapped_column(String(64))  #: the moderator's username, or "operator" at the shell
    action: Mapped[str] = mapped_column(String(16))  #: resolve, mute, unmute, close, reopen, hide_line, role
    target: Mapped[str] = mapped_column(String(80))  #: a username, "report 7", "table t… line 12"
    detail: Mapped[str] = mapped_column(String(120), default="")  #: e.g. muted until when, the role given
    reason: Mapped[str] = mapped_column(Text, default="")


class NoSuchAccount(StorageError):
    """No account (open or closed; a deleted one is none) has this name."""


class TooManyBlocks(StorageError):
    """The account blocks :data:`MAX_BLOCKS` already."""


@dataclass(frozen=True, slots=True)
class Blocked:
    """An account one blocks, as the account page lists it."""

    username: str
    since: datetime


@dataclass(frozen=True, slots=True)
class Report:
    """A report as the moderators read it."""

    id: int
    reporter: str
    username: str
    reason: str
    note: str
    table: str | None
    chat_line: int | None
    line_text: str | None
    created_at: datetime
    resolved_at: datetime | None
    resolved_by: str | None

    def to_data(self) -> dict[str, Any]:
        return {"id": self.id, "reporter": self.reporter, "username": self.username, "reason": self.reason,
                "note": self.note, "table": self.table, "chat_line": self.chat_line, "line_text": self.line_text,
                "created_at": self.created_at, "resolved_at": self.resolved_at, "resolved_by": self.resolved_by}


@dataclass(frozen=True, slots=True)
class LogEntry:
    """A line of the moderation log."""

    id: int
    at: datetime
    actor: str
    action: str
    target: str
    detail: str
    reason: str

    def to_data(self) -> dict[str, Any]:
        return {"id": self.id, "at": self.at, "actor": self.actor, "action": self.action, "target": self.target,
                "detail": self.detail, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A chat line as a report copies it."""

    table_id: str
    id: int
    name: str
    text: str
    account: str | None


class ModerationStore:
    """Blocks, reports and the moderators' actions in a :class:`~tabletop.storage.Store`'s database."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    # blocks

    def block(self, blocker: str, blocked: str) -> bool:
        """``blocker`` blocks ``blocked``: True when it did not already.

        Raises:
            TooManyBlocks: when it blocks :data:`MAX_BLOCKS` accounts already.
        """
        with self.engine.begin() as connection:
            if connection.execute(select(BlockRow.blocked).where(BlockRow.blocker == blocker,
                                                                 BlockRow.blocked == blocked)).first():
                return False
            count = connection.execute(select(func.count()).select_from(BlockRow)
                                       .where(BlockRow.blocker == blocker)).scalar_one()
            if count >= MAX_BLOCKS:
                raise TooManyBlocks(f"an account blocks at most {MAX_BLOCKS} others")
            try:
                connection.execute(insert(BlockRow).values(blocker=blocker, blocked=blocked, created_at=now()))
            except IntegrityError:  # the same block a moment ago
                return False
        return True

    def unblock(self, blocker: str, blocked: str) -> bool:
        """``blocker`` no longer blocks ``blocked``: True when it did."""
        with self.engine.begin() as connection:
            return bool(connection.execute(delete(BlockRow).where(BlockRow.blocker == blocker,
                                                                  BlockRow.blocked == blocked)).rowcount)

    def blocks(self, blocker: str) -> list[Blocked]:
        """The accounts ``blocker`` blocks (deleted ones left out), the latest first."""
        query = (select(AccountRow.username, BlockRow.created_at).join(AccountRow, AccountRow.id == BlockRow.blocked)
                 .where(BlockRow.blocker == blocker, AccountRow.deleted_at.is_(None))
                 .order_by(BlockRow.created_at.desc(), AccountRow.username))
        with self.engine.connect() as connection:
            return [Blocked(name, aware(at)) for name, at in connection.execute(query)]

    def blocked_by(self, blocker: str) -> frozenset[str]:
        """The ids of the accounts ``blocker`` blocks."""
        with self.engine.connect() as connection:
            return frozenset(connection.execute(select(BlockRow.blocked).where(BlockRow.blocker == blocker)).scalars())

    def blocks_any(self, blockers: Sequence[str], blocked: str) -> bool:
        """Whether any of ``blockers`` blocks ``blocked``."""
        with self.engine.connect() as connection:
            return connection.execute(select(BlockRow.blocker).where(
                BlockRow.blocker.in_(list(blockers)), BlockRow.blocked == blocked).limit(1)).first() is not None

    def muted(self, account: str) -> datetime | None:
        """Until when ``account`` is muted (None: it is not)."""
        with self.engine.connect() as connection:
            until = connection.execute(select(AccountRow.muted_until).where(AccountRow.id == account)).scalar()
        return None if until is None or aware(until) <= now() else aware(until)

    # reports

    def chat_line(self, table_id: str, line: int) -> ChatLine | None:
        """Chat line ``line`` of table ``table_id`` (hidden or not; None: no such line there)."""
        with self.engine.connect() as connection:
            row = connection.execute(select(ChatRow).where(ChatRow.table_id == table_id, ChatRow.id == line)).first()
        return None if row is None else ChatLine(row.table_id, row.id, row.name, row.text, row.account)

    def report(self, reporter: tuple[str, str], account: tuple[str | None, str], reason: str, note: str,
               table_id: str | None, line: ChatLine | None) -> tuple[int, bool]:
        """Store a report by ``reporter`` (id, username) about ``account`` (id, name): its id, and whether it
        is new (the same reporter's open report of the same thing is not made twice)."""
        target = (f"line:{line.table_id}:{line.id}" if line is not None
                  else f"account:{account[0]}:{table_id or ''}")[:80]
        with self.engine.begin() as connection:
            found = connection.execute(select(ReportRow.id).where(
                ReportRow.reporter == reporter[0], ReportRow.target == target, ReportRow.resolved_at.is_(None))).first()
            if found is not None:
                return int(found.id), False
            number = connection.execute(insert(ReportRow).values(
                reporter=reporter[0], reporter_name=reporter[1], account=account[0], account_name=account[1],
                reason=reason, note=note, table_id=table_id, chat_line=None if line is None else line.id,
                line_text=None if line is None else line.text, target=target, created_at=now(),
            ).returning(ReportRow.id)).scalar_one()
        return int(number), True

    def reports(self, everything: bool = False, limit: int = 100) -> list[Report]:
        """The open reports (``everything``: resolved ones too), the newest first."""
        query = select(ReportRow).order_by(ReportRow.created_at.desc(), ReportRow.id.desc()).limit(limit)
        if not everything:
            query = query.where(ReportRow.resolved_at.is_(None))
        with self.engine.connect() as connection:
            return [Report(r.id, r.reporter_name, r.account_name, r.reason, r.note, r.table_id, r.chat_line,
                           r.line_text, aware(r.created_at), None if r.resolved_at is None else aware(r.resolved_at),
                           r.resolved_by) for r in connection.execute(query)]

    # the moderators' actions, each logged in its transaction

    def resolve(self, actor: str, report: int, reason: str = "") -> bool:
        """Mark report ``report`` resolved: True when it was open."""
        with self.engine.begin() as connection:
            done = connection.execute(update(ReportRow).where(ReportRow.id == report, ReportRow.resolved_at.is_(None))
                                      .values(resolved_at=now(), resolved_by=actor[:64])).rowcount
            if done:
                _log(connection, actor, "resolve", f"report {report}", "", reason)
        return bool(done)

    def mute(self, actor: str, key: str, until: datetime | None, reason: str = "") -> str:
        """Mute the account named ``key`` until ``until`` (None: until unmuted); its username.

        Raises:
            NoSuchAccount: when no account has that name.
        """
        moment = until or FOREVER
        with self.engine.begin() as connection:
            name = _named(connection, key)
            connection.execute(update(AccountRow).where(AccountRow.username_key == key,
                                                        AccountRow.deleted_at.is_(None)).values(muted_until=moment))
            _log(connection, actor, "mute", name, "until unmuted" if until is None else f"until {_text(moment)}",
                 reason)
        return name

    def unmute(self, actor: str, key: str, reason: str = "") -> str:
        """Let the account named ``key`` chat again; its username (NoSuchAccount: none such)."""
        return self._set(actor, key, "unmute", reason, muted_until=None)

    def close(self, actor: str, key: str, reason: str = "") -> str:
        """Close the account named ``key``: every session ends, sign-in is refused, its profile is gone; its
        games, seats and name stay. Its username (NoSuchAccount: none such)."""
        with self.engine.begin() as connection:
            name = _named(connection, key)
            account = connection.execute(select(AccountRow.id).where(AccountRow.username_key == key)).scalar_one()
            connection.execute(update(AccountRow).where(AccountRow.id == account, AccountRow.closed_at.is_(None))
                               .values(closed_at=now()))
            connection.execute(delete(SessionRow).where(SessionRow.account_id == account))
            _log(connection, actor, "close", name, "", reason)
        return name

    def reopen(self, actor: str, key: str, reason: str = "") -> str:
        """Open a closed account again (its owner signs in as before); its username."""
        return self._set(actor, key, "reopen", reason, closed_at=None)

    def set_role(self, actor: str, key: str, moderator: bool, reason: str = "") -> str:
        """Grant the account named ``key`` the moderator's role (or take it back); its username."""
        role = "moderator" if moderator else "player"
        return self._set(actor, key, "role", reason, detail=role, role=role)

    def hide_line(self, actor: str, table_id: str, line: int, reason: str = "") -> bool:
        """Hide chat line ``line`` of table ``table_id`` from everyone (kept for the record): True when there
        is such a line."""
        with self.engine.begin() as connection:
            found = connection.execute(select(ChatRow.id, ChatRow.name, ChatRow.hidden_at).where(
                ChatRow.table_id == table_id, ChatRow.id == line)).first()
            if found is None:
                return False
            if found.hidden_at is None:
                connection.execute(update(ChatRow).where(ChatRow.id == line).values(hidden_at=now()))
            _log(connection, actor, "hide_line", f"table {table_id} line {line}", f"by {found.name or 'a spectator'}",
                 reason)
        return True

    def log(self, limit: int = 100) -> list[LogEntry]:
        """The moderation log's latest lines, the newest first."""
        query = select(LogRow).order_by(LogRow.id.desc()).limit(limit)
        with self.engine.connect() as connection:
            return [LogEntry(r.id, aware(r.at), r.actor, r.action, r.target, r.detail, r.reason)
                    for r in connection.execute(query)]

    def _set(self, actor: str, key: str, action: str, reason: str, detail: str = "", **values: Any) -> str:
        with self.engine.begin() as connection:
            name = _named(connection, key)
            connection.execute(update(AccountRow).where(AccountRow.username_key == key,
                                                        AccountRow.deleted_at.is_(None)).values(**values))
            _log(connection, actor, action, name, detail, reason)
        return name


def _named(connection: Connection, key: str) -> str:
    name = connection.execute(select(AccountRow.username).where(AccountRow.username_key == key,
                                                                AccountRow.deleted_at.is_(None))).scalar()
    if name is None:
        raise NoSuchAccount(f"no account is named {key!r}")
    return str(name)


def _log(connection: Connection, actor: str, action: str, target: str, detail: str, reason: str) -> None:
    connection.execute(insert(LogRow).values(at=now(), actor=actor[:64], action=action, target=target[:80],
                                             detail=detail[:120], reason=reason[:500]))


def _text(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="minutes")
