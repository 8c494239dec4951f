"""The server's Content Security Policy in the real browser (#42 item 8). Every browser test fails on a
violation in its pages (``no_policy_violations`` in conftest.py), so every screen some test visits is
checked; here: that the check sees a violation at all, that the table's socket and the page's import map
pass under the policy, that the page cannot be framed, and that the API docs work under their own."""

from __future__ import annotations

from typing import Any

from tests.web.play import create_table

OTHER_SITE = "http://other-site.example/"


def tells_of_a_violation(message: Any) -> bool:
    """A console message that tells of a policy violation (conftest.py's ``WATCH_POLICY`` or Chromium's own)."""
    return message.type == "error" and ("CSP violation" in message.text or "Content Security Policy" in message.text)


def test_a_style_attribute_is_refused_and_the_check_sees_it(page: Any, base_url: str,
                                                            no_policy_violations: list[str]) -> None:
    page.goto(base_url)
    page.wait_for_selector("[data-game]")
    with page.expect_console_message(tells_of_a_violation, timeout=10_000):
        page.evaluate("() => document.querySelector('#app').setAttribute('style', 'color: red')")
    assert any("style-src" in v for v in no_policy_violations), no_policy_violations
    assert page.evaluate("() => getComputedStyle(document.querySelector('#app')).color") != "rgb(255, 0, 0)"
    no_policy_violations.clear()  # (made on purpose)


def test_the_import_map_and_the_tables_socket_pass_under_the_policy(page: Any, base_url: str) -> None:
    """three.js comes through the page's inline import map (allowed by its hash) and the table talks
    over a WebSocket to its own origin (``connect-src 'self'`` covers ws: in Chromium)."""
    create_table(page, base_url, "cubulus", {"first": "0"}, ["you", "bot"], seed=3)
    page.wait_for_selector("[data-testid=turn]")
    page.locator("[data-action=view-3d]").click()
    page.wait_for_selector(".cube3d canvas")
    assert page.evaluate("() => import('three').then((three) => typeof three.WebGLRenderer)") == "function"
    assert not page.errors


def test_another_site_cannot_frame_the_page(page: Any, base_url: str, no_policy_violations: list[str]) -> None:
    """A table framed under another site's buttons (clickjacking an Abandon or a move) is not shown."""
    page.route(OTHER_SITE, lambda route: route.fulfill(
        content_type="text/html", body=f'<iframe src="{base_url}/" width="800" height="600"></iframe>'))
    page.goto(OTHER_SITE)  # (its load waits for the frame's: refused or not, the frame has settled)
    framed = next(frame for frame in page.frames if frame != page.main_frame)
    framed.wait_for_load_state()
    assert framed.evaluate("() => document.querySelectorAll('[data-game], #app').length") == 0
    no_policy_violations.clear()  # (Chromium says it refused the frame: that is the point)


def test_the_api_docs_work_under_their_policy(page: Any, base_url: str) -> None:
    """Swagger UI, from the package's own files, lists the API's operations; nothing is refused."""
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(f"{base_url}/docs")
    page.locator(".opblock-summary-path", has_text="/api/tables").first.wait_for(timeout=30_000)
    assert all(url.startswith(base_url) for url in requested), requested
    assert not page.errors
