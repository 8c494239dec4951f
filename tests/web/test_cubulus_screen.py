"""Cubulus's screen as a player meets it (issue 17): a move is previewed before it is made — on
hover and keyboard focus in the flat layers, on hover in the 3D cube, with the pointer cursor on
what can be clicked, and by a first tap on a phone that a second tap (or the button) confirms;
set-up cells look clickable; the layers are named top, middle and bottom; colour names match the
colours drawn; the last move and the winning square are told in words, saying whose square it is;
the cube turns by touch; no page scrolls sideways on a phone. Screenshots in every language and at
desktop and phone sizes go to tests/web/artifacts/ (and /tmp/shots/cubui when it exists)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.web.a11y import tab_until
from tests.web.js.cubulus_preview_fixture import FIXTURE, text
from tests.web.motion import cube_ready
from tests.web.pages import ARTIFACTS, LANGUAGES, comes_true, frames, shot
from tests.web.play import click_and_wait, create_table, cubulus_step, is_over, move_number

SHOTS = Path("/tmp/shots/cubui")
LAYERS = "[data-testid=layers]"
CAPTION = "[data-testid=preview-caption]"
LOGGED = ("(label) => document.querySelector('[data-testid=log]').textContent"
          ".includes(label.replace(/^Insert a ball /, '').replace(/^Turn the line /, ''))")
"""The move log has a line telling the move of a hole with this label ("… inserts a ball from the left into …")."""


def keep(page: Any, name: str) -> None:
    """A screenshot as a test artifact, copied to the screenshots folder when there is one."""
    shot(page, name)
    if SHOTS.is_dir():
        shutil.copy(ARTIFACTS / f"{name}.png", SHOTS / f"{name}.png")


def set_lang(page: Any, lang: str) -> None:
    """The client's language, as a player picks it (kept in localStorage), then the page again."""
    page.evaluate("(lang) => localStorage.setItem('tabletop.lang', lang)", lang)
    page.reload()


def board(page: Any) -> str:
    """The 27 cells as the flat layers draw them: a colour code per cell, '.' for an empty one."""
    cells = page.locator(f"{LAYERS} [data-cell]:not(.preview-ball)").evaluate_all(
        "els => Object.fromEntries(els.map(e => [e.dataset.cell, e.getAttribute('aria-label')]))")
    return "".join("." if cells[f"{n // 9}{n // 3 % 3}{n % 3}"].endswith("empty") else "o" for n in range(27))


def wait_turn(page: Any, selector: str) -> None:
    """Wait until our move can be made at ``selector`` (the bot has moved)."""
    page.wait_for_selector(f"{LAYERS} {selector}", timeout=45_000)


def fits(page: Any, width: int) -> None:
    """Nothing is wider than the screen: no sideways scroll."""
    widths = page.evaluate("() => [document.documentElement.scrollWidth, document.body.scrollWidth, innerWidth]")
    assert max(widths) <= width, widths


def test_the_preview_fixture_is_the_servers_rules() -> None:
    """The JS unit test compares the browser's preview with the rules' own apply, on this file."""
    assert FIXTURE.read_text() == text(), "run: PYTHONPATH=src python tests/web/js/cubulus_preview_fixture.py"


def test_set_up_cells_look_clickable_and_a_hover_previews_the_ball(page: Any, base_url: str) -> None:
    create_table(page, base_url, "cubulus", {"first": "1"}, ["you", "bot"])
    wait_turn(page, ".cell.place")
    headings = page.locator(f"{LAYERS} h3").all_inner_texts()
    assert headings == ["Top layer", "Middle layer", "Bottom layer"], headings
    target = page.locator(f"{LAYERS} .cell.place").first
    assert target.evaluate("e => getComputedStyle(e).cursor") == "pointer"
    # tinted and solid-edged with a +, unlike an empty cell that takes nothing
    circle = target.locator("circle").first
    assert circle.get_attribute("fill") != "#fff" and circle.get_attribute("stroke-dasharray") is None
    assert target.locator("text.plus").text_content() == "+"
    cell = target.get_attribute("data-cell")
    target.hover()
    page.wait_for_selector(f"{LAYERS} .preview-ball[data-role=enter][data-after=neutral]")
    assert page.locator(f"{LAYERS} .preview-ball").get_attribute("data-cell") == cell
    assert "a neutral ball goes into" in page.locator(CAPTION).inner_text()
    keep(page, "cubulus-setup-hover")
    page.mouse.move(1, 1)
    page.wait_for_selector(f"{LAYERS} .preview-ball", state="detached")
    assert click_and_wait(page, f"{LAYERS} .cell.place")
    assert not page.errors


def test_hovering_a_hole_shows_which_balls_move_where_before_the_move(page: Any, base_url: str) -> None:
    create_table(page, base_url, "cubulus", {"first": "0"}, ["you", "bot"])
    wait_turn(page, "[data-legal^=insert]")  # the bot has placed the neutral balls
    # a hole whose line already holds balls: the preview shows them pushed deeper
    holes = page.locator(f"{LAYERS} .hole[data-legal^=insert]")
    before = board(page)
    chosen = None
    for i in range(holes.count()):
        hole = holes.nth(i)
        hole.hover()
        page.wait_for_selector(f"{LAYERS} .preview-ball[data-role=enter]")
        if page.locator(f"{LAYERS} .preview-ball[data-role=push]").count():
            chosen = hole
            break
    assert chosen is not None, "no insert pushes a ball"
    assert chosen.evaluate("e => getComputedStyle(e).cursor") == "pointer"
    pushed = page.locator(f"{LAYERS} .preview-ball[data-role=push]").first
    assert pushed.get_attribute("data-from") and pushed.get_attribute("data-from") != pushed.get_attribute("data-cell")
    assert page.locator(f"{LAYERS} .preview-line").count() >= 1  # the line is outlined
    words = page.locator(CAPTION).inner_text()
    assert re.search(r"an orange ball goes in at (top|middle|bottom) layer, .*deeper", words), words
    assert board(page) == before  # nothing is moved until the click
    keep(page, "cubulus-hover-insert")
    label = chosen.get_attribute("aria-label")
    number = move_number(page)
    chosen.click()
    page.wait_for_function("(n) => document.querySelector('[data-testid=turn]').dataset.move !== String(n)", arg=number)
    page.wait_for_function(LOGGED, arg=label)  # the log tells the move in the hole's words
    assert not page.errors


def test_a_keyboard_focus_previews_and_enter_makes_the_move(page: Any, base_url: str) -> None:
    create_table(page, base_url, "cubulus", {"first": "0"}, ["you", "bot"])
    wait_turn(page, "[data-legal^=insert]")
    page.locator(f"{LAYERS} [data-legal^=insert]").first.focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")  # a keyboard focus (focus-visible), as a player tabbing there
    page.wait_for_selector(f"{LAYERS} .preview-ball[data-role=enter]")
    assert "Enter or Space makes this move" in page.locator(CAPTION).inner_text()
    label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert re.fullmatch(r"Insert a ball from (the left|the right|the front|the back|above|below) into "
                        r"(top|middle|bottom) layer, [a-z ]+", label), label
    number = move_number(page)
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => document.querySelector('[data-testid=turn]').dataset.move !== String(n)", arg=number)
    last = page.locator("[data-testid=last-move]")
    last.wait_for()
    page.wait_for_function(LOGGED, arg=label)  # the log tells the move in the hole's words
    assert not page.errors


def told_in_words(page: Any, lang: str) -> None:
    """The last move and the winning square of a finished game say in words (``lang``'s) who did what
    and whose square it is; the layers and colours are named in the same language."""
    last = page.locator("[data-testid=last-move]").inner_text()
    assert not re.search(r"(insert|shift) [LRFBDU][0-2]{3}", last), last  # words, not notation
    layer = {"en": "layer", "ru": "слой", "ro": "strat"}[lang]
    assert layer in last, last
    headings = page.locator(f"{LAYERS} h3").all_inner_texts()
    assert headings == {"en": ["Top layer", "Middle layer", "Bottom layer"],
                        "ru": ["Верхний слой", "Средний слой", "Нижний слой"],
                        "ro": ["Stratul de sus", "Stratul din mijloc", "Stratul de jos"]}[lang]
    legend = page.locator(".legend").inner_text()
    assert {"en": "orange", "ru": "оранжевый", "ro": "portocaliu"}[lang] in legend, legend
    square = page.locator("[data-testid=winning-square]")
    if square.count():  # a win (a draw by the move cap has no square)
        said = square.inner_text()
        names = page.locator(".legend [data-colour]").all_inner_texts()
        assert any(name.split(":")[0].split()[-1] in said for name in names[:2]), (said, names)  # whose square
        face = {"en": "face", "ru": "гран", "ro": "fața"}[lang]
        assert face in said and not re.search(r"\b[0-2]{3}\b", said), said
        assert said in " ".join(page.locator("[data-testid=log]").inner_text().split())  # the log says the same


def test_a_whole_game_against_a_bot_told_in_words(page: Any, base_url: str) -> None:
    """Play to the end in the flat layers, a few moves in the 3D cube; the last move and the winning
    square say in words who did what and whose square it is (the other languages: the next test)."""
    create_table(page, base_url, "cubulus", {"first": "1", "move_cap": 60}, ["you", "bot"])
    page.wait_for_selector(f"{LAYERS} .cell.place")
    keep(page, "cubulus-setup-en")
    page.set_viewport_size({"width": 1280, "height": 900})
    taken = 0
    while not is_over(page):
        assert taken < 120, "the game did not end"
        if taken == 12:
            page.click("[data-action=view-3d]")
            cube_ready(page)
            keep(page, "cubulus-3d-en")
            page.click("[data-action=view-flat]")
        if taken == 14:
            keep(page, "cubulus-midgame-en")
        if cubulus_step(page):
            taken += 1
        else:
            page.wait_for_timeout(150)
    told_in_words(page, "en")
    keep(page, "cubulus-end-en")
    assert not page.errors


WON = 32
"""The seed of a bots' game (first seat first, at most 40 moves) that ends in a win, so its square is told."""


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_a_finished_game_is_told_in_each_language(page: Any, base_url: str, lang: str) -> None:
    """The same words as the English game's end, read in Russian and Romanian on a bots' finished game
    (played to its end at once by the server: nothing to click through)."""
    create_table(page, base_url, "cubulus", {"first": "0", "move_cap": 40}, ["bot", "bot"], seed=WON)
    set_lang(page, lang)
    page.wait_for_selector("[data-testid=result]:not([hidden])", timeout=60_000)
    page.wait_for_selector("[data-testid=last-move]")
    assert page.locator("[data-testid=winning-square]").count() == 1, "the seed's game no longer ends in a win"
    told_in_words(page, lang)
    keep(page, f"cubulus-end-{lang}")
    assert not page.errors


def test_the_3d_cube_previews_on_hover_with_a_pointer_cursor(page: Any, base_url: str) -> None:
    create_table(page, base_url, "cubulus", {"first": "0"}, ["you", "bot"])
    wait_turn(page, "[data-legal^=insert]")
    page.click("[data-action=view-3d]")
    canvas = cube_ready(page)
    box = canvas.bounding_box()
    found = None
    points = [(gx, gy) for gy in range(6, int(box["height"]) - 6, 12) for gx in range(6, int(box["width"]) - 6, 12)]
    points.sort(key=lambda p: (p[0] - box["width"] / 2) ** 2 + (p[1] - box["height"] / 2) ** 2)
    for gx, gy in points:  # sweep the canvas for an arrow, from the middle out, where the cube is
        page.mouse.move(box["x"] + gx, box["y"] + gy)
        if canvas.evaluate("e => e.style.cursor") == "pointer":
            found = (gx, gy)
            break
    assert found, "no arrow under the pointer anywhere on the cube"
    page.wait_for_function("(s) => document.querySelector(s).classList.contains('active')", arg=CAPTION)
    assert re.search(r"(Insert a ball|Turn the line)", page.locator(CAPTION).inner_text())
    keep(page, "cubulus-3d-hover")
    page.mouse.move(box["x"] + 2, box["y"] + 2)  # off the cube's arrows
    page.wait_for_function("(s) => !document.querySelector(s).classList.contains('active')", arg=CAPTION)
    assert canvas.evaluate("e => e.style.cursor") == "grab"
    number = move_number(page)
    page.mouse.click(box["x"] + found[0], box["y"] + found[1])  # a click on the arrow makes the move
    page.wait_for_function("(n) => document.querySelector('[data-testid=turn]').dataset.move !== String(n)", arg=number)
    page.click("[data-action=view-flat]")
    assert not page.errors


def touch_drag(page: Any, x: float, y: float, dx: float) -> None:
    """A finger laid on (x, y) and drawn sideways by ``dx``, as a phone's touch screen reports it."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 11):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + dx * step / 10, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


@pytest.mark.parametrize(("width", "height"), [
    pytest.param(390, 844, marks=pytest.mark.slow_tier(reason="the same taps on the wider phone: 360 px every day")),
    (360, 740)])
def test_on_a_phone_a_first_tap_previews_and_a_second_makes_the_move(browser: Any, base_url: str, width: int,
                                                                       height: int) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True,
                              locale="en-GB")
    ctx.set_default_timeout(20_000)
    phone = ctx.new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda error: errors.append(str(error)))
    try:
        create_table(phone, base_url, "cubulus", {"first": "0"}, ["you", "bot"])
        wait_turn(phone, "[data-legal^=insert]")
        phone.mouse.move(0, 0)  # the form was sent with a (mouse) click, whose pointer may now rest on a hole
        fits(phone, width)
        phone.wait_for_function(f"() => document.querySelector({CAPTION!r}).textContent.includes('Tap a hole')")
        hole = phone.locator(f"{LAYERS} [data-legal^=insert]").first
        action = hole.get_attribute("data-legal")
        number = move_number(phone)
        hole.tap()
        phone.wait_for_selector(f"{LAYERS} .preview-ball[data-role=enter]")
        assert move_number(phone) == number  # only a preview: nothing was played
        assert "Tap it again" in phone.locator(CAPTION).inner_text()
        assert phone.locator("[data-action=confirm-move]").is_visible()
        fits(phone, width)
        keep(phone, f"cubulus-phone-preview-{width}")
        # a tap elsewhere cancels; tapping the same hole twice makes the move
        phone.locator(f"{LAYERS} h3").first.tap()
        phone.wait_for_selector(f"{LAYERS} .preview-ball", state="detached")
        # a hole whose line runs down the screen, scrolled to sit just above the caption stuck to the
        # screen's bottom: its preview scrolls the line clear of the caption (issue #40, item 5)
        low = phone.locator(f"{LAYERS} .layer[data-layer='0'] [data-legal^='insert B']").first
        low.evaluate("""e => { const r = e.getBoundingClientRect();
            const cap = document.querySelector('[data-testid=preview-caption]').getBoundingClientRect();
            window.scrollBy({ top: r.bottom - cap.top + 4, behavior: 'instant' }); }""")
        low.tap()
        phone.wait_for_selector(f"{LAYERS} .preview-ball")
        marks = phone.evaluate("""() => {
            const cap = document.querySelector('[data-testid=preview-caption]').getBoundingClientRect();
            return [...document.querySelectorAll('[data-testid=layers] g.preview > *')].map((e) => {
              const r = e.getBoundingClientRect(); return [r.top, r.bottom, cap.top]; }); }""")
        assert marks and all(top >= 0 and bottom <= cap + 1 for top, bottom, cap in marks), marks
        keep(phone, f"cubulus-phone-preview-low-{width}")
        phone.locator(f"{LAYERS} h3").first.tap()
        phone.wait_for_selector(f"{LAYERS} .preview-ball", state="detached")
        hole = phone.locator(f"{LAYERS} [data-legal='{action}']")
        label = hole.get_attribute("aria-label")  # read now: once the move is made the hole is no longer legal
        hole.tap()
        phone.wait_for_selector(f"{LAYERS} .preview-ball")
        hole.tap()
        phone.wait_for_function("(n) => document.querySelector('[data-testid=turn]').dataset.move !== String(n)",
                                arg=number)
        phone.wait_for_function(LOGGED, arg=label)
        # next turn: the button under the caption makes the tapped move too
        wait_turn(phone, "[data-legal]")
        phone.locator(f"{LAYERS} [data-legal]").first.tap()
        number = move_number(phone)
        phone.locator("[data-action=confirm-move]").tap()
        phone.wait_for_function("(n) => document.querySelector('[data-testid=turn]').dataset.move !== String(n)",
                                arg=number)
        fits(phone, width)
        # the cube: square, as wide as the phone allows, brought into sight whole above the move caption
        # (measured inside the page in one go, waiting until the switch has scrolled); it turns under a finger
        phone.locator("[data-action=view-3d]").tap()
        canvas = phone.locator(".cube3d canvas")
        canvas.wait_for()
        phone.wait_for_function("""(width) => {
            const c = document.querySelector('.cube3d canvas').getBoundingClientRect();
            const caption = document.querySelector('[data-testid=preview-caption]').getBoundingClientRect();
            return c.left >= 0 && c.right <= width && c.width >= width - 60 && Math.abs(c.width - c.height) < 2
              && c.top >= 0 && c.bottom <= caption.top + 1; }""", arg=width, timeout=10_000)
        fits(phone, width)
        box = canvas.bounding_box()
        before = canvas.evaluate("e => e.toDataURL()")
        touch_drag(phone, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, 120)
        assert comes_true(phone, "(before) => document.querySelector('.cube3d canvas').toDataURL() !== before",
                          before, polling=100), "the cube did not turn under a finger"
        fits(phone, width)
        keep(phone, f"cubulus-phone-3d-{width}")
        phone.locator("[data-action=view-flat]").tap()
        assert not errors
    finally:
        ctx.close()


SIZES = [(1280, 900), (390, 844), (360, 740)]
"""A desktop and two phones: each language's table is seen at each, resized."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_screenshots_in_every_language_and_size(browser: Any, base_url: str, lang: str) -> None:
    """The previewed move's caption in each language, with no key shown untranslated, on one table seen
    at a desktop's and two phones' sizes with no sideways scroll (a phone's taps: the tests above)."""
    ctx = browser.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]}, locale="en-GB")
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    try:
        create_table(page, base_url, "cubulus", {"first": "0"}, ["you", "bot"])
        set_lang(page, lang)
        wait_turn(page, "[data-legal^=insert]")
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            fits(page, width)
            page.mouse.move(1, 1)
            page.wait_for_selector(f"{LAYERS} .preview-ball", state="detached")
            page.locator(f"{LAYERS} [data-legal^=insert]").nth(3).hover()
            page.wait_for_selector(f"{LAYERS} .preview-ball")
            caption = page.locator(CAPTION).inner_text()
            assert caption and "{" not in caption and "cubulus." not in caption, caption
            if lang != "en":
                assert "ball" not in caption and "layer" not in caption, caption
            fits(page, width)
            keep(page, f"cubulus-preview-{lang}-{width}")
    finally:
        ctx.close()


# ---------------------------------------------------------------- motion, the 3D panel, the score sheet

FIELD_SHOTS = Path("/tmp/shots/field")
MOTION = "() => document.querySelector('[data-testid=layers]').dataset.motion || ''"
NO_PREVIEW = (f"() => !document.querySelector('{CAPTION}').classList.contains('active')"
              f" && !document.querySelector('{LAYERS} .previewed, {LAYERS} g.preview > *')")
"""No move is previewed: the caption says none and the layers mark none (the pointer is off the holes)."""


def snap(page: Any, name: str, full: bool = True) -> None:
    """A screenshot kept as an artifact and in the motion-and-sheets folder when there is one."""
    shot(page, name) if full else page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    if FIELD_SHOTS.is_dir():
        shutil.copy(ARTIFACTS / f"{name}.png", FIELD_SHOTS / f"{name}.png")


def watch_motion(page: Any) -> None:
    """Note in ``window.__motion`` every value the layers' data-motion takes (a busy machine's polling
    may miss a short motion)."""
    page.wait_for_selector(LAYERS)
    page.evaluate("""() => { window.__motion = []; const flat = document.querySelector('[data-testid=layers]');
        new MutationObserver(() => window.__motion.push(flat.dataset.motion || ''))
          .observe(flat, { attributes: true, attributeFilter: ['data-motion'] });
        window.__animated = 0;  // the most Web Animations seen running in one frame
        const look = () => { window.__animated = Math.max(window.__animated, document.getAnimations()
          .filter(a => a.playState === 'running').length); requestAnimationFrame(look); };
        look(); }""")


def our_insert(page: Any) -> str:
    """Make our first legal insert (U10) by click, with the pointer then moved off the layers."""
    wait_turn(page, "[data-legal^=insert]")
    hole = page.locator(f"{LAYERS} [data-legal^=insert]").first
    action = str(hole.get_attribute("data-legal"))
    hole.click()
    page.mouse.move(1, 1)
    return action


def test_a_move_slides_its_balls_at_normal_pace_and_ends_on_the_still_picture(paced_browser: Any,
                                                                             base_url: str) -> None:
    """U10: the pushed balls slide one cell along their line and the new ball comes in at the hole,
    within the pace; once the motion ends the layers are pixel for pixel the ones drawn without it."""
    from tests.web.pages import recording_page
    with recording_page(paced_browser, viewport={"width": 1280, "height": 900}) as page:
        create_table(page, base_url, "cubulus", {"first": "0"}, ["you", "bot"], seed=11)
        page.evaluate("() => localStorage.setItem('tabletop.pace', 'normal')")
        page.reload()
        watch_motion(page)
        our_insert(page)
        page.wait_for_function("() => window.__motion.includes('running')", timeout=10_000)
        # the sampler looks once a frame, and a busy machine's next frame may come late
        page.wait_for_function("() => window.__animated > 0", timeout=10_000)
        snap(page, "cubulus-motion-mid-1280", full=False)
        page.wait_for_function(f"() => ({MOTION})() === 'done'", timeout=10_000)
        # the bot answers at the pace: its move slides too, then everything is still
        page.wait_for_function(f"""() => document.querySelectorAll('[data-testid=layers] [data-legal^=insert]').length
            && document.getAnimations().length === 0 && ({MOTION})() !== 'running'
            && !document.querySelector('.pace-control .catch-up')""", timeout=45_000)
        markup = "() => document.querySelector('[data-testid=layers]').innerHTML"
        page.mouse.move(1, 1)
        page.wait_for_function(NO_PREVIEW)
        moved = page.evaluate(markup)
        page.click("[data-action=view-flat]")  # a redraw of the same state: no motion
        assert page.evaluate(MOTION) == ""
        page.mouse.move(1, 1)
        page.wait_for_function(NO_PREVIEW)
        assert page.evaluate(markup) == moved  # the same drawing, no leftover of the motion
        assert page.evaluate("() => document.getAnimations().length") == 0
        assert not page.errors


@pytest.mark.parametrize("how", ["reduced", "instant"])
def test_no_motion_under_reduced_motion_or_the_instant_pace(paced_browser: Any, base_url: str, how: str) -> None:
    from tests.web.pages import recording_page
    extra = {"reduced_motion": "reduce"} if how == "reduced" else {}
    with recording_page(paced_browser, viewport={"width": 1280, "height": 900}, **extra) as page:
        create_table(page, base_url, "cubulus", {"first": "0"}, ["you", "bot"], seed=12)
        pace = "normal" if how == "reduced" else "instant"
        page.evaluate("(pace) => localStorage.setItem('tabletop.pace', pace)", pace)
        page.reload()
        page.evaluate("""() => { window.__moving = 0; const look = () => {
            window.__moving = Math.max(window.__moving, document.getAnimations().length);
            requestAnimationFrame(look); };
            look(); }""")
        number = move_number(page)
        our_insert(page)
        page.wait_for_function("(n) => +document.querySelector('[data-testid=turn]').dataset.move >= n + 2", arg=number,
                               timeout=45_000)  # ours and the bot's answer
        # nothing to wait for when nothing moves: the bot's answer is drawn, and a motion it started would
        # have been seen by the sampler in the next frames
        frames(page)
        assert page.evaluate("() => window.__moving") == 0
        assert page.evaluate(MOTION) == ""
        assert not page.errors


def test_the_3d_cube_tweens_the_move_in_its_render_loop(paced_browser: Any, base_url: str) -> None:
    from tests.web.pages import recording_page
    with recording_page(paced_browser, viewport={"width": 1280, "height": 900}) as page:
        create_table(page, base_url, "cubulus", {"first": "0"}, ["you", "bot"], seed=13)
        page.evaluate("() => { localStorage.setItem('tabletop.pace', 'slow');"
                      " localStorage.setItem('tabletop.cubulus.view', '3d'); }")
        page.reload()
        page.wait_for_selector(".cube3d canvas")
        page.wait_for_selector(f"{LAYERS} [data-legal^=insert]", state="attached", timeout=45_000)
        page.evaluate("""() => { window.__tween = []; const cube = document.querySelector('.cube3d');
            new MutationObserver(() => window.__tween.push(cube.dataset.motion))
              .observe(cube, { attributes: true, attributeFilter: ['data-motion'] }); }""")
        page.locator(f"{LAYERS} [data-legal^=insert]").first.dispatch_event("click")  # the flat layers are hidden
        page.wait_for_function("() => window.__tween.includes('running')", timeout=10_000)
        snap(page, "cubulus-3d-motion-mid-1280", full=False)
        page.wait_for_function("() => document.querySelector('.cube3d').dataset.motion === 'done'", timeout=10_000)
        assert not page.errors


def test_a_failed_three_js_import_says_so_and_the_flat_layers_still_play(page: Any, base_url: str) -> None:
    page.route("**/vendor/three/**", lambda route: route.fulfill(status=404, body="not here"))
    create_table(page, base_url, "cubulus", {"first": "0"}, ["you", "bot"])
    wait_turn(page, "[data-legal^=insert]")
    page.click("[data-action=view-3d]")
    failed = page.locator("[data-testid=cube3d-failed]")
    failed.wait_for()
    said = failed.inner_text()
    assert "could not be loaded" in said and "flat layers" in said, said
    assert page.locator(".cube3d canvas").count() == 0
    snap(page, "cubulus-3d-failed-1280")
    failed.locator("[data-action=view-flat]").click()
    number = move_number(page)
    page.locator(f"{LAYERS} [data-legal^=insert]").first.click()
    page.wait_for_function("(n) => document.querySelector('[data-testid=turn]').dataset.move !== String(n)", arg=number)
    page.errors.clear()  # the failed module import is reported as an error by the page: expected here


def pinch(page: Any, x: float, y: float, start: float, end: float) -> None:
    """Two fingers on (x ± start/2, y), drawn to (x ± end/2, y), as a touch screen reports them."""
    cdp = page.context.new_cdp_session(page)
    points = lambda gap: [{"x": x - gap / 2, "y": y, "id": 1}, {"x": x + gap / 2, "y": y, "id": 2}]  # noqa: E731
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(start)})
    for step in range(1, 11):
        gap = start + (end - start) * step / 10
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(gap)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_on_a_phone_the_cube_zooms_by_pinch_and_a_pinch_is_never_a_move(phone: Any, base_url: str) -> None:
    create_table(phone, base_url, "cubulus", {"first": "0"}, ["you", "bot"])
    wait_turn(phone, "[data-legal^=insert]")
    phone.locator("[data-action=view-3d]").tap()
    canvas = phone.locator(".cube3d canvas")
    canvas.wait_for()
    box = canvas.bounding_box()
    assert box is not None
    number = move_number(phone)
    pinch(phone, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, 60, 200)
    near = float(phone.locator(".cube3d").get_attribute("data-zoom") or 0)
    assert 0 < near < 9.5, near  # spread: closer than the start
    pinch(phone, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, 200, 40)
    far = float(phone.locator(".cube3d").get_attribute("data-zoom") or 0)
    assert far > near, (near, far)
    assert move_number(phone) == number
    assert not phone.errors


def state_of(page: Any) -> Any:
    """The table's state as the server gives it to anyone (Cubulus hides nothing)."""
    table = page.url.rsplit("/", 1)[1]
    return page.evaluate("(id) => fetch(`/api/tables/${id}/state`).then(r => r.json())", table)


def test_a_whole_game_by_keyboard_alone_to_the_sheet_and_a_rematch(page: Any, base_url: str) -> None:
    """Every move by Tab and Enter in the flat layers (U10, U11), to the game-over screen; its sheet
    gives each seat's squares (U8, U15), balls in the cube and in hand (U1) and moves, as the final
    state has them, and who won with which square; Rematch by keyboard."""
    create_table(page, base_url, "cubulus", {"first": "0", "move_cap": 40}, ["you", "bot"], seed=21)
    page.mouse.move(1, 1)
    moves = 0
    while not is_over(page):
        assert moves < 80, "the game did not end"
        if not page.locator(f"{LAYERS} [data-legal]").count():  # the bot's move: until ours, or the end
            page.wait_for_function(f"() => document.querySelector('{LAYERS} [data-legal]')"
                                   " || !document.querySelector('[data-testid=result]').hidden", timeout=45_000)
            continue
        number = move_number(page)
        assert tab_until(page, f"{LAYERS} [data-legal]", 400), "no legal hole by Tab"
        page.keyboard.press("Enter")
        page.wait_for_function("(n) => document.querySelector('[data-testid=turn]').dataset.move !== String(n)"
                               " || !document.querySelector('[data-testid=result]').hidden", arg=number, timeout=45_000)
        moves += 1
    sheet = page.locator("[data-testid=cubulus-summary]")
    sheet.wait_for()
    view = state_of(page)["view"]
    for seat in range(view["players"]):
        row = sheet.locator(f"tr[data-seat='{seat}']")
        cells = {c: row.locator(f"[data-col={c}]").inner_text() for c in ("squares", "inCube", "inHand", "moves")}
        assert int(cells["inCube"]) == view["board"].count(str(seat))
        assert int(cells["inHand"]) == view["hands"][seat]
        assert int(cells["inCube"]) + int(cells["inHand"]) == 9  # U1: nine balls each, always
        assert int(cells["squares"]) == sum(1 for q in view["squares"] if q["colour"] == seat)
    how = sheet.locator("[data-testid=cub-sheet-how]").inner_text()
    if view["winner"] is not None:
        winning = next(q for q in view["squares"] if q["wins"])
        assert "square" in how or "diamond" in how, how  # the winning square in words (U8) …
        assert not any(cell in how for cell in winning["cells"]), how  # … never its cells in notation: they are ringed
        assert sheet.locator(f"tr[data-seat='{view['winner']}'].won").count() == 1
        ringed = sheet.locator(".cub-face .won-cell").evaluate_all("els => els.map(e => e.dataset.cell).sort()")
        assert ringed == sorted(winning["cells"])
    else:
        assert "draw" in how.lower(), how
    snap(page, "cubulus-sheet-en-1280")
    old = page.url
    assert tab_until(page, "[data-action=rematch]", 400), "no Rematch button by Tab"
    page.keyboard.press("Enter")
    page.wait_for_function("(old) => location.href !== old && location.hash.startsWith('#/table/')", arg=old)
    page.wait_for_selector(f"{LAYERS}")
    assert not page.errors


@pytest.mark.screens  # the other languages only with TABLETOP_ALL_SCREENS=1 (tests/conftest.py)
@pytest.mark.parametrize("lang", ["en", "ru", "ro"])
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844), (360, 740)])
def test_the_sheet_and_motion_screens_in_every_language_and_size(paced_browser: Any, base_url: str, lang: str,
                                                                 width: int, height: int) -> None:
    """A game of bots to its sheet, and a paced move caught mid-motion, flat and 3D, in each language
    and size; no sideways scroll; no key shown untranslated."""
    from tests.web.pages import recording_page
    phone = width < 500
    with recording_page(paced_browser, viewport={"width": width, "height": height}, is_mobile=phone,
                        has_touch=phone) as page:
        page.goto(base_url)
        page.evaluate("(lang) => { localStorage.setItem('tabletop.lang', lang);"
                      " localStorage.setItem('tabletop.pace', 'instant'); }", lang)
        page.reload()
        create_table(page, base_url, "cubulus", {"first": "0"}, ["you", "bot"], seed=31)
        hole = page.locator(f"{LAYERS} [data-legal^=insert]").first
        hole.wait_for(timeout=45_000)  # the bot's nine neutral balls (U13) at once, then the slow pace
        page.select_option("[data-testid=speed]", "slow")
        page.wait_for_function("() => document.querySelector('[data-testid=pace]').dataset.speed === 'slow'")
        watch_motion(page)
        cdp = page.context.new_cdp_session(page)  # the motion slowed twentyfold, to be caught mid-way
        cdp.send("Animation.enable")
        cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.05})
        hole.focus()
        page.keyboard.press("Enter")  # (a phone's first tap only previews)
        page.wait_for_function("() => window.__motion.includes('running')", timeout=45_000)
        page.wait_for_function(f"""() => ({MOTION})() === 'done' || document.querySelector('{LAYERS}')
            .getAnimations({{ subtree: true }}).some((a) => a.effect.getComputedTiming().progress >= 0.2)""",
                               timeout=45_000)  # a fifth of the way (unless the machine lagged past its end)
        snap(page, f"cubulus-motion-{lang}-{width}", full=False)
        fits(page, width)
        cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})
        page.locator("[data-action=view-3d]").click()
        cube_ready(page)
        snap(page, f"cubulus-3d-{lang}-{width}", full=False)
        page.locator("[data-action=view-flat]").click()
        page.evaluate("() => localStorage.setItem('tabletop.pace', 'instant')")
        create_table(page, base_url, "cubulus", {"first": "0", "move_cap": 40}, ["bot", "bot"], seed=32)
        page.locator("[data-testid=cubulus-summary]").wait_for(timeout=60_000)
        text = page.locator("[data-testid=gameover]").inner_text()
        assert "cubulus." not in text and "{" not in text, text
        fits(page, width)
        page.evaluate("() => document.querySelector('[data-testid=cubulus-summary]').scrollIntoView()")
        snap(page, f"cubulus-sheet-{lang}-{width}")
        assert not page.errors
