"""A way out of every table, and takebacks against bots, in a real browser (issue #40 items 1 and 3).

A newcomer who tried many tables reaches the unfinished-tables limit: the refusal links to "My tables",
where Resign ends one, and the next table starts. At a table, Resign asks once and ends the game with the
resignation said in the result. Against bots, "Take back my move" stays offered after the bot replied and
takes the reply back too, in every game with decisions to take back.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tabletop.server.process import serving
from tests.web.pages import shot
from tests.web.play import create_table, move_number


@pytest.fixture(scope="module")
def strict_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own whose unfinished-tables limit is a newcomer's (2 here, 20 by default)."""
    db = tmp_path_factory.mktemp("exits") / "exits.db"
    args = ["--limit", "open_tables_per_client=2", "--limit", "worker_niceness=0"]
    with serving(f"sqlite:///{db}", args=args) as (base, _):
        yield base


def test_over_the_limit_my_tables_offers_the_way_out_and_a_new_table_starts(page: Any, strict_url: str) -> None:
    first = create_table(page, strict_url, "cubulus", {}, ["you", "bot"])
    create_table(page, strict_url, "cubulus", {}, ["you", "bot"])
    page.goto(f"{strict_url}/#/new/cubulus")
    page.wait_for_selector("#create-submit")
    page.click("#create-submit")
    refusal = page.locator(".create .banner.error")
    refusal.wait_for()
    assert "My tables" in refusal.inner_text()
    refusal.locator("[data-action=my-tables]").click()
    mine = page.locator("[data-testid=my-tables]")
    line = mine.locator(f"[data-table='{first}']")
    line.locator("[data-action=resign]").wait_for()
    assert mine.locator("li").count() == 2 and line.locator("[data-action=resume]").count() == 1
    shot(page, "my-tables")
    line.locator("[data-action=resign]").click()
    assert "Your side loses" in line.inner_text()
    line.locator("[data-action=confirm-resign]").click()
    page.wait_for_function(f"() => document.querySelector(\"[data-table='{first}']\")?.dataset.status === 'over'")
    assert httpx.get(f"{strict_url}/api/tables/{first}").json()["result"]["ending"]["cause"] == "resigned"
    created = create_table(page, strict_url, "cubulus", {}, ["you", "bot"])  # a place is free again
    assert created != first


def test_resign_at_the_table_asks_once_and_the_result_says_who_resigned(page: Any, base_url: str) -> None:
    create_table(page, base_url, "cribbage", {}, ["you", "bot"], name="Ann")
    page.locator("[data-testid=exits] [data-action=resign]").wait_for()
    page.click("[data-testid=exits] [data-action=resign]")
    question = page.locator("[data-testid=exits] .exit-question")
    assert "Your side loses" in question.inner_text()
    page.click("[data-action=cancel-exit]")  # changed one's mind: nothing happens
    assert page.locator("[data-testid=exits] [data-action=resign]").count() == 1
    page.click("[data-testid=exits] [data-action=resign]")
    page.click("[data-action=confirm-resign]")
    result = page.locator("[data-testid=result]")
    result.wait_for()
    page.wait_for_function("() => document.querySelector('[data-testid=result]').innerText.includes('resigned')")
    assert re.search(r"Ann resigned", result.inner_text())
    assert page.locator("[data-testid=exits] button").count() == 0  # nothing left to leave
    shot(page, "resigned")


def test_a_resigned_cubulus_game_is_no_draw_on_its_sheet(page: Any, base_url: str) -> None:
    """Resigning ends the game with a winner and no square on the board: the sheet never says "draw"."""
    create_table(page, base_url, "cubulus", {}, ["you", "bot"], name="Ann")
    page.click("[data-testid=exits] [data-action=resign]")
    page.click("[data-action=confirm-resign]")
    summary = page.locator("[data-testid=gameover]")
    summary.wait_for()
    page.wait_for_selector("[data-testid=cubulus-summary]")
    assert "Ann resigned" in summary.inner_text()
    assert "draw" not in summary.inner_text().lower()
    assert page.locator("[data-testid=cub-sheet-how]").count() == 0


def test_leaving_a_table_not_started_frees_the_seat_and_goes_to_the_lobby(page: Any, base_url: str) -> None:
    url = create_table(page, base_url, "cubulus", {}, ["you", "friend"])
    page.goto(url + "#/")
    page.locator("[data-testid=my-tables] [data-action=resume]").first.click()
    page.locator("[data-testid=exits] [data-action=leave]").wait_for()
    table = page.url.rsplit("/", 1)[1]
    page.click("[data-testid=exits] [data-action=leave]")
    page.click("[data-action=confirm-leave]")
    page.wait_for_url(re.compile(r"#/$"))
    assert httpx.get(f"{base_url}/api/tables/{table}").json()["status"] == "abandoned"
    assert page.evaluate(f"Object.keys(JSON.parse(localStorage.getItem('tabletop.seats') || '{{}}'))"
                         f".includes('{table}')") is False


def _take_back(page: Any, before: int) -> None:
    """Once the bot has replied and it is this player's turn again (nothing more on its way: a click on a
    state the bot is about to replace would be refused as stale), take back: the table returns to the move
    before this player's decision, and offers the same choice again."""
    page.wait_for_function(
        f"() => {{ const b = document.querySelector('button[data-action=undo]');"
        " return b && !b.disabled && document.querySelector('[data-testid=turn]').classList.contains('mine')"
        f" && Number(document.querySelector('[data-testid=turn]').dataset.move) > {before + 1}; }}")
    moved = move_number(page)
    page.click("button[data-action=undo]")
    page.wait_for_function(f"() => Number(document.querySelector('[data-testid=turn]').dataset.move) > {moved}")


@pytest.mark.parametrize("game", ["cribbage", "cubulus", "kubik"])
def test_against_a_bot_a_takeback_undoes_the_bots_reply_too(page: Any, base_url: str, game: str) -> None:
    # Cubulus: the player moves first, after the bot's neutral set-up (a player who sets up places ball after
    # ball, with no reply between them to take back with the decision)
    options = {"kubik": {"throws": "calibrated"}, "cubulus": {"first": "0"}}.get(game, {})
    table = create_table(page, base_url, game, options, ["you", "bot"])
    tokens = page.evaluate(f"Object.values(JSON.parse(localStorage.getItem('tabletop.seats'))['{table}'])")
    auth = {"Authorization": "Bearer " + ", ".join(tokens)}

    def state() -> dict[str, Any]:
        got: dict[str, Any] = httpx.get(f"{base_url}/api/tables/{table}/state", headers=auth).json()
        return got

    page.wait_for_function("() => document.querySelector('[data-testid=turn]').classList.contains('mine')")
    before = state()
    if before["undo_refusal"] == "nothing":  # said in words that fit every game (no cards in Cubulus)
        reason = page.locator("[data-testid=undo-reason]")
        reason.wait_for()
        assert reason.inner_text() == "Nothing to take back yet."
    # the decision itself by HTTP (each game's screen has controls of its own); the takeback in the page
    acted = httpx.post(f"{base_url}/api/tables/{table}/act",
                       json={"token": tokens[0], "action": before["legal"][0], "move": before["move"]})
    assert acted.status_code == 200, acted.text
    _take_back(page, before["move"])
    after = state()
    assert after["legal"] == before["legal"] and after["view"] == before["view"]
    assert [e["action"] for e in after["log"]] == [e["action"] for e in before["log"]]
