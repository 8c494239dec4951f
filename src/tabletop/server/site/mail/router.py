"""The mail's HTTP API: an account's address (``/api/account/email``) and a new password by a mailed link
(``/api/account/reset``). Each answers 404 ``mail_not_configured`` where the operator configured no SMTP."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import HTTPConnection

from tabletop.server.identity import IdentityDep, SignedInDep, csrf_token
from tabletop.server.inputs import StrictRoute
from tabletop.server.site.accounts.router import AccountsDep, account_data, agent_of, signed_in_cookie
from tabletop.server.site.mail.feature import Mail

router = APIRouter(route_class=StrictRoute, prefix="/api/account", tags=["accounts"])


def mail_of(connection: HTTPConnection) -> Mail:
    mail: Mail = connection.app.state.mail
    return mail


MailDep = Annotated[Mail, Depends(mail_of)]


def site_of(request: Request) -> str:
    """The site's address as this request reached it (behind a proxy, as its forwarded headers say): the
    links mailed go there."""
    return f"{request.url.scheme}://{request.url.netloc}"


class Address(BaseModel):
    """``POST /api/account/email``: the address, and the language its mail is written in."""

    model_config = ConfigDict(extra="forbid")

    email: str = Field(max_length=254)
    language: Literal["en", "ru", "ro"] = "en"


class Link(BaseModel):
    """``POST /api/account/email/confirm``: the secret of a mailed link."""

    model_config = ConfigDict(extra="forbid")

    token: str = Field(max_length=100)


class Notices(BaseModel):
    """``POST /api/account/email/notices``: your-move notices on or off."""

    model_config = ConfigDict(extra="forbid")

    on: bool


class ResetAsked(BaseModel):
    """``POST /api/account/reset/request``: whose password to reset."""

    model_config = ConfigDict(extra="forbid")

    username: str = Field(max_length=64)


class Reset(BaseModel):
    """``POST /api/account/reset``: a mailed link's secret and the new password."""

    model_config = ConfigDict(extra="forbid")

    token: str = Field(max_length=100)
    password: str = Field(max_length=1024)


@router.get("/email")
async def address(identity: SignedInDep, mail: MailDep) -> dict[str, Any]:
    """The account's address, whether it is confirmed and wants your-move notices; ``mail``: does the site
    send any."""
    assert identity.account is not None
    return await mail.address(identity.account)


@router.post("/email", status_code=202)
async def set_address(body: Address, request: Request, identity: SignedInDep, mail: MailDep) -> dict[str, Any]:
    """A new address: a link that confirms it is mailed there (nothing else is, until it is confirmed)."""
    assert identity.account is not None
    await mail.set_address(identity.account, body.email, body.language, site_of(request))
    return await mail.address(identity.account)


@router.delete("/email")
async def forget_address(identity: SignedInDep, mail: MailDep) -> dict[str, Any]:
    """The account's address forgotten: no more mail."""
    assert identity.account is not None
    await mail.accounts.db(mail.store.forget, identity.account.id)
    return await mail.address(identity.account)


@router.post("/email/confirm")
async def confirm(body: Link, mail: MailDep) -> dict[str, Any]:
    """Confirm an address by its mailed link (no sign-in needed: the link is the proof)."""
    return {"confirmed": await mail.confirm(body.token)}


@router.post("/email/notices")
async def notices(body: Notices, identity: SignedInDep, mail: MailDep) -> dict[str, Any]:
    """Your-move notices at tables that take days, on or off."""
    assert identity.account is not None
    await mail.accounts.db(mail.store.notices, identity.account.id, body.on)
    return await mail.address(identity.account)


@router.get("/reset")
async def can_reset(mail: MailDep) -> dict[str, Any]:
    """Whether this site mails reset links (``mail``: an SMTP server configured)."""
    return {"mail": mail.mailer.works}


@router.post("/reset/request", status_code=202)
async def ask_reset(body: ResetAsked, request: Request, identity: IdentityDep, mail: MailDep) -> dict[str, Any]:
    """Mail a link that sets a new password to the account's confirmed address. The same answer whether or not
    there is such an account or address."""
    await mail.ask_reset(body.username, identity.client, site_of(request))
    return {"asked": True}


@router.post("/reset")
async def reset(body: Reset, request: Request, response: Response, mail: MailDep,
                accounts: AccountsDep) -> dict[str, Any]:
    """A new password by a mailed link: every session of the account ends and this browser is signed in."""
    account = await mail.reset(body.token, body.password)
    token, _ = await accounts.open_session(account, agent_of(request))
    signed_in_cookie(request, response, token)
    return {"account": account_data(account), "csrf": csrf_token(token)}
