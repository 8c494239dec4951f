"""Cribbage's screen as a player sees it (issue 17): the hand sorted by rank and suit and fanned, on
one row on a phone; no list of notation buttons beside it; a card that would pass 31 looks unplayable
and says why; combinations written with card symbols; the pegboard readable on a phone, with the
winner's peg in the game hole; points cut off at the target explained; a score sheet of every deal;
the count said aloud in words in Russian and Romanian. A whole game is played against a bot."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.a11y import serious_violations
from tests.web.conftest import shot
from tests.web.play import create_table, cribbage_step, is_over

pytestmark = pytest.mark.slow

RANKS = "A23456789TJQK"
SUITS = "CDSH"
NOTATION = re.compile(r"\b(10|[2-9TJQKA])[CDHS]\b")
HAND = "[data-testid=hand]"


def hand_cards(page: Any) -> list[str]:
    """The hand's cards in the order shown."""
    return list(page.locator(f"{HAND} .card").evaluate_all("els => els.map(e => e.dataset.card)"))


def sort_key(card: str) -> int:
    return RANKS.index(card[:-1]) * 4 + SUITS.index(card[-1])


@pytest.fixture(params=[(390, 844), (360, 740)], ids=["390x844", "360x740"])
def small_phone(request: Any, browser: Any) -> Iterator[Any]:
    """A touch phone of each size the issue names."""
    width, height = request.param
    ctx = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True,
                              locale="en-GB")
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.size = (width, height)
    yield page
    ctx.close()


def test_on_a_phone_the_six_cards_fan_on_one_row_and_the_pegboard_holes_are_readable(
        small_phone: Any, base_url: str) -> None:
    page = small_phone
    width, _ = page.size
    create_table(page, base_url, "cribbage", {}, ["you", "bot"])
    page.wait_for_selector("button[data-action=discard]")
    cards = hand_cards(page)
    assert len(cards) == 6 and cards == sorted(cards, key=sort_key), cards
    boxes = page.locator(f"{HAND} .card").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.height]; })")
    tops = [top for _, top, _, _ in boxes]
    assert max(tops) - min(tops) < boxes[0][3] / 3, boxes  # one row, gently arched
    assert all(left >= 0 and right <= width for left, _, right, _ in boxes), boxes
    lefts = [left for left, *_ in boxes]
    assert lefts == sorted(lefts)  # in order, left to right (fanned: each overlaps the next)
    assert boxes[1][0] < boxes[0][2]
    scroll = page.evaluate("() => [document.documentElement.scrollWidth, document.body.scrollWidth]")
    assert max(scroll) <= width, scroll
    # the board fits the phone, holes at least 6 px across, the game hole drawn for the target
    board = page.locator("[data-testid=pegboard]").bounding_box()
    assert board and board["x"] >= 0 and board["x"] + board["width"] <= width
    holes = page.locator("[data-testid=pegboard] circle.hole").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().width)")
    assert len(holes) == 120 and min(holes) >= 6, min(holes)  # 60 a side, twice round to 121
    assert page.locator("[data-testid=pegboard] .game-hole").count() == 2
    # the cards are the interface: tap two, one Discard button; no list of "discard 7S KD" buttons
    assert page.locator(".action-buttons").count() == 0
    assert not page.locator("button", has_text=re.compile(r"^discard ")).count()
    page.locator(f"{HAND} button.card").nth(0).tap()
    page.locator(f"{HAND} button.card").nth(5).tap()
    assert page.locator(f"{HAND} button.card[aria-pressed=true]").count() == 2
    shot(page, f"cribbage-phone-fan-{width}")
    assert not page.errors


def test_a_whole_game_against_a_bot_reads_well_to_the_game_hole(page: Any, base_url: str) -> None:
    create_table(page, base_url, "cribbage", {"target": 61}, ["you", "bot"])
    page.wait_for_selector("button[data-action=discard]")
    assert page.locator(".action-buttons").count() == 0  # the screen's own controls, no list of notation
    shot(page, "cribbage-screen-discard")
    told_why = False
    deadline = time.monotonic() + 300
    while not is_over(page):
        assert time.monotonic() < deadline, "the game did not end in time"
        cards = hand_cards(page)
        assert cards == sorted(cards, key=sort_key), cards
        unplayable = page.locator(f"{HAND} button.card.unplayable")
        if not told_why and unplayable.count():
            card = unplayable.first
            title = card.get_attribute("title") or ""
            count = int(page.locator("[data-testid=count]").inner_text().split()[-1])
            assert re.fullmatch(r"\w+ of \w+ — can't be played: the count would be (\d+), over 31", title), title
            assert int(re.findall(r"\d+", title)[0]) > 31 >= count
            assert card.get_attribute("aria-label") == title and card.get_attribute("aria-disabled") == "true"
            card.click(force=True)  # a tap says why, aloud too
            page.wait_for_function("() => /can't be played now: the count would be \\d+, over 31/"
                                   ".test(document.querySelector('[data-testid=why-not]').textContent)")
            assert page.locator("[data-testid=why-not]").get_attribute("aria-live") == "polite"
            shot(page, "cribbage-screen-unplayable")
            told_why = True
        if page.locator("[data-testid=events] .combo").count():
            combos = page.locator("[data-testid=events] .combo").all_inner_texts()
            assert not any(NOTATION.search(c) for c in combos), combos
            assert all(re.search("[♣♦♥♠]", c) for c in combos), combos
        if not cribbage_step(page):
            page.wait_for_timeout(150)
    shot(page, "cribbage-screen-over")

    # the winner's front peg stands in the game hole, and the board says so: no "(2)"
    scores = [int(x) for x in re.findall(r"Ann (\d+) · .+ (\d+) \(to 61\)", page.locator(".crib-info").inner_text())[0]]
    winner = scores.index(61)
    front = page.locator("[data-testid=pegboard] .peg[data-at='61']")
    assert front.count() == 1
    hole = page.locator(f"[data-testid=pegboard] .game-hole[data-side='{winner}']")
    centre = [float(hole.get_attribute("cx") or 0), float(hole.get_attribute("cy") or 0)]
    at = re.findall(r"[\d.]+", front.evaluate("e => e.style.transform"))
    assert [float(x) for x in at] == centre, (at, centre)
    assert (front.get_attribute("fill") or "").lower() == ["#d55e00", "#0072b2"][winner]
    board_text = page.locator("[data-testid=pegboard]").text_content() or ""
    assert "in the game hole" in board_text and "(2)" not in board_text
    assert "in the game hole" in (page.locator("[data-testid=pegboard]").get_attribute("aria-label") or "")

    # points cut off at the target are explained beside them
    for item in page.locator("[data-testid=events] > li.capped").all_inner_texts():
        assert re.search(r"\+\d+ \(\d+ counted; capped at 61: the game ended\)", item), item

    # the score sheet: folded, then every deal with both sides' pegging, hand, crib and running total
    box = page.locator("[data-testid=sheet-box]")
    assert box.get_attribute("open") is None
    box.locator("summary").click()
    sheet = box.locator("[data-testid=sheet]")  # the screen's (the game-over summary has one too)
    assert sheet.is_visible()
    rows = sheet.locator("tbody tr[data-side]").evaluate_all("""els => els.map(e => ({
        deal: e.dataset.deal, side: Number(e.dataset.side),
        cells: Object.fromEntries([...e.querySelectorAll('[data-col]')]
          .map(c => [c.dataset.col, parseInt(c.textContent) || 0]))}))""")
    deals = sorted({int(r["deal"]) for r in rows})
    assert deals == list(range(1, len(deals) + 1)) and len(rows) == 2 * len(deals)
    previous = [0, 0]
    for row in rows:
        cells = row["cells"]
        gained = sum(cells.get(c, 0) for c in ("pegging", "hand", "crib", "muggins"))
        assert cells["total"] <= previous[row["side"]] + gained, row  # the last deal's points may be cut at 61
        if cells["total"] < 61:
            assert cells["total"] == previous[row["side"]] + gained, row
        previous[row["side"]] = cells["total"]
    assert previous[winner] == 61 and previous[1 - winner] == scores[1 - winner]
    assert sheet.locator("tr.won").count() == 1 and "won" in sheet.locator("tr.won .total").inner_text()
    assert sheet.locator(".dealer-tag").count() == len(deals)
    # the log's combinations are in card symbols too
    notes = page.locator("[data-testid=log] .note").all_inner_texts()
    assert any("·" in n and re.search("[♣♦♥♠]", n) for n in notes)
    assert not any(NOTATION.search(n) for n in notes), [n for n in notes if NOTATION.search(n)]
    shot(page, "cribbage-screen-sheet")
    assert not serious_violations(page)

    # in Russian and Romanian: the count said in words, the sheet in the language
    words = {"ru": ("Лист очков", "пятнадцать|тридцать|пара|последовательность|масть|каре|тройка|нобс|ничего"),
             "ro": ("Foaia de scor", "cincisprezece|treizeci|pereche|șir|culoare|nobs|nimic")}
    spoken = re.findall(r"“([^”]+)”", page.locator("[data-testid=events]").inner_text())  # (none if the
    for code, (heading, word) in words.items():  # game ended in the play: a go or a last card says nothing)
        page.select_option("#lang", code)
        page.wait_for_function("(h) => document.querySelector('[data-testid=sheet-box] summary').textContent === h",
                               arg=heading)
        said = re.findall(r"[“«„]([^”»]+)[”»]", page.locator("[data-testid=events]").inner_text())  # «ru», „ro”
        assert len(said) == len(spoken) and all(re.search(word, s) and not re.search(r"\d", s) for s in said), said
        shot(page, f"cribbage-screen-over-{code}")
    assert not page.errors


def test_the_summary_hook_gives_the_game_over_panel_a_score_sheet(page: Any, base_url: str) -> None:
    page.goto(base_url + "/")
    page.wait_for_selector(".game-card")
    rows = page.evaluate("""async () => {
        const m = await import('/js/games/cribbage/index.js');
        const A = true;
        const entries = [
          {seat: -1, action: 'deal', events: [{kind: 'dealer', seat: 1, why: 'cut'},
            {kind: 'dealt', seat: 0, action: A}]},
          {seat: 1, action: 'count', events: [
            {kind: 'counts', seat: 1, what: 'hand', cards: [], starter: 'JC', action: A},
            {kind: 'pegs', seat: 1, side: 1, points: 7, why: 'hand', score: 7, combinations: []}]},
          {seat: 0, action: '5H', events: [{kind: 'plays', seat: 0, card: '5H', count: 5, action: A},
            {kind: 'pegs', seat: 0, side: 0, points: 2, why: 'play', score: 2}]},
        ];
        const node = m.summary({entries, view: {sides: [0, 1]}, seats: [{name: 'Ann'}, {name: 'Bob'}]}, {});
        const none = m.summary({log: [], seats: [{name: 'Ann'}, {name: 'Bob'}]}, {});
        const rows = [...node.querySelectorAll('tbody tr')].map(r => [r.querySelector('.who').textContent,
          ...[...r.querySelectorAll('[data-col]')].map(c => c.dataset.col + '=' + c.textContent)]);
        return {none, rows, ownsActions: m.ownsActions};
    }""")
    assert rows["none"] is None and rows["ownsActions"] is True
    assert rows["rows"] == [["Ann", "pegging=2", "hand=", "total=2"],  # not the dealer: no crib column
                            ["Bob · dealer", "pegging=0", "hand=7", "crib=", "total=7"]], rows  # not counted yet
