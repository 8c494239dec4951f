"""Cribbage's screen as a player sees it (issue 17): the hand sorted by rank and suit and fanned, on
one row on a phone; no list of notation buttons beside it; a card that would pass 31 looks unplayable
and says why; combinations written with card symbols; the pegboard readable on a phone, with the
winner's peg in the game hole; points cut off at the target explained; a score sheet of every deal;
the count said aloud in words in Russian and Romanian. A whole game is played against a bot, and
another with the keyboard alone to the game-over panel's Rematch. At a real pace cards fly to the pile
and the crib, the starter turns over, the pegs slide hole by hole and the show's points come one by
one — none of it under reduced motion or at instant speed, and the board ends exactly as an instant
render draws it (issue #17 items 1, 9)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.a11y import SENDS, press_at, serious_violations, tab_until
from tests.web.motion import SAMPLER, board_still, forget, freeze, instant_board, look, seen, settled_board, thaw
from tests.web.pages import frames, recording_page, shot, still
from tests.web.play import click_and_wait, create_table, cribbage_step, is_over, move_number

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


PHONES = ((390, 844), (360, 740))
"""The phones the issue names: one table, drawn at each size in turn."""


@pytest.fixture
def small_phone(browser: Any) -> Iterator[Any]:
    """A touch phone, at the first of ``PHONES`` (a test resizes it to the others)."""
    width, height = PHONES[0]
    ctx = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True,
                              locale="en-GB")
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    yield page
    ctx.close()


def test_on_a_phone_the_six_cards_fan_on_one_row_and_the_pegboard_holes_are_readable(
        small_phone: Any, base_url: str) -> None:
    page = small_phone
    create_table(page, base_url, "cribbage", {}, ["you", "bot"])
    page.wait_for_selector("button[data-action=discard]")
    cards = hand_cards(page)
    assert len(cards) == 6 and cards == sorted(cards, key=sort_key), cards
    for width, height in PHONES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("(w) => innerWidth === w", arg=width)
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
        shot(page, f"cribbage-phone-fan-{width}")
    # the cards are the interface: tap two, one Discard button; no list of "discard 7S KD" buttons
    assert page.locator(".action-buttons").count() == 0
    assert not page.locator("button", has_text=re.compile(r"^discard ")).count()
    page.locator(f"{HAND} button.card").nth(0).tap()
    page.locator(f"{HAND} button.card").nth(5).tap()
    assert page.locator(f"{HAND} button.card[aria-pressed=true]").count() == 2
    assert not page.errors


class PlayedGame:
    """One whole game against a bot, as its player saw it: what play showed on the way, and the page at its end."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.generic_list = -1  #: how many generic lists of legal moves the screen showed at the deal
        self.hands: list[list[str]] = []  #: the hand, as shown at each step
        self.why_not: tuple[str, int, str | None, str | None, str] | None = None  #: an unplayable card's title,
        #: the count then, its aria-label and aria-disabled, and what a tap on it said (with aria-live)
        self.combos: list[str] = []  #: combinations the events listed on the way


@pytest.fixture(scope="module")
def played(browser: Any, base_url: str) -> Iterator[PlayedGame]:
    """A game to 61 against a bot, played once for the tests below, which check what it showed."""
    with recording_page(browser, viewport={"width": 1200, "height": 950}) as page:
        game = PlayedGame(page)
        create_table(page, base_url, "cribbage", {"target": 61}, ["you", "bot"])
        page.wait_for_selector("button[data-action=discard]")
        game.generic_list = page.locator(".action-buttons").count()
        shot(page, "cribbage-screen-discard")
        deadline = time.monotonic() + 300
        while not is_over(page):
            assert time.monotonic() < deadline, "the game did not end in time"
            game.hands.append(hand_cards(page))
            unplayable = page.locator(f"{HAND} button.card.unplayable")
            if game.why_not is None and unplayable.count():
                card = unplayable.first
                title = card.get_attribute("title") or ""
                count = int(page.locator("[data-testid=count]").inner_text().split()[-1])
                card.click(force=True)  # a tap says why, aloud too
                page.wait_for_function("() => /can't be played now: the count would be \\d+, over 31/"
                                       ".test(document.querySelector('[data-testid=why-not]').textContent)")
                said = page.locator("[data-testid=why-not]")
                game.why_not = (title, count, card.get_attribute("aria-label"), card.get_attribute("aria-disabled"),
                                f"{said.get_attribute('aria-live')}")
                shot(page, "cribbage-screen-unplayable")
            game.combos += page.locator("[data-testid=events] .combo").all_inner_texts()
            if not cribbage_step(page):
                page.wait_for_timeout(150)
        shot(page, "cribbage-screen-over")
        yield game


ONE_GAME = pytest.mark.xdist_group("cribbage-whole-game")
"""The tests of one played game run in one test process (make test's ``--dist loadgroup``): it is played once."""


@ONE_GAME
def test_the_screen_offers_its_own_controls_and_keeps_the_hand_sorted(played: PlayedGame) -> None:
    """No list of notation beside the hand; the hand sorted by rank and suit at every step."""
    assert played.generic_list == 0
    assert played.hands and all(cards == sorted(cards, key=sort_key) for cards in played.hands)


@ONE_GAME
def test_a_card_that_would_pass_31_looks_unplayable_and_says_why(played: PlayedGame) -> None:
    """C8: its title and label say the count it would make; a tap says it aloud (polite)."""
    assert played.why_not is not None, "no card was ever unplayable in this game"
    title, count, label, disabled, live = played.why_not
    assert re.fullmatch(r"\w+ of \w+ — can't be played: the count would be (\d+), over 31", title), title
    assert int(re.findall(r"\d+", title)[0]) > 31 >= count
    assert (label, disabled, live) == (title, "true", "polite")


@ONE_GAME
def test_combinations_are_written_with_card_symbols(played: PlayedGame) -> None:
    page = played.page
    assert not any(NOTATION.search(c) for c in played.combos), played.combos
    assert all(re.search("[♣♦♥♠]", c) for c in played.combos), played.combos
    notes = page.locator("[data-testid=log] .note").all_inner_texts()  # the log's combinations too
    assert any("·" in n and re.search("[♣♦♥♠]", n) for n in notes)
    assert not any(NOTATION.search(n) for n in notes), [n for n in notes if NOTATION.search(n)]


def _scores(page: Any) -> list[int]:
    return [int(x) for x in re.findall(r"Ann (\d+) · .+ (\d+) \(to 61\)", page.locator(".crib-info").inner_text())[0]]


@ONE_GAME
def test_the_winners_front_peg_stands_in_the_game_hole(played: PlayedGame) -> None:
    """C14: two pegs a side; the winner's front peg in the game hole, and the board says so (no "(2)")."""
    page = played.page
    assert page.locator(".pegboard .peg").count() == 4
    assert "wins" in page.locator("[data-testid=result]").inner_text()
    winner = _scores(page).index(61)
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
    for item in page.locator("[data-testid=events] > li.capped").all_inner_texts():  # points cut off, explained
        assert re.search(r"\+\d+ \(\d+ counted; capped at 61: the game ended\)", item), item


@ONE_GAME
def test_the_score_sheet_adds_every_deal_up_to_the_end(played: PlayedGame) -> None:
    """Folded, then every deal with both sides' pegging, hand, crib and running total; the winner's row marked."""
    page = played.page
    scores = _scores(page)
    winner = scores.index(61)
    box = page.locator("[data-testid=sheet-box]")
    if box.get_attribute("open") is not None:  # (another test of this game opened it already)
        box.locator("summary").click()
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
    shot(page, "cribbage-screen-sheet")
    assert not serious_violations(page)
    assert not page.errors


@ONE_GAME
def test_the_count_is_said_in_words_in_russian_and_romanian(played: PlayedGame) -> None:
    """The show's counts in quotes, in words and no figures; the sheet's heading in the language."""
    page = played.page
    words = {"ru": ("Лист очков", "пятнадцать|тридцать|пара|последовательность|масть|каре|тройка|нобс|ничего"),
             "ro": ("Foaia de scor", "cincisprezece|treizeci|pereche|același fel|șir|culoare|nobs|nimic")}
    spoken = re.findall(r"“([^”]+)”", page.locator("[data-testid=events]").inner_text())  # (none if the
    try:  # game ended in the play: a go or a last card says nothing)
        for code, (heading, word) in words.items():
            page.select_option("#lang", code)
            page.wait_for_function("(h) => document.querySelector('[data-testid=sheet-box] summary').textContent"
                                   " === h", arg=heading)
            said = re.findall(r"[“«„]([^”»]+)[”»]", page.locator("[data-testid=events]").inner_text())  # «ru», „ro”
            assert len(said) == len(spoken) and all(re.search(word, s) and not re.search(r"\d", s) for s in said), said
            shot(page, f"cribbage-screen-over-{code}")
    finally:  # the other tests of this game read it in English
        page.select_option("#lang", "en")
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


def discard_by_mouse(page: Any) -> None:
    """Select the first cards of the hand and lay them away."""
    discard = page.locator("button[data-action=discard]")
    for _ in range(4):
        if discard.is_enabled():
            break
        page.locator(f"{HAND} button.card:not(.selected)").first.click()
    click_and_wait(page, "button[data-action=discard]:not([disabled])")


def our_turn(page: Any) -> str:
    """A JS expression: the screen offers us an action now (and nothing moves on the board)."""
    return ("(document.querySelector('button[data-action=discard]') || document.querySelector('"
            f"{HAND} button.card.playable') || document.querySelector('.hand .buttons button[data-action]'))"
            " && !document.querySelector('.pace-control .catch-up')")


def test_cards_fly_the_starter_turns_and_the_pegs_slide_along_the_track(paced_browser: Any, base_url: str) -> None:
    """At normal pace: our discards fly to the crib (C6) and the bot's after them, the starter turns over
    (C7), each card played flies to its pile (C8), the pegs slide hole by hole (C9–C13) and the points
    come one by one; the motion takes no longer than the pace; the board then is exactly an instant
    render of the same state."""
    with recording_page(paced_browser, viewport={"width": 1280, "height": 800}) as page:
        page.add_init_script(SAMPLER)
        create_table(page, base_url, "cribbage", {"target": 61}, ["you", "bot"], seed=7)
        page.wait_for_selector("button[data-action=discard]")
        forget(page)
        discard_by_mouse(page)
        if freeze(page, 0.4):
            look(page, "cribbage-mid-discard-1280x800-en")
            thaw(page)
        longest = page.evaluate("""() => Math.max(0, ...document.querySelector('[data-testid=board]')
            .getAnimations({ subtree: true }).map(a => a.effect.getComputedTiming().endTime))""")
        assert longest <= 800, longest  # within the pace
        deadline = time.monotonic() + 240
        while not is_over(page) and time.monotonic() < deadline:
            kinds = seen(page)
            if all(kinds.get(k) for k in ("crib", "starter", "pile", "peg", "show")):
                break
            if not cribbage_step(page):
                page.wait_for_timeout(150)
        kinds = seen(page)
        assert all(kinds.get(k) for k in ("crib", "starter", "pile", "peg", "show")), kinds
        holes = page.evaluate("() => window.__motion.holes")
        assert holes >= 3, holes  # a slide through the holes between, not one jump
        page.wait_for_function(f"() => {our_turn(page)}", timeout=30_000)
        moving = settled_board(page)
        look(page, "cribbage-settled-1280x800-en")
        assert moving == instant_board(page, our_turn(page))
        assert not page.errors


@pytest.mark.parametrize("how", ["reduced", "instant"])
def test_nothing_moves_under_reduced_motion_or_at_instant_speed(paced_browser: Any, browser: Any, base_url: str,
                                                                 how: str) -> None:
    """With `prefers-reduced-motion` (at normal pace) or at instant speed the screen draws each state at
    once: no card flies, no peg slides."""
    chosen = paced_browser if how == "reduced" else browser
    extra = {"reduced_motion": "reduce"} if how == "reduced" else {}
    with recording_page(chosen, viewport={"width": 1280, "height": 800}, **extra) as page:
        page.add_init_script(SAMPLER)
        create_table(page, base_url, "cribbage", {"target": 61}, ["you", "bot"], seed=7)
        page.wait_for_selector("button[data-action=discard]")
        discard_by_mouse(page)
        for _ in range(6):
            if is_over(page):
                break
            if not cribbage_step(page):
                page.wait_for_timeout(150)
        # nothing to wait for when nothing moves: once every state is drawn (none waits) a motion the last
        # one started would have been sampled in the next frames
        board_still(page)
        frames(page)
        assert seen(page) == {}, seen(page)
        assert not page.errors


def keyboard_step(page: Any) -> bool:
    """Our turn by the keyboard alone: Tab to the cards to lay away and Space them, Tab to Discard and
    Enter; or Tab to a playable card, or to Go / Count, and Enter. False when it is not our turn. A
    key a redraw took away is pressed again (``press_at``); the move is awaited with the locator's
    own waiting, never a fixed time."""
    if page.locator("button[data-action=discard]").count():
        for _ in range(12):  # two cards laid away (C6); a Space a redraw swallowed is pressed again
            if page.locator("button[data-action=discard]:not([disabled])").count():
                break
            if tab_until(page, f"{HAND} button.card[aria-pressed=false]"):
                page.keyboard.press("Space")
        target = "button[data-action=discard]:not([disabled])"
    elif page.locator(f"{HAND} button.card.playable").count():
        target = f"{HAND} button.card.playable"
    elif page.locator(".hand .buttons button[data-action]:not([disabled])").count():  # (a new deal's Discard
        target = ".hand .buttons button[data-action]:not([disabled])"  # waits disabled: not Go or Count)
    else:
        return False
    before = move_number(page)
    if not press_at(page, target):  # the table moved on before the walk reached it: look again
        return False
    page.wait_for_function("(n) => document.querySelector('[data-testid=turn]').dataset.move !== String(n)"
                           " || !document.querySelector('[data-testid=result]').hidden", arg=before, timeout=60_000)
    return True


def test_a_whole_game_by_keyboard_to_the_game_over_panel_and_a_rematch(page: Any, base_url: str) -> None:
    """A game to 61 (C1) against a bot with the keyboard alone: discards (C6), the play (C8–C10), the
    counts (C13); the game-over panel's score sheet; Tab reaches Rematch and Enter starts the next."""
    page.add_init_script(SENDS)
    table = create_table(page, base_url, "cribbage", {"target": 61}, ["you", "bot"], seed=21)
    expect(page.locator("button[data-action=discard]")).to_be_visible(timeout=60_000)
    deadline = time.monotonic() + 300
    actions = 0
    while not is_over(page):
        assert time.monotonic() < deadline, "the game did not end in time"
        if keyboard_step(page):
            actions += 1
        else:
            page.wait_for_timeout(100)
    assert actions > 10
    expect(page.locator("[data-testid=cribbage-summary]")).to_be_visible(timeout=60_000)
    look(page, "cribbage-gameover-1200x950-en")
    assert press_at(page, "[data-action=rematch]")
    page.wait_for_function("(old) => location.hash.startsWith('#/table/') && !location.hash.endsWith(old)", arg=table,
                           timeout=60_000)
    expect(page.locator("button[data-action=discard]")).to_be_visible(timeout=60_000)
    expect(page.locator(f"{HAND} .card")).to_have_count(6)
    assert not page.errors


@pytest.mark.screens  # the other languages only with TABLETOP_ALL_SCREENS=1 (tests/conftest.py)
@pytest.mark.parametrize("lang", ["en", "ru", "ro"])
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844), (360, 740)])
def test_the_screen_in_each_language_at_each_size(paced_browser: Any, base_url: str, lang: str, width: int,
                                                  height: int) -> None:
    """Screenshots to look at (a desktop, two phones): the deal, a frame mid-flight to the crib, the
    play; the six cards on one row and no sideways scroll. A set split by size (tests/conftest.py): the
    desktop's every day, the phones' in the slow tier (``make test`` has the six cards on one row on a phone
    in :func:`test_on_a_phone_the_six_cards_fan_on_one_row_and_the_pegboard_holes_are_readable`)."""
    phone = width < 1000
    with recording_page(paced_browser, viewport={"width": width, "height": height}, is_mobile=phone,
                        has_touch=phone) as page:
        page.add_init_script(f"localStorage.setItem('tabletop.lang', '{lang}')")
        page.add_init_script(SAMPLER)
        create_table(page, base_url, "cribbage", {"target": 61}, ["you", "bot"], seed=7)
        page.wait_for_selector("button[data-action=discard]")
        tops = page.locator(f"{HAND} .card").evaluate_all("els => els.map(e => e.getBoundingClientRect().top)")
        assert len(tops) == 6 and max(tops) - min(tops) < 20, tops
        look(page, f"cribbage-deal-{width}x{height}-{lang}")
        discard_by_mouse(page)
        if freeze(page, 0.45):
            look(page, f"cribbage-mid-discard-{width}x{height}-{lang}")
            thaw(page)
        for _ in range(3):
            if not cribbage_step(page):
                page.wait_for_timeout(150)
        if freeze(page, 0.5):
            look(page, f"cribbage-mid-play-{width}x{height}-{lang}")
            thaw(page)
        settled_board(page)
        look(page, f"cribbage-play-{width}x{height}-{lang}")
        widths = page.evaluate("() => [document.documentElement.scrollWidth, document.body.scrollWidth]")
        assert max(widths) <= width, widths
        assert not page.errors


INSIDE = """([inner, outer]) => {
  const box = document.querySelector(outer).getBoundingClientRect();
  return [...document.querySelectorAll(inner)].map((e) => {
    const r = e.getBoundingClientRect();
    return [e.textContent, r.left >= box.left - 0.5 && r.right <= box.right + 0.5];
  });
}"""
"""Each match of ``inner``: its text and whether it is drawn inside the first match of ``outer``."""


def test_the_hand_and_the_pegboard_labels_stay_inside_their_panels(page: Any, base_url: str) -> None:
    """The tilted first card of the fan inside the table's panel at 1280 px; a long name on the
    pegboard cut short with "…", never clipped, in every language down to 360 px (issue #40, item 5)."""
    name = "Alexandra-Maria Popescu-Ionescu"
    create_table(page, base_url, "cribbage", {}, ["you", "bot"], name=name)
    page.wait_for_selector(f"{HAND} button.card")
    for lang in ("en", "ru", "ro"):
        page.evaluate("(lang) => localStorage.setItem('tabletop.lang', lang)", lang)
        for width, height in ((1280, 800), (390, 844), (360, 740)):
            page.set_viewport_size({"width": width, "height": height})
            page.reload()
            page.wait_for_selector(f"{HAND} button.card")
            still(page)  # the fan's tilt (a CSS transition) has settled
            cards = page.evaluate(INSIDE, [f"{HAND} .card", "[data-testid=board]"])
            assert len(cards) == 6 and all(inside for _, inside in cards), (lang, width, cards)
            labels = page.evaluate(INSIDE, ["[data-testid=pegboard] .side-label", "[data-testid=pegboard]"])
            assert len(labels) == 2 and all(inside for _, inside in labels), (lang, width, labels)
            assert any(text.startswith(name) or "…" in text for text, _ in labels), labels
            assert name in page.get_attribute("[data-testid=pegboard]", "aria-label")
    assert not page.errors
