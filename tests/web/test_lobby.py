"""A lobby that shows life, in a real browser (issue #40, items 6 and 7).

One click on a game's card plays the computer at the level chosen: a table with the player in seat 1
and bots at that level, which opens and plays. The lobby lists the tables waiting for a player first,
saying how many players each waits for and how long ago it last showed life, then the games being
played; games nobody moved in lately are folded away as idle; a filter shows one game's tables. All
of it reads in Russian and Romanian, and fits a desktop and two phones without a clipped label.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

from tabletop.server.process import serving
from tests.web.pages import LANGUAGES, shot
from tests.web.play import cubulus_step

AGES = {"waiting": 3, "older": 10, "running": 1, "idle": 40}
"""Minutes since each staged table last showed life."""


@pytest.fixture(scope="module")
def staged(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    """A server of its own whose lobby holds tables of known ages: made through the API, aged in its
    database while the server is stopped (a test cannot wait minutes), then served again, read from there."""
    db = tmp_path_factory.mktemp("lobby") / "lobby.db"
    url, args = f"sqlite:///{db}", ["--limit", "worker_niceness=0"]
    with serving(url, args=args) as (base, _):
        def made(game: str, seats: list[dict[str, Any]], **extra: Any) -> str:
            reply = httpx.post(f"{base}/api/tables", json={"game": game, "seats": seats, **extra}, timeout=30)
            reply.raise_for_status()
            return str(reply.json()["table"]["id"])

        hot_seat = [{"kind": "local", "name": "Vera"}, {"kind": "local", "name": "Gleb"}]
        tables = {"older": made("kubik", [{"kind": "human", "name": "Olga"}, {"kind": "human"}, {"kind": "human"}],
                                options={"players": 3}),
                  "waiting": made("cribbage", [{"kind": "human", "name": "Mihai"}, {"kind": "human", "open": True}]),
                  "running": made("cubulus", hot_seat), "idle": made("cubulus", hot_seat)}
    age(db, tables)
    with serving(url, args=args) as (base, _):
        yield base, tables


def age(db: Path, tables: dict[str, str]) -> None:
    with sqlite3.connect(db) as connection:
        for name, table in tables.items():
            then = datetime.now(UTC) - timedelta(minutes=AGES[name], seconds=20)
            connection.execute("UPDATE game_tables SET active_at = ? WHERE id = ?",
                               (then.strftime("%Y-%m-%d %H:%M:%S.%f"), table))


def line(page: Any, table: str) -> Any:
    return page.locator(f"li[data-table='{table}']")


def lobby_in(page: Any, base: str, lang: str) -> None:
    page.goto(f"{base}/#/")
    page.evaluate("(lang) => localStorage.setItem('tabletop.lang', lang)", lang)
    page.reload()
    page.wait_for_selector("[data-testid=waiting-tables] li[data-table]")


@pytest.mark.parametrize(("game", "level"), [("cubulus", "easy"), ("cribbage", "hard")])
def test_one_click_opens_a_playable_table_against_bots_at_that_level(page: Any, base_url: str, game: str,
                                                                     level: str) -> None:
    page.goto(f"{base_url}/#/")
    button = page.locator(f"[data-game={game}] [data-action=play-bots][data-level={level}]")
    group = page.locator(f"[data-game={game}] .play-bots[role=group]")
    assert page.locator(f"#{group.get_attribute('aria-labelledby')}").inner_text() == "Play against the computer"
    assert button.get_attribute("title") == f"Play against the computer ({level})"
    button.click()
    page.wait_for_url(re.compile(r"#/table/"))
    table = page.url.rsplit("/", 1)[1]
    info = httpx.get(f"{base_url}/api/tables/{table}").json()
    assert [(s["kind"], s["joined"]) for s in info["seats"]] == [("human", True), ("bot", True)]
    assert info["seats"][1]["bot"] == level and info["status"] == "playing"
    assert info["options"]["players"] == 2  # the game's least players: one against one
    page.wait_for_selector("[data-testid=turn][data-move]")
    if game == "cubulus":  # and it plays: the person's moves (a placer sets several neutral balls in a row)
        token = page.evaluate("(id) => Object.values(JSON.parse(localStorage.getItem('tabletop.seats'))[id])[0]", table)

        def seats_in_log() -> set[int]:
            state = httpx.get(f"{base_url}/api/tables/{table}/state", headers={"Authorization": f"Bearer {token}"})
            return {entry["seat"] for entry in state.json()["log"]}

        for _ in range(120):  # … until the bot has moved too
            if {0, 1} <= seats_in_log():
                break
            if not cubulus_step(page):
                page.wait_for_timeout(250)
        assert {0, 1} <= seats_in_log()
    assert not page.errors


def test_beetle_plays_the_computer_in_one_click_without_a_level(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/#/")
    card = page.locator("[data-game=beetle]")
    card.wait_for()
    assert card.locator("[data-action=play-bots]").count() == 1  # its bots have no decisions to be good at
    card.locator("[data-action=play-bots]").click()
    page.wait_for_url(re.compile(r"#/table/"))
    info = httpx.get(f"{base_url}/api/tables/{page.url.rsplit('/', 1)[1]}").json()
    assert [s["kind"] for s in info["seats"]] == ["human", "bot"]  # someone to race against, not a solo game
    page.wait_for_selector("[data-testid=board] [data-action=roll]")
    assert not page.errors


def test_waiting_tables_come_first_with_what_they_wait_for_and_their_age(page: Any,
                                                                         staged: tuple[str, dict[str, str]]) -> None:
    base, tables = staged
    lobby_in(page, base, "en")
    waiting = page.locator("[data-testid=waiting-tables] li[data-table]")
    assert [waiting.nth(i).get_attribute("data-table") for i in range(waiting.count())] == \
        [tables["waiting"], tables["older"]]
    first = line(page, tables["waiting"]).inner_text()
    assert "waiting for 1 player" in first and "Mihai, free seat" in first and "3 minutes ago" in first
    older = line(page, tables["older"]).inner_text()
    assert "waiting for 2 players" in older and "10 minutes ago" in older and "invited seat" in older
    assert line(page, tables["waiting"]).locator("[data-action=join]").count() == 1
    assert line(page, tables["older"]).locator("[data-action=join]").count() == 0  # its seats are friends' (#45)
    # the waiting come before the games being played, which hold the running table and not the idle one
    order = page.evaluate("""() => [...document.querySelectorAll('#waiting-h, #running-h')].map((e) => e.id)""")
    assert order == ["waiting-h", "running-h"]
    running = page.locator("[data-testid=running-tables]")
    assert running.locator(f"li[data-table='{tables['running']}']").count() == 1
    assert "1 minute ago" in line(page, tables["running"]).inner_text()
    assert running.locator(f"li[data-table='{tables['idle']}']").count() == 0
    assert not line(page, tables["idle"]).is_visible()  # folded, not asked for yet
    page.locator("[data-action=to-waiting]").wait_for()
    assert page.locator("[data-action=to-waiting]").inner_text().startswith("2 tables are waiting")
    page.locator("[data-testid=idle-tables] summary").click()
    idle = page.locator(f"[data-testid=idle-tables] li[data-table='{tables['idle']}']")
    idle.wait_for()
    assert "40 minutes ago" in idle.inner_text()
    shot(page, "lobby-life")
    assert not page.errors


def test_the_game_filter_shows_one_games_tables(page: Any, staged: tuple[str, dict[str, str]]) -> None:
    base, tables = staged
    lobby_in(page, base, "en")
    page.select_option("[data-testid=lobby-game]", "cribbage")
    page.wait_for_function("(id) => document.querySelectorAll('.live-tables li[data-table]').length === 1"
                           " && document.querySelector(`li[data-table='${id}']`)", arg=tables["waiting"])
    assert "No game is being played right now." in page.locator("[data-testid=running-tables]").inner_text()
    page.reload()  # the filter is kept for the visit
    page.wait_for_selector(f"li[data-table='{tables['waiting']}']")
    assert page.locator("[data-testid=lobby-game]").input_value() == "cribbage"
    assert page.locator(f"li[data-table='{tables['running']}']").count() == 0
    page.select_option("[data-testid=lobby-game]", "")
    page.wait_for_selector(f"li[data-table='{tables['running']}']")
    assert not page.errors


WORDS = {"ru": ("ждёт 1 игрока", "3 минуты назад", "Играть с компьютером"),
         "ro": ("așteaptă 1 jucător", "acum 3 minute", "Joacă cu calculatorul")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lobby_reads_in_each_language_and_fits_every_screen(browser: Any, staged: tuple[str, dict[str, str]],
                                                                lang: str) -> None:
    base, tables = staged
    for width, height in ((1280, 800), (390, 844), (360, 740)):
        ctx = browser.new_context(viewport={"width": width, "height": height})
        try:
            page = ctx.new_page()
            lobby_in(page, base, lang)
            if lang in WORDS:
                text = page.locator("main").inner_text()
                assert all(words in text for words in WORDS[lang]), (lang, width)
            page.locator("[data-testid=idle-tables] summary").click()
            page.locator(f"[data-testid=idle-tables] li[data-table='{tables['idle']}']").wait_for()
            # nothing wider than the screen, and no label cut short inside its button, heading or line
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            clipped = page.evaluate("""() => [...document.querySelectorAll(
                'main button, main .button, main h2, main h3, main summary, .table-list li, .game-card')]
              .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.outerHTML.slice(0, 80))""")
            assert clipped == [], (lang, width)
            shot(page, f"lobby-{lang}-{width}")
        finally:
            ctx.close()
