"""A game with no browser folder — the tests' Pig (tests/plugin), only the required core — is shown and played
with the generic controls: the lobby names it by its spec's title, the rules screen shows the page its
package brings, and the table offers a button per legal action, to the end of the game."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.pages import LATER_LANGUAGE, recording_page, shot
from tests.web.play import click_and_wait, create_table, is_over, play_to_end


def _pig_step(page: Any) -> bool:
    """Hold as soon as the turn has points, else roll: the generic controls' buttons, named by the notation."""
    return (click_and_wait(page, ".action-buttons [data-action=hold]")
            or click_and_wait(page, ".action-buttons [data-action=roll]"))


@pytest.mark.parametrize(("lang", "size"), [
    ("en", (1280, 800)), ("ru", (390, 844)),
    pytest.param("ro", (360, 740), marks=pytest.mark.slow_tier(reason=LATER_LANGUAGE)),  # a third language (pages.py)
])
def test_a_stranger_plays_pig_against_a_bot_with_the_generic_controls(browser: Any, base_url: str, lang: str,
                                                                        size: tuple[int, int]) -> None:
    """No browser folder: the lobby and the table name Pig by its spec's title, the rules screen shows its
    own page, the board its view field by field, no coach is offered (Pig has none), and the generic
    controls — a button per legal action — play it to the end, at a desktop and on two phones."""
    width, height = size
    with recording_page(browser, viewport={"width": width, "height": height}) as page:
        page.add_init_script(f"localStorage.setItem('tabletop.lang', '{lang}')")
        page.goto(f"{base_url}/#/rules/pig")
        page.locator(".rules-text h3").first.wait_for()
        assert page.locator(".rules-text h3").count() == 4
        assert page.locator(".rules-nav [aria-current=page]").inner_text() == "Pig"
        shot(page, f"pig-rules-{lang}-{width}")

        # the table's line comes after its first state (Pig's view names no game): held until the state is drawn
        line = re.compile(r"/api/tables/[0-9a-f]{32}$")
        held: list[Any] = []
        page.route(line, lambda route: held.append(route))
        create_table(page, base_url, "pig", {"target": 12}, ["you", "bot"])
        page.locator(".action-buttons .action").first.wait_for()
        assert held, "the table's line was never asked for"
        for route in held:
            route.continue_()
        page.unroute(line)  # (a request it still held goes on too)
        page.wait_for_function("() => document.querySelector('.table-title')?.textContent"
                               " === 'Pig'")
        fields = page.locator("[data-testid=view-fields] dt").all_inner_texts()
        assert fields == ["seat", "scores", "turn", "rolling"]
        assert page.locator("[data-testid=coach]:visible").count() == 0
        widths = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
        assert widths[0] <= widths[1], widths  # no sideways scroll at any size
        shot(page, f"pig-table-{lang}-{width}")
        assert play_to_end(page, _pig_step) > 0
        assert is_over(page)
        shot(page, f"pig-over-{lang}-{width}")
        assert page.errors == []
