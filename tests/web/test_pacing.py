"""The table's pace in a real browser (issue #17 items 1, 3, 4): a bot's move stays on screen for the
table's pace before the next one replaces it, the speed is chosen at the table and remembered, instant
shows everything at once; the undo button says why it is off; a scorekeeper takes back a wrong entry.

These pages keep a real pace (``paced_browser``); every other browser test plays at instant speed."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.pages import LANGUAGES, PHONE_HEIGHT, PHONE_WIDTH, recording_page
from tests.web.play import create_table, move_number

pytestmark = pytest.mark.slow

SHOTS = Path("/tmp/shots/pacing")
BOARD = "[data-testid=board]"

# Every shown state, as the page shows it: when, its move number, who is to move, the last log line's seat,
# and the most states seen waiting behind it while it was shown (the pace box's data-behind)
RECORD = """() => {
  window.shownStates = [];
  const note = () => {
    const turn = document.querySelector('[data-testid=turn]');
    const move = turn && turn.dataset.move;
    const seen = window.shownStates;
    const pace = document.querySelector('[data-testid=pace]');
    const behind = Number((pace && pace.dataset.behind) || 0);
    if (seen.length) seen[seen.length - 1].maxBehind = Math.max(seen[seen.length - 1].maxBehind, behind);
    if (!move || (seen.length && seen[seen.length - 1].move === move)) return;
    const toMove = document.querySelector('.seat-list li.to-move');
    const lines = document.querySelectorAll('[data-testid=log] li');
    seen.push({ at: performance.now(), move, turn: turn.textContent, maxBehind: behind,
      toMove: toMove ? toMove.dataset.seat : null, lines: lines.length,
      lastSeat: lines.length ? lines[lines.length - 1].dataset.seat : null });
  };
  new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
  note();
}"""


@pytest.fixture
def paced(paced_browser: Any) -> Iterator[Any]:
    """A desktop page that keeps the tables' real pace and fails on any script error."""
    with recording_page(paced_browser, viewport={"width": 1280, "height": 900}) as page:
        yield page


def choose_speed(page: Any, speed: str) -> None:
    page.select_option("[data-testid=speed]", speed)
    page.wait_for_function("(s) => document.querySelector('[data-testid=pace]').dataset.speed === s", arg=speed)


def roll_and_record(page: Any) -> list[dict[str, Any]]:
    """Roll (Beetle), then record every state shown until it is this seat's turn again."""
    page.wait_for_selector(f"{BOARD} [data-action=roll]")
    page.evaluate(RECORD)
    before = move_number(page)
    started = time.monotonic()
    page.locator(f"{BOARD} [data-action=roll]").click()
    page.wait_for_function("(n) => { const t = document.querySelector('[data-testid=turn]');"
                           " return Number(t.dataset.move) > n + 1 && t.classList.contains('mine')"
                           " && document.querySelector('[data-testid=pace]').dataset.behind === '0'; }",
                           arg=before, timeout=30_000)
    states: list[dict[str, Any]] = page.evaluate("() => window.shownStates")
    states[-1]["elapsed"] = time.monotonic() - started
    return states


def hold_for(pace: float, waiting: int, behind: int = 3, shortest: float = 120) -> float:
    """How long pacing.js holds a state with ``waiting`` states behind it: the pace, or with more than
    ``behind`` waiting a share of ``behind`` paces each (never below ``shortest``)."""
    return pace if waiting <= behind else max(min(pace, shortest), pace * behind / waiting)


def test_each_bot_roll_is_shown_for_the_pace_before_the_next(paced: Any, base_url: str) -> None:
    """Beetle against two bots at the normal pace: after my roll, the first bot's roll is on screen (its
    line last in the log, the second bot to move) for at least the pace before the second's replaces it."""
    create_table(paced, base_url, "beetle", {}, ["you", "bot", "bot"])
    assert paced.locator("[data-testid=speed]").input_value() == "normal"  # nobody chose: the default
    states = roll_and_record(paced)
    moves = [int(s["move"]) for s in states]
    assert moves == sorted(moves) and len(set(moves)) == len(moves), states  # in order, never back
    by_bot = [i for i, s in enumerate(states) if s["lastSeat"] in ("1", "2") and i + 1 < len(states)]
    assert by_bot, states  # the bots' moves each had a state of their own on screen
    for i in by_bot:
        held = states[i + 1]["at"] - states[i]["at"]
        # the normal pace is 800 ms, shortened to a share of BEHIND paces while more than BEHIND states
        # wait (a burst of bot moves, pacing.js); 5/8 of it at least: the page notes a state late on a busy machine
        assert held >= 0.625 * hold_for(800, states[i]["maxBehind"]), (held, states)
    # the second bot was to move while the first bot's roll was the last line: it was seen
    assert any(s["toMove"] == "2" and s["lastSeat"] == "1" for s in states), states
    assert states[-1]["lastSeat"] in ("1", "2") and states[-1]["toMove"] == "0"
    paced.set_viewport_size({"width": 1280, "height": 900})
    SHOTS.mkdir(parents=True, exist_ok=True)
    paced.screenshot(path=str(SHOTS / "beetle-paced-desktop-en.png"), full_page=True)
    assert not paced.errors


def test_instant_speed_shows_the_bots_moves_at_once_and_is_remembered(paced: Any, base_url: str) -> None:
    table = create_table(paced, base_url, "beetle", {}, ["you", "bot", "bot"])
    choose_speed(paced, "slow")
    slow = roll_and_record(paced)
    assert slow[-1]["elapsed"] >= 2 * 1.5, slow  # two bot moves, 1.6 s each
    choose_speed(paced, "instant")
    instant = roll_and_record(paced)
    assert instant[-1]["elapsed"] < 1.5, instant
    paced.reload()
    paced.wait_for_selector("[data-testid=speed]")
    assert paced.locator("[data-testid=speed]").input_value() == "instant"  # remembered for this table
    stored = paced.evaluate(f"() => [localStorage.getItem('tabletop.pace.{table}'),"
                            " localStorage.getItem('tabletop.pace')]")
    assert stored == ["instant", "instant"]  # and the default for tables not set yet
    create_table(paced, base_url, "beetle", {}, ["you", "bot"])
    assert paced.locator("[data-testid=speed]").input_value() == "instant"
    assert not paced.errors


def test_a_spectator_watches_one_step_faster_and_keeps_their_own_choice(paced_browser: Any, base_url: str) -> None:
    """A spectator makes no move and would trail the table by many seconds at the players' pace: they watch
    one step faster by default (normal → fast), may choose another speed, and that choice is theirs for the
    tables they watch, never the players' default."""
    with recording_page(paced_browser, viewport={"width": 1280, "height": 900}) as player, \
            recording_page(paced_browser, viewport={"width": 1280, "height": 900}) as spectator:
        table = create_table(player, base_url, "beetle", {}, ["you", "bot"])
        player.wait_for_selector("[data-testid=pace][data-speed]")
        assert player.locator("[data-testid=speed]").input_value() == "normal"  # the players' pace
        spectator.goto(f"{base_url}/#/watch/{table}")
        spectator.wait_for_selector("[data-testid=pace][data-speed]")
        assert spectator.locator("[data-testid=speed]").input_value() == "fast"
        assert spectator.locator("[data-testid=pace]").get_attribute("data-speed") == "fast"
        choose_speed(spectator, "slow")  # overridden, and remembered for watching
        other = create_table(player, base_url, "beetle", {}, ["you", "bot"])
        spectator.goto(f"{base_url}/#/watch/{other}")
        spectator.wait_for_function("() => document.querySelector('[data-testid=pace]')?.dataset.speed === 'slow'")
        assert spectator.evaluate("() => localStorage.getItem('tabletop.pace')") is None  # not the players' default
        assert player.locator("[data-testid=speed]").input_value() == "normal"
        assert not player.errors and not spectator.errors


def test_show_the_latest_catches_up_at_once(paced: Any, base_url: str) -> None:
    create_table(paced, base_url, "beetle", {}, ["you", "bot", "bot", "bot"])
    choose_speed(paced, "slow")
    paced.wait_for_selector(f"{BOARD} [data-action=roll]")
    paced.locator(f"{BOARD} [data-action=roll]").click()
    catch_up = paced.locator("[data-action=catch-up]")
    catch_up.wait_for(timeout=5000)  # states wait: the table offers to show the latest
    assert paced.locator(f"{BOARD} [data-action=roll]").count() == 0  # nothing to act on meanwhile
    SHOTS.mkdir(parents=True, exist_ok=True)
    paced.screenshot(path=str(SHOTS / "beetle-catching-up-desktop-en.png"))
    # at once: within the click itself the waiting states are dropped and the newest shown (not played out
    # at the slow pace, 1.6 s each) — measured in states, not seconds, so a machine's load cannot decide it
    waiting, left, roll = paced.evaluate(
        "() => { const pace = document.querySelector('[data-testid=pace]'); const waiting = pace.dataset.behind;"
        " document.querySelector('[data-action=catch-up]').click();"
        " return [Number(waiting), Number(pace.dataset.behind),"
        " Boolean(document.querySelector('[data-testid=board] [data-action=roll]'))]; }")
    assert waiting >= 1 and left == 0 and roll, (waiting, left, roll)
    assert paced.locator("[data-action=catch-up]").count() == 0
    assert not paced.errors


def test_a_scorekeeper_takes_back_a_wrong_throw_and_enters_the_right_one(phone: Any, base_url: str) -> None:
    """Kubik K20 on one phone: the thrower's cube showed 2, the scorekeeper tapped "out 6": take it back
    (nobody else must agree: both teams are at this screen), enter "out 2"; the score says 2."""
    create_table(phone, base_url, "kubik", {"throws": "manual"}, ["you", "local"])
    for action in ("first A",):  # the throw itself is sent with its outcome: one tap a throw
        phone.wait_for_selector(f'{BOARD} button[data-action="{action}"]')
        before = move_number(phone)
        phone.locator(f'{BOARD} button[data-action="{action}"]').tap()
        phone.wait_for_function("(n) => Number(document.querySelector('[data-testid=turn]').dataset.move) > n",
                                arg=before)
    phone.wait_for_selector(f'{BOARD} button[data-action="out 6"]')
    undo = phone.locator(".actions-box button.undo")
    before = move_number(phone)
    phone.locator(f'{BOARD} button[data-action="out 6"]').tap()
    phone.wait_for_function("() => document.querySelector('[data-testid=scores] [data-team=A]')?.dataset.score === '6'")
    phone.wait_for_function("() => !document.querySelector('.actions-box button.undo').disabled")
    assert phone.locator("[data-testid=undo-reason]").count() == 0
    assert undo.inner_text() == "Take back the last entry"  # the people's entry, not a move
    undo.scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SHOTS / "kubik-scorekeeper-undo-phone-en.png"), full_page=True)
    undo.tap()
    # the outcome is taken back, not the throw: the log ends with the throw, whose outcome is asked again
    phone.wait_for_function("() => [...document.querySelectorAll('[data-testid=log] li')].at(-1)?.title"
                            ".startsWith('throw')")
    phone.wait_for_selector(f'{BOARD} button[data-action="out 2"]')
    assert move_number(phone) > before
    assert phone.locator("[data-testid=scores] [data-team=A]").get_attribute("data-score") == "0"
    phone.locator(f'{BOARD} button[data-action="out 2"]').tap()
    phone.wait_for_function("() => document.querySelector('[data-testid=scores] [data-team=A]')?.dataset.score === '2'")
    notation = phone.locator("[data-testid=log] li").evaluate_all("lines => lines.map(li => li.title)")
    assert notation[-1] == "out 2" and not any("out 6" in line for line in notation), notation  # taken back
    assert not phone.errors


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_speed_control_fits_every_screen(paced: Any, base_url: str, lang: str) -> None:
    """The speed control and "Show the latest", at desktop and phone sizes, in every language."""
    paced.goto(f"{base_url}/#/")
    paced.evaluate(f"() => localStorage.setItem('tabletop.lang', '{lang}')")
    paced.reload()
    create_table(paced, base_url, "beetle", {}, ["you", "bot", "bot", "bot"])
    choose_speed(paced, "slow")
    labels = paced.locator("[data-testid=speed] option").all_inner_texts()
    assert len(set(labels)) == 4 and "instant" not in labels[1:], labels
    paced.wait_for_selector(f"{BOARD} [data-action=roll]")
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((1280, 900), (PHONE_WIDTH, PHONE_HEIGHT), (360, 740)):
        paced.set_viewport_size({"width": width, "height": height})
        paced.wait_for_selector(f"{BOARD} [data-action=roll]")
        before = move_number(paced)
        paced.locator(f"{BOARD} [data-action=roll]").click()
        paced.locator("[data-action=catch-up]").wait_for(timeout=5000)
        paced.evaluate("() => window.scrollTo(0, 0)")
        paced.screenshot(path=str(SHOTS / f"beetle-speed-{width}-{lang}.png"))
        widths = paced.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
        assert widths[0] <= widths[1], (width, widths)
        box = paced.locator("[data-testid=pace]").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
        paced.locator("[data-action=catch-up]").click()
        paced.wait_for_function("(n) => Number(document.querySelector('[data-testid=turn]').dataset.move) > n + 1",
                                arg=before)
    assert not paced.errors


def test_reduced_motion_shortens_the_pace_and_turns_the_highlight_off(paced_browser: Any, base_url: str) -> None:
    ctx = paced_browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB", reduced_motion="reduce")
    page = ctx.new_page()
    try:
        create_table(page, base_url, "beetle", {}, ["you", "bot", "bot"])
        states = roll_and_record(page)
        held = sorted(states[i + 1]["at"] - states[i]["at"] for i in range(len(states) - 1)
                      if states[i]["lastSeat"] in ("1", "2"))
        # half the normal 800 ms: the typical (median) state is held 200–750 ms; a single one may be cut
        # short when the screen catches up after a late state on a busy machine (146 ms seen once)
        assert held and 200 <= held[len(held) // 2] < 750, held
        animations = page.locator("[data-testid=log] li").evaluate_all(
            "lines => lines.map(li => getComputedStyle(li).animationName)")
        assert set(animations) == {"none"}, animations
    finally:
        ctx.close()
