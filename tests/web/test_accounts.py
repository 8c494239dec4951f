"""Accounts in a real browser (issue 45 items 1–3): signing up shows the recovery codes once; a signed-in
player's seat comes back on another device with no token carried; the account page lists the devices
signed in and signs one out; a game resigned from "My games" on the other device reaches the profile.

Each test uses browser contexts of its own (a context is a device: its own cookies and localStorage).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx

from tests.web.accounts import PASSWORD, play_bots, resign_from_my_games, sign_in, sign_up, username
from tests.web.play import cubulus_step, move_number


def test_sign_up_shows_eight_codes_once_and_the_header_names_the_player(devices: Any, base_url: str) -> None:
    """Issue 45 item 1: recovery codes at sign-up, shown once; the account is who the header says."""
    page = devices()
    name = username()
    codes = sign_up(page, base_url, name)
    assert len(codes) == 8 and len(set(codes)) == 8
    assert all(re.fullmatch(r"[0-9a-f]{5}-[0-9a-f]{5}", code) for code in codes)
    assert page.locator("[data-testid=account-link]").inner_text().strip() == name
    page.click("[data-action=codes-saved]")
    page.goto(f"{base_url}/#/account")
    page.wait_for_selector("[data-testid=sessions] li")
    assert "8 recovery codes left" in page.locator(".account-page").inner_text()
    assert not page.locator(".recovery-codes").count(), "the codes are shown at sign-up only"


def test_a_seat_follows_its_account_to_another_device(devices: Any, base_url: str) -> None:
    """Issue 45 items 2 and 3: a table created signed in comes back, under "My games", on another device that
    signs in (no token there); the player moves from it, and the seat shows the account's name."""
    first = devices()
    name = username()
    sign_up(first, base_url, name)
    first.click("[data-action=codes-saved]")
    table = play_bots(first, base_url)
    seats = httpx.get(f"{base_url}/api/tables/{table}").json()["seats"]
    assert seats[0]["name"] == name, "a seat bound to an account shows its username"

    other = devices()
    sign_in(other, base_url, name)
    other.goto(f"{base_url}/#/mine")
    line = other.locator(f"[data-testid=my-tables] li[data-table='{table}']")
    line.wait_for()
    assert other.locator("#mine-h").inner_text() == "My games"
    if line.get_attribute("data-your-move"):
        assert "your move" in line.inner_text()
    assert not other.evaluate("localStorage.getItem('tabletop.seats')"), "no token was carried"
    line.locator("[data-action=resume]").click()
    other.wait_for_selector("[data-testid=board]")
    other.wait_for_function("() => document.querySelector('[data-testid=turn]').textContent.length > 0")
    before = move_number(other)
    for _ in range(200):
        if cubulus_step(other):
            break
        other.wait_for_timeout(100)
    assert move_number(other) > before, "the other device played the account's seat"


def test_the_account_page_signs_out_another_device(devices: Any, base_url: str) -> None:
    """Issue 45 item 1: the account page lists each session; signing one out ends it on that device."""
    phone = devices()
    name = username()
    sign_up(phone, base_url, name)
    laptop = devices()
    sign_in(laptop, base_url, name)
    laptop.goto(f"{base_url}/#/account")
    sessions = laptop.locator("[data-testid=sessions] li")
    sessions.nth(1).wait_for()
    assert sessions.count() == 2
    assert "this device" in laptop.locator("[data-testid=sessions] li[data-current]").inner_text()
    laptop.locator("[data-testid=sessions] li:not([data-current]) [data-action=close-session]").click()
    laptop.wait_for_function("() => document.querySelectorAll('[data-testid=sessions] li').length === 1")
    phone.goto(f"{base_url}/#/account")
    phone.reload()
    phone.wait_for_selector("[data-testid=account-link]:text-is('Sign in')")


def test_resigned_from_my_games_on_another_device_reaches_the_profile(devices: Any, base_url: str) -> None:
    """Issue 45 items 2 and 3: "My games" resigns the account's game with no token held (the cookie speaks
    for the seat), and the profile counts the game: played, not won, seen through (resigning is not leaving)."""
    first = devices()
    name = username()
    sign_up(first, base_url, name)
    first.click("[data-action=codes-saved]")
    table = play_bots(first, base_url)
    other = devices()
    sign_in(other, base_url, name)
    resign_from_my_games(other, base_url, table)
    other.goto(f"{base_url}/#/player/{name}")
    other.wait_for_selector("[data-testid=per-game] tr[data-game=cubulus]")
    row = other.locator("[data-testid=per-game] tr[data-game=cubulus] td").all_inner_texts()
    assert row == ["1", "0", "0"]
    assert other.locator("[data-testid=completion]").inner_text().endswith("100%")
    other.locator(f"li[data-table='{table}'] a").click()
    other.wait_for_url(re.compile(rf"#/replay/{table}"))


def test_a_wrong_password_says_so_in_the_readers_language(devices: Any, base_url: str) -> None:
    """Issue 45 item 1: a refusal is worded, and an unknown name answers as a wrong password does."""
    page = devices()
    page.add_init_script("localStorage.setItem('tabletop.lang', 'ru')")
    page.goto(f"{base_url}/#/signin")
    page.fill("#account-username", "nobody-here")
    page.fill("#account-password", "whatever-it-is")
    page.click("[data-testid=sign-in] button[type=submit]")
    error = page.locator("[data-testid=account-error]")
    error.wait_for()
    assert re.search("[а-я]", error.inner_text()), error.inner_text()
    assert page.locator("[data-testid=account-link]").inner_text().strip() == "Войти"


def test_a_seat_addressed_to_a_player_waits_in_their_games(devices: Any, base_url: str) -> None:
    """Issue 45 item 5: the create form's "A player (by username)" reserves a seat for that account; the lobby
    names whom it waits for; the player finds it under "My games" on any device and takes it in one click."""
    bob_page = devices()
    bob = username()
    sign_up(bob_page, base_url, bob)
    bob_page.click("[data-action=codes-saved]")
    anna_page = devices()
    anna = username()
    sign_up(anna_page, base_url, anna)
    anna_page.click("[data-action=codes-saved]")
    anna_page.goto(f"{base_url}/#/new/cubulus")
    anna_page.wait_for_selector("#create-submit")
    anna_page.select_option("select[name=seat-1-kind]", "player")
    anna_page.fill("input[name=seat-1-for]", bob)
    anna_page.click("#create-submit")
    anna_page.wait_for_selector("[data-action=to-table]")  # the seat's link is shown too, to send another way
    table = anna_page.locator("[data-action=to-table]").get_attribute("href").rsplit("/", 1)[1]
    line = httpx.get(f"{base_url}/api/tables/{table}").json()
    assert line["seats"][1]["for"] == bob and not line["seats"][1]["open"]

    bob_page.goto(f"{base_url}/#/mine")
    invited = bob_page.locator(f"[data-testid=my-tables] li[data-table='{table}']")
    invited.wait_for()
    assert "you are invited" in invited.inner_text()
    invited.locator("[data-action=take-invited]").click()
    bob_page.wait_for_url(re.compile(rf"#/table/{table}"))
    bob_page.wait_for_selector("[data-testid=turn][data-move]")
    assert "watching" not in bob_page.inner_text("[data-testid=turn]")
    assert httpx.get(f"{base_url}/api/tables/{table}").json()["seats"][1]["name"] == bob


def test_the_account_page_downloads_every_game_and_deletes_the_account(devices: Any, base_url: str) -> None:
    """Issue 45 item 1: "Download your games" gathers the export's pages into one file, a finished game with its
    record; deleting the account (its password asked again) signs it out and its profile is gone."""
    page = devices()
    name = username()
    sign_up(page, base_url, name)
    page.click("[data-action=codes-saved]")
    table = play_bots(page, base_url)
    page.goto(f"{base_url}/#/mine")
    line = page.locator(f"[data-testid=my-tables] li[data-table='{table}']")
    line.locator("[data-action=resign]").click()
    line.locator("[data-action=confirm-resign]").click()
    page.wait_for_selector(f"[data-testid=my-tables] li[data-table='{table}'][data-status=over]")
    page.goto(f"{base_url}/#/account")
    with page.expect_download() as download:
        page.click("[data-action=export]")
    data = json.loads(Path(download.value.path()).read_text())
    assert data["account"]["username"] == name and data["next"] is None
    assert [game["id"] for game in data["games"]] == [table] and data["games"][0]["record"]["actions"]

    page.click(".danger-zone summary")
    page.fill("#me-delete-password", PASSWORD)
    page.click("[data-testid=delete-account] button[type=submit]")
    page.wait_for_selector("[data-testid=account-link]:text-is('Sign in')")
    assert httpx.get(f"{base_url}/api/players/{name}").status_code == 404
    assert httpx.get(f"{base_url}/api/tables/{table}").json()["seats"][0]["name"] != name
