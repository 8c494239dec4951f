"""The accounts' HTTP API, for the browser and for scripts alike (``/api/account/…``).

Signing up or in answers the account and the session's CSRF token and sets the session cookie
(``HttpOnly``, ``SameSite=Lax``, ``Secure`` when the request came over https — behind a proxy, as its
forwarded headers say); a script keeps the cookie and sends the token back in ``X-CSRF-Token`` with each
change (:mod:`tabletop.server.identity`).

A signed-in account also claims the seats its browser held before (``POST /api/account/claim``), exports
its games as records (``GET /api/account/export``, a JSON download a page at a time) and deletes itself
(``POST /api/account/delete``, its password asked again).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal
from urllib.parse import quote

import orjson
from fastapi import APIRouter, Depends, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import HTTPConnection

from tabletop.server.errors import ApiError
from tabletop.server.identity import SESSION_COOKIE, IdentityDep, SignedInDep, counted_as, csrf_token
from tabletop.server.inputs import StrictRoute
from tabletop.server.requests import LobbyReadingDep
from tabletop.server.site.accounts.feature import LIFETIME, Accounts, account_lines
from tabletop.storage import StorageError
from tabletop.storage.accounts import Account
from tabletop.storage.models import now

router = APIRouter(route_class=StrictRoute, prefix="/api/account", tags=["accounts"])


def accounts_of(connection: HTTPConnection) -> Accounts:
    """The accounts feature of the app serving the request."""
    accounts: Accounts = connection.app.state.accounts
    return accounts


AccountsDep = Annotated[Accounts, Depends(accounts_of)]


class Credentials(BaseModel):
    """``POST /api/account/signup`` and ``/login``: a username and a password."""

    model_config = ConfigDict(extra="forbid")

    username: str = Field(max_length=64)
    password: str = Field(max_length=1024)


class PasswordChange(BaseModel):
    """``POST /api/account/password``: the current password and the new one."""

    model_config = ConfigDict(extra="forbid")

    current: str = Field(max_length=1024)
    new: str = Field(max_length=1024)


class Recovery(BaseModel):
    """``POST /api/account/recover``: a username, one of its recovery codes and a new password."""

    model_config = ConfigDict(extra="forbid")

    username: str = Field(max_length=64)
    code: str = Field(max_length=64)
    password: str = Field(max_length=1024)


class HeldSeat(BaseModel):
    """A seat this browser holds: its table and its secret token."""

    model_config = ConfigDict(extra="forbid")

    table: str = Field(max_length=32)
    token: str = Field(max_length=64)


CLAIMED_AT_ONCE = 100
"""Seats one claim may name at most (a browser keeps the tokens of its recent tables, far fewer)."""


class SeatClaim(BaseModel):
    """``POST /api/account/claim``: the seats this browser holds tokens for, to be the account's."""

    model_config = ConfigDict(extra="forbid")

    seats: list[HeldSeat] = Field(max_length=CLAIMED_AT_ONCE)


class AccountDeletion(BaseModel):
    """``POST /api/account/delete``: the account's password, asked again."""

    model_config = ConfigDict(extra="forbid")

    password: str = Field(max_length=1024)


class SignOut(BaseModel):
    """``POST /api/account/logout``: this session only, or every session of the account."""

    model_config = ConfigDict(extra="forbid")

    everywhere: bool = False


def account_data(account: Account) -> dict[str, Any]:
    """What the API says of an account to its owner."""
    return {"username": account.username, "role": account.role, "created_at": account.created_at}


def agent_of(request: Request) -> str:
    return request.headers.get("user-agent", "")[:120]


def signed_in_cookie(request: Request, response: Response, token: str) -> None:
    """Set the session cookie on ``response``."""
    response.set_cookie(SESSION_COOKIE, token, max_age=int(LIFETIME.total_seconds()), httponly=True, samesite="lax",
                        secure=request.url.scheme == "https", path="/")


@router.post("/signup", status_code=201)
async def sign_up(body: Credentials, request: Request, response: Response, accounts: AccountsDep,
                  identity: IdentityDep) -> dict[str, Any]:
    """A new account, signed in at once; its recovery codes are in the answer and never again."""
    account, codes = await accounts.sign_up(body.username, body.password, identity.client)
    token, _ = await accounts.open_session(account, agent_of(request))
    if identity.account is not None:  # another account was signed in here: its session ends
        await accounts.sign_out(identity.account, identity.session)
    signed_in_cookie(request, response, token)
    return {"account": account_data(account), "csrf": csrf_token(token), "recovery_codes": codes}


@router.post("/login")
async def sign_in(body: Credentials, request: Request, response: Response, accounts: AccountsDep,
                  identity: IdentityDep) -> dict[str, Any]:
    """Sign in with a username and a password: a new session (the one this browser had ends)."""
    account = await accounts.sign_in(body.username, body.password, identity.client)
    if identity.account is not None:
        await accounts.sign_out(identity.account, identity.session)
    token, _ = await accounts.open_session(account, agent_of(request))
    signed_in_cookie(request, response, token)
    return {"account": account_data(account), "csrf": csrf_token(token)}


@router.post("/logout")
async def sign_out(body: SignOut, response: Response, accounts: AccountsDep, identity: SignedInDep) -> dict[str, Any]:
    """Sign this session out (``everywhere``: every session of the account)."""
    assert identity.account is not None
    closed = await accounts.sign_out(identity.account, None if body.everywhere else identity.session)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return {"signed_out": closed}


@router.get("")
async def who_am_i(request: Request, identity: IdentityDep, accounts: AccountsDep) -> dict[str, Any]:
    """The account signed in here (``account`` null when none) and the session's CSRF token."""
    passkeys = getattr(request.app.state, "passkeys", None) is not None  # (the passkeys extra installed)
    if identity.account is None or identity.token is None:
        return {"account": None, "passkeys": passkeys}
    return {"account": account_data(identity.account), "csrf": csrf_token(identity.token),
            "recovery_codes_left": await accounts.codes_left(identity.account), "passkeys": passkeys}


@router.get("/sessions")
async def sessions(identity: SignedInDep, accounts: AccountsDep) -> dict[str, Any]:
    """The account's sessions, the most recently used first; ``current`` marks this one."""
    assert identity.account is not None
    return {"sessions": [{"id": s.public_id, "created_at": s.created_at, "seen_at": s.seen_at, "agent": s.agent,
                          "current": s.public_id == identity.session}
                         for s in await accounts.sessions(identity.account)]}


@router.delete("/sessions/{session_id}")
async def close_session(session_id: str, identity: SignedInDep, accounts: AccountsDep) -> dict[str, Any]:
    """Sign out one of the account's sessions (on another device, say)."""
    assert identity.account is not None
    if not await accounts.sign_out(identity.account, session_id[:32]):
        raise ApiError(404, "this account has no such session", "no_session")
    return {"signed_out": 1}


@router.post("/password")
async def change_password(body: PasswordChange, identity: SignedInDep, accounts: AccountsDep) -> dict[str, Any]:
    """A new password, given the current one; every other session of the account is signed out."""
    assert identity.account is not None
    await accounts.change_password(identity.account, body.current, body.new, identity.session)
    return {"changed": True}


@router.post("/recover")
async def recover(body: Recovery, request: Request, response: Response, accounts: AccountsDep,
                  identity: IdentityDep) -> dict[str, Any]:
    """A forgotten password replaced by one of the recovery codes (spent): every session is signed out and
    this browser signed in."""
    account = await accounts.recover(body.username, body.code, body.password, identity.client)
    token, _ = await accounts.open_session(account, agent_of(request))
    signed_in_cookie(request, response, token)
    return {"account": account_data(account), "csrf": csrf_token(token),
            "recovery_codes_left": await accounts.codes_left(account)}


@router.post("/claim")
async def claim(body: SeatClaim, identity: SignedInDep, accounts: AccountsDep) -> dict[str, Any]:
    """Make the account's the seats this browser held before it signed in (its tables' tokens): each seat a
    token holds, where someone sits and no other account has it, follows the account from now on (its
    finished games count in its profile). ``claimed`` lists them; ``refused`` counts the others, without
    saying why any one was."""
    assert identity.account is not None
    claimed, refused = await accounts.claim(identity.account, [(seat.table, seat.token) for seat in body.seats])
    return {"claimed": [{"table": c.table_id, "seat": c.seat} for c in claimed], "refused": refused}


@router.get("/export")
async def export(identity: SignedInDep, accounts: AccountsDep,
                 cursor: Annotated[str | None, Query(max_length=200)] = None) -> Response:
    """The account and its games as a JSON download, 50 tables a page (``next``: the following page's
    cursor): each table it sat at with its seats there, and a finished one's game record (a game still
    being played is listed without one: its record would show hidden cards)."""
    assert identity.account is not None
    try:
        games, following = await accounts.export(identity.account, cursor)
    except StorageError as error:
        raise ApiError(422, str(error), "bad_cursor") from None
    name = f"tabletop-{identity.account.username}.json"
    return Response(orjson.dumps({"account": account_data(identity.account), "exported_at": now(), "games": games,
                                  "next": following}, option=orjson.OPT_UTC_Z), media_type="application/json",
                    headers={"Content-Disposition": f"attachment; filename=\"tabletop-account.json\"; "
                                                    f"filename*=UTF-8''{quote(name)}"})


@router.post("/delete")
async def delete_account(body: AccountDeletion, response: Response, identity: SignedInDep,
                         accounts: AccountsDep) -> dict[str, Any]:
    """Delete the account, its password given again: every session ends (this browser's cookie is cleared),
    its profile is gone, its games stay with its seats named "deleted player", and its name stays taken."""
    assert identity.account is not None
    await accounts.delete(identity.account, body.password)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return {"deleted": True}


GAME_STATUSES = {"playing": ("open", "playing"), "finished": ("over", "abandoned"),
                 "all": ("open", "playing", "over", "abandoned")}
"""What ``GET /api/account/games?status=`` lists."""


@router.get("/games")
async def my_games(identity: SignedInDep, tables: LobbyReadingDep, accounts: AccountsDep,
                   status: Literal["playing", "finished", "all"] = "all",
                   limit: Annotated[int, Query(ge=1, le=50)] = 20,
                   cursor: Annotated[str | None, Query(max_length=200)] = None) -> Response:
    """The account's tables on any device — waiting and playing first, then finished, each the most recently
    active first — as lobby lines with ``my_seats``, and ``invited_seats``: the free seats addressed to it
    (``seats[].for`` at creation), its to take; ``next`` is the following page's cursor."""
    assert identity.account is not None
    await accounts.count_read("account:" + identity.account.id)
    try:
        lines, following = await tables.lobby_rows(account_lines, GAME_STATUSES[status], None, limit, cursor, now(),
                                                   None, account=identity.account.id)
    except StorageError as error:
        raise ApiError(422, str(error), "bad_cursor") from None
    return Response(orjson.dumps({"tables": lines, "next": following}, option=orjson.OPT_UTC_Z),
                    media_type="application/json")


players = APIRouter(route_class=StrictRoute, prefix="/api/players", tags=["accounts"])


@players.get("/{username}")
async def player(username: str, accounts: AccountsDep, identity: IdentityDep) -> dict[str, Any]:
    """A player's public profile: finished games, won and left per game, completion rate, the latest games."""
    await accounts.count_read(counted_as(identity))
    found = await accounts.profile(username[:64])
    if found is None:
        raise ApiError(404, "no player of that name", "no_player")
    return found

