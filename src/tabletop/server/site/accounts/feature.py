"""The accounts feature's logic: signing up, in and out, sessions, passwords and recovery codes.

Each step is checked before anything is written (a name taken, a password refused, a limit reached change
nothing). Signing in answers one way — 401 ``bad_credentials`` — for an unknown name and a wrong password,
after the same work (the unknown name's password is verified against a dummy hash: :mod:`.passwords`), and
is throttled per address and per account name. Every sign-in makes a new session secret (a session is
never one the client chose: no fixation); a password changed or recovered signs out every other session.

An account also claims the seats a browser held before it signed up (:meth:`Accounts.claim`), exports its
games as records, a page at a time (:meth:`Accounts.export`), and deletes itself (:meth:`Accounts.delete`).
The tables it meets through :class:`~tabletop.server.seams.SeatBinding` alone.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Sequence
from datetime import timedelta
from typing import Any, TypeVar

import orjson

from tabletop.server.errors import ApiError
from tabletop.server.limits import LimitReached, Priced, Rates
from tabletop.server.lobby_lines import row_line
from tabletop.server.requests import limit_error
from tabletop.server.seams import SeatBinding
from tabletop.server.site.accounts.names import BadUsername, check_username, name_key
from tabletop.server.site.accounts.passwords import BadPassword, Passwords, check_password
from tabletop.server.site.accounts.profiles import played_by, played_claimed, profile
from tabletop.server.table_events import TableFinished
from tabletop.storage import STATUSES, LobbyPage
from tabletop.storage.accounts import Account, AccountStore, Claimed, SessionInfo, UsernameTaken
from tabletop.storage.models import now

T = TypeVar("T")
Db = Callable[..., Awaitable[Any]]

SIGN_IN = Priced("sign_ins_per_minute", code="too_many_sign_ins", what="sign-in attempts")
SIGN_IN_ACCOUNT = Priced("sign_ins_per_account_per_minute", code="too_many_sign_ins_for_account",
                         what="sign-in attempts for one account")
SIGN_UP = Priced("sign_ups_per_minute", code="too_many_sign_ups", what="new accounts")
CLAIM = Priced("claims_per_minute", code="too_many_claims", what="claims of seats")
EXPORT = Priced("exports_per_minute", code="too_many_exports", what="pages of an export")
PROFILE_READ = Priced("profile_reads_per_minute", code="too_many_profile_reads", what="profiles or game lists read")
EXPORT_PAGE = 50
"""Tables a page of an account's export has at most (each finished one's record read from its log)."""
DELETED = "deleted player"
"""The name a deleted account's seats are shown under at the tables it sat at."""
LIFETIME = timedelta(days=30)
"""A session unused this long expires (each use, at most hourly noted, starts it again)."""
SEEN_EVERY = timedelta(hours=1)
RECOVERY_CODES = 8


def new_recovery_codes() -> list[str]:
    """Codes shown once at sign-up, each good for one password reset: ``3f9a2-c71be``, 40 bits of chance
    each (and tried at most :data:`SIGN_IN_ACCOUNT`'s few times a minute)."""
    return [f"{code[:5]}-{code[5:]}" for code in (secrets.token_hex(5) for _ in range(RECOVERY_CODES))]


class Accounts:
    """Accounts over their store (:class:`~tabletop.storage.accounts.AccountStore`), run on the database's
    threads (``db``), with passwords hashed on threads of their own and limits counted by ``rates``."""

    def __init__(self, store: AccountStore, db: Db, rates: Rates, passwords: Passwords, tables: SeatBinding) -> None:
        self.store = store
        self.db = db
        self.rates = rates
        self.passwords = passwords
        self.tables = tables
        #: what other features add to a public profile (``{"ratings": …}``), each asked with the account
        self.profile_parts: list[Callable[[Account], Awaitable[dict[str, Any]]]] = []

    async def sign_up(self, username: str, password: str, client: str) -> tuple[Account, list[str]]:
        """A new account and its recovery codes (the only time they are seen).

        Raises:
            ApiError: 422 for a name or password the rules refuse, 409 ``username_taken``, 429 by a limit.
        """
        try:
            name = check_username(username)
            check_password(password, name)
        except (BadUsername, BadPassword) as error:
            raise ApiError(422, str(error), error.code, **error.params) from None
        await self.count(SIGN_UP, client)
        codes = new_recovery_codes()
        hashed = await self._hashing(self.passwords.hash(password))
        try:
            account: Account = await self.db(self.store.create, name, name_key(name), hashed, codes)
        except UsernameTaken:
            raise ApiError(409, f"the name {name!r} is taken", "username_taken", username=name) from None
        return account, codes

    async def sign_in(self, username: str, password: str, client: str) -> Account:
        """The account whose name and password these are.

        Raises:
            ApiError: 401 ``bad_credentials`` (an unknown name and a wrong password alike), 403
                ``account_closed`` for the right password of an account a moderator closed, 429 by a limit.
        """
        key = name_key(username[:64])
        await self.count(SIGN_IN, client)
        await self.count(SIGN_IN_ACCOUNT, "account:" + key)
        found = await self._credentials(username)
        right = await self._hashing(self.passwords.check(password[:1024], found[1] if found else None))
        if not right or found is None:
            raise ApiError(401, "wrong username or password", "bad_credentials")
        account: Account = found[0]
        stored: str = found[1]
        refuse_closed(account)
        if self.passwords.needs_rehash(stored):  # made with older parameters: kept up to date
            await self.db(self.store.set_password, account.id, await self._hashing(self.passwords.hash(password)))
        return account

    async def open_session(self, account: Account, agent: str) -> tuple[str, str]:
        """A new session of ``account``: its secret (the cookie's) and its public id."""
        token = secrets.token_urlsafe(32)
        public_id = await self.db(self.store.open_session, account.id, token, LIFETIME, agent)
        return token, public_id

    async def signed_in(self, token: str) -> tuple[Account, str] | None:
        """The account a session token signs in, and the session's public id (``identity.Sessions``)."""
        found = await self.db(self.store.session, token)
        if found is None:
            return None
        account, public_id, seen = found
        if now() - seen > SEEN_EVERY:
            await self.db(self.store.seen, token, LIFETIME)
        return account, public_id

    async def sessions(self, account: Account) -> list[SessionInfo]:
        return await self.db(self.store.sessions, account.id)  # type: ignore[no-any-return]

    async def sign_out(self, account: Account, public_id: str | None = None, keep: str | None = None) -> int:
        """Close one session of the account (None: every one but ``keep``); how many were closed."""
        return await self.db(self.store.close_sessions, account.id, public_id, keep)  # type: ignore[no-any-return]

    async def change_password(self, account: Account, current: str, new: str, session: str | None) -> None:
        """A new password, given the current one; every other session is signed out.

        Raises:
            ApiError: 401 ``bad_credentials`` for a wrong current password, 422 for a new one refused.
        """
        try:
            check_password(new, account.username)
        except BadPassword as error:
            raise ApiError(422, str(error), error.code, **error.params) from None
        await self.count(SIGN_IN_ACCOUNT, "account:" + name_key(account.username))
        found = await self.db(self.store.credentials, name_key(account.username))
        if found is None or not await self._hashing(self.passwords.check(current[:1024], found[1])):
            raise ApiError(401, "wrong username or password", "bad_credentials")
        await self.db(self.store.set_password, account.id, await self._hashing(self.passwords.hash(new)))
        await self.sign_out(account, keep=session)

    async def recover(self, username: str, code: str, new: str, client: str) -> Account:
        """A new password by a recovery code (spent); every session of the account is signed out.

        Raises:
            ApiError: 401 ``bad_credentials`` for an unknown name or a wrong or spent code, 422 for a password
                refused, 429 by a limit.
        """
        key = name_key(username[:64])
        await self.count(SIGN_IN, client)
        await self.count(SIGN_IN_ACCOUNT, "account:" + key)
        found = await self._credentials(username)
        if found is not None:
            refuse_closed(found[0])
            try:
                check_password(new, found[0].username)
            except BadPassword as error:
                raise ApiError(422, str(error), error.code, **error.params) from None
        if found is None or not await self.db(self.store.use_code, found[0].id, code.strip().lower()[:64]):
            raise ApiError(401, "wrong username or recovery code", "bad_credentials")
        account: Account = found[0]
        await self.db(self.store.set_password, account.id, await self._hashing(self.passwords.hash(new)))
        await self.sign_out(account)
        return account

    async def set_password(self, account: Account, password: str) -> None:
        """A new password (checked by the caller) for the account; every one of its sessions ends."""
        await self.db(self.store.set_password, account.id, await self._hashing(self.passwords.hash(password)))
        await self.sign_out(account)

    async def finished(self, event: TableFinished) -> None:
        """A finished table (the consumer :data:`.profiles.CONSUMER`): noted for each account that sat at it."""
        played = played_by(event)
        if played:
            await self.db(self.store.played, list(played.values()), list(played))

    async def profile(self, username: str) -> dict[str, Any] | None:
        """The public profile of ``username`` (None: no such account)."""
        account = await self.account_named(username)
        if account is None:
            return None
        counts = await self.db(self.store.counts, account.id)
        recent = await self.db(self.store.recent, account.id)
        found = profile(account.username, counts, recent)
        if account.bot is not None:
            found["bot"] = account.bot
        for part in self.profile_parts:  # what the other features add (a player's ratings)
            found.update(await part(account))
        return found

    async def account_named(self, username: str) -> Account | None:
        """The account named ``username`` (any case; a person's or a bot's), None when there is none (or it was
        deleted or closed)."""
        try:
            check_username(username)
        except BadUsername as error:
            if error.code != "username_reserved":  # (the bots' and the operator's names are reserved)
                return None
        found = await self.db(self.store.named, name_key(username))
        return None if found is None or found.closed else found

    async def claim(self, account: Account, seats: Sequence[tuple[str, str]]) -> tuple[list[Claimed], int]:
        """Bind to ``account`` the seats these (table id, seat token) pairs hold — where someone sits and no
        other account has it — and note the finished tables among them as the account's games; the live
        tables learn it at once. The seats bound and how many pairs bound none (never why: a wrong token and
        another account's seat are alike).

        Raises:
            ApiError: 429 beyond ``claims_per_minute`` for the account.
        """
        await self.count(CLAIM, "account:" + account.id)
        given = list(dict.fromkeys(seats))
        valid = [(table, token) for table, token in given if table.isascii() and table.isalnum()]
        claimed: list[Claimed] = await self.db(self.store.claim, account.id, valid, played_claimed) if valid else []
        await self.tables.rebound(list(dict.fromkeys((c.table_id, c.status) for c in claimed)))
        return claimed, len(given) - len(claimed)

    async def export(self, account: Account, cursor: str | None) -> tuple[list[dict[str, Any]], str | None]:
        """A page of the account's games (:data:`EXPORT_PAGE` tables, the unfinished first, then the most
        recently active): each table's lobby line with the account's seats, and a finished one's game record
        (an unfinished table's would show what is hidden still: it is listed, without one); and the next
        page's cursor.

        Raises:
            ApiError: 429 beyond ``exports_per_minute`` for the account.
            StorageError: for a cursor the database did not give out.
        """
        await self.count(EXPORT, "account:" + account.id)
        lines, following = await self.tables.lobby_rows(account_lines, STATUSES, None, EXPORT_PAGE, cursor, now(),
                                                        None, account=account.id)
        for line in lines:
            if line["status"] in ("over", "abandoned") and (record := await self.tables.record(line["id"])):
                line["record"] = orjson.Fragment(record)
        return lines, following

    async def delete(self, account: Account, password: str) -> None:
        """Delete the account, given its password (:meth:`.AccountStore.delete` says what goes and what stays:
        its games stay, its seats named :data:`DELETED`; its name stays unavailable); the live tables it sat
        at learn their new names at once.

        Raises:
            ApiError: 401 ``bad_credentials`` for a wrong password, 429 by the account's sign-in limit.
        """
        await self.count(SIGN_IN_ACCOUNT, "account:" + name_key(account.username))
        found = await self.db(self.store.credentials, name_key(account.username))
        if found is None or not await self._hashing(self.passwords.check(password[:1024], found[1])):
            raise ApiError(401, "wrong username or password", "bad_credentials")
        await self.tables.rebound(await self.db(self.store.delete, account.id, DELETED))

    async def count_read(self, who: str) -> None:
        """Count a profile or a page of games read by ``who`` (429 beyond ``profile_reads_per_minute``)."""
        await self.count(PROFILE_READ, who)

    async def codes_left(self, account: Account) -> int:
        return await self.db(self.store.codes_left, account.id)  # type: ignore[no-any-return]

    async def _credentials(self, username: str) -> tuple[Account, str] | None:
        """The account named ``username`` and its password's hash; None when there is none — a name the rules
        refuse (a NUL, a space…) is looked up nowhere: no account can have it."""
        try:
            check_username(username)
        except BadUsername as error:
            if error.code != "username_reserved":  # (the operator's own account may have a reserved name)
                return None
        return await self.db(self.store.credentials, name_key(username))  # type: ignore[no-any-return]

    async def count(self, kind: Priced, who: str) -> None:
        """Count one ``kind`` of request against ``who`` (an address, or ``account:…``).

        Raises:
            ApiError: 429 when the limit is reached.
        """
        try:
            await self.rates.table_request(who, kind)
        except LimitReached as error:
            raise limit_error(error) from None

    async def _hashing(self, work: Awaitable[T]) -> T:
        try:
            return await work
        except LimitReached as error:
            raise limit_error(error) from None


def refuse_closed(account: Account) -> None:
    """Refuse to sign in an account a moderator closed (asked once its owner proved who they are: a wrong
    password is still ``bad_credentials``).

    Raises:
        ApiError: 403 ``account_closed``.
    """
    if account.closed:
        raise ApiError(403, "this account was closed by the site's moderators", "account_closed")


def account_lines(page: LobbyPage) -> tuple[list[dict[str, Any]], str | None]:
    """A page of an account's tables as lobby lines, each with the account's seats at it and the free seats
    addressed to it (made on a database thread)."""
    return [{**row_line(row, page.moves[row.id]), "my_seats": page.mine.get(row.id, []),
             "invited_seats": page.invited.get(row.id, [])} for row in page.tables], page.next
