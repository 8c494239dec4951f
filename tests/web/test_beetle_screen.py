"""Beetle's screen as a player sees it (issue #17, item 3): the sheets share the board's width on a
desktop and a phone, the roll-off's rounds and who started and why stay on screen, each player's last
roll stays on their sheet until they roll again (bots rolling at once replace nothing), and the odds
are written in the reader's number format."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.web.conftest import assert_fits, shot
from tests.web.play import beetle_step, create_table, is_over

pytestmark = pytest.mark.slow


def sheet_widths(page: Any) -> tuple[float, list[float]]:
    board = page.locator("[data-testid=beetles]").bounding_box()["width"]
    return board, [box["width"] for box in page.locator(".beetle-sheet").evaluate_all(
        "els => els.map((e) => e.getBoundingClientRect().toJSON())")]


def test_the_sheets_fill_the_board_on_a_desktop(page: Any, base_url: str) -> None:
    create_table(page, base_url, "beetle", {}, ["you", "bot", "bot"])
    page.wait_for_selector("[data-action=roll]")
    board, widths = sheet_widths(page)
    assert len(widths) == 3 and sum(widths) > 0.9 * board, (board, widths)  # one row, the whole width
    drawing = page.locator(".beetle-sheet svg.beetle").first.bounding_box()
    assert drawing["height"] >= 200, drawing  # big enough to see each part
    shot(page, "beetle-screen-desktop")
    assert not page.errors


def test_the_sheets_fill_a_phone_two_a_row(phone: Any, base_url: str) -> None:
    create_table(phone, base_url, "beetle", {}, ["you", "bot"])
    phone.wait_for_selector("[data-action=roll]")
    board, widths = sheet_widths(phone)
    assert len(widths) == 2 and all(w > 0.4 * board for w in widths), (board, widths)
    assert_fits(phone)
    shot(phone, "beetle-screen-phone")
    assert not phone.errors


def test_the_roll_off_result_and_each_players_last_roll_stay_visible(page: Any, base_url: str) -> None:
    """B6: after the roll-off the screen keeps who started and why; after our roll the bots roll at once,
    and our own roll stays on our sheet until we roll again."""
    table = create_table(page, base_url, "beetle", {}, ["you", "bot", "bot"])
    starts = page.locator("[data-testid=rolloff] [data-testid=starts]")
    for _ in range(20):
        if starts.count():
            break
        beetle_step(page)
    starts.wait_for()
    text = starts.inner_text()
    log = httpx.get(f"{base_url}/api/tables/{table}/state").json()["log"]
    started = next(e for entry in log for e in entry["events"] if e["kind"] == "starts")
    names = ["Ann", "Bot 1", "Bot 2"]  # bots without levels are named by number
    assert text == f"{names[started['seat']]} starts with the highest roll, {started['face']}", text
    # our own roll: it stays on our sheet while the bots roll after it
    mine = page.locator(".beetle-sheet[data-seat='0'] [data-testid=sheet-roll]")
    for _ in range(6):
        if is_over(page):
            break
        page.wait_for_selector("[data-testid=board] [data-action=roll]")
        before = mine.get_attribute("data-index")
        beetle_step(page)
        page.wait_for_function("(b) => { const el = document.querySelector("
                               "\".beetle-sheet[data-seat='0'] [data-testid=sheet-roll]\");"
                               " return el && el.dataset.index !== b; }", arg=before)
        index = int(mine.get_attribute("data-index"))
        page.wait_for_timeout(800)  # the bots have rolled by now
        assert int(mine.get_attribute("data-index")) == index  # our roll is still the one shown
        log = httpx.get(f"{base_url}/api/tables/{table}/state").json()["log"]
        ours = next(e for e in log[index]["events"] if e["kind"] in ("rolled", "rolloff_rolled"))
        assert ours["seat"] == 0 and mine.get_attribute("data-face") == str(ours["face"])
        assert starts.is_visible()  # the roll-off's result is still on screen
    shot(page, "beetle-screen-rolls")
    assert not page.errors


def test_the_odds_are_written_in_the_readers_number_format(page: Any, base_url: str) -> None:
    page.add_init_script("localStorage.setItem('tabletop.lang', 'ro')")
    create_table(page, base_url, "beetle", {}, ["you", "bot", "bot"])
    page.wait_for_selector("[data-odds]")
    texts = page.locator("[data-odds] .hint").all_inner_texts()
    assert texts and all(t.startswith("Șanse de câștig: 33,3") and t.endswith("%") for t in texts), texts
    shot(page, "beetle-screen-ro")
    assert not page.errors
