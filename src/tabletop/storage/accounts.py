"""The accounts' rows: players who signed up, their sessions and their recovery codes.

Accounts are optional (anonymous play keeps its seat tokens); what is kept of one is its name, an argon2id
hash of its password, and the hashes of its sessions' and recovery codes' secrets — never a secret itself:
a stolen database signs nobody in. :class:`AccountStore` is the accounts feature's storage, on
the same engine and migrations as the tables (:class:`~tabletop.storage.Store`).
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    String,
    and_,
    case,
    delete,
    exists,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from tabletop.storage.errors import StorageError
from tabletop.storage.mail import EmailRow, MailLinkRow, MoveNoticeRow
from tabletop.storage.models import Base, ChatRow, SeatRow, TableRow, aware, now
from tabletop.storage.passkeys import PasskeyRow
from tabletop.storage.store import Store, hash_token

FINISHED = ("over", "abandoned")


class AccountRow(Base):
    """A player who signed up: the name as chosen, the key it is unique by, the password's hash."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    username: Mapped[str] = mapped_column(String(32))  #: as the player wrote it (NFC)
    username_key: Mapped[str] = mapped_column(String(64), unique=True)  #: case-folded: "Ann" and "ANN" are one
    password_hash: Mapped[str] = mapped_column(String(256))  #: argon2id, with its own parameters and salt
    role: Mapped[str] = mapped_column(String(16), default="player")  #: player, moderator
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the account deleted itself: a tombstone that keeps its name from being taken again (nothing
    else of it is kept: :meth:`AccountStore.delete`)."""
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When a moderator closed it: no session, no sign-in, no profile; its games and name stay
    (:mod:`tabletop.storage.moderation`)."""
    muted_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """Until when a moderator muted it (its chat refused); None: not muted."""
    bot: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """A bot's account: the built-in level it plays (``normal``; the server owns it, nobody signs in as it);
    None: a person's (:mod:`tabletop.storage.ratings`)."""


class SessionRow(Base):
    """A signed-in browser or script: the hash of its cookie's secret, whose it is, and when it was seen."""

    __tablename__ = "account_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    public_id: Mapped[str] = mapped_column(String(16), unique=True)  #: names it on the account page (not a secret)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    agent: Mapped[str] = mapped_column(String(120), default="")  #: the browser's own words, shortened

    __table_args__ = (Index("ix_account_sessions_account", "account_id"),)


class RecoveryCodeRow(Base):
    """One of an account's recovery codes (shown once at sign-up), by its hash; used at most once."""

    __tablename__ = "account_recovery_codes"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    used: Mapped[bool] = mapped_column(Boolean, default=False)


class PlayedRow(Base):
    """A finished table as one account played it (written once per table by the accounts' consumer of
    finished tables): the profile's counts and its list of recent games."""

    __tablename__ = "account_games"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16))  #: over or abandoned
    cause: Mapped[str] = mapped_column(String(16))  #: how it ended (tabletop.core.ending.Cause)
    won: Mapped[bool] = mapped_column(Boolean)
    left: Mapped[bool] = mapped_column(Boolean)  #: the account's side ran out its clock or was claimed against
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    __table_args__ = (Index("ix_account_games_recent", "account_id", "finished_at"),)


def secret_hash(secret: str) -> str:
    """What is stored of a session's or a recovery code's secret (each has 128 bits or more of chance, so a
    plain SHA-256 is as good as a slow hash for them; a password gets argon2id)."""
    return hashlib.sha256(f"tabletop-secret:{secret}".encode()).hexdigest()


class UsernameTaken(StorageError):
    """Another account has this name (in any case)."""


@dataclass(frozen=True, slots=True)
class Account:
    """An account as the server works with it."""

    id: str
    username: str
    role: str
    created_at: datetime
    closed: bool = False  #: closed by a moderator: signs in nowhere, has no profile
    bot: str | None = None  #: a bot's account: the level it plays; None: a person's


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """A session as the account page lists it."""

    public_id: str
    created_at: datetime
    seen_at: datetime
    agent: str


@dataclass(frozen=True, slots=True)
class Played:
    """A finished table as an account played it."""

    table_id: str
    game: str
    status: str
    cause: str
    won: bool
    left: bool
    finished_at: datetime


@dataclass(frozen=True, slots=True)
class Claimed:
    """A seat bound to an account by its token (``POST /api/account/claim``), and its table as it is now."""

    table_id: str
    seat: int
    game: str
    status: str
    result: dict[str, Any] | None
    active_at: datetime  #: its last activity: when it finished, for a finished table


Noting = Callable[[Claimed, frozenset[int]], Played]
"""How a claimed finished table is noted for the account (:meth:`AccountStore.claim`): one of its seats there
as claimed, and all the account's seats at the table."""


@dataclass(frozen=True, slots=True)
class GameCounts:
    """An account's finished games of one game: played, won, and left (not seen through)."""

    game: str
    played: int
    won: int
    left: int


def _account(row: Any) -> Account:
    """An account from a row with the account's columns (an ORM row, or a query's joined row)."""
    return Account(row.id, row.username, row.role, aware(row.created_at), row.closed_at is not None, row.bot)


class AccountStore:
    """Accounts, sessions and recovery codes in a :class:`~tabletop.storage.Store`'s database."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    def create(self, username: str, key: str, password_hash: str, codes: Sequence[str]) -> Account:
        """A new account with these recovery codes (their hashes are stored).

        Raises:
            UsernameTaken: when an account has ``key`` already.
        """
        account_id, moment = uuid.uuid4().hex, now()
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(AccountRow).values(id=account_id, username=username, username_key=key,
                                                             password_hash=password_hash, created_at=moment))
                connection.execute(insert(RecoveryCodeRow), [{"account_id": account_id, "code_hash": secret_hash(c),
                                                              "used": False} for c in codes])
        except IntegrityError:
            raise UsernameTaken(f"the name {username!r} is taken") from None
        return Account(account_id, username, "player", moment)

    def account(self, account_id: str) -> Account | None:
        """The account ``account_id`` (None: none such)."""
        with self.engine.connect() as connection:
            row = connection.execute(select(AccountRow).where(AccountRow.id == account_id,
                                                              AccountRow.deleted_at.is_(None))).first()
        return None if row is None else _account(row)

    def named(self, key: str) -> Account | None:
        """The account named ``key`` (case-folded), a person's or a bot's (None: no such account)."""
        with self.engine.connect() as connection:
            row = connection.execute(select(AccountRow).where(AccountRow.username_key == key,
                                                              AccountRow.deleted_at.is_(None))).first()
        return None if row is None else _account(row)

    def credentials(self, key: str) -> tuple[Account, str] | None:
        """The account named ``key`` (case-folded) and its password's hash (None: no such account, or a bot's,
        which nobody signs in as)."""
        with self.engine.connect() as connection:
            row = connection.execute(select(AccountRow).where(AccountRow.username_key == key,
                                                              AccountRow.deleted_at.is_(None),
                                                              AccountRow.bot.is_(None))).first()
        return None if row is None else (_account(row), row.password_hash)

    def set_password(self, account_id: str, password_hash: str) -> None:
        """A new password hash for the account."""
        with self.engine.begin() as connection:
            connection.execute(update(AccountRow).where(AccountRow.id == account_id)
                               .values(password_hash=password_hash))

    def use_code(self, account_id: str, code: str) -> bool:
        """Spend one of the account's recovery codes: True when ``code`` was one and not used yet (at most
        one caller gets True for a code, however many race)."""
        with self.engine.begin() as connection:
            spent = connection.execute(update(RecoveryCodeRow).where(
                RecoveryCodeRow.account_id == account_id, RecoveryCodeRow.code_hash == secret_hash(code),
                RecoveryCodeRow.used.is_(False)).values(used=True))
        return bool(spent.rowcount)

    def codes_left(self, account_id: str) -> int:
        """How many of the account's recovery codes are still unused."""
        with self.engine.connect() as connection:
            return len(connection.execute(select(RecoveryCodeRow.code_hash).where(
                RecoveryCodeRow.account_id == account_id, RecoveryCodeRow.used.is_(False))).all())

    # sessions

    def open_session(self, account_id: str, token: str, lifetime: timedelta, agent: str) -> str:
        """Store a new session of the account by its token's hash; its public id."""
        public_id = uuid.uuid4().hex[:16]
        moment = now()
        with self.engine.begin() as connection:
            connection.execute(insert(SessionRow).values(
                token_hash=secret_hash(token), public_id=public_id, account_id=account_id, created_at=moment,
                seen_at=moment, expires_at=moment + lifetime, agent=agent[:120]))
        return public_id

    def session(self, token: str) -> tuple[Account, str, datetime] | None:
        """The account a session token signs in, the session's public id and when it was last seen (None:
        no such session, or it expired)."""
        query = (select(AccountRow, SessionRow.public_id, SessionRow.seen_at, SessionRow.expires_at)
                 .join(SessionRow, SessionRow.account_id == AccountRow.id)
                 .where(SessionRow.token_hash == secret_hash(token), AccountRow.closed_at.is_(None)))
        with self.engine.connect() as connection:
            row = connection.execute(query).first()
        if row is None or aware(row.expires_at) <= now():
            return None
        return _account(row), row.public_id, aware(row.seen_at)

    def seen(self, token: str, lifetime: timedelta) -> None:
        """The session was used now: it lives ``lifetime`` from now (a session in use does not expire)."""
        moment = now()
        with self.engine.begin() as connection:
            connection.execute(update(SessionRow).where(SessionRow.token_hash == secret_hash(token))
                               .values(seen_at=moment, expires_at=moment + lifetime))

    def sessions(self, account_id: str) -> list[SessionInfo]:
        """The account's sessions still valid, the most recently seen first."""
        query = (select(SessionRow).where(SessionRow.account_id == account_id, SessionRow.expires_at > now())
                 .order_by(SessionRow.seen_at.desc()))
        with self.engine.connect() as connection:
            return [SessionInfo(row.public_id, aware(row.created_at), aware(row.seen_at), row.agent)
                    for row in connection.execute(query)]

    def close_sessions(self, account_id: str, public_id: str | None = None, keep: str | None = None) -> int:
        """Sign out the account's session ``public_id`` (None: every one but ``keep``'s); how many closed."""
        query = delete(SessionRow).where(SessionRow.account_id == account_id)
        if public_id is not None:
            query = query.where(SessionRow.public_id == public_id)
        if keep is not None:
            query = query.where(SessionRow.public_id != keep)
        with self.engine.begin() as connection:
            return int(connection.execute(query).rowcount)

    # the games an account played

    def by_name(self, key: str) -> Account | None:
        """The account named ``key`` (case-folded), if any."""
        found = self.credentials(key)
        return None if found is None else found[0]

    def played(self, rows: Sequence[Played], account_ids: Sequence[str]) -> None:
        """Note a finished table for each of its accounts (a table noted already changes nothing: the
        consumer may be handed a table twice after a crash)."""
        with self.engine.begin() as connection:
            for account_id, row in zip(account_ids, rows, strict=True):
                exists_already = connection.execute(select(PlayedRow.table_id).where(
                    PlayedRow.account_id == account_id, PlayedRow.table_id == row.table_id)).first()
                if exists_already is None and connection.execute(select(AccountRow.id).where(
                        AccountRow.id == account_id, AccountRow.deleted_at.is_(None))).first() is not None:
                    connection.execute(insert(PlayedRow).values(account_id=account_id, table_id=row.table_id,
                                                                game=row.game, status=row.status, cause=row.cause,
                                                                won=row.won, left=row.left,
                                                                finished_at=row.finished_at))

    def counts(self, account_id: str) -> list[GameCounts]:
        """The account's finished games, counted per game."""
        query = (select(PlayedRow.game, func.count(), func.sum(case((PlayedRow.won, 1), else_=0)),
                        func.sum(case((PlayedRow.left, 1), else_=0)))
                 .where(PlayedRow.account_id == account_id).group_by(PlayedRow.game).order_by(PlayedRow.game))
        with self.engine.connect() as connection:
            return [GameCounts(game, int(played), int(won or 0), int(left or 0))
                    for game, played, won, left in connection.execute(query)]

    def recent(self, account_id: str, limit: int = 10) -> list[Played]:
        """The account's last finished games, the latest first."""
        query = (select(PlayedRow).where(PlayedRow.account_id == account_id)
                 .order_by(PlayedRow.finished_at.desc(), PlayedRow.table_id).limit(limit))
        with self.engine.connect() as connection:
            return [Played(row.table_id, row.game, row.status, row.cause, row.won, row.left,
                           aware(row.finished_at)) for row in connection.execute(query)]

    # claiming seats and deleting an account: an account's side of the seats (one transaction each)

    def claim(self, account_id: str, tokens: Sequence[tuple[str, str]], note: Noting) -> list[Claimed]:
        """Bind to the account each seat that a (table id, seat token) pair holds, where someone sits and no
        other account has it already (one of its own counts again), a person's seat named as the account is
        (a hot seat's keep their names: one screen's players); each finished table among them is noted
        as the account played it (``note``: the profile's row, written once per table) — all in one
        transaction. The seats bound; nothing says why another pair was not (a wrong token, a seat of
        another account's).

        The seats are the tables' rows: the accounts' storage writes their ``account`` column alone, the one
        the tables keep for this feature, so that binding and noting stand or fall together.
        """
        wanted = {(table_id, hash_token(token)) for table_id, token in tokens}
        if not wanted:
            return []
        query = (select(SeatRow.table_id, SeatRow.seat, SeatRow.token_hash, TableRow.game, TableRow.status,
                        TableRow.result, TableRow.active_at)
                 .join(TableRow, TableRow.id == SeatRow.table_id)
                 .where(SeatRow.table_id.in_(sorted({table_id for table_id, _ in wanted})),
                        SeatRow.token_hash.in_(sorted({digest for _, digest in wanted})),
                        SeatRow.kind != "bot", SeatRow.joined.is_(True),
                        or_(SeatRow.account.is_(None), SeatRow.account == account_id))
                 .order_by(SeatRow.table_id, SeatRow.seat))
        claimed: list[Claimed] = []
        with self.engine.begin() as connection:
            username = connection.execute(select(AccountRow.username).where(
                AccountRow.id == account_id, AccountRow.deleted_at.is_(None))).scalar()
            if username is None:
                return []
            for row in connection.execute(query).all():
                if (row.table_id, row.token_hash) not in wanted:
                    continue
                bound = connection.execute(update(SeatRow).where(
                    SeatRow.table_id == row.table_id, SeatRow.seat == row.seat,
                    or_(SeatRow.account.is_(None), SeatRow.account == account_id)).values(
                    account=account_id, name=case((SeatRow.kind == "human", username), else_=SeatRow.name)))
                if bound.rowcount:  # (not taken by another account a moment ago)
                    claimed.append(Claimed(row.table_id, row.seat, row.game, row.status, row.result,
                                           aware(row.active_at)))
            for table_id in dict.fromkeys(c.table_id for c in claimed if c.status in FINISHED):
                if connection.execute(select(PlayedRow.table_id).where(
                        PlayedRow.account_id == account_id, PlayedRow.table_id == table_id)).first() is not None:
                    continue
                seats = frozenset(connection.execute(select(SeatRow.seat).where(
                    SeatRow.table_id == table_id, SeatRow.account == account_id)).scalars())
                played = note(next(c for c in claimed if c.table_id == table_id), seats)
                connection.execute(insert(PlayedRow).values(
                    account_id=account_id, table_id=table_id, game=played.game, status=played.status,
                    cause=played.cause, won=played.won, left=played.left, finished_at=played.finished_at))
        return claimed

    def delete(self, account_id: str, placeholder: str) -> list[tuple[str, str]]:
        """Delete the account, in one transaction: its sessions, passkeys, recovery codes and e-mail go, so does
        its list of games; at every table it sat at, its seats keep their games but are bound to nobody and named
        ``placeholder`` (its chat lines too); a seat addressed to it waits for its invitation link alone. The
        account's row stays as a tombstone without a password, whose name nobody may take again (as
        lichess keeps a closed account's: a new player under an old name would inherit the trust, the
        links and the replays others know that name by). The tables whose seats changed, and their status.
        """
        mine = or_(SeatRow.account == account_id, SeatRow.reserved_for == account_id)
        with self.engine.begin() as connection:
            tables = [(row.table_id, row.status) for row in connection.execute(
                select(SeatRow.table_id, TableRow.status).join(TableRow, TableRow.id == SeatRow.table_id)
                .where(mine).distinct().order_by(SeatRow.table_id))]
            connection.execute(update(ChatRow).where(exists().where(
                SeatRow.table_id == ChatRow.table_id, SeatRow.seat == ChatRow.seat, SeatRow.account == account_id))
                .values(name=placeholder))
            connection.execute(update(SeatRow).where(SeatRow.reserved_for == account_id).values(
                name=case((and_(SeatRow.joined.is_(False), SeatRow.name == SeatRow.reserved_name), ""),
                          else_=SeatRow.name), reserved_for=None, reserved_name=None))
            connection.execute(update(SeatRow).where(SeatRow.account == account_id).values(name=placeholder,
                                                                                          account=None))
            for kind in (SessionRow, RecoveryCodeRow, PlayedRow, PasskeyRow, EmailRow, MailLinkRow, MoveNoticeRow):
                connection.execute(delete(kind).where(kind.account_id == account_id))
            connection.execute(update(AccountRow).where(AccountRow.id == account_id).values(
                username="", password_hash="", deleted_at=now()))
        return tables

    def forget_expired(self) -> int:
        """Delete the sessions that expired; how many."""
        with self.engine.begin() as connection:
            return int(connection.execute(delete(SessionRow).where(SessionRow.expires_at <= now())).rowcount)
