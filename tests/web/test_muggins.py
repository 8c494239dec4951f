"""Cribbage with muggins (C17) in a real browser (issue #8): counts and pegging claims are declared
with the screen's picker, a short declaration is taken by the opponent ("Muggins!"), and the
opponent's screen shows what was declared with the cards, "Muggins!" and "Let it go"."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tabletop.core.cards import Card
from tabletop.games.cribbage.scoring import pegging_score, score_hand
from tests.web.a11y import serious_violations, tab_to
from tests.web.pages import shot
from tests.web.play import click_and_wait, create_table, cribbage_step, is_over, move_number, pass_curtain

pytestmark = pytest.mark.slow

DECLARE = "[data-testid=declare]"


def cards(page: Any, selector: str) -> tuple[Card, ...]:
    """The cards shown under ``selector``, read from the page."""
    return tuple(Card.parse(c) for c in page.locator(selector).evaluate_all("els => els.map(e => e.dataset.card)"))


def actual_points(page: Any) -> int:
    """What the cards in the declare panel really hold: the pegging series, or a hand or crib with the starter."""
    kind = page.locator(DECLARE).get_attribute("data-kind")
    held = cards(page, f"{DECLARE} [data-testid=counted] > .card")
    if kind == "pegging":
        return pegging_score(held).total
    (starter,) = cards(page, f"{DECLARE} .starter-tag .card")
    return score_hand(held, starter, crib=kind == "crib").total


def declare(page: Any, points: int) -> bool:
    """Pick ``points`` in the picker and press Declare (only numbers the server calls legal are offered)."""
    offered = page.locator(f"{DECLARE} input[type=radio]").evaluate_all("els => els.map(e => Number(e.value))")
    assert offered == list(range(len(offered))) and len(offered) in (30, 32), offered  # count 0–29, claim 0–31
    page.locator(f"{DECLARE} input[value='{points}']").check()
    assert page.locator(f"{DECLARE} button[data-action=declare]").inner_text() == f"Declare {points}"
    return click_and_wait(page, f"{DECLARE} button[data-action=declare]:not([disabled])")


def declare_by_keyboard(page: Any, points: int) -> None:
    """The same with the keyboard: Tab into the radio group, Space and arrows to the number, Tab, Enter."""
    tab_to(page, f"{DECLARE} input[type=radio]")
    page.keyboard.press("Space")
    for _ in range(points - int(page.evaluate("() => document.activeElement.value"))):
        page.keyboard.press("ArrowRight")
    assert page.locator(f"{DECLARE} input:checked").get_attribute("value") == str(points)
    tab_to(page, f"{DECLARE} button[data-action=declare]")
    before = move_number(page)
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => document.querySelector('[data-testid=turn]').dataset.move !== String(n)", arg=before)


def bot_score(page: Any) -> int:
    """The bot's score, as the screen shows it ("Ann 12 · easy 9 (to 121)")."""
    match = re.search(r"easy (\d+) \(to", page.locator(".crib-info").inner_text())
    assert match
    return int(match.group(1))


def test_a_short_count_is_taken_by_the_bot(page: Any, base_url: str) -> None:
    # seed 98: Ann deals first and her hand holds points whichever two cards she lays away (at least 9
    # with the starter), so the first show is the one counted short
    create_table(page, base_url, "cribbage", {"muggins": True}, ["you", "bot"], seed=98)
    page.wait_for_selector("[data-testid=hand] .card")
    missed = 0  # what our deliberately short count leaves for the bot
    counted = 0
    by_keyboard = False
    deadline = time.monotonic() + 200
    while not missed:
        assert time.monotonic() < deadline and not is_over(page), (
            "no show with a short count in time", page.locator("[data-testid=result]").inner_text())
        if page.locator(DECLARE).count():
            kind = page.locator(DECLARE).get_attribute("data-kind")
            held = actual_points(page)
            if kind != "pegging":
                counted += 1
                assert page.locator(f"{DECLARE} .starter-tag .card").count() == 1  # the starter, apart
            dealer = "Ann: dealer" in page.locator(".crib-info").inner_text()
            if kind == "hand" and dealer and held > 0:  # the crib is counted next: the screen holds still
                before = bot_score(page)
                shot(page, "cribbage-declare")
                assert not serious_violations(page)
                assert declare(page, held - 1)
                missed = 1
            elif not by_keyboard:
                declare_by_keyboard(page, held)
                by_keyboard = True
            else:
                assert declare(page, held)
        elif not cribbage_step(page):
            page.wait_for_timeout(150)
    assert counted >= 1
    # the bot, which always takes missed points, pegs exactly what we left: on the screen, the log, the board
    page.wait_for_function("() => /easy \\+1 · muggins/.test(document.querySelector('[data-testid=events]').innerText)")
    assert any("easy" in line for line in page.locator("[data-testid=log] li").all_inner_texts() if "muggins" in line)
    assert bot_score(page) == before + missed
    page.wait_for_selector(f"{DECLARE}[data-kind=crib]")  # and we count the crib
    shot(page, "cribbage-muggins")
    assert not page.errors


def test_the_opponent_sees_the_declaration_and_calls_muggins(page: Any, base_url: str) -> None:
    """Hot seat: one seat counts short; the other sees the declared number, the cards and the two choices
    (after the curtain between the two seats: js/curtain.js, tapped by cribbage_step and here)."""
    # seed 10: the first hand counted (the non-dealer's) holds at least 14 whatever is laid away
    create_table(page, base_url, "cribbage", {"muggins": True}, ["local", "local"], seed=10)
    page.wait_for_selector("[data-testid=curtain]")  # a hot seat: the first seat taps to see its cards
    assert pass_curtain(page)
    page.wait_for_selector("[data-testid=hand] .card")
    deadline = time.monotonic() + 150
    short = None
    while not page.locator("[data-testid=muggins] [data-action=muggins]").count():
        assert time.monotonic() < deadline and not is_over(page), "no muggins offer in time"
        if page.locator(DECLARE).count():
            held = actual_points(page)
            kind = page.locator(DECLARE).get_attribute("data-kind")
            if kind == "hand" and held > 1:
                short = (kind, held - 2)
                declare(page, held - 2)
                page.wait_for_selector("[data-testid=curtain]")  # the device goes to the other seat
                assert pass_curtain(page)
                page.wait_for_selector("[data-testid=muggins] [data-action=muggins]")
                break
            assert declare(page, held)
        elif not cribbage_step(page):
            page.wait_for_timeout(150)
    assert short is not None
    box = page.locator("[data-testid=muggins]")
    assert f"declared {short[1]} for their hand" in box.locator("[data-testid=declared]").inner_text()
    assert box.locator(".card").count() == 5  # the four cards of the hand and the starter: the view shows them
    assert "Muggins:" in box.inner_text()  # the one line that says what muggins is
    assert box.locator("[data-action=pass]").inner_text() == "Let it go"
    assert box.locator("[data-action=muggins]").inner_text() == "Muggins!"
    shot(page, "cribbage-muggins-call")
    assert not serious_violations(page)
    assert click_and_wait(page, "[data-testid=muggins] [data-action=muggins]")
    page.wait_for_function("() => /\\+2 · muggins/.test(document.querySelector('[data-testid=events]').innerText)")
    assert not page.errors
