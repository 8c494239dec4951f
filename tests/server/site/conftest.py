"""The site's tests' server: the app in this process, on the test's database (a module may bring its own)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tabletop.server import create_app
from tests.server.live import settings_for_tests


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(sqlite_url))) as test_client:
        yield test_client
