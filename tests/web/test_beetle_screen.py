"""Beetle's screen as a player sees it (issue #17, items 2, 3, 8, 9): the sheets sit side by side sized
to their drawings on a desktop and one above the other on a phone, the roll-off's rounds and who
started and why stay on screen, each player's last roll stays on their sheet until they roll again
(bots rolling at once replace nothing), and the odds are written in the reader's number format. At a
real pace the die tumbles and lands on the face rolled and the part drawn glows on its sheet — none of
it under reduced motion or at instant speed, and the board ends exactly as an instant render draws it.
A whole game is played with the keyboard alone to the game-over score sheet, its replay and a rematch
(the one whole Beetle game of the browser tests: it also checks the live odds and the replay)."""

from __future__ import annotations

import time
from itertools import pairwise
from typing import Any

import httpx
import pytest

from tests.web.a11y import tab_to
from tests.web.motion import SAMPLER, board_still, forget, freeze, instant_board, look, seen, settled_board, thaw
from tests.web.pages import frames, recording_page, shot
from tests.web.play import beetle_step, create_table, is_over, move_number

pytestmark = pytest.mark.slow


def sheet_boxes(page: Any) -> tuple[dict[str, float], list[dict[str, float]]]:
    """The board's box and each sheet's, in seat order."""
    board = page.locator("[data-testid=beetles]").bounding_box()
    return board, list(page.locator(".beetle-sheet").evaluate_all(
        "els => els.map((e) => e.getBoundingClientRect().toJSON())"))


def test_the_sheets_sit_side_by_side_sized_to_their_drawings_on_a_desktop(page: Any, base_url: str) -> None:
    """Issue #17 item 8: three sheets in one row, each as wide as its drawing needs (not a third of the
    board stretched), the drawing big enough to see each part."""
    create_table(page, base_url, "beetle", {}, ["you", "bot", "bot"])
    page.wait_for_selector("[data-action=roll]")
    board, sheets = sheet_boxes(page)
    assert len(sheets) == 3 and len({round(b["top"]) for b in sheets}) == 1, sheets  # one row
    assert all(b["width"] < 0.3 * board["width"] for b in sheets), (board, sheets)  # sized to the content
    assert len({round(b["width"]) for b in sheets}) == 1 and sheets[0]["left"] < sheets[1]["left"] < sheets[2]["left"]
    drawing = page.locator(".beetle-sheet svg.beetle").first.bounding_box()
    assert drawing["height"] >= 200, drawing  # big enough to see each part
    shot(page, "beetle-screen-desktop")
    assert not page.errors


def test_on_a_phone_the_sheets_stand_one_above_the_other(browser: Any, base_url: str) -> None:
    """Two phones' widths on one table: the page is resized from the wider phone to the narrower."""
    with recording_page(browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True) as phone:
        create_table(phone, base_url, "beetle", {}, ["you", "bot", "bot"])
        phone.wait_for_selector("[data-action=roll]")
        for width, height in ((390, 844), (360, 740)):
            phone.set_viewport_size({"width": width, "height": height})
            phone.wait_for_function("(w) => document.querySelector('[data-testid=beetles]')"
                                    ".getBoundingClientRect().right <= w", arg=width)
            board, sheets = sheet_boxes(phone)
            assert len(sheets) == 3
            for upper, lower in pairwise(sheets):
                assert lower["top"] >= upper["bottom"] - 0.5, sheets  # one above the other
            assert all(b["width"] > 0.9 * board["width"] and b["right"] <= width for b in sheets), (board, sheets)
            drawing = phone.locator(".beetle-sheet svg.beetle").first.bounding_box()
            assert drawing["width"] >= 90, drawing  # the drawing beside the words, still big enough to read
            widths = phone.evaluate("() => [document.documentElement.scrollWidth, document.body.scrollWidth]")
            assert max(widths) <= width, widths
            shot(phone, f"beetle-screen-phone-{width}")
        assert not phone.errors


ROLL = "[data-testid=board] [data-action=roll]"
"""The die's button, there on our turn only."""
STARTS = "[data-testid=rolloff] [data-testid=starts]"
"""Who starts, once the roll-off has decided it."""


def test_the_roll_off_result_and_each_players_last_roll_stay_visible(page: Any, base_url: str) -> None:
    """B6: after the roll-off the screen keeps who started and why; after our roll the bots roll at once,
    and our own roll stays on our sheet until we roll again."""
    table = create_table(page, base_url, "beetle", {}, ["you", "bot", "bot"])
    starts = page.locator(STARTS)
    deadline = time.monotonic() + 120  # our rolls of the roll-off (ties roll again) while the bots roll theirs
    while not starts.count() and time.monotonic() < deadline:
        if not beetle_step(page):  # not our roll yet: until it is, or the roll-off is decided
            page.wait_for_function(f"() => document.querySelector({ROLL!r}) || document.querySelector({STARTS!r})",
                                   timeout=60_000)
    starts.wait_for()
    text = starts.inner_text()
    log = httpx.get(f"{base_url}/api/tables/{table}/state").json()["log"]
    started = next(e for entry in log for e in entry["events"] if e["kind"] == "starts")
    names = ["Ann", "Bot 1", "Bot 2"]  # bots without levels are named by number
    assert text == f"{names[started['seat']]} starts with the highest roll, {started['face']}", text
    # our own roll: it stays on our sheet while the bots roll after it
    mine = page.locator(".beetle-sheet[data-seat='0'] [data-testid=sheet-roll]")
    for _ in range(6):
        if is_over(page):
            break
        page.wait_for_selector("[data-testid=board] [data-action=roll]")
        before = mine.get_attribute("data-index")
        beetle_step(page)
        page.wait_for_function("(b) => { const el = document.querySelector("
                               "\".beetle-sheet[data-seat='0'] [data-testid=sheet-roll]\");"
                               " return el && el.dataset.index !== b; }", arg=before)
        index = int(mine.get_attribute("data-index"))
        page.wait_for_function("() => document.querySelector('[data-testid=turn]').classList.contains('mine')"
                               " || !document.querySelector('[data-testid=result]').hidden")  # the bots have rolled
        assert int(mine.get_attribute("data-index")) == index  # our roll is still the one shown
        log = httpx.get(f"{base_url}/api/tables/{table}/state").json()["log"]
        ours = next(e for e in log[index]["events"] if e["kind"] in ("rolled", "rolloff_rolled"))
        assert ours["seat"] == 0 and mine.get_attribute("data-face") == str(ours["face"])
        assert starts.is_visible()  # the roll-off's result is still on screen
    shot(page, "beetle-screen-rolls")
    assert not page.errors


def test_the_odds_are_written_in_the_readers_number_format(page: Any, base_url: str) -> None:
    page.add_init_script("localStorage.setItem('tabletop.lang', 'ro')")
    create_table(page, base_url, "beetle", {}, ["you", "bot", "bot"])
    page.wait_for_selector("[data-odds]")
    texts = page.locator("[data-odds] .hint").all_inner_texts()
    assert texts and all(t.startswith("Șanse de câștig: 33,3") and t.endswith("%") for t in texts), texts
    shot(page, "beetle-screen-ro")
    assert not page.errors


ODDS_READY = ("document.querySelector('[data-odds]') && [...document.querySelectorAll('[data-odds]')]"
              ".every(e => e.dataset.move === document.querySelector('[data-testid=turn]').dataset.move)")
"""The odds of the state shown have arrived (they come on their own after each state)."""


DIE_DURATIONS = """(() => {
  const animate = Element.prototype.animate;
  window.__dieDurations = [];
  Element.prototype.animate = function (keyframes, options) {
    if (this.matches("svg.die")) window.__dieDurations.push(typeof options === "number" ? options : options.duration);
    return animate.call(this, keyframes, options);
  };
})()"""
"""Records each die animation's duration as it starts: a loaded machine may finish it before a test looks."""


def roll_and_watch(page: Any) -> None:
    """Roll on our turn, and wait until the state after it is on screen."""
    page.wait_for_selector("[data-testid=board] [data-action=roll]")
    beetle_step(page)


def test_the_die_tumbles_and_lands_on_the_face_rolled_and_the_part_glows(paced_browser: Any, base_url: str) -> None:
    """B5: at normal pace the die shows other faces as it tumbles (about 0.6 s) and lands on the face
    the server rolled; the part drawn appears on its sheet with a glow; then the board is exactly what
    an instant render of the same state draws."""
    with recording_page(paced_browser, viewport={"width": 1280, "height": 800}) as page:
        page.add_init_script(SAMPLER)
        page.add_init_script(DIE_DURATIONS)
        create_table(page, base_url, "beetle", {}, ["you", "bot"], seed=5)
        kinds: dict[str, int] = {}
        faces: list[int] = []
        for _ in range(8):  # as many turns as it takes to see all of it (six with the seed), at most eight
            if is_over(page) or (kinds.get("die", 0) > 3 and kinds.get("caption") and kinds.get("sheet-roll")
                                 and kinds.get("part") and len(set(faces)) > 2):
                break
            forget(page)
            roll_and_watch(page)
            page.wait_for_function("() => window.__motion.kinds.die > 0", timeout=5000)
            durations = page.evaluate("() => window.__dieDurations.splice(0)")
            assert durations and all(400 <= d <= 700 for d in durations), durations  # about 0.6 s at normal
            page.wait_for_selector("[data-testid=board] [data-action=roll]")
            board_still(page)  # our roll's motion and the bot's have run to their ends, every frame sampled
            for kind, count in seen(page).items():
                kinds[kind] = kinds.get(kind, 0) + count
            faces += page.evaluate("() => window.__motion.faces")
        assert kinds.get("die", 0) > 3 and kinds.get("caption") and kinds.get("sheet-roll"), kinds
        assert kinds.get("part"), kinds  # some roll drew a part within eight turns (seeded)
        assert len(set(faces)) > 2, faces  # the die showed other faces on the way
        last = page.evaluate("() => document.querySelector('[data-testid=roll-caption]').textContent")
        pips = page.locator(".die-slot svg.die circle").count()
        assert last and f"rolled {pips}" in last, (last, pips)  # landed on the face rolled
        # a frame mid-roll, to look at
        roll_and_watch(page)
        if freeze(page, 0.4):
            look(page, "beetle-mid-roll-1280x800-en")
            thaw(page)
        page.wait_for_selector("[data-testid=board] [data-action=roll]")
        page.wait_for_function(f"() => {ODDS_READY}")
        moving = settled_board(page)
        assert moving == instant_board(page, ODDS_READY)
        assert not page.errors


@pytest.mark.parametrize("how", ["reduced", "instant"])
def test_no_motion_under_reduced_motion_or_at_instant_speed(paced_browser: Any, browser: Any, base_url: str,
                                                             how: str) -> None:
    """The die shows its face at once and nothing on the board animates when the reader asked for less
    motion (the pace is normal) or the table plays at instant speed."""
    chosen = paced_browser if how == "reduced" else browser
    extra = {"reduced_motion": "reduce"} if how == "reduced" else {}
    with recording_page(chosen, viewport={"width": 1280, "height": 800}, **extra) as page:
        page.add_init_script(SAMPLER)
        create_table(page, base_url, "beetle", {}, ["you", "bot"], seed=5)
        for _ in range(5):
            if is_over(page):
                break
            roll_and_watch(page)
        page.wait_for_selector("[data-testid=board] [data-action=roll]")
        # nothing to wait for when nothing moves: the last state is drawn (our turn, none waiting), and a
        # motion it started would have been sampled in the next frames
        board_still(page)
        frames(page)
        assert seen(page) == {}, seen(page)
        assert not page.errors


def test_a_whole_game_by_keyboard_to_the_score_sheet_the_replay_and_a_rematch(page: Any, base_url: str) -> None:
    """B5–B7: Tab to the die's button and Enter, turn after turn, until the beetle is done, every seat's
    exact chance of winning shown on the way; the game-over panel's score sheet tells every round (the
    roll-off first), who finished first, and the places; the replay opens at the start and steps a roll
    with its face at once; Tab reaches Rematch and Enter starts a new table with the same seats."""
    table = create_table(page, base_url, "beetle", {}, ["you", "bot"], seed=11)
    deadline = time.monotonic() + 240
    rolls = 0
    odds: list[float] = []
    while not is_over(page):
        assert time.monotonic() < deadline, "the game did not end in time"
        if not page.locator(ROLL).count():  # the bot's turn: until ours, or the end
            page.wait_for_function(f"() => document.querySelector({ROLL!r})"
                                   " || !document.querySelector('[data-testid=result]').hidden", timeout=60_000)
            continue
        if rolls == 2:  # every seat's exact chance of winning, from the server
            page.wait_for_function("() => document.querySelectorAll('[data-odds]').length === 2")
            odds = [float(x) for x in page.locator("[data-odds]").evaluate_all("els => els.map(e => e.dataset.odds)")]
            shot(page, "beetle")
        tab_to(page, "[data-testid=board] [data-action=roll]")
        before = move_number(page)
        page.keyboard.press("Enter" if rolls % 2 else "Space")
        page.wait_for_function("(n) => document.querySelector('[data-testid=turn]').dataset.move !== String(n)"
                               " || !document.querySelector('[data-testid=result]').hidden", arg=before)
        rolls += 1
    assert len(odds) == 2 and abs(sum(odds) - 1) < 1e-6, odds
    assert "wins" in page.locator("[data-testid=result]").inner_text()
    assert page.locator(".beetle-sheet.finished").count() == 1
    shot(page, "beetle-over")
    summary = page.locator("[data-testid=beetle-summary]")
    summary.wait_for()
    log = httpx.get(f"{base_url}/api/tables/{table}/state").json()["log"]
    events = [e for entry in log for e in entry["events"]]
    rolled = [e for e in events if e["kind"] == "rolled"]
    cells = summary.locator("tbody tr[data-round] td[data-face]").evaluate_all(
        "els => els.map(e => [Number(e.dataset.face), e.dataset.part])")
    drawn = [e for e in events if e["kind"] == "part_drawn"]
    assert len(cells) == len(rolled) > 0  # a cell per roll in play
    assert sorted(c[0] for c in cells) == sorted(e["face"] for e in rolled)
    assert sorted(c[1] for c in cells if c[1]) == sorted(e["part"] for e in drawn)  # each part drawn, where drawn
    rolloffs = [e for e in events if e["kind"] == "rolloff_rolled"]
    assert summary.locator("tr.rolloff-row td[data-face]").count() == len(rolloffs)
    winner = next(e for e in events if e["kind"] == "game_over")["winner"]
    names = ["Ann", "Bot 1"]
    first = summary.locator("[data-testid=beetle-first]").inner_text()
    assert first.startswith(f"{names[winner]} finished the beetle first, in round "), first
    last_round = summary.locator("tbody tr[data-round]").count()
    assert first.endswith(f"round {last_round}"), (first, last_round)  # the game ends in the round it is won (B7)
    assert summary.locator("td.finished").count() == 1
    places = summary.locator("[data-testid=beetle-places] li").all_inner_texts()
    assert places[0].startswith(f"place 1 {names[winner]}"), places
    assert places[1].startswith("not finished:"), places
    shot(page, "beetle-gameover-sheet")
    look(page, "beetle-gameover-1200x950-en")
    record = httpx.get(f"{base_url}/api/tables/{table}/record").json()
    assert record["game"] == "beetle" and record["actions"][0] == "roll"
    # the replay, then back to the game-over panel for the rematch
    page.click("text=Watch the replay")
    page.wait_for_selector("[data-testid=replay-position]:not(:empty)", state="attached")
    position = "document.querySelector('[data-testid=replay-position]').dataset.move"
    page.wait_for_function(f"() => {position} === '0'")  # a replay opens at the start
    page.click("[data-action=next]")
    # one step is a whole round: every player's roll and its face (test_replay.py checks the rounds' bounds)
    page.wait_for_function(f"() => Number({position}) >= 2 && Number({position}) % 2 === 0")
    assert page.locator(".beetle-sheet").count() == 2
    assert page.locator(".replay .log li").first.inner_text().startswith("Ann rolls")  # sentences, as at the table
    shot(page, "beetle-replay")
    page.goto(f"{base_url}/#/table/{table}")
    page.wait_for_selector("[data-testid=gameover] [data-action=rematch]")
    tab_to(page, "[data-action=rematch]")
    page.keyboard.press("Enter")
    page.wait_for_function("(old) => location.hash.startsWith('#/table/') && !location.hash.endsWith(old)", arg=table)
    page.wait_for_selector("[data-testid=board] [data-action=roll]")
    assert page.locator("[data-testid=board] [data-action=roll]").is_visible()
    assert not page.errors


def test_the_summary_hook_tells_each_round(page: Any, base_url: str) -> None:
    """The sheet from events alone: a roll-off tie then its decision (B6), rounds split where a seat
    rolls again, a lost turn (B5), the beetle finished (B7); in Russian too."""
    page.goto(base_url + "/")
    page.wait_for_selector(".game-card")
    result = page.evaluate("""async () => {
        const m = await import('/js/games/beetle/index.js');
        const i18n = await import('/js/i18n.js');
        const roll = (seat, kind, face, more = []) => ({ seat: -1,
          events: [{ kind, seat, face, action: true }, ...more] });
        const entries = [
          roll(0, 'rolloff_rolled', 4),
          roll(1, 'rolloff_rolled', 4, [{ kind: 'rolloff_tie', members: [0, 1], face: 4 }]),
          roll(0, 'rolloff_rolled', 2), roll(1, 'rolloff_rolled', 6, [{ kind: 'starts', seat: 1, face: 6 }]),
          roll(1, 'rolled', 1, [{ kind: 'part_drawn', seat: 1, part: 'body', face: 1, have: 1, needed: 1 }]),
          roll(0, 'rolled', 3, [{ kind: 'nothing_drawn', seat: 0, face: 3, why: 'needs' }]),
          roll(1, 'rolled', 2, [{ kind: 'part_drawn', seat: 1, part: 'head', face: 2, have: 1, needed: 1 },
            { kind: 'beetle_finished', seat: 1, place: 1 }, { kind: 'game_over', winner: 1, places: [1] }]),
        ];
        const state = { entries, seats: [{ name: 'Ann' }, { name: 'Bob' }],
          view: { parts: { parts: [{ name: 'body', count: 1 }, { name: 'head', count: 1 }] },
                  sheets: [{}, { body: 1, head: 1 }] } };
        const cells = (rows) => [...rows].map(r => [...r.querySelectorAll('td')].map(c => c.textContent));
        const read = (node) => ({
          rolloff: cells(node.querySelectorAll('tr.rolloff-row')),
          rounds: cells(node.querySelectorAll('tr[data-round]')),
          first: node.querySelector('[data-testid=beetle-first]').textContent,
          places: [...node.querySelectorAll('[data-testid=beetle-places] li')].map(li => li.textContent),
        });
        const en = read(m.summary(state, {}));
        i18n.setLang('ru');
        const ru = read(m.summary(state, {}));
        i18n.setLang('en');
        return { en, ru, none: m.summary({ entries: [], seats: [] }, {}) };
    }""")
    en = result["en"]
    assert result["none"] is None
    assert en["rolloff"] == [["4", "4"], ["2", "6"]]
    assert en["rounds"] == [["3 nothing drawn", "1 body"], ["·", "2 head ✓ place 1"]], en["rounds"]  # B7: no turn after
    assert en["first"] == "Bob finished the beetle first, in round 2"
    assert en["places"] == ["place 1 Bob — 2 of 2 parts", "not finished: Ann — 0 of 2 parts"], en["places"]
    ru = result["ru"]
    assert ru["first"] == "Bob первым дорисовал жука, в 2-м круге" and ru["rounds"][1][1] == "2 голова ✓ 1-е место", ru


@pytest.mark.screens  # the other languages only with TABLETOP_ALL_SCREENS=1 (tests/conftest.py)
@pytest.mark.parametrize("lang", ["en", "ru", "ro"])
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844), (360, 740)])
def test_the_screen_in_each_language_at_each_size(paced_browser: Any, base_url: str, lang: str, width: int,
                                                  height: int) -> None:
    """Screenshots to look at (a desktop, two phones), with a frame mid-roll; no sideways scroll. A set split
    by size (tests/conftest.py): the desktop's every day, the phones' in the slow tier (``make test`` has
    the sheets on both phones in :func:`test_on_a_phone_the_sheets_stand_one_above_the_other`)."""
    phone = width < 1000
    with recording_page(paced_browser, viewport={"width": width, "height": height}, is_mobile=phone,
                        has_touch=phone) as page:
        page.add_init_script(f"localStorage.setItem('tabletop.lang', '{lang}')")
        page.add_init_script(SAMPLER)
        create_table(page, base_url, "beetle", {}, ["you", "bot", "bot"], seed=3)
        for _ in range(3):
            roll_and_watch(page)
        page.wait_for_selector("[data-testid=board] [data-action=roll]")
        settled_board(page)
        look(page, f"beetle-{width}x{height}-{lang}")
        roll_and_watch(page)
        if freeze(page, 0.45):
            look(page, f"beetle-mid-roll-{width}x{height}-{lang}")
            thaw(page)
        widths = page.evaluate("() => [document.documentElement.scrollWidth, document.body.scrollWidth]")
        assert max(widths) <= width, widths
        assert not page.errors
