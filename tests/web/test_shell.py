"""The lobby, the create-table form, languages, the rules pages, two players on two browser
contexts with undo, reconnecting after a reload, hot seat, spectators and refused actions."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest

import tabletop
from tabletop.server.rules import rules_page
from tests.web.pages import LANGUAGES, shot
from tests.web.play import beetle_step, click_and_wait, create_table, move_number

GAMES = tuple(tabletop.REGISTRY)


def test_lobby_shows_the_games_and_every_option(page: Any, base_url: str) -> None:
    page.goto(base_url + "/")
    page.wait_for_selector(".game-card")
    # app.css as the browser parsed it: no @media inside another (the sign of a block left open, which
    # takes every rule after it into a phone-only query: desktops then draw icons 180 px wide)
    nested = page.evaluate("""() => [...document.styleSheets].filter((sheet) => (sheet.href || '').endsWith('app.css'))
        .flatMap((sheet) => [...sheet.cssRules]).filter((rule) => rule instanceof CSSMediaRule
          && [...rule.cssRules].some((inner) => inner instanceof CSSMediaRule)).map((rule) => rule.conditionText)""")
    assert nested == []
    assert page.locator(".game-card").count() == len(GAMES)
    assert page.locator(".game-card .picture svg").count() == len(GAMES)
    shot(page, "lobby")
    games = httpx.get(f"{base_url}/api/games").json()
    for game in games:
        page.goto(f"{base_url}/#/new/{game['name']}")
        page.wait_for_selector("#create-submit")
        for option in game["options"]:
            field = page.locator(f"#opt-{option['name']}")
            assert field.count() == 1, option["name"]
            if option["kind"] == "bool":
                assert field.get_attribute("type") == "checkbox"
                assert field.is_checked() == option["default"]
            elif option["kind"] == "int" and option["choices"] is None:
                assert field.get_attribute("type") == "number"
                assert field.input_value() == str(option["default"])
            help_id = field.get_attribute("aria-describedby")
            assert page.locator(f"#{help_id}").inner_text()
        assert page.locator(".seat-row").count() == int(game["options"][0]["default"])
    shot(page, "create-kubik")
    assert not page.errors


def test_nothing_is_drawn_before_the_games_load_so_a_quick_form_keeps_its_choices(page: Any, base_url: str) -> None:
    """A quick click on a slow connection: the address changes to a form while the games' folders still
    load. The page waits for them and draws the form once, so what the player chooses there is what the
    table gets (a form drawn early was drawn again when they loaded, back to the defaults: Kubik's
    four players instead of the two chosen)."""
    held: list[Any] = []
    page.route("**/js/games/beetle/index.js*", lambda route: held.append(route))  # answered when we say
    page.goto(base_url + "/")
    deadline = time.monotonic() + 20  # (the route's handler runs while the driver waits: a bounded poll)
    while not held:
        assert time.monotonic() < deadline, "the page never asked for Beetle's folder"
        page.wait_for_timeout(50)
    # the router draws on "hashchange", and a form it drew would be there before a task queued after that
    # event's own listeners ran (the games' list is cached): no time to wait, an event that proves the absence
    page.evaluate("""() => new Promise((done) => {
        addEventListener('hashchange', () => setTimeout(done, 0), { once: true });
        location.hash = '#/new/kubik'; })""")
    assert page.locator("#create-submit").count() == 0  # still loading: no form to fill and lose
    held[0].continue_()
    page.wait_for_selector("#create-submit")
    page.fill("#opt-players", "2")
    page.select_option("#opt-throws", "calibrated")
    page.fill("#opt-target", "40")
    page.click("#create-submit")
    page.wait_for_url(re.compile(r"#/table/"))
    table = page.url.rsplit("/", 1)[1]
    options = httpx.get(f"{base_url}/api/tables/{table}").json()["options"]
    assert (options["players"], options["throws"], options["target"]) == (2, "calibrated", 40), options
    assert not page.errors


def test_language_switch_changes_texts_and_is_remembered(page: Any, base_url: str) -> None:
    page.goto(base_url + "/")
    page.wait_for_selector(".game-card")
    assert page.locator("#games-h").inner_text() == "Games"
    page.select_option("#lang", "ru")
    page.wait_for_function("() => document.querySelector('#games-h').textContent === 'Игры'")
    assert page.locator("html").get_attribute("lang") == "ru"
    page.reload()
    page.wait_for_selector(".game-card")
    assert page.locator("#games-h").inner_text() == "Игры"
    assert page.locator("#lang").input_value() == "ru"
    page.goto(base_url + "/#/rules/cubulus")
    page.wait_for_selector(".rules-text h3")
    assert "Куб" in page.locator(".rules-text").inner_text()
    page.select_option("#lang", "ro")
    page.wait_for_function("() => document.querySelector('.rules-text').textContent.includes('Cubul')")
    shot(page, "rules-ro")
    page.select_option("#lang", "en")
    page.wait_for_function("() => document.querySelector('.rules-text').textContent.includes('The cube')")
    missing = page.evaluate("async () => (await import('/js/i18n.js')).missingKeys()")
    assert missing == {"en": [], "ru": [], "ro": []}
    assert not page.errors


def test_rules_pages_exist_in_every_language() -> None:
    for lang in ("en", "ru", "ro"):
        for game in GAMES:
            page = rules_page(tabletop.REGISTRY[game], lang)
            assert page is not None, (lang, game)
            text = page.read_text(encoding="utf-8")
            assert text.count("<h3>") >= 4, (lang, game)


@pytest.mark.slow
def test_two_players_on_two_contexts_with_undo(browser: Any, base_url: str) -> None:
    first = browser.new_context(viewport={"width": 1100, "height": 900})
    second = browser.new_context(viewport={"width": 420, "height": 860}, is_mobile=True, has_touch=True)
    try:
        ann = first.new_page()
        create_table(ann, base_url, "cubulus", {"first": "0"}, ["you", "friend"])
        link = ann.locator(".invite-url").input_value()
        assert "#/join/" in link
        ann.click("[data-action=to-table]")
        ann.wait_for_selector("[data-testid=turn]")
        bob = second.new_page()
        bob.goto(link)
        bob.wait_for_url(re.compile(r"#/table/"))
        # Bob, who does not start, places the nine neutral balls (U13)
        for _ in range(9):
            bob.wait_for_selector("[data-testid=layers] .cell.hole")
            assert click_and_wait(bob, "[data-testid=layers] .cell.hole")
        ann.wait_for_selector("[data-testid=layers] [data-legal]")
        assert click_and_wait(ann, "[data-testid=layers] [data-legal^=insert]")
        move = move_number(ann)
        bob.wait_for_function(f"() => document.querySelector('[data-testid=turn]').dataset.move === '{move}'")
        # Ann takes it back; Bob agrees; the undo is one more event in the log and the move is gone
        ann.click("[data-action=undo]")
        bob.wait_for_selector("[data-action=agree-undo]")
        shot(bob, "two-players-phone")
        bob.click("[data-action=agree-undo]")
        ann.wait_for_function(f"() => document.querySelector('[data-testid=turn]').dataset.move === '{move + 1}'")
        assert ann.inner_text("[data-testid=turn]") == "Your turn"
        assert click_and_wait(ann, "[data-testid=layers] [data-legal^=insert]")
        bob.wait_for_selector("[data-testid=layers] [data-legal]")
        assert click_and_wait(bob, "[data-testid=layers] [data-legal]")
        assert ann.locator("[data-testid=log] li").count() == bob.locator("[data-testid=log] li").count()
        shot(ann, "two-players")
    finally:
        first.close()
        second.close()


def test_reload_reconnects_and_refusals_are_shown(page: Any, context: Any, base_url: str) -> None:
    table = create_table(page, base_url, "beetle", {}, ["you", "bot"])
    page.wait_for_selector("[data-action=roll]")
    for _ in range(3):
        beetle_step(page)
    page.wait_for_selector("[data-action=roll]")
    before = move_number(page)
    page.reload()
    page.wait_for_selector("[data-action=roll]")  # the seat token in localStorage reconnects the seat
    assert move_number(page) == before
    assert page.inner_text("[data-testid=turn]") == "Your turn"
    # a second click on the same button carries a stale move number: the server refuses, we say why
    page.evaluate("() => { const b = document.querySelector('[data-action=roll]'); b.click(); b.click(); }")
    page.wait_for_selector("[role=alert]:not([hidden])")
    assert "The table has moved on" in page.inner_text("[role=alert]")
    assert page.get_attribute("[role=alert]", "data-code") == "stale_move"
    # the refusal is data (a code and params): a Russian reader reads it in Russian, numbers and all
    page.select_option("#lang", "ru")
    page.wait_for_selector("[data-action=roll]")
    page.evaluate("() => { const b = document.querySelector('[data-action=roll]'); b.click(); b.click(); }")
    page.wait_for_function("() => document.querySelector('[role=alert]:not([hidden])')?.textContent"
                           ".includes('За столом уже другой ход')")
    said = page.inner_text("[role=alert]")
    assert said.startswith("Нельзя") and "stale" not in said, said
    page.select_option("#lang", "en")
    # a spectator sees the table but cannot act
    watcher = context.browser.new_context().new_page()
    watcher.goto(f"{base_url}/#/watch/{table}")
    watcher.wait_for_function("() => document.querySelector('[data-testid=turn]')?.textContent.includes('watching')")
    assert watcher.locator("[data-action=roll]").count() == 0
    watcher.context.close()
    assert not page.errors


def test_hot_seat_plays_both_seats_from_one_browser(page: Any, base_url: str) -> None:
    create_table(page, base_url, "beetle", {}, ["local", "local"])
    page.wait_for_selector("[data-action=roll]")
    seen = set()
    for _ in range(6):
        seen.add(page.inner_text("[data-testid=turn]"))
        assert beetle_step(page)
        page.wait_for_selector("[data-action=roll]")
    assert any("hot-seat" in text for text in seen)
    shot(page, "hot-seat")
    assert not page.errors


def test_hot_seat_names_typed_at_creation_stay_on_their_seats(page: Any, base_url: str) -> None:
    """Each hot-seat seat keeps the name typed for it (not the creator's name on every seat)."""
    page.goto(f"{base_url}/#/new/kubik")
    page.wait_for_selector("#create-submit")
    page.fill("#player-name", "Ann")
    page.select_option("#opt-throws", "manual")
    names = ["Ann", "Bob", "Cleo", "Dan"]
    for i, name in enumerate(names):
        page.select_option(f"select[name=seat-{i}-kind]", "local")
        page.fill(f"input[name=seat-{i}-name]", name)
    page.click("#create-submit")
    page.wait_for_selector("[data-testid=turn]")
    page.wait_for_function("() => document.body.innerText.includes('Dan')")
    text = page.inner_text("body")
    assert all(name in text for name in names), text
    assert not page.errors


def test_a_choice_of_seats_is_labelled_as_seats_and_offers_only_the_tables_seats(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/#/new/cubulus")
    page.wait_for_selector("#opt-first")
    labels = page.locator("#opt-first option").all_inner_texts()
    assert labels == ["drawn at random", "Seat 1", "Seat 2"], labels  # two players: no seat 3
    page.fill("#opt-players", "3")
    page.wait_for_function("() => document.querySelectorAll('#opt-first option').length === 4")
    assert page.locator("#opt-first option").all_inner_texts()[-1] == "Seat 3"
    assert not page.errors


def test_open_tables_can_be_joined_from_the_lobby(page: Any, context: Any, base_url: str) -> None:
    """A seat its creator opened to anyone is joined from the lobby; a friend's seat never is (issue 45, item 5)."""
    invitation = create_table(page, base_url, "cubulus", {}, ["you", "friend"])
    reserved = httpx.get(f"{base_url}/api/tables").json()["tables"]
    table = create_table(page, base_url, "cubulus", {}, ["you", "anyone"])
    assert [s["open"] for s in httpx.get(f"{base_url}/api/tables/{table}").json()["seats"]] == [False, True]
    other = context.browser.new_context().new_page()
    other.goto(base_url + "/")
    join = other.locator(f"li[data-table='{table}'] [data-action=join]")
    for _ in range(20):  # the lobby is read again within a second of a new table (a page read just before is kept)
        if join.count():
            break
        other.locator("button", has_text="Refresh").click()
        other.wait_for_timeout(250)
    assert invitation and all(other.locator(f"li[data-table='{line['id']}'] [data-action=join]").count() == 0
                              for line in reserved)
    other.locator(f"li[data-table='{table}'] [data-action=join]").click()
    other.wait_for_url(re.compile(r"#/table/"))
    other.wait_for_selector("[data-testid=turn][data-move]")
    assert "watching" not in other.inner_text("[data-testid=turn]")
    other.context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_chosen_seed_at_a_table_with_a_friends_seat_is_refused_on_the_form(page: Any, base_url: str,
                                                                            lang: str) -> None:
    """A seed someone chose would tell them every deal: only practice tables take one (server hardening)."""
    page.goto(f"{base_url}/#/")
    page.evaluate(f"() => localStorage.setItem('tabletop.lang', '{lang}')")  # the page starts in it: no
    page.reload()  # redraw for a language change can come between filling the form and sending it
    page.locator("[data-game=cribbage] [data-action=new]").click()
    page.wait_for_selector("#create-submit")
    page.select_option("select[name=seat-1-kind]", "friend")
    page.fill("#seed", "7")
    page.click("#create-submit")
    banner = page.wait_for_selector(".create .banner.error")
    expected = {"en": "practice tables", "ru": "только для тренировки", "ro": "doar pentru antrenament"}[lang]
    assert expected in banner.inner_text()
    assert page.locator(".invite-url").count() == 0  # no table was made
    shot(page, f"create-seed-refused-{lang}")
    page.set_viewport_size({"width": 360, "height": 740})
    shot(page, f"create-seed-refused-{lang}-phone")
    page.set_viewport_size({"width": 1200, "height": 900})
    page.select_option("#lang", "en")
