"""Each game played to the end against a bot through its own screen in a real browser (issue #8,
part 5), with screenshots of every game screen saved as artifacts. Beetle's whole game, its odds and
its replay are played once, by keyboard (tests/web/test_beetle_screen.py); cribbage's by cards to the
game hole, with its score sheet, in tests/web/test_cribbage_screen.py."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.a11y import serious_violations
from tests.web.pages import shot
from tests.web.play import (
    create_table,
    cubulus_step,
    kubik_step,
    play_to_end,
)

pytestmark = pytest.mark.slow


def test_cubulus_to_the_end_by_holes_with_3d_view(page: Any, base_url: str) -> None:
    create_table(page, base_url, "cubulus", {"first": "1", "move_cap": 8}, ["you", "bot"])
    page.wait_for_selector("[data-testid=layers] .cell.hole")  # we place the neutral balls (U13)
    problems = serious_violations(page)  # axe-core: nothing serious on the set-up, flat and in 3D
    for _ in range(3):
        cubulus_step(page)
    shot(page, "cubulus-setup")
    page.click("[data-action=view-3d]")
    page.wait_for_selector(".cube3d canvas")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")  # drawn
    shot(page, "cubulus-3d")
    problems += serious_violations(page)
    assert not problems, problems
    page.click("[data-action=view-flat]")
    play_to_end(page, cubulus_step)
    assert page.locator("[data-testid=last-move]").count() == 1
    assert page.locator(".changed").count() >= 1  # the last move is marked
    shot(page, "cubulus")
    assert not page.errors


def test_kubik_to_the_end_by_throws(page: Any, base_url: str) -> None:
    # a target above a throw's best (6): the bot may throw first (the lot), but cannot win before we throw
    # (with 5 it once did, and the throw controls never came)
    create_table(page, base_url, "kubik", {"throws": "calibrated", "target": 10, "max_throws": 6}, ["you", "bot"])
    page.wait_for_selector("button[data-action=throw]", timeout=60_000)
    # choose a throw with the controls: line B, power one step up; the button sends that legal throw
    page.locator("[role=radiogroup] button", has_text="B").click()
    page.locator("#kubik-power").fill("3")
    assert page.locator("#kubik-power").get_attribute("aria-valuetext") == "14"
    shot(page, "kubik")
    play_to_end(page, kubik_step)
    assert page.locator(".field .cube").count() == 1
    assert "Team A" in page.locator("[data-testid=scores]").inner_text()
    shot(page, "kubik-over")
    assert not page.errors
