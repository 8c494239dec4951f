"""Every game played with the keyboard alone, and an accessibility audit (issue #8): Tab and
Shift+Tab reach every control, Enter and Space act, the focus shows and survives each update, the
live region says whose turn it is and why an action was refused, cards and Cubulus holes are named
in words, Cubulus balls carry a mark besides an Okabe–Ito colour, and axe-core finds nothing serious
on the lobby, the create form or any game screen."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest

from tests.web.a11y import focus_ring, serious_violations, tab_to
from tests.web.pages import shot
from tests.web.play import create_table, move_number

pytestmark = pytest.mark.slow

CARD_NAME = re.compile(r"^(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of "
                       r"(clubs|diamonds|hearts|spades)$")
OKABE_ITO = {"#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7", "#000000"}

# what a keyboard can act on (radio groups are one stop, moved with the arrow keys: left out)
ACTIONABLE = ("button:not([disabled]), a[href], select, textarea, input:not([disabled]):not([type=radio]), "
              "[tabindex]:not([tabindex='-1'])")


def listen(page: Any) -> None:
    """Keep everything the polite live region says (it is overwritten as the game goes on)."""
    page.evaluate("""() => {
        window.said = [];
        const region = document.getElementById('announcer');
        new MutationObserver(() => window.said.push(region.textContent.trim()))
            .observe(region, { childList: true, characterData: true, subtree: true });
    }""")


def said(page: Any) -> list[str]:
    """What the live region has said since ``listen``."""
    return list(page.evaluate("() => window.said"))


def press_and_wait(page: Any, key: str) -> None:
    """Press ``key`` on the focused control and wait until the table moves on."""
    before = move_number(page)
    page.keyboard.press(key)
    page.wait_for_function("(n) => document.querySelector('[data-testid=turn]').dataset.move !== String(n)",
                           arg=before, timeout=45_000)


class HeldSocket:
    """The table's WebSocket passed through, with the server's messages held back while ``held``
    (so two key presses are sure to reach the server before the page hears the first answer)."""

    def __init__(self, page: Any) -> None:
        self.held = False
        self.queue: list[tuple[Any, Any]] = []
        page.route_web_socket(re.compile(r"/ws/tables/"), self.route)

    def route(self, ws: Any) -> None:
        server = ws.connect_to_server()
        ws.on_message(server.send)
        server.on_message(lambda message: self.queue.append((ws, message)) if self.held else ws.send(message))

    def refused(self) -> bool:
        """A refusal (``{"type": "error", ...}``) is among the messages held back."""
        return any(isinstance(message, str) and message.startswith("{") and json.loads(message).get("type") == "error"
                   for _, message in self.queue)

    def wait_for_refusal(self, page: Any, seconds: float = 20) -> None:
        """Wait until the server has refused a move while its messages are held back (they come to the
        test's side of the socket, where no page condition can see them: a bounded poll, the driver
        taking in the socket's messages while it waits)."""
        deadline = time.monotonic() + seconds
        while not self.refused():
            assert time.monotonic() < deadline, f"no refusal among the held messages: {self.queue}"
            page.wait_for_timeout(20)

    def release(self) -> None:
        self.held = False
        for ws, message in self.queue:
            ws.send(message)
        self.queue.clear()


def assert_ring(page: Any) -> None:
    """The focused control shows a focus ring: an outline, or for an SVG hole a thick stroke."""
    ring = focus_ring(page)
    assert ring["visible"], ring
    assert (ring["outline"] != "none" and ring["width"] >= 2) or ring["stroke"] >= 3, ring


def assert_every_control_reachable(page: Any, within: str = "#app") -> None:
    """Tab from the top of the page visits every visible control in ``within``; Shift+Tab comes back."""
    total = page.evaluate("""([sel, within]) => {
        const els = [...document.querySelector(within).querySelectorAll(sel)]
            .filter((el) => el.getClientRects().length && !el.closest('[hidden]'));
        els.forEach((el, i) => { el.dataset.kb = String(i); });
        return els.length;
    }""", [ACTIONABLE, within])
    assert total > 0
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    seen: set[str] = set()
    for _ in range(total + 40):
        page.keyboard.press("Tab")
        mark = page.evaluate("() => document.activeElement && document.activeElement.dataset.kb")
        if mark is not None:
            seen.add(mark)
        if len(seen) == total:
            break
    missing = page.evaluate("(seen) => [...document.querySelectorAll('[data-kb]')].filter((el) => "
                            "!seen.includes(el.dataset.kb)).map((el) => el.outerHTML.slice(0, 120))", sorted(seen))
    assert not missing, missing
    first = page.evaluate("() => document.activeElement.dataset.kb")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.kb") == first


def test_beetle_from_the_lobby_by_keyboard(page: Any, base_url: str) -> None:
    socket = HeldSocket(page)
    page.goto(base_url + "/")
    page.wait_for_selector(".game-card")
    tab_to(page, "[data-game=beetle] [data-action=new]")
    assert_ring(page)
    page.keyboard.press("Enter")
    page.wait_for_selector("#create-submit")
    tab_to(page, "#create-submit")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"#/table/"))
    page.wait_for_selector("[data-testid=board] [data-action=roll]")
    assert not serious_violations(page)
    listen(page)
    assert_every_control_reachable(page)
    tab_to(page, "[data-testid=board] [data-action=roll]")
    assert_ring(page)
    press_and_wait(page, "Enter")
    page.wait_for_function("() => document.querySelector('[data-testid=roll-caption]').textContent.includes('rolled')")
    # the bot rolls; on our turn the focus is back on the die's button, and Space rolls it
    page.wait_for_selector("[data-testid=board] [data-action=roll]")
    page.wait_for_function("() => document.activeElement.dataset.action === 'roll'")
    assert_ring(page)
    press_and_wait(page, "Space")
    assert any(text == "Your turn" for text in said(page))
    assert any(text.startswith("Waiting for") for text in said(page))
    # a second Enter before the first is answered is refused as stale: the live region says why
    page.wait_for_selector("[data-testid=board] [data-action=roll]")
    page.wait_for_function("() => document.activeElement.dataset.action === 'roll'")
    socket.held = True
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    socket.wait_for_refusal(page)  # both presses reached the server, which answered the second with a refusal
    socket.release()
    page.wait_for_function("() => window.said.some((text) => text.startsWith('Not allowed'))")
    # the stale move's refusal, in the client's words (error.stale_move)
    assert any("The table has moved on" in text for text in said(page) if text.startswith("Not allowed")), said(page)
    assert not page.errors


def test_cribbage_discards_and_plays_by_keyboard(page: Any, base_url: str) -> None:
    create_table(page, base_url, "cribbage", {}, ["you", "bot"])
    page.wait_for_selector("[data-testid=hand] button.card")
    page.wait_for_selector("button[data-action=discard]")
    assert_every_control_reachable(page)
    names = page.locator("[data-testid=hand] button.card svg").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")
    assert len(names) == 6 and all(CARD_NAME.match(name) for name in names), names
    # select two cards with Space: each stays focused and says it is pressed
    chosen: list[str] = []
    for _ in range(2):
        tab_to(page, "[data-testid=hand] button.card[aria-pressed=false]")
        assert_ring(page)
        card = page.evaluate("() => document.activeElement.dataset.card")
        page.keyboard.press("Space")
        page.wait_for_selector(f"[data-testid=hand] button[data-card='{card}'][aria-pressed=true]")
        assert page.evaluate("() => document.activeElement.dataset.card") == card
        chosen.append(card)
    tab_to(page, "button[data-action=discard]:not([disabled])")
    press_and_wait(page, "Enter")
    page.wait_for_function("() => document.querySelectorAll('[data-testid=hand] .card').length === 4")
    assert not set(chosen) & set(page.locator("[data-testid=hand] .card").evaluate_all(
        "els => els.map(e => e.dataset.card)"))
    # play two cards (or say go) with Enter, the focus finding the hand again on each turn
    played: list[str] = []
    while len(played) < 2:
        page.wait_for_selector("[data-testid=hand] button.card.playable, .hand button[data-action=go]")
        if page.locator(".hand button[data-action=go]").count():
            tab_to(page, ".hand button[data-action=go]")
            press_and_wait(page, "Enter")
            continue
        tab_to(page, "[data-testid=hand] button.card.playable")
        card = page.evaluate("() => document.activeElement.dataset.card")
        press_and_wait(page, "Enter")
        page.wait_for_selector(f".pile[data-seat='0'] [data-card='{card}']")
        played.append(card)
    shot(page, "cribbage-keyboard")
    assert not page.errors


def test_cubulus_in_the_flat_layers_by_keyboard(page: Any, base_url: str) -> None:
    create_table(page, base_url, "cubulus", {"first": "0"}, ["you", "bot"])
    page.wait_for_selector("[data-testid=layers] [data-legal^=insert]")  # the bot has placed the neutral balls
    colours = page.evaluate("async () => Object.values((await import('/js/games/cubulus/screen.js')).BALL)")
    players = [c for c in colours if c["mark"]]
    assert {c["fill"].lower() for c in players} <= OKABE_ITO
    assert len({c["mark"] for c in players}) == len(players) == 3  # a shape too: colour is not the only cue
    cells = page.locator("[data-testid=layers] [data-cell]").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")
    assert len(cells) == 27 and all(cells), cells
    holes = page.locator("[data-testid=layers] [data-legal]").evaluate_all(
        "els => els.map(e => [e.getAttribute('role'), e.getAttribute('aria-label'), e.dataset.legal])")
    words = (r"(Insert a ball|Turn the line) "
             r"(from the left|from the right|from the front|from the back|from above|from below)")
    place = r" (into|at) (top|middle|bottom) layer, [a-z ]+"  # in words, no notation (U5, U6)
    assert holes and all(role == "button" and re.fullmatch(words + place, name) for role, name, _ in holes), holes
    assert_every_control_reachable(page)
    for key in ("Enter", "Space"):
        tab_to(page, "[data-testid=layers] [data-legal^=insert]")
        assert_ring(page)
        label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
        press_and_wait(page, key)
        page.wait_for_function("(label) => document.querySelector('[data-testid=log]').textContent"
                               ".includes(label.replace(/^Insert a ball /, ''))", arg=label)
        page.wait_for_selector("[data-testid=layers] [data-legal]")  # our turn again, after the bot's
    assert page.locator("[data-testid=layers] [data-cell] text").count() >= 2  # our balls, with their mark
    # Shift+Tab back to the view switch; the 3D view says where the keyboard plays
    tab_to(page, "[data-action=view-3d]", backwards=True)
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=keyboard-hint]")
    page.wait_for_selector(".cube3d canvas")
    assert "flat layers" in page.locator(".cube3d").get_attribute("aria-label")
    tab_to(page, "[data-action=view-flat]", backwards=True)
    page.keyboard.press("Space")
    page.wait_for_selector("[data-testid=layers]:not([hidden])")
    shot(page, "cubulus-keyboard")
    assert not page.errors


def test_the_list_of_legal_moves_is_a_keyboard_mode_closed_until_asked_for(page: Any, base_url: str) -> None:
    """Beside a board that offers every move itself, the list of legal moves is not shown (issue #40):
    a toggle reached by Tab and announced as collapsed opens it, its buttons name each move in words
    and make it, and the choice is remembered at the next table."""
    create_table(page, base_url, "cubulus", {}, ["you", "bot"])
    page.wait_for_selector("[data-testid=layers] [data-legal]")
    assert page.locator(".action-buttons, .action-select").count() == 0
    toggle = "[data-action=moves-list]"
    assert page.get_attribute(toggle, "aria-expanded") == "false"
    assert page.locator(toggle).inner_text() == "Show my moves as a list"
    tab_to(page, toggle)
    assert_ring(page)
    page.keyboard.press("Enter")
    page.wait_for_selector(".action-buttons .action, .action-select")
    assert page.get_attribute(toggle, "aria-expanded") == "true"
    assert page.evaluate("() => document.activeElement.dataset.action") == "moves-list"  # the focus stays
    listed = page.locator(".action-buttons .action, .action-select option").evaluate_all(
        "els => els.map(e => e.textContent)")
    assert listed and not [name for name in listed if name.startswith(("place ", "insert ", "shift "))], listed
    tab_to(page, ".action-buttons .action, .action-select")
    if page.locator(".action-select").count():  # more moves than buttons: a list box and Play
        tab_to(page, ".action-select + button")
    press_and_wait(page, "Enter")
    # the next table opens with the list, until it is hidden again
    create_table(page, base_url, "beetle", {}, ["you", "bot"])
    page.wait_for_selector(".action-buttons [data-action=roll]")
    assert page.get_attribute(toggle, "aria-expanded") == "true"
    page.click(toggle)
    page.wait_for_selector(".action-buttons", state="detached")
    assert page.locator("[data-testid=board] [data-action=roll]").count() == 1
    assert not page.errors


def test_no_serious_accessibility_violations(page: Any, base_url: str) -> None:
    page.goto(base_url + "/")
    page.wait_for_selector(".game-card")
    page.wait_for_selector("#open-h")
    problems = {"lobby": serious_violations(page)}
    page.goto(base_url + "/#/new/cribbage")
    page.wait_for_selector("#create-submit")
    problems["create"] = serious_violations(page)
    # Beetle's table is audited in test_beetle_from_the_lobby_by_keyboard, Cubulus's set-up (flat and
    # 3D) in test_games.py's game, Kubik's scorekeeper in test_kubik.py: the tables those tests open anyway
    screens: dict[str, tuple[dict[str, Any], str]] = {
        "cribbage": ({"muggins": True}, "[data-testid=hand] button.card"),
        "kubik": ({}, "[data-testid=board] button"),
    }
    for game, (options, ready) in screens.items():
        create_table(page, base_url, game, options, ["you", "bot"])
        page.wait_for_selector(ready)
        page.wait_for_function("() => document.querySelector('[data-testid=turn]')?.dataset.move")
        problems[game] = serious_violations(page)
    assert not any(problems.values()), problems
    assert not page.errors
