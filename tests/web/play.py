"""Driving the browser client like a person: fill the create-table form, and play a game through
each game's own screen (cards, holes, the die, the throw controls) until the result shows."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import httpx

Step = Callable[[Any], bool]


def create_table(page: Any, base: str, game: str, options: dict[str, Any], seats: list[str],
                 name: str = "Ann", seed: int | None = None) -> str:
    """Create a table through the lobby's form; ``seats`` are you / bot / friend / local (bots: easy);
    ``seed`` chooses the chance (a practice table: every other seat a bot or this screen's)."""
    page.goto(f"{base}/#/")
    page.locator(f"[data-game={game}] [data-action=new]").click()
    page.wait_for_selector("#create-submit")
    page.fill("#player-name", name)
    page.fill("#opt-players", str(len(seats)))
    for key, value in options.items():
        field = page.locator(f"#opt-{key}")
        if field.get_attribute("type") == "checkbox":
            field.set_checked(bool(value))
        elif field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    for i, kind in enumerate(seats):
        page.select_option(f"select[name=seat-{i}-kind]", kind)
        if kind == "bot" and page.locator(f"select[name=seat-{i}-level]").count():  # (none for Beetle)
            page.select_option(f"select[name=seat-{i}-level]", "easy")
    if seed is not None:
        page.fill("#seed", str(seed))
    page.click("#create-submit")
    if "friend" in seats:
        page.wait_for_selector(".invite-url")
        return str(page.url.split("#")[0])
    page.wait_for_url(re.compile(r"#/table/"))
    table = str(page.url.rsplit("/", 1)[1])
    _check_options(base, table, {**options, "players": len(seats)})
    return table


def _check_options(base: str, table: str, chosen: dict[str, Any]) -> None:
    """The table got what the form was given (a form drawn again meanwhile would have lost it: the
    test would then play some other game and fail far from the cause)."""
    got = httpx.get(f"{base}/api/tables/{table}").json()["options"]
    differ = {key: (value, got.get(key)) for key, value in chosen.items()
              if str(got.get(key)).lower() != str(value).lower()}
    assert not differ, f"the table's options differ from the form's (chosen, got): {differ}"


def finished_by_bots(base: str, table: str, seconds: float = 120) -> dict[str, Any]:
    """The table's line once the server says its game is over: for an all-bot table, which plays to its end
    on the server (as fast as a busy machine lets its bots) with no page to watch. A bounded poll of the
    API (each look given a busy server's time to answer), where a test waits on the server, not a page."""
    deadline = time.monotonic() + seconds
    while (info := httpx.get(f"{base}/api/tables/{table}", timeout=30).json())["status"] != "over":
        assert time.monotonic() < deadline, f"the bots did not finish table {table} in {seconds:.0f} s"
        time.sleep(0.1)
    return dict(info)


def move_number(page: Any) -> int:
    """The table's move number (the next action's), as the turn indicator carries it."""
    return int(page.locator("[data-testid=turn]").get_attribute("data-move") or -1)


def is_over(page: Any) -> bool:
    """True once the result banner is shown."""
    return bool(page.locator("[data-testid=result]:not([hidden])").count())


def click_and_wait(page: Any, selector: str) -> bool:
    """Click the first match (an action) and wait until the log moves on; False if nothing matched."""
    target = page.locator(selector).first
    if not target.count():
        return False
    before = move_number(page)
    try:
        target.click(timeout=3000)
    except Exception:  # re-rendered under the pointer: the next round tries again
        return False
    page.wait_for_function(
        "([n]) => document.querySelector('[data-testid=turn]').dataset.move !== String(n)"
        " || !document.querySelector('[data-testid=result]').hidden", arg=[before], timeout=45_000)
    return True


def play_to_end(page: Any, step: Step, seconds: float = 120) -> int:
    """Call ``step`` until the game is over; the number of actions taken."""
    deadline = time.monotonic() + seconds
    taken = 0
    while not is_over(page):
        assert time.monotonic() < deadline, "the game did not end in time"
        if step(page):
            taken += 1
        else:
            page.wait_for_timeout(150)
    return taken


def beetle_step(page: Any) -> bool:
    """Roll the die when it is our turn."""
    return click_and_wait(page, "[data-action=roll]")


def pass_curtain(page: Any) -> bool:
    """At a hot seat of a game with hidden information, the next player taps the curtain (js/curtain.js)
    to see their side of the table; False if no curtain is up."""
    tap = page.locator("[data-testid=curtain] [data-action=reveal]")
    if not tap.count():
        return False
    try:
        tap.click(timeout=3000)
    except Exception:  # taken down meanwhile (the game ended): the next round looks again
        return False
    page.wait_for_selector("[data-testid=curtain]", state="detached")
    return True


def cribbage_step(page: Any) -> bool:
    """Pass a hot seat's curtain, lay away the first cards (selecting them in the hand), play the first
    playable card, or go/count."""
    if pass_curtain(page):
        return True
    discard = page.locator("button[data-action=discard]")
    if discard.count():
        for _ in range(4):
            if discard.is_enabled():
                break
            page.locator("[data-testid=hand] button.card:not(.selected)").first.click()
        return click_and_wait(page, "button[data-action=discard]:not([disabled])")
    if click_and_wait(page, "[data-testid=hand] button.card.playable"):
        return True
    return click_and_wait(page, ".hand .buttons button[data-action]")


def cubulus_step(page: Any) -> bool:
    """Place a neutral ball, insert/shift at the first legal hole of the flat view, or pass."""
    return (click_and_wait(page, "[data-testid=layers] .cell.hole")
            or click_and_wait(page, "[data-testid=layers] [data-legal]")
            or click_and_wait(page, "[data-testid=board] [data-action=pass]"))


def kubik_step(page: Any) -> bool:
    """Throw with the chosen line, place, aim, power and spin; or decide an interception."""
    return (click_and_wait(page, "button[data-action=throw]:not([disabled])")
            or click_and_wait(page, ".outcome-buttons button"))
