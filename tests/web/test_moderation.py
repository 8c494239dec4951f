"""Looking after each other in the browser (issue 45 item 7), two devices: Anna reports Bob's chat line at
their table, blocks Bob from his profile, and from then on none of Bob's lines show on her page — the new
ones nor, after a reload, the old; her account page lists Bob with Unblock."""

from __future__ import annotations

import re
from typing import Any

from tests.web.accounts import sign_up, username
from tests.web.test_chat import LIST, lines, wait_for_line, write

API = """async ([method, path, body]) => {
  const me = await (await fetch('/api/account')).json();
  const answer = await fetch(path, { method, headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf },
                                     body: body ? JSON.stringify(body) : undefined });
  return [answer.status, await answer.json()];
}"""
"""An API call from a signed-in page, with its session's CSRF token (as the app's own calls carry it)."""


def say(page: Any, words: str) -> None:
    """Write ``words`` and wait until they are sent: the pages of a run share one address, whose chat rate an
    earlier test may have spent on purpose (a refusal says when to try again; this one tries until then)."""
    for _ in range(30):
        write(page, words)
        try:
            page.wait_for_function("([sel, text]) => [...document.querySelectorAll(sel + ' li .chat-text')]"
                                   ".some((el) => el.textContent === text)", arg=[LIST, words], timeout=3_000)
            return
        except Exception:  # refused: too many messages from this address a moment ago
            page.wait_for_timeout(3_000)
    raise AssertionError(f"{words!r} was never sent")


def api(page: Any, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    status, answer = page.evaluate(API, [method, path, body])
    return int(status), answer


def test_anna_reports_bobs_line_blocks_him_and_his_lines_never_show_on_her_page(devices: Any,
                                                                                  base_url: str) -> None:
    """Issue 45 item 7: the Report action on another's chat line sends a report (the form: a reason and a
    note); Block on Bob's profile turns to Unblock; Bob's later line reaches his own tab but not Anna's, and
    Anna's page after a reload has none of his lines; the account page lists him."""
    anna, bob = devices(), devices()
    anna_name, bob_name = username(), username()
    for page, name in ((anna, anna_name), (bob, bob_name)):
        sign_up(page, base_url, name)
        page.click("[data-action=codes-saved]")
    status, made = api(bob, "POST", "/api/tables", {"game": "cubulus", "seats": [
        {"kind": "human"}, {"kind": "human", "open": True}], "creator_seat": 0})
    assert status == 201, made
    table = made["table"]["id"]
    assert api(anna, "POST", f"/api/tables/{table}/join", {})[0] == 200
    for page in (anna, bob):
        page.goto(f"{base_url}/#/table/{table}")
        page.wait_for_selector("[data-testid=chat-list] .chat-none")  # the history came: the socket is open
    say(bob, "hello from Bob")
    wait_for_line(anna, "hello from Bob")
    assert not bob.locator("[data-action=report-line]").count(), "no Report on one's own lines"

    anna.click("[data-testid=chat-list] li:has-text('hello from Bob') [data-action=report-line]")
    anna.select_option("[data-testid=report-reason]", "spam")
    anna.fill("[data-testid=report-note]", "links to a scam site")
    anna.click("[data-testid=report-form] button[type=submit]")
    anna.wait_for_selector("[data-testid=chat-note]:has-text('moderators will look')")
    assert not anna.locator("[data-testid=report-form]").count()

    anna.goto(f"{base_url}/#/player/{bob_name}")
    anna.click("[data-testid=profile-safety] [data-action=block]")
    anna.wait_for_selector("[data-testid=profile-safety] [data-action=unblock]")
    assert f"You blocked {bob_name}." in anna.locator("[data-testid=safety-said]").inner_text()

    anna.goto(f"{base_url}/#/table/{table}")
    anna.wait_for_selector("[data-testid=chat-list] .chat-none")
    assert "hello from Bob" not in lines(anna), "the history leaves a blocked player's lines out"
    say(bob, "can you hear me")
    say(anna, "quiet at last")
    wait_for_line(bob, "quiet at last")  # (one-way: Bob still reads Anna)
    assert lines(anna) == ["quiet at last"]
    anna.reload()
    wait_for_line(anna, "quiet at last")
    assert lines(anna) == ["quiet at last"]

    anna.goto(f"{base_url}/#/account")
    anna.wait_for_selector(f"[data-testid=blocks] li[data-username='{bob_name}']")
    anna.click(f"[data-testid=blocks] li[data-username='{bob_name}'] [data-action=unblock]")
    anna.wait_for_selector("[data-testid=no-blocks]")
    assert re.search("not blocked anyone", anna.locator("[data-testid=blocks]").inner_text())
