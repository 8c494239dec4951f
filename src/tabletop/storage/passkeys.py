"""Passkeys' rows: each account's WebAuthn credentials, and the challenges a ceremony waits on.

A passkey is kept as its credential id and public key (and the authenticator's signature counter, which a
cloned key would replay): nothing in it signs anyone in without the device holding the private key. A
challenge is random bytes the server asked a browser to sign; it is kept until it is answered or expires
(a few minutes) and answered at most once, so a ceremony survives a restart and works across server
processes (the database is the one place they share).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import DateTime, Engine, ForeignKey, Index, Integer, LargeBinary, String, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from tabletop.storage.models import Base, now


class PasskeyRow(Base):
    """A WebAuthn credential of an account: its id and public key as the authenticator made them."""

    __tablename__ = "account_passkeys"

    credential_id: Mapped[str] = mapped_column(String(700), primary_key=True)  #: base64url, as browsers send it
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    public_key: Mapped[bytes] = mapped_column(LargeBinary)  #: COSE, as verified at registration
    sign_count: Mapped[int] = mapped_column(Integer, default=0)
    name: Mapped[str] = mapped_column(String(120), default="")  #: the browser it was made in, for the account page
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)

    __table_args__ = (Index("ix_account_passkeys_account", "account_id"),)


class ChallengeRow(Base):
    """A WebAuthn challenge waiting for its answer: for a registration (its account) or a sign-in (none)."""

    __tablename__ = "webauthn_challenges"

    challenge: Mapped[str] = mapped_column(String(128), primary_key=True)  #: base64url
    purpose: Mapped[str] = mapped_column(String(16))  #: register, sign_in
    account_id: Mapped[str | None] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index("ix_webauthn_challenges_expires", "expires_at"),)


@dataclass(frozen=True)
class Passkey:
    """A passkey as the account page and a sign-in see it."""

    credential_id: str
    account_id: str
    public_key: bytes
    sign_count: int
    name: str
    created_at: datetime
    used_at: datetime | None


class PasskeyStore:
    """Passkeys and challenges in the tables' database (the engine of its :class:`~tabletop.storage.Store`)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def keep_challenge(self, challenge: str, purpose: str, account_id: str | None, lifetime: timedelta) -> None:
        """Remember a challenge until it is answered or ``lifetime`` ends (expired ones are dropped here)."""
        moment = now()
        with self.engine.begin() as connection:
            connection.execute(delete(ChallengeRow).where(ChallengeRow.expires_at < moment))
            connection.execute(insert(ChallengeRow).values(challenge=challenge, purpose=purpose,
                                                           account_id=account_id, expires_at=moment + lifetime))

    def take_challenge(self, challenge: str, purpose: str, account_id: str | None) -> bool:
        """True once for a challenge that was made for this purpose (and account) and has not expired: it is
        spent, whoever races for it."""
        with self.engine.begin() as connection:
            spent = connection.execute(delete(ChallengeRow).where(
                ChallengeRow.challenge == challenge, ChallengeRow.purpose == purpose,
                ChallengeRow.expires_at >= now(),
                ChallengeRow.account_id.is_(None) if account_id is None else ChallengeRow.account_id == account_id))
        return bool(spent.rowcount)

    def add(self, account_id: str, credential_id: str, public_key: bytes, sign_count: int, name: str) -> bool:
        """A new passkey of the account; False when that credential is registered already."""
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(PasskeyRow).values(credential_id=credential_id, account_id=account_id,
                                                             public_key=public_key, sign_count=sign_count,
                                                             name=name, created_at=now()))
        except IntegrityError:
            return False
        return True

    def find(self, credential_id: str) -> Passkey | None:
        """The passkey of this credential id (None: no account has it)."""
        with self.engine.connect() as connection:
            row = connection.execute(select(PasskeyRow).where(PasskeyRow.credential_id == credential_id)).first()
        return None if row is None else _passkey(row)

    def of(self, account_id: str) -> list[Passkey]:
        """The account's passkeys, the newest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(PasskeyRow).where(PasskeyRow.account_id == account_id)
                                      .order_by(PasskeyRow.created_at.desc())).all()
        return [_passkey(row) for row in rows]

    def used(self, credential_id: str, sign_count: int) -> bool:
        """Note a sign-in with the passkey and the authenticator's new counter; False when another sign-in
        moved the counter past it meanwhile (a replay, or a cloned key racing the real one)."""
        # (an authenticator that keeps no counter — most synced passkeys — says 0 every time)
        fresh = PasskeyRow.sign_count < sign_count if sign_count else PasskeyRow.sign_count == 0
        with self.engine.begin() as connection:
            moved = connection.execute(update(PasskeyRow).where(PasskeyRow.credential_id == credential_id, fresh)
                                       .values(sign_count=sign_count, used_at=now()))
        return bool(moved.rowcount)

    def remove(self, account_id: str, credential_id: str) -> bool:
        """Forget one of the account's passkeys; False when it has none of that id."""
        with self.engine.begin() as connection:
            gone = connection.execute(delete(PasskeyRow).where(PasskeyRow.account_id == account_id,
                                                               PasskeyRow.credential_id == credential_id))
        return bool(gone.rowcount)

    def remove_all(self, account_ids: Sequence[str]) -> None:
        """Forget every passkey of these accounts (an account deleted)."""
        with self.engine.begin() as connection:
            connection.execute(delete(PasskeyRow).where(PasskeyRow.account_id.in_(list(account_ids))))


def _passkey(row: Any) -> Passkey:
    return Passkey(row.credential_id, row.account_id, bytes(row.public_key), row.sign_count, row.name, row.created_at,
                   row.used_at)
