"""Replays that read well (issue #17, item 5): a finished game steps by whole moves — a cribbage deal's
cards together, the discards with the starter, each pegging card, the show (C5, C7, C8, C13) — or
action by action on demand; it plays itself at a speed and pauses; ←/→, Home/End and Space drive it;
its icons are SVG that draw in any browser; each stop is one request, the next one asked for ahead
while playing, and a late answer never replaces a newer position; phones do not scroll sideways.
Screenshots at three sizes in three languages go to /tmp/shots/replay/."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.web.a11y import serious_violations
from tests.web.js.replay_logs_fixture import FIXTURE, text
from tests.web.play import finished_by_bots

pytestmark = pytest.mark.xdist_group("replay")  # one bots' game (module fixture), not per worker

SHOTS = Path("/tmp/shots/replay")
SIZES = {"desktop": (1280, 800), "phone": (390, 844), "small": (360, 740)}
POSITION = "[data-testid=replay-position]"


@pytest.fixture(scope="module")
def cribbage(base_url: str) -> dict[str, Any]:
    """A finished two-bot cribbage game to 31 (a few deals): its id and its whole log, nothing hidden."""
    created = httpx.post(f"{base_url}/api/tables", json={
        "game": "cribbage", "options": {"target": 31}, "seats": [{"kind": "bot", "bot": "easy"}] * 2, "seed": 5},
        timeout=30)
    assert created.status_code == 201, created.text
    table = created.json()["table"]["id"]
    finished_by_bots(base_url, table, seconds=240)  # (bots on a busy machine)
    moves = len(httpx.get(f"{base_url}/api/tables/{table}/record", timeout=30).json()["actions"])
    # a replay is rebuilt in the expensive-work pool: seconds on a busy machine, beyond httpx's default 5 s
    log = httpx.get(f"{base_url}/api/tables/{table}/replay/{moves}", timeout=30).json()["log"]
    return {"id": table, "log": log, "moves": moves}


def where(page: Any) -> dict[str, int]:
    """The replay's position as its readout carries it: the actions taken, the step, and how many of each."""
    data = page.locator(POSITION).evaluate("e => ({...e.dataset})")
    return {key: int(data[key]) for key in ("move", "moves", "step", "steps", "fine")}


def at_move(page: Any, move: int) -> None:
    page.wait_for_function(f"() => document.querySelector('{POSITION}')?.dataset.move === '{move}'")


def paused(page: Any, yes: bool) -> None:
    """Wait until the replay is paused (``yes``) or playing."""
    page.wait_for_function("([on]) => document.querySelector('[data-action=play]').dataset.playing === on",
                           arg=["false" if yes else "true"])


def open_replay(page: Any, base: str, table: str, move: int | None = None) -> None:
    page.goto(f"{base}/#/replay/{table}" + ("" if move is None else f"/{move}"))
    page.wait_for_selector(f"{POSITION}[data-move]")


def chance_run(log: list[dict[str, Any]], start: int) -> int:
    """The position after the decision at ``start`` and the chance that follows it... or, from a chance
    entry, after the run of chance (a deal)."""
    end = start + 1
    while end < len(log) and log[end]["seat"] < 0:
        end += 1
    return end


def test_a_cribbage_game_replays_deal_by_deal(page: Any, base_url: str, cribbage: dict[str, Any]) -> None:
    log = cribbage["log"]
    open_replay(page, base_url, cribbage["id"])
    start = where(page)
    assert start["move"] == 0 and start["step"] == 0
    decisions = sum(1 for entry in log if entry["seat"] >= 0)
    assert start["steps"] <= decisions < len(log)  # about one a decision, not one a card dealt
    assert start["steps"] < len(log) / 2
    page.click("[data-action=next]")
    dealt = chance_run(log, 0)  # the cut and the twelve cards dealt (C5, C6): one step
    at_move(page, dealt)
    assert page.locator("[data-testid=hand] .card").count() == 6
    assert page.locator(POSITION).inner_text().startswith("Deal 1 · step 1 of ")
    assert "gets" in page.locator("[data-testid=replay-step]").inner_text()  # the cards dealt to the viewer
    page.click("[data-action=next]")
    at_move(page, dealt + 3)  # both discards to the crib and the starter (C5, C7)
    assert [e["action"].split()[0] for e in log[dealt:dealt + 3]] == ["discard", "discard", "starter"]
    page.click("[data-action=next]")
    at_move(page, dealt + 4)  # one card of the pegging (C8)
    assert page.locator(".replay .log li.current").count() == 1
    # the log reads in sentences in the table's own type, not a program's monospace
    assert page.locator(".replay .log").evaluate("e => getComputedStyle(e).fontFamily") == page.locator(
        "body").evaluate("e => getComputedStyle(e).fontFamily")
    page.click("[data-action=prev]")
    at_move(page, dealt + 3)
    page.click("[data-action=last]")
    at_move(page, len(log))
    assert page.locator(".replay .banner.result").is_visible()
    assert "Deal " in page.locator(POSITION).inner_text()
    assert not page.errors


def test_fine_steps_go_action_by_action_and_back_to_whole_moves(page: Any, base_url: str,
                                                               cribbage: dict[str, Any]) -> None:
    open_replay(page, base_url, cribbage["id"])
    whole = where(page)["steps"]
    page.check("[data-testid=replay-fine]")
    page.wait_for_function(f"() => document.querySelector('{POSITION}').dataset.fine === '1'")
    assert where(page)["steps"] == cribbage["moves"]
    page.click("[data-action=next]")
    at_move(page, 1)  # one card cut (C6), on its own
    assert page.locator(POSITION).inner_text().startswith("Deal 1 · action 1 of ")
    page.click("[data-action=next]")
    at_move(page, 2)
    page.reload()  # remembered
    page.wait_for_selector(f"{POSITION}[data-move='2']")
    assert where(page)["fine"] == 1
    page.uncheck("[data-testid=replay-fine]")
    page.wait_for_function(f"() => document.querySelector('{POSITION}').dataset.fine === '0'")
    assert where(page)["steps"] == whole
    page.click("[data-action=next]")  # from inside the deal: to its end
    at_move(page, chance_run(cribbage["log"], 0))
    assert not page.errors


def finished(base: str, game: str, options: dict[str, Any], bots: int, seed: int) -> tuple[str, list[dict[str, Any]]]:
    """A finished all-bot game of ``game``: its id and its whole log."""
    created = httpx.post(f"{base}/api/tables", json={
        "game": game, "options": options, "seats": [{"kind": "bot", "bot": "easy"}] * bots, "seed": seed})
    assert created.status_code == 201, created.text
    table = created.json()["table"]["id"]
    finished_by_bots(base, table)
    moves = len(httpx.get(f"{base}/api/tables/{table}/record").json()["actions"])
    return table, httpx.get(f"{base}/api/tables/{table}/replay/{moves}").json()["log"]


def test_beetle_replays_round_by_round_and_kubik_throw_by_throw_with_its_interception(page: Any,
                                                                                      base_url: str) -> None:
    """Beetle: a step is a round, every player's roll with its face (B5, B6: the roll-off first); Kubik: a
    step is a throw with what answers it — who stands to intercept, the throw, what it did (K19, K7, K9)."""
    table, log = finished(base_url, "beetle", {}, 3, seed=4)
    open_replay(page, base_url, table)
    assert where(page)["steps"] < len(log) / 4
    page.click("[data-action=next]")
    at_move(page, 6)  # the roll-off: all three roll (B6)
    assert page.locator("[data-testid=replay-step] span").count() == 3  # each roll and its face told as one line
    table, log = finished(base_url, "kubik", {"throws": "calibrated", "interception": True, "target": 10}, 2, seed=2)
    open_replay(page, base_url, table)
    page.click("[data-action=next]")
    at_move(page, 1)  # the lot (K5)
    page.click("[data-action=next]")
    page.wait_for_function(f"() => +document.querySelector('{POSITION}').dataset.move >= 4")
    step = log[1:where(page)["move"]]
    assert [entry["action"].split(" ")[0] for entry in step][:2] in (["pass", "throw"], ["intercept", "throw"])
    assert page.locator("[data-testid=replay-step] span").count() == len(step)
    page.check("[data-testid=replay-fine]")  # every action on demand
    page.wait_for_function(f"() => document.querySelector('{POSITION}').dataset.fine === '1'")
    assert where(page)["steps"] == len(log)
    page.uncheck("[data-testid=replay-fine]")
    assert not page.errors


def test_autoplay_advances_step_by_step_and_pauses(page: Any, base_url: str, cribbage: dict[str, Any]) -> None:
    page.clock.install()  # the page's timers, on a clock that runs as time does until the test runs it on
    open_replay(page, base_url, cribbage["id"])
    page.select_option("[data-testid=replay-speed]", "fast")
    asked: list[int] = []
    page.on("request", lambda r: asked.append(int(m.group(1))) if (m := re.search(r"/replay/(\d+)$", r.url)) else None)
    page.click("[data-action=play]")
    assert page.get_attribute("[data-action=play]", "data-playing") == "true"
    assert page.locator("[data-action=play]").inner_text().strip() == "Pause"
    first = chance_run(cribbage["log"], 0)
    at_move(page, first)
    at_move(page, first + 3)  # the next step: both discards and the starter
    second = first + 3
    assert second in asked and asked.index(second) < len(asked) - 1  # the step after it was asked for ahead
    page.wait_for_function(f"() => Number(document.querySelector('{POSITION}').dataset.step) >= 3")
    page.click("[data-action=play]")  # pause
    assert page.get_attribute("[data-action=play]", "data-playing") == "false"
    stopped = where(page)["move"]
    page.clock.run_for(2500)  # more than two steps at this speed, every timer due in them run at once
    assert where(page)["move"] == stopped
    assert page.locator(".replay[aria-busy=true]").count() == 0  # nor is a step on its way
    page.select_option("[data-testid=replay-speed]", "slow")
    page.reload()
    page.wait_for_selector(f"{POSITION}[data-move]")
    assert page.locator("[data-testid=replay-speed]").input_value() == "slow"  # remembered
    assert not page.errors


def test_autoplay_stops_at_the_end_and_starts_again_from_the_start(page: Any, base_url: str,
                                                                  cribbage: dict[str, Any]) -> None:
    moves = cribbage["moves"]
    steps_left = 2
    open_replay(page, base_url, cribbage["id"])
    page.keyboard.press("End")
    at_move(page, moves)
    for _ in range(steps_left):
        page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"() => document.querySelector('{POSITION}').dataset.step === "
                           f"String(Number(document.querySelector('{POSITION}').dataset.steps) - {steps_left})")
    page.select_option("[data-testid=replay-speed]", "fast")
    page.click("[data-action=play]")
    at_move(page, moves)
    paused(page, True)
    assert page.locator("[data-action=next]").is_disabled()
    page.click("[data-action=play]")  # at the end: from the start again
    page.wait_for_function(f"() => Number(document.querySelector('{POSITION}').dataset.move) < {moves}")
    page.click("[data-action=play]")
    assert not page.errors


def test_keyboard_shortcuts(page: Any, base_url: str, cribbage: dict[str, Any]) -> None:
    open_replay(page, base_url, cribbage["id"])
    dealt = chance_run(cribbage["log"], 0)
    page.keyboard.press("ArrowRight")
    at_move(page, dealt)
    page.keyboard.press("Shift+ArrowRight")  # one action, whatever the steps
    at_move(page, dealt + 1)
    page.keyboard.press("ArrowRight")
    at_move(page, dealt + 3)
    page.keyboard.press("Shift+ArrowLeft")
    at_move(page, dealt + 2)
    page.keyboard.press("ArrowLeft")
    at_move(page, dealt)
    page.keyboard.press("End")
    at_move(page, cribbage["moves"])
    page.keyboard.press("Home")
    at_move(page, 0)
    page.select_option("[data-testid=replay-speed]", "fast")
    page.locator("h2").click()  # the focus off the select: keys drive the replay again
    page.keyboard.press("Space")
    paused(page, False)
    at_move(page, dealt)
    page.keyboard.press("Space")
    paused(page, True)
    assert page.evaluate("() => scrollY") == 0  # Space and End did not scroll the page
    for action, keys in (("first", "Home"), ("prev", "ArrowLeft"), ("play", "Space"), ("next", "ArrowRight"),
                         ("last", "End")):
        assert page.get_attribute(f"[data-action={action}]", "aria-keyshortcuts") == keys
    assert not page.errors


def test_the_icons_are_svg_and_draw(page: Any, base_url: str, cribbage: dict[str, Any]) -> None:
    """No font glyphs (⏮ ⏭ are empty boxes where no font has them): each control shows an SVG path of
    real size, and is named for screen readers."""
    open_replay(page, base_url, cribbage["id"], 20)
    names = {"first": "Start", "prev": "Back", "play": "Play", "next": "Forward", "last": "End"}
    for action, name in names.items():
        control = page.locator(f"[data-action={action}]")
        svg = control.locator("svg.icon")
        assert svg.count() == 1 and svg.get_attribute("aria-hidden") == "true"
        box = svg.locator("path").bounding_box()
        assert box is not None and box["width"] > 8 and box["height"] > 8, (action, box)
        assert control.evaluate("e => getComputedStyle(e.querySelector('path')).fill") != "none"
        assert page.get_by_role("button", name=name, exact=True).count() == 1
    glyphs = page.locator(".replay").inner_text()
    assert not re.search("[⏮⏭⏯⏸◀▶]", glyphs), glyphs
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".replay-controls").screenshot(path=str(SHOTS / "icons.png"))
    assert not page.errors


def test_a_late_answer_never_replaces_a_newer_position(page: Any, base_url: str, cribbage: dict[str, Any]) -> None:
    open_replay(page, base_url, cribbage["id"])
    dealt = chance_run(cribbage["log"], 0)
    held: list[Any] = []  # this step's answer, held until the newer one is on screen: it comes last
    page.route(re.compile(rf"/replay/{dealt}$"), lambda route: held.append(route))
    answers = int(page.locator(".replay").get_attribute("data-answers") or 0)
    page.keyboard.press("ArrowRight")  # asks for the deal's end (held) …
    page.keyboard.press("End")  # … then for the end, which comes first
    at_move(page, cribbage["moves"])
    assert len(held) == 1, held
    held[0].continue_()
    # the page counts the answers it had, used or stale (js/replay.js): both are in once it has two more
    page.wait_for_function("(n) => Number(document.querySelector('.replay').dataset.answers) >= n", arg=answers + 2)
    assert where(page)["move"] == cribbage["moves"]  # (read after the late answer was handled)
    assert page.locator(".replay .banner.result").is_visible()
    assert not page.errors


def test_a_link_shows_the_same_moment(page: Any, base_url: str, cribbage: dict[str, Any]) -> None:
    open_replay(page, base_url, cribbage["id"], 20)
    assert where(page)["move"] == 20
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => document.querySelector('{POSITION}').dataset.move !== '20'")
    moved = where(page)["move"]
    assert page.url.endswith(f"#/replay/{cribbage['id']}/{moved}")
    page.goto(f"{base_url}/#/")
    page.wait_for_selector("[data-game]")
    page.go_back()
    page.wait_for_selector(f"{POSITION}[data-move='{moved}']")
    assert not page.errors


def test_the_cards_dealt_are_the_chosen_seats(page: Any, base_url: str, cribbage: dict[str, Any]) -> None:
    """Through each seat's eyes the deal's step names that seat and shows the cards dealt to it (C5)."""
    log = cribbage["log"]
    dealt = chance_run(log, 0)
    open_replay(page, base_url, cribbage["id"], dealt)
    for seat, name in ((1, "Bot 2 · easy"), (0, "Bot 1 · easy")):
        page.select_option("[data-testid=replay-seat]", str(seat))
        cards = sorted(e["card"] for entry in log[:dealt] for e in entry["events"]
                       if e["kind"] == "dealt" and e["seat"] == seat)
        assert len(cards) == 6
        page.wait_for_function("([n]) => document.querySelector('[data-testid=replay-step]').textContent.includes(n)",
                               arg=[f"{name} gets"])
        hand = page.locator("[data-testid=hand] .card").evaluate_all("els => els.map(e => e.dataset.card)")
        assert sorted(hand) == cards, (seat, hand, cards)
    assert where(page)["move"] == dealt  # the position stays
    assert serious_violations(page) == []
    assert not page.errors


def test_the_seat_to_move_and_its_clock_are_marked_by_svg_icons(page: Any, base_url: str) -> None:
    """The table's ▶ beside the seat to move and ⏱ before its time are the same SVG icons (no font glyphs).
    The seat list is redrawn with every state and the clock every quarter second, so each icon is found
    and measured in one go inside the page (never found, then measured after it may have been replaced),
    and the picture is taken of the box as it is, not after waiting for a ticking clock to hold still."""
    created = httpx.post(f"{base_url}/api/tables", json={
        "game": "cubulus", "options": {"first": "0"}, "move_seconds": 600, "creator_seat": 0,
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "easy"}]}).json()
    table, token = created["table"]["id"], created["tokens"]["0"]
    page.goto(f"{base_url}/#/")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  ["tabletop.seats", json.dumps({table: {"0": token}})])
    page.goto(f"{base_url}/#/table/{table}")
    for selector in ("li.to-move .seat-dot svg.icon[data-icon=turn]",
                     "li.to-move [data-clock] svg.icon[data-icon=clock]"):
        page.wait_for_function("(sel) => { const icon = document.querySelector(sel); if (!icon) return false;"
                               " const r = icon.getBoundingClientRect();"
                               " return r.width > 5 && r.height > 5 && r.width < 40; }",  # the text's size
                               arg=selector, timeout=60_000)
    expect(page.locator("li.to-move")).not_to_contain_text(re.compile("[▶⏱]"))
    SHOTS.mkdir(parents=True, exist_ok=True)  # the seats' box as it is now (its clock ticks: it never holds still
    box = page.evaluate("() => { const r = document.querySelector('.seats-box').getBoundingClientRect();"  # for a wait)
                        " return {x: r.x, y: r.y, width: r.width, height: r.height}; }")
    page.screenshot(path=str(SHOTS / "seat-to-move.png"), clip=box)
    assert not page.errors


@pytest.mark.screens  # the other languages only with TABLETOP_ALL_SCREENS=1 (tests/conftest.py)
@pytest.mark.parametrize("lang", ["en", "ru", "ro"])
def test_screens_at_every_size_and_language(browser: Any, base_url: str, cribbage: dict[str, Any], lang: str) -> None:
    """Pictures at desktop and phone sizes (looked at by hand); nothing wider than the screen; the
    readout in the reader's language."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    dealt = chance_run(cribbage["log"], 0)
    words = {"en": "Deal 2", "ru": "Сдача 2", "ro": "Împărțirea 2"}[lang]
    for size, (width, height) in SIZES.items():
        context = browser.new_context(viewport={"width": width, "height": height}, locale="en-GB",
                                      is_mobile=width < 500, has_touch=width < 500)
        try:
            page = context.new_page()
            page.goto(f"{base_url}/#/")
            page.evaluate("lang => localStorage.setItem('tabletop.lang', lang)", lang)
            page.goto(f"{base_url}/#/replay/{cribbage['id']}/{dealt + 5}")
            page.reload()  # in the language chosen
            page.wait_for_selector(f"{POSITION}[data-move='{dealt + 5}']")
            assert page.locator("[data-action=play]").get_attribute("title") == {
                "en": "Play", "ru": "Воспроизвести", "ro": "Redă"}[lang]
            page.screenshot(path=str(SHOTS / f"pegging-{lang}-{size}.png"), full_page=True)
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width, size
            for action in ("first", "prev", "play", "next", "last"):
                box = page.locator(f"[data-action={action}]").bounding_box()
                assert box and box["x"] >= 0 and box["x"] + box["width"] <= width and box["height"] >= 44, (size, box)
            later = next(i for i, e in enumerate(cribbage["log"]) if i > dealt and e["action"].startswith("deal"))
            page.goto(f"{base_url}/#/replay/{cribbage['id']}/{chance_run(cribbage['log'], later)}")
            page.reload()
            page.wait_for_function(f"() => document.querySelector('{POSITION}')?.textContent.startsWith('{words}')")
            page.screenshot(path=str(SHOTS / f"deal-{lang}-{size}.png"), full_page=True)
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width, size
        finally:
            context.close()


def test_the_logs_of_the_unit_tests_are_up_to_date() -> None:
    assert FIXTURE.read_text() == text(), "run: PYTHONPATH=src python tests/web/js/replay_logs_fixture.py"
    assert set(json.loads(FIXTURE.read_text())) >= {"cribbage"}
