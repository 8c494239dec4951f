"""Sound effects at the table in the browser (issue #17, item 6): on by default for a seated player
and off for a spectator, the mute choice remembered across reloads, nothing played for the state
on screen at page load, and a roll heard as the die (B5) from the game's own hook. Headless chromium
plays no audio; the toggle's ``data-played`` and ``data-last`` count what was played. The hooks of
every game have unit tests (tests/web/js/sound.test.mjs)."""

from __future__ import annotations

from typing import Any

from tests.web.pages import recording_page
from tests.web.play import beetle_step, create_table, cubulus_step

TOGGLE = "[data-testid=sound]"


def played(page: Any) -> int:
    return int(page.get_attribute(TOGGLE, "data-played") or 0)


def test_a_seated_player_hears_a_roll_and_the_mute_choice_is_remembered(page: Any, base_url: str) -> None:
    create_table(page, base_url, "beetle", {}, ["you", "bot"])
    page.wait_for_selector("[data-action=roll]")
    assert page.get_attribute(TOGGLE, "data-on") == "true"  # a player: on by default
    assert page.inner_text(TOGGLE).strip() == "Sound on"  # its name says the state (axe: the visible text is the name)
    assert played(page) == 0  # nothing for the state already on screen when the page loaded
    assert beetle_step(page)
    page.wait_for_function("() => Number(document.querySelector('[data-testid=sound]').dataset.played) >= 1")
    assert page.get_attribute(TOGGLE, "data-last") == "die"
    page.click(TOGGLE)
    assert page.get_attribute(TOGGLE, "data-on") == "false"
    assert page.inner_text(TOGGLE).strip() == "Sound off"
    assert page.evaluate("() => localStorage.getItem('tabletop.sound')") == "off"
    page.reload()
    page.wait_for_selector("[data-action=roll]")
    assert page.get_attribute(TOGGLE, "data-on") == "false"  # remembered
    assert beetle_step(page)
    page.wait_for_selector("[data-action=roll]")  # our roll and the bot's after it are on screen
    assert played(page) == 0  # muted: nothing plays
    assert not page.errors


def test_a_spectator_starts_muted_and_may_turn_sound_on(browser: Any, page: Any, base_url: str) -> None:
    table = create_table(page, base_url, "beetle", {}, ["you", "bot"])
    page.wait_for_selector("[data-action=roll]")
    with recording_page(browser, viewport={"width": 1280, "height": 800}) as watcher:
        watcher.goto(f"{base_url}/#/watch/{table}")
        watcher.wait_for_selector(TOGGLE)
        assert watcher.get_attribute(TOGGLE, "data-on") == "false"  # a spectator: off by default
        assert watcher.inner_text(TOGGLE).strip() == "Sound off"  # the visible words are its name
        assert beetle_step(page)  # the player's roll: the muted spectator plays nothing
        watcher.wait_for_function("() => document.querySelector('[data-testid=log] li')")
        assert played(watcher) == 0
        watcher.focus(TOGGLE)
        watcher.keyboard.press("Enter")  # keyboard: the toggle is a button
        assert watcher.get_attribute(TOGGLE, "data-on") == "true"
        assert watcher.evaluate("() => localStorage.getItem('tabletop.sound')") == "on"
        before = len(watcher.locator("[data-testid=log] li").all())
        page.wait_for_selector("[data-action=roll]")  # the bot has rolled: our turn again (its button is back)
        assert beetle_step(page)
        watcher.wait_for_function(f"() => document.querySelectorAll('[data-testid=log] li').length > {before}")
        watcher.wait_for_function("() => Number(document.querySelector('[data-testid=sound]').dataset.played) >= 1")
        assert not watcher.errors
    assert not page.errors


LOG = "[data-testid=log] li"
ENTRIES = "() => [...document.querySelectorAll('[data-testid=log] li')].flatMap((li) => li.title.split(' · '))"


def test_an_undo_takes_its_line_back_and_sounds_nothing_again(page: Any, base_url: str) -> None:
    """An undo replaces the log from where it changed: the line goes (or is drawn again shorter), the
    entries before it are not heard again, and the next move is heard once."""
    create_table(page, base_url, "cubulus", {"first": "0"}, ["you", "local"])
    page.wait_for_selector("[data-testid=layers] .cell.hole")
    for _ in range(2):  # two neutral balls: each one "ball"
        before = played(page)
        assert cubulus_step(page)
        page.wait_for_function(f"() => Number(document.querySelector('{TOGGLE}').dataset.played || 0) > {before}")
    entries = page.evaluate(ENTRIES)
    heard = played(page)
    page.wait_for_selector("[data-action=undo]:not([disabled])")
    page.click("[data-action=undo]")
    page.wait_for_function(f"(n) => ({ENTRIES})().length < n", arg=len(entries))
    page.wait_for_timeout(500)
    assert page.evaluate(ENTRIES) == entries[:-1]  # the log from the undone entry is gone
    assert played(page) == heard  # an undo plays nothing
    assert cubulus_step(page)  # the next ball is heard once
    page.wait_for_function(f"() => Number(document.querySelector('{TOGGLE}').dataset.played || 0) > {heard}")
    page.wait_for_timeout(300)
    assert played(page) == heard + 1
    assert len(page.evaluate(ENTRIES)) == len(entries)
    assert page.locator(LOG).count() >= 1
    assert not page.errors
