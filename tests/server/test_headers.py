"""Security headers on every answer, and the Host and Origin checks (#42 items 8 and 9), against a real
``tabletop serve`` (its own process, uvicorn, a SQLite file): a framed page, a rebound name and another
site's page are what these guard against. The browser side (every screen under the policy, with no
violation) is tests/web's: each browser test fails on a violation (tests/web/conftest.py)."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from typer.testing import CliRunner
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

import tabletop
from tabletop.server import create_app
from tabletop.server.headers import Allowed, inline_script_hashes, machine_names, normal_origin
from tabletop.server.process import serving
from tests.server.live import settings_for_tests

WEB = Path(tabletop.__file__).parent / "web"
SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
HEADERS = {"x-content-type-options": "nosniff", "x-frame-options": "DENY", "referrer-policy": "no-referrer"}


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server that knows one more name and one more site, with the rate limits out of the way."""
    db = tmp_path_factory.mktemp("headers") / "t.db"
    args = ["--allow-host", "games.example", "--allow-host", "*.tables.example",
            "--allow-origin", "https://friends.example", "--limit", "requests_per_second=1000",
            "--limit", "creations_per_minute=1000"]
    with serving(f"sqlite:///{db}", bot_workers=0, args=args) as (url, _):
        yield url


def secured(answer: httpx.Response) -> None:
    """The answer carries every security header, the client's own policy among them."""
    for name, value in HEADERS.items():
        assert answer.headers.get(name) == value, (answer.request.url, name, dict(answer.headers))
    policy = answer.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "'unsafe-inline'" not in policy, policy


def import_map_hash() -> str:
    """The page's inline import map's SHA-256, as a CSP source, read from index.html here."""
    script = re.search(r'<script type="importmap">(.*?)</script>', (WEB / "index.html").read_text(), re.S)
    assert script is not None
    return f"'sha256-{base64.b64encode(hashlib.sha256(script[1].encode()).digest()).decode()}'"


def test_every_kind_of_answer_carries_the_security_headers(base: str) -> None:
    answers = [httpx.get(f"{base}/"), httpx.get(f"{base}/js/main.js"), httpx.get(f"{base}/api/games"),
               httpx.get(f"{base}/no/such/file"), httpx.get(f"{base}/api/tables/nothing"),
               httpx.delete(f"{base}/"), httpx.post(f"{base}/api/tables", json={"game": 7}),
               httpx.get(f"{base}/api/games", headers={"Host": "evil.example"}),
               httpx.post(f"{base}/api/tables", json={}, headers={"Origin": "https://evil.example"})]
    assert [a.status_code for a in answers] == [200, 200, 200, 404, 404, 405, 422, 400, 403]
    for answer in answers:
        secured(answer)
    policy = answers[0].headers["content-security-policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == f"'self' {import_map_hash()}"  # the page's own import map, and nothing else
    assert directives["default-src"] == "'none'" and directives["style-src"] == "'self'"
    assert directives["connect-src"] == "'self'" and directives["object-src"] == "'none'"
    assert directives["base-uri"] == "'none'" and directives["form-action"] == "'self'"


def test_the_policy_follows_an_edited_import_map_and_allows_no_other_inline_script() -> None:
    page = (WEB / "index.html").read_text()
    assert inline_script_hashes(page, "importmap") == [import_map_hash()]
    edited = page.replace('"three":', '"three" :').replace("</head>", "<script>alert(1)</script></head>")
    (edited_map,) = inline_script_hashes(edited, "importmap")
    assert edited_map != import_map_hash() and len(inline_script_hashes(edited)) == 2


def test_a_refusal_of_a_middleware_and_an_unhandled_error_carry_them_too(sqlite_url: str) -> None:
    """The rate limit's 429 and the 500 of an error nobody handled: the headers are the outermost layer."""
    app = create_app(settings_for_tests(sqlite_url, requests_per_second=1, refusal_delay_seconds=0))

    def boom() -> None:
        raise RuntimeError("a bug")

    app.router.routes.insert(0, APIRoute("/api/boom", boom))
    with TestClient(app, raise_server_exceptions=False) as client:
        limited = [client.get("/api/games") for _ in range(3)][-1]
        assert limited.status_code == 429 and limited.json()["code"] == "too_many_requests"
        secured(limited)
    with TestClient(app, raise_server_exceptions=False) as client:
        failed = client.get("/api/boom")
        assert failed.status_code == 500
        secured(failed)


def test_a_cross_site_page_may_not_create_a_table_and_curl_and_the_servers_own_page_may(base: str) -> None:
    body = {"game": "cubulus", "seats": SEATS}
    for origin in ("https://evil.example", "http://127.0.0.1.evil.example", "null", "http://games.example"):
        refused = httpx.post(f"{base}/api/tables", json=body, headers={"Origin": origin})
        assert refused.status_code == 403, (origin, refused.text)
        assert refused.json()["code"] == "bad_origin" and refused.json()["params"] == {"origin": origin}
    for headers in ({}, {"Origin": base}, {"Origin": "http://localhost:5173"}, {"Origin": "https://friends.example"}):
        made = httpx.post(f"{base}/api/tables", json=body, headers=headers)
        assert made.status_code == 201, (headers, made.text)
    seat = made.json()["table"]["id"]
    assert httpx.get(f"{base}/api/tables/{seat}", headers={"Origin": "https://evil.example"}).status_code == 200
    joined = httpx.post(f"{base}/api/tables/{seat}/join", json={"name": "Eve"}, headers={"Origin": "https://evil.example"})
    assert joined.status_code == 403 and joined.json()["code"] == "bad_origin"


def test_a_cross_site_socket_is_refused_before_its_handshake_and_the_own_page_plays(base: str) -> None:
    made = httpx.post(f"{base}/api/tables", json={"game": "cubulus", "seats": SEATS}).json()
    url = f"{base.replace('http', 'ws', 1)}/ws/tables/{made['table']['id']}"
    with pytest.raises(InvalidStatus) as refused:
        connect(url, origin="https://evil.example", open_timeout=30)  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403
    assert json.loads(refused.value.response.body or b"{}")["code"] == "bad_origin"
    assert refused.value.response.headers["X-Frame-Options"] == "DENY"
    for origin in (base, "http://localhost:8000", None):  # the server's own page, a local one, a bot (no Origin)
        with connect(url, origin=origin, open_timeout=30) as ws:  # type: ignore[arg-type]
            ws.send(json.dumps({"type": "hello", "tokens": [made["tokens"]["0"]]}))
            assert json.loads(ws.recv(timeout=30))["type"] == "state"


@pytest.mark.parametrize("host", ["evil.example:8000", "evil.example", "localhost.evil.example", "games.example.evil",
                                  "tables.example"])
def test_a_rebound_name_is_refused(base: str, host: str) -> None:
    refused = httpx.get(f"{base}/api/tables", headers={"Host": host})
    assert refused.status_code == 400
    assert refused.json()["code"] == "bad_host" and refused.json()["params"] == {"host": host}


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "192.168.1.20:8000", "[::1]:8000", "[fe80::1]", "localhost:8000",
                                  "LocalHost", "app.localhost:3000", "games.example", "GAMES.example.:80",
                                  "east.tables.example", *sorted(machine_names())])
def test_an_address_this_machines_names_and_the_names_allowed_are_served(base: str, host: str) -> None:
    assert httpx.get(f"{base}/api/games", headers={"Host": host}).status_code == 200


def test_any_host_is_served_when_the_setting_says_so(sqlite_url: str) -> None:
    settings = settings_for_tests(sqlite_url)
    with TestClient(create_app(type(settings)(**{**settings.__dict__, "allow_hosts": ("*",)}))) as client:
        assert client.get("/api/games", headers={"Host": "evil.example"}).status_code == 200


def test_the_settings_are_checked_and_origins_normalised() -> None:
    assert normal_origin("HTTPS://Friends.Example:443/") == "https://friends.example"
    assert normal_origin("http://[::1]:8080") == "http://[::1]:8080"
    for bad in ("friends.example", "https://friends.example/path", "ftp://x", "https://x:99999"):
        with pytest.raises(ValueError, match="origin"):
            normal_origin(bad)
    allowed = Allowed.of(["Games.Example."], ["https://friends.example:443"])
    assert allowed.host("games.example") and not allowed.host("evil.example")
    assert allowed.origin("https://friends.example", "127.0.0.1:8000")
    from tabletop.cli.app import app

    ran = CliRunner().invoke(app, ["serve", "--allow-origin", "friends.example"], env={"COLUMNS": "200"})
    assert ran.exit_code == 2 and "an origin is" in ran.output


def test_the_api_docs_load_nothing_from_elsewhere(base: str) -> None:
    """/docs is Swagger UI from the package's own files, its start-up script allowed by its hash; ReDoc is
    not served (its styles are inline); the OpenAPI document is."""
    page = httpx.get(f"{base}/docs")
    assert page.status_code == 200
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sources and all(s.startswith("/docs/files/") for s in sources), sources
    for source in sources:
        assert httpx.get(f"{base}{source}").status_code == 200, source
    inline = re.findall(r"<script>(.*?)</script>", page.text, re.S)
    digest = base64.b64encode(hashlib.sha256(inline[0].encode()).digest()).decode()
    assert f"'sha256-{digest}'" in page.headers["content-security-policy"]
    secured(page)
    assert httpx.get(f"{base}/redoc").status_code == 404
    assert httpx.get(f"{base}/openapi.json").json()["info"]["title"] == "tabletop"
