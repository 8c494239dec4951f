"""What the browser tests share besides fixtures: a page that records its script errors, the phone's
size and the checks that a page fits it, screenshots, and waits on what a page shows rather than on a
time — frames drawn, nothing moving, a condition that comes true (fixtures stay in ``conftest.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ARTIFACTS = Path(__file__).parent / "artifacts"
WEB = Path(__file__).resolve().parents[2] / "src" / "tabletop" / "web"
"""The browser client's folder in the source tree."""

PHONE_WIDTH, PHONE_HEIGHT = 390, 844
"""A phone's screen in CSS pixels."""


@contextmanager
def recording_page(browser: Any, **context: Any) -> Iterator[Any]:
    """A page in a fresh browser context (English, ``context`` as Playwright takes it) whose script
    errors gather in ``page.errors``; the context closes after."""
    ctx = browser.new_context(locale="en-GB", **context)
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    try:
        yield page
    finally:
        ctx.close()


def assert_fits(page: Any) -> None:
    """Nothing is wider than the phone: the page does not scroll sideways (nor zoom out to fit)."""
    widths = page.evaluate("() => [document.documentElement.scrollWidth, document.body.scrollWidth, innerWidth]")
    assert max(widths) <= PHONE_WIDTH, widths


MEASURE_TARGETS = """els => els.map(e => {
  const r = e.getBoundingClientRect();
  return { x: r.left, width: r.width, height: r.height,
           visible: e.checkVisibility({ visibilityProperty: true }) && r.width > 0 && r.height > 0 };
})"""
"""Every match's box (CSS pixels, the page never scrolls sideways) and whether it is rendered and not hidden."""


def assert_tappable(page: Any, selector: str, size: float) -> Any:
    """Every match of ``selector`` is visible, inside the phone's width and at least ``size`` CSS
    pixels each way; returns the first. All of them are measured in one go in the page, so a
    redraw cannot come between finding a target and measuring it."""
    boxes = page.locator(selector).evaluate_all(MEASURE_TARGETS)
    assert boxes, selector
    for box in boxes:
        assert box["visible"], (selector, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE_WIDTH, (selector, box)
        assert box["width"] >= size - 0.5 and box["height"] >= size - 0.5, (selector, box)
    return page.locator(selector).first


def shot(page: Any, name: str) -> None:
    """Save a screenshot of the whole page as a test artifact."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


LATER_LANGUAGE = ("the same checks read in a third language (Romanian): English and Russian (the other alphabet, "
                  "the longest words) run every day")
"""The slow tier's reason for a test's Romanian variant (:data:`LANGUAGES`)."""

ROMANIAN_LATER = pytest.param("ro", marks=pytest.mark.slow_tier(reason=LATER_LANGUAGE), id="ro")
"""A test's Romanian variant, in the slow tier (``TABLETOP_SLOW=1``): the checks are the other languages', and
``tests/web/test_languages.py`` reads every page in Romanian every day (no English left on it)."""

LANGUAGES = ["en", "ru", ROMANIAN_LATER]
"""The languages a test reads a screen in: English and Russian every day, Romanian in the slow tier."""


def frames(page: Any, count: int = 2) -> None:
    """Wait until the page has drawn ``count`` more frames: whatever its last change started (an
    animation, a resize observer's redraw) has been through a frame, and a sampler that looks once a
    frame has seen it. Two frames: a change made inside one frame's callbacks is laid out in the next."""
    page.evaluate("""(count) => new Promise((done) => {
        const next = (left) => (left ? requestAnimationFrame(() => next(left - 1)) : done(null));
        next(count); })""", count)


STILL = "() => document.getAnimations().every((a) => a.playState !== 'running')"
"""Nothing on the page moves: every Web Animation, CSS animation and CSS transition has finished (or
never started). ``getAnimations`` brings style up to date first, so a transition a change has just
started counts."""


def still(page: Any, timeout: float = 20_000) -> None:
    """Wait until nothing on the page moves (:data:`STILL`): a screenshot or a measure after it sees
    the page at rest."""
    page.wait_for_function(STILL, timeout=timeout)


def comes_true(page: Any, predicate: str, arg: Any = None, timeout: float = 5_000, polling: Any = "raf") -> bool:
    """Whether ``predicate`` (a JS function of ``arg``) comes true within ``timeout`` ms: the wait of an
    ``assert`` that says in its own words what did not happen, where a timeout would only say it waited."""
    try:
        page.wait_for_function(predicate, arg=arg, timeout=timeout, polling=polling)
    except PlaywrightTimeoutError:
        return False
    return True
