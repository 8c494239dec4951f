"""Helpers for the accessibility tests: moving through a page with the keyboard alone, and axe-core
(the npm package in ``tests/web/package.json``'s devDependencies, which ``make test``
installs with ``npm ci``) run inside the page, so nothing is fetched at run time."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

AXE = Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")


def focused_matches(page: Any, selector: str) -> bool:
    """True when the focused element matches ``selector``."""
    return bool(page.evaluate("(sel) => Boolean(document.activeElement && document.activeElement.matches(sel))",
                              selector))


def tab_until(page: Any, selector: str, presses: int = 250, backwards: bool = False) -> bool:
    """Press Tab (or Shift+Tab) until the focus is on an element matching ``selector``; False if
    ``presses`` are not enough. Only the keyboard moves the focus."""
    key = "Shift+Tab" if backwards else "Tab"
    for _ in range(presses):
        if focused_matches(page, selector):
            return True
        page.keyboard.press(key)
    return False


def tab_to(page: Any, selector: str, presses: int = 250, backwards: bool = False) -> str:
    """Press Tab (or Shift+Tab) until the focus is on an element matching ``selector``; its outer HTML.

    Only the keyboard moves the focus. Fails the test when ``presses`` are not enough.
    """
    if not tab_until(page, selector, presses, backwards):
        raise AssertionError(f"{'Shift+Tab' if backwards else 'Tab'} never reached {selector!r}")
    return str(page.evaluate("() => document.activeElement.outerHTML.slice(0, 300)"))


SENDS = """(() => {
  window.__sent = 0;
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    try { if (JSON.parse(data).type === 'act') window.__sent += 1; } catch (e) {}
    return send.call(this, data);
  };
  const fetched = window.fetch;
  window.fetch = function (input, init) {
    if (init && init.method && init.method !== 'GET') window.__sent += 1;
    return fetched.call(this, input, init);
  };
})();"""
"""Run before a page's scripts (``add_init_script``): ``window.__sent`` counts what the page asks of the
server — the moves it sends over the table's socket and its requests other than GET (a rematch)."""


def press_at(page: Any, selector: str, key: str = "Enter", attempts: int = 5) -> bool:
    """Tab to ``selector`` and press ``key`` there, by the keyboard alone, until the page asks the server
    for what the key means (the page counts it: ``SENDS``); True then. A table redrawn between the walk
    and the press can replace the focused element, and the key then lands nowhere: the walk is made
    again. False when no element matches ``selector`` any more (the table moved on without it). The
    count is read once the key's events were handled, so nothing here waits for time."""
    for _ in range(attempts):
        if not tab_until(page, selector):
            if not page.locator(selector).count():
                return False
            continue
        before = page.evaluate("() => window.__sent")
        page.keyboard.press(key)
        if page.evaluate("() => window.__sent") > before:
            return True
    focused = page.evaluate("() => document.activeElement ? document.activeElement.outerHTML.slice(0, 200) : null")
    raise AssertionError(f"{key} at {selector!r} never reached the server in {attempts} tries; focus on {focused}")


def focus_ring(page: Any) -> dict[str, Any]:
    """How the focused element shows its focus: its outline, and for SVG shapes their stroke."""
    return dict(page.evaluate("""() => {
        const el = document.activeElement;
        const style = getComputedStyle(el);
        const shape = el.querySelector('polygon, rect, circle');
        return { outline: style.outlineStyle, width: parseFloat(style.outlineWidth) || 0,
                 visible: el.matches(':focus-visible'),
                 stroke: shape ? parseFloat(getComputedStyle(shape).strokeWidth) || 0 : 0 };
    }"""))


def serious_violations(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now, one line each."""
    if not AXE.exists():
        pytest.fail(f"axe-core is not installed at {AXE}: run `npm ci` in tests/web (make test does)")
    if not page.evaluate("() => Boolean(window.axe)"):  # (evaluated by the driver: the page's policy
        page.evaluate(AXE.read_text() + "\n;true")     # refuses inline scripts, add_script_tag's way)
    found = page.evaluate("""async () => {
        const result = await axe.run(document, { resultTypes: ['violations'] });
        return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
            where: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
    }""")
    return [f"{v['impact']} {v['id']}: {v['help']} at {v['where']}" for v in found if v["impact"] in BLOCKING]
