"""Tables that take days (issue 45 item 6), in a real browser: the create form's pace of 1, 2, 3, 7 or 14 days
per move makes a clock of that many days, counted on the table page in days and hours; the tab's title says
whose move it is; "My games" lists the tables awaiting the player's move first."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tabletop.server.messages import CORRESPONDENCE_DAYS, MAX_MOVE_SECONDS
from tests.web.accounts import sign_up, username


def test_the_paces_offered_are_what_the_server_takes() -> None:
    """The form's days (lobby.js) are the server's: two weeks at most."""
    assert CORRESPONDENCE_DAYS == (1, 2, 3, 7, 14) and MAX_MOVE_SECONDS == 14 * 86400


@pytest.mark.parametrize("days", [3])
def test_a_table_of_days_per_move_counts_its_clock_in_days_and_the_title_tells_the_turn(
        devices: Any, base_url: str, days: int) -> None:
    page = devices()
    page.goto(f"{base_url}/#/new/cubulus")
    page.wait_for_selector("#create-submit")
    page.select_option("[data-testid=pace-days]", str(days))
    assert not page.locator("#move-seconds").count(), "a pace of days has no seconds to set"
    page.select_option("select[name=seat-1-kind]", "bot")
    page.click("#create-submit")
    page.wait_for_url(re.compile(r"#/table/"))
    table = page.url.rsplit("/", 1)[1]
    state = httpx.get(f"{base_url}/api/tables/{table}").json()
    assert state["status"] == "playing"
    clock = page.locator("[data-clock]")
    clock.wait_for()
    assert re.search(r"2 days 23 hr left|3 days left", clock.inner_text()), clock.inner_text()
    page.wait_for_function("() => document.title.startsWith('(Your move)')")
    page.goto(f"{base_url}/#/")
    page.wait_for_function("() => document.title === 'tabletop'")


def test_my_games_puts_the_tables_awaiting_my_move_first(devices: Any, base_url: str) -> None:
    page = devices()
    name = username()
    sign_up(page, base_url, name)
    page.click("[data-action=codes-saved]")
    csrf = page.evaluate("fetch('/api/account').then((r) => r.json()).then((me) => me.csrf)")
    waiting = page.evaluate("""(csrf) => fetch('/api/tables', {method: 'POST',
        headers: {'Content-Type': 'application/json', 'X-CSRF-Token': csrf},
        body: JSON.stringify({game: 'cubulus', seats: [{kind: 'human'}, {kind: 'human'}]})})
        .then((r) => r.json()).then((made) => made.table.id)""", csrf)
    page.goto(f"{base_url}/#/")
    page.click("[data-game=cubulus] [data-action=play-bots][data-level=easy]")
    page.wait_for_url(re.compile(r"#/table/"))
    playing = page.url.rsplit("/", 1)[1]
    lines = page.locator("[data-testid=my-tables] li[data-table]")
    for _ in range(60):  # (the lot may give the bot the first moves: it is the player's move once it made them)
        page.goto(f"{base_url}/#/mine")
        page.reload()
        lines.nth(1).wait_for()
        if lines.first.get_attribute("data-your-move"):
            break
        page.wait_for_timeout(500)
    assert [lines.nth(i).get_attribute("data-table") for i in range(2)] == [playing, waiting]
    assert lines.first.get_attribute("data-your-move") == "true"
