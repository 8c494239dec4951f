"""Statistics in a real browser (issue 46 item 4): after a finished cribbage game (one discard, C5, then resigned)
the profile shows a statistics panel with the discard accuracy worded and explained and its series over time as an
SVG graph, nothing wider than the screen at 1280 and 390 px; every figure a game keeps has words in its own folder
in English, Russian and Romanian."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.core import Capability
from tests.web.accounts import sign_up, username
from tests.web.pages import ROMANIAN_LATER

WEB_GAMES = Path(tabletop.__file__).parent / "web" / "js" / "games"
SHOTS = Path(__file__).parent / "artifacts"  # (ignored by git, beside the other screenshot sets)

DISCARD_AND_RESIGN = """async () => {
  const csrf = (await (await fetch('/api/account')).json()).csrf;
  const post = (path, body, token) => fetch(path, {method: 'POST', headers: {'Content-Type': 'application/json',
    'X-CSRF-Token': csrf, ...(token ? {Authorization: `Bearer ${token}`} : {})}, body: JSON.stringify(body || {})});
  const made = await (await post('/api/tables', {game: 'cribbage', seed: 7,
    seats: [{kind: 'human'}, {kind: 'bot', bot: 'easy'}]})).json();
  const [table, token] = [made.table.id, made.tokens['0']];
  const bearer = {headers: {Authorization: `Bearer ${token}`}};
  for (let tries = 0; tries < 200; tries++) {
    const state = await (await fetch(`/api/tables/${table}/state`, bearer)).json();
    if (state.to_move === 0 && state.legal && state.legal.length) {
      const throw_ = state.legal.find((action) => action.startsWith('discard'));
      await post(`/api/tables/${table}/act`, {token, action: throw_, move: state.move});
      await post(`/api/tables/${table}/resign`, {}, token);
      return table;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}"""


def profile_part(page: Any, base: str, name: str) -> Any:
    """The profile's cribbage statistics, read again until the analysis (run after the game ended) has stored them."""
    page.goto(f"{base}/#/player/{name}")
    part = page.locator("[data-testid=stats] [data-game=cribbage]")
    for _ in range(40):
        page.locator("[data-testid=profile]").wait_for()
        if part.count():
            return part
        page.wait_for_timeout(250)
        page.reload()
    raise AssertionError(f"{name}'s profile never showed the statistics of the game")


def test_every_figure_has_its_games_words_in_three_languages() -> None:
    """A figure's name and what it counts are its game's own words (js/games/<game>/strings.js), in en, ru, ro."""
    for game in tabletop.REGISTRY.providing(Capability.STATISTICS):
        text = (WEB_GAMES / game / "strings.js").read_text(encoding="utf-8")
        for figure in tabletop.REGISTRY[game].spec.statistics:
            for key in (f"{game}.stats.{figure.name}", f"{game}.stats.{figure.name}.why"):
                assert len(re.findall(rf'"{re.escape(key)}":', text)) == 3, key


def test_the_profile_shows_the_statistics_of_a_finished_game(devices: Any, base_url: str) -> None:
    """The panel appears once the game is analysed (after it ended, in the server's pool): the cribbage part with
    one game, its discard accuracy in points lost per discard against the best throw (C5), the graph of it over
    time with one point; screenshots in English at 1280, 390 and 360 px, nothing wider than the screen."""
    page = devices()
    name = username()
    sign_up(page, base_url, name)
    page.click("[data-action=codes-saved]")
    assert page.evaluate(DISCARD_AND_RESIGN)
    part = profile_part(page, base_url, name)
    figure = part.locator("[data-figure=discard_loss]")
    assert "Discard accuracy" in figure.inner_text()
    assert re.search(r"\d\.\d\d expected points lost per discard against the best throw", figure.inner_text())
    assert "1 game analysed" in part.inner_text()
    assert part.locator("[data-figure=hand_as_pone]").count() == 0  # no deal reached its show: nothing to average
    assert part.locator("[data-series=discard_loss] svg circle").count() == 1
    SHOTS.mkdir(exist_ok=True)
    for width, height in ((1280, 900), (390, 844), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{base_url}/#/player/{name}")
        part.wait_for()
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= width, f"the profile at {width} px is {wide} px wide"
        page.screenshot(path=str(SHOTS / f"profile-stats-en-{width}.png"), full_page=True)


@pytest.mark.parametrize("lang", ["ru", ROMANIAN_LATER])  # (Romanian in the slow tier: pages.py)
def test_the_panel_is_worded_in_every_language(browser: Any, base_url: str, lang: str) -> None:
    """The figures' words in Russian and Romanian (no key shown raw), from the game's own folder; nothing wider than
    the screen at 1280, 390 and 360 px in the longer words (a screenshot of each)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    ctx.add_init_script(f"localStorage.setItem('tabletop.lang', '{lang}')")
    page = ctx.new_page()
    try:
        name = username()
        sign_up(page, base_url, name)
        page.click("[data-action=codes-saved]")
        assert page.evaluate(DISCARD_AND_RESIGN)
        text = profile_part(page, base_url, name).inner_text()
        assert "cribbage.stats" not in text and "stats." not in text
        assert {"ru": "Точность сброса", "ro": "Precizia aruncării"}[lang] in text
        SHOTS.mkdir(exist_ok=True)
        for width, height in ((1280, 900), (390, 844), (360, 740)):
            page.set_viewport_size({"width": width, "height": height})
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            page.screenshot(path=str(SHOTS / f"profile-stats-{lang}-{width}.png"), full_page=True)
    finally:
        ctx.close()
