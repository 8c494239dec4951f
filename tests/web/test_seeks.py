"""Quick pairing in a real browser (issue 46 item 5a): one player seeks a rated game and is offered the bot
nearest their rating while waiting; another sees the seek in the lobby and one click seats both at one table;
leaving the lobby withdraws a seek."""

from __future__ import annotations

import re
from typing import Any

from tests.web.accounts import signed_up


def in_the_lobby(devices: Any, base_url: str) -> tuple[Any, str]:
    """A new account's device at the lobby, its quick pairing drawn: the page and the name."""
    page = devices()
    name = signed_up(page, base_url)
    page.goto(f"{base_url}/#/")
    page.locator("[data-testid=seeks] [data-action=seek]").wait_for()
    return page, name


def test_a_seek_in_the_lobby_seats_both_players_at_one_table(devices: Any, base_url: str) -> None:
    first, ann = in_the_lobby(devices, base_url)
    first.select_option("#seek-game", "cubulus")
    first.click("[data-testid=seeks] [data-action=seek]")
    first.locator("[data-testid=seek-waiting]").wait_for()
    assert first.locator("[data-action=seek-bot]").count() == 1  # nobody waiting: the nearest bot offered
    second, _ = in_the_lobby(devices, base_url)
    line = second.locator(f"[data-testid=seeks-waiting] li:has-text('{ann}')")
    line.wait_for()
    assert "rated" in line.inner_text()
    line.locator("[data-action=accept-seek]").click()
    second.wait_for_url(re.compile(r"#/table/"))
    table = second.url.rsplit("/", 1)[1]
    first.wait_for_url(re.compile(rf"#/table/{table}"), timeout=20_000)  # (its next ask after the seek)
    for page in (first, second):
        page.locator("[data-testid=board]").wait_for()


def test_leaving_the_lobby_withdraws_the_seek(devices: Any, base_url: str) -> None:
    page, name = in_the_lobby(devices, base_url)
    page.click("[data-testid=seeks] [data-action=seek]")
    page.locator("[data-testid=seek-waiting]").wait_for()
    page.goto(f"{base_url}/#/rules/cubulus")
    page.wait_for_function(f"""async () => !(await (await fetch('/api/seeks')).json()).seeks
                                 .some((s) => s.username === '{name}')""")
