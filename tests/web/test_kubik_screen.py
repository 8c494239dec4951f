"""Kubik's screen as a player sees it (issue #17, item 3): the scorekeeper takes one tap per throw and
names the thrower, the player list shows teams and labels, the field keeps one scale sized to the
screen with the cube big enough to see, the aim arrow shows (and sets) direction and power, the last
throw shown at the end is the last one, numbers follow the reader's locale, and phones never scroll
sideways."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.a11y import focused_matches, tab_until
from tests.web.motion import KUBIK_SETTLED, KUBIK_WATCH, kubik_watched
from tests.web.pages import recording_page, shot
from tests.web.play import click_and_wait, create_table, move_number

pytestmark = pytest.mark.slow

BOARD = "[data-testid=board]"
FIELD = "[data-testid=field]"
IN_FLIGHT = (f"() => {{ const f = document.querySelector('{FIELD}');"
             " return f.dataset.animation !== 'running' || Number(f.dataset.frames) >= 12; }")
"""A throw is some way into its flight (a dozen frames drawn), or has landed already (a busy machine)."""


@pytest.fixture
def small_phone(browser: Any) -> Iterator[Any]:
    """A 360×740 phone that records script errors."""
    with recording_page(browser, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True) as page:
        yield page


def create_hotseat(page: Any, base: str, options: dict[str, Any], names: list[str]) -> str:
    """A hot-seat table: the first name is the creator's, the others local players with their names."""
    page.goto(f"{base}/#/")
    page.locator("[data-game=kubik] [data-action=new]").click()
    page.wait_for_selector("#create-submit")
    page.fill("#player-name", names[0])
    page.fill("#opt-players", str(len(names)))
    for key, value in options.items():
        field = page.locator(f"#opt-{key}")
        if field.get_attribute("type") == "checkbox":
            field.set_checked(bool(value))
        else:
            field.select_option(str(value)) if field.evaluate("e => e.tagName") == "SELECT" else field.fill(str(value))
    for i, name in enumerate(names):
        page.select_option(f"select[name=seat-{i}-kind]", "you" if i == 0 else "local")
        if i:
            page.fill(f"input[name=seat-{i}-name]", name)
    page.click("#create-submit")
    page.wait_for_url(re.compile(r"#/table/"))
    return str(page.url.rsplit("/", 1)[1])


def tap_once(page: Any, action: str) -> None:
    """One tap on the board's button for ``action``; wait until the table has moved on."""
    before = move_number(page)
    page.locator(f'{BOARD} button[data-action="{action}"]:not([disabled])').tap()
    page.wait_for_function("(n) => Number(document.querySelector('[data-testid=turn]').dataset.move) > n",
                           arg=before, timeout=30_000)


def wait_scores(page: Any, a: int, b: int) -> None:
    page.wait_for_function("([a, b]) => { const s = document.querySelectorAll('[data-testid=scores] [data-team]');"
                           " return s[0].dataset.score === String(a) && s[1].dataset.score === String(b); }",
                           arg=[a, b], timeout=30_000)


def no_sideways_scroll(page: Any) -> None:
    widths = page.evaluate("() => [document.documentElement.scrollWidth, document.body.scrollWidth, innerWidth]")
    assert max(widths[:2]) <= widths[2], widths


def test_the_scorekeeper_takes_one_tap_per_throw_and_names_the_thrower(phone: Any, base_url: str) -> None:
    """K20 on a phone, four people at one screen: the player list shows A1/B1 and the teams, every prompt
    and the turn line name whoever throws, each throw is one tap, and the game ends on its last throw."""
    table = create_hotseat(phone, base_url, {"throws": "manual", "interception": True, "hold_back": True, "target": 12},
                           ["Ann", "Bob", "Cid", "Dee"])
    phone.wait_for_selector(f'{BOARD} button[data-action="first A"]')
    tags = phone.locator("[data-testid=seat-tag]")
    assert tags.all_inner_texts() == ["A1 · Team A", "A2 · Team A", "B1 · Team B", "B2 · Team B"]
    colours = tags.evaluate_all("els => els.map((e) => getComputedStyle(e).borderTopColor)")
    assert colours[0] == colours[1] != colours[2] == colours[3]  # one colour per team
    tap_once(phone, "first A")
    phone.wait_for_selector(f'{BOARD} button[data-action="pass"]')
    assert "Ann's throw" in phone.locator(f"{BOARD} .kubik-prompt").inner_text()  # K19: who would be intercepted
    tap_once(phone, "pass")
    # Ann's throw: what it did, in one tap
    phone.wait_for_selector(f'{BOARD} button[data-action="out 5"][data-via="throw"]')
    assert phone.locator("[data-testid=thrower-prompt]").inner_text() == "What did Ann's throw do?"
    assert phone.locator("[data-testid=turn]").inner_text() == "Ann to play (hot-seat)"
    shot(phone, "kubik-screen-one-tap")
    before = move_number(phone)
    phone.locator(f'{BOARD} button[data-action="out 5"]').tap()
    wait_scores(phone, 5, 0)
    assert move_number(phone) == before + 2  # the throw and its outcome, from one tap
    log = httpx.get(f"{base_url}/api/tables/{table}/state").json()["log"]
    assert [entry["action"] for entry in log[-2:]] == ["throw", "out 5"]
    # Cid's throw (B1): Ann's team may intercept; Bob decides for it
    phone.wait_for_selector(f'{BOARD} button[data-action="intercept A1"]')
    assert phone.locator("[data-testid=turn]").inner_text() == "Bob to play (hot-seat)"
    assert "Cid's throw" in phone.locator(f"{BOARD} .kubik-prompt").inner_text()
    assert phone.locator(f'{BOARD} button[data-action="intercept A1"]').inner_text() == "Ann (A1) stands to intercept"
    tap_once(phone, "intercept A1")
    phone.wait_for_selector(f'{BOARD} button[data-action="cross"][data-via="throw"]')
    assert phone.locator("[data-testid=thrower-prompt]").inner_text() == "What did Cid's throw do?"
    assert phone.locator("[data-testid=turn]").inner_text() == "Cid to play (hot-seat)"
    tap_once(phone, "cross")
    phone.wait_for_selector(f'{BOARD} button[data-action="hold"]')
    assert "Ann, throw or hold?" in phone.locator(f"{BOARD} .kubik-prompt").inner_text()
    tap_once(phone, "hold")
    # the people enter how Cid's throw ended: the turn line says whose throw, not the first hot-seat player's
    phone.wait_for_selector(f'{BOARD} button[data-action="out 2"]')
    assert phone.locator("[data-testid=turn]").inner_text() == "Enter what happened on the field: Cid's throw"
    assert phone.locator(f"{BOARD} .kubik-prompt").inner_text() == "How did Cid's throw end?"
    shot(phone, "kubik-screen-rest")
    tap_once(phone, "out 2")
    wait_scores(phone, 5, 2)
    # Bob (A2), then Dee (B2): one tap each, until team A reaches 12
    for thrower, outcome, scores in (("Bob", "out 6", (11, 2)), ("Dee", "miss", (11, -3)), ("Ann", "out 1", (12, -3))):
        phone.wait_for_selector(f'{BOARD} button[data-action="pass"]')
        tap_once(phone, "pass")
        phone.wait_for_selector(f'{BOARD} button[data-action="{outcome}"][data-via="throw"]')
        assert phone.locator("[data-testid=thrower-prompt]").inner_text() == f"What did {thrower}'s throw do?"
        phone.locator(f'{BOARD} button[data-action="{outcome}"]').tap()
        wait_scores(phone, *scores)
    phone.wait_for_selector("[data-testid=result]:not([hidden])")
    # the "Last throw" panel shows the last throw: the game's final outcome, not an earlier one
    log = httpx.get(f"{base_url}/api/tables/{table}/state").json()["log"]
    final = phone.locator("[data-testid=final-face]")
    phone.wait_for_function("(k) => document.querySelector('[data-testid=final-face]').dataset.move === String(k)",
                            arg=len(log) - 1)
    assert final.get_attribute("data-top") == "1" and "Team A +1" in final.inner_text()
    no_sideways_scroll(phone)
    shot(phone, "kubik-screen-over")
    assert not phone.errors


def test_before_the_lot_nobody_throws_and_the_screen_owns_its_moves_k5(page: Any, base_url: str) -> None:
    """K5: until the lot says which team throws first, the screen says the lot is drawn, never a thrower it
    has not chosen; then it names the thrower. Every legal move is one of the screen's own controls (the
    lot, the outcomes, later the throw grid), so the side panel lists none: it only offers taking one back."""
    create_hotseat(page, base_url, {"throws": "manual", "target": 12}, ["Alice", "Bob"])
    page.wait_for_selector(f'{BOARD} button[data-action="first B"]')
    now = page.locator("[data-testid=kubik-now]")
    assert now.inner_text() == "The lot decides which team throws first · Throws: 0"
    assert page.locator("[data-testid=turn]").inner_text() == "Enter the lot: which team throws first"
    actions = page.locator(".actions-box")
    assert actions.locator("h3").inner_text() == "Taking back"
    assert not actions.locator("[data-action^=first], .action-buttons, .action-typed").count()
    for lang, lot in (("ru", "Жребий решает, какая команда бросает первой"),
                      ("ro", "Tragerea la sorți decide ce echipă aruncă prima")):
        page.select_option("#lang", lang)
        page.wait_for_function("(lot) => document.querySelector('[data-testid=kubik-now]').innerText.startsWith(lot)",
                               arg=lot)
        assert "Alice" not in now.inner_text() and "A1" not in now.inner_text()  # no thrower named before the lot
    page.select_option("#lang", "en")
    page.wait_for_function("() => document.querySelector('[data-testid=kubik-now]').innerText.startsWith('The lot')")
    click_and_wait(page, f'{BOARD} button[data-action="first B"]')
    page.wait_for_function("() => document.querySelector('[data-testid=kubik-now]').innerText"
                           ".startsWith('Bob (B1) throws')")
    assert not actions.locator(".action-buttons, .action-typed").count()  # the outcomes are the screen's buttons
    assert not page.errors


def test_the_table_links_its_rules_which_say_who_may_hold_back(page: Any, base_url: str) -> None:
    """At the table, a Rules link (a new tab: the table stays) opens the game's rules in the reader's language;
    Kubik's say the declared interceptor must throw unless the table lets them hold back."""
    create_hotseat(page, base_url, {"throws": "manual", "interception": True, "target": 12}, ["Alice", "Bob"])
    link = page.locator("[data-testid=rules-link]")
    for lang, label, option in (("en", "Rules", "Interceptor may hold back"),
                                ("ru", "Правила", "Перехватчик может не бросать"),
                                ("ro", "Reguli", "Interceptorul poate să nu arunce")):
        page.select_option("#lang", lang)
        page.wait_for_function("(label) => document.querySelector('[data-testid=rules-link]').innerText === label",
                               arg=label)
        assert link.get_attribute("href") == "#/rules/kubik" and link.get_attribute("target") == "_blank"
        with page.context.expect_page() as opened:
            link.click()
        rules = opened.value
        rules.wait_for_function("(option) => document.body.innerText.includes(option)", arg=option)
        rules.close()
    assert "#/table/" in page.url  # the table stayed
    assert not page.errors


@pytest.fixture
def paced_phone(paced_browser: Any) -> Iterator[Any]:
    """A 360×740 phone whose tables keep the fast pace (throws fly), recording script errors."""
    with recording_page(paced_browser, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True) as page:
        page.add_init_script("localStorage.setItem('tabletop.pace', 'fast')")
        yield page


def test_the_field_keeps_one_scale_and_the_cube_is_seen_on_a_phone(paced_phone: Any, base_url: str) -> None:
    """Physics throws on a 360-pixel phone at the fast pace: the field is the screen's width, drawn at one
    scale before, during and after every throw (the circle never changes size), with the cube at least
    18 pixels."""
    page = paced_phone
    create_table(page, base_url, "kubik", {"throws": "physics", "target": 80}, ["you", "bot"])
    throw = "button[data-action=throw]:not([disabled])"
    page.wait_for_selector(throw, timeout=60_000)
    page.wait_for_function(KUBIK_SETTLED, timeout=60_000)  # the bot's first throw, if it had one, has landed
    no_sideways_scroll(page)
    field = page.locator(f"{FIELD} svg.field").bounding_box()
    assert field["width"] >= 300, field  # the whole width of the phone, less the board's margins
    cube = page.locator(f"{FIELD} g.cube rect").bounding_box()
    assert cube is not None and cube["width"] >= 17, cube
    radius = page.locator(f"{FIELD} circle.boundary").get_attribute("r")
    # the circle's size in every frame of a flight
    page.evaluate("""(sel) => { window.__radii = []; const look = () => {
        const field = document.querySelector(sel);
        if (field && field.dataset.animation === 'running') {
          window.__radii.push(field.querySelector('circle.boundary')?.getAttribute('r') ?? null);
        }
        requestAnimationFrame(look); }; look(); }""", FIELD)
    for _ in range(2):
        page.wait_for_function("() => { const f = document.querySelector('[data-testid=field]');"
                               " return f.dataset.queued === '0' && f.dataset.animation !== 'running'"
                               " && document.querySelector('button[data-action=throw]:not([disabled])'); }",
                               timeout=60_000)
        page.locator(throw).tap()
        page.wait_for_selector(f"{FIELD}[data-animation=running]", timeout=30_000)
        page.wait_for_function(IN_FLIGHT, timeout=30_000)
        shot(page, "kubik-screen-flight-360")
    page.wait_for_function("() => document.querySelector('[data-testid=field]').dataset.animation === 'done'",
                           timeout=60_000)
    in_flight = page.evaluate("() => window.__radii")
    assert in_flight, "no frame of a flight was seen"
    sizes = {*in_flight, page.locator(f"{FIELD} circle.boundary").get_attribute("r")}
    assert sizes == {radius}
    no_sideways_scroll(page)
    assert not page.errors


def test_the_aim_arrow_shows_and_sets_the_direction_and_power(page: Any, base_url: str) -> None:
    """The arrow from the bat's place points where the throw is aimed, as long as its power; the sliders
    move it, and dragging its head sets aim and power, which the throw then uses (K6)."""
    table = create_table(page, base_url, "kubik", {"throws": "calibrated", "target": 80}, ["you", "bot"])
    page.wait_for_selector("button[data-action=throw]:not([disabled])", timeout=60_000)
    arrow = page.locator("[data-testid=aim-arrow]")
    assert "drag the arrow's head" in page.locator("[data-testid=aim-hint]").inner_text()
    length = float(arrow.get_attribute("data-length"))
    page.locator("#kubik-power").fill("0")  # the weakest: a shorter arrow
    assert arrow.get_attribute("data-power") == "8" and float(arrow.get_attribute("data-length")) < length
    head = page.locator(f"{FIELD} .aim-handle").bounding_box()
    x, y = head["x"] + head["width"] / 2, head["y"] + head["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 40, y - 260, steps=6)  # further out and to the right
    page.mouse.up()
    power, aim = float(arrow.get_attribute("data-power")), float(arrow.get_attribute("data-aim"))
    assert power > 8 and aim < 0, (power, aim)
    assert page.locator("#kubik-power").get_attribute("aria-valuetext") == f"{power:g}"
    shot(page, "kubik-screen-arrow")
    before = move_number(page)
    page.locator("button[data-action=throw]:not([disabled])").click()
    page.wait_for_function("(n) => Number(document.querySelector('[data-testid=turn]').dataset.move) > n", arg=before)
    log = httpx.get(f"{base_url}/api/tables/{table}/state").json()["log"]
    thrown = next(entry["action"] for entry in reversed(log)  # Ann's (the bot may have thrown since)
                  if entry["action"].startswith("throw A") and entry["seat"] == 0)
    assert f"aim {aim:g} power {power:g}" in thrown, thrown
    assert not page.errors


def test_numbers_follow_the_readers_locale(page: Any, base_url: str) -> None:
    """Romanian writes decimals with a comma: "la +0,5 m" in the log, as "at +0.5 m" in English."""
    page.add_init_script("localStorage.setItem('tabletop.lang', 'ro')")
    create_table(page, base_url, "kubik", {"throws": "calibrated", "target": 80}, ["you", "bot"])
    typed = "[data-testid=typed-throw] form.action-typed input.action-text"
    page.locator("[data-testid=typed-throw] summary").click(timeout=60_000)  # the throw typed in notation (K21)
    page.wait_for_selector(typed)
    before = move_number(page)
    page.fill(typed, "throw B pos +0.5 aim -2 power 12 spin 4")
    page.press(typed, "Enter")
    page.wait_for_function("(n) => Number(document.querySelector('[data-testid=turn]').dataset.move) > n", arg=before)
    log = page.locator("[data-testid=log]").inner_text()
    assert "la +0,5 m, ținta −2°" in log, log
    assert "+0.5" not in log
    shot(page, "kubik-screen-ro-numbers")
    assert not page.errors


PHONES = ((360, 740), (390, 844))
"""The two phones: each table is drawn at the first and resized to the second (no table made twice)."""


def fits_each_phone(page: Any, name: str) -> None:
    """No sideways scroll at either phone's size (a screenshot at each), back at the first after."""
    for width, height in (*PHONES, PHONES[0]):
        page.set_viewport_size({"width": width, "height": height})
        no_sideways_scroll(page)
        shot(page, f"{name}-{width}")


def test_no_sideways_scroll_on_phones(browser: Any, base_url: str) -> None:
    """The thrower's controls and the scorekeeper's buttons fit both phones, in every language."""
    width, height = PHONES[0]
    ctx = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        for lang in ("en", "ru", "ro"):
            page.goto(f"{base_url}/#/")
            page.evaluate("(l) => localStorage.setItem('tabletop.lang', l)", lang)
            create_table(page, base_url, "kubik", {"throws": "calibrated"}, ["you", "bot"])
            page.wait_for_selector("button[data-action=throw]:not([disabled])", timeout=60_000)
            fits_each_phone(page, f"kubik-screen-{lang}")
            create_table(page, base_url, "kubik", {"throws": "manual"}, ["you", "local"])
            page.wait_for_selector(f'{BOARD} button[data-action="first A"]')
            tap_once(page, "first A")
            page.wait_for_selector(f'{BOARD} button[data-action="out 6"][data-via="throw"]')
            fits_each_phone(page, f"kubik-screen-scorekeeper-{lang}")
    finally:
        ctx.close()


# ---------------------------------------------------------------- calibrated paths, the keyboard, the sheet

FIELD_SHOTS = "/tmp/shots/field"
def snap(page: Any, name: str, full: bool = True) -> None:
    """A screenshot kept as an artifact and in the motion-and-sheets folder when there is one."""
    import shutil
    from pathlib import Path

    from tests.web.pages import ARTIFACTS
    if full:
        shot(page, name)
    else:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    if Path(FIELD_SHOTS).is_dir():
        shutil.copy(ARTIFACTS / f"{name}.png", Path(FIELD_SHOTS) / f"{name}.png")


def public_log(base: str, table: str) -> list[str]:
    """The table's moves in notation, as anyone may read them."""
    lines = httpx.get(f"{base}/api/tables/{table}/state").json()["log"]
    return [line["action"] if isinstance(line, dict) else line for line in lines]


def face_of(outcome: str) -> int | None:
    found = re.match(r"(?:in|out|hit) ([1-6])", outcome)
    return int(found.group(1)) if found else None


def test_calibrated_throws_fly_a_path_from_their_outcome_on_one_field_scale(paced_browser: Any,
                                                                          base_url: str) -> None:
    """K20b: a calibrated throw has no trajectory, so the screen draws one from the decided outcome
    (the bat from the line, the cube hopping to its face); the Last throw panel says only whose throw
    flies until the path ends, then shows the outcome the record has; the field's frame (viewBox, the
    circle's radius) is the same before, during and after every throw; nothing of an outcome (its log line,
    the scores) is in the page before its path ends."""
    with recording_page(paced_browser, viewport={"width": 1280, "height": 800}) as page:
        page.goto(base_url)
        page.evaluate("() => localStorage.setItem('tabletop.pace', 'normal')")
        table = create_table(page, base_url, "kubik", {"throws": "calibrated", "target": 80}, ["you", "bot"], seed=5)
        frames = set()
        page.wait_for_function(KUBIK_SETTLED, timeout=60_000)
        page.evaluate(KUBIK_WATCH)  # no outcome told before its path has been flown (test_kubik.py)
        for throw in range(3):
            page.wait_for_function(KUBIK_SETTLED, timeout=60_000)
            frames.add((page.locator(f"{FIELD} svg.field").get_attribute("viewBox"),
                        page.locator(f"{FIELD} circle.boundary").get_attribute("r")))
            page.locator("button[data-action=throw]:not([disabled])").click()
            try:
                page.wait_for_selector(f"{FIELD}[data-animation=running][data-path=calibrated]", timeout=30_000)
            except Exception as error:  # say what the field showed instead (a rerun's first try is kept)
                raise AssertionError(f"throw {throw}: no calibrated flight; the field "
                                     f"{page.evaluate(f'() => ({{...document.querySelector({FIELD!r}).dataset}})')}, "
                                     f"the log {public_log(base_url, table)}") from error
            move = int(page.locator(FIELD).get_attribute("data-move") or -1)
            flying = page.locator("[data-testid=final-face]")
            assert flying.get_attribute("data-flying") == str(move)  # not the outcome yet
            frames.add((page.locator(f"{FIELD} svg.field").get_attribute("viewBox"),
                        page.locator(f"{FIELD} circle.boundary").get_attribute("r")))
            if throw == 0:
                snap(page, "kubik-calibrated-flight-1280", full=False)
            page.wait_for_function("(m) => { const f = document.querySelector('[data-testid=field]');"
                                   " return (f.dataset.shown || '').split(' ').some(s => s.startsWith(m + ':')); }",
                                   arg=move, timeout=30_000)
            tokens = (page.locator(FIELD).get_attribute("data-shown") or "").split()
            shown = {int(m): (int(f), how) for m, f, how in (token.split(":") for token in tokens)}
            face, how = shown[move]
            assert how == "a"
            expected = face_of(public_log(base_url, table)[move])
            assert expected is None or face == expected
        assert len(frames) == 1, frames
        assert not kubik_watched(page)["spoils"]
        assert not page.errors


def keyboard_turn(page: Any, selector: str) -> bool:
    """Tab to the first enabled match of ``selector`` and press Enter; wait until the table moves on."""
    if not page.locator(selector).count():
        return False
    before = move_number(page)
    if not tab_until(page, selector, 300):
        return False
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => document.querySelector('[data-testid=turn]').dataset.move !== String(n)"
                           " || !document.querySelector('[data-testid=result]').hidden", arg=before, timeout=45_000)
    return True


def check_sheet(page: Any, base: str, table: str) -> None:
    """The game-over sheet against the state: each throw's points add up to the running scores, the
    last row's totals and the tally are the final scores (K7, K9, K11), a winner named when there is one."""
    state = httpx.get(f"{base}/api/tables/{table}/state").json()
    view = state["view"]
    sheet = page.locator("[data-testid=kubik-summary]")
    sheet.wait_for()
    rows = sheet.locator("[data-testid=sheet] tbody tr")
    throws = sum(1 for entry in state["log"] for e in entry.get("events", []) if e["kind"] in ("throw", "throw_real"))
    assert rows.count() == throws
    running = {"A": 0, "B": 0}
    for i in range(rows.count()):
        for team in "AB":
            cell = rows.nth(i).locator(f"td[data-team={team}]")
            running[team] += int(cell.get_attribute("data-points") or 0)
            assert int(cell.get_attribute("data-total") or 0) == running[team]
    assert [running["A"], running["B"]] == view["scores"]
    for team, score in zip("AB", view["scores"], strict=True):
        assert sheet.locator(f"[data-testid=tally] tr[data-team={team}] [data-col=score]").inner_text() == str(score)
        # the score beside its team, before the counts: in view on a phone, where the counts scroll sideways
        assert sheet.locator(f"[data-testid=tally] tr[data-team={team}] td").first.get_attribute("data-col") == "score"
    crossings = sum(1 for entry in state["log"] for e in entry.get("events", []) if e["kind"] == "cross")
    counted = sum(int(sheet.locator(f"[data-testid=tally] tr[data-team={t}] [data-col=crossings]").inner_text())
                  for t in "AB")
    assert counted == crossings
    how = sheet.locator("[data-testid=kubik-sheet-how]").inner_text()
    if view["scores"][0] != view["scores"][1]:
        winner = "A" if view["scores"][0] > view["scores"][1] else "B"
        assert f"Team {winner} wins {max(view['scores'])}–{min(view['scores'])}" in how, how  # the winner's first
        assert sheet.locator(f"[data-testid=tally] tr[data-team={winner}].won").count() == 1


def test_a_whole_calibrated_game_by_keyboard_alone_to_its_sheet(page: Any, base_url: str) -> None:
    """K6, K10, K11: a short game (target 10) against a bot, every throw by Tab and Enter, to the
    game-over screen, whose sheet adds up to the final scores; the rematch by keyboard."""
    table = create_table(page, base_url, "kubik", {"throws": "calibrated", "target": 10}, ["you", "bot"], seed=7)
    page.mouse.move(1, 1)
    turns = 0
    while not page.locator("[data-testid=result]:not([hidden])").count():
        assert turns < 120, "the game did not end"
        if keyboard_turn(page, "button[data-action=throw]:not([disabled])"):
            turns += 1
        else:
            page.wait_for_timeout(150)
    check_sheet(page, base_url, table)
    snap(page, "kubik-sheet-en-1280")
    old = page.url
    assert tab_until(page, "[data-action=rematch]", 300)
    page.keyboard.press("Enter")
    page.wait_for_function("(old) => location.href !== old && location.hash.startsWith('#/table/')", arg=old)
    assert not page.errors


def test_the_scorekeeper_by_keyboard_alone_with_interception_to_its_sheet(page: Any, base_url: str) -> None:
    """K20 scorekeeper (throws=manual) with interception (K19): two local players, every choice — who
    stands, the throw, its outcome, strike or hold, the interception's hit — by Tab and Enter, to the
    end; the sheet shows the crossing and the interception (K14: twice the face for the interceptors)."""
    table = create_hotseat(page, base_url, {"throws": "manual", "target": 12, "interception": True}, ["Ann", "Bob"])
    plan = ["first A", "pass", "out 6",  # A1 throws, out with 6 on top: A 6 (K7)
            "intercept A1", "cross", "strike", "hit 4"]  # B1's cube crosses, A1 hits it: A +8 = 14 (K14)
    for action in plan:
        if page.locator("[data-testid=result]:not([hidden])").count():
            break
        selector = f'{BOARD} button[data-action="{action}"]:not([disabled])'
        page.wait_for_selector(selector, timeout=30_000)
        if action == "strike":  # K19: who stood must throw (no hold_back): one button, and the prompt says so
            assert page.locator(f'{BOARD} button[data-action="hold"]').count() == 0
            assert "throw at it!" in page.locator(f"{BOARD} .kubik-prompt").inner_text()
        assert keyboard_turn(page, selector), action
    page.locator("[data-testid=result]:not([hidden])").wait_for()
    check_sheet(page, base_url, table)
    sheet = page.locator("[data-testid=kubik-summary]")
    assert sheet.locator("tr.crossed").count() == 1
    assert "intercepted by" in sheet.locator("tr.crossed").inner_text()
    assert sheet.locator("[data-testid=tally] tr[data-team=A] [data-col=hits]").inner_text() == "1"
    snap(page, "kubik-scorekeeper-sheet-en-1280")
    assert not page.errors


@pytest.mark.screens  # the other languages only with TABLETOP_ALL_SCREENS=1 (tests/conftest.py)
@pytest.mark.parametrize("lang", ["en", "ru", "ro"])
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844), (360, 740)])
def test_the_path_and_the_sheet_in_every_language_and_size(paced_browser: Any, base_url: str, lang: str,
                                                           width: int, height: int) -> None:
    """A calibrated throw caught in flight and a bots' game's sheet, in each language and size: the
    cube seen on the phone, no sideways scroll, no key shown untranslated."""
    phone = width < 500
    with recording_page(paced_browser, viewport={"width": width, "height": height}, is_mobile=phone,
                        has_touch=phone) as page:
        page.goto(base_url)
        page.evaluate("(lang) => { localStorage.setItem('tabletop.lang', lang);"
                      " localStorage.setItem('tabletop.pace', 'slow'); }", lang)
        page.reload()
        create_table(page, base_url, "kubik", {"throws": "calibrated", "target": 80}, ["you", "bot"], seed=9)
        page.wait_for_function(KUBIK_SETTLED, timeout=60_000)
        # every state the field's animation takes is noted: a busy machine's polling may miss a flight
        page.evaluate("""(sel) => { const field = document.querySelector(sel); window.__flights = [];
            new MutationObserver(() => window.__flights.push(`${field.dataset.animation}|${field.dataset.path}`))
              .observe(field, { attributes: true, attributeFilter: ['data-animation', 'data-path'] }); }""", FIELD)
        # a button redrawn under the pointer takes no click: click until the table has the throw
        assert any(click_and_wait(page, "button[data-action=throw]:not([disabled])") for _ in range(5))
        page.wait_for_function("() => window.__flights.includes('running|calibrated')", timeout=30_000)
        page.wait_for_function(IN_FLIGHT, timeout=30_000)  # (the picture: mid-flight at the slow pace)
        page.locator(FIELD).scroll_into_view_if_needed()
        snap(page, f"kubik-flight-{lang}-{width}", full=False)
        no_sideways_scroll(page)
        page.evaluate("() => localStorage.setItem('tabletop.pace', 'instant')")
        create_table(page, base_url, "kubik", {"throws": "calibrated", "target": 10}, ["bot", "bot"], seed=10)
        sheet = page.locator("[data-testid=kubik-summary]")
        sheet.wait_for(timeout=60_000)
        text = page.locator("[data-testid=gameover]").inner_text()
        assert "kubik." not in text and "{" not in text, text
        no_sideways_scroll(page)
        page.evaluate("() => document.querySelector('[data-testid=kubik-summary]').scrollIntoView()")
        snap(page, f"kubik-sheet-{lang}-{width}")
        assert not page.errors


# ---------------------------------------------------------------- a throw shown again, the controls beside the field

def field_data(page: Any) -> dict[str, str]:
    """The field's data attributes (what it shows, and how)."""
    return dict(page.evaluate(f"() => ({{...document.querySelector({FIELD!r}).dataset}})"))


def test_replay_this_throw_plays_the_last_flight_again_from_the_keyboard(paced_browser: Any, base_url: str) -> None:
    """"Replay this throw" (reached by Tab, pressed with Enter) flies the last throw once more, from the motion
    already fetched, and lands on the same face: the log, the scores and the outcomes shown stay as they
    were (a replay is no news), and the focus is back on the button after it."""
    with recording_page(paced_browser, viewport={"width": 1280, "height": 800}) as page:
        page.add_init_script("localStorage.setItem('tabletop.pace', 'fast')")
        create_table(page, base_url, "kubik", {"throws": "physics", "target": 80}, ["you", "bot"], seed=4)
        page.wait_for_function(KUBIK_SETTLED, timeout=60_000)
        assert click_and_wait(page, "button[data-action=throw]:not([disabled])")
        page.wait_for_function(KUBIK_SETTLED, timeout=60_000)  # ours and the bot's, landed
        page.evaluate(KUBIK_WATCH)
        before = field_data(page)
        final = page.locator("[data-testid=final-face]")
        told = (final.get_attribute("data-move"), final.get_attribute("data-top"), final.inner_text())
        log = page.locator("[data-testid=log]").inner_text()
        scores = page.locator("[data-testid=scores]").inner_text()
        motions: list[str] = []
        page.on("request", lambda request: motions.append(request.url) if "/motion/" in request.url else None)
        page.mouse.move(1, 1)
        assert tab_until(page, "[data-testid=replay-throw]", 300)
        page.keyboard.press("Enter")
        page.wait_for_selector(f"{FIELD}[data-animation=running][data-again=true] .animation .bat", state="attached")
        assert final.get_attribute("data-flying") == told[0]
        page.wait_for_function("() => document.querySelector('[data-testid=field]').dataset.replayed === '1'"
                               " && document.querySelector('[data-testid=field]').dataset.animation === 'done'")
        after = field_data(page)
        assert after["move"] == before["move"] and after["finalTop"] == before["finalTop"]  # the same landing
        assert after["shown"] == before["shown"] and after.get("still") == before.get("still")  # no news
        assert (final.get_attribute("data-move"), final.get_attribute("data-top"), final.inner_text()) == told
        assert page.locator("[data-testid=log]").inner_text() == log
        assert page.locator("[data-testid=scores]").inner_text() == scores
        assert not motions  # its flight was kept, not asked again
        page.wait_for_function(KUBIK_SETTLED)
        assert focused_matches(page, "[data-testid=replay-throw]")  # the keyboard's place kept
        assert kubik_watched(page)["flights"][-1]["again"]
        assert not page.errors


SHOTS = Path("/tmp/shots/kubik")
WORDS = {  # what the Kubik screen says in each language: the box, its button, the field's note and name
    "en": ("Last throw", "Replay this throw", "cube drawn larger than life", "The field from above", "Throw"),
    "ru": ("Последний бросок", "Показать бросок ещё раз", "кубик нарисован крупнее, чем в жизни", "Поле сверху",
           "Бросить"),
    "ro": ("Ultima aruncare", "Revezi aruncarea", "cubul e desenat mai mare decât în realitate",
           "Terenul văzut de sus", "Aruncă"),
}


@pytest.mark.parametrize("screen", ["desktop", "phones"])
def test_the_aim_controls_share_the_screen_with_the_field_and_relabel_live(browser: Any, base_url: str,
                                                                          screen: str) -> None:
    """At 1280×800, 390×844 and 360×740, in English, Russian and Romanian (switched at the table, not
    reloaded): the field and the Throw button are both on the first screen — the controls beside the
    field, or right under it on a phone — and every word of the screen is in the chosen language (the
    Last-throw box and its Replay button, the scale note, the field's name, Throw)."""
    phone = screen == "phones"
    sizes = [(390, 844), (360, 740)] if phone else [(1280, 800)]
    ctx = browser.new_context(viewport={"width": sizes[0][0], "height": sizes[0][1]}, is_mobile=phone,
                              has_touch=phone, locale="en-GB")
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        create_table(page, base_url, "kubik", {"throws": "calibrated", "target": 80}, ["you", "bot"], seed=9)
        page.wait_for_function(KUBIK_SETTLED, timeout=60_000)
        assert click_and_wait(page, "button[data-action=throw]:not([disabled])")
        page.wait_for_function(KUBIK_SETTLED, timeout=60_000)
        SHOTS.mkdir(parents=True, exist_ok=True)
        for lang, (heading, replay, note, name, throw) in WORDS.items():
            page.select_option("#lang", lang)  # the header's language: the table is relabelled where it is
            page.wait_for_function("(h) => document.querySelector('[data-testid=final-face] h3')?.textContent === h",
                                   arg=heading)
            assert page.locator("[data-testid=replay-throw]").inner_text() == replay
            assert page.locator("[data-testid=scale-note]").text_content() == note
            assert page.locator(f"{FIELD} svg.field").get_attribute("aria-label") == name
            assert page.locator("button[data-action=throw]").inner_text() == throw
            board = page.locator(BOARD).inner_text()
            if lang != "en":
                leftovers = [word for word in (*WORDS["en"][:3], "Position on the line", "Throws:") if word in board]
                assert not leftovers, (lang, leftovers)
            for width, height in sizes:
                page.set_viewport_size({"width": width, "height": height})
                page.evaluate("() => window.scrollTo(0, 0)")
                no_sideways_scroll(page)
                field = page.locator(f"{FIELD} svg.field").bounding_box()
                button = page.locator("button[data-action=throw]").bounding_box()
                assert field["y"] >= 0 and field["y"] + field["height"] <= height, (lang, width, field)
                assert button["y"] + button["height"] <= height, (lang, width, button)  # no scrolling to throw
                if not phone:
                    assert button["x"] > field["x"] + field["width"], (field, button)  # beside the field
                page.screenshot(path=str(SHOTS / f"kubik-aim-{lang}-{width}x{height}.png"))
        assert not errors
    finally:
        ctx.close()
