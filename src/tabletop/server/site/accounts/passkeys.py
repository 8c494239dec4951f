"""Passkeys: signing in with a WebAuthn credential instead of a password (``/api/account/passkeys/…``).

The ceremonies are the `webauthn` library's (py_webauthn: options made and answers verified there; nothing of
the cryptography is written here). A signed-in account registers a passkey in two steps (options, then the
browser's answer); anyone signs in with one in two steps too, with no username typed (a discoverable
credential names its account). Each challenge is stored (:mod:`tabletop.storage.passkeys`) and spent once,
and must come back from the origin it was made for: the request's own, ``localhost`` or a name over https —
browsers refuse WebAuthn at an IP address, and so does this module, with a reason. A failed sign-in answers
one way whatever failed (an unknown key, a wrong signature, a stale challenge) and counts against the same
per-address sign-in limit as passwords.
"""

from __future__ import annotations

import base64
import ipaddress
import json
import secrets
from datetime import timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, ConfigDict, field_validator
from starlette.requests import HTTPConnection
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers.exceptions import InvalidAuthenticationResponse, InvalidRegistrationResponse
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from tabletop.server.errors import ApiError
from tabletop.server.identity import IdentityDep, SignedInDep, csrf_token
from tabletop.server.inputs import StrictRoute
from tabletop.server.site.accounts.feature import SIGN_IN, Accounts, refuse_closed
from tabletop.server.site.accounts.router import AccountsDep, account_data, agent_of, signed_in_cookie
from tabletop.storage.accounts import Account
from tabletop.storage.passkeys import PasskeyStore

CHALLENGE_LIFETIME = timedelta(minutes=5)
"""How long a ceremony may take: the browser asks the person, who may look for their phone."""
ANSWER_BYTES = 16_384
"""The most a browser's answer may weigh (an attestation with certificates is a few kB)."""
RP_NAME = "tabletop"

router = APIRouter(route_class=StrictRoute, prefix="/api/account/passkeys", tags=["accounts"])


class Passkeys:
    """The passkeys of the accounts (``accounts``: its database threads, limits and sessions)."""

    def __init__(self, store: PasskeyStore, accounts: Accounts) -> None:
        self.store, self.accounts = store, accounts

    async def registration_options(self, account: Account, request: Request) -> dict[str, Any]:
        """Options for ``navigator.credentials.create()``: a new challenge, the account, its keys excluded."""
        rp_id, _ = site_of(request)
        known = await self.accounts.db(self.store.of, account.id)
        options = generate_registration_options(
            rp_id=rp_id, rp_name=RP_NAME, user_id=account.id.encode(), user_name=account.username,
            challenge=secrets.token_bytes(32),
            exclude_credentials=[PublicKeyCredentialDescriptor(id=_bytes(key.credential_id)) for key in known],
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED, user_verification=UserVerificationRequirement.PREFERRED))
        made: dict[str, Any] = json.loads(options_to_json(options))
        await self.accounts.db(self.store.keep_challenge, made["challenge"], "register", account.id,
                               CHALLENGE_LIFETIME)
        return made

    async def register(self, account: Account, credential: dict[str, Any], request: Request) -> dict[str, Any]:
        """Verify the browser's new credential against the account's open challenge, and keep it.

        Raises:
            ApiError: 400 ``passkey_refused`` for an answer that does not verify (or answers no open challenge).
        """
        rp_id, origin = site_of(request)
        challenge = _challenge_of(credential)
        if challenge is None or not await self.accounts.db(self.store.take_challenge, challenge, "register",
                                                           account.id):
            raise ApiError(400, "this passkey answers no registration asked here (or too late): try again",
                           "passkey_refused")
        try:
            made = verify_registration_response(credential=credential, expected_challenge=_bytes(challenge),
                                                expected_rp_id=rp_id, expected_origin=origin)
        except (InvalidRegistrationResponse, ValueError, KeyError, TypeError):
            raise ApiError(400, "the browser's passkey did not verify: try again", "passkey_refused") from None
        key_id = _text(made.credential_id)
        name = agent_of(request)
        if not await self.accounts.db(self.store.add, account.id, key_id, made.credential_public_key,
                                      made.sign_count, name):
            raise ApiError(409, "this passkey is registered already", "passkey_known")
        return {"id": key_id, "name": name}

    async def sign_in_options(self, request: Request, client: str) -> dict[str, Any]:
        """Options for ``navigator.credentials.get()``: a new challenge, any of this site's passkeys."""
        rp_id, _ = site_of(request)
        await self.accounts.count(SIGN_IN, client)
        options = generate_authentication_options(rp_id=rp_id, challenge=secrets.token_bytes(32),
                                                  user_verification=UserVerificationRequirement.PREFERRED)
        made: dict[str, Any] = json.loads(options_to_json(options))
        await self.accounts.db(self.store.keep_challenge, made["challenge"], "sign_in", None, CHALLENGE_LIFETIME)
        return made

    async def sign_in(self, credential: dict[str, Any], request: Request, client: str) -> Account:
        """The account whose passkey signed the open challenge.

        Raises:
            ApiError: 401 ``passkey_failed`` — one answer for every failure —, 429 by the sign-in limit.
        """
        rp_id, origin = site_of(request)
        await self.accounts.count(SIGN_IN, client)
        failed = ApiError(401, "this passkey did not sign in here", "passkey_failed")
        key_id = credential.get("id")
        challenge = _challenge_of(credential)
        if not isinstance(key_id, str) or challenge is None:
            raise failed
        key = await self.accounts.db(self.store.find, key_id[:700])
        if key is None or not await self.accounts.db(self.store.take_challenge, challenge, "sign_in", None):
            raise failed
        try:
            verified = verify_authentication_response(
                credential=credential, expected_challenge=_bytes(challenge), expected_rp_id=rp_id,
                expected_origin=origin, credential_public_key=key.public_key,
                credential_current_sign_count=key.sign_count)
        except (InvalidAuthenticationResponse, ValueError, KeyError, TypeError):
            raise failed from None
        if not await self.accounts.db(self.store.used, key.credential_id, verified.new_sign_count):
            raise failed
        account: Account | None = await self.accounts.db(self.accounts.store.account, key.account_id)
        if account is None:
            raise failed
        refuse_closed(account)
        return account


def passkeys_of(connection: HTTPConnection) -> Passkeys:
    passkeys: Passkeys = connection.app.state.passkeys
    return passkeys


PasskeysDep = Annotated[Passkeys, Depends(passkeys_of)]


def site_of(request: Request) -> tuple[str, str]:
    """The relying party's id and origin: the host and origin the request came to (behind a proxy, as its
    forwarded headers say).

    Raises:
        ApiError: 400 ``passkey_needs_a_name`` at an IP address, where browsers refuse WebAuthn.
    """
    host = request.url.hostname or ""
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return host, f"{request.url.scheme}://{request.url.netloc}"
    raise ApiError(400, "passkeys work at a site's name (localhost, or a name over https), not at an IP address",
                   "passkey_needs_a_name")


class Answer(BaseModel):
    """A browser's answer to a ceremony: ``PublicKeyCredential.toJSON()``."""

    model_config = ConfigDict(extra="forbid")

    credential: dict[str, Any]

    @field_validator("credential")
    @classmethod
    def _small(cls, value: dict[str, Any]) -> dict[str, Any]:
        if len(json.dumps(value)) > ANSWER_BYTES:
            raise ValueError(f"a passkey's answer is at most {ANSWER_BYTES} bytes")
        return value


def _challenge_of(credential: dict[str, Any]) -> str | None:
    """The challenge a browser's answer signed, from its client data (None: not an answer)."""
    try:
        data = json.loads(_bytes(credential["response"]["clientDataJSON"]))
        challenge = data["challenge"]
    except (KeyError, TypeError, ValueError):
        return None
    return challenge if isinstance(challenge, str) and len(challenge) <= 128 else None


def _bytes(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _text(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@router.post("/register/options")
async def registration_options(request: Request, identity: SignedInDep, passkeys: PasskeysDep) -> dict[str, Any]:
    """Start registering a passkey for the account signed in."""
    assert identity.account is not None
    return await passkeys.registration_options(identity.account, request)


@router.post("/register", status_code=201)
async def register(body: Answer, request: Request, identity: SignedInDep, passkeys: PasskeysDep) -> dict[str, Any]:
    """Keep the passkey the browser made for the registration just started."""
    assert identity.account is not None
    return await passkeys.register(identity.account, body.credential, request)


@router.get("")
async def listed(identity: SignedInDep, passkeys: PasskeysDep) -> dict[str, Any]:
    """The account's passkeys: where each was made, when, when last used."""
    assert identity.account is not None
    keys = await passkeys.accounts.db(passkeys.store.of, identity.account.id)
    return {"passkeys": [{"id": key.credential_id, "name": key.name, "created_at": key.created_at,
                          "used_at": key.used_at} for key in keys]}


@router.delete("/{key_id}")
async def remove(key_id: str, identity: SignedInDep, passkeys: PasskeysDep) -> dict[str, Any]:
    """Forget one of the account's passkeys (it signs in no more)."""
    assert identity.account is not None
    if not await passkeys.accounts.db(passkeys.store.remove, identity.account.id, key_id[:700]):
        raise ApiError(404, "this account has no such passkey", "no_passkey")
    return {"removed": 1}


@router.post("/login/options")
async def sign_in_options(request: Request, identity: IdentityDep, passkeys: PasskeysDep) -> dict[str, Any]:
    """Start signing in with a passkey (no username: the passkey names its account)."""
    return await passkeys.sign_in_options(request, identity.client)


@router.post("/login")
async def sign_in(body: Answer, request: Request, response: Response, identity: IdentityDep,
                  passkeys: PasskeysDep, accounts: AccountsDep) -> dict[str, Any]:
    """Sign in with the passkey's answer: a new session (the one this browser had ends), as with a password."""
    account = await passkeys.sign_in(body.credential, request, identity.client)
    if identity.account is not None:
        await accounts.sign_out(identity.account, identity.session)
    token, _ = await accounts.open_session(account, agent_of(request))
    signed_in_cookie(request, response, token)
    return {"account": account_data(account), "csrf": csrf_token(token)}
