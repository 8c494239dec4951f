"""The lobby and every game's table on a phone (390×844, touch; issue #8): nothing overflows sideways,
and each game's main action is on screen, big enough for a finger, and works when tapped."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.web.pages import assert_fits, recording_page, shot
from tests.web.pages import assert_tappable as tappable
from tests.web.play import create_table, move_number

pytestmark = pytest.mark.slow

TARGET = 24  # CSS pixels: WCAG 2.2's minimum target size (2.5.8)


def assert_tappable(page: Any, selector: str) -> Any:
    """Every match is on screen and at least WCAG's minimum target size; returns the first."""
    return tappable(page, selector, TARGET)


def tap_and_wait(page: Any, selector: str) -> None:
    """Tap the first match and wait until the table moves on."""
    before = move_number(page)
    assert_tappable(page, selector).tap()
    page.wait_for_function("(n) => document.querySelector('[data-testid=turn]').dataset.move !== String(n)",
                           arg=before, timeout=45_000)


def test_lobby_on_a_phone(phone: Any, base_url: str) -> None:
    phone.goto(base_url + "/")
    phone.wait_for_selector(".game-card")
    phone.wait_for_selector("#open-h")
    assert_fits(phone)
    assert_tappable(phone, "[data-action=new]")
    shot(phone, "lobby-phone")
    phone.locator("[data-game=cribbage] [data-action=new]").tap()
    phone.wait_for_selector("#create-submit")
    assert_fits(phone)
    assert_tappable(phone, "#create-submit")
    assert not phone.errors


def test_beetle_on_a_phone(phone: Any, base_url: str) -> None:
    create_table(phone, base_url, "beetle", {}, ["you", "bot"])
    phone.wait_for_selector("[data-testid=board] [data-action=roll]")
    assert_fits(phone)
    tap_and_wait(phone, "[data-testid=board] [data-action=roll]")
    phone.wait_for_selector("[data-testid=board] [data-action=roll]")
    assert_fits(phone)
    shot(phone, "beetle-phone")
    assert not phone.errors


def test_cribbage_on_a_phone(phone: Any, base_url: str) -> None:
    create_table(phone, base_url, "cribbage", {"muggins": True}, ["you", "bot"])
    phone.wait_for_selector("button[data-action=discard]")
    assert_fits(phone)
    cards = assert_tappable(phone, "[data-testid=hand] button.card")
    cards.tap()
    phone.locator("[data-testid=hand] button.card[aria-pressed=false]").first.tap()
    assert phone.locator("[data-testid=hand] button.card[aria-pressed=true]").count() == 2
    tap_and_wait(phone, "button[data-action=discard]:not([disabled])")
    # on to our first play or pegging claim: the card or the picker is tappable and fits too
    phone.wait_for_selector("[data-testid=hand] button.card.playable, [data-testid=count-picker]")
    assert_fits(phone)
    if phone.locator("[data-testid=hand] button.card.playable").count():
        tap_and_wait(phone, "[data-testid=hand] button.card.playable")
        phone.wait_for_selector("[data-testid=count-picker]")  # muggins: we claim the card's points
    assert_tappable(phone, "[data-testid=count-picker] .pick span")
    assert_fits(phone)
    shot(phone, "cribbage-phone")
    assert not phone.errors


def test_cubulus_on_a_phone(phone: Any, base_url: str) -> None:
    create_table(phone, base_url, "cubulus", {"first": "1"}, ["you", "bot"])
    phone.wait_for_selector("[data-testid=layers] .cell.hole")  # we place the neutral balls
    assert_fits(phone)
    assert_tappable(phone, "[data-testid=layers] .cell.hole")  # every empty cell, once (U13: the set-up's 9 moves)
    for _ in range(9):  # a first tap previews the ball (nothing is played), a second on the same cell places it
        cell = phone.locator("[data-testid=layers] .cell.hole").first
        cell.tap()
        phone.wait_for_selector("[data-testid=layers] .preview-ball")
        tap_and_wait(phone, f"[data-testid=layers] .cell.hole[data-cell='{cell.get_attribute('data-cell')}']")
        phone.wait_for_selector("[data-testid=layers] .cell.hole, [data-testid=layers] [data-legal]")
        if not phone.locator("[data-testid=layers] .cell.hole").count():
            break
    phone.wait_for_selector("[data-testid=layers] [data-legal]")  # the bot has moved: every hole is a target
    assert_tappable(phone, "[data-testid=layers] [data-legal]")
    assert_tappable(phone, "[data-testid=layers] [data-legal^=insert]").tap()  # the preview, and its button
    tap_and_wait(phone, "[data-action=confirm-move]")
    assert_fits(phone)
    shot(phone, "cubulus-phone")
    assert not phone.errors


def test_kubik_on_a_phone(phone: Any, base_url: str) -> None:
    create_table(phone, base_url, "kubik", {}, ["you", "bot"])
    phone.wait_for_selector("button[data-action=throw]:not([disabled])")
    assert_fits(phone)
    tap_and_wait(phone, "button[data-action=throw]:not([disabled])")
    assert_fits(phone)
    shot(phone, "kubik-phone")
    assert not phone.errors


def in_view(page: Any, selector: str) -> bool:
    """Whether the first match is drawn inside the viewport at the page's current scroll position."""
    return bool(page.locator(selector).first.evaluate(
        "e => { const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }"))


def test_a_request_to_answer_is_in_view_at_any_scroll_position(browser: Any, phone: Any, base_url: str) -> None:
    """Bob, on a phone and scrolled to the bottom of the table, sees Ann's undo request and answers it
    where he is; at game over Ann's rematch offer reaches him the same way (issue #40, item 5)."""
    from tests.web.test_gameover import finished_kubik, hold

    created = httpx.post(f"{base_url}/api/tables", json={"game": "cubulus", "options": {}, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob", "open": True}]}).json()
    table, ann_token = created["table"]["id"], created["tokens"]["0"]
    bob_token = httpx.post(f"{base_url}/api/tables/{table}/join", json={"name": "Bob", "seat": 1}).json()["token"]
    with recording_page(browser, viewport={"width": 1200, "height": 900}) as ann:
        hold(ann, base_url, table, {0: ann_token})
        hold(phone, base_url, table, {1: bob_token})
        ann.goto(f"{base_url}/#/table/{table}")
        phone.goto(f"{base_url}/#/table/{table}")
        for _ in range(40):  # through the neutral set-up, whoever starts, until Ann has pushed a ball in
            state = httpx.get(f"{base_url}/api/tables/{table}/state",
                              headers={"Authorization": f"Bearer {ann_token}"}).json()
            token = ann_token if state["to_move"] == 0 else bob_token
            if not state["legal"]:
                state = httpx.get(f"{base_url}/api/tables/{table}/state",
                                  headers={"Authorization": f"Bearer {token}"}).json()
            action = state["legal"][0]
            moved = httpx.post(f"{base_url}/api/tables/{table}/act", json={
                "token": token, "action": action, "move": state["move"]})
            assert moved.status_code == 200, moved.text
            if token == ann_token and action.startswith("insert"):
                break
        phone.wait_for_function("() => document.querySelector('[data-testid=turn]')?.dataset.move")
        phone.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        assert phone.evaluate("() => scrollY") > 0
        ann.click("[data-action=undo]:not([disabled])")
        phone.wait_for_selector("[data-action=agree-undo]")
        assert in_view(phone, "[data-action=agree-undo]")
        assert_tappable(phone, "[data-action=agree-undo]")
        shot(phone, "phone-undo-request")
        phone.locator("[data-action=refuse-undo]").tap()
        phone.wait_for_selector("[data-action=agree-undo]", state="detached")
    over, tokens = finished_kubik(base_url, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
    hold(phone, base_url, over, {1: tokens[1]})
    phone.goto(f"{base_url}/#/table/{over}")
    phone.wait_for_selector("[data-testid=gameover]")
    phone.wait_for_selector("[data-testid=kubik-summary]")
    assert_fits(phone)  # the game-over panel and its summary: no sideways scroll
    phone.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    asked = httpx.post(f"{base_url}/api/tables/{over}/rematch", headers={"Authorization": f"Bearer {tokens[0]}"})
    assert asked.status_code in (200, 201), asked.text
    phone.wait_for_selector("[data-testid=rematch-offer]")
    assert in_view(phone, "[data-action=join-rematch]")
    assert "Ann asked for a rematch" in phone.locator("[data-testid=rematch-offer]").inner_text()
    phone.locator("[data-action=join-rematch]").tap()
    phone.wait_for_url(re.compile(r"#/table/(?!" + over + ")"))
    assert not phone.errors
