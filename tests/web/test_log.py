"""The move log in sentences (issue #8, the move log): a few moves of cribbage and Beetle against a
bot, read back from the page in English and then in Russian — who did what, in words, cards as rank
and suit — with the bot's discard shown only as a hidden discard."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.web.pages import ARTIFACTS, LANGUAGES, shot
from tests.web.play import beetle_step, create_table, cribbage_step, cubulus_step, is_over

pytestmark = pytest.mark.slow

SUIT = re.compile("[♣♦♥♠]")
NOTATION = re.compile(r"^(cut|deal|discard|starter|roll|go|count|[1-6]$|[2-9TJQKA][CDHS]$)")


def log_lines(page: Any) -> list[dict[str, str]]:
    """Each line of the log: its sentence, its notes and the notation it stands for (the tooltip)."""
    return list(page.locator("[data-testid=log] li").evaluate_all(
        "els => els.map(e => ({text: e.firstChild ? e.firstChild.textContent : '', title: e.title,"
        " seat: e.dataset.seat, notes: [...e.querySelectorAll('.note')].map(n => n.textContent).join(' | ')}))"))


def wait_for_line(page: Any, pattern: str) -> None:
    """Until some line of the log matches ``pattern`` (a JavaScript regular expression)."""
    page.wait_for_function(
        "([p]) => [...document.querySelectorAll('[data-testid=log] li')]"
        ".some(li => new RegExp(p).test(li.textContent))", arg=[pattern], timeout=30_000)


def take(page: Any, step: Any, seconds: float = 30) -> None:
    """One action of ours through the game's screen, once it is our turn (none once the game is over:
    the bot's reply can end it between the caller's look and this one)."""
    deadline = time.monotonic() + seconds
    while not step(page):
        if is_over(page):
            return
        assert time.monotonic() < deadline, "no action of ours was taken"
        page.wait_for_timeout(150)


def shot_log(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".log-box").screenshot(path=str(ARTIFACTS / f"{name}.png"))


def test_cribbage_log_tells_the_moves_and_hides_the_bots_discard(page: Any, base_url: str) -> None:
    create_table(page, base_url, "cribbage", {"target": 61}, ["you", "bot"])
    page.wait_for_selector("[data-testid=hand] .card")
    bot = page.locator(".seat-list li[data-seat='1'] .seat-name").inner_text()
    wait_for_line(page, "^The cards are dealt: Ann gets")
    lines = log_lines(page)
    assert any(re.fullmatch(r"(Ann|.+) cuts (10|[2-9AJQK])[♣♦♥♠] for the deal", line["text"]) for line in lines)
    dealt = next(line for line in lines if line["title"].startswith("deal"))
    # each hand under its own player (C5, C6): Ann's own six cards, the bot's only as a count
    card = "(?:10|[2-9AJQK])[♣♦♥♠]"
    assert re.fullmatch(rf"The cards are dealt: Ann gets {card}( {card}){{5}}; {re.escape(bot)} gets six cards",
                        dealt["text"]), dealt["text"]
    assert len(SUIT.findall(dealt["text"])) == 6
    assert "deal ?" not in dealt["title"] and " · deal · " in f" · {dealt['title']} · "

    take(page, cribbage_step)  # Ann lays two cards away
    wait_for_line(page, "^Ann lays (10|[2-9AJQK])[♣♦♥♠] (10|[2-9AJQK])[♣♦♥♠] away to the crib")
    wait_for_line(page, f"^{re.escape(bot)} lays two cards away to the crib")
    wait_for_line(page, "^The starter is (10|[2-9AJQK])[♣♦♥♠]")
    lines = log_lines(page)
    hidden = next(line for line in lines if line["text"].startswith(f"{bot} lays"))
    assert hidden["title"] == "discard ? ?" and not SUIT.search(hidden["text"]) and hidden["seat"] == "1"
    for _ in range(3):  # a few cards of the pegging
        take(page, cribbage_step)
    wait_for_line(page, r"^(Ann|.+) plays (10|[2-9AJQK])[♣♦♥♠]")
    lines = log_lines(page)
    assert all(not NOTATION.match(line["text"]) for line in lines), lines  # sentences, not notation
    assert all(line["text"] != line["title"] for line in lines)
    shot(page, "log-cribbage")
    shot_log(page, "log-cribbage-en")

    page.select_option("#lang", "ru")
    page.wait_for_function("() => document.querySelector('#log-h').textContent === 'Ходы'")
    bot = page.locator(".seat-list li[data-seat='1'] .seat-name").inner_text()  # a bot's name is in words too
    wait_for_line(page, f"^{re.escape(bot)} сбрасывает две карты в крибу")
    wait_for_line(page, "^Стартовая карта — ")
    wait_for_line(page, f"^Карты сданы: Ann получает .+; {re.escape(bot)} получает шесть карт")
    assert page.locator("#log-h").inner_text() == "Ходы"
    shot_log(page, "log-cribbage-ru")
    assert not page.errors


def test_beetle_log_says_who_rolled_what_and_what_it_drew(page: Any, base_url: str) -> None:
    create_table(page, base_url, "beetle", {}, ["you", "bot"])
    page.wait_for_selector("[data-action=roll]")
    drawn = r"rolls a [1-6] (and draws|: nothing to draw)"
    for _ in range(30):  # through the roll-off into play
        if any(re.search(drawn, line["text"]) for line in log_lines(page)) or is_over(page):
            break
        beetle_step(page)
        page.wait_for_timeout(100)
    wait_for_line(page, drawn)
    lines = log_lines(page)
    assert any(re.fullmatch(r"Ann rolls a [1-6] for the start", line["text"]) for line in lines)
    assert any(re.search(r"(starts)$", line["notes"]) for line in lines)  # the roll-off's end is told
    assert all(line["title"] in ("roll", "roll · 1", "roll · 2", "roll · 3", "roll · 4", "roll · 5", "roll · 6")
               for line in lines)  # each line is one roll and the face it showed
    # the part drawn is named from the game's own parts table, and agrees with the sheets
    assert not any(re.fullmatch(r".+ rolls a [1-6]", line["text"]) for line in lines), lines
    shot_log(page, "log-beetle-en")

    page.select_option("#lang", "ru")
    wait_for_line(page, r"выбрасывает [1-6] (и рисует|: рисовать нечего)")
    shot(page, "log-beetle-ru")
    assert not page.errors


HOLE = re.compile(r"\b[UDLRFB]\d{3}\b|\b[xyz]\d[xyz]\d|\b(insert|shift|place) \S")
"""Cubulus's notation: a hole (U102), a cell as coordinates (x2y0), a move as typed (insert U102)."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cubulus_log_tells_places_in_words_in_every_language(browser: Any, base_url: str, lang: str) -> None:
    """Every Cubulus line names holes and cells in words ("from above into top layer, front left"),
    never in notation, which stays in the line's tooltip (U10, U11, U13)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_init_script(f"try {{ localStorage.setItem('tabletop.lang', '{lang}'); }} catch (e) {{}}")
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        create_table(page, base_url, "cubulus", {"first": "0"}, ["you", "bot"])
        page.wait_for_function("() => document.querySelector('[data-testid=turn]')?.dataset.move")
        for _ in range(8):  # inserts and shifts (the bot placed the neutral balls), or to the game's end
            if is_over(page):
                break
            take(page, cubulus_step)
        placed = {"en": "places", "ru": "ставит", "ro": "pune"}[lang]
        wait_for_line(page, placed)
        lines = log_lines(page)
        assert len(lines) >= 3
        for line in lines:
            assert not HOLE.search(line["text"] + " " + line["notes"]), line
        assert any(re.search(r"[UDLRFB]\d{3}", line["title"]) for line in lines)  # the notation: the tooltip
        shot_log(page, f"log-cubulus-{lang}")
        assert not errors
    finally:
        ctx.close()


MARK = "() => document.querySelectorAll('[data-testid=log] li').forEach((li) => { li.__drawn = true; })"
MARKED = "() => [...document.querySelectorAll('[data-testid=log] li')].filter((li) => li.__drawn).length"


def built(page: Any) -> int:
    """The log's list items made so far (js/logpanel.js counts them)."""
    return int(page.get_attribute("[data-testid=log]", "data-built") or 0)


def test_an_update_appends_its_lines_and_leaves_the_others_alone(page: Any, base_url: str) -> None:
    """Each new entry is read once by the game's visitor and its line appended (js/visitor.js,
    js/logpanel.js): the lines already drawn stay the same elements, and a roll's line is drawn at most
    twice — the die in the air, then with its face."""
    create_table(page, base_url, "beetle", {}, ["you", "bot"], seed=5)
    page.wait_for_selector("[data-action=roll]")
    for _ in range(3):
        take(page, beetle_step)
        page.wait_for_timeout(200)
    page.wait_for_selector("[data-action=roll]")
    count = len(log_lines(page))
    page.evaluate(MARK)
    made = built(page)
    take(page, beetle_step)
    page.wait_for_function("(n) => document.querySelectorAll('[data-testid=log] li').length > n", arg=count)
    page.wait_for_selector("[data-action=roll]")
    now = len(log_lines(page))
    assert page.evaluate(MARKED) == count  # none of the lines drawn before was drawn again
    assert 0 < built(page) - made <= 2 * (now - count)
    assert not page.errors


def test_the_visitors_fixture_is_up_to_date() -> None:
    """tests/web/js/visitor_logs.json is the live logs the games give today (visitors.test.mjs reads it)."""
    from tests.web.js.visitor_logs_fixture import FIXTURE, text

    assert FIXTURE.read_text() == text(), "run: PYTHONPATH=src python tests/web/js/visitor_logs_fixture.py"
