"""When someone leaves, in a real browser with two browser contexts (issue #45 item 4): Ann and Bob at a
two-player table, Bob's browser closed; Ann's page says that Bob left and counts the reconnect window down,
then offers to claim the win, which she does, and the game-over line says so. The server's window is a few
seconds here (``reconnect_seconds``); the waits are for what the page shows, not for a time."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tabletop.server.process import serving
from tests.web.pages import recording_page, shot
from tests.web.play import create_table

WINDOW = 4
"""The reconnect window of this module's server, in seconds."""


@pytest.fixture(scope="module")
def quick_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own whose reconnect window is a few seconds (60 by default)."""
    db = tmp_path_factory.mktemp("leaving") / "leaving.db"
    args = ["--limit", f"reconnect_seconds={WINDOW}", "--limit", "worker_niceness=0"]
    with serving(f"sqlite:///{db}", args=args) as (base, _):
        yield base


def test_bob_closes_his_browser_and_ann_claims_the_win_after_the_countdown(browser: Any, quick_url: str) -> None:
    size = {"width": 1280, "height": 800}
    with recording_page(browser, viewport=size) as ann:
        create_table(ann, quick_url, "cubulus", {}, ["you", "friend"], name="Ann")
        link = ann.locator(".invite-url").input_value()
        ann.click("[data-action=to-table]")
        bobs = browser.new_context(locale="en-GB", viewport=size)
        bobs.add_init_script("try { localStorage.setItem('tabletop.name', 'Bob'); } catch (e) {}")
        bob = bobs.new_page()
        bob.goto(link)
        bob.wait_for_url(re.compile(r"#/table/"))
        table = bob.url.rsplit("/", 1)[1]
        ann.locator("[data-testid=exits] [data-action=resign]").wait_for()  # (offered once the game is played)
        assert httpx.get(f"{quick_url}/api/tables/{table}").json()["status"] == "playing"
        assert ann.locator("[data-testid=gone]").is_hidden()  # both here: nothing said
        bobs.close()  # Bob's browser goes: his socket with it

        countdown = ann.locator("[data-testid=gone-countdown]")
        countdown.wait_for()
        said = countdown.inner_text()
        assert re.fullmatch(r"Bob left · you may claim the win in 0:0\d", said), said
        # the ways on are not offered before the window ends (the server would refuse them)
        assert ann.locator("[data-testid=gone] [data-action=claim]").count() == 0
        shot(ann, "leaving-countdown")

        claim = ann.locator("[data-testid=gone] [data-action=claim]")
        claim.wait_for(timeout=(WINDOW + 20) * 1000)
        gone = ann.locator("[data-testid=gone]")
        assert "Bob left and did not come back." in gone.inner_text()
        assert gone.locator("[data-action=end_gone]").count() == 1
        assert gone.locator("[data-action=bot_for_gone]").count() == 0  # not a team table
        # the plain Abandon would wait for Bob's answer: End without a result takes its place
        assert ann.locator("[data-testid=exits] [data-action=abandon]").count() == 0
        shot(ann, "leaving-claimable")
        claim.click()
        assert "Claim the win? The game ends and your side wins." in gone.inner_text()
        gone.locator("[data-action=cancel-gone]").click()  # changed her mind: the choice is offered again
        claim.click()
        gone.locator("[data-action=confirm-claim]").click()

        result = ann.locator("[data-testid=result]")
        result.wait_for()
        ann.wait_for_function("() => document.querySelector('[data-testid=result]').innerText.includes('claimed')")
        assert "Ann claimed the win after the others left." in result.inner_text()
        assert gone.is_hidden()
        shot(ann, "leaving-claimed")
        ending = httpx.get(f"{quick_url}/api/tables/{table}").json()["result"]
        assert ending["ending"] == {"cause": "claimed", "seats": [0]} and ending["left"] == [1]
        assert not ann.errors, ann.errors
