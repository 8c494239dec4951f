"""A connection that drops comes back holding its log: the hello names the last entry the page holds
(``since``), the server sends only what followed, and the page's log goes on as if nothing happened — its
lines are not drawn again, and no sound is played again."""

from __future__ import annotations

import json
from typing import Any

from tests.web.play import beetle_step, create_table, move_number

KEEP_SOCKETS = """() => {
  const Real = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Real {
    constructor(...args) { super(...args); window.__sockets.push(this); }
  };
}"""
NOTATION = "() => [...document.querySelectorAll('[data-testid=log] li')].map((li) => li.title)"
MARK = "() => document.querySelectorAll('[data-testid=log] li').forEach((li) => { li.__drawn = true; })"
MARKED = "() => [...document.querySelectorAll('[data-testid=log] li')].filter((li) => li.__drawn).length"
SOUND = "[data-testid=sound]"


def test_a_dropped_socket_comes_back_with_only_what_it_missed(page: Any, context: Any, base_url: str) -> None:
    page.add_init_script(f"({KEEP_SOCKETS})()")
    hellos: list[dict[str, Any]] = []
    updates: list[dict[str, Any]] = []

    def watch(ws: Any) -> None:
        ws.on("framesent", lambda payload: hellos.append(json.loads(payload)) if '"hello"' in str(payload) else None)
        ws.on("framereceived", lambda payload: updates.append(json.loads(payload))
              if '"type": "state"' in str(payload) or '"type":"state"' in str(payload) else None)

    page.on("websocket", watch)
    table = create_table(page, base_url, "beetle", {}, ["you", "bot"], seed=3)
    page.wait_for_selector("[data-action=roll]")
    for _ in range(3):
        beetle_step(page)
    page.wait_for_selector("[data-action=roll]")
    held = page.evaluate(NOTATION)
    assert held and not hellos[0].get("since")  # a first connection holds nothing
    page.evaluate(MARK)
    played = page.get_attribute(SOUND, "data-played")
    page.evaluate("() => window.__sockets[window.__sockets.length - 1].close()")
    page.wait_for_function("(n) => window.__sockets.length > n && window.__sockets.at(-1).readyState === 1",
                           arg=1, timeout=20_000)
    page.wait_for_function("(n) => document.querySelectorAll('[data-testid=log] li').length >= n", arg=len(held))
    page.wait_for_function("() => document.querySelector('.connection').classList.contains('open')")
    page.wait_for_timeout(500)  # the first update after the reconnection is on screen
    # the lines drawn before are the same elements (nothing was read or drawn again) and no sound came again
    assert page.evaluate(MARKED) == len(held) == len(page.evaluate(NOTATION))
    assert page.get_attribute(SOUND, "data-played") == played
    again = hellos[-1]
    assert isinstance(again.get("since"), int) and again["since"] >= 0, again  # the last entry it holds
    first_back = next(u for u in reversed(updates) if u.get("log_from", 0) > 0)
    assert first_back["log_from"] > 0  # only what followed, not the whole log again
    before = move_number(page)
    beetle_step(page)
    page.wait_for_function("(n) => +document.querySelector('[data-testid=turn]').dataset.move > n", arg=before)
    page.wait_for_selector("[data-action=roll]")
    # the log as the page kept it is the log a page opened now is given whole
    watcher = context.browser.new_context().new_page()
    watcher.goto(f"{base_url}/#/watch/{table}")
    watcher.wait_for_function("(n) => +document.querySelector('[data-testid=turn]')?.dataset.move >= n",
                              arg=move_number(page))
    assert page.evaluate(NOTATION) == watcher.evaluate(NOTATION)
    assert not page.errors
    watcher.close()
