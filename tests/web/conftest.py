"""Fixtures for the browser tests: a real ``tabletop serve`` on a free port with a fresh SQLite file,
and Debian's chromium driven by Playwright for Python (``scripts/browser.sh`` installs it).

Screenshots go to ``tests/web/artifacts/`` (ignored by git) so a run leaves a picture of every
game screen behind.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.server.process import serving
from tests.web.pages import PHONE_HEIGHT, PHONE_WIDTH, recording_page

CHROMIUM = os.environ.get("TABLETOP_TEST_CHROMIUM", "/usr/bin/chromium")



CHROMIUM_ARGS = ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--disable-gpu-compositing"]
"""WebGL (the Cubulus cube in 3D) on SwiftShader, Chromium's CPU implementation of the GPU; the page itself
composited by Skia's software compositor. Composited through SwiftShader too, the page cost the GPU process
two thirds of Chromium's CPU (a whole cribbage game: 19 of 30 CPU seconds, against 1 of 10 with
``--disable-gpu-compositing``), and the browser tests are two thirds Chromium on two shared cores."""


QUARANTINED: dict[str, str] = {
    "tests/web/test_gameover.py::test_bots_have_distinct_names_and_beetle_asks_no_level": (
        "once in a CI run on a loaded machine (session 36) the create form did not show within 20 s after the "
        "test went from a Beetle table back to the lobby and asked for a new Cubulus table; it passed alone 3 of "
        "3 times and in the run before. Suspected: the table page's teardown racing the create page's first "
        "draw; to be looked into, not hidden for good. Session 37 found and fixed a likely cause: a lobby whose "
        "read failed late (a busy server's retries take up to 30 s) filled the next page — the create form — with "
        "its error; a failed browser test now reports the page it saw. Kept here one more session to confirm"),
}
"""Browser tests known to fail now and then for a reason outside the code under test, by node id (without
its parameters), each with that reason: such a test runs once more after a failure (pytest-rerunfailures;
the report counts it as rerun, ``R``). Every other test passes or fails on its first run — no blanket
retry hides a flaky wait; a test that flakes is fixed, or named here with why until it is."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Only the tests in :data:`QUARANTINED` may run twice."""
    for item in items:
        if item.nodeid.split("[")[0] in QUARANTINED:
            item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=1))


SERVER_LOG: Path | None = None
"""What this test process's server said (its warnings: a bot that failed, a write tried again)."""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed browser test's report ends with the server's last words: a table that stalled says
    why there, not in the browser."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.when == "call" and report.failed and SERVER_LOG is not None and SERVER_LOG.exists():
        report.sections.append(("the server's warnings and errors (the last 60)",
                                "\n".join(server_said(SERVER_LOG.read_text(errors="replace"))[-60:]) or "none"))
    funcargs = getattr(item, "funcargs", {})
    pages = [funcargs["page"]] if "page" in funcargs else []
    pages += [page for ctx in getattr(funcargs.get("devices"), "made", []) for page in ctx.pages]
    for number, page in enumerate(pages if report.when == "call" and report.failed else []):
        try:  # what the person would have seen: the address and the page's words (a banner that replaced a form)
            seen = page.evaluate("() => [location.href, document.querySelector('main')?.innerText.slice(0, 1500)]")
            report.sections.append((f"page {number + 1} when the test failed", "\n".join(str(part) for part in seen)))
        except Exception as error:  # (a page closed or crashed says so)
            report.sections.append((f"page {number + 1} when the test failed", f"unreadable: {error}"))


def server_said(log: str) -> list[str]:
    """The warnings and errors of a server log, each traceback by its last frame and its exception (the
    line after the indented frames: ``starlette.websockets.WebSocketDisconnected: ...``)."""
    said: list[str] = []
    lines = log.splitlines()
    for number, line in enumerate(lines):
        if "WARNING" in line or "ERROR" in line:
            said.append(line)
        elif line.startswith("Traceback"):
            end = next((n for n in range(number + 1, len(lines)) if not lines[n].startswith((" ", "\t"))), len(lines))
            said.extend(["Traceback (the last frame):", *lines[max(number + 1, end - 2):end + 1]])
    return said


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A live server (its own process, its own SQLite file) serving the browser client, one for each
    test process: a start costs seconds of CPU, and the tests make tables of their own and never
    count the lobby's. Every page comes from one address, so the per-client limits are raised to a
    whole run's tables, and to the heavy jobs (odds, replays, motions) an earlier test's closed page may still
    have waiting, which would otherwise refuse a later test's motion (the limits have tests of their own)."""
    db = tmp_path_factory.mktemp("web") / "web.db"
    global SERVER_LOG
    SERVER_LOG = db.with_name("server.log")
    raised = ("creations_per_minute", "open_tables_per_client", "sockets_per_client", "requests_per_second",
              "expensive_per_second", "sockets_per_minute", "heavy_per_client", "heavy_queue", "lobby_reads_per_second",
              "sign_ups_per_minute", "sign_ins_per_minute", "sign_ins_per_account_per_minute")
    limits = [word for name in raised for word in ("--limit", f"{name}=100000")]
    limits += ["--limit", "bot_table_move_seconds=0"]  # all-bot tables play to their result at once
    limits += ["--limit", "worker_niceness=0"]  # bots keep up beside the other tests on busy cores
    with serving(f"sqlite:///{db}", args=limits, log=SERVER_LOG) as (base, _):
        yield base


INSTANT = "try { localStorage.setItem('tabletop.pace', 'instant'); } catch (e) {}"
"""Run before every page's scripts: the tables' default speed is instant, so a bot's moves show as soon
as they come (the pacing tests opt in to a real pace: :func:`paced_browser`)."""


WATCH_POLICY = """document.addEventListener('securitypolicyviolation', (e) => console.error(
  `CSP violation: ${e.effectiveDirective} refused ${e.blockedURI || 'inline'} at ${e.sourceFile || document.URL}:` +
  `${e.lineNumber} ${e.sample || ''}`), true);"""
"""Run before every page's scripts: each thing the server's Content Security Policy refuses (an inline
``style`` attribute, a script or a connection elsewhere) is said on the console, where
:class:`WatchedBrowser` gathers it."""

VIOLATIONS: list[str] = []
"""The policy violations of the running test's pages (``no_policy_violations`` fails the test on any)."""


def violation(message: Any) -> None:
    """Keep a console message that tells of a policy violation (ours, or Chromium's own words)."""
    if message.type == "error" and ("CSP violation" in message.text or "Content Security Policy" in message.text):
        VIOLATIONS.append(f"{message.text} ({message.location.get('url', '')})")


class WatchedBrowser:
    """The browser, whose every new context reports the policy's violations (see ``WATCH_POLICY``);
    ``instant``: it shows tables at instant speed too (see ``INSTANT``)."""

    def __init__(self, browser: Any, instant: bool) -> None:
        self.browser = browser
        self.instant = instant

    def new_context(self, *args: Any, **kwargs: Any) -> Any:
        ctx = self.browser.new_context(*args, **kwargs)
        ctx.add_init_script(WATCH_POLICY)
        ctx.on("console", violation)
        if self.instant:
            ctx.add_init_script(INSTANT)
        return ctx

    def __getattr__(self, name: str) -> Any:
        return getattr(self.browser, name)


@pytest.fixture(autouse=True)
def no_policy_violations() -> Iterator[list[str]]:
    """Every browser test fails on anything the server's Content Security Policy refused in its pages
    (#42 item 8): every screen a test visits is checked under the policy the server really sends. The
    list is the test's, for a test that makes a violation on purpose. (Playwright's ``wait_for_function``
    runs a bare expression through ``eval``, which the policy refuses: give it a function, ``"() => …"``.)"""
    VIOLATIONS.clear()
    yield VIOLATIONS
    assert not VIOLATIONS, "the Content Security Policy refused:\n" + "\n".join(VIOLATIONS)


@pytest.fixture(scope="session")
def paced_browser(chromium: Any) -> Any:
    """Debian's chromium whose pages keep the tables' real pace (normal unless chosen)."""
    return WatchedBrowser(chromium, instant=False)


@pytest.fixture(scope="session")
def browser(chromium: Any) -> Any:
    """Debian's chromium, headless, showing tables at instant speed."""
    return WatchedBrowser(chromium, instant=True)


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """Debian's chromium, headless."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no browser at {CHROMIUM}: run `sh scripts/browser.sh` (make test does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A fresh browser profile (its own localStorage), English, desktop-sized."""
    ctx = browser.new_context(viewport={"width": 1200, "height": 950}, locale="en-GB")
    ctx.set_default_timeout(20_000)
    yield ctx
    ctx.close()


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A page in a phone-sized, touch, mobile browser context that records script errors."""
    with recording_page(browser, viewport={"width": PHONE_WIDTH, "height": PHONE_HEIGHT}, is_mobile=True,
                        has_touch=True) as page:
        yield page


@pytest.fixture
def page(context: Any) -> Any:
    """A page that fails the test on any uncaught script error."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: print(f"browser console: {message.text}") if message.type == "error" else None)
    page.errors = errors
    return page


@pytest.fixture
def devices(browser: Any) -> Iterator[Any]:
    """Makes pages, each in a browser context of its own (a device), closed after the test."""
    made: list[Any] = []

    def device() -> Any:
        ctx = browser.new_context(viewport={"width": 1200, "height": 950}, locale="en-GB")
        ctx.set_default_timeout(20_000)
        made.append(ctx)
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.errors = errors
        return page

    device.made = made  # type: ignore[attr-defined]  # (a failed test's report shows each device's page)
    yield device
    for ctx in made:
        for page in ctx.pages:
            assert not page.errors, f"script errors: {page.errors}"
        ctx.close()
