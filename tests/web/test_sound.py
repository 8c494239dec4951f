"""Sound effects at the table in the browser (issue #17, item 6): on by default for a seated player
and off for a spectator, the mute choice remembered across reloads, nothing played for the state
on screen at page load, and a roll heard as the die (B5) from the game's own hook. Headless chromium
plays no audio; the toggle's ``data-played`` and ``data-last`` count what was played. The hooks of
every game have unit tests (tests/web/js/sound.test.mjs)."""

from __future__ import annotations

from typing import Any

from tests.web.pages import recording_page
from tests.web.play import beetle_step, create_table

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
