"""Helpers of the browser tests that use accounts: a password the rules take, a name of its own per account, signing
up and in through the pages, and one click against the easy bot. (The ``devices`` fixture is in conftest.py.)"""

from __future__ import annotations

import itertools
import os
import re
from typing import Any

PASSWORD = "correct horse battery"
_names = itertools.count()


def username() -> str:
    """A name of its own for each account a test makes (a run's tests share one server)."""
    return f"ann{os.getpid() % 10000}x{next(_names)}"


def sign_up(page: Any, base: str, name: str) -> list[str]:
    """Create an account through its form; the recovery codes it shows once."""
    page.goto(f"{base}/#/")
    page.click("[data-testid=account-link]")
    page.click("[data-action=to-sign-up]")
    page.fill("#account-username", name)
    page.fill("#account-password", PASSWORD)
    page.click("[data-testid=sign-up] button[type=submit]")
    # (an argon2id hash of 64 MiB, on a machine whose every core runs a test: the answer may take a while)
    page.wait_for_selector("[data-testid=recovery-codes], [data-testid=account-error]:not([hidden])", timeout=60_000)
    refusal = page.locator("[data-testid=account-error]:not([hidden])")
    assert not refusal.count(), f"signing up {name} was refused: {refusal.inner_text()}"
    return [code.strip() for code in page.locator(".recovery-codes code").all_inner_texts()]


def sign_in(page: Any, base: str, name: str, password: str = PASSWORD) -> None:
    page.goto(f"{base}/#/signin")
    page.fill("#account-username", name)
    page.fill("#account-password", password)
    page.click("[data-testid=sign-in] button[type=submit]")
    page.wait_for_selector(f"[data-testid=account-link]:text-is('{name}')")


def play_bots(page: Any, base: str, game: str = "cubulus") -> str:
    """One click from the lobby: a table against the easy bot; its id."""
    page.goto(f"{base}/#/")
    page.click(f"[data-game={game}] [data-action=play-bots][data-level=easy]")
    page.wait_for_url(re.compile(r"#/table/"))
    page.wait_for_selector("[data-testid=board]")
    return str(page.url.rsplit("/", 1)[1])


def signed_up(page: Any, base: str) -> str:
    """A new account signed in on ``page`` (its recovery codes put away): its name."""
    name = username()
    sign_up(page, base, name)
    page.click("[data-action=codes-saved]")
    return name


def resign_from_my_games(page: Any, base: str, table: str) -> None:
    """Resign the account's game at ``table`` from "My games" (no token held: the cookie speaks for the seat)."""
    page.goto(f"{base}/#/mine")
    line = page.locator(f"[data-testid=my-tables] li[data-table='{table}']")
    line.locator("[data-action=resign]").click()
    line.locator("[data-action=confirm-resign]").click()
    page.wait_for_selector(f"[data-testid=my-tables] li[data-table='{table}'][data-status=over]")
