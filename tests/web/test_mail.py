"""The site's mail in a real browser (issue 45 items 1 and 6), against an SMTP server the test starts: the
account page confirms an address by the link mailed to it; a forgotten password is replaced through a link
mailed to that address, from the recovery page, and the player is signed in."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tabletop.server.process import serving
from tests.server.site.test_mail import Inbox, link
from tests.server.site.test_mail import inbox as smtp_server  # noqa: F401 (a fixture)
from tests.web.accounts import sign_up, username


@pytest.fixture
def mailing_url(tmp_path_factory: pytest.TempPathFactory, smtp_server: tuple[Inbox, int]) -> Iterator[str]:  # noqa: F811
    """A server of its own that mails through the test's SMTP server."""
    db = tmp_path_factory.mktemp("mail") / "mail.db"
    args = ["--smtp-url", f"smtp://127.0.0.1:{smtp_server[1]}?from=tabletop@localhost&tls=none",
            "--password-hashing", "cheapest"]
    with serving(f"sqlite:///{db}", bot_workers=0, args=args) as (base, _):
        yield base


def test_an_address_confirmed_on_the_account_page_gets_a_reset_link(
        devices: Any, mailing_url: str, smtp_server: tuple[Inbox, int]) -> None:  # noqa: F811
    inbox = smtp_server[0]
    page = devices()
    name = username()
    sign_up(page, mailing_url, name)
    page.click("[data-action=codes-saved]")
    page.goto(f"{mailing_url}/#/account")
    page.fill("#mail-address", "ann@example.org")
    page.click("[data-testid=set-email] button[type=submit]")
    page.wait_for_selector("[data-testid=email-state]:has-text('waiting for its confirmation link')")
    confirmation = link(inbox.to("ann@example.org")[0])
    page.goto(confirmation)
    page.wait_for_selector("[data-testid=confirm-email]:has-text('is confirmed')")
    page.goto(f"{mailing_url}/#/account")
    page.wait_for_selector("[data-testid=email-state]:has-text('confirmed')")
    assert page.locator("[data-testid=move-notices]").is_checked()

    page.click("[data-action=sign-out]")
    page.wait_for_selector("[data-testid=account-link]:text-is('Sign in')")
    page.goto(f"{mailing_url}/#/recover")
    page.fill("#reset-username", name)
    page.click("[data-testid=reset-by-mail] button[type=submit]")
    page.wait_for_selector("[data-testid=reset-by-mail] [role=status]:has-text('on its way')")
    reset = link(inbox.to("ann@example.org", count=2)[1])
    assert re.search(r"/#/reset/", reset)
    page.goto(reset)
    page.fill("#account-password", "a brand new password")
    page.click("[data-testid=reset] button[type=submit]")
    page.wait_for_selector(f"[data-testid=account-link]:text-is('{name}')")
