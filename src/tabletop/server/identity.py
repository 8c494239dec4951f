"""Who is asking: the one dependency every route that cares uses (an account, or an anonymous client).

A request or socket is an account's when it carries a valid session cookie (:data:`SESSION_COOKIE`, made by
the accounts feature: :mod:`tabletop.server.site.accounts`), else an anonymous client known by its address
(and, at a table, by the seat tokens it holds). No route reads the cookie itself.

A browser sends the cookie with any request to this server, a request another site's page makes included
(``SameSite=Lax`` stops only some of them). So a state-changing request the cookie authenticates must carry
the session's CSRF token in :data:`CSRF_HEADER` — a header no cross-site form or simple request can set —
beside the Origin check every state change passes (:class:`~tabletop.server.headers.OriginAndHost`).
Without it the request is refused (403 ``csrf_failed``), not served as anonymous.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Annotated, Protocol

from fastapi import Depends
from starlette.requests import HTTPConnection

from tabletop.server.errors import ApiError
from tabletop.server.headers import SAFE_METHODS
from tabletop.server.requests import client_of
from tabletop.storage.accounts import Account

SESSION_COOKIE = "tabletop_session"
CSRF_HEADER = "x-csrf-token"
SESSION_STATE = "tabletop_session"
"""Where a request's scope keeps its session once looked up (:func:`session_of`): the rate limiter looks
first (a signed-in request counts per account), the route's identity takes it from there."""


class Sessions(Protocol):
    """What identifying a request needs of the accounts feature."""

    async def signed_in(self, token: str) -> tuple[Account, str] | None:
        """The account a session token signs in and the session's public id (None: none, or expired)."""

    async def account_named(self, username: str) -> Account | None:
        """The account named ``username`` (any case; None: none, or deleted)."""


@dataclass(frozen=True)
class Identity:
    """Who a request comes from: always a client (its hashed address), and an account when signed in."""

    client: str
    account: Account | None = None
    session: str | None = None  #: the session's public id
    token: str | None = None  #: the session cookie's secret (to sign it out; never sent back or logged)


def csrf_token(session_token: str) -> str:
    """The CSRF token of a session: derived from its secret, so nothing more is stored, and useless without
    the cookie it comes from."""
    return hashlib.sha256(f"tabletop-csrf:{session_token}".encode()).hexdigest()[:32]


async def session_of(connection: HTTPConnection) -> tuple[str, tuple[Account, str] | None] | None:
    """The session cookie's secret and what it signs in (the account and the session's public id; None: no
    valid session), looked up once a request (None: no cookie)."""
    token = connection.cookies.get(SESSION_COOKIE)
    sessions: Sessions | None = getattr(connection.app.state, "accounts", None)
    if not token or sessions is None or len(token) > 128:
        return None
    state = connection.scope.setdefault("state", {})
    kept = state.get(SESSION_STATE)
    if kept is not None and kept[0] == token:
        return kept  # type: ignore[no-any-return]
    found = token, await sessions.signed_in(token)
    state[SESSION_STATE] = found
    return found


async def identify(connection: HTTPConnection) -> Identity:
    """The :class:`Identity` of a request or socket (its session checked, and its CSRF token for a change).

    Raises:
        ApiError: 403 ``csrf_failed`` for a signed-in state change without the session's CSRF token.
    """
    client = client_of(connection)
    looked_up = await session_of(connection)
    if looked_up is None or looked_up[1] is None:
        return Identity(client)
    token, (account, session) = looked_up[0], looked_up[1]
    method = connection.scope.get("method")
    if method is not None and method not in SAFE_METHODS:
        given = connection.headers.get(CSRF_HEADER, "")
        if not hmac.compare_digest(given.encode(), csrf_token(token).encode()):
            raise ApiError(403, f"a change by a signed-in browser needs the session's token in {CSRF_HEADER} "
                                "(another site's page cannot send it)", "csrf_failed")
    return Identity(client, account, session, token)


async def accounts_named(connection: HTTPConnection, usernames: list[str]) -> dict[str, Account | None]:
    """The account of each of ``usernames`` (None: nobody has that name), for a route that takes a player's
    name (a seat addressed to a friend); a bot's account is nobody's to be invited as (a bot sits by its level)."""
    sessions: Sessions | None = getattr(connection.app.state, "accounts", None)
    found = {name: None if sessions is None else await sessions.account_named(name) for name in usernames}
    return {name: None if account is None or account.bot is not None else account for name, account in found.items()}


def counted_as(identity: Identity) -> str:
    """Whom a limit counts a request against: its account when signed in (wherever it comes from), else its
    address."""
    return identity.client if identity.account is None else "account:" + identity.account.id


def account_of(identity: Identity) -> str | None:
    """The id of the account signed in (None: anonymous), as the tables keep it with a seat."""
    return identity.account.id if identity.account is not None else None


IdentityDep = Annotated[Identity, Depends(identify)]
"""A route's parameter for who is asking."""


def signed_in(identity: IdentityDep) -> Identity:
    """The identity of a signed-in request (401 ``not_signed_in`` otherwise)."""
    if identity.account is None:
        raise ApiError(401, "sign in first: this needs an account", "not_signed_in")
    return identity


SignedInDep = Annotated[Identity, Depends(signed_in)]
"""A route's parameter for a signed-in caller."""
