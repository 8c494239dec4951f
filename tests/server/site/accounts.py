"""Helpers of the site's tests: a password the rules take, and a device signed in to an account."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tabletop.server.identity import CSRF_HEADER
from tests.server.live import from_address

PASSWORD = "correct horse battery"


def signed_in(client: TestClient, username: str, address: str, new: bool = False) -> tuple[TestClient, str]:
    """A device at ``address`` signed in as ``username`` (signed up first when ``new``), and its CSRF token."""
    device = from_address(client, address)
    answer = device.post(f"/api/account/{'signup' if new else 'login'}", json={"username": username,
                                                                              "password": PASSWORD})
    assert answer.status_code in (200, 201), answer.text
    return device, answer.json()["csrf"]


def new_account(client: TestClient, username: str, address: str) -> tuple[TestClient, dict[str, str]]:
    """A device at ``address`` of a new account ``username``, and the header with its CSRF token."""
    device, csrf = signed_in(client, username, address, new=True)
    return device, {CSRF_HEADER: csrf}
