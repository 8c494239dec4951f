"""E-mail's rows: an account's address (optional, confirmed before any mail but the confirmation goes to
it), the one-time links mailed (by their hashes), and the your-move notices sent (each once).

Only where the operator configured SMTP does any of this fill (:mod:`tabletop.server.site.mail`). A link's
secret is never stored, only its hash: a read database mails nobody's reset link.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Boolean, DateTime, Engine, ForeignKey, Integer, String, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from tabletop.storage.models import Base, now
from tabletop.storage.store import hash_token


class EmailRow(Base):
    """An account's e-mail address: confirmed or not, and whether it wants your-move notices."""

    __tablename__ = "account_emails"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    email: Mapped[str] = mapped_column(String(254))
    confirmed: Mapped[bool] = mapped_column(Boolean, default=False)
    move_notices: Mapped[bool] = mapped_column(Boolean, default=True)
    site: Mapped[str] = mapped_column(String(200), default="")  #: the site's address it was confirmed at (links)
    language: Mapped[str] = mapped_column(String(8), default="en")  #: the language its mail is written in


class MailLinkRow(Base):
    """A link mailed once: to confirm an address or to set a new password; its secret's hash, until used."""

    __tablename__ = "mail_links"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    purpose: Mapped[str] = mapped_column(String(16))  #: confirm, reset
    email: Mapped[str] = mapped_column(String(254))  #: the address it was sent to
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class MoveNoticeRow(Base):
    """A your-move notice mailed: one per account, table and move, whichever process noticed first."""

    __tablename__ = "move_notices"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    move: Mapped[int] = mapped_column(Integer, primary_key=True)
    sent_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


@dataclass(frozen=True)
class Email:
    """An account's address as its owner and the mailer see it."""

    account_id: str
    email: str
    confirmed: bool
    move_notices: bool
    site: str
    language: str


class MailStore:
    """Addresses, links and notices in the tables' database (its engine)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def email(self, account_id: str) -> Email | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(EmailRow).where(EmailRow.account_id == account_id)).first()
        return None if row is None else _email(row)

    def emails(self, account_ids: list[str]) -> dict[str, Email]:
        """The confirmed addresses that want your-move notices, of these accounts."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(EmailRow).where(EmailRow.account_id.in_(account_ids),
                                                             EmailRow.confirmed.is_(True),
                                                             EmailRow.move_notices.is_(True))).all()
        return {row.account_id: _email(row) for row in rows}

    def set_email(self, account_id: str, email: str, language: str, site: str, token: str,
                  lifetime: timedelta) -> None:
        """A new address, not confirmed yet (its mail in ``language``, its links to ``site``), and the link that
        confirms it (any earlier link of the kind goes)."""
        with self.engine.begin() as connection:
            connection.execute(delete(EmailRow).where(EmailRow.account_id == account_id))
            connection.execute(insert(EmailRow).values(account_id=account_id, email=email, confirmed=False,
                                                       move_notices=True, site=site[:200], language=language))
            self._link(connection, account_id, "confirm", email, token, lifetime)

    def reset_link(self, account_id: str, email: str, token: str, lifetime: timedelta) -> None:
        """A link that sets a new password (any earlier one goes: the newest mail is the one that works)."""
        with self.engine.begin() as connection:
            self._link(connection, account_id, "reset", email, token, lifetime)

    @staticmethod
    def _link(connection: Any, account_id: str, purpose: str, email: str, token: str, lifetime: timedelta) -> None:
        connection.execute(delete(MailLinkRow).where(MailLinkRow.account_id == account_id,
                                                     MailLinkRow.purpose == purpose))
        connection.execute(insert(MailLinkRow).values(token_hash=hash_token(token), account_id=account_id,
                                                      purpose=purpose, email=email, expires_at=now() + lifetime))

    def use_link(self, token: str, purpose: str) -> str | None:
        """The account a link is for, spending it (None: no such link, used, or expired); a confirmation
        confirms the address it was sent to, if it is still the account's."""
        moment = now()
        with self.engine.begin() as connection:
            row = connection.execute(select(MailLinkRow).where(MailLinkRow.token_hash == hash_token(token),
                                                               MailLinkRow.purpose == purpose)).first()
            if row is None:
                return None
            connection.execute(delete(MailLinkRow).where(MailLinkRow.token_hash == row.token_hash))
            expires = row.expires_at if row.expires_at.tzinfo else row.expires_at.replace(tzinfo=moment.tzinfo)
            if expires < moment:
                return None
            if purpose == "confirm":
                done = connection.execute(update(EmailRow).where(EmailRow.account_id == row.account_id,
                                                                 EmailRow.email == row.email).values(confirmed=True))
                if not done.rowcount:
                    return None
        return str(row.account_id)

    def notices(self, account_id: str, wanted: bool) -> bool:
        """Your-move notices on or off; False when the account has no address."""
        with self.engine.begin() as connection:
            done = connection.execute(update(EmailRow).where(EmailRow.account_id == account_id)
                                      .values(move_notices=wanted))
        return bool(done.rowcount)

    def forget(self, account_id: str) -> None:
        """The account's address and links gone."""
        with self.engine.begin() as connection:
            connection.execute(delete(EmailRow).where(EmailRow.account_id == account_id))
            connection.execute(delete(MailLinkRow).where(MailLinkRow.account_id == account_id))

    def notice_once(self, account_id: str, table_id: str, move: int) -> bool:
        """True the first time a notice of this move is asked for this account (then never again)."""
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(MoveNoticeRow).values(account_id=account_id, table_id=table_id, move=move,
                                                                sent_at=now()))
        except IntegrityError:
            return False
        return True


def _email(row: Any) -> Email:
    return Email(row.account_id, row.email, row.confirmed, row.move_notices, row.site, row.language)
