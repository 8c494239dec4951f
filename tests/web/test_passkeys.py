"""Passkeys in a real browser (issue 45 item 1), with Chromium's virtual WebAuthn authenticator (the DevTools
protocol's ``WebAuthn`` domain: a platform authenticator that says yes, holding its keys in memory).

WebAuthn refuses IP origins, so these pages are served at ``http://localhost:…`` (a secure context). A player
adds a passkey on the account page, signs out, and signs in with it without typing a name; a passkey removed
signs in no more; at an IP address the button is not offered.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.accounts import sign_up, username


def at_localhost(base: str) -> str:
    return base.replace("127.0.0.1", "localhost")


@pytest.fixture
def authenticator(devices: Any) -> Iterator[tuple[Any, Any, str]]:
    """A page with a virtual authenticator (user verification on), its CDP session and the authenticator's id."""
    page = devices()
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable", {"enableUI": False})
    made = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True, "hasUserVerification": True,
        "isUserVerified": True, "automaticPresenceSimulation": True}})
    yield page, cdp, made["authenticatorId"]


def test_a_passkey_added_on_the_account_page_signs_in_without_a_name(authenticator: Any, base_url: str) -> None:
    page, cdp, key = authenticator
    base = at_localhost(base_url)
    name = username()
    sign_up(page, base, name)
    page.click("[data-action=codes-saved]")
    page.goto(f"{base}/#/account")
    page.click("[data-testid=passkeys] [data-action=add-passkey]")
    page.wait_for_selector("[data-testid=passkeys] li[data-passkey]")
    assert len(cdp.send("WebAuthn.getCredentials", {"authenticatorId": key})["credentials"]) == 1
    assert "never used" in page.locator("[data-testid=passkeys] li").inner_text()

    page.click("[data-action=sign-out]")
    page.wait_for_selector("[data-testid=account-link]:text-is('Sign in')")
    page.goto(f"{base}/#/signin")
    page.click("[data-action=passkey-sign-in]")
    page.wait_for_selector(f"[data-testid=account-link]:text-is('{name}')")
    page.goto(f"{base}/#/account")
    page.wait_for_selector("[data-testid=passkeys] li[data-passkey]")
    assert "last used" in page.locator("[data-testid=passkeys] li").inner_text()

    # removed, it signs in no more: the authenticator still offers it, the server refuses it
    page.click("[data-testid=passkeys] [data-action=remove-passkey]")
    page.wait_for_selector("[data-testid=passkeys] li[data-passkey]", state="detached")
    page.click("[data-action=sign-out]")
    page.wait_for_selector("[data-testid=account-link]:text-is('Sign in')")
    page.goto(f"{base}/#/signin")
    page.click("[data-action=passkey-sign-in]")
    refusal = page.locator("[data-testid=passkey-error]")
    refusal.wait_for()
    assert "does not sign in here" in refusal.inner_text()
    assert page.locator("[data-testid=account-link]").inner_text().strip() == "Sign in"


def test_at_an_ip_address_no_passkey_is_offered(devices: Any, base_url: str) -> None:
    """Browsers refuse WebAuthn at an IP origin: the page does not offer what cannot work."""
    page = devices()
    assert "127.0.0.1" in base_url
    page.goto(f"{base_url}/#/signin")
    page.wait_for_selector("[data-testid=sign-in]")
    assert not page.locator("[data-action=passkey-sign-in]").count()
