"""Hot-seat privacy (js/curtain.js): one device playing several seats of a game whose views differ
between seats (its spec's hidden information) shows, between two seats' decisions, a curtain — "Pass
the device to Bob", "Bob, tap to see your cards" — and nothing of either hand: not on screen, not in
the DOM, not in the log, the coach or the screen reader's announcer. After the tap the seat on screen
gets its own view and its own coach box only. A game without hidden information has no curtain."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.a11y import serious_violations
from tests.web.pages import LANGUAGES, comes_true, still
from tests.web.play import cribbage_step, cubulus_step, is_over, pass_curtain

SHOTS = Path("/tmp/shots/curtain")
SIZES = {"desktop": (1280, 800), "phone": (390, 844), "small": (360, 740)}
CURTAIN = "[data-testid=curtain]"
TAP = f"{CURTAIN} [data-action=reveal]"
SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANKS = {"A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
         "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king"}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
WORDS = {"en": ("Pass the device to Bob", "Bob, tap to see your cards"),
         "ru": ("Передайте устройство игроку Bob", "Bob, нажмите, чтобы увидеть свои карты"),
         "ro": ("Dă dispozitivul lui Bob", "Bob, atinge ca să-ți vezi cărțile")}

PAGE_TEXT = """() => {
  // everything the page holds but the drawings' geometry: its text, every attribute, the announcer
  const skip = new Set(["d", "viewBox", "points", "transform", "style", "x", "y", "width", "height", "cx", "cy", "r"]);
  const attrs = [...document.querySelectorAll("*")].flatMap((el) => [...el.attributes]
    .filter((a) => !skip.has(a.name)).map((a) => `${a.name}=${a.value}`));
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const texts = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement.closest("script, style")) texts.push(node.data);  // (axe-core's, injected by a check)
  }
  return [document.body.innerText, ...texts, ...attrs].join("\\n");
}"""


def hot_seat(page: Any, base: str, game: str, lang: str = "en", seed: int = 5) -> str:
    """A table of ``game`` with two hot-seat seats, Alice and Bob, held by this browser (as creating it
    in the lobby would have); the page shows it."""
    created = httpx.post(f"{base}/api/tables", json={"game": game, "seed": seed, "seats": [
        {"kind": "local", "name": "Alice"}, {"kind": "local", "name": "Bob"}]})
    assert created.status_code == 201, created.text
    table = created.json()["table"]["id"]
    hold(page, base, table, created.json()["tokens"], lang)
    return table


def hold(page: Any, base: str, table: str, tokens: dict[str, str], lang: str = "en") -> None:
    """This browser holds ``tokens`` at ``table`` (as creating it in the lobby would have) and shows it."""
    page.goto(f"{base}/#/")
    page.evaluate("([key, value, lang]) => { localStorage.setItem(key, value);"
                  " localStorage.setItem('tabletop.lang', lang); }",
                  ["tabletop.seats", json.dumps({table: tokens}), lang])
    page.goto(f"{base}/#/table/{table}")
    page.reload()


def held_cards(page: Any, base: str, table: str, seat: int) -> list[str]:
    """The cards ``seat`` holds and laid away, asked of the server with that seat's token from this
    browser's localStorage (where api.js keeps it)."""
    token = page.evaluate(f"() => JSON.parse(localStorage.getItem('tabletop.seats'))['{table}']['{seat}']")
    state = httpx.get(f"{base}/api/tables/{table}/state", headers={"Authorization": f"Bearer {token}"}).json()
    assert state["seat"] == seat
    return [*state["view"]["hand"], *state["view"]["discards"]]


def assert_nothing_of(page: Any, cards: list[str], words: bool = True) -> None:
    """None of ``cards`` is in the page: not as a card code (data-card, a move in notation), nor as
    the log writes it (6♥), nor in words (six of hearts), in the HTML, the text or any attribute."""
    # the page's body (the head has only the app's icon), without scripts (a checker's code, not the page's)
    html = re.sub(r"<script\b.*?</script>", "", page.evaluate("document.body.outerHTML"), flags=re.S)
    text = page.evaluate(PAGE_TEXT)
    for card in cards:
        rank, suit = card[:-1], card[-1]
        forms = [f"{'10' if rank == 'T' else rank}{SUITS[suit]}"]
        if words:
            forms.append(f"{RANKS[rank]} of {SUIT_WORDS[suit]}")
        for form in forms:
            assert form not in html and form not in text, (card, form)
        code = re.compile(rf"(?<![0-9A-Za-z%]){card}(?![0-9A-Za-z])")  # (not a URL's %3C)
        found = code.search(html) or code.search(text)
        assert not found, (card, found and found.string[max(0, found.start() - 200):found.end() + 100])


def in_hand(page: Any) -> list[str]:
    """The cards of the hand on screen."""
    return list(page.locator("[data-testid=hand] .card").evaluate_all("els => els.map(e => e.dataset.card)"))


def lay_away(page: Any) -> None:
    """The seat on screen picks its first two cards and lays them away."""
    cards = page.locator("[data-testid=hand] button.card")
    cards.first.wait_for()
    cards.nth(0).click()
    cards.nth(1).click()
    page.locator("button[data-action=discard]:not([disabled])").click()


def test_no_card_of_either_hand_is_in_the_page_between_alices_lay_away_and_bobs_tap(page: Any, base_url: str) -> None:
    table = hot_seat(page, base_url, "cribbage")
    # the first state is curtained too: whoever holds the device, only Alice should look
    page.locator(TAP).wait_for()
    assert page.locator(f"{CURTAIN} h3").inner_text() == "Only Alice should look now"
    alice = held_cards(page, base_url, table, 0)
    bob = held_cards(page, base_url, table, 1)
    assert len(alice) == 6 and len(bob) == 6
    assert_nothing_of(page, alice + bob)
    assert page.evaluate("document.activeElement.dataset.action") == "reveal"  # the keyboard reaches the tap
    page.locator(TAP).click()
    page.locator("[data-testid=hand] .card").first.wait_for()
    assert sorted(in_hand(page)) == sorted(alice)
    # Alice's coach: one box, her own, naming her; its advice lists her cards
    assert page.locator("[data-testid^=coach-toggle-]").count() == 1
    page.locator("[data-testid=coach-toggle-0]").check()
    assert "Alice" in page.locator("[data-testid=coach]").inner_text()
    page.locator(".coach-advice[data-kind=discard] tbody tr").first.wait_for()

    lay_away(page)
    page.locator(TAP).wait_for()
    heading, tap = WORDS["en"]
    assert page.locator(f"{CURTAIN} h3").inner_text() == heading and page.locator(TAP).inner_text() == tap
    assert page.locator("[data-testid=turn]").inner_text() == "Bob to play (hot-seat)"
    alice = held_cards(page, base_url, table, 0)  # her four cards and her two laid away
    assert len(alice) == 6
    assert_nothing_of(page, alice + bob)
    # nothing of a seat's view is drawn: no board, no log, no coach, no actions (absent, not hidden)
    for gone in ("[data-testid=hand]", "[data-testid=log] li", ".pegboard", ".coach-advice",
                 "[data-testid=coach] input", ".actions-box *"):
        assert not page.locator(gone).count(), gone
    said = page.locator("#announcer").text_content()
    assert heading in said and tap in said
    assert page.evaluate("document.activeElement.dataset.action") == "reveal"
    assert not serious_violations(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "en-test.png"), full_page=True)

    page.keyboard.press("Enter")  # Bob taps (here with the keyboard)
    page.locator("[data-testid=hand] .card").first.wait_for()
    assert sorted(in_hand(page)) == sorted(bob)
    assert not page.locator(CURTAIN).count()
    # Bob's coach only: his own toggle, off (Alice's stays on for her turns), no advice of hers
    toggles = page.locator("[data-testid^=coach-toggle-]")
    assert toggles.count() == 1 and toggles.get_attribute("data-testid") == "coach-toggle-1"
    assert not toggles.is_checked() and not page.locator(".coach-advice").count()
    assert "Bob" in page.locator("[data-testid=coach]").inner_text()
    assert_nothing_of(page, alice)  # Bob's view and log show nothing of Alice's hand or her lay-away either
    assert not page.errors


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_curtain_in_each_language_at_each_size(browser: Any, base_url: str, lang: str) -> None:
    """The curtain after Alice's lay-away in ``lang``, played on the small phone: it comes up in view
    wherever her hand had scrolled the page; then centred and whole at a desktop's and two phones' sizes
    (screenshots in /tmp/shots/curtain/), with nothing of Bob's hand in the page."""
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="en-GB", has_touch=True)
    ctx.set_default_timeout(20_000)
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        table = hot_seat(page, base_url, "cribbage", lang)
        page.locator(TAP).tap()
        lay_away(page)
        page.locator(TAP).wait_for()
        # the curtain gives its tap the focus and brings it into view with it (js/curtain.js)
        assert comes_true(page, f"() => document.activeElement?.matches({TAP!r})"), "the tap did not take the focus"
        seen = page.locator(TAP).evaluate("e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; }")
        assert seen[0] >= 0 and seen[1] <= 740, seen  # brought into view, whatever was scrolled to
        heading, tap = WORDS[lang]
        assert page.locator(f"{CURTAIN} h3").inner_text() == heading
        assert page.locator(TAP).inner_text() == tap
        assert_nothing_of(page, held_cards(page, base_url, table, 1), words=lang == "en")
        SHOTS.mkdir(parents=True, exist_ok=True)
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("() => window.scrollTo(0, 0)")
            page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h && scrollY === 0",
                                   arg=[width, height])
            still(page)
            page.screenshot(path=str(SHOTS / f"{lang}-{size}.png"))
            page_width = page.evaluate("() => Math.max(document.documentElement.scrollWidth,"
                                       " document.body.scrollWidth)")
            assert page_width <= width, (size, page_width)
            box = page.locator(TAP).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, (size, box)
            assert box["y"] + box["height"] <= height, (size, box)  # in the first screen: no scrolling to find it
            assert box["height"] >= 44, (size, box)  # a thumb's target
        assert not errors
    finally:
        ctx.close()


def test_a_game_without_hidden_information_has_no_curtain(page: Any, base_url: str) -> None:
    """Cubulus hides nothing: both hot-seat players see the one board, move after move, without a tap."""
    hot_seat(page, base_url, "cubulus")
    page.locator("[data-testid=layers]").wait_for()
    assert not page.locator(CURTAIN).count()
    turn = page.locator("[data-testid=turn]")
    assert turn.inner_text() == "Alice to play (hot-seat)"
    for _ in range(20):  # Alice's moves (the neutral balls first), then Bob's turn on the same board
        assert cubulus_step(page)
        assert not page.locator(CURTAIN).count() and not pass_curtain(page)
        if turn.inner_text() == "Bob to play (hot-seat)":
            break
    assert turn.inner_text() == "Bob to play (hot-seat)"
    page.locator("[data-testid=layers]").wait_for()
    assert page.locator("[data-testid^=coach-toggle-]").count() == 1  # the coach of the seat on screen only
    assert not page.errors


def test_a_whole_hot_seat_game_shows_no_hidden_card_behind_any_curtain(page: Any, base_url: str) -> None:
    """A short match (to 31) played to its end from one browser: behind every curtain — the lay-away,
    each card pegged, the show — no card still hidden from a seat (a hand not yet shown, the cards laid
    away until the crib is turned) is in the page; the finished game needs no tap."""
    created = httpx.post(f"{base_url}/api/tables", json={"game": "cribbage", "seed": 11, "options": {"target": 31},
                                                         "seats": [{"kind": "local", "name": "Alice"},
                                                                   {"kind": "local", "name": "Bob"}]})
    table, tokens = created.json()["table"]["id"], created.json()["tokens"]
    hold(page, base_url, table, tokens)
    deadline = time.monotonic() + 90
    curtains = 0
    while not is_over(page):
        assert time.monotonic() < deadline, "the game did not end in time"
        if page.locator(TAP).count():
            curtains += 1
            hidden: list[str] = []
            for token in tokens.values():
                state = httpx.get(f"{base_url}/api/tables/{table}/state",
                                  headers={"Authorization": f"Bearer {token}"}).json()
                if state["status"] != "playing":
                    break
                view = state["view"]
                hidden += view["hand"] if view["hands_shown"] is None else []
                hidden += view["discards"] if view["crib"] is None else []
            assert_nothing_of(page, hidden)
        if not cribbage_step(page):
            page.wait_for_timeout(100)
    assert curtains >= 10
    assert not page.locator(CURTAIN).count() and page.locator("[data-testid=gameover]").count()
    assert not page.errors
