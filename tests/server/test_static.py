"""The server serves the browser client and nothing else under ``web/`` (#42 item 11): npm's package
files and the test tools a checkout holds are 404s, the page and its files are served."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tabletop.server import create_app
from tests.compat.make_fixtures import settings


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(settings(f"sqlite:///{tmp_path / 't.db'}")))


@pytest.mark.parametrize("path", ["/package.json", "/package-lock.json", "/node_modules/axe-core/axe.min.js",
                                  "/node_modules/", "/tests/anything.js", "/nothing-here.txt"])
def test_what_is_not_the_client_is_not_served(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 404


@pytest.mark.parametrize("path", ["/", "/index.html", "/app.css", "/js/main.js", "/rules/en/kubik.html",
                                  "/vendor/three/LICENSE"])
def test_the_client_is_served(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 200, path
    assert answer.content
